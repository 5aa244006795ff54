// Package game is the contract between the rules engines and the rest of
// Rondel (store, handlers, notify). Nothing here knows about any one game:
// an engine registers a Game, and everything else talks to it through the
// State interface, moves as JSON and decisions as plain data.
package game

import (
	"encoding/json"
	"fmt"
	"sort"

	"rondel/game/words"
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
	// used on timeouts, with the reason.
	Caretaker(seat int) (json.RawMessage, words.Text, error)
	// Finished reports whether the game is over; Result is nil until then.
	Finished() bool
	Result() *Result
	// Summary is a game-specific, JSON-encodable overview of the position.
	Summary() any
	// MarshalJSON encodes the whole state deterministically.
	MarshalJSON() ([]byte, error)
}

// Ender is a state that its players may agree to end early: EndNow
// scores the position as the rule book scores the end of the game (the
// same result a finished game gives, from the position as it stands),
// without changing the state. Rondel offers "Propose to end the game"
// only for games whose states are Enders; such a result is never rated.
type Ender interface {
	EndNow() *Result
}

// Concluder is an Ender that can show the position its players agreed to
// end at as a finished game: Concluded returns a copy that is Finished,
// asks nobody to act and whose Result is EndNow's, so its board and
// pages say the game is over rather than who is to act.
type Concluder interface {
	Concluded() State
}

// Info describes a game for the registry. Names and help are catalogue
// texts (package words), said in each reader's language.
type Info struct {
	ID         string       `json:"id"`
	Name       words.Text   `json:"name"`
	MinPlayers int          `json:"min_players"`
	MaxPlayers int          `json:"max_players"`
	Options    []OptionSpec `json:"options"`
	// ImportOptions are options only an imported game's setup may carry
	// (a ruleset that replays another site's games as that site played
	// them): never offered for a new game, so no form lists them.
	ImportOptions []OptionSpec `json:"-"`
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
	Label   words.Text `json:"label"`
	Help    words.Text `json:"help"`
	Kind    OptionKind `json:"kind"`
	Default string     `json:"default"`
	Choices []string   `json:"choices,omitempty"`
	// ChoiceLabels names each of Choices for a form, in the same order.
	ChoiceLabels []words.Text `json:"choice_labels,omitempty"`
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
	Seat    int        `json:"seat"`
	Kind    string     `json:"kind"`              // e.g. "rondel", "battle", "force-investor"
	Subject string     `json:"subject,omitempty"` // what it is about, e.g. a nation id
	Prompt  words.Text `json:"prompt"`            // the question, for a page or an email
}

// LegalMove is one move a seat may make, with its label for a form.
type LegalMove struct {
	Move  json.RawMessage `json:"move"`
	Label words.Text      `json:"label"`
	Group words.Text      `json:"group"` // moves of one group belong together in a form; zero: none
	// Board says where on the drawn board the move is made (board.go);
	// nil: the move is made in the form only (a yes or no, End the
	// maneuver).
	Board *BoardAct `json:"board,omitempty"`
	// Pass marks the move that declines or ends the decision ("End the
	// maneuver", "Import nothing more", "Do not invest"): a form shows it
	// as a button of its own, in sight beside every choice.
	Pass bool `json:"pass,omitempty"`
}

// Event is something that happened, as words a log and an email can show.
type Event struct {
	Msg   words.Text `json:"msg"`
	Seats []int      `json:"seats,omitempty"` // seats it concerns most, if any
}

// UnmarshalJSON also reads events stored before words were data, whose
// words were a plain "text" string: they keep reading as they were written.
func (e *Event) UnmarshalJSON(data []byte) error {
	var f Event
	if d := words.NewDecoder(data); f.decode(d) && d.End() {
		*e = f
		return nil
	}
	var raw struct {
		Msg   words.Text `json:"msg"`
		Text  string     `json:"text"`
		Seats []int      `json:"seats"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	e.Msg, e.Seats = raw.Msg, raw.Seats
	if e.Msg.IsZero() && raw.Text != "" {
		e.Msg = words.Raw(raw.Text)
	}
	return nil
}

// ReadEvents reads a list of events as json.Unmarshal into a []Event
// does, the plain forms in one pass (a history page reads fifty moves'
// events).
func ReadEvents(data []byte) ([]Event, error) {
	d := words.NewDecoder(data)
	if d.Byte('[') {
		out := make([]Event, 0, 4) // a move's few events, grown once at most
		if d.Byte(']') && d.End() {
			return out, nil
		}
		for {
			var e Event
			if !e.decode(d) {
				break
			}
			out = append(out, e)
			if d.Byte(']') {
				if d.End() {
					return out, nil
				}
				break
			}
			if !d.Byte(',') {
				break
			}
		}
	}
	var out []Event
	err := json.Unmarshal(data, &out)
	return out, err
}

// decode reads the plain form of an event (words/decode.go): "msg" and
// "seats", or an old event's "text"; false leaves it to encoding/json.
func (e *Event) decode(d *words.Decoder) bool {
	var text string
	ok := d.Object(func(k string) bool {
		var ok bool
		switch k {
		case "msg":
			ok = d.Text(&e.Msg)
		case "text":
			text, ok = d.String()
		case "seats":
			e.Seats, ok = d.Ints()
		}
		return ok
	})
	if ok && e.Msg.IsZero() && text != "" {
		e.Msg = words.Raw(text)
	}
	return ok
}

// Result is the outcome of a finished game.
type Result struct {
	Scores   []int      `json:"scores"`    // by seat
	Places   []int      `json:"places"`    // by seat, 1 = winner; equal places are true ties
	TieBreak words.Text `json:"tie_break"` // how ties on score were broken
}

// RuleError is the error of an illegal move: it names the rule broken.
type RuleError struct {
	Rule string     // catalogue key of the rule's short name, e.g. "imperial.rule.rondel"
	Msg  words.Text // what is wrong, for the player
}

// Error says the error in English, for logs and tools; pages and mails
// say Rule and Msg in the reader's language.
func (e *RuleError) Error() string {
	en := words.English()
	return en.Term(e.Rule) + ": " + en.Say(e.Msg)
}

// Refuse returns a *RuleError.
func Refuse(rule string, msg words.Text) error { return &RuleError{Rule: rule, Msg: msg} }

// Registry holds the games a service offers, by id, and the importers
// that translate other sites' logs into them (importer.go).
type Registry struct {
	games     map[string]Game
	importers []Importer
}

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

// Revealer is implemented by a state whose moves can reveal something that
// was hidden (a card drawn, a tile turned over): a move that reveals cannot
// be taken back, since its player has seen what it showed. It is asked of
// the state before the move. No hosted game reveals anything with a move
// today.
type Revealer interface {
	Reveals(seat int, move json.RawMessage) bool
}
