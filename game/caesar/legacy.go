package caesar

import (
	"encoding/json"
	"fmt"
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// Before words were data (game record format version 1), the state held
// its result with the tie-break as an English sentence, and that sentence
// was part of the hashed state. Records and sealed hashes of that time are
// checked against the state as it was then: the code below writes the
// sentence exactly as the engine wrote it. It is frozen: never change its
// words, or old games stop verifying.

// MarshalJSONV1 encodes the state as version 1 did (game.StateV1).
func (s *State) MarshalJSONV1() ([]byte, error) {
	d := s.d
	d.Result = s.ResultV1()
	return json.Marshal(d)
}

// ResultV1 is the result as version 1 recorded it (game.ResultV1).
func (s *State) ResultV1() *game.Result {
	r := s.Result()
	if r == nil {
		return nil
	}
	keys := s.rankKeys()
	r.TieBreak = words.Raw(s.tieBreakV1(keys, rankOrder(keys)))
	return r
}

// tieBreakV1 is the version 1 tie-break sentence.
func (s *State) tieBreakV1(keys []rankKey, order []int) string {
	var parts []string
	for _, g := range tieGroups(keys, order) {
		parts = append(parts, s.describeTieV1(keys, g))
	}
	if len(parts) == 0 {
		return "none needed: no two players have the same points."
	}
	return strings.Join(parts, " ")
}

func (s *State) describeTieV1(keys []rankKey, group []int) string {
	var names, detail []string
	for _, seat := range group {
		names = append(names, s.d.Players[seat])
		k := keys[seat]
		detail = append(detail, fmt.Sprintf("%s %d colours, %d gold, %d roads left", s.d.Players[seat], k.colours, k.gold, k.roads))
	}
	text := fmt.Sprintf("%s tie on %d points; by cities of different colours, then gold, then roads left (%s)", strings.Join(names, " and "), keys[group[0]].total, strings.Join(detail, "; "))
	if keys[group[0]] == keys[group[len(group)-1]] {
		return text + "; they stay tied and share the place."
	}
	return text + "."
}
