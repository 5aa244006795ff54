package game

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"pgregory.net/rapid"

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
	if !readAccount(words.NewDecoder([]byte(full)), &Account{}) {
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
		var want Account
		wantErr := json.Unmarshal([]byte(data), &want)
		for _, read := range []func(string) (*Account, error){
			func(s string) (*Account, error) { return ReadAccount([]byte(s)) }, ReadAccountString,
		} {
			got, gotErr := read(data)
			if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !reflect.DeepEqual(*got, want)) {
				t.Errorf("%s: read %#v (%v), json.Unmarshal %#v (%v)", data, got, gotErr, want, wantErr)
			}
		}
	}
}

// accountGen draws an account of any size, as Rondel writes them (lists
// empty, not nil): more series, values, rows and cells than the reader
// keeps on its stack.
func accountGen() *rapid.Generator[Account] {
	text := rapid.Custom(func(t *rapid.T) words.Text {
		switch rapid.IntRange(0, 3).Draw(t, "text") {
		case 0:
			return words.Raw("old")
		case 1:
			return words.New("game.account.number").Num("n", rapid.IntRange(-5, 2000).Draw(t, "n"))
		default:
			return words.New("imperial.nation.IT")
		}
	})
	texts := func(t *rapid.T, name string, most int) []words.Text {
		return append([]words.Text{}, rapid.SliceOfN(text, 0, most).Draw(t, name)...)
	}
	colour := rapid.SampledFrom([]string{"", "#f2c200", "#2e8b3a", "#AA0000"})
	return rapid.Custom(func(t *rapid.T) Account {
		a := Account{X: text.Draw(t, "x"), XStart: rapid.IntRange(0, 3).Draw(t, "x_start"), Charts: []Chart{}, Tables: []Table{}}
		for range rapid.IntRange(0, 3).Draw(t, "charts") {
			c := Chart{Title: text.Draw(t, "title"), Y: text.Draw(t, "y"), Series: []Series{}}
			for range rapid.IntRange(0, 20).Draw(t, "series") {
				s := Series{Name: text.Draw(t, "name"), Colour: colour.Draw(t, "colour"),
					Values: append([]int{}, rapid.SliceOfN(rapid.IntRange(-100, 100), 0, 90).Draw(t, "values")...)}
				c.Series = append(c.Series, s)
			}
			a.Charts = append(a.Charts, c)
		}
		for range rapid.IntRange(0, 3).Draw(t, "tables") {
			tb := Table{Title: text.Draw(t, "title"), Head: text.Draw(t, "head"), Columns: texts(t, "columns", 20), Rows: []Row{}}
			for range rapid.IntRange(0, 20).Draw(t, "rows") {
				tb.Rows = append(tb.Rows, Row{Name: text.Draw(t, "name"), Colour: colour.Draw(t, "colour"), Cells: texts(t, "cells", 8)})
			}
			a.Tables = append(a.Tables, tb)
		}
		return a
	})
}

// TestReadAccountDrawnAsUnmarshal: accounts of every size, as written
// and with a byte or a key changed, read as json.Unmarshal reads them;
// those written are read in one pass, and each series' values and each
// row's cells are their own (an append to one leaves the others).
func TestReadAccountDrawnAsUnmarshal(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		data, err := json.Marshal(accountGen().Draw(t, "account"))
		if err != nil {
			t.Fatal(err)
		}
		if !readAccount(words.NewDecoder(data), &Account{}) {
			t.Fatalf("%s: the one-pass reader refuses it", data)
		}
		switch rapid.IntRange(0, 3).Draw(t, "change") {
		case 1:
			i := rapid.IntRange(0, len(data)-1).Draw(t, "at")
			data = append(data[:i:i], append([]byte(rapid.SampledFrom([]string{" ", ",", "]", "1", `"`}).Draw(t, "insert")), data[i:]...)...)
		case 2:
			for _, k := range []string{`"values"`, `"cells"`, `"colour"`, `"x_start"`, `[]`} {
				data = bytes.Replace(data, []byte(k), []byte(rapid.SampledFrom([]string{k, `"Values"`, `"other"`, `null`}).Draw(t, "key")), 1)
			}
		}
		got, gotErr := ReadAccount(data)
		if again, againErr := ReadAccountString(string(data)); (againErr == nil) != (gotErr == nil) || !reflect.DeepEqual(again, got) {
			t.Fatalf("%s: read from bytes %#v (%v), from a string %#v (%v)", data, got, gotErr, again, againErr)
		}
		var want Account
		wantErr := json.Unmarshal(data, &want)
		if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !reflect.DeepEqual(*got, want)) {
			t.Fatalf("%s: read %#v (%v), json.Unmarshal %#v (%v)", data, got, gotErr, want, wantErr)
		}
		if gotErr != nil {
			return
		}
		before, _ := json.Marshal(got)
		for _, c := range got.Charts {
			for _, s := range c.Series {
				_ = append(s.Values, -1)
			}
		}
		for _, tb := range got.Tables {
			for _, r := range tb.Rows {
				_ = append(r.Cells, words.Raw("appended"))
			}
		}
		if after, _ := json.Marshal(got); !bytes.Equal(before, after) {
			t.Fatalf("appending to a series' values or a row's cells changed another's:\n%s\n%s", before, after)
		}
	})
}
