package imperial

import (
	"fmt"
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// ResultV1 is the result as game records of format version 1 hold it
// (game.ResultV1): the tie-break as the English sentence the engine wrote
// before words were data, frozen here with the board's English names so
// that no change of the catalogue alters an old record. Imperial's state
// held no words, so its JSON and hash need no old form.
func (s *State) ResultV1() *game.Result {
	res, ties := s.ranking()
	if res == nil {
		return nil
	}
	if len(ties) == 0 {
		res.TieBreak = words.Raw("No ties on score.")
		return res
	}
	notes := make([]string, len(ties))
	for i, n := range ties {
		hi, lo := s.playerName(n.higher), s.playerName(n.lower)
		notes[i] = fmt.Sprintf("%s and %s tied on %d; %s holds %dM of %s bonds against %dM, so %s ranks higher",
			hi, lo, n.score, hi, n.creditHigher, s.b.Nations[n.nation].Name, n.creditLower, hi)
	}
	res.TieBreak = words.Raw("Ties are broken by the credit sum in the nation with most power points, then the next: " +
		strings.Join(notes, "; ") + ".")
	return res
}

var _ game.ResultV1 = (*State)(nil)
