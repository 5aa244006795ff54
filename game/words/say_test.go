package words

import (
	"strconv"
	"testing"
)

// refSay is Say as it was before messages were appended into one buffer
// (say.go): each argument said as a string of its own, nested messages
// by calling itself.
func (sp *Speaker) refSay(t Text) string {
	if t.ID == "" {
		return t.Raw
	}
	m, ok := sp.compiled[t.ID]
	if !ok {
		return sp.sayI18n(t)
	}
	out := ""
	for _, s := range m.form(sp.tag, countOf(t.Args)) {
		switch a, ok := t.Args.Get(s.arg); {
		case s.arg == "":
			out += s.lit
		case ok:
			out += sp.refArg(a)
		default:
			out += "<no value>"
		}
	}
	return out
}

// refArg is Arg as it was, saying messages with refSay.
func (sp *Speaker) refArg(a Arg) string {
	switch a.kind {
	case argNum:
		return sp.Number(a.n)
	case argMoney:
		if sp.moneyScale != 1 {
			return sp.refSay(New("format.money").Lit("n", strconv.Itoa(a.n*sp.moneyScale)))
		}
		return sp.refSay(New("format.money").Num("n", a.n))
	case argSeat:
		if a.n >= 0 && a.n < len(sp.names) && sp.names[a.n] != "" {
			return sp.names[a.n]
		}
		return sp.refSay(New("format.seat").Num("n", a.n+1))
	case argTerm:
		return sp.refSay(Text{ID: a.s})
	case argText:
		return sp.refSay(a.more.text)
	case argList:
		items := make([]string, len(a.more.list))
		for i, item := range a.more.list {
			items[i] = sp.refArg(item)
		}
		return sp.Join(items)
	case argLit:
		return a.s
	}
	return ""
}

// sayArgs are arguments of every kind, messages in messages among them
// (deeper than appendSaid follows them itself), for the tests below.
func sayArgs() []Arg {
	deep := New("format.list.empty")
	for range sayDepth + 2 {
		deep = New("format.money").Sub("n", deep)
	}
	return []Arg{
		Num(0), Num(7), Num(-999), Num(1000), Num(-123456), Money(0), Money(25), Money(1234), Seat(0), Seat(1), Seat(5), Seat(-1),
		Term("imperial.nation.GB"), Term("no.such.term"), Lit(""), Lit("‹x›"), Sub(Raw("old words")), Sub(Text{}),
		Sub(New("format.money").Num("n", 12)), Sub(New("format.list.empty")), Sub(New("no.such.message")),
		Sub(New("format.list.pair").Term("a", "imperial.nation.FR").Sub("b", New("format.money").Money("n", 3))),
		Sub(deep), List(), List(Money(3)), List(Sub(New("format.money").Num("n", 4)), Money(3)), List(Lit(""), Lit("")),
		List(Num(1), Lit("x"), Seat(1), Term("imperial.nation.IT"), List(Seat(0), Seat(2), Num(1234))), Frac(1, 2), {},
	}
}

// TestSayAsBefore: every message of the catalogue, with arguments of
// every kind, says in every language what it said when each argument was
// a string of its own; and an argument appended is the argument said.
func TestSayAsBefore(t *testing.T) {
	c := Default()
	args := sayArgs()
	said := 0
	for _, lang := range Languages {
		for _, names := range [][]string{nil, {"Ann", "", "Cy"}} {
			sp := c.Speaker(lang, names)
			for _, a := range args {
				if got, want := string(sp.appendWhole([]byte("…"), a)), "…"+sp.Arg(a); got != want {
					t.Errorf("%s %v: appended %q, said %q", lang, a, got, want)
				}
			}
			for _, id := range c.IDs("en") {
				for i, a := range args {
					tx := New(id)
					for j, name := range c.Placeholders("en", id) {
						if name == CountArg {
							tx = tx.Count(i)
							continue
						}
						if j == 1 && i%5 == 0 {
							continue // a missing argument
						}
						tx = tx.With(name, args[(i+j)%len(args)])
					}
					if got, want := sp.Say(tx), sp.refSay(tx); got != want {
						t.Errorf("%s %s %v: said %q, before %q", lang, id, tx.Args, got, want)
					}
					if got, want := sp.Say(New("format.list.pair").With("a", a).Sub("b", tx)), sp.refSay(New("format.list.pair").With("a", a).Sub("b", tx)); got != want {
						t.Errorf("%s %s nested: said %q, before %q", lang, id, got, want)
					}
					said++
				}
			}
		}
	}
	if said == 0 {
		t.Fatal("nothing said")
	}
}

// TestJoinAsFolded: a list of any length joins, in every language, as
// its words folded two at a time by the list messages, as Join did.
func TestJoinAsFolded(t *testing.T) {
	words := []string{"Ann", "", "<b>", "Cy & Dee", "5", "über", "老"}
	for _, lang := range Languages {
		sp := Default().Speaker(lang, nil)
		for n := 3; n <= len(words); n++ {
			items := words[:n]
			want := items[0]
			for _, it := range items[1 : n-1] {
				want = sp.sayAB("format.list.middle", want, it)
			}
			want = sp.sayAB("format.list.end", want, items[n-1])
			if got := sp.Join(items); got != want {
				t.Errorf("%s %q: joined %q, folded %q", lang, items, got, want)
			}
		}
	}
}

// TestHasBytesIsHas: an id in bytes is found as the id itself is.
func TestHasBytesIsHas(t *testing.T) {
	c := Default()
	for _, lang := range append(Languages, "xx") {
		for _, id := range append(c.IDs("en"), "", "no.such.id", "imperial.nation.") {
			if got, want := c.HasBytes(lang, []byte(id)), c.Has(lang, id); got != want {
				t.Errorf("%s %q: HasBytes %v, Has %v", lang, id, got, want)
			}
		}
	}
}

// TestTSIsT: every message said with words for values through TS says
// what T says with them, in every language: values given twice, missing,
// empty, a count given as words, a pair left over.
func TestTSIsT(t *testing.T) {
	c := Default()
	for _, lang := range Languages {
		sp := c.Speaker(lang, nil)
		for _, id := range append(c.IDs("en"), "no.such.message") {
			for v := range 4 {
				var pairs []string
				for i, name := range c.Placeholders("en", id) {
					if i == 0 && v == 1 {
						pairs = append(pairs, name, "first") // the last wins
					}
					if i == 1 && v == 2 {
						continue // a missing value
					}
					pairs = append(pairs, name, []string{"‹" + name + "›", "", "2", "x"}[v])
				}
				if v == 3 {
					pairs = append(pairs, "left over")
				}
				anys := make([]any, len(pairs))
				for i, p := range pairs {
					anys[i] = p
				}
				if got, want := sp.TS(id, pairs...), sp.T(id, anys...); got != want {
					t.Errorf("%s %s %q: TS %q, T %q", lang, id, pairs, got, want)
				}
			}
		}
	}
}
