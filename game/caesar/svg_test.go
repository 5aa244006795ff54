package caesar

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"rondel/game/words"
)

var svgOut = flag.String("caesar.svg", "", "write the boards of finished 3- and 4-player games to files with this prefix")

// TestBoardSVG checks the drawing is well-formed XML, shows every city and
// road slot, escapes player names, and fills built slots in player colours.
func TestBoardSVGPending(t *testing.T) {
	pending := 0
	for _, s := range fuzzStates(t) {
		if s.d.Pending != "" {
			pending++
		}
		svg := s.BoardSVG(-1, words.English())
		if got := strings.Count(svg, `stroke-dasharray="5 3"`); (s.d.Pending != "") != (got == 1) {
			t.Errorf("pending %q, %d marks drawn", s.d.Pending, got)
		}
	}
	if pending == 0 {
		t.Fatal("no position with a pending choice to draw")
	}
}

func TestBoardSVG(t *testing.T) {
	for _, players := range []int{3, 4} {
		setup := setupFor(players, 7, nil)
		setup.Players[0] = `<Ann & "Co">`
		s := playRandom(t, setup, nil).final
		svg := s.BoardSVG(0, words.English().WithNames(s.d.Players))
		wellFormed(t, svg)
		if strings.Contains(svg, `<Ann`) || !strings.Contains(svg, "&lt;Ann &amp;") {
			t.Error("player name is not escaped")
		}
		for _, c := range s.b.Cities {
			if !strings.Contains(svg, ">"+c.Name+"<") {
				t.Errorf("city %s not drawn", c.Name)
			}
		}
		slots := 0
		for _, r := range s.b.Routes {
			slots += r.Roads
		}
		if got := strings.Count(svg, `<rect x="-9"`); got != slots {
			t.Errorf("%d road slots drawn, board has %d", got, slots)
		}
		built := 0
		for ri, o := range s.d.Built {
			if o >= 0 {
				built += s.b.Routes[ri].Roads
			}
		}
		filled := 0
		for _, c := range playerColours[:4] {
			filled += strings.Count(svg, `fill="`+playerFill[c]+`" stroke="#111" stroke-width="1.2"`)
		}
		if filled != built {
			t.Errorf("%d slots filled in player colours, %d roads built", filled, built)
		}
		if *svgOut != "" {
			if err := os.WriteFile(fmt.Sprintf("%s-%d.svg", *svgOut, players), []byte(svg), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// wellFormed fails t unless svg is well-formed XML.
func wellFormed(t *testing.T, svg string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
	}
}

// BenchmarkPositionSVG draws a finished 4-player game's position over its
// map file, as a game page's first view does (most views are of finished
// games).
func BenchmarkPositionSVG(b *testing.B) {
	s := playRandom(b, setupFor(4, 7, nil), nil).final
	sp := words.English().WithNames(s.d.Players)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.PositionSVG(0, sp, "/static/map.svg")
	}
}
