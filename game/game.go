// Package game is the contract between the rules engines and the rest of
// Rondel (store, handlers, notify). Nothing here knows about any one game:
// an engine registers a Game, and everything else talks to it through the
// State interface, moves as JSON and decisions as plain data.
package game

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Game is one kind of game Rondel hosts (Imperial, Imperial 2030, ...).
type Game interface {
	Info() Info
	// New creates the starting state. It validates the options and the
	// number of players. Any randomness comes from setup.Seed.
	New(setup Setup) (State, error)
	// DecodeState restores a state written by State.MarshalJSON.
	DecodeState(data []byte) (State, error)
}

// State is an immutable game position. Apply never changes its receiver.
type State interface {
	// Apply plays move for seat and returns the new state and what happened.
	// An illegal move returns an error (usually a *RuleError) and no state.
	Apply(seat int, move json.RawMessage) (State, []Event, error)
	// ToAct lists every decision that is open now: one entry per seat and
	// subject. Several seats may be asked at once.
	ToAct() []Decision
	// LegalMoves lists every move seat may make now (nil if none).
	LegalMoves(seat int) []LegalMove
	// Caretaker returns the documented default move for seat's open decision,
	// used on timeouts, with the reason in words.
	Caretaker(seat int) (json.RawMessage, string, error)
	// Finished reports whether the game is over; Result is nil until then.
	Finished() bool
	Result() *Result
	// Summary is a game-specific, JSON-encodable overview of the position.
	Summary() any
	// MarshalJSON encodes the whole state deterministically.
	MarshalJSON() ([]byte, error)
}

// Info describes a game for the registry.
type Info struct {
	ID         string       `json:"id"`
	Name       string       `json:"name"`
	MinPlayers int          `json:"min_players"`
	MaxPlayers int          `json:"max_players"`
	Options    []OptionSpec `json:"options"`
}

// OptionKind is the type of an option's value.
type OptionKind string

const (
	OptionBool   OptionKind = "bool"
	OptionChoice OptionKind = "choice"
)

// OptionSpec declares one typed setting of a game (a variant, an edition).
type OptionSpec struct {
	Name    string     `json:"name"`
	Label   string     `json:"label"`
	Help    string     `json:"help,omitempty"`
	Kind    OptionKind `json:"kind"`
	Default string     `json:"default"`
	Choices []string   `json:"choices,omitempty"`
}

// Options are the chosen settings of one game, by option name. Values are
// strings ("true"/"false" for bool options, one of Choices otherwise).
type Options map[string]string

// Setup is everything needed to start a game.
type Setup struct {
	Players []string `json:"players"` // display names, by seat (0-based)
	Options Options  `json:"options"`
	Seed    uint64   `json:"seed"`
}

// Decision is one open question to one seat.
type Decision struct {
	Seat    int    `json:"seat"`
	Kind    string `json:"kind"`              // e.g. "rondel", "battle", "force-investor"
	Subject string `json:"subject,omitempty"` // what it is about, e.g. a nation id
	Prompt  string `json:"prompt"`            // in words, for a page or an email
}

// LegalMove is one move a seat may make, with words for a form.
type LegalMove struct {
	Move  json.RawMessage `json:"move"`
	Label string          `json:"label"`
	Group string          `json:"group,omitempty"` // moves of one group belong together in a form
}

// Event is something that happened, in words a log and an email can show.
type Event struct {
	Text  string `json:"text"`
	Seats []int  `json:"seats,omitempty"` // seats it concerns most, if any
}

// Result is the outcome of a finished game.
type Result struct {
	Scores   []int  `json:"scores"`    // by seat
	Places   []int  `json:"places"`    // by seat, 1 = winner; equal places are true ties
	TieBreak string `json:"tie_break"` // how ties on score were broken, in words
}

// RuleError is the error of an illegal move: it names the rule broken.
type RuleError struct {
	Rule string // short name of the rule, e.g. "rondel: at most 6 spaces"
	Msg  string // plain words for the player
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Msg }

// Broke returns a *RuleError.
func Broke(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// Registry holds the games a service offers, by id.
type Registry struct{ games map[string]Game }

// NewRegistry returns a registry of the given games.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: map[string]Game{}}
	for _, g := range games {
		r.games[g.Info().ID] = g
	}
	return r
}

// Get returns the game with the id.
func (r *Registry) Get(id string) (Game, error) {
	g, ok := r.games[id]
	if !ok {
		return nil, fmt.Errorf("unknown game %q", id)
	}
	return g, nil
}

// List returns the games sorted by id.
func (r *Registry) List() []Info {
	var out []Info
	for _, g := range r.games {
		out = append(out, g.Info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
