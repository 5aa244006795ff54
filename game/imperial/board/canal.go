package board

import "fmt"

// Canal is a sea link that fleets, and armies carried by convoy, pass only
// with the permission of the nation whose flag lies in the controlling land
// region (Imperial 2030: Panama from Colombia, Suez from North Africa).
type Canal struct {
	ID      string    `yaml:"id"`
	Seas    [2]string `yaml:"seas"`
	Control string    `yaml:"control"`

	SeaIdx     [2]int `yaml:"-"`
	ControlIdx int    `yaml:"-"`
}

func (b *Board) indexCanals() error {
	for _, c := range b.Canals {
		for i, id := range c.Seas {
			x, ok := b.regionByID[id]
			if !ok || b.Regions[x].Kind != Sea {
				return fmt.Errorf("canal %s: %s is not a sea", c.ID, id)
			}
			c.SeaIdx[i] = x
		}
		if !b.adjacentUnsorted(c.SeaIdx[0], c.SeaIdx[1]) {
			return fmt.Errorf("canal %s: its seas are not adjacent", c.ID)
		}
		ri, ok := b.regionByID[c.Control]
		if !ok || b.Regions[ri].Kind != Land {
			return fmt.Errorf("canal %s: controlling region %s is not a land region", c.ID, c.Control)
		}
		c.ControlIdx = ri
	}
	return nil
}

// adjacentUnsorted is Adjacent while the neighbour lists are not yet sorted.
func (b *Board) adjacentUnsorted(x, y int) bool {
	for _, z := range b.Regions[x].Adj {
		if z == y {
			return true
		}
	}
	return false
}

// CanalBetween returns the canal joining two seas, or nil.
func (b *Board) CanalBetween(x, y int) *Canal {
	for _, c := range b.Canals {
		if (c.SeaIdx[0] == x && c.SeaIdx[1] == y) || (c.SeaIdx[0] == y && c.SeaIdx[1] == x) {
			return c
		}
	}
	return nil
}
