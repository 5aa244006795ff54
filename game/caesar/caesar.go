// Package caesar is the engine of Cäsars Imperium, the road-building game:
// players connect Rome with the cities of the Roman world, one city a turn,
// score the roads of the shortest way back to Rome, and collect city and
// treasure tokens for the final scoring. See docs/caesar-rules-decisions.md
// for the points where the rule book is silent, and docs/caesar-boards.md
// for Rondel's own boards.
package caesar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/rng"
	"rondel/game/words"
)

// ID is the game id in the registry.
const ID = "caesars-imperium"

// Option names.
const (
	OptFullTreasures = "full_treasures"
	OptColourSum     = "colour_sum"
)

// RoadsPerPlayer is the supply of roads of each player.
const RoadsPerPlayer = 25

// Treasure kinds. Gold is not part of any collection and is scored on its own.
const Gold = "gold"

// kinds are the eight collectable treasure kinds, in the order of the
// player board (the order only matters for display).
var kinds = []string{"meat", "grapes", "wheat", "wine", "oil", "gems", "wood", "olives"}

// playerColours are the colours of the seats' roads and score markers.
var playerColours = []string{"yellow", "purple", "black", "white", "cyan"}

// Game is Cäsars Imperium. The zero value is ready to use.
type Game struct{}

// New returns the game for the registry.
func New() Game { return Game{} }

var optionSpecs = []game.OptionSpec{
	{
		Name:    OptFullTreasures,
		Label:   words.New("caesar.option.full_treasures.label"),
		Help:    words.New("caesar.option.full_treasures.help"),
		Kind:    game.OptionBool,
		Default: "false",
	},
	{
		Name:    OptColourSum,
		Label:   words.New("caesar.option.colour_sum.label"),
		Help:    words.New("caesar.option.colour_sum.help"),
		Kind:    game.OptionBool,
		Default: "false",
	},
}

// Info describes the game. The board side is not an option: the rule book
// fixes it by the number of players.
func (Game) Info() game.Info {
	return game.Info{ID: ID, Name: words.New("caesar.name"), MinPlayers: 2, MaxPlayers: 5, Options: optionSpecs}
}

// New sets up a game: board side by player count, treasures shuffled by the
// seed, start player drawn by the seed (in that order, so a seed always deals
// the same game).
func (g Game) New(setup game.Setup) (game.State, error) {
	info := g.Info()
	if err := game.CheckPlayers(info, setup.Players); err != nil {
		return nil, err
	}
	opts, err := game.Normalize(info.Options, setup.Options)
	if err != nil {
		return nil, err
	}
	n := len(setup.Players)
	if n > 3 && (opts.Bool(OptFullTreasures) || opts.Bool(OptColourSum)) {
		return nil, words.Fail(words.New("caesar.error.variant_players").Count(n))
	}
	board, err := LoadBoard(boardForPlayers(n))
	if err != nil {
		return nil, err
	}
	src := rng.New(setup.Seed)
	pool, box := treasurePool(n > 3 || opts.Bool(OptFullTreasures))
	src.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if len(pool) < len(board.Cities) {
		return nil, fmt.Errorf("board %s has %d cities but only %d treasures", board.ID, len(board.Cities), len(pool))
	}
	// With all 40 in the pool on the small board, the undealt ones go back to the box.
	box = append(box, pool[len(board.Cities):]...)
	d := data{
		Version:   1,
		Board:     board.ID,
		Options:   opts,
		Players:   append([]string(nil), setup.Players...),
		Treasures: slices.Clone(pool[:len(board.Cities)]),
		Removed:   sortedTreasures(box),
		Owner:     filled(len(board.Cities), -1),
		Built:     filled(len(board.Routes), -1),
		RoadsLeft: filled(n, RoadsPerPlayer),
		Track:     make([]int, n),
	}
	d.Start = src.Intn(n)
	d.Turn = d.Start
	return &State{b: board, d: d}, nil
}

// treasurePool returns the treasure tokens to shuffle and those put back
// in the box first. There are 40: 8 kinds × 4 and 8 gold. For 2–3
// players (unless full), 2 gold and one of each other kind go back.
func treasurePool(full bool) (pool, box []string) {
	for _, k := range kinds {
		for i := range 4 {
			if i == 0 && !full {
				box = append(box, k)
			} else {
				pool = append(pool, k)
			}
		}
	}
	for i := range 8 {
		if i < 2 && !full {
			box = append(box, Gold)
		} else {
			pool = append(pool, Gold)
		}
	}
	return pool, box
}

// DecodeState restores a state written by MarshalJSON, checking it is whole.
func (Game) DecodeState(raw []byte) (game.State, error) {
	var d data
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("caesar state: %w", err)
	}
	b, err := LoadBoard(d.Board)
	if err != nil {
		return nil, fmt.Errorf("caesar state: %w", err)
	}
	if err := d.check(b); err != nil {
		return nil, fmt.Errorf("caesar state: %w", err)
	}
	return &State{b: b, d: d}, nil
}

func filled(n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}
