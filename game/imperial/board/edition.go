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
	// Borders are pairs of regions that border in this edition only.
	Borders [][2]string `yaml:"borders"`
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
	return b.addBorders(e.Borders)
}

// addBorders joins pairs of regions, by land and, between home provinces
// of one nation, by railway.
func (b *Board) addBorders(pairs [][2]string) error {
	for _, p := range pairs {
		x, okx := b.regionByID[p[0]]
		y, oky := b.regionByID[p[1]]
		if !okx || !oky || x == y {
			return fmt.Errorf("board %q: bad border %v", b.ID, p)
		}
		rx, ry := b.Regions[x], b.Regions[y]
		rx.Adj = slices.Compact(slices.Sorted(slices.Values(append(rx.Adj, y))))
		ry.Adj = slices.Compact(slices.Sorted(slices.Values(append(ry.Adj, x))))
		if rx.Kind == Home && ry.Kind == Home && rx.NationIdx == ry.NationIdx {
			b.rail[x] = append(b.rail[x], y)
			b.rail[y] = append(b.rail[y], x)
		}
	}
	return nil
}
