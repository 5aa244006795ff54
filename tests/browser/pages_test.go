package browser

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
)

// TestPagesInChromium checks the pages a member uses with axe-core
// (WCAG 2 A and AA, JavaScript on): the game page with its clickable
// board while a unit is chosen, the new game form, the member's games,
// a game's history and the settings, at a laptop's and a phone's width.
// The board is played by the keyboard alone: the unit focused and
// chosen with Enter, then its destination. Every page fits a phone's
// screen (390 px), and the menu takes one line (folded on the phone).
// Screenshots stay in testdata-artifacts/browser/pages.
func TestPagesInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	srv := serve(t, reg, true)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/pages")
	var maneuver decision
	for _, dc := range decisions() {
		if dc.name == "maneuver" {
			maneuver = dc
		}
	}
	pos := find(t, reg, maneuver.q)
	seat := pos.d.Seat
	r := srv.start(pos, "Accessible maneuver")
	lm, _ := maneuver.move(pos.state.LegalMoves(seat))
	me := r.sessions[seat]
	game := r.path()

	var tasks []task
	// The board by keyboard, checked by axe with a unit chosen.
	tasks = append(tasks, task{Name: "game", Session: me, Path: game, Width: 1280, JS: true, Axe: true, Steps: []step{
		{Focus: ring(lm.Board.Pick)}, {Press: "Enter"}, {Report: true}, {Axe: true}, {Shot: "game-keyboard-1280"},
		{Focus: ring(lm.Board.Target)}, {Press: "Enter", Nav: true}, {Report: true}, {Axe: true},
	}})
	for _, p := range []struct{ name, path string }{
		{"new-game", "/games/new"}, {"games", "/"}, {"history", game + "/history"}, {"settings", "/settings"},
	} {
		for _, w := range []int{1280, 390} {
			tasks = append(tasks, task{Name: fmt.Sprintf("%s-%d", p.name, w), Session: me, Path: p.path, Width: w, Height: 844, JS: true, Axe: true,
				Steps: []step{{Report: true}, {Axe: true}, {Shot: fmt.Sprintf("%s-%d", p.name, w)}}})
		}
	}
	tasks = append(tasks, task{Name: "menu-390", Session: me, Path: "/", Width: 390, Height: 844, JS: true, Axe: true,
		Steps: []step{{Click: "details.menu-fold > summary"}, {Report: true}, {Axe: true}, {Shot: "menu-open-390"}}})
	// Every other page at a phone's width.
	for _, p := range []struct {
		name, path, session string
		status              int
	}{
		{"game-390", game, me, 0}, {"game-notify", game + "/notify", me, 0}, {"ladders", "/ladder", me, 0},
		{"ladder", "/ladder/imperial", me, 0}, {"player", fmt.Sprintf("/players/%d", r.seats[seat].UserID), me, 0},
		{"notify-settings", "/notify/settings", me, 0}, {"outbox", "/outbox", me, 0},
		{"signin", "/signin", "", 0}, {"no-such-game", "/games/9999", me, 404},
	} {
		tasks = append(tasks, task{Name: p.name, Session: p.session, Path: p.path, Width: 390, Height: 844, JS: true, Status: p.status,
			Steps: []step{{Report: true}, {Shot: p.name}}})
	}
	got := srv.act(dir, tasks)

	if m := r.lastMove(); !jsonEqual(m, string(lm.Move)) {
		t.Errorf("by the keyboard: the move stored is %s, not %s", m, lm.Move)
	}
	if chosen := got["game"].Seen[0]; chosen.Chosen != 1 || chosen.Targets == 0 {
		t.Errorf("by the keyboard: Enter on the unit shows %d chosen, %d destinations", chosen.Chosen, chosen.Targets)
	}
	for _, tk := range tasks {
		for i, s := range got[tk.Name].Seen {
			for _, v := range s.Axe {
				t.Errorf("%s: axe: %s (%s): %s\n  %s", tk.Name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
			}
			if s.Axe != nil || i > 0 && tk.Name != "game" {
				continue
			}
			if s.ScrollWidth > tk.Width {
				t.Errorf("%s: the page is %d px wide in a %d px window", tk.Name, s.ScrollWidth, tk.Width)
			}
			if s.NavHeight > 60 {
				t.Errorf("%s: the menu is %.0f px high: more than one line", tk.Name, s.NavHeight)
			}
		}
	}
}

// ring is the keyboard's stop for what a board reference names: the
// highlight the page's script draws over it, named as its move.
func ring(ref string) string {
	return fmt.Sprintf(`svg .act-ring[role="button"][data-ref=%q]`, ref)
}
