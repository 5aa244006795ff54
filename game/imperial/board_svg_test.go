package imperial_test

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/game/selfplay"
	"rondel/game/words"
)

var (
	updateBoards = flag.Bool("update", false, "rewrite the golden board pictures in testdata/")
	boardShots   = flag.String("board.html", "", "also write each board picture as an HTML page into this directory (for screenshots)")
)

// boardCase is a position to draw.
type boardCase struct {
	name  string
	state *imperial.State
}

// boardCases: the start of Imperial and of Imperial 2030, and a position
// in the middle of a self-played game of each (fixed seeds), with units,
// factories, flags and bonds spread around the map.
func boardCases(t testing.TB) []boardCase {
	t.Helper()
	reg := game.NewRegistry(imperial.New(), imperial.New2030())
	var out []boardCase
	for _, c := range []struct {
		game    string
		players int
		seed    uint64
		moves   int
	}{
		{"imperial", 4, 11, 0},
		{"imperial", 5, 12, 260},
		{"imperial2030", 3, 13, 0},
		{"imperial2030", 6, 14, 300},
	} {
		var st game.State
		if c.moves == 0 {
			g, err := reg.Get(c.game)
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, c.players)
			for i := range names {
				names[i] = fmt.Sprintf("Player %d", i+1)
			}
			st, err = g.New(game.Setup{Players: names, Seed: c.seed})
			if err != nil {
				t.Fatal(err)
			}
		} else {
			o, err := selfplay.Play(reg, c.game, selfplay.Config{Players: c.players, MaxMoves: c.moves}, c.seed)
			if err != nil {
				t.Fatal(err)
			}
			st = o.Final
		}
		kind := "start"
		if c.moves > 0 {
			kind = "mid"
		}
		out = append(out, boardCase{name: fmt.Sprintf("%s_%s", c.game, kind), state: st.(*imperial.State)})
	}
	return out
}

// TestBoardSVGGolden compares each drawing with its golden file; run with
// -update after an intended change and look at the pictures.
func TestBoardSVGGolden(t *testing.T) {
	for _, c := range boardCases(t) {
		svg := c.state.BoardSVG(0, words.English())
		path := filepath.Join("testdata", "board_"+c.name+".svg")
		if *updateBoards {
			if err := os.WriteFile(path, []byte(svg), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if svg != string(want) {
			t.Errorf("%s differs from %s (run with -update after checking the picture)", c.name, path)
		}
		if again := c.state.BoardSVG(0, words.English()); again != svg {
			t.Errorf("%s: two drawings of one position differ", c.name)
		}
		if *boardShots != "" {
			writeShotPage(t, *boardShots, c.name, svg)
		}
	}
}

func writeShotPage(t *testing.T, dir, name, svg string) {
	t.Helper()
	page := `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>body{margin:0;background:#fff}svg{width:100%;height:auto;display:block}</style>` + svg
	if err := os.WriteFile(filepath.Join(dir, name+".html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBoardSVGWellFormed parses every drawing as XML and checks the pieces
// drawn against the position: one army or fleet icon per unit group, a
// flag per flagged region, a built factory per factory.
func TestBoardSVGWellFormed(t *testing.T) {
	for _, c := range boardCases(t) {
		for _, viewer := range []int{-1, 0, 1} {
			svg := c.state.BoardSVG(viewer, words.English())
			dec := xml.NewDecoder(strings.NewReader(svg))
			depth, roots := 0, 0
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s viewer %d: not well-formed XML: %v", c.name, viewer, err)
				}
				switch el := tok.(type) {
				case xml.StartElement:
					if depth == 0 {
						roots++
						if el.Name.Local != "svg" {
							t.Errorf("%s: root element %s, want svg", c.name, el.Name.Local)
						}
					}
					depth++
				case xml.EndElement:
					depth--
				}
			}
			if roots != 1 {
				t.Errorf("%s: %d root elements, want one <svg>", c.name, roots)
			}
		}
	}
}

// TestBoardSVGShowsPosition counts what is drawn against the summary.
func TestBoardSVGShowsPosition(t *testing.T) {
	for _, c := range boardCases(t) {
		svg := c.state.BoardSVG(-1, words.English())
		sum := c.state.Summarize()
		lying, standing, fleets, flags, factories := 0, 0, 0, 0, 0
		for _, n := range sum.Nations {
			flags += len(n.Flags)
			factories += len(n.Factories)
			for _, u := range n.Units {
				if u.Armies-u.Hostile > 0 {
					lying++
				}
				if u.Hostile > 0 {
					standing++
				}
				if u.Fleets > 0 {
					fleets++
				}
			}
		}
		// One placed icon per nation's group of a kind in a region (the
		// legend draws its own, written out).
		for _, k := range []struct {
			what  string
			icon  string
			count int
		}{
			{"friendly (lying) armies", `<use href="#imp-al"`, lying},
			{"hostile (standing) armies", `<use href="#imp-as"`, standing},
			{"fleets", `<use href="#imp-fl"`, fleets},
		} {
			if got := strings.Count(svg, k.icon); got != k.count {
				t.Errorf("%s: %d icons of %s, position has %d groups", c.name, got, k.what, k.count)
			}
		}
		for _, r := range c.state.Board().Regions {
			if !strings.Contains(svg, ">"+escapeText(r.Name)+"<") {
				t.Errorf("%s: region %s is not labelled %q", c.name, r.ID, r.Name)
			}
		}
		if got := strings.Count(svg, `<use href="#imp-fg"`); got != flags {
			t.Errorf("%s: %d flags drawn, position has %d", c.name, got, flags)
		}
		built := regexp.MustCompile(`<use href="#imp-f[as]1"`).FindAllString(svg, -1)
		if got := len(built); got != factories {
			t.Errorf("%s: %d factories drawn, position has %d", c.name, got, factories)
		}
		for id, n := range sum.Nations {
			if !strings.Contains(svg, ">"+strconv.Itoa(n.Treasury)+"M<") {
				t.Errorf("%s: treasury of %s (%dM) not shown", c.name, id, n.Treasury)
			}
		}
		for _, d := range c.state.ToAct() {
			if !strings.Contains(svg, escapeText(words.English().Say(d.Prompt))) && !strings.Contains(svg, "to act") {
				t.Errorf("%s: who must act is not shown", c.name)
			}
		}
	}
}

func escapeText(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	return r.Replace(s)
}

// TestBoardSVGEscapesNames: player names are user input; they must reach
// the page as text, never as markup.
func TestBoardSVGEscapesNames(t *testing.T) {
	evil := []string{`<script>alert("x")</script>`, `Bob & "Co" <b>`, `Ann'); --`}
	for _, id := range []string{"imperial", "imperial2030"} {
		g, err := game.NewRegistry(imperial.New(), imperial.New2030()).Get(id)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(game.Setup{Players: evil, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		svg := st.(*imperial.State).BoardSVG(0, words.English())
		if strings.Contains(svg, "<script") || strings.Contains(svg, "<b>") {
			t.Errorf("%s: a player name reached the SVG as markup", id)
		}
		if !strings.Contains(svg, "&lt;script&gt;") || !strings.Contains(svg, "(you)") {
			t.Errorf("%s: the escaped name is missing", id)
		}
		if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
			t.Errorf("%s: not well-formed with hostile names: %v", id, err)
		}
	}
}

// TestBoardSVGTextSize: no text smaller than 11 units, so it is at least
// 11 px when the 1000-unit-wide picture is shown 1000 px wide.
func TestBoardSVGTextSize(t *testing.T) {
	sizes := regexp.MustCompile(`font-size="([0-9.]+)"`)
	for _, c := range boardCases(t) {
		svg := c.state.BoardSVG(0, words.English())
		if !strings.Contains(svg, `viewBox="0 0 1000 `) {
			t.Errorf("%s: the picture is not 1000 units wide", c.name)
		}
		for _, m := range sizes.FindAllStringSubmatch(svg, -1) {
			if v, _ := strconv.ParseFloat(m[1], 64); v < 11 {
				t.Errorf("%s: text of size %s", c.name, m[1])
				break
			}
		}
	}
}

// BenchmarkBoardSVG draws a mid-game Imperial 2030 board (the larger map),
// as the game page does on every view.
func BenchmarkBoardSVG(b *testing.B) {
	st := boardCases(b)[3].state
	b.ReportAllocs()
	for b.Loop() {
		_ = st.BoardSVG(0, words.English())
	}
}

// BenchmarkPositionSVG draws a mid-game Imperial 2030 board's position
// over its map file, as a game page's first view does.
func BenchmarkPositionSVG(b *testing.B) {
	st := boardCases(b)[3].state
	b.ReportAllocs()
	for b.Loop() {
		_ = st.PositionSVG(0, words.English(), "/static/map.svg")
	}
}
