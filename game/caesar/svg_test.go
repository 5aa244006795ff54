package caesar

import (
	"encoding/xml"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"slices"
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

// TestDrawTrackAsFmtWrote: the score track written on the stack is what
// fmt wrote, for positions at the start, waiting for a choice, in the
// middle and at the end of games of three to five players, for every
// seat and a spectator, in every language.
func TestDrawTrackAsFmtWrote(t *testing.T) {
	states := fuzzStates(t)
	for _, players := range []int{3, 4, 5} {
		setup := setupFor(players, 7, nil)
		setup.Players[0] = `<Ann & "Co"> with a name longer than the track's cell`
		states = append(states, playRandom(t, setup, nil).final)
	}
	for _, s := range states {
		for _, lang := range words.Languages {
			sp := words.Default().Speaker(lang, s.d.Players)
			for viewer := -1; viewer < len(s.d.Players); viewer++ {
				var got, want strings.Builder
				s.drawTrack(&got, viewer, sp)
				s.drawTrackFmt(&want, viewer, sp)
				if got.String() != want.String() {
					t.Fatalf("%s, viewer %d:\n%s\nfmt wrote\n%s", lang, viewer, got.String(), want.String())
				}
			}
		}
	}
}

// drawTrackFmt is drawTrack as it was written through fmt: the
// reference the faster one must match byte for byte.
func (s *State) drawTrackFmt(w *strings.Builder, viewer int, sp *words.Speaker) {
	top := s.b.Height
	left, right := 30.0, float64(s.b.Width-30)
	scores, limit := s.trackScale()
	x := func(p int) float64 { return left + (right-left)*float64(p)/float64(limit) }
	y := float64(top + 28)
	fmt.Fprintf(w, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#6b5a3a" stroke-width="2"/>`, left, y, right, y)
	for p := 0; p <= limit; p += 5 {
		tick := 4.0
		if p%10 == 0 {
			tick = 7
			fmt.Fprintf(w, `<text x="%.1f" y="%.0f" font-size="9" text-anchor="middle" fill="#444">%d</text>`, x(p), y+18, p)
		}
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#6b5a3a"/>`, x(p), y-tick, x(p), y+tick)
	}
	// Markers on the same or nearby points sit side by side above the line,
	// staying inside the band (a stack would climb into the map).
	var placed []float64
	for seat, p := range scores {
		cx := x(p)
		for slices.ContainsFunc(placed, func(o float64) bool { return math.Abs(o-cx) < 11 }) {
			cx += 11
		}
		placed = append(placed, cx)
		fmt.Fprintf(w, `<circle cx="%.1f" cy="%.0f" r="6" fill="%s" stroke="#111"/>`, cx, y-13, playerFill[playerColours[seat]])
	}
	title := "caesar.board.track"
	if s.d.Over {
		title = "caesar.board.final"
	}
	fmt.Fprintf(w, `<text x="%.0f" y="%d" font-size="11" fill="#222">%s</text>`, left, top+60, html.EscapeString(sp.T(title)))
	for seat := range s.d.Players {
		lx := left + float64(seat)*float64(s.b.Width-60)/float64(len(s.d.Players))
		weight := "normal"
		if seat == viewer {
			weight = "bold"
		}
		marker := ""
		if seat == s.d.Turn && !s.d.Over {
			marker = " ◀"
		}
		// Two lines, so that five players with long names still fit side by side.
		fmt.Fprintf(w, `<rect x="%.0f" y="%d" width="12" height="12" fill="%s" stroke="#111"/>`, lx, top+72, playerFill[playerColours[seat]])
		fmt.Fprintf(w, `<text x="%.0f" y="%d" font-size="11" font-weight="%s" fill="#222">%s%s</text>`,
			lx+17, top+82, weight, html.EscapeString(shorten(sp.SeatName(seat), 22)), marker)
		line := words.New("caesar.board.player").With("points", countText("caesar.count.points", scores[seat])).
			With("roads", countText("caesar.count.roads_left", s.d.RoadsLeft[seat]))
		fmt.Fprintf(w, `<text x="%.0f" y="%d" font-size="11" fill="#222">%s</text>`, lx+17, top+97, html.EscapeString(sp.Say(line)))
	}
}
