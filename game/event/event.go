// Package event is the pairing and standings engine of club events: Swiss
// tournaments, leagues and round robins for multi-player tables. It is pure
// and deterministic: the same event, seed and results give the same draw
// under every Go version, so a stored draw can be replayed and checked.
// Storage, pages and mails are built on top of it elsewhere.
package event

import (
	"errors"
	"fmt"
)

// Format is how an event makes its tables.
type Format string

const (
	// Swiss plays a fixed number of rounds; each round's tables are drawn
	// from the standings so that players of similar score meet.
	Swiss Format = "swiss"
	// League plays a season in which every entrant plays GamesEach games
	// with opponents spread as widely as possible.
	League Format = "league"
	// RoundRobin plays the fewest rounds in which every pair of a small
	// group can meet, spreading the meetings as evenly as possible.
	RoundRobin Format = "round-robin"
)

// Scale is the number of units per event point: ties share the average of
// up to six places' points, and 60 is divisible by 1..6, so every share is
// a whole number of units and standings never round.
const Scale = 60

// Config is what the organiser chose.
type Config struct {
	Format    Format `json:"format"`
	Rounds    int    `json:"rounds,omitempty"`     // Swiss
	GamesEach int    `json:"games_each,omitempty"` // League
	Seats     int    `json:"seats"`                // nominal table size
	MinSeats  int    `json:"min_seats"`            // allowed when entrants don't divide
	MaxSeats  int    `json:"max_seats"`
	// Points for places: Points[0] for 1st, Points[1] for 2nd, ...; places
	// beyond the list score 0.
	Points []int  `json:"points"`
	Seed   uint64 `json:"seed"`
}

// Entrant is one player of the event. The order of Event.Entrants is the
// seed order (the last tie-break).
type Entrant struct {
	ID        int64 `json:"id"`
	Withdrawn bool  `json:"withdrawn,omitempty"`
}

// Event is a configured event with its entrants in seed order.
type Event struct {
	Config   Config    `json:"config"`
	Entrants []Entrant `json:"entrants"`
}

// Table is one game of a round: its players.
type Table struct {
	Players []int64 `json:"players"`
}

// Round is a draw: the tables of one round.
type Round struct {
	Number int     `json:"number"`
	Tables []Table `json:"tables"`
}

// Errors a caller can test for.
var (
	ErrConfig   = errors.New("event: bad configuration")
	ErrEntrants = errors.New("event: entrants cannot be seated")
	ErrResult   = errors.New("event: bad result")
)

// Validate checks the configuration.
func (c Config) Validate() error {
	switch {
	case c.MinSeats < 2 || c.MaxSeats > 6 || c.MinSeats > c.Seats || c.Seats > c.MaxSeats:
		return fmt.Errorf("%w: seats %d, allowed %d-%d (2-6)", ErrConfig, c.Seats, c.MinSeats, c.MaxSeats)
	case len(c.Points) > c.MaxSeats:
		return fmt.Errorf("%w: points for %d places at tables of at most %d", ErrConfig, len(c.Points), c.MaxSeats)
	}
	for _, p := range c.Points {
		if p < 0 {
			return fmt.Errorf("%w: negative points for a place", ErrConfig)
		}
	}
	switch c.Format {
	case Swiss:
		if c.Rounds < 1 {
			return fmt.Errorf("%w: a Swiss event needs rounds", ErrConfig)
		}
	case League:
		if c.GamesEach < 1 {
			return fmt.Errorf("%w: a league needs games per entrant", ErrConfig)
		}
	case RoundRobin:
	default:
		return fmt.Errorf("%w: format %q", ErrConfig, c.Format)
	}
	return nil
}

// validate checks the event and returns the index of each entrant's ID.
func (e Event) validate() (map[int64]int, error) {
	if err := e.Config.Validate(); err != nil {
		return nil, err
	}
	index := make(map[int64]int, len(e.Entrants))
	for i, en := range e.Entrants {
		if _, dup := index[en.ID]; dup {
			return nil, fmt.Errorf("%w: entrant %d twice", ErrEntrants, en.ID)
		}
		index[en.ID] = i
	}
	return index, nil
}

// active returns the seed indexes of the entrants still playing.
func (e Event) active() []int {
	var out []int
	for i, en := range e.Entrants {
		if !en.Withdrawn {
			out = append(out, i)
		}
	}
	return out
}
