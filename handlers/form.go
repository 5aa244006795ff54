package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"net/url"

	"rondel/game"
	"rondel/game/words"
)

const (
	// Up to this many moves the form shows every group at once, as
	// fieldsets of radio buttons; beyond, it first asks which group (e.g.
	// which army) and then shows that group.
	radioLimit = 30
	// listLimit is the longest list a form ever shows: a longer group is
	// shown in parts.
	listLimit = 40
	// questionLimit: a decision of at most this many moves, in one group
	// and none on the board, is a question answered by a button each.
	questionLimit = 4
)

type moveChoice struct {
	ID    string
	Value string
	Label string
	Why   string // a withheld move: why it is not allowed now (shown disabled)
	group words.Text
}

type moveGroup struct {
	Name  string
	ID    string // the group's id in a link (groupID)
	Count int    // its moves, not counting withheld ones
	Link  string
	Moves []moveChoice
}

// boardAct is a move as the page's click-to-act script reads it
// (static/board.js): where it is made on the board (game.BoardAct), and
// its words; a withheld move has no value and says why not.
type boardAct struct {
	Value  string
	Label  string
	Group  string
	Pick   string
	Target string
	Why    string
}

// moveForm is a decision as a form; Seq is the position it was made on.
type moveForm struct {
	Seq     int
	Prompts []string
	Groups  []moveGroup  // shown as fieldsets of radio buttons
	Pick    []moveGroup  // many moves: links to narrow down to one group
	Buttons []moveChoice // passes and the answers to a question: a button each, on every view
	Focus   string       // the chosen group's id, when narrowed down
	BackURL string
	Acts    []boardAct // every move the board can show, for the script
	// GroupsHTML and ActsHTML are Groups and Acts as the page writes them
	// (form_html.go), written once per form.
	GroupsHTML, ActsHTML template.HTML
}

// groupID names a group of moves in a link: a short hash of the group's
// identity (its Text's key), the same in every language and as long as
// the group means the same.
func groupID(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:6])
}

// withheld lists the moves seat may not make now, if the game names them.
func withheld(st game.State, seat int) []game.Withheld {
	if w, ok := st.(game.Withholder); ok {
		return w.Withheld(seat)
	}
	return nil
}

// formInput is what a decision offers: its legal moves and the moves it
// withholds (game.Withholder), said by sp.
type formInput struct {
	sp       *words.Speaker
	moves    []game.LegalMove
	withheld []game.Withheld
}

// buildForm turns legal moves into a form without knowing the game: moves
// whose Group is the same Text belong together; sp says the words. No
// list in it is longer than listLimit; a move that passes ("End the
// maneuver") is a button of its own, on every view of the form.
// base is the page the form is on: the game's page, or the page a mailed
// decision link opens (its narrowing links stay on it).
func buildForm(sp *words.Speaker, base string, seq int, prompts []string, moves []game.LegalMove, withheld []game.Withheld, focus string) *moveForm {
	in := formInput{sp: sp, moves: moves, withheld: withheld}
	f := &moveForm{Seq: seq, Prompts: prompts, Acts: in.acts()}
	groups, buttons := in.groups()
	f.Buttons = buttons
	count := 0
	for _, g := range groups {
		count += g.Count
	}
	focused := -1
	for i, g := range groups {
		if g.ID == focus {
			focused = i
		}
	}
	switch {
	case count <= radioLimit || len(groups) == 1:
		f.Groups = groups
	case focused >= 0:
		f.Focus = focus
		f.Groups = []moveGroup{groups[focused]}
		f.BackURL = base + "#decide"
	default:
		for _, g := range groups {
			g.Link = base + "?group=" + url.QueryEscape(g.ID) + "#decide"
			g.Moves = nil
			f.Pick = append(f.Pick, g)
		}
	}
	f.GroupsHTML, f.ActsHTML = groupsHTML(f.Groups), actsHTML(f.Acts)
	return f
}

// groups gathers the moves and the withheld moves by group, in the order
// the engine lists them, and cuts groups longer than listLimit into
// parts. The moves that pass (End the maneuver) are buttons; so is every
// move of a question: a decision of a few moves in one group, none on
// the board (fight or stay at peace, grant or refuse a passage).
func (in formInput) groups() ([]moveGroup, []moveChoice) {
	type gathered struct {
		key   string
		name  string
		moves []moveChoice
	}
	var all []*gathered
	var buttons []moveChoice
	index := map[string]*gathered{}
	at := func(group words.Text) *gathered {
		key := group.Key()
		g, ok := index[key]
		if !ok {
			name := in.sp.T("pages.game.other_moves")
			if !group.IsZero() {
				name = in.sp.Say(group)
			}
			g = &gathered{key: key, name: name}
			index[key] = g
			all = append(all, g)
		}
		return g
	}
	onBoard := false
	for i, m := range in.moves {
		c := moveChoice{ID: fmt.Sprintf("m%d", i), Value: string(m.Move), Label: in.sp.Say(m.Label), group: m.Group}
		onBoard = onBoard || m.Board != nil
		if m.Pass {
			buttons = append(buttons, c)
			continue
		}
		g := at(m.Group)
		g.moves = append(g.moves, c)
	}
	if !onBoard && len(in.withheld) == 0 && len(all) <= 1 && len(in.moves) <= questionLimit {
		var question []moveChoice
		for i, m := range in.moves {
			question = append(question, moveChoice{ID: fmt.Sprintf("m%d", i), Value: string(m.Move), Label: in.sp.Say(m.Label)})
		}
		return nil, question
	}
	for i, w := range in.withheld {
		g := at(w.Group)
		g.moves = append(g.moves, moveChoice{ID: fmt.Sprintf("w%d", i), Label: in.sp.Say(w.Label), Why: in.sp.Say(w.Why)})
	}
	var groups []moveGroup
	for _, g := range all {
		groups = append(groups, in.parts(g.key, g.name, g.moves)...)
	}
	return groups, in.named(buttons)
}

// named says the group of each button whose words another button shares
// (two nations' "No battle"): "Italy, Rome: No battle".
func (in formInput) named(buttons []moveChoice) []moveChoice {
	seen := map[string]int{}
	for _, b := range buttons {
		seen[b.Label]++
	}
	for i, b := range buttons {
		if seen[b.Label] > 1 && !b.group.IsZero() {
			buttons[i].Label = in.sp.T("pages.game.choice_in", "group", b.group, "label", b.Label)
		}
	}
	return buttons
}

// parts cuts a group into parts of at most listLimit moves, of about
// equal size: "Army in Rome (2 of 3)".
func (in formInput) parts(key, name string, moves []moveChoice) []moveGroup {
	n := (len(moves) + listLimit - 1) / listLimit
	if n <= 1 {
		return []moveGroup{newGroup(groupID(key), name, moves)}
	}
	size := (len(moves) + n - 1) / n
	var out []moveGroup
	for p := 0; p*size < len(moves); p++ {
		part := moves[p*size : min(len(moves), (p+1)*size)]
		label := in.sp.T("pages.game.group_part", "group", name, "part", p+1, "parts", n)
		out = append(out, newGroup(groupID(fmt.Sprintf("%s#%d", key, p+1)), label, part))
	}
	return out
}

func newGroup(id, name string, moves []moveChoice) moveGroup {
	g := moveGroup{ID: id, Name: name, Moves: moves}
	for _, m := range moves {
		if m.Why == "" {
			g.Count++
		}
	}
	return g
}

// acts lists the moves and the withheld moves the board can show, for
// the page's script.
func (in formInput) acts() []boardAct {
	var out []boardAct
	for _, m := range in.moves {
		if m.Board != nil {
			out = append(out, boardAct{Value: string(m.Move), Label: in.sp.Say(m.Label), Group: in.groupName(m.Group),
				Pick: m.Board.Pick, Target: m.Board.Target})
		}
	}
	for _, w := range in.withheld {
		if w.Board != nil {
			out = append(out, boardAct{Label: in.sp.Say(w.Label), Group: in.groupName(w.Group),
				Pick: w.Board.Pick, Target: w.Board.Target, Why: in.sp.Say(w.Why)})
		}
	}
	return out
}

func (in formInput) groupName(g words.Text) string {
	if g.IsZero() {
		return ""
	}
	return in.sp.Say(g)
}
