package imperial

import "rondel/game"

// Progress is the round and the phase the game waits in (game.Progresser).
func (s *State) Progress() game.Progress {
	return game.Progress{Round: s.Round, Phase: string(s.Phase)}
}
