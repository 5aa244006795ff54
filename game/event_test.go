package game

import (
	"encoding/json"
	"reflect"
	"testing"

	"rondel/game/words"
)

// slowEvent reads an event as encoding/json alone did before the fast
// reader (words/decode.go).
func slowEvent(data []byte) (Event, error) {
	var raw struct {
		Msg   words.Text `json:"msg"`
		Text  string     `json:"text"`
		Seats []int      `json:"seats"`
	}
	err := json.Unmarshal(data, &raw)
	e := Event{Msg: raw.Msg, Seats: raw.Seats}
	if e.Msg.IsZero() && raw.Text != "" {
		e.Msg = words.Raw(raw.Text)
	}
	return e, err
}

// TestEventsReadAsBefore: events as engines write them, as older versions
// stored them, and odd forms read as encoding/json read them; the plain
// forms take the fast reader.
func TestEventsReadAsBefore(t *testing.T) {
	msg := words.New("x.moved").Seat("seat", 2).Sub("what", words.New("x.unit").Term("kind", "army"))
	for _, e := range []Event{{Msg: msg}, {Msg: msg, Seats: []int{0, 2}}, {Msg: words.Raw("old words")}} {
		data, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var fast Event
		if d := words.NewDecoder(data); !fast.decode(d) || !d.End() {
			t.Errorf("%s: the fast reader refused it", data)
		}
		if want, _ := slowEvent(data); !reflect.DeepEqual(fast, want) {
			t.Errorf("%s: fast %#v, encoding/json %#v", data, fast, want)
		}
	}
	for _, data := range []string{
		`{"msg":{"id":"x.a","args":{"seat":{"seat":1}}},"seats":[1]}`, `{"msg":{"id":"x"},"seats":[]}`,
		`{"text":"Italy builds a fleet."}`, `{"msg":{"id":"x"},"text":"ignored"}`, `{"msg":"raw","seats":[0]}`,
		`{"text":"esc\"aped"}`, `{"msg":null}`, `{"seats":null}`, `{"Seats":[1]}`, `{"other":true}`, `{}`, `null`,
		`{"msg":{"id":"x"}`, `{"seats":[1.5]}`,
	} {
		var got Event
		gotErr := json.Unmarshal([]byte(data), &got)
		want, wantErr := slowEvent([]byte(data))
		if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !reflect.DeepEqual(got, want)) {
			t.Errorf("%s: read %#v (%v), encoding/json %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
	var list []Event
	if err := json.Unmarshal([]byte(`[{"msg":{"id":"a"}},{"text":"b","seats":[3]}]`), &list); err != nil ||
		!reflect.DeepEqual(list, []Event{{Msg: words.New("a")}, {Msg: words.Raw("b"), Seats: []int{3}}}) {
		t.Errorf("a list of events read as %#v (%v)", list, err)
	}
}

// TestReadEventsAsUnmarshal: lists of events read as json.Unmarshal reads
// them, plain or not, errors included.
func TestReadEventsAsUnmarshal(t *testing.T) {
	for _, data := range []string{
		`[]`, ` [ ] `, `null`, ``, `[{"msg":{"id":"a"}},{"text":"b","seats":[3]}]`, `[{"msg":{"id":"a"}}, {"text":"esc\"aped"}]`,
		`[{"msg":{"id":"a"}}`, `[{"msg":{"id":"a"}}] x`, `[{"msg":{"id":"a"}},]`, `{}`, `[null]`, `[{"msg":"raw"}]`,
	} {
		got, gotErr := ReadEvents([]byte(data))
		var want []Event
		wantErr := json.Unmarshal([]byte(data), &want)
		if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !reflect.DeepEqual(got, want)) {
			t.Errorf("%s: read %#v (%v), json.Unmarshal %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
}
