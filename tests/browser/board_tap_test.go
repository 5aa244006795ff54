package browser

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
)

// TestPhoneFirstTap: on a phone (touch screen, 390×844) a unit tapped
// once on the board fitted to the screen's width is chosen and its
// destinations lit, and nothing above the board moves between the finger
// going down and the click; a tap on a destination then plays the move.
// The page never scrolls sideways and the position strip is on its first
// screen. Screenshots of the same page at 390
// and 1280 px stay in testdata-artifacts/browser/tap; axe-core checks the
// laptop's page (its footer's language switch too).
func TestPhoneFirstTap(t *testing.T) {
	reg := game.NewRegistry(imperial.New())
	srv := startServer(t, reg)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/tap")
	var maneuver decision
	for _, dc := range decisions() {
		if dc.name == "maneuver" {
			maneuver = dc
		}
	}
	pos := find(t, reg, maneuver.q)
	seat := pos.d.Seat
	legal := pos.state.LegalMoves(seat)
	lm, ok := maneuver.move(legal)
	if !ok || lm.Board.Target == "" {
		t.Fatalf("no unit to move by two taps: %+v", lm)
	}
	run := srv.start(pos, "tap")
	look := srv.start(pos, "tap shots")
	tasks := []task{
		{Name: "tap", Session: run.sessions[seat], Path: run.path(), Width: 390, Height: 844, JS: true, Touch: true,
			Steps: []step{{Shot: "tap-idle-390"}, {Tap: selector(lm.Board.Pick)}, {Report: true}, {Shot: "tap-chosen-390"},
				{Tap: selector(lm.Board.Target), Nav: true}, {Report: true}}},
		{Name: "tap laptop", Session: look.sessions[seat], Path: look.path(), Width: 1280, Height: 900, JS: true, Axe: true,
			Steps: []step{{Shot: "tap-idle-1280"}, {Axe: true}}},
	}
	all := srv.act(dir, tasks)
	for _, v := range all["tap laptop"].Seen[0].Axe {
		t.Errorf("axe: %s (%s): %s\n  %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
	}
	got := all["tap"].Seen
	if len(got) != 2 {
		t.Fatalf("the tap task reported %d times", len(got))
	}
	chosen, after := got[0], got[1]
	if chosen.TapShift == nil || *chosen.TapShift != 0 {
		t.Errorf("the board moved %v px between touchstart and click", chosen.TapShift)
	}
	if chosen.HitMin == nil || *chosen.HitMin < 24 {
		t.Errorf("a unit marked on the phone is %s px across at its narrowest, under 24", fmtPtr(chosen.HitMin))
	}
	if chosen.ScrollWidth > 390 {
		t.Errorf("the phone's page is %d px wide: it scrolls sideways", chosen.ScrollWidth)
	}
	if l := chosen.Layout; l == nil || l.Strip == nil || l.Strip.Y+l.Strip.H > l.Height {
		t.Errorf("the position strip is not on the phone's first screen: %+v", l)
	}
	if chosen.Tinted != 0 {
		t.Errorf("%d of the chosen unit's and destinations' rings tint the board: the owners' colours change under them", chosen.Tinted)
	}
	if chosen.Chosen != 1 || chosen.Targets == 0 {
		t.Errorf("a unit tapped once: %d chosen, %d destinations lit; the bar says %q", chosen.Chosen, chosen.Targets, chosen.Bar)
	}
	if m := run.lastMove(); !jsonEqual(m, string(lm.Move)) {
		t.Errorf("the move stored is %s, not %s", m, lm.Move)
	}
	if after.Happened == "" || after.Error != "" || !strings.Contains(after.URL, run.path()) {
		t.Errorf("after the destination tap: %q, error %q at %s", after.Happened, after.Error, after.URL)
	}
}

func fmtPtr(f *float64) string {
	if f == nil {
		return "nil"
	}
	return strconv.FormatFloat(*f, 'f', 1, 64)
}
