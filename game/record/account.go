package record

import (
	"fmt"

	"rondel/game"
)

// Account replays the record and tells the game in numbers (see
// game.Chronicler): nil, and no error, for a game that keeps no account.
// Every move goes through Apply, since the account counts events.
func Account(reg *game.Registry, r *Record) (*game.Account, error) {
	g, err := reg.Get(r.GameID)
	if err != nil {
		return nil, err
	}
	setup, err := r.Setup()
	if err != nil {
		return nil, err
	}
	s, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("record: setting up: %w", err)
	}
	ch, ok := s.(game.Chronicler)
	if !ok {
		return nil, nil
	}
	c := ch.Chronicle()
	moves, err := Effective(r.Moves) // a taken-back move never happened
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		next, ev, err := s.Apply(m.Seat, m.Move)
		if err != nil {
			return nil, fmt.Errorf("record: move %d (seat %d, %s): %w", i+1, m.Seat, m.Move, err)
		}
		c.Step(next, ev)
		s = next
	}
	return c.Account(), nil
}
