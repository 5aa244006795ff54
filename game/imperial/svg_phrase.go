package imperial

import (
	"html"
	"strings"
)

// phrase is a phrase of the picture said many times a drawing with other
// values (a bond cell's tooltip, a rondel marker's), written as say says
// it, escaped: cut at its placeholders once (Speaker.Parts), its words
// escaped once, the values written between them. Said whole each time,
// the bond cells' tooltips were a tenth of an Imperial position layer's
// CPU: the arguments boxed, the sentence made, then escaped into another
// string.
type phrase struct {
	key  string   // the board's key (say's)
	lits []string // the words around the placeholders, escaped
	args []string // the placeholders' names
	ok   bool     // cut: else each is said whole
}

// phraseOf is the phrase key of the board, in the drawing's language.
func (s *State) phraseOf(key string) phrase {
	lits, args, ok := s.speaker().Parts(boardPhrase(key))
	for i, l := range lits {
		lits[i] = html.EscapeString(l) // Parts' own slice: escaping the parts escapes the whole
	}
	return phrase{key: key, lits: lits, args: args, ok: ok}
}

// write writes the phrase with vals, say's arguments (words, in the order
// boardArgs names them), escaped.
func (p phrase) write(w *strings.Builder, s *State, vals ...string) {
	if !p.ok {
		var room [4]any
		args := room[:0]
		for _, v := range vals {
			args = append(args, v)
		}
		w.WriteString(html.EscapeString(s.say(p.key, args...)))
		return
	}
	names := boardArgs[p.key]
	for i, name := range p.args {
		w.WriteString(p.lits[i])
		v := "<no value>" // what T says for a name it was not given
		if k := indexOf(names, name); k >= 0 && k < len(vals) {
			v = vals[k]
		}
		w.WriteString(html.EscapeString(v))
	}
	w.WriteString(p.lits[len(p.lits)-1])
}

// indexOf is the index of name in names, or -1.
func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
