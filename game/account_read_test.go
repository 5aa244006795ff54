package game

import (
	"encoding/json"
	"reflect"
	"testing"

	"rondel/game/words"
)

// TestReadAccountAsUnmarshal: accounts in the plain form and in every form
// the one-pass reader leaves to encoding/json read as json.Unmarshal reads
// them, errors included. The conformance test compares the accounts of
// self-played games of every hosted kind.
func TestReadAccountAsUnmarshal(t *testing.T) {
	t.Parallel()
	full := `{"x":{"id":"account.round"},"x_start":1,"charts":[{"title":{"id":"c","args":{"n":{"n":2}}},"y":{"id":"y"},` +
		`"series":[{"name":{"id":"imperial.nation.ah"},"colour":"#aa0000","values":[0,-3,12]},{"name":"raw","colour":"","values":[]}]}],` +
		`"tables":[{"title":{"id":"t"},"head":{"id":"h"},"columns":[{"id":"a"},"b"],"rows":[{"name":{"id":"n"},"colour":"#00aa00","cells":[{"id":"v","args":{"n":{"n":5}}},"x"]},{"name":"p","cells":[]}]}]}`
	// The plain form is read in one pass, not left to encoding/json.
	if d := words.NewDecoder([]byte(full)); !readAccount(d, &Account{}) || !d.End() {
		t.Fatal("the one-pass reader refuses the plain form")
	}
	for _, data := range []string{
		full, `{}`, ` { } `, `{"charts":[],"tables":[]}`, `null`, ``, `[]`, `{"x":null}`, `{"charts":null}`,
		`{"x_start":1.5}`, `{"x_start":"1"}`, `{"X_Start":2}`, `{"x_start":1,"x_start":2}`, `{"other":1,"x_start":3}`,
		`{"charts":[{"title":"esc\"aped"}]}`, `{"charts":[{"series":[{"values":[1,2,]}]}]}`, `{"charts":[{}]} x`,
		`{"tables":[{"rows":[{"cells":[{"id":"a","args":{"n":{"n":1},"n":{"n":2}}}]}]}]}`, `{"charts":[{"series":[{"colour":"\u00e9"}]}]}`,
		`{"tables":[{"columns":[{"id":"a"},]}]}`, `{"charts":[1]}`,
		`{"charts":[{"series":[{"colour":"#aa0000"},{"colour":"#aa0000"},{"colour":"ü"},{"colour":"` + "\xff" + `"}]}]}`,
		`{"tables":[{"rows":[{"colour":"#AA0000","name":"colour"},{"colour":"values","cells":["#AA0000"]}]}]}`,
	} {
		got, gotErr := ReadAccount([]byte(data))
		var want Account
		wantErr := json.Unmarshal([]byte(data), &want)
		if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !reflect.DeepEqual(*got, want)) {
			t.Errorf("%s: read %#v (%v), json.Unmarshal %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
}
