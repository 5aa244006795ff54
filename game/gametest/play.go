package gametest

import (
	"encoding/json"

	"rondel/game"
)

// FirstMove returns the first open decision's seat and its first legal
// move (ok false when nobody has anything to decide), so tests can drive
// any game forward without knowing its rules.
func FirstMove(s game.State) (seat int, move json.RawMessage, ok bool) {
	for _, d := range s.ToAct() {
		if moves := s.LegalMoves(d.Seat); len(moves) > 0 {
			return d.Seat, moves[0].Move, true
		}
	}
	return 0, nil, false
}
