package words

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

// decodeCases are Texts of every kind of argument, as engines write them.
func decodeCases() []Text {
	sub := New("x.sub").Num("n", 2).Seat("seat", 0)
	return []Text{
		{},
		New("x.none"),
		Raw("an old sentence, “quoted”, ünïcode"),
		New("x.one").Term("nation", "imperial.nation.IT"),
		New("x.many").Seat("seat", 1).Count(3).Money("fee", -4).Term("b", "t").Sub("a", sub).Lit("z", "Zoë"),
		New("x.list").With("l", List(Num(1), Sub(sub), Term("t"), List())).With("f", Frac(3, 2)),
		New("x.deep").Sub("a", New("x.mid").Sub("b", New("x.low").With("l", Texts(sub, Raw("old"))))),
		New("x.big").Num("n", 1<<40).Num("z", 0).Money("neg", -1<<40),
		{ID: "x.empty", Args: Args{}},
	}
}

// TestFastDecoderReadsWhatItWrites: the Texts engines write are read by
// the fast reader (so it is the one pages use), into what encoding/json
// reads.
func TestFastDecoderReadsWhatItWrites(t *testing.T) {
	for _, want := range decodeCases() {
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var fast Text
		if d := NewDecoder(data); !d.Text(&fast) || !d.End() {
			t.Errorf("%s: the fast reader refused it", data)
			continue
		}
		var slow Text
		if err := slow.unmarshalSlow(data); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: fast %#v, encoding/json %#v", data, fast, slow)
		}
		var got Text
		if err := json.Unmarshal(data, &got); err != nil || !reflect.DeepEqual(got, slow) {
			t.Errorf("%s: Unmarshal %#v (%v), want %#v", data, got, err, slow)
		}
	}
}

// TestFastDecoderLeavesOddFormsToEncodingJSON: whatever the fast reader
// does not take (escapes, nulls, other keys or letter cases, a key twice,
// fractions, bad JSON) reads exactly as encoding/json reads it, errors
// included.
func TestFastDecoderLeavesOddFormsToEncodingJSON(t *testing.T) {
	for _, data := range []string{
		`"a \"quoted\" \u00e9 word"`, `null`, `{"id":null}`, `{"id":"x","args":null}`,
		`{"ID":"x"}`, `{"id":"x","other":1}`, `{"id":"x","id":"y"}`,
		`{"id":"x","args":{"n":{"n":1},"n":{"n":2}}}`, `{"id":"x","args":{"n":{"N":1}}}`,
		`{"id":"x","args":{"n":{"n":1.5}}}`, `{"id":"x","args":{"n":{"n":1e2}}}`,
		`{"id":"x","args":{"n":{"n":01}}}`, `{"id":"x","args":{"f":{"frac":[1]}}}`,
		`{"id":"x","args":{"f":{"frac":[1,2,3]}}}`, `{"id":"x","args":{"n":{"seat":null}}}`,
		` { "id" : "x" , "args" : { "a" : { "list" : [ { "n" : 1 } , { } ] } } } `,
		`{"id":"x"} trailing`, `{"id":"x"`, `{"id":"x",}`, `{"id":"` + "\xff" + `"}`, `{"id":"tab	in"}`,
		`{"id":"x","args":{"n":{"n":-}}}`, `{"id":"x","args":{"t":{"text":"raw"}}}`,
		`{"id":"x","args":{"n":{"n":99999999999999999999}}}`, `[]`, ``,
	} {
		var got, want Text
		gotErr := got.UnmarshalJSON([]byte(data))
		wantErr := want.unmarshalSlow([]byte(data))
		if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %#v (%v), encoding/json %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
}

// TestFastArgsAsEncodingJSON: Args read alone, fast or not, as before.
func TestFastArgsAsEncodingJSON(t *testing.T) {
	for _, data := range []string{`{}`, `null`, `{"b":{"n":1},"a":{"term":"t"}}`, `{"a":{"lit":"\n"}}`} {
		var got, want Args
		gotErr := got.UnmarshalJSON([]byte(data))
		wantErr := want.unmarshalSlow([]byte(data))
		if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %#v (%v), encoding/json %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
}

// TestDecoderKeepsKnownStrings: a stored event's keys, message id,
// argument names and terms are the catalogue's strings, read without a
// copy each: decoding one allocates its arguments' slice, not a string
// per word (a history page decodes fifty moves' events).
func TestDecoderKeepsKnownStrings(t *testing.T) {
	Default() // its ids and names are the known strings
	data := []byte(`{"id":"imperial.event.army_moved","args":{"from":{"term":"imperial.region.genoa"},` +
		`"nation":{"term":"imperial.nation.IT"},"to":{"term":"imperial.region.venice"}}}`)
	var tx Text
	allocs := testing.AllocsPerRun(100, func() {
		if d := NewDecoder(data); !d.Text(&tx) || !d.End() {
			t.Fatal("not read")
		}
	})
	if allocs > 2 {
		t.Errorf("decoding %s: %.0f allocations, want at most 2 (the decoder, the arguments)", data, allocs)
	}
	want := New("imperial.event.army_moved").Term("from", "imperial.region.genoa").Term("nation", "imperial.nation.IT").Term("to", "imperial.region.venice")
	if !tx.Equal(want) {
		t.Errorf("read %#v, want %#v", tx, want)
	}
}

// TestFastArgKindsAsEncodingJSON: an argument's object with several kinds
// set is read as encoding/json reads it (wireArg.arg's order), and more
// arguments than the reader keeps on its stack are all read.
func TestFastArgKindsAsEncodingJSON(t *testing.T) {
	many := `{`
	for i := range 12 {
		if i > 0 {
			many += ","
		}
		many += `"a` + string(rune('z'-i)) + `":{"n":` + string(rune('0'+i%10)) + `}`
	}
	many += `}`
	for _, data := range []string{
		many, `{}`, `{"a":{}}`, `{"a":{"m":2,"n":1}}`, `{"a":{"seat":3,"m":2}}`, `{"a":{"n":0,"seat":3}}`,
		`{"a":{"lit":"l","term":"t"}}`, `{"a":{"term":"","lit":"l"}}`, `{"a":{"list":[],"text":{"id":"y"}}}`,
		`{"a":{"frac":[1,2],"list":[]}}`, `{"a":{"lit":"l","frac":[1,2]}}`, `{"a":{"list":[{"n":1},{"lit":"q"}]}}`,
		`{"a":{"text":{"id":"y","args":{"b":{"seat":0}}},"seat":1}}`, `{"a":{"term":"t","text":{"id":"y"}}}`,
		`{"nation":{"term":"imperial.nation.GE"},"revenue":{"m":9}}`,
	} {
		var got, want Args
		gotErr := got.UnmarshalJSON([]byte(data))
		wantErr := want.unmarshalSlow([]byte(data))
		if gotErr != nil || wantErr != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %#v (%v), encoding/json %#v (%v)", data, got, gotErr, want, wantErr)
		}
	}
}

// TestRecentWordsAsRead: a document of many words, repeated and sharing
// the decoder's slots for recent words (Decoder.recent), some the
// catalogue knows and some not, reads as encoding/json reads it.
func TestRecentWordsAsRead(t *testing.T) {
	want := New("game.account.number")
	for i := range 60 {
		sub := New([]string{"game.account.number", "x.unknown", "game.account.money", "x.other"}[i%4]).
			Num([]string{"n", "count", "a", "bonds", "interest", "nation"}[i%6], i).
			Term("t"+strconv.Itoa(i%9), []string{"imperial.nation.AH", "t.unknown", "imperial.nation.IT"}[i%3])
		want = want.Sub("w"+strconv.Itoa(i), sub)
	}
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var fast, slow Text
	if d := NewDecoder(data); !d.Text(&fast) || !d.End() {
		t.Fatalf("%s: the fast reader refused it", data)
	}
	if err := slow.unmarshalSlow(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fast, want) {
		t.Errorf("fast %#v\nencoding/json %#v\nwritten %#v", fast, slow, want)
	}
}

// TestDecodedArgsOwnTheirRoom: the Args and lists of a document are
// carved from shared slabs (carve); each is full (its capacity its
// length), so an append to one copies it and never writes into another's.
func TestDecodedArgsOwnTheirRoom(t *testing.T) {
	var parts []Text
	for i := range 40 {
		parts = append(parts, New("x.part").Num("n", i).With("l", List(Num(i), Term("t"))).With("f", Frac(i, 2)))
	}
	data, err := json.Marshal(New("x.all").With("l", Texts(parts...)))
	if err != nil {
		t.Fatal(err)
	}
	var got Text
	if d := NewDecoder(data); !d.Text(&got) || !d.End() {
		t.Fatalf("%s: the fast reader refused it", data)
	}
	before, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(as Args)
	walk = func(as Args) {
		if cap(as) != len(as) {
			t.Errorf("args %v: capacity %d, length %d", as, cap(as), len(as))
		}
		_ = append(as, Named{Name: "zz", Arg: Num(-1)})
		for _, a := range as {
			if sub, ok := a.Arg.Text(); ok {
				walk(sub.Args)
			}
			if items := a.Arg.Items(); items != nil {
				if cap(items) != len(items) {
					t.Errorf("list %v: capacity %d, length %d", items, cap(items), len(items))
				}
				_ = append(items, Num(-1))
				for _, it := range items {
					if sub, ok := it.Text(); ok {
						walk(sub.Args)
					}
				}
			}
		}
	}
	walk(got.Args)
	if after, _ := json.Marshal(got); string(after) != string(before) {
		t.Errorf("appending to the decoded args changed them:\n%s\n%s", before, after)
	}
}
