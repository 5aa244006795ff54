// Package record is Rondel's game record: a versioned JSON document holding
// everything needed to replay a game (game id, options, players, seed and the
// moves in order). The state of a game is always the replay of its record.
package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"rondel/game"
)

// Format and Version identify the record format; see docs/game-record.md.
// Version 2 is the first whose states, results and hashes hold no words
// (engines emit words.Text data); version 1 records keep the hash and
// result rule they were written under (HashFor, ResultFor).
const (
	Format  = "rondel-game-record"
	Version = 2
)

// Record is one game, complete enough to replay.
type Record struct {
	Format   string       `json:"format"`
	Version  int          `json:"version"`
	Engine   string       `json:"engine,omitempty"` // engine version that wrote it
	GameID   string       `json:"game"`
	Options  game.Options `json:"options"`
	Players  []Player     `json:"players"`
	Seed     uint64       `json:"seed"`
	Started  *time.Time   `json:"started,omitempty"`
	Finished *time.Time   `json:"finished,omitempty"`
	Moves    []Move       `json:"moves"`
	// Messages are what the players wrote at the table, in order (the
	// private ones only in the record of a player who wrote or read them).
	// They never change the game.
	Messages []Message    `json:"messages,omitempty"`
	Result   *game.Result `json:"result,omitempty"`
	// Ending is EndingAgreed for a game its players agreed to end early:
	// its result is then the engine's score of the final position
	// (game.Ender), which its moves do not end. Empty otherwise.
	Ending string `json:"ending,omitempty"`
	// StateHash is the SHA-256 of the final state's JSON, hex encoded, by
	// the rule of the record's Version (HashFor).
	StateHash string `json:"state_hash,omitempty"`
}

// EndingAgreed marks a record of a game ended early by agreement.
const EndingAgreed = "agreed"

// Player is one seat.
type Player struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	ID   string `json:"id,omitempty"` // stable id of a member, if any
}

// Move is one entry of the log.
type Move struct {
	Seat int             `json:"seat"`
	Move json.RawMessage `json:"move"`
	At   *time.Time      `json:"at,omitempty"`
	By   string          `json:"by,omitempty"` // "" (the player), "caretaker", "standing-order"
	Note string          `json:"note,omitempty"`
	// TakeBack marks an entry that takes back the move before it (same
	// seat; Move is null): see takeback.go.
	TakeBack bool `json:"take_back,omitempty"`
}

// Message is one message written at the table.
type Message struct {
	From int       `json:"from"`         // the writer's seat, -1: the game's creator without one
	Name string    `json:"name"`         // the writer's name when written
	To   *int      `json:"to,omitempty"` // a private message's seat; absent: the whole table
	At   time.Time `json:"at"`
	Text string    `json:"text"`
}

// Setup returns the game setup the record describes.
func (r *Record) Setup() (game.Setup, error) {
	names := make([]string, len(r.Players))
	for i, p := range r.Players {
		if p.Seat != i {
			return game.Setup{}, fmt.Errorf("record: player %d has seat %d; players must be listed by seat from 0", i, p.Seat)
		}
		names[i] = p.Name
	}
	return game.Setup{Players: names, Options: r.Options, Seed: r.Seed}, nil
}

// Decode reads and checks a record.
func Decode(data []byte) (*Record, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if r.Format != Format {
		return nil, fmt.Errorf("record: format is %q, want %q", r.Format, Format)
	}
	if r.Version < 1 || r.Version > Version {
		return nil, fmt.Errorf("record: version %d is not supported (this Rondel reads up to %d)", r.Version, Version)
	}
	return &r, nil
}

// New returns an empty record for a game about to start.
func New(gameID string, setup game.Setup) *Record {
	r := &Record{Format: Format, Version: Version, GameID: gameID, Options: setup.Options, Seed: setup.Seed, Moves: []Move{}}
	for i, name := range setup.Players {
		r.Players = append(r.Players, Player{Seat: i, Name: name})
	}
	return r
}

// Replay plays the record through its game and returns the final state.
// It stops at the first move the engine refuses, naming it.
func Replay(reg *game.Registry, r *Record) (game.State, error) {
	return ReplayEach(reg, r, nil)
}

// ReplayEach replays like Replay and calls each (if not nil) after every move.
func ReplayEach(reg *game.Registry, r *Record, each func(i int, s game.State, ev []game.Event) error) (game.State, error) {
	g, err := reg.Get(r.GameID)
	if err != nil {
		return nil, err
	}
	setup, err := r.Setup()
	if err != nil {
		return nil, err
	}
	s, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("record: setting up: %w", err)
	}
	if f, ok := s.(game.Folder); ok && each == nil {
		// The fresh state is ours alone: fold the moves in effect into it.
		live, err := Live(r.Moves)
		if err != nil {
			return nil, err
		}
		for i, m := range r.Moves {
			if !live[i] {
				continue
			}
			if err := f.Fold(m.Seat, m.Move); err != nil {
				return nil, fmt.Errorf("record: move %d (seat %d, %s): %w", i+1, m.Seat, m.Move, err)
			}
		}
		return s, nil
	}
	if _, err := Live(r.Moves); err != nil {
		return nil, err
	}
	p := &stepper{s: s}
	for i, m := range r.Moves {
		ev, err := p.step(i, m)
		if err != nil {
			return nil, err
		}
		if each != nil {
			if err := each(i, p.s, ev); err != nil {
				return nil, err
			}
		}
	}
	return p.s, nil
}

// FromImported returns the record of a game translated from another site's
// log.
func FromImported(im *game.Imported) *Record {
	r := New(im.Game, im.Setup)
	for _, m := range im.Moves {
		r.Moves = append(r.Moves, Move{Seat: m.Seat, Move: m.Move, Note: m.Note})
	}
	return r
}
