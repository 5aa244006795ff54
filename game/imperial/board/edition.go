package board

import (
	"fmt"
	"slices"
)

// Edition lists how another edition of the game differs from the map's
// data (Imperial's first edition of 2006). Zero fields change nothing.
type Edition struct {
	Bonds         int                   `yaml:"bonds"` // only the n cheapest bonds exist
	Flags         int                   `yaml:"flags"` // flags (tax chips) per nation
	MaxRevenue    int                   `yaml:"max_revenue"`
	StartingMoney map[int]int           `yaml:"starting_money"`
	FlagCards     map[string][]CardBond `yaml:"flag_cards"`
}

// LoadEdition loads a board and applies one of its editions ("" for the
// map as printed).
func LoadEdition(name, edition string) (*Board, error) {
	b, err := Load(name)
	if err != nil || edition == "" {
		return b, err
	}
	e, ok := b.Editions[edition]
	if !ok {
		return nil, fmt.Errorf("board %q has no edition %q", name, edition)
	}
	if e.Bonds > 0 {
		if e.Bonds > len(b.Bonds) {
			return nil, fmt.Errorf("board %q edition %q: %d bonds, the map has %d", name, edition, e.Bonds, len(b.Bonds))
		}
		b.Bonds = slices.Clone(b.Bonds[:e.Bonds])
	}
	if e.Flags > 0 {
		for _, n := range b.Nations {
			n.Flags = e.Flags
		}
	}
	if e.MaxRevenue > 0 {
		b.MaxRevenue = e.MaxRevenue
	}
	if e.StartingMoney != nil {
		b.StartingMoney = e.StartingMoney
	}
	if e.FlagCards != nil {
		b.FlagCards = e.FlagCards
	}
	return b, nil
}
