package words

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestArgsJSONAsMap: a Text's arguments encode exactly as the map they
// were before they became a sorted slice (stored events and notes must
// read and write byte for byte as before), whatever order they are added
// in, and decode back to the same Text.
func TestArgsJSONAsMap(t *testing.T) {
	type mapText struct {
		ID   string         `json:"id"`
		Args map[string]Arg `json:"args,omitempty"`
	}
	sub := New("x.sub").Num("n", 2)
	cases := []struct {
		text Text
		want map[string]Arg
	}{
		{New("x.none"), nil},
		{New("x.one").Term("nation", "imperial.nation.IT"), map[string]Arg{"nation": Term("imperial.nation.IT")}},
		{New("x.many").Seat("seat", 1).Count(3).Money("fee", 4).Term("b", "t").Sub("a", sub).Lit("z", `"q"`),
			map[string]Arg{"seat": Seat(1), "count": Num(3), "fee": Money(4), "b": Term("t"), "a": Sub(sub), "z": Lit(`"q"`)}},
		{New("x.again").Num("n", 1).Num("n", 5).Num("m", 2), map[string]Arg{"n": Num(5), "m": Num(2)}},
		{Make("x.make", Named{"b", Num(1)}, Named{"a", Num(2)}, Named{"b", Num(3)}), map[string]Arg{"a": Num(2), "b": Num(3)}},
	}
	for _, c := range cases {
		got, err := json.Marshal(c.text)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(mapText{ID: c.text.ID, Args: c.want})
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s encodes as\n%s, the map gives\n%s", c.text.ID, got, want)
		}
		var back Text
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, c.text) {
			t.Errorf("%s decodes to %+v, want %+v", got, back, c.text)
		}
	}
}

// TestWithKeepsShared: adding an argument never changes the Text it was
// added to, so Texts may share a common start.
func TestWithKeepsShared(t *testing.T) {
	base := New("x").Num("b", 1).Num("d", 2)
	a := base.Num("c", 3)
	b := base.Num("a", 4).Num("b", 9)
	if base.Key() != `{"id":"x","args":{"b":{"n":1},"d":{"n":2}}}` {
		t.Errorf("base changed: %s", base.Key())
	}
	if a.Key() != `{"id":"x","args":{"b":{"n":1},"c":{"n":3},"d":{"n":2}}}` {
		t.Errorf("a is %s", a.Key())
	}
	if b.Key() != `{"id":"x","args":{"a":{"n":4},"b":{"n":9},"d":{"n":2}}}` {
		t.Errorf("b is %s", b.Key())
	}
}

// TestEqualIsSameKey: Equal agrees with comparing Keys.
func TestEqualIsSameKey(t *testing.T) {
	texts := []Text{
		{}, New("a"), New("b"), Raw("a"), New("a").Num("n", 1), New("a").Num("n", 2), New("a").Money("n", 1),
		New("a").Seat("n", 1), New("a").Term("n", "x"), New("a").Lit("n", "x"), New("a").Num("m", 1),
		New("a").Num("n", 1).Num("m", 1), New("a").Sub("n", New("b")), New("a").Sub("n", New("b").Num("k", 1)),
		New("a").List("n"), New("a").List("n", Num(1)), New("a").List("n", Num(1), Num(2)), New("a").List("n", Num(2)),
		New("a").With("n", Frac(1, 2)), New("a").With("n", Frac(2, 1)), New("a").With("n", Terms("x", "y")),
	}
	for i, a := range texts {
		for j, b := range texts {
			if a.Equal(b) != (a.Key() == b.Key()) {
				t.Errorf("%d %s and %d %s: Equal %v", i, a.Key(), j, b.Key(), a.Equal(b))
			}
		}
	}
}

// TestArgJSONAsStruct: the compact Arg encodes byte for byte as the
// struct of one field per kind it replaced (wireArg), for every kind,
// including an empty list (left out, as omitempty always did) and words
// that encoding/json escapes, and decodes back to an equal Arg.
func TestArgJSONAsStruct(t *testing.T) {
	n, m, s := 3, -4, 2
	sub := New("x.sub").Num("n", 2)
	raw := Raw("old <words> & more")
	cases := []struct {
		arg  Arg
		wire wireArg
	}{
		{Arg{}, wireArg{}},
		{Num(n), wireArg{Num: &n}},
		{Money(m), wireArg{Money: &m}},
		{Seat(s), wireArg{Seat: &s}},
		{Term("imperial.nation.IT"), wireArg{Term: "imperial.nation.IT"}},
		{Term(""), wireArg{}},
		{Lit(`"<b>" & é`), wireArg{Lit: `"<b>" & é`}},
		{Sub(sub), wireArg{Text: &sub}},
		{Sub(raw), wireArg{Text: &raw}},
		{List(), wireArg{List: []Arg{}}},
		{List(Num(1), Terms("a", "b"), Lit("x")), wireArg{List: []Arg{Num(1), Terms("a", "b"), Lit("x")}}},
		{Frac(2, 3), wireArg{Frac: &[2]int{2, 3}}},
	}
	for _, c := range cases {
		got, err := json.Marshal(c.arg)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(c.wire)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s encodes as %s, the struct gives %s", c.arg.Kind(), got, want)
		}
		var back Arg
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		if back.Kind() == "list" && len(back.Items()) == 0 || c.arg.Kind() == "list" && len(c.arg.Items()) == 0 {
			continue // an empty list was always written as {} and read back as no argument
		}
		if !back.Equal(c.arg) {
			t.Errorf("%s decodes to %s", got, back.Kind())
		}
	}
}
