package notify

import (
	"encoding/json"
	"reflect"
	"sync"

	"rondel/game"
)

// A turn mail's subject says the round when the engine's encoded state
// keeps one at the top level ("round"), else the move's number (Cäsars
// Imperium keeps none, though its Progress counts rounds: its subjects
// have always said the move). Encoding the whole state to read one number
// cost a twentieth of a stored move, so roundSources learns, once per
// engine's state type, that the encoded round is the one Progress gives
// (Imperial's is the same field), and asks Progress from then on.
type roundSources struct {
	progress sync.Map // reflect.Type of a game.State -> struct{}: Progress().Round is the encoded round
}

// of is st's round as its encoded state says it; 0 when it says none.
func (r *roundSources) of(st game.State) int {
	t := reflect.TypeOf(st)
	if _, ok := r.progress.Load(t); ok {
		return st.(game.Progresser).Progress().Round
	}
	n, kept := roundOf(st)
	if p, ok := st.(game.Progresser); ok && kept && n > 0 && p.Progress().Round == n {
		r.progress.Store(t, struct{}{})
	}
	return n
}

// roundOf reads a game's round from its encoded state, when the engine
// keeps one at the top level ("round"; kept says whether it does); 0 when
// not.
func roundOf(st game.State) (n int, kept bool) {
	b, err := st.MarshalJSON()
	if err != nil {
		return 0, false
	}
	var top struct {
		Round *int `json:"round"`
	}
	if json.Unmarshal(b, &top) != nil || top.Round == nil {
		return 0, false
	}
	return *top.Round, true
}
