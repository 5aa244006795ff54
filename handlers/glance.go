package handlers

import (
	"html/template"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// The position strip above a game's board: the game's glance
// (game.Glancer) in the reader's words, so a phone reads each nation's
// treasury and government and each player's cash and bonds without
// scrolling the board sideways.

type glanceTable struct {
	Head    string
	Columns []string
	Rows    []glanceRow
}

type glanceRow struct {
	Chip  template.HTML // the side's colour beside its name (the name says who)
	Name  string
	Short string // a code for a phone's narrow table ("AH"), "" for none
	Cells []string
	You   bool
	Turn  bool
}

// glanceOf says the glance of the position the page shows for viewer;
// nil for a game without one, or before it starts.
func glanceOf(pos *store.Position, viewer int, sp *words.Speaker) []glanceTable {
	st := pos.State
	if c, ok := st.(game.Concluder); ok && pos.Game.Ending == store.EndAgreed && !st.Finished() {
		st = c.Concluded() // ended by agreement: nobody is on turn
	}
	g, ok := st.(game.Glancer)
	if !ok {
		return nil
	}
	var out []glanceTable
	// each list made at its size (nil when empty, as appending left it)
	sized := func(n int) []string {
		if n == 0 {
			return nil
		}
		return make([]string, 0, n)
	}
	for _, t := range g.Glance(viewer) {
		v := glanceTable{Head: sp.Say(t.Head), Columns: sized(len(t.Columns))}
		for _, c := range t.Columns {
			v.Columns = append(v.Columns, sp.Say(c))
		}
		if len(t.Rows) > 0 {
			v.Rows = make([]glanceRow, 0, len(t.Rows))
		}
		for _, r := range t.Rows {
			row := glanceRow{Chip: chip(r.Colour), Name: sp.Say(r.Name), Short: r.Short, You: r.You, Turn: r.Turn, Cells: sized(len(r.Cells))}
			for _, c := range r.Cells {
				row.Cells = append(row.Cells, sp.Say(c))
			}
			v.Rows = append(v.Rows, row)
		}
		out = append(out, v)
	}
	return out
}
