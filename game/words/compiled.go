package words

import (
	"regexp"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// A page says hundreds of texts, so saying one must be cheap. go-i18n
// reads the files and is the reference for what a message says (a test
// compares both for every message and language); Say uses a compiled
// form of each message: its plural forms cut into literal words and
// placeholders, chosen by CLDR's plural rules (golang.org/x/text's
// feature/plural, the same data go-i18n's rules come from). A message
// whose template does more than fill in placeholders is left to go-i18n.

// segment is a run of literal words, or (arg != "") a placeholder.
type segment struct {
	lit string
	arg string
}

// compiled is one message in one language, by plural form.
type compiled struct {
	forms  [plural.Many + 1][]segment // nil where the message lacks the form
	plural bool                       // has a form other than "other"
}

var anyAction = regexp.MustCompile(`{{`)

// compile cuts a message into segments; ok is false for a template that
// does more than fill in {{.name}} placeholders.
func compile(m *i18n.Message) (*compiled, bool) {
	c := &compiled{}
	for _, f := range []struct {
		form plural.Form
		src  string
	}{{plural.Zero, m.Zero}, {plural.One, m.One}, {plural.Two, m.Two}, {plural.Few, m.Few}, {plural.Many, m.Many}, {plural.Other, m.Other}} {
		if f.src == "" {
			continue
		}
		segs, ok := cut(f.src)
		if !ok {
			return nil, false
		}
		c.forms[f.form] = segs
		if f.form != plural.Other {
			c.plural = true
		}
	}
	if c.forms[plural.Other] == nil {
		return nil, false
	}
	return c, true
}

// cut splits src at its placeholders.
func cut(src string) ([]segment, bool) {
	var out []segment
	for src != "" {
		loc := placeholder.FindStringSubmatchIndex(src)
		if loc == nil {
			if anyAction.MatchString(src) {
				return nil, false
			}
			out = append(out, segment{lit: src})
			break
		}
		if lit := src[:loc[0]]; lit != "" {
			if anyAction.MatchString(lit) {
				return nil, false
			}
			out = append(out, segment{lit: lit})
		}
		out = append(out, segment{arg: src[loc[2]:loc[3]]})
		src = src[loc[1]:]
	}
	return out, true
}

// compileAll compiles every message of every language; a language's table
// also holds the English form of a message it lacks (the fallback).
func (c *Catalogue) compileAll() {
	c.compiled = map[string]map[string]entry{}
	for _, lang := range Languages {
		table := map[string]entry{}
		for _, src := range []string{Languages[0], lang} {
			for id, m := range c.messages[src] {
				if cm, ok := compile(m); ok {
					table[id] = cm.entry()
				} else {
					delete(table, id) // go-i18n says it
				}
			}
		}
		c.compiled[lang] = table
	}
}

// entry is a compiled message as a language's table holds it: its
// "other" form, which is all most messages have, at hand in the table
// itself. Found, a message's segments were behind a pointer to its
// compiled forms, a read from memory of its own (at the rate a page says
// words, mostly one the processor had not at hand).
type entry struct {
	other []segment // never nil
	all   *compiled // every form, for a message with plural forms; else nil
}

// entry is m as a table holds it.
func (m *compiled) entry() entry {
	e := entry{other: m.forms[plural.Other]}
	if m.plural {
		e.all = m
	}
	return e
}

// form is m.all.form(tag, count), the other form of a message without
// plural forms.
func (m entry) form(tag language.Tag, count any) []segment {
	if m.all == nil {
		return m.other
	}
	return m.all.form(tag, count)
}

// form picks the plural form of n in lang, falling back to "other" when
// the message lacks the form CLDR asks for.
func (m *compiled) form(tag language.Tag, count any) []segment {
	if !m.plural || count == nil {
		return m.forms[plural.Other]
	}
	n, _ := count.(int)
	if n < 0 {
		n = -n
	}
	f := plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)
	if segs := m.forms[f]; segs != nil {
		return segs
	}
	return m.forms[plural.Other]
}

// sayCompiled says t with its compiled message; ok is false if there is none.
func (sp *Speaker) sayCompiled(t Text) (string, bool) {
	m, ok := sp.compiled[t.ID]
	if !ok {
		return "", false
	}
	return sp.said(m.form(sp.tag, countOf(t.Args)), t.Args), true
}

// joined is parts written one after another, n bytes in all: the one
// part that is all of it as it is (a message of one placeholder, such as
// an account's "{{.n}}", said hundreds of times a page, was a copy each).
func joined(parts []string, n int) string {
	for _, v := range parts {
		if len(v) == n {
			return v
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, v := range parts {
		b.WriteString(v)
	}
	return b.String()
}

// sayPairs says m with T's name, value pairs as Say(Make(id, ...)) says
// it (the last value of a name given twice; "count" picking the plural
// form when it is a number), saying each value as Arg(ArgOf(value)) does
// but without building the Text: pages and boards say thousands of words
// through T, and each Text was two or three allocations more.
func (sp *Speaker) sayPairs(m entry, pairs []any) string {
	var count any
	if v, ok := pairOf(pairs, CountArg); ok {
		switch x := v.(type) {
		case int:
			count = x
		case int64:
			count = int(x)
		case Arg:
			if x.kind == argNum {
				count = x.n
			}
		}
	}
	segs := m.form(sp.tag, count)
	if len(segs) == 1 {
		if segs[0].arg == "" {
			return segs[0].lit
		}
		if x, ok := pairOf(pairs, segs[0].arg); ok {
			return sp.valueOf(x) // the value's words are the message's
		}
	}
	var room [sayRoom]byte
	dst := room[:0]
	for _, s := range segs {
		if s.arg == "" {
			dst = append(dst, s.lit...)
		} else if x, ok := pairOf(pairs, s.arg); ok {
			dst = sp.appendValue(dst, x)
		} else {
			dst = append(dst, noValue...)
		}
	}
	return string(dst)
}

// pairOf is the value T's pairs give name, the last one given winning.
// A name that is not a string is "", as T reads it.
func pairOf(pairs []any, name string) (any, bool) {
	for i := len(pairs)/2*2 - 2; i >= 0; i -= 2 {
		if n, _ := pairs[i].(string); n == name {
			return pairs[i+1], true
		}
	}
	return nil, false
}

// valueOf is Arg(ArgOf(v)), for the common kinds without the Arg.
func (sp *Speaker) valueOf(v any) string {
	switch x := v.(type) {
	case int:
		return sp.Number(x)
	case string:
		return x
	case Text:
		return sp.Say(x)
	}
	return sp.Arg(ArgOf(v))
}

// appendValue appends valueOf(v) to dst.
func (sp *Speaker) appendValue(dst []byte, v any) []byte {
	switch x := v.(type) {
	case int:
		return sp.appendNumber(dst, x)
	case string:
		return append(dst, x...)
	case Text:
		return sp.appendText(dst, x)
	}
	return sp.appendWhole(dst, ArgOf(v))
}

// Parts is message id in sp's language cut at its placeholders, as Say
// says it without a count: literal words (lits, one more than args) and,
// between them, the placeholders' names. A caller saying one message
// many times with other values (a page's fifty moves) writes the parts
// with the values, as Say would, without saying it each time. ok is false
// for a message go-i18n says (its template does more than fill in
// placeholders) or the catalogue lacks.
func (sp *Speaker) Parts(id string) (lits, args []string, ok bool) {
	m, ok := sp.compiled[id]
	if !ok {
		return nil, nil, false
	}
	lits = []string{""}
	for _, s := range m.form(sp.tag, nil) {
		if s.arg == "" {
			lits[len(lits)-1] += s.lit
			continue
		}
		args = append(args, s.arg)
		lits = append(lits, "")
	}
	return lits, args, true
}
