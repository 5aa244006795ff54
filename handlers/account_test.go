package handlers

import (
	"context"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/game/words"
	"rondel/store"
)

// importGolden imports one of the engines' golden records (a complete
// game) as a finished game of the club, its seats taken by
// PREFIX0@example.org, PREFIX1@example.org, ...
func importGolden(t *testing.T, e *env, name, prefix string) (*store.Game, *record.Record) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "game", "record", "testdata", "golden", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var emails []string
	for i := range rec.Players {
		emails = append(emails, fmt.Sprintf("%s%d@example.org", prefix, i))
	}
	g, err := e.store.ImportRecord(context.Background(), rec, store.ImportSpec{Name: name, Emails: emails})
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != store.StatusFinished {
		t.Fatalf("%s imported as %s", name, g.Status)
	}
	return g, rec
}

func finishedRegistry() *game.Registry {
	return game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
}

// TestFinishedGameShowsPlotsAndStatistics: a finished game of each kind
// shows its course as server-drawn plots (named, described, a line and a
// legend entry in words per nation or player) and its statistics in
// tables, from the account stored when it ended, in the reader's language.
func TestFinishedGameShowsPlotsAndStatistics(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry())
	cases := []struct {
		golden         string
		charts, tables int
		lines          []int    // lines per chart
		rows           []int    // rows per table
		columns        []string // words of the tables' heads
		lang, heading  string
	}{
		{"imperial-standard-4p-v2", 2, 2, []int{6, 4}, []int{4, 6},
			[]string{"Bonds", "Cash", "Factories", "Battles", "Taxes"}, "", "How the game went"},
		{"imperial2030-standard-5p-v2", 2, 2, []int{6, 5}, []int{5, 6},
			[]string{"Anleihen", "Fabriken", "Schlachten", "Steuern"}, "de", "Wie die Partie verlief"},
		{"caesars-imperium-colour-sum-3p-v2", 1, 1, []int{3}, []int{3},
			[]string{"Cities", "Roads left", "Track", "Final scoring", "Total"}, "", "How the game went"},
	}
	for i, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			prefix := fmt.Sprint("m", i, "-")
			g, rec := importGolden(t, e, c.golden, prefix)
			b := e.browser()
			b.signIn(prefix + "0@example.org")
			if c.lang != "" {
				_, doc := b.get("/settings")
				b.submit(doc, `form[action="/settings"]`, map[string]string{"language": c.lang})
			}
			code, doc := b.get(fmt.Sprintf("/games/%d", g.ID))
			if code != 200 {
				t.Fatalf("finished game page: %d", code)
			}
			acc := doc.Find("section.account")
			if got := strings.TrimSpace(acc.Find("h2").First().Text()); got != c.heading {
				t.Fatalf("account heading %q, want %q: %s", got, c.heading, text(doc))
			}
			figs := acc.Find("figure.chart")
			if figs.Length() != c.charts {
				t.Fatalf("%d plots, want %d", figs.Length(), c.charts)
			}
			figs.Each(func(i int, f *goquery.Selection) {
				svg := f.Find("svg.plot")
				id := svg.AttrOr("aria-labelledby", "")
				title := svg.Find("title").First()
				if svg.AttrOr("role", "") != "img" || title.Text() == "" || !strings.Contains(id, title.AttrOr("id", "-")) ||
					svg.Find("desc").Text() == "" {
					t.Errorf("plot %d is not named for a screen reader: %s", i, id)
				}
				if n := svg.Find("g.line").Length(); n != c.lines[i] {
					t.Errorf("plot %d has %d lines, want %d", i, n, c.lines[i])
				}
				if n := f.Find("ul.legend li").Length(); n != c.lines[i] {
					t.Errorf("plot %d: legend of %d entries, want %d", i, n, c.lines[i])
				}
				f.Find("ul.legend li").Each(func(_ int, li *goquery.Selection) {
					if li.Find("svg.swatch").Length() != 1 || strings.TrimSpace(li.Text()) == "" {
						t.Errorf("legend entry without its picture or name: %q", li.Text())
					}
				})
				if n := f.Find("table.values tbody tr").Length(); n != c.lines[i] {
					t.Errorf("plot %d: table of values has %d rows", i, n)
				}
			})
			// The players' lines end at their scores.
			last := figs.Last().Find("ul.legend li strong")
			for seat, sc := range rec.Result.Scores {
				if strings.HasPrefix(c.golden, "imperial") && strings.TrimSpace(last.Eq(seat).Text()) != fmt.Sprint(sc) {
					t.Errorf("seat %d: legend ends at %q, score %d", seat, last.Eq(seat).Text(), sc)
				}
			}
			tables := acc.Find("table.stats")
			if tables.Length() != c.tables {
				t.Fatalf("%d tables of statistics, want %d", tables.Length(), c.tables)
			}
			tables.Each(func(i int, tb *goquery.Selection) {
				if n := tb.Find("tbody tr").Length(); n != c.rows[i] {
					t.Errorf("table %d has %d rows, want %d", i, n, c.rows[i])
				}
				if tb.Find("caption").Text() == "" {
					t.Errorf("table %d has no caption", i)
				}
			})
			heads := tables.Find("thead").Text()
			for _, w := range c.columns {
				if !strings.Contains(heads, w) {
					t.Errorf("no column %q in %q", w, heads)
				}
			}
			if strings.HasPrefix(c.golden, "imperial") {
				nations := tables.Last().Find("tbody tr")
				if nations.Find(".chip").Length() != 6 {
					t.Error("the nations are not shown in their colours")
				}
				bonds := tables.First().Find("tbody tr").First().Find("td").Last().Text()
				if !strings.Contains(bonds, map[string]string{"": "(interest ", "de": "(Zins "}[c.lang]) {
					t.Errorf("a player's bonds read %q", bonds)
				}
			}
			page := acc.Text()
			for _, code := range []string{"imperial.", "caesar.", "game.account", "pages.account"} {
				if strings.Contains(page, code) {
					t.Errorf("the account shows a catalogue key %q", code)
				}
			}
		})
	}
	rep, err := e.store.Tools().Verify(context.Background(), false)
	if err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify after import: %v %v", rep.Problems, err)
	}
}

// sampleAccount is a small account of every kind of part, for the page
// samples.
func sampleAccount() *game.Account {
	return &game.Account{X: words.New("game.account.round"), Charts: []game.Chart{{
		Title: words.New("imperial.account.power"), Y: words.New("imperial.account.power_y"),
		Series: []game.Series{{Name: words.New("imperial.nation.IT"), Colour: "#2e8b3a", Values: []int{0, 3, 8}},
			{Name: words.New("game.account.player").Seat("player", 0), Values: []int{0, 1, 2}}}}},
		Tables: []game.Table{{Title: words.New("imperial.account.nations"), Head: words.New("imperial.account.nation"),
			Columns: []words.Text{words.New("imperial.account.battles")},
			Rows:    []game.Row{{Name: words.New("imperial.nation.IT"), Colour: "#2e8b3a", Cells: []words.Text{words.New("game.account.number").Num("n", 3)}}}}}}
}

// TestFinishedPageReadsTheStoredAccount: the page shows the account kept
// when the game ended, not one made by replaying the game on each view
// (a changed stored value shows; rebuild would put it right).
func TestFinishedPageReadsTheStoredAccount(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry())
	g, _ := importGolden(t, e, "caesars-imperium-colour-sum-3p-v2", "s")
	if err := e.store.Exec(`UPDATE game_accounts SET account = replace(account, '"values":[0,', '"values":[41,') WHERE game_id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.signIn("s0@example.org")
	_, doc := b.get(fmt.Sprintf("/games/%d", g.ID))
	if first := doc.Find("table.values tbody tr").First().Find("td").First().Text(); first != "41" {
		t.Errorf("the page shows %q at the start, not the stored 41", first)
	}
}

// TestEscapeTextAsTheTemplate: the cells written in Go are escaped as
// html/template escapes text between tags.
func TestEscapeTextAsTheTemplate(t *testing.T) {
	t.Parallel()
	tpl := template.Must(template.New("x").Parse(`<td>{{.}}</td>`))
	for _, s := range []string{"12", "1,234", "1 234 €", `a "b" & 'c' <d> +1` + "\x00 \xff ü \ufdd0"} {
		var b strings.Builder
		if err := tpl.Execute(&b, s); err != nil {
			t.Fatal(err)
		}
		if got := "<td>" + escapeText(s) + "</td>"; got != b.String() {
			t.Errorf("%q: %q, the template writes %q", s, got, b.String())
		}
	}
}
