// Package imperial is the rules engine of Imperial (Mac Gerdts, 2010
// edition; rule book 004/000). The board is data (package board); this
// package is the rules: one file per rondel action, the maneuver in its own
// files, names as in the rule book.
package imperial

import (
	"encoding/json"
	"fmt"

	"rondel/game"
	"rondel/game/words"
)

// Rules are the typed settings of one game, recorded in its log.
type Rules struct {
	Map            string `json:"map"`              // "europe"
	Setup          string `json:"setup"`            // "standard" or "experienced"
	InvestorCard   bool   `json:"investor_card"`    // false: variant without investor card
	FirstEdition   bool   `json:"first_edition"`    // the 2006 rules (rule book 003)
	BonusIncrease  bool   `json:"bonus_increase"`   // Imperial 2030 variant
	RondelPowerFee bool   `json:"rondel_power_fee"` // 2030: extra space costs 1 + power factor
	// Taxation2030: the bank pays the whole revenue into the treasury, which
	// pays soldiers' pay and then the government's bonus (rules2030.go).
	Taxation2030 bool `json:"taxation_2030,omitempty"`
	// Site: the playimperial.club rules (siterules.go), only for imports.
	Site *SiteRules `json:"site,omitempty"`
}

// Game is Imperial on the Europe map.
type Game struct {
	id, mapName string
}

// New returns the game "imperial".
func New() *Game { return &Game{id: "imperial", mapName: "europe"} }

// option returns the label and help of option name of domain (the game
// whose words they are: "imperial" or "imperial2030").
func option(domain, name string) (label, help words.Text) {
	key := domain + ".option." + name
	return words.New(key + ".label"), words.New(key + ".help")
}

// choiceLabels names the choices of an option ("….choice.<value>").
func choiceLabels(domain, name string, choices ...string) []words.Text {
	out := make([]words.Text, len(choices))
	for i, c := range choices {
		out[i] = words.New(domain + ".option." + name + ".choice." + c)
	}
	return out
}

func optionSpec(domain, name string, kind game.OptionKind, def string, choices ...string) game.OptionSpec {
	label, help := option(domain, name)
	spec := game.OptionSpec{Name: name, Label: label, Help: help, Kind: kind, Default: def, Choices: choices}
	if kind == game.OptionChoice {
		spec.ChoiceLabels = choiceLabels(domain, name, choices...)
	}
	return spec
}

var specs = []game.OptionSpec{
	optionSpec("imperial", "setup", game.OptionChoice, "standard", "standard", "experienced"),
	optionSpec("imperial", "investor_card", game.OptionBool, "true"),
}

// Info describes the game for the registry.
func (g *Game) Info() game.Info {
	return game.Info{ID: g.id, Name: words.New(g.id + ".name"), MinPlayers: 2, MaxPlayers: 6, Options: g.optionSpecs(),
		ImportOptions: []game.OptionSpec{specRuleset}}
}

func (g *Game) rules(opts game.Options) (Rules, error) {
	opts, ruleset := splitRuleset(opts)
	o, err := game.Normalize(g.optionSpecs(), opts)
	if err != nil {
		return Rules{}, err
	}
	r := Rules{Map: g.mapName, Setup: o["setup"], InvestorCard: o.Bool("investor_card")}
	g.ruleSwitches(&r, o)
	switch ruleset {
	case "":
	case RulesetPlayImperial:
		r.Site = playImperialRules(g.mapName == mapWorld2030)
	default:
		return Rules{}, words.Fail(words.New("game.error.option_choice").Lit("option", RulesetOption).Lit("value", ruleset))
	}
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
	s, ok := readState(data) // state_read.go: the plain forms in one pass
	if !ok {
		s = &State{}
		if err := json.Unmarshal(data, s); err != nil {
			return nil, fmt.Errorf("imperial state: %w", err)
		}
	}
	b, err := loadBoard(s.Rules)
	if err != nil {
		return nil, err
	}
	s.b, s.rules = b, s.Rules
	return s, nil
}
