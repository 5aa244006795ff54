package caesar

import "rondel/game"

// Progress is the round (every player connects one city a round) and the
// phase: "connect", "score-path" while a way to Rome is chosen, or "over"
// (game.Progresser).
func (s *State) Progress() game.Progress {
	p := game.Progress{Phase: "connect"}
	if n := len(s.d.Players); n > 0 {
		p.Round = s.d.Turns/n + 1
	}
	switch {
	case s.d.Over:
		p.Phase = "over"
	case s.d.Pending != "":
		p.Phase = "score-path"
	}
	return p
}
