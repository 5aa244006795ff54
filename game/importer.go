package game

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Importer translates a game log kept by another site into a game this
// service hosts. Importers are registered beside the games
// (Registry.WithImporters); the rest of Rondel reaches them only through
// this contract.
type Importer interface {
	// ID names the source on the command line (rondel import --from ID).
	ID() string
	// Name is the source in words, e.g. "playimperial.club".
	Name() string
	// Import translates a log. An error wrapping ErrForeignFormat says the
	// data is not a log of this source (another importer may read it);
	// any other error says why this log cannot be translated.
	Import(data []byte) (*Imported, error)
}

// ErrForeignFormat is the error of an importer given data that is not a
// log of its source.
var ErrForeignFormat = errors.New("not a log of this source")

// Imported is a log translated into the moves of one of the games.
type Imported struct {
	Game  string         // id of the game it became
	Setup Setup          // players by seat, options and seed
	Moves []ImportedMove // in order
	Final State          // the position the moves lead to
	Steps []ImportStep   // what became of each entry of the log, in order
	// Ended is the index of the entry where the log says the game ended
	// on its site, -1 if it does not say so.
	Ended int
	// Refusal, if not empty, says why the log must not become a game
	// here (a game over on its site that is not over under these rules
	// would otherwise become a game in play). The translation is still
	// given, to be read.
	Refusal string
	// Ruleset is the import option value of the rules the moves were
	// replayed under, when they are not the rule book's but the site's own
	// (a finished game, so that it ends as it ended there); "" otherwise.
	Ruleset string
	// Departures lists, under such rules, where a departure from the rule
	// book changed the position, first one first.
	Departures []ImportDeparture
}

// ImportDeparture is the first entry of a log at which one of its site's
// departures from the rule book changed the position.
type ImportDeparture struct {
	Entry int `json:"entry"` // index of the log entry
	// What is a catalogue key: What+".site" says what the site did,
	// What+".book" what the rule book says instead.
	What string `json:"what"`
}

// ImportedMove is one move of an imported game.
type ImportedMove struct {
	Seat int
	Move json.RawMessage
	Note string // where it came from in the log
}

// ImportStep is what became of one entry of the log.
type ImportStep struct {
	Index    int    `json:"index"`
	Accepted bool   `json:"accepted"`
	Note     string `json:"note"`
	State    any    `json:"state"` // the game's summary after the entry
}

// Refused counts the entries that could not be applied.
func (im *Imported) Refused() int {
	n := 0
	for _, s := range im.Steps {
		if !s.Accepted {
			n++
		}
	}
	return n
}

// WithImporters returns a registry holding r's games and, after r's own
// importers, imps.
func (r *Registry) WithImporters(imps ...Importer) *Registry {
	return &Registry{games: r.games, importers: append(append([]Importer(nil), r.importers...), imps...)}
}

// Importer returns the importer with the id.
func (r *Registry) Importer(id string) (Importer, error) {
	for _, imp := range r.importers {
		if imp.ID() == id {
			return imp, nil
		}
	}
	return nil, fmt.Errorf("unknown source %q", id)
}

// Importers lists the importers in the order they were registered.
func (r *Registry) Importers() []Importer {
	return append([]Importer(nil), r.importers...)
}
