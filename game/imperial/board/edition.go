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

// LoadEdition returns a board with one of its editions applied ("" for the
// map as printed).
func LoadEdition(name, edition string) (*Board, error) {
	if boardsErr != nil {
		return nil, boardsErr
	}
	key := name
	if edition != "" {
		key += "/" + edition
	}
	b, ok := boards[key]
	if !ok {
		return nil, fmt.Errorf("no board %q with edition %q", name, edition)
	}
	return b, nil
}

// applyEdition changes a freshly parsed board into one of its editions.
func (b *Board) applyEdition(edition string) error {
	name := b.ID
	e, ok := b.Editions[edition]
	if !ok {
		return fmt.Errorf("board %q has no edition %q", name, edition)
	}
	if e.Bonds > 0 {
		if e.Bonds > len(b.Bonds) {
			return fmt.Errorf("board %q edition %q: %d bonds, the map has %d", name, edition, e.Bonds, len(b.Bonds))
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
	return nil
}
