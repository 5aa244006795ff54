package words

import (
	"encoding/json"
	"strconv"
)

// Arg is one typed argument of a Text: a number, an amount of money, a
// seat, a catalogue term, literal words, a nested message, a list or a
// ratio. The Speaker decides how each kind reads in the reader's language.
//
// It is a small tagged value (40 bytes) rather than a struct with one
// field per kind (104 bytes, five pointers): an engine builds a few
// arguments for every legal move it lists, and the bytes and the pointers
// the collector scans were most of a list's cost. Its JSON is the
// struct's it replaced, byte for byte: one key per argument, "n", "m",
// "seat", "term", "lit", "text", "list" or "frac" (TestArgsJSONAsMap).
type Arg struct {
	kind argKind
	n    int      // the number, money, seat or a ratio's numerator
	s    string   // the term or the literal words
	more *argMore // a nested text, a list or a ratio's denominator
}

type argMore struct {
	text Text
	list []Arg
	den  int
}

type argKind uint8

const (
	argNone argKind = iota
	argNum
	argMoney
	argSeat
	argTerm
	argLit
	argText
	argList
	argFrac
)

// kindNames are the kinds' names (Kind) and JSON keys.
var kindNames = [...]string{argNone: "", argNum: "n", argMoney: "m", argSeat: "seat", argTerm: "term",
	argLit: "lit", argText: "text", argList: "list", argFrac: "frac"}

// Num is a number argument; the argument named "count" chooses the plural form.
func Num(n int) Arg { return Arg{kind: argNum, n: n} }

// Money is an amount of money (Imperial's millions).
func Money(n int) Arg { return Arg{kind: argMoney, n: n} }

// Seat is a player by seat, read with the seat's current name.
func Seat(seat int) Arg { return Arg{kind: argSeat, n: seat} }

// Term is a catalogue key: a nation, region, unit kind, colour ... An
// empty key is no argument (as an empty "term" always was).
func Term(key string) Arg {
	if key == "" {
		return Arg{}
	}
	return Arg{kind: argTerm, s: key}
}

// Lit is literal words typed by a person (a name); never translated. Empty
// words are no argument.
func Lit(s string) Arg {
	if s == "" {
		return Arg{}
	}
	return Arg{kind: argLit, s: s}
}

// Sub is a nested message.
func Sub(t Text) Arg { return Arg{kind: argText, more: &argMore{text: t}} }

// List is a list of arguments, read as a list ("A, B and C"). An empty
// list reads as the catalogue's "none".
func List(items ...Arg) Arg {
	if items == nil {
		items = []Arg{}
	}
	return Arg{kind: argList, more: &argMore{list: items}}
}

// Frac is a ratio n/d (d > 0), such as a factor ×2.
func Frac(n, d int) Arg { return Arg{kind: argFrac, n: n, more: &argMore{den: d}} }

// Kind names which kind of argument a is ("n", "m", "seat", "term",
// "lit", "text", "list", "frac"), "" for an empty Arg.
func (a Arg) Kind() string { return kindNames[a.kind] }

// Int is a number's, money's or seat's value; ok is false for other kinds.
func (a Arg) Int() (n int, ok bool) {
	switch a.kind {
	case argNum, argMoney, argSeat:
		return a.n, true
	}
	return 0, false
}

// Str is a term's key or the literal words ("" for other kinds).
func (a Arg) Str() string { return a.s }

// Text is the nested message of a "text" argument.
func (a Arg) Text() (Text, bool) {
	if a.kind != argText {
		return Text{}, false
	}
	return a.more.text, true
}

// Items are a list's arguments (nil for other kinds).
func (a Arg) Items() []Arg {
	if a.kind != argList {
		return nil
	}
	return a.more.list
}

// Equal reports whether a and b are the same argument.
func (a Arg) Equal(b Arg) bool {
	if a.kind != b.kind || a.n != b.n || a.s != b.s {
		return false
	}
	switch a.kind {
	case argText:
		return a.more.text.Equal(b.more.text)
	case argFrac:
		return a.more.den == b.more.den
	case argList:
		if len(a.more.list) != len(b.more.list) {
			return false
		}
		for i := range a.more.list {
			if !a.more.list[i].Equal(b.more.list[i]) {
				return false
			}
		}
	}
	return true
}

// MarshalJSON writes a as the object it has always been: {"n":3},
// {"term":"imperial.nation.IT"}, {} for an empty Arg.
func (a Arg) MarshalJSON() ([]byte, error) { return a.appendJSON(make([]byte, 0, 32)) }

func (a Arg) appendJSON(b []byte) ([]byte, error) {
	if a.kind == argNone || (a.kind == argList && len(a.more.list) == 0) {
		return append(b, "{}"...), nil // an empty list was always left out (omitempty)
	}
	b = append(b, `{"`...)
	b = append(b, kindNames[a.kind]...)
	b = append(b, `":`...)
	switch a.kind {
	case argNum, argMoney, argSeat:
		b = strconv.AppendInt(b, int64(a.n), 10)
	case argTerm, argLit:
		s, err := json.Marshal(a.s)
		if err != nil {
			return nil, err
		}
		b = append(b, s...)
	case argText:
		t, err := json.Marshal(a.more.text)
		if err != nil {
			return nil, err
		}
		b = append(b, t...)
	case argList:
		b = append(b, '[')
		for i, item := range a.more.list {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = item.appendJSON(b); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	case argFrac:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(a.n), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(a.more.den), 10)
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// wireArg is an Arg's JSON: one field per kind, as Arg was before it was
// compact. An object with several set is read as the first of them in
// this order (the order the Speaker always read them in).
type wireArg struct {
	Num   *int    `json:"n,omitempty"`
	Money *int    `json:"m,omitempty"`
	Seat  *int    `json:"seat,omitempty"`
	Term  string  `json:"term,omitempty"`
	Lit   string  `json:"lit,omitempty"`
	Text  *Text   `json:"text,omitempty"`
	List  []Arg   `json:"list,omitempty"`
	Frac  *[2]int `json:"frac,omitempty"`
}

// UnmarshalJSON reads what MarshalJSON (or the Arg of before) wrote.
func (a *Arg) UnmarshalJSON(data []byte) error {
	var w wireArg
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*a = w.arg()
	return nil
}

// arg is the Arg a wire object names: the first kind set, in the order
// the Speaker always read them in.
func (w *wireArg) arg() Arg {
	switch {
	case w.Num != nil:
		return Num(*w.Num)
	case w.Money != nil:
		return Money(*w.Money)
	case w.Seat != nil:
		return Seat(*w.Seat)
	case w.Term != "":
		return Term(w.Term)
	case w.Text != nil:
		return Sub(*w.Text)
	case w.List != nil:
		return List(w.List...)
	case w.Frac != nil:
		return Frac(w.Frac[0], w.Frac[1])
	default:
		return Lit(w.Lit)
	}
}
