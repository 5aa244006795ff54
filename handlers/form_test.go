package handlers

import (
	"encoding/json"
	"fmt"
	"testing"

	"rondel/game"
)

func legal(groups, each int) []game.LegalMove {
	var out []game.LegalMove
	for g := range groups {
		for k := range each {
			out = append(out, game.LegalMove{Move: json.RawMessage(fmt.Sprintf(`{"g":%d,"k":%d}`, g, k)),
				Label: fmt.Sprintf("to place %d", k), Group: fmt.Sprintf("army in city %d", g)})
		}
	}
	return out
}

func TestBuildForm(t *testing.T) {
	cases := []struct {
		name                   string
		moves                  []game.LegalMove
		focus                  string
		groups, pick, selected int
	}{
		{"few moves: all radios by group", legal(3, 4), "", 3, 0, 0},
		{"many moves in one group: one list", legal(1, 40), "", 0, 0, 1},
		{"many moves: pick a group first, or the whole list", legal(6, 8), "", 0, 6, 6},
		{"many moves, group chosen", legal(6, 8), "army in city 2", 1, 0, 0},
		{"many moves, unknown group", legal(6, 8), "army in nowhere", 0, 6, 6},
	}
	for _, c := range cases {
		f := buildForm(7, 12, []string{"Move"}, c.moves, c.focus)
		if len(f.Groups) != c.groups || len(f.Pick) != c.pick || len(f.Select) != c.selected || f.Seq != 12 {
			t.Errorf("%s: %d groups, %d picks, %d select groups", c.name, len(f.Groups), len(f.Pick), len(f.Select))
		}
		total := 0
		for _, g := range append(f.Groups, f.Select...) {
			total += len(g.Moves)
		}
		if c.focus == "army in city 2" {
			if total != 8 || f.Groups[0].Name != c.focus || f.BackURL == "" {
				t.Errorf("%s: %d moves in %q", c.name, total, f.Groups[0].Name)
			}
		} else if total != len(c.moves) {
			t.Errorf("%s: %d of %d moves offered", c.name, total, len(c.moves))
		}
	}
}
