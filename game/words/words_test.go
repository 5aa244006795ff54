package words

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// Every message has all three translations with the same placeholders and
// the plural forms its language needs.
func TestCatalogueComplete(t *testing.T) {
	c := Default()
	en := c.IDs("en")
	if len(en) == 0 {
		t.Fatal("the English catalogue is empty")
	}
	for _, lang := range Languages {
		for _, id := range c.IDs(lang) {
			if !c.Has("en", id) {
				t.Errorf("%s defines %q, which English does not", lang, id)
			}
		}
		for _, id := range en {
			if !c.Has(lang, id) {
				t.Errorf("%q has no %s translation", id, lang)
				continue
			}
			if got, want := c.Placeholders(lang, id), c.Placeholders("en", id); !slices.Equal(got, want) {
				t.Errorf("%q: %s uses placeholders %v, English %v", id, lang, got, want)
			}
			forms := c.PluralForms(lang, id)
			if len(c.PluralForms("en", id)) > 1 {
				need := map[string][]string{"en": {"one", "other"}, "de": {"one", "other"}, "zh": {"other"}}[lang]
				for _, f := range need {
					if !slices.Contains(forms, f) {
						t.Errorf("%q: %s lacks the plural form %q", id, lang, f)
					}
				}
			}
		}
	}
}

func TestSay(t *testing.T) {
	c := Default()
	names := []string{"Ann", "Bob"}
	cases := []struct {
		lang string
		arg  Arg
		want string
	}{
		{"en", Money(9), "9M"},
		{"de", Money(9), "9 Mio."},
		{"zh", Money(12), "1200万"},
		{"zh", Money(150), "15000万"},
		{"zh", Money(-3), "-300万"},
		{"en", Seat(1), "Bob"},
		{"en", Seat(4), "Player 5"},
		{"de", Seat(4), "Spieler 5"},
		{"en", List(Lit("A"), Lit("B"), Lit("C")), "A, B and C"},
		{"de", List(Lit("A"), Lit("B")), "A und B"},
		{"zh", List(Lit("甲"), Lit("乙"), Lit("丙")), "甲、乙和丙"},
		{"en", List(), "none"},
		{"en", Num(12345), "12,345"},
		{"de", Num(12345), "12.345"},
	}
	for _, tc := range cases {
		if got := c.Speaker(tc.lang, names).Arg(tc.arg); got != tc.want {
			t.Errorf("%s %+v: got %q, want %q", tc.lang, tc.arg, got, tc.want)
		}
	}
	if got := c.Speaker("en", nil).Say(New("no.such.message")); got != "[no.such.message]" {
		t.Errorf("a missing message reads %q", got)
	}
	at := time.Date(2026, 11, 23, 21, 24, 0, 0, time.UTC)
	for lang, want := range map[string]string{"en": "23 Nov 2026, 21:24", "de": "23.11.2026, 21:24", "zh": "2026年11月23日 21:24"} {
		if got := c.Speaker(lang, nil).DateTime(at); got != want {
			t.Errorf("%s date: %q, want %q", lang, got, want)
		}
	}
}

func TestMatch(t *testing.T) {
	c := Default()
	for in, want := range map[string]string{
		"": "en", "de": "de", "de-CH,de;q=0.9,en;q=0.8": "de", "zh-CN,zh;q=0.9": "zh",
		"zh-Hans": "zh", "fr-FR": "en", "garbage;;q=x": "en", "en-GB": "en",
	} {
		if got := c.Match(in); got != want {
			t.Errorf("Match(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	c := Default()
	if err := c.Check(New("format.money").Num("n", 3)); err != nil {
		t.Errorf("a good text: %v", err)
	}
	for _, bad := range []Text{
		New("no.such.message"),
		New("format.money"),                             // missing n
		New("format.money").Num("n", 3).Num("extra", 1), // an argument no translation uses
		New("format.money").Term("n", "no.such.term"),   // unknown term
	} {
		if c.Check(bad) == nil {
			t.Errorf("Check accepted %+v", bad)
		}
	}
}

func TestRawJSON(t *testing.T) {
	var tx Text
	if err := json.Unmarshal([]byte(`"Ann wins on points."`), &tx); err != nil || tx.Raw != "Ann wins on points." {
		t.Fatalf("old words: %+v %v", tx, err)
	}
	b, _ := json.Marshal(tx)
	if string(b) != `"Ann wins on points."` {
		t.Errorf("old words encode as %s", b)
	}
	if got := Default().Speaker("de", nil).Say(tx); got != "Ann wins on points." {
		t.Errorf("old words read %q", got)
	}
	in := New("format.money").Money("n", 3)
	b, _ = json.Marshal(in)
	var out Text
	if err := json.Unmarshal(b, &out); err != nil || out.Key() != in.Key() {
		t.Errorf("round trip %s: %+v %v", b, out, err)
	}
}

func TestEncodeDecode(t *testing.T) {
	in := New("format.money").Money("n", 3)
	if got := Decode(Encode(in)); got.Key() != in.Key() {
		t.Errorf("round trip: %+v", got)
	}
	for _, old := range []string{"timeout: no battle", "{not json", `{"id":""}`, ""} {
		if got := Decode(old); got.ID != "" || got.Raw != old {
			t.Errorf("old note %q reads as %+v", old, got)
		}
	}
	if Encode(Raw("typed words")) != "typed words" || Encode(Text{}) != "" {
		t.Error("raw words or no words do not encode as they are")
	}
}

// The compiled form of every message says exactly what go-i18n says, in
// every language and plural form.
func TestCompiledSaysWhatI18nSays(t *testing.T) {
	c := Default()
	compiled := 0
	for _, lang := range Languages {
		sp := c.Speaker(lang, []string{"Ann", "Bob"})
		for _, id := range c.IDs("en") {
			for _, n := range []int{0, 1, 2, 3, 5, 11, 21, 101, 1000} {
				tx := New(id)
				for _, name := range c.Placeholders("en", id) {
					if name == CountArg {
						continue
					}
					tx = tx.Lit(name, "‹"+name+"›")
				}
				if len(c.PluralForms("en", id)) > 1 || slices.Contains(c.Placeholders("en", id), CountArg) {
					tx = tx.Count(n)
				}
				got, ok := sp.sayCompiled(tx)
				if !ok {
					continue
				}
				compiled++
				if want := sp.sayI18n(tx); got != want {
					t.Errorf("%s %s (n=%d): compiled %q, go-i18n %q", lang, id, n, got, want)
				}
			}
		}
	}
	if compiled == 0 {
		t.Fatal("no message was compiled")
	}
}

// TestPartsSayWhatSaySays: every message's parts, filled in with its
// arguments' words, read as Say says it (without a count), in every
// language; a message go-i18n says has none.
func TestPartsSayWhatSaySays(t *testing.T) {
	c := Default()
	cut := 0
	for _, lang := range Languages {
		sp := c.Speaker(lang, []string{"Ann", "Bob"})
		for _, id := range c.IDs("en") {
			tx := New(id)
			vals := map[string]string{}
			for _, name := range c.Placeholders("en", id) {
				if name == CountArg {
					continue
				}
				vals[name] = "‹" + name + "›"
				tx = tx.Lit(name, vals[name])
			}
			lits, args, ok := sp.Parts(id)
			if _, compiled := sp.sayCompiled(tx); ok != compiled {
				t.Errorf("%s %s: parts %v, compiled %v", lang, id, ok, compiled)
			}
			if !ok {
				continue
			}
			cut++
			if len(lits) != len(args)+1 {
				t.Fatalf("%s %s: %d literal runs for %d placeholders", lang, id, len(lits), len(args))
			}
			got := lits[0]
			for i, a := range args {
				v, ok := vals[a]
				if !ok {
					v = "<no value>"
				}
				got += v + lits[i+1]
			}
			if want := sp.Say(tx); got != want {
				t.Errorf("%s %s: parts read %q, Say %q", lang, id, got, want)
			}
		}
	}
	if cut == 0 {
		t.Fatal("no message was cut")
	}
}

// TestTSaysWhatSayMakeSays: T's pairs said straight into a compiled
// message (sayPairs) read as the Text they make: every message of every
// language, its placeholders given as each kind of value T takes (a
// number, literal words, a Text, an Arg, a name given twice, a name
// missing, a count of every plural form, a name that is not a string).
func TestTSaysWhatSayMakeSays(t *testing.T) {
	c := Default()
	values := []func(name string) any{
		func(name string) any { return 1234 },
		func(name string) any { return "‹" + name + "›" },
		func(name string) any { return "" },
		func(name string) any { return int64(7) },
		func(name string) any { return Money(25) },
		func(name string) any { return Term("imperial.nation.GB") },
		func(name string) any { return New("format.list.empty") },
		func(name string) any { return &Text{ID: "format.list.empty"} },
		func(name string) any { return List(Num(1), Lit("x"), Seat(1)) },
		func(name string) any { return 2.5 },
	}
	said := 0
	for _, lang := range Languages {
		sp := c.Speaker(lang, []string{"Ann", "Bob"})
		for _, id := range c.IDs("en") {
			names := c.Placeholders("en", id)
			for vi, value := range values {
				for _, n := range []any{nil, 0, 1, 2, 5, 21, int64(3), Num(11), Lit("2")} {
					var pairs []any
					for i, name := range names {
						if name == CountArg {
							continue
						}
						if i == 0 && vi%3 == 0 {
							pairs = append(pairs, name, "given first, then again") // the last wins
						}
						if i == 1 && vi%4 == 1 {
							continue // a missing argument
						}
						pairs = append(pairs, name, value(name))
					}
					if n != nil {
						pairs = append(pairs, CountArg, n)
					}
					if vi == 2 {
						pairs = append(pairs, 42, "a name that is no string")
					}
					if len(pairs) < 2 {
						continue
					}
					args := make([]Named, 0, len(pairs)/2)
					for i := 0; i+1 < len(pairs); i += 2 {
						name, _ := pairs[i].(string)
						args = append(args, Named{Name: name, Arg: ArgOf(pairs[i+1])})
					}
					want := sp.Say(Make(id, args...))
					if got := sp.T(id, pairs...); got != want {
						t.Errorf("%s %s %v: T %q, Say(Make) %q", lang, id, pairs, got, want)
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

// TestSayABIsT: the list's and sentences' joins say what T says, for
// every message of every language (and one the catalogue lacks).
func TestSayABIsT(t *testing.T) {
	c := Default()
	for _, lang := range Languages {
		sp := c.Speaker(lang, nil)
		for _, id := range append(c.IDs("en"), "no.such.message") {
			if got, want := sp.sayAB(id, "‹a›", "‹b›"), sp.T(id, "a", "‹a›", "b", "‹b›"); got != want {
				t.Errorf("%s %s: sayAB %q, T %q", lang, id, got, want)
			}
		}
		if got, want := sp.Join([]string{"x", "y", "z", "w"}), sp.T("format.list.end", "a", sp.T("format.list.middle", "a", sp.T("format.list.middle", "a", "x", "b", "y"), "b", "z"), "b", "w"); got != want {
			t.Errorf("%s: Join %q, T %q", lang, got, want)
		}
	}
}
