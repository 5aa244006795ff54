// Package imperial is the rules engine of Imperial (Mac Gerdts, 2010
// edition; rule book 004/000). The board is data (package board); this
// package is the rules: one file per rondel action, the maneuver in its own
// files, names as in the rule book.
package imperial

import (
	"encoding/json"
	"fmt"

	"rondel/game"
)

// Rules are the typed settings of one game, recorded in its log.
type Rules struct {
	Map            string `json:"map"`              // "europe"
	Setup          string `json:"setup"`            // "standard" or "experienced"
	InvestorCard   bool   `json:"investor_card"`    // false: variant without investor card
	FirstEdition   bool   `json:"first_edition"`    // 2006 rules (issue 3)
	BonusIncrease  bool   `json:"bonus_increase"`   // Imperial 2030 variant
	RondelPowerFee bool   `json:"rondel_power_fee"` // 2030: extra space costs 1 + power factor
	// Taxation2030: the bank pays the whole revenue into the treasury, which
	// pays soldiers' pay and then the government's bonus (rules2030.go).
	Taxation2030 bool `json:"taxation_2030,omitempty"`
}

// Game is Imperial on the Europe map.
type Game struct {
	id, name, mapName string
}

// New returns the game "imperial".
func New() *Game { return &Game{id: "imperial", name: "Imperial", mapName: "europe"} }

var specs = []game.OptionSpec{
	{Name: "setup", Label: "Bond distribution", Kind: game.OptionChoice, Default: "standard",
		Choices: []string{"standard", "experienced"},
		Help:    "standard: flag cards dealt with their bonds; experienced: players grant bonds nation by nation"},
	{Name: "investor_card", Label: "Play with the investor card", Kind: game.OptionBool, Default: "true",
		Help: "false: the variant without investor card (invest after each nation's turn)"},
}

// Info describes the game for the registry.
func (g *Game) Info() game.Info {
	return game.Info{ID: g.id, Name: g.name, MinPlayers: 2, MaxPlayers: 6, Options: g.optionSpecs()}
}

func (g *Game) rules(opts game.Options) (Rules, error) {
	o, err := game.Normalize(g.optionSpecs(), opts)
	if err != nil {
		return Rules{}, err
	}
	r := Rules{Map: g.mapName, Setup: o["setup"], InvestorCard: o.Bool("investor_card")}
	g.ruleSwitches(&r, o)
	return r, nil
}

// New creates the starting position.
func (g *Game) New(setup game.Setup) (game.State, error) {
	if err := game.CheckPlayers(g.Info(), setup.Players); err != nil {
		return nil, err
	}
	r, err := g.rules(setup.Options)
	if err != nil {
		return nil, err
	}
	b, err := loadBoard(r)
	if err != nil {
		return nil, err
	}
	return newState(b, r, setup.Players, setup.Seed)
}

// DecodeState restores a state from its JSON.
func (g *Game) DecodeState(data []byte) (game.State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("imperial state: %w", err)
	}
	b, err := loadBoard(s.Rules)
	if err != nil {
		return nil, err
	}
	s.b, s.rules = b, s.Rules
	return &s, nil
}
