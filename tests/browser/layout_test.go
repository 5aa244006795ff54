package browser

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/words"
)

// layoutCase is one kind of game's page whose first screen is checked.
type layoutCase struct {
	name string
	q    search
}

// layoutCases: a decision of each kind of game, one with moves on the
// board.
func layoutCases() []layoutCase {
	var maneuver search
	for _, dc := range decisions() {
		if dc.name == "maneuver" {
			maneuver = dc.q
		}
	}
	onRondel := func(s game.State, d game.Decision) bool {
		p, _ := s.(game.Progresser)
		return d.Kind == "rondel" && p != nil && p.Progress().Round >= 2
	}
	return []layoutCase{
		{"imperial", maneuver},
		{"imperial2030", search{game: "imperial2030", stop: onRondel, seeds: 5, maxMove: 400}},
		{"caesar", search{game: caesar.ID, seeds: 10, maxMove: 100, stop: has("connect")}},
	}
}

// TestLayoutInChromium: the board large, the decision beside it. At a
// laptop's 1280×900 the decision form and the map lie inside the first
// viewport and the board is drawn at least 0.6 of the window's width
// (also at 1024×768, 1440×900 and 1920×1080); on a phone's 390×844 (touch) the page never scrolls
// sideways, the position strip is in the first viewport and the board is
// fitted to the screen's width (with and without JavaScript). Screenshots
// of every kind of game at both sizes stay in
// testdata-artifacts/browser/layout (whole pages, and the first screens
// alone: *-view).
func TestLayoutInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	srv := startServer(t, reg)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/layout")
	cases := layoutCases()
	var tasks []task
	for _, c := range cases {
		pos := find(t, reg, c.q)
		r := srv.start(pos, "Layout "+c.name)
		me := r.sessions[pos.d.Seat]
		for _, sz := range []struct {
			w, h  int
			touch bool
		}{{1280, 900, false}, {390, 844, true}, {1024, 768, false}, {1440, 900, false}, {1920, 1080, false}} {
			name := fmt.Sprintf("%s-%d", c.name, sz.w)
			tasks = append(tasks, task{Name: name, Session: me, Path: r.path(), Width: sz.w, Height: sz.h, JS: true, Touch: sz.touch, Axe: true,
				Steps: []step{{Report: true}, {Shot: name + "-view", View: true}, {Shot: name}, {Axe: true}}})
		}
		// zoomed with + (zoom.js): the board grows inside its box
		tasks = append(tasks, task{Name: c.name + "-390-zoom", Session: me, Path: r.path(), Width: 390, Height: 844, JS: true, Touch: true,
			Steps: []step{{Report: true}, {Button: words.English().T("pages.board.zoom_in")}, {Button: words.English().T("pages.board.zoom_in")},
				{Report: true}, {Shot: c.name + "-390-zoomed", Of: "section.board"}}})
		tasks = append(tasks, task{Name: c.name + "-390-nojs", Session: me, Path: r.path(), Width: 390, Height: 844, Touch: true,
			Steps: []step{{Report: true}, {Shot: c.name + "-390-nojs-view", View: true}}})
	}
	got := srv.act(dir, tasks)
	for _, c := range cases {
		for _, w := range []string{"1280", "390", "390-nojs", "1024", "1440", "1920"} {
			name := c.name + "-" + w
			seen := got[name].Seen
			if len(seen) == 0 {
				t.Errorf("%s: nothing seen", name)
				continue
			}
			for _, s := range seen[1:] {
				for _, v := range s.Axe {
					t.Errorf("%s: axe: %s (%s): %s\n  %s", name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
				}
			}
			checkLayout(t, name, c, seen[0])
		}
		checkZoom(t, c.name+"-390-zoom", got[c.name+"-390-zoom"].Seen)
	}
}

// checkLayout checks a page's first screen as seen at its first report.
func checkLayout(t *testing.T, name string, c layoutCase, s seen) {
	t.Helper()
	l := s.Layout
	if l == nil {
		t.Errorf("%s: no layout reported", name)
		return
	}
	inView := func(what string, b *box) {
		if b == nil {
			t.Errorf("%s: no %s on the page", name, what)
			return
		}
		if b.X < 0 || b.Y < 0 || b.X+b.W > l.Width+0.5 || b.Y+b.H > l.Height+0.5 || b.W < 1 || b.H < 1 {
			t.Errorf("%s: the %s (%.0f,%.0f %.0f×%.0f) is not inside the first %.0f×%.0f screen", name, what, b.X, b.Y, b.W, b.H, l.Width, l.Height)
		}
	}
	if s.ScrollWidth > int(l.Width) {
		t.Errorf("%s: the page is %d px wide in a %.0f px window", name, s.ScrollWidth, l.Width)
	}
	if l.Width > 1000 {
		// The board takes most of the width (its names readable), so its
		// lower panel (the rondel, the tracks) lies a scroll below.
		if l.Height >= 900 {
			inView("decision form", l.Decide)
		} else if l.Decide == nil || l.Decide.Y+40 > l.Height {
			// a short screen: a long list of choices may run below it
			t.Errorf("%s: the decision form does not begin on the first screen: %+v", name, l.Decide)
		}
		inView("map", l.Map)
		// (the page's text column is at most 100 rem wide)
		if l.Board == nil || l.Board.W < 0.6*min(l.Width, 1600) {
			t.Errorf("%s: the board is drawn narrower than 0.6 of the %.0f px window: %+v", name, l.Width, l.Board)
		}
		return
	}
	inView("position strip", l.Strip)
	if l.Board == nil || l.Board.W > l.Width || l.Board.W < l.Width*0.85 {
		t.Errorf("%s: the board is not fitted to the %.0f px screen: %+v", name, l.Width, l.Board)
	}
}

// checkZoom: two clicks on + make the board 2.25 times as wide inside a
// box that keeps its place and size; the page still fits the screen.
func checkZoom(t *testing.T, name string, seen []seen) {
	t.Helper()
	if len(seen) != 2 || seen[0].Layout == nil || seen[1].Layout == nil || seen[0].Layout.Board == nil || seen[1].Layout.Board == nil {
		t.Errorf("%s: %+v", name, seen)
		return
	}
	before, after := seen[0].Layout.Board, seen[1].Layout.Board
	if r := after.W / before.W; r < 2.2 || r > 2.3 {
		t.Errorf("%s: two zooms in made the board %.0f px wide from %.0f", name, after.W, before.W)
	}
	if seen[1].ScrollWidth > 390 {
		t.Errorf("%s: zoomed, the page is %d px wide", name, seen[1].ScrollWidth)
	}
}
