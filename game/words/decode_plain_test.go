package words

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// argGen draws an argument of any kind, nested texts and lists down to
// depth.
func argGen(depth int) *rapid.Generator[Arg] {
	return rapid.Custom(func(t *rapid.T) Arg {
		kinds := 6
		if depth > 0 {
			kinds = 8
		}
		switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
		case 0:
			return Num(rapid.IntRange(-1<<40, 1<<40).Draw(t, "n"))
		case 1:
			return Money(rapid.IntRange(-50, 500).Draw(t, "m"))
		case 2:
			return Seat(rapid.IntRange(0, 5).Draw(t, "seat"))
		case 3:
			return Term(rapid.SampledFrom([]string{"", "imperial.nation.IT", "t.unknown", "n"}).Draw(t, "term"))
		case 4:
			return Lit(rapid.SampledFrom([]string{"", "Zoë", "a \"q\"", "tab\there", "<&>"}).Draw(t, "lit"))
		case 5:
			return Frac(rapid.IntRange(-9, 9).Draw(t, "num"), rapid.IntRange(1, 9).Draw(t, "den"))
		case 6:
			return Sub(textGen(depth-1).Draw(t, "sub"))
		default:
			return List(rapid.SliceOfN(argGen(depth-1), 0, 20).Draw(t, "items")...)
		}
	})
}

// textGen draws a Text as engines make them: an id (or old Raw words)
// and arguments by name.
func textGen(depth int) *rapid.Generator[Text] {
	return rapid.Custom(func(t *rapid.T) Text {
		if rapid.IntRange(0, 9).Draw(t, "raw") == 0 {
			return Raw(rapid.SampledFrom([]string{"", "old words", "ü\"x\""}).Draw(t, "words"))
		}
		tx := New(rapid.SampledFrom([]string{"game.account.number", "x.unknown", "", "game.account.list"}).Draw(t, "id"))
		for range rapid.IntRange(0, 12).Draw(t, "args") {
			name := rapid.SampledFrom([]string{"n", "count", "a", "b", "nation", "player", "zz", "items"}).Draw(t, "name")
			tx = tx.With(name, argGen(depth).Draw(t, "arg"))
		}
		return tx
	})
}

// mutate changes data a little, as another writer (or damage) might: a
// byte inserted, dropped or changed.
func mutate(t *rapid.T, data []byte) []byte {
	i := rapid.IntRange(0, len(data)).Draw(t, "at")
	out := append([]byte(nil), data[:i]...)
	switch rapid.IntRange(0, 3).Draw(t, "how") {
	case 0:
		return data
	case 1:
		out = append(out, rapid.SampledFrom([]byte(` ,{}[]":0az\`)).Draw(t, "byte"))
		return append(out, data[i:]...)
	case 2:
		if i < len(data) {
			i++
		}
		return append(out, data[i:]...)
	default:
		out = append(out, rapid.SampledFrom([]string{`,"b":{"n":1}`, `"id":"x",`, `{"m":2,"n":1}`, ` `}).Draw(t, "piece")...)
		return append(out, data[i:]...)
	}
}

// TestPlainTextAsGeneral: whatever the plain reader takes, the general
// reader takes too, into the same Text and up to the same byte; and the
// reader as a whole reads as encoding/json does.
func TestPlainTextAsGeneral(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		want := textGen(3).Draw(t, "text")
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		data = mutate(t, data)
		plain, general := NewDecoder(data), NewDecoder(data)
		var p, g Text
		if plain.plainText(&p) {
			if !general.generalText(&g) || !reflect.DeepEqual(p, g) || plain.i != general.i {
				t.Fatalf("%s: plain %#v to %d, general %#v to %d", data, p, plain.i, g, general.i)
			}
		}
		data = bytes.TrimSpace(data) // as encoding/json gives it to UnmarshalJSON
		var got, slow Text
		gotErr, slowErr := got.UnmarshalJSON(data), slow.unmarshalSlow(data)
		if (gotErr == nil) != (slowErr == nil) || !reflect.DeepEqual(got, slow) {
			t.Fatalf("%s: read %#v (%v), encoding/json %#v (%v)", data, got, gotErr, slow, slowErr)
		}
	})
}

// TestPlainTextReadsWhatRondelWrites: the Texts engines write are read by
// the plain reader, not left to the general one; any other order or form
// is left to it.
func TestPlainTextReadsWhatRondelWrites(t *testing.T) {
	for _, want := range decodeCases() {
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		if want.ID == "" {
			continue // Raw words are a string, read before the plain reader
		}
		var got Text
		if d := NewDecoder(data); !d.plainText(&got) || !d.End() {
			t.Errorf("%s: the plain reader refused it", data)
		}
	}
	for _, data := range []string{
		`{"args":{},"id":"x"}`, `{"id":"x","args":{"b":{"n":1},"a":{"n":2}}}`, `{"id":"x","args":{"a":{"n":1},"a":{"n":2}}}`,
		`{"id":"x","args":{"a":{"m":2,"n":1}}}`, `{ "id":"x"}`, `{"id":"x" }`, `{"id":"x","args":{"a":{"n":1} }}`,
		`{"id":"x","args":{"a":{"list":[{"n":1} ]}}}`, `{"id":"x","args":{"a":{"frac":[1,2,3]}}}`, `{"id":"x","args":{"a":{"other":1}}}`,
	} {
		var got Text
		if d := NewDecoder([]byte(data)); d.plainText(&got) && d.End() {
			t.Errorf("%s: the plain reader took it (as %#v)", data, got)
		}
	}
}
