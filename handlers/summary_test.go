package handlers

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/words"
)

func TestSummaryHTML(t *testing.T) {
	t.Parallel()
	in := map[string]any{
		"investor_card": "Ann <b>",
		"swiss_banks":   []string{},
		"players": map[string]any{
			"Ann": map[string]any{"cash": 2, "bonds": []map[string]any{{"nation": "IT", "cost": 9}, {"nation": "FR", "cost": 2}}},
		},
		"flags": []string{"a", "b"},
		"units": map[string]any{"Rome": map[string]int{"armies": 2, "fleets": 0}, "Vienna": map[string]int{"armies": 1, "fleets": 1}},
		"done":  false,
	}
	v := vocab{sp: words.English(), terms: buildTermIndex(words.Default())}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(summaryHTML(v, in))))
	if err != nil {
		t.Fatal(err)
	}
	got := doc.Text()
	dd := func(label string) string {
		return doc.Find("dt").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == label }).First().Next().Text()
	}
	// A fact that does not hold is left out ("Done: no" says nothing).
	for label, want := range map[string]string{"Investor card": "Ann <b>", "Swiss banks": "none", "Flags": "a, b", "Done": ""} {
		if dd(label) != want {
			t.Errorf("%s: %q, want %q", label, dd(label), want)
		}
	}
	if doc.Find("b").Length() != 0 {
		t.Error("a value was not escaped")
	}
	units := doc.Find("table.summary, .summary table").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Find("tbody th").Length() == 2 })
	if units.Find("tbody tr").Last().Text() != "Vienna11" {
		t.Errorf("units by region not shown as a table: %q", units.Text())
	}
	rows := doc.Find("table.summary, .summary table").First().Find("tbody tr")
	if rows.Length() != 2 || rows.First().Find("td").First().Text() != "9" {
		t.Errorf("bonds not shown as a table: %s", got)
	}
}

// A summary's keys are said from the catalogue, and its ids as the game's
// terms, in the reader's language; other values stay as they are.
func TestSummaryWords(t *testing.T) {
	t.Parallel()
	in := map[string]any{"piles": []string{"a", "b"}, "taken": []int{1000, 2}, "player": "Ann"}
	for _, c := range []struct{ lang, piles, taken string }{
		{"en", "A, B", "1,000, 2"}, {"de", "A, B", "1.000, 2"}, {"zh", "A、B", "1,000、2"},
	} {
		sp := words.Default().Speaker(c.lang, nil)
		v := vocab{sp: sp, domains: []string{"takeaway"}, terms: buildTermIndex(words.Default())}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(summaryHTML(v, in))))
		if err != nil {
			t.Fatal(err)
		}
		dd := func(key string) string {
			label := sp.Term("summary.key." + key)
			return doc.Find("dt").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == label }).First().Next().Text()
		}
		if got := dd("piles"); got != c.piles {
			t.Errorf("%s: piles %q, want %q", c.lang, got, c.piles)
		}
		if got := dd("taken"); got != c.taken {
			t.Errorf("%s: taken %q, want %q", c.lang, got, c.taken)
		}
		if got := dd("player"); got != "Ann" {
			t.Errorf("%s: a name reads %q", c.lang, got)
		}
	}
}

// Every id a game reports in its summary (a nation, region, city, space,
// decision, phase ...) reads as a word of the catalogue: for Imperial,
// Imperial 2030 and Cäsars Imperium played some way in and to the end.
func TestSummaryIDsAreWords(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	terms := buildTermIndex(words.Default())
	for _, info := range reg.List() {
		g, _ := reg.Get(info.ID)
		players := []string{"Ann", "Bob", "Cy", "Dora"}[:max(info.MinPlayers, min(4, info.MaxPlayers))]
		st, err := g.New(game.Setup{Players: players, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		v := vocab{sp: words.English(), domains: domainsOf(info), terms: terms}
		rnd := rand.New(rand.NewPCG(9, 9))
		missing := map[string]bool{}
		for move := 0; ; move++ {
			if move%7 == 0 || st.Finished() {
				checkSummaryIDs(v, st.Summary(), players, missing)
			}
			if st.Finished() || move > 3000 {
				break
			}
			d := st.ToAct()[0]
			legal := st.LegalMoves(d.Seat)
			if st, _, err = st.Apply(d.Seat, legal[rnd.IntN(len(legal))].Move); err != nil {
				t.Fatal(err)
			}
		}
		for id := range missing {
			t.Errorf("%s reports %q, which is no word of the catalogue", info.ID, id)
		}
	}
}

// checkSummaryIDs notes the strings of a summary (values and map keys)
// that are neither a player's name nor a word of the catalogue.
func checkSummaryIDs(v vocab, sum any, players []string, missing map[string]bool) {
	data, _ := json.Marshal(sum)
	var walk func(x any, key string)
	check := func(s, key string) {
		if _, ok := v.termFor(s, key); !ok && !slices.Contains(players, s) {
			if _, isKey := v.keyFor(s); !isKey {
				missing[key+": "+s] = true
			}
		}
	}
	walk = func(x any, key string) {
		switch x := x.(type) {
		case string:
			check(x, key)
		case []any:
			for _, it := range x {
				walk(it, key)
			}
		case map[string]any:
			for k, it := range x {
				check(k, key)
				walk(it, k)
			}
		}
	}
	var generic any
	json.Unmarshal(data, &generic)
	walk(generic, "")
}

// Imperial's overview says its sums as money in the reader's language
// (treasury, cash, a bond's cost) and leaves out what does not hold
// ("Finished: no").
func TestSummaryMoneyAndFacts(t *testing.T) {
	t.Parallel()
	st, err := imperial.New().New(game.Setup{Players: []string{"Ann", "Bob"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sum := st.(*imperial.State).Summarize()
	var treasury int
	for _, n := range sum.Nations {
		treasury = n.Treasury
		break
	}
	info := imperial.New().Info()
	for _, c := range []struct{ lang, money string }{{"en", "M"}, {"de", " Mio."}, {"zh", "万"}} {
		sp := words.Default().Speaker(c.lang, nil)
		v := vocab{sp: sp, domains: domainsOf(info), terms: buildTermIndex(words.Default())}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(string(summaryHTML(v, sum))))
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"treasury", "cash", "cost"} {
			label := sp.Term("summary.money.imperial." + key)
			col := -1
			doc.Find("table.summary thead th, .summary table thead th").EachWithBreak(func(i int, s *goquery.Selection) bool {
				if s.Text() == label {
					col = i
					return false
				}
				return true
			})
			var cell string
			if col >= 0 {
				th := doc.Find("table.summary thead th, .summary table thead th").Eq(col)
				cell = th.Closest("table").Find("tbody tr").First().Children().Eq(col).Text()
			} else {
				cell = doc.Find("dt").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == label }).First().Next().Text()
			}
			if cell == "" || !strings.HasSuffix(cell, c.money) {
				t.Errorf("%s: %s reads %q, want a sum in %q", c.lang, label, cell, c.money)
			}
		}
		if want := sp.Arg(words.Money(treasury)); !strings.Contains(doc.Text(), want) {
			t.Errorf("%s: no treasury reads %q", c.lang, want)
		}
		finished := sp.Term("summary.key.finished")
		if doc.Find("dt").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == finished }).Length() != 0 {
			t.Errorf("%s: a game in play says %q", c.lang, finished)
		}
	}
}

// TestSummaryMemoSaysTheSame: overviews said with one remembering
// vocabMemo shared by every kind and language (and one that stops
// remembering almost at once) read byte for byte as overviews said without
// one, along self-played games of every hosted kind.
func TestSummaryMemoSaysTheSame(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	terms := buildTermIndex(words.Default())
	shared := &vocabMemo{}
	small := &vocabMemo{m: map[vocabMemoKey]vocabMemoEntry{}}
	for i := range vocabMemoMax - 5 { // nearly full: it stops remembering
		small.m[vocabMemoKey{s: strconv.Itoa(i)}] = vocabMemoEntry{}
	}
	sampledPositions(t, reg, func(info game.Info, move int, st game.State) {
		for _, lang := range words.Languages {
			sp := words.Default().Speaker(lang, nil)
			plain := vocab{sp: sp, kind: info.ID, domains: domainsOf(info), terms: terms}
			want := summaryHTML(plain, st.Summary())
			for _, m := range []*vocabMemo{shared, small, shared} {
				v := plain
				v.memo = m
				if got := summaryHTML(v, st.Summary()); got != want {
					t.Fatalf("%s, move %d, %s: the remembered overview differs", info.ID, move, lang)
				}
			}
		}
	})
	if n := len(shared.m); n == 0 {
		t.Error("the memo remembered nothing")
	}
	if n := len(small.m); n > vocabMemoMax {
		t.Errorf("the memo grew to %d entries, past its bound", n)
	}
}

// sampledPositions self-plays each kind of reg with random legal moves
// (seed 5, up to four players, 400 moves at most) and calls each with
// every 50th position and the finished one: the positions the overview's
// tests say.
func sampledPositions(t *testing.T, reg *game.Registry, each func(info game.Info, move int, st game.State)) {
	t.Helper()
	for _, info := range reg.List() {
		g, _ := reg.Get(info.ID)
		players := []string{"Ann", "Bob", "Cy", "Dora"}[:max(info.MinPlayers, min(4, info.MaxPlayers))]
		st, err := g.New(game.Setup{Players: players, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(5, 5))
		for move := 0; move < 400; move++ {
			if move%50 == 0 || st.Finished() {
				each(info, move, st)
			}
			if st.Finished() {
				break
			}
			d := st.ToAct()[0]
			legal := st.LegalMoves(d.Seat)
			if st, _, err = st.Apply(d.Seat, legal[rnd.IntN(len(legal))].Move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The overview's memo does not grow with the players' names: words found
// under a key that names nothing the catalogue tells apart (a player's
// name) are remembered once, not once per name (TestSummaryMemoSaysTheSame
// checks they are the same words).
func TestSummaryMemoIgnoresNames(t *testing.T) {
	t.Parallel()
	type player struct {
		Score int            `json:"score"`
		Cash  int            `json:"cash"`
		Kinds map[string]int `json:"kinds"`
	}
	g, err := game.NewRegistry(caesar.New()).Get("caesars-imperium")
	if err != nil {
		t.Fatal(err)
	}
	memo := &vocabMemo{}
	v := vocab{sp: words.English(), kind: g.Info().ID, domains: domainsOf(g.Info()), terms: buildTermIndex(words.Default()), memo: memo}
	say := func(names ...string) int {
		sum := struct {
			Players map[string]player `json:"players"`
		}{Players: map[string]player{}}
		for i, n := range names {
			sum.Players[n] = player{Score: i, Cash: 2 * i, Kinds: map[string]int{"wine": 1, "oil": i}}
		}
		if summaryHTML(v, sum) == "" {
			t.Fatal("no overview")
		}
		return len(memo.m)
	}
	first := say("Ada Quint", "Bo Rhee")
	var names []string
	for i := range 40 {
		names = append(names, "Player "+strconv.Itoa(i))
	}
	// Each new name is one value looked up (the name itself), not one
	// entry for every key said under it.
	if grown := say(names...) - first; grown > 2*len(names) {
		t.Errorf("40 new names grew the memo by %d entries", grown)
	}
}
