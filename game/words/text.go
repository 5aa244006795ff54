// Package words keeps Rondel's words as data. Engines, pages and mails do
// not write sentences: they build a Text (a message id from the catalogue
// and typed arguments), and a Speaker turns it into words in one reader's
// language when it is shown. So a game state, its hash and its log carry no
// prose, a wording fix changes no recorded game, and one game can mail
// three languages.
//
// The catalogue is one set of translation files (locales/*.toml, one file
// per domain and language) read by github.com/nicksnyder/go-i18n/v2, which
// knows CLDR's plural rules.
package words

import (
	"encoding/json"
)

// Text is a message id with its arguments. The zero Text means "no words".
// Its JSON form is deterministic (encoding/json sorts map keys), so it may
// be part of a hashed game state.
type Text struct {
	ID   string `json:"id"`
	Args Args   `json:"args,omitempty"`
	// Raw holds words written before words were data (events and results
	// stored by older versions of Rondel). It is read as it is, in every
	// language, and encodes as the plain JSON string it was. Nothing new
	// sets it.
	Raw string `json:"-"`
}

// Raw is a Text of old, already written words (see Text.Raw).
func Raw(s string) Text { return Text{Raw: s} }

// MarshalJSON writes a Raw text as the plain string it was stored as.
func (t Text) MarshalJSON() ([]byte, error) {
	if t.ID == "" && t.Raw != "" {
		return json.Marshal(t.Raw)
	}
	type plain Text
	return json.Marshal(plain(t))
}

// UnmarshalJSON reads a Text, or a plain string as a Raw text.
func (t *Text) UnmarshalJSON(data []byte) error {
	var u Text
	if d := NewDecoder(data); d.Text(&u) && d.End() {
		*t = u
		return nil
	}
	return t.unmarshalSlow(data)
}

// unmarshalSlow reads t with encoding/json: any form the fast reader
// (decode.go) leaves to it.
func (t *Text) unmarshalSlow(data []byte) error {
	if len(data) > 0 && data[0] == '"' {
		*t = Text{}
		return json.Unmarshal(data, &t.Raw)
	}
	type plain Text
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*t = Text(p)
	return nil
}

// CountArg is the argument name whose number picks a plural form.
const CountArg = "count"

// New starts a Text with the given message id.
func New(id string) Text { return Text{ID: id} }

// IsZero reports whether t has no words.
func (t Text) IsZero() bool { return t.ID == "" && t.Raw == "" }

// With returns a copy of t with one more argument.
func (t Text) With(name string, a Arg) Text {
	return Text{ID: t.ID, Args: t.Args.with(name, a)}
}

// Error is an error whose message is a Text: a refusal a person reads
// (a form's field is wrong, a name too long). Pages and mails say Msg in
// the reader's language; Error() says it in English for logs.
type Error struct{ Msg Text }

func (e *Error) Error() string { return English().Say(e.Msg) }

// Fail returns an *Error.
func Fail(t Text) error { return &Error{Msg: t} }

// Num adds a number argument.
func (t Text) Num(name string, n int) Text { return t.With(name, Num(n)) }

// Count adds the number that chooses the plural form.
func (t Text) Count(n int) Text { return t.With(CountArg, Num(n)) }

// Money adds an amount of money.
func (t Text) Money(name string, n int) Text { return t.With(name, Money(n)) }

// Seat adds a player by seat.
func (t Text) Seat(name string, seat int) Text { return t.With(name, Seat(seat)) }

// Term adds a catalogue term.
func (t Text) Term(name, key string) Text { return t.With(name, Term(key)) }

// Lit adds literal words (a name someone typed).
func (t Text) Lit(name, s string) Text { return t.With(name, Lit(s)) }

// Sub adds a nested message.
func (t Text) Sub(name string, sub Text) Text { return t.With(name, Sub(sub)) }

// List adds a list of arguments.
func (t Text) List(name string, items ...Arg) Text { return t.With(name, List(items...)) }

// Terms turns catalogue keys into a list argument.
func Terms(keys ...string) Arg {
	out := make([]Arg, len(keys))
	for i, k := range keys {
		out[i] = Term(k)
	}
	return List(out...)
}

// Texts turns messages into a list argument.
func Texts(ts ...Text) Arg {
	out := make([]Arg, len(ts))
	for i, t := range ts {
		out[i] = Sub(t)
	}
	return List(out...)
}

// Key is a stable identity of t (its canonical JSON), e.g. to group moves
// whose group is the same Text.
func (t Text) Key() string {
	b, err := json.Marshal(t)
	if err != nil { // cannot happen: only strings, ints, slices and maps
		return t.ID
	}
	return string(b)
}
