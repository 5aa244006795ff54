package imperial

import (
	"html"
	"strings"
)

// bondTip writes the bond cells' tooltips, what say("bonds.tip", nation,
// bonds, total) says, escaped: the phrase cut at its placeholders once
// for the panel (Speaker.Parts), the values written between its words.
// Said whole for every cell, its words were a tenth of an Imperial
// position layer's CPU: the arguments boxed, the costs joined, the
// sentence made and then escaped into another string.
type bondTip struct {
	lits []string // the phrase's words around the placeholders, escaped
	args []string // the placeholders' names
	ok   bool     // cut: else each tip is said whole
}

// bondTipOf is the panel's bondTip.
func (s *State) bondTipOf() bondTip {
	lits, args, ok := s.speaker().Parts(boardPhrase("bonds.tip"))
	for i, l := range lits {
		lits[i] = html.EscapeString(l) // Parts' own slice: the escaping of the parts is the whole's
	}
	return bondTip{lits: lits, args: args, ok: ok}
}

// write writes the tip of nation ni's bonds costing costs (their
// numbers), total in all.
func (t bondTip) write(w *strings.Builder, s *State, ni int, costs []string, total int) {
	if !t.ok {
		w.WriteString(html.EscapeString(s.say("bonds.tip", s.nationName(ni), strings.Join(costs, ", "), s.money(total))))
		return
	}
	for i, name := range t.args {
		w.WriteString(t.lits[i])
		switch name {
		case "nation":
			w.WriteString(html.EscapeString(s.nationName(ni)))
		case "bonds":
			for k, c := range costs { // digits: nothing to escape
				if k > 0 {
					w.WriteString(", ")
				}
				w.WriteString(c)
			}
		case "total":
			w.WriteString(html.EscapeString(s.money(total)))
		default:
			w.WriteString(html.EscapeString("<no value>")) // what T says for a name it was not given
		}
	}
	w.WriteString(t.lits[len(t.lits)-1])
}
