package gametest

import "rondel/game"

// Progress is the phase: "take", "vote" while seats answer a vote, or
// "over"; the take-away game has no rounds (game.Progresser).
func (s *state) Progress() game.Progress {
	switch {
	case s.Finished():
		return game.Progress{Phase: "over"}
	case len(s.Voters) > 0:
		return game.Progress{Phase: "vote"}
	}
	return game.Progress{Phase: "take"}
}
