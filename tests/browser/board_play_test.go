package browser

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/imperial"
	"rondel/game/words"
)

// decision is a kind of decision the board's test shows and plays.
type decision struct {
	name string
	q    search
	// move chooses the move to make by clicks on the board and, without
	// JavaScript, through the form; nil: the decision is only shown (it
	// is a question answered in the form).
	move func(legal []game.LegalMove) (game.LegalMove, bool)
}

// onBoard finds a move the board shows that ok accepts.
func onBoard(ok func(m game.LegalMove, legal []game.LegalMove) bool) func([]game.LegalMove) (game.LegalMove, bool) {
	return func(legal []game.LegalMove) (game.LegalMove, bool) {
		for _, m := range legal {
			if m.Board != nil && ok(m, legal) {
				return m, true
			}
		}
		return game.LegalMove{}, false
	}
}

// sharing counts the moves made by the same clicks as m.
func sharing(m game.LegalMove, legal []game.LegalMove) int {
	n := 0
	for _, o := range legal {
		if o.Board != nil && *o.Board == *m.Board {
			n++
		}
	}
	return n
}

func has(kind string) func(game.State, game.Decision) bool {
	return func(_ game.State, d game.Decision) bool { return d.Kind == kind }
}

// decisions: every kind of decision of Imperial, Imperial 2030 and Cäsars
// Imperium. Those with a move are played by clicks on the board (with
// JavaScript) and through the form (without).
func decisions() []decision {
	alone := onBoard(func(m game.LegalMove, legal []game.LegalMove) bool { return sharing(m, legal) == 1 })
	withTarget := onBoard(func(m game.LegalMove, legal []game.LegalMove) bool {
		return m.Board.Target != "" && !strings.HasPrefix(m.Board.Pick, m.Board.Target+" ") && sharing(m, legal) == 1
	})
	asked := onBoard(func(m game.LegalMove, legal []game.LegalMove) bool { return sharing(m, legal) > 1 })
	movable := func(pick func([]game.LegalMove) (game.LegalMove, bool)) func(game.State, game.Decision) bool {
		return func(s game.State, d game.Decision) bool {
			_, ok := pick(s.LegalMoves(d.Seat))
			return ok
		}
	}
	onRondel := func(s game.State, d game.Decision) bool {
		w, _ := s.(game.Withholder)
		return d.Kind == "rondel" && w != nil && len(w.Withheld(d.Seat)) > 1
	}
	return []decision{
		{"rondel", search{game: "imperial", stop: onRondel, seeds: 5, maxMove: 200}, alone},
		{"import", search{game: "imperial", prefer: []string{`"import"`}, seeds: 10, maxMove: 300,
			stop: func(s game.State, d game.Decision) bool { return d.Kind == "import" && movable(asked)(s, d) }}, asked},
		{"factory", search{game: "imperial", prefer: []string{`"factory"`}, seeds: 10, maxMove: 300,
			stop: func(s game.State, d game.Decision) bool { return d.Kind == "factory" && movable(alone)(s, d) }}, alone},
		{"maneuver", search{game: "imperial", prefer: []string{"maneuver", `"army"`, `"fleet"`}, seeds: 10, maxMove: 400,
			stop: func(s game.State, d game.Decision) bool {
				return d.Kind == "maneuver" && len(s.LegalMoves(d.Seat)) > 30 && movable(withTarget)(s, d)
			}}, withTarget},
		{"battle", search{game: "imperial", prefer: []string{"maneuver", `"army"`, `"fleet"`}, seeds: 10, maxMove: 600, stop: has("battle")}, nil},
		{"investor", search{game: "imperial", prefer: []string{"investor"}, seeds: 10, maxMove: 300, stop: has("invest")}, nil},
		{"swiss-bank", search{game: "imperial2030", prefer: []string{"investor"}, seeds: 30, maxMove: 1500, stop: has("force-investor")}, nil},
		{"canal", search{game: "imperial2030", prefer: []string{"maneuver", `"army"`, `"fleet"`}, seeds: 30, maxMove: 1500, stop: has("canal-permission")}, nil},
		{"caesar-connect", search{game: caesar.ID, seeds: 10, maxMove: 100,
			stop: func(s game.State, d game.Decision) bool { return d.Kind == "connect" && movable(asked)(s, d) }}, asked},
	}
}

// TestBoardInChromium shows every kind of decision at a laptop's and a
// phone's width with JavaScript on, and makes the moves the board shows
// by clicking it (a rondel space, a province to import into, a city for a
// factory, a unit and its destination, a city to connect, with the
// choice of two moves made by the same clicks): the move stored is the
// one clicked. The same decisions, reached in a second game, are made
// through the forms with JavaScript off. Screenshots stay in
// testdata-artifacts/browser/board.
func TestBoardInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New())
	srv := startServer(t, reg)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/board")
	en := words.English()
	type played struct {
		game *gameRun
		move game.LegalMove
	}
	plays := map[string]played{}
	var tasks []task
	for _, dc := range decisions() {
		pos := find(t, reg, dc.q)
		seat := pos.d.Seat
		on := srv.start(pos, dc.name+" with JavaScript")
		shots := task{Name: dc.name + " shots", Session: on.sessions[seat], Path: on.path(), Width: 390, Height: 844, JS: true, Axe: true,
			Steps: []step{{Shot: dc.name + "-390"}, {Report: true}, {Axe: true}}}
		tasks = append(tasks, shots)
		laptop := task{Name: dc.name + " board", Session: on.sessions[seat], Path: on.path(), Width: 1280, JS: true,
			Steps: []step{{Shot: dc.name + "-1280"}, {Report: true}}}
		if dc.move == nil {
			tasks = append(tasks, laptop)
			continue
		}
		legal := pos.state.LegalMoves(seat)
		lm, _ := dc.move(legal)
		clicks := clickSteps(lm, legal)
		// the shot after the first click: what is chosen, where it may go
		laptop.Steps = append(laptop.Steps, clicks[0], step{Shot: dc.name + "-chosen-1280"})
		laptop.Steps = append(laptop.Steps, clicks[1:]...)
		laptop.Steps = append(laptop.Steps, step{Report: true})
		tasks = append(tasks, laptop)
		plays[dc.name+" board"] = played{on, lm}

		off := srv.start(pos, dc.name+" without JavaScript")
		tasks = append(tasks, task{Name: dc.name + " form", Session: off.sessions[seat], Path: off.path(), Width: 1280, JS: false,
			Steps: []step{{Form: string(lm.Move), Group: en.Say(lm.Group), Nav: true}, {Report: true}}})
		plays[dc.name+" form"] = played{off, lm}
	}
	got := srv.act(dir, tasks)
	for name, p := range plays {
		if m := p.game.lastMove(); !jsonEqual(m, string(p.move.Move)) {
			t.Errorf("%s: the move stored is %s, not %s (%s)", name, m, p.move.Move, en.Say(p.move.Label))
		}
		last := got[name].Seen[len(got[name].Seen)-1]
		if last.Happened == "" || last.Error != "" {
			t.Errorf("%s: after the move the page says %q, error %q", name, last.Happened, last.Error)
		}
	}
	checkBoardSeen(t, got)
}

// checkBoardSeen checks what the board showed while it was clicked.
func checkBoardSeen(t *testing.T, got map[string]taskSeen) {
	en := words.English()
	for _, dc := range decisions() {
		shots := got[dc.name+" shots"].Seen[0]
		if shots.ScrollWidth > 390 {
			t.Errorf("%s: the page is %d px wide on a 390 px phone", dc.name, shots.ScrollWidth)
		}
		for _, v := range got[dc.name+" shots"].Seen[1].Axe {
			t.Errorf("%s: axe: %s (%s): %s\n  %s", dc.name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
		}
		if dc.move == nil {
			continue
		}
		board := got[dc.name+" board"].Seen
		idle, chosen := board[0], board[1]
		if idle.Picks == 0 || idle.Focusable < idle.Picks || !strings.Contains(idle.Bar, en.T("pages.board.idle")) {
			t.Errorf("%s: before a click the board offers %d things (%d for the keyboard), the bar says %q", dc.name, idle.Picks, idle.Focusable, idle.Bar)
		}
		if !slices.Contains(chosen.BarButtons, en.T("pages.board.cancel")) {
			t.Errorf("%s: after the first click the bar offers %v", dc.name, chosen.BarButtons)
		}
		switch dc.name {
		case "rondel":
			if idle.Off < 2 || len(idle.OffNames) != idle.Off || len(idle.Why) < 2 {
				t.Errorf("rondel: %d spaces shown out of reach (%v), the form says %v", idle.Off, idle.OffNames, idle.Why)
			}
			if !slices.Contains(chosen.BarButtons, en.T("pages.game.play")) {
				t.Errorf("rondel: a space clicked once offers %v", chosen.BarButtons)
			}
		case "maneuver":
			if chosen.Chosen != 1 || chosen.Targets == 0 {
				t.Errorf("maneuver: a unit clicked shows %d chosen and %d destinations", chosen.Chosen, chosen.Targets)
			}
		case "import", "caesar-connect":
			if len(chosen.BarButtons) < 3 {
				t.Errorf("%s: a click for several moves asks %v", dc.name, chosen.BarButtons)
			}
		}
	}
}
