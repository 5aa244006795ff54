package selfplay_test

import (
	"bytes"
	"testing"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/record"
	"rondel/game/words"
)

// TestEndNow: every engine scores a position its players agree to end
// (game.Ender) without changing the state, with a place for every seat
// and words every language can say; at the real end it gives the
// game's own result.
func TestEndNow(t *testing.T) {
	cat := words.Default()
	for _, g := range []game.Game{imperial.New(), imperial.New2030(), caesar.New(), gametest.Game{}} {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			opts, err := game.Normalize(info.Options, nil)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(game.Setup{Players: []string{"Ann", "Bob", "Cy"}, Options: opts, Seed: 42})
			if err != nil {
				t.Fatal(err)
			}
			for moves := 0; moves < 20000 && !st.Finished(); moves++ {
				if moves%37 == 0 || moves < 3 {
					checkEndNow(t, cat, st)
				}
				// A spread of legal moves (the first alone may never end
				// a game of Imperial).
				seat := st.ToAct()[0].Seat
				legal := st.LegalMoves(seat)
				if len(legal) == 0 {
					t.Fatalf("no move after %d", moves)
				}
				if st, _, err = st.Apply(seat, legal[(moves*7919)%len(legal)].Move); err != nil {
					t.Fatal(err)
				}
			}
			if !st.Finished() {
				t.Fatal("the game did not end")
			}
			if !record.SameResult(st.(game.Ender).EndNow(), st.Result()) {
				t.Errorf("at the end EndNow %+v, Result %+v", st.(game.Ender).EndNow(), st.Result())
			}
		})
	}
}

func checkEndNow(t *testing.T, cat *words.Catalogue, st game.State) {
	t.Helper()
	e, ok := st.(game.Ender)
	if !ok {
		t.Fatal("the state cannot be ended early")
	}
	before, _ := st.MarshalJSON()
	res := e.EndNow()
	after, _ := st.MarshalJSON()
	if !bytes.Equal(before, after) || st.Finished() {
		t.Fatal("EndNow changed the state")
	}
	if res == nil || len(res.Places) != 3 || len(res.Scores) != 3 {
		t.Fatalf("EndNow: %+v", res)
	}
	first := false
	for _, p := range res.Places {
		if p < 1 || p > 3 {
			t.Fatalf("place %d in %+v", p, res)
		}
		first = first || p == 1
	}
	if !first {
		t.Fatalf("nobody is first: %+v", res)
	}
	if err := cat.Check(res.TieBreak); err != nil {
		t.Errorf("tie-break words: %v", err)
	}
	checkConcluded(t, st, res)
}

// isRealEngine tells the real engines from the take-away test game.
func isRealEngine(st game.State) bool {
	switch st.(type) {
	case *imperial.State, *caesar.State:
		return true
	}
	return false
}

// checkConcluded: the real engines show a position ended by agreement as
// a finished game (game.Concluder) with EndNow's result, asking nobody,
// and leave the state as it was; its board draws.
func checkConcluded(t *testing.T, st game.State, res *game.Result) {
	t.Helper()
	c, ok := st.(game.Concluder)
	if !ok {
		if isRealEngine(st) {
			t.Fatal("a real engine cannot show an agreed end")
		}
		return // the take-away test game need not
	}
	before, _ := st.MarshalJSON()
	end := c.Concluded()
	if after, _ := st.MarshalJSON(); !bytes.Equal(before, after) || st.Finished() {
		t.Fatal("Concluded changed the state")
	}
	if !end.Finished() || len(end.ToAct()) != 0 || !record.SameResult(end.Result(), res) {
		t.Fatalf("Concluded: finished %v, asks %v, result %+v, EndNow %+v", end.Finished(), end.ToAct(), end.Result(), res)
	}
	if d, ok := end.(game.Drawer); ok && d.BoardSVG(0, words.English()) == "" {
		t.Fatal("the concluded board does not draw")
	}
}
