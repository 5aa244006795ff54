package record

import (
	"encoding/json"
	"fmt"

	"rondel/game"
)

// Take-backs. A player may take back their own last move while nobody has
// acted since; the log stays append-only, so the take-back is an entry of
// its own (TakeBack set, Move null) that cancels the entry right before it.
// A replay skips both: the state after a take-back is the state before the
// move it cancels.

// TakeBackMove is the move JSON a take-back entry carries: none.
var TakeBackMove = json.RawMessage("null")

// Live says, for each entry of moves, whether it is in effect: false for a
// move a later entry takes back and for every take-back. It refuses a log
// in which a take-back does not follow a move of the same seat (a first
// entry, a take-back of a take-back, another seat's move).
func Live(moves []Move) ([]bool, error) {
	live := make([]bool, len(moves))
	for i, m := range moves {
		if !m.TakeBack {
			live[i] = true
			continue
		}
		switch {
		case i == 0:
			return nil, fmt.Errorf("record: entry 1 takes back a move, but there is none before it")
		case moves[i-1].TakeBack:
			return nil, fmt.Errorf("record: entry %d takes back a take-back", i+1)
		case moves[i-1].Seat != m.Seat:
			return nil, fmt.Errorf("record: entry %d (seat %d) takes back a move of seat %d", i+1, m.Seat, moves[i-1].Seat)
		}
		live[i-1] = false
	}
	return live, nil
}

// Effective returns the moves in effect, in order: the log without its
// take-backs and the moves they cancel.
func Effective(moves []Move) ([]Move, error) {
	live, err := Live(moves)
	if err != nil {
		return nil, err
	}
	out := make([]Move, 0, len(moves))
	for i, m := range moves {
		if live[i] {
			out = append(out, m)
		}
	}
	return out, nil
}

// stepper replays entries one at a time and keeps the state before the
// last move, so that a take-back can restore it.
type stepper struct {
	s, prev game.State
}

// step plays entry m and returns its events (none for a take-back).
func (p *stepper) step(i int, m Move) ([]game.Event, error) {
	if m.TakeBack {
		if p.prev == nil {
			return nil, fmt.Errorf("record: entry %d takes back nothing", i+1)
		}
		p.s, p.prev = p.prev, nil
		return nil, nil
	}
	next, ev, err := p.s.Apply(m.Seat, m.Move)
	if err != nil {
		return nil, fmt.Errorf("record: move %d (seat %d, %s): %w", i+1, m.Seat, m.Move, err)
	}
	p.s, p.prev = next, p.s
	return ev, nil
}
