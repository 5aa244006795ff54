package handlers

import (
	"fmt"
	"slices"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/rng"
	"rondel/game/words"
)

// Every decision of self-played games of every game, through the game
// page's form builder: no list is longer than listLimit; every legal move
// can be reached (at once, or after picking its group), no other; the
// buttons of their own are on every view; every move the board shows is
// there for the board's script. An Imperial maneuver is a unit to pick and
// its destinations, with "End the maneuver" a button on every view; an
// import one small choice per unit; a battle or a passage a button per
// answer.
func TestFormsOfSelfPlay(t *testing.T) {
	t.Parallel()
	reg := game.NewRegistry(imperial.New(), imperial.New2030(), caesar.New(), gametest.Game{})
	en := words.English()
	endManeuver := en.Say(words.New("imperial.move.end_maneuver"))
	for _, c := range []struct {
		game    string
		opts    game.Options
		players []int
		moves   int
	}{
		{"imperial", nil, []int{2, 4, 6}, 1500},
		{"imperial", game.Options{"setup": "experienced"}, []int{3}, 300},
		{"imperial2030", nil, []int{3, 5}, 1500},
		{caesar.ID, nil, []int{2, 3, 4, 5}, 400},
		{gametest.ID, nil, []int{2, 3}, 200},
	} {
		g, err := reg.Get(c.game)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, players := range c.players {
			names := []string{"Ann", "Bob", "Cy", "Dora", "Eve", "Fay"}[:players]
			s, err := g.New(game.Setup{Players: names, Options: c.opts, Seed: uint64(players)})
			if err != nil {
				t.Fatal(err)
			}
			src := rng.New(uint64(players) * 7)
			for n := 0; n < c.moves && !s.Finished(); n++ {
				todo := s.ToAct()
				for _, d := range todo {
					kinds[d.Kind]++
					where := fmt.Sprintf("%s, %d players, move %d, seat %d (%s)", c.game, players, n+1, d.Seat, d.Kind)
					views := checkForms(t, where, s, d.Seat)
					if c.game != gametest.ID && d.Kind == "maneuver" {
						for _, v := range views {
							if !slices.ContainsFunc(v.Buttons, func(b moveChoice) bool { return b.Label == endManeuver }) {
								t.Fatalf("%s: a view of the maneuver without the button %q", where, endManeuver)
							}
						}
					}
					if slices.Contains([]string{"battle", "demand-battle", "force-investor", "canal-permission"}, d.Kind) && oneGroup(s.LegalMoves(d.Seat)) &&
						(len(views[0].Groups) != 0 || len(views[0].Buttons) != len(s.LegalMoves(d.Seat))) {
						t.Fatalf("%s: a question is not a button per answer: %d groups, %d buttons", where, len(views[0].Groups), len(views[0].Buttons))
					}
					if d.Kind == "import" && (views[0].Pick != nil || len(views[0].Buttons) != 1) {
						t.Fatalf("%s: the import is not one small choice per unit: %d picks, %d buttons", where, len(views[0].Pick), len(views[0].Buttons))
					}
				}
				d := todo[src.Intn(len(todo))]
				moves := s.LegalMoves(d.Seat)
				if s, _, err = s.Apply(d.Seat, moves[src.Intn(len(moves))].Move); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: decisions seen %v", c.game, kinds)
	}
}

// checkForms builds seat's form as the page does, and the form of each
// group it offers to pick, checks them and returns them.
func checkForms(t *testing.T, where string, s game.State, seat int) []*moveForm {
	t.Helper()
	en := words.English()
	moves := s.LegalMoves(seat)
	f := buildForm(en, "/games/1", 5, nil, moves, withheld(s, seat), "")
	views := []*moveForm{f}
	for _, p := range f.Pick {
		views = append(views, buildForm(en, "/games/1", 5, nil, moves, withheld(s, seat), p.ID))
	}
	offered := map[string]int{}
	for i, v := range views {
		if i > 0 && len(v.Groups) != 1 {
			t.Fatalf("%s: picking %q shows %d groups", where, f.Pick[i-1].Name, len(v.Groups))
		}
		if !slices.EqualFunc(v.Buttons, f.Buttons, func(a, b moveChoice) bool { return a.Value == b.Value && a.Label == b.Label }) {
			t.Fatalf("%s: a view without the buttons %v", where, f.Buttons)
		}
		for _, g := range v.Groups {
			if len(g.Moves) > listLimit {
				t.Fatalf("%s: group %q lists %d moves", where, g.Name, len(g.Moves))
			}
			for _, m := range g.Moves {
				if m.Value != "" {
					offered[m.Value]++
				}
			}
		}
	}
	if len(f.Pick) > listLimit {
		t.Fatalf("%s: %d groups to pick from", where, len(f.Pick))
	}
	for _, b := range f.Buttons {
		offered[b.Value]++
	}
	onBoard := 0
	for _, m := range moves {
		if offered[string(m.Move)] != 1 {
			t.Fatalf("%s: move %s offered %d times", where, m.Move, offered[string(m.Move)])
		}
		if m.Board != nil {
			onBoard++
		}
	}
	if len(offered) != len(moves) {
		t.Fatalf("%s: %d moves offered, %d legal", where, len(offered), len(moves))
	}
	acts := 0
	for _, a := range f.Acts {
		if a.Value != "" {
			acts++
		}
	}
	if acts != onBoard {
		t.Fatalf("%s: %d moves for the board's script, %d on the board", where, acts, onBoard)
	}
	return views
}

// oneGroup reports whether every move is of one group.
func oneGroup(moves []game.LegalMove) bool {
	for _, m := range moves {
		if m.Group.Key() != moves[0].Group.Key() {
			return false
		}
	}
	return true
}
