package words

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Speaker says Texts in one language, for one reader. Seat arguments read
// as the names it was given (the players' current names), so a substitute
// who took a seat is named as themselves everywhere.
type Speaker struct {
	cat     *Catalogue
	lang    string
	tag     language.Tag
	loc     *i18n.Localizer
	printer *message.Printer
	names   []string
	// compiled is the catalogue's compiled messages of lang (one map
	// lookup a Say rather than two).
	compiled map[string]entry
	// moneyScale: how many of the language's money unit a million makes
	// (format.money_scale): Chinese counts money in 万, so 12M reads
	// 1200万, as Chinese writes a sum (CLDR's short form), not 12百万.
	moneyScale int
}

// Speaker returns a speaker of lang (one of Languages; anything else is
// matched to the nearest, else English) naming seats by names.
func (c *Catalogue) Speaker(lang string, names []string) *Speaker {
	lang = c.Match(lang)
	sp := &Speaker{cat: c, lang: lang, tag: language.MustParse(lang), loc: i18n.NewLocalizer(c.bundle, lang, Languages[0]),
		printer: message.NewPrinter(language.MustParse(lang)), names: names, moneyScale: 1, compiled: c.compiled[lang]}
	if n, err := strconv.Atoi(sp.Say(New("format.money_scale"))); err == nil && n > 0 {
		sp.moneyScale = n
	}
	return sp
}

// WithNames returns a speaker of the same language naming seats by names.
func (sp *Speaker) WithNames(names []string) *Speaker {
	c := *sp
	c.names = names
	return &c
}

// Lang is the speaker's language ("en", "de", "zh"), for <html lang>.
func (sp *Speaker) Lang() string { return sp.lang }

// Catalogue returns the catalogue the speaker reads.
func (sp *Speaker) Catalogue() *Catalogue { return sp.cat }

// Say returns t in words. A message the catalogue lacks reads as its id in
// brackets, which tests catch: it never panics on a page.
func (sp *Speaker) Say(t Text) string {
	if t.ID == "" {
		return t.Raw
	}
	if out, ok := sp.sayCompiled(t); ok {
		return out
	}
	return sp.sayI18n(t)
}

// sayI18n says t through go-i18n itself: for a message whose template
// does more than fill in placeholders, and as the reference the compiled
// form is tested against.
func (sp *Speaker) sayI18n(t Text) string {
	data := make(map[string]any, len(t.Args))
	var count any
	for name, a := range t.Args.All() {
		data[name] = sp.Arg(a)
		if name == CountArg && a.kind == argNum {
			count = a.n
		}
	}
	out, err := sp.loc.Localize(&i18n.LocalizeConfig{MessageID: t.ID, TemplateData: data, PluralCount: count})
	if err != nil {
		var nf *i18n.MessageNotFoundErr
		if errors.As(err, &nf) || out == "" {
			return "[" + t.ID + "]"
		}
	}
	return out
}

// T says the message id with arguments given as name, value pairs: a
// shorthand for pages and mails. Values may be int (a number; the one
// named "count" also picks the plural form), string (literal words), Arg
// or Text.
func (sp *Speaker) T(id string, pairs ...any) string {
	if len(pairs) < 2 {
		return sp.Say(New(id))
	}
	if m, ok := sp.compiled[id]; ok {
		return sp.sayPairs(m, pairs) // what Say(Make(...)) says, without making the Text
	}
	// The arguments gathered once and sorted in place by Make (the last
	// of a name given twice wins, as With's): adding them one by one with
	// With copied them all each time, and pages say thousands of words.
	args := make([]Named, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		name, _ := pairs[i].(string)
		args = append(args, Named{Name: name, Arg: ArgOf(pairs[i+1])})
	}
	return sp.Say(Make(id, args...))
}

// Sentences says texts one after another, the way the language joins
// sentences (a space in English and German, nothing in Chinese).
func (sp *Speaker) Sentences(ts []Text) string {
	out := ""
	for _, t := range ts {
		s := sp.Say(t)
		switch {
		case s == "":
		case out == "":
			out = s
		default:
			out = sp.sayAB("format.sentences", out, s)
		}
	}
	return out
}

// ArgOf turns a Go value into an argument: int is a number, string literal
// words, Arg and Text themselves; anything else is printed as literal.
func ArgOf(v any) Arg {
	switch x := v.(type) {
	case int:
		return Num(x)
	case int64:
		return Num(int(x))
	case string:
		return Lit(x)
	case Arg:
		return x
	case Text:
		return Sub(x)
	case *Text:
		if x != nil {
			return Sub(*x)
		}
	}
	return Lit(fmt.Sprint(v))
}

// Term returns a catalogue term ("imperial.nation.IT") in words.
func (sp *Speaker) Term(key string) string { return sp.Say(Text{ID: key}) }

// Arg returns one argument in words.
func (sp *Speaker) Arg(a Arg) string {
	switch a.kind {
	case argNum:
		return sp.Number(a.n)
	case argMoney:
		if sp.moneyScale != 1 {
			// a sum in the language's own unit, written as one number
			// ("1200万", not "1,200万")
			return sp.T("format.money", "n", Lit(strconv.Itoa(a.n*sp.moneyScale)))
		}
		return sp.T("format.money", "n", a.n)
	case argSeat:
		return sp.SeatName(a.n)
	case argTerm:
		return sp.Term(a.s)
	case argText:
		return sp.Say(a.more.text)
	case argList:
		if len(a.more.list) >= 2 {
			var room [sayRoom]byte
			if out, ok := sp.appendList(room[:0], a.more.list); ok {
				return string(out)
			}
		}
		items := make([]string, len(a.more.list))
		for i, item := range a.more.list {
			items[i] = sp.Arg(item)
		}
		return sp.Join(items)
	case argLit:
		return a.s
	}
	return ""
}

// SeatName names a seat: the player's name, or "Player N" when none is known.
func (sp *Speaker) SeatName(seat int) string {
	if seat >= 0 && seat < len(sp.names) && sp.names[seat] != "" {
		return sp.names[seat]
	}
	return sp.T("format.seat", "n", seat+1)
}

// Join reads items as a list in the speaker's language ("A, B and C").
func (sp *Speaker) Join(items []string) string {
	switch len(items) {
	case 0:
		return sp.T("format.list.empty")
	case 1:
		return items[0]
	case 2:
		return sp.sayAB("format.list.pair", items[0], items[1])
	}
	if out, ok := sp.joinAppended(items); ok {
		return out
	}
	out := items[0]
	for _, it := range items[1 : len(items)-1] {
		out = sp.sayAB("format.list.middle", out, it)
	}
	return sp.sayAB("format.list.end", out, items[len(items)-1])
}

// sayAB is T(id, "a", a, "b", b) for a compiled message, without boxing
// the two strings into T's pairs (lists and sentences are joined this
// way, two words at a time).
func (sp *Speaker) sayAB(id, a, b string) string {
	m, ok := sp.compiled[id]
	if !ok {
		return sp.T(id, "a", a, "b", b)
	}
	segs := m.form(sp.tag, nil)
	var room [8]string
	parts, n := room[:0], 0
	for _, s := range segs {
		v := s.lit
		switch s.arg {
		case "":
		case "a":
			v = a
		case "b":
			v = b
		default:
			v = "<no value>" // what text/template writes for a missing key
		}
		parts = append(parts, v)
		n += len(v)
	}
	return joined(parts, n)
}

// Number writes n with the language's digit grouping.
func (sp *Speaker) Number(n int) string {
	if n > -1000 && n < 1000 {
		return strconv.Itoa(n)
	}
	return sp.printer.Sprint(n)
}

// Date writes a day in the language's way ("23 Nov 2026", "23.11.2026").
func (sp *Speaker) Date(t time.Time) string { return sp.layout("format.layout.date", t) }

// DateTime writes a day and time of day ("23 Nov 2026, 21:24").
func (sp *Speaker) DateTime(t time.Time) string { return sp.layout("format.layout.datetime", t) }

// layout formats t with a Go time layout kept in the catalogue. Layouts
// use numbers, not month names, so no language needs Go's English ones.
func (sp *Speaker) layout(id string, t time.Time) string {
	return t.Format(sp.Say(New(id)))
}
