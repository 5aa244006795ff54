package game

import "rondel/game/words"

// Glancer gives the position at a glance: a few short tables that a game
// page shows above its board (the nations' treasuries and who governs
// them, each player's cash and bonds; each player's points and roads), so
// that a phone reads the position without scrolling the board sideways.
// viewer is the seat looking (its row is marked), or -1 for a spectator.
// Optional, like the interfaces in view.go.
type Glancer interface {
	Glance(viewer int) []GlanceTable
}

// GlanceTable is one table of a glance: a row per side or player, a few
// short cells each (amounts, a rondel space, a name).
type GlanceTable struct {
	Head    words.Text   `json:"head"` // what the rows are (nation, player)
	Columns []words.Text `json:"columns"`
	Rows    []GlanceRow  `json:"rows"`
}

// GlanceRow is one line of a glance's table: its name, its short code
// where room is scarce ("AH", as the board writes it; "" for none), its
// colour ("#rrggbb", "" for none), its cells, and whether it is the
// viewer's own (their seat, a nation they govern) or the one whose turn
// it is.
type GlanceRow struct {
	Name   words.Text   `json:"name"`
	Short  string       `json:"short,omitempty"`
	Colour string       `json:"colour,omitempty"`
	Cells  []words.Text `json:"cells"`
	You    bool         `json:"you,omitempty"`
	Turn   bool         `json:"turn,omitempty"`
}
