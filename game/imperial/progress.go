package imperial

import (
	"rondel/game"
	"rondel/game/words"
)

// Progress is the round and the phase the game waits in, and the nation
// whose turn it is (game.Progresser); no nation before the first turn
// (the bond auction) or once the game is over.
func (s *State) Progress() game.Progress {
	p := game.Progress{Round: s.Round, Phase: string(s.Phase)}
	if s.Phase != PhaseAuction && s.Phase != PhaseOver && s.Turn >= 0 && s.Turn < len(s.Nations) {
		p.Side = s.nationID(s.Turn)
	}
	return p
}

// Sides are the nations, in turn order, in their board colours (game.Sider).
func (s *State) Sides() []game.Side {
	out := make([]game.Side, len(s.Nations))
	for ni := range s.Nations {
		out[ni] = game.Side{ID: s.nationID(ni), Name: words.New(s.nationKey(ni)), Colour: s.nationColour(ni)}
	}
	return out
}
