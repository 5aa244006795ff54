package caesar

import "rondel/game"

// Progress is the round (every player connects one city a round) and the
// phase: "connect", "score-path" while a way to Rome is chosen, or "over"
// (game.Progresser); the side is the colour of the player to act.
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
	if !s.d.Over && s.d.Turn >= 0 && s.d.Turn < len(s.d.Players) {
		p.Side = playerColours[s.d.Turn]
	}
	return p
}
