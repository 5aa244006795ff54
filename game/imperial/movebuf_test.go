package imperial

import (
	"encoding/json"
	"os"
	"testing"

	"rondel/game"
	"rondel/game/record"
)

// TestListMovesIntoOneBufferIsLegalMoves replays the stored 6-player game
// and, at every position, lists every seat's moves into one MoveBuf reused
// from position to position: the list must be LegalMoves' list, move for
// move (JSON, label, group, board act, pass), however much the buffer held
// before. A stale byte of an earlier list would show here.
func TestListMovesIntoOneBufferIsLegalMoves(t *testing.T) {
	var buf game.MoveBuf
	lists := 0
	moves := eachSeatOfStoredGame6(t, func(i int, gs *State, seat int) {
		legal, lent := gs.LegalMoves(seat), game.ListMoves(gs, &buf, seat)
		if len(legal) == 0 && len(lent) == 0 {
			return // nil or empty: an empty list may be either
		}
		want, err := json.Marshal(legal)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(lent)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("move %d, seat %d: the lent buffer lists\n%s\nLegalMoves lists\n%s", i, seat, got, want)
		}
		lists++
	})
	if lists < moves {
		t.Fatalf("only %d non-empty lists compared over %d moves", lists, moves)
	}
}

// eachSeatOfStoredGame6 replays the stored 6-player game and calls each
// for every seat at every position; it returns the game's moves.
func eachSeatOfStoredGame6(t *testing.T, each func(i int, gs *State, seat int)) int {
	t.Helper()
	data, err := os.ReadFile("testdata/bench-game6.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	_, err = record.ReplayEach(game.NewRegistry(New()), rec, func(i int, gs game.State, _ []game.Event) error {
		for seat := range gs.(*State).Players {
			each(i, gs.(*State), seat)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(rec.Moves)
}
