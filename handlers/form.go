package handlers

import (
	"fmt"
	"net/url"

	"rondel/game"
)

// Up to this many moves the form lists them all as radio buttons; beyond,
// it first asks which group (e.g. which army) and then lists that group.
const radioLimit = 30

type moveChoice struct {
	ID    string
	Value string
	Label string
}

type moveGroup struct {
	Name  string
	Count int
	Link  string
	Moves []moveChoice
}

// moveForm is a decision as a form; Seq is the position it was made on.
type moveForm struct {
	Seq     int
	Prompts []string
	Groups  []moveGroup // shown as fieldsets of radio buttons
	Pick    []moveGroup // many moves: links to narrow down to one group
	Select  []moveGroup // many moves: the whole list in one select, too
	Focus   string      // the chosen group, when narrowed down
	BackURL string
}

// buildForm turns legal moves into a form without knowing the game.
func buildForm(gameID int64, seq int, prompts []string, moves []game.LegalMove, focus string) *moveForm {
	f := &moveForm{Seq: seq, Prompts: prompts}
	var groups []moveGroup
	index := map[string]int{}
	for i, m := range moves {
		name := m.Group
		if name == "" {
			name = "Other"
		}
		k, ok := index[name]
		if !ok {
			k = len(groups)
			index[name] = k
			groups = append(groups, moveGroup{Name: name})
		}
		groups[k].Moves = append(groups[k].Moves, moveChoice{ID: fmt.Sprintf("m%d", i), Value: string(m.Move), Label: m.Label})
		groups[k].Count++
	}
	base := fmt.Sprintf("/games/%d", gameID)
	switch {
	case len(moves) <= radioLimit:
		f.Groups = groups
	case len(groups) == 1:
		// Many moves of one kind (e.g. every possible import): one list.
		f.Select = groups
	case focus != "" && index[focus] < len(groups) && groups[index[focus]].Name == focus:
		f.Focus = focus
		f.Groups = []moveGroup{groups[index[focus]]}
		f.BackURL = base + "#decide"
	default:
		for _, g := range groups {
			g.Link = base + "?group=" + url.QueryEscape(g.Name) + "#decide"
			f.Pick = append(f.Pick, g)
		}
		f.Select = groups
	}
	return f
}
