package game

import (
	"fmt"
	"strings"

	"rondel/game/words"
)

// Acting on the board. A game that draws its board (Drawer) may say of
// each legal move where it is made on that drawing, so that a page's
// script can offer the move by a click without knowing the game's moves:
// it finds the move for a click among the page's legal moves by their
// BoardAct and submits the same form a player without JavaScript fills
// in. The server checks the move as any other; the hint decides nothing.

// BoardAct says where a move is made on the board. Pick is what the player
// clicks first (a unit, a space of the rondel, a city), Target what they
// click then (the region the unit goes to). A move without a Target is
// made by clicking its Pick and confirming. Several moves may share a Pick
// and a Target (an army entering as a friend or a foe, a city reached by
// two ways): the page then asks which, with the moves' labels.
//
// Pick and Target are references (Ref) to elements of the board's SVG by
// their data- attributes.
type BoardAct struct {
	Pick   string `json:"pick"`
	Target string `json:"target,omitempty"`
}

// A Ref names elements of the board's SVG by their data- attributes:
// name=value pairs separated by single spaces, which an element must all
// carry. "region=vienna unit=army nation=AH" is every element with
// data-region="vienna", data-unit="army" and data-nation="AH" (a unit's
// marker); "region=genoa" the region's shape and everything drawn in it.
// Names are lower-case words; values ids of letters, digits, '-' and '_'.

// Ref builds a reference from names and values: Ref("region", "vienna",
// "unit", "army").
func Ref(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pairs[i])
		b.WriteByte('=')
		b.WriteString(pairs[i+1])
	}
	return b.String()
}

// ParseRef splits a reference into its names and values, or says what is
// wrong with it.
func ParseRef(ref string) ([][2]string, error) {
	if ref == "" {
		return nil, fmt.Errorf("empty reference")
	}
	var out [][2]string
	for _, part := range strings.Split(ref, " ") {
		name, value, ok := strings.Cut(part, "=")
		if !ok || !refWord(name, false) || !refWord(value, true) {
			return nil, fmt.Errorf("reference %q: %q is not name=value", ref, part)
		}
		out = append(out, [2]string{name, value})
	}
	return out, nil
}

// refWord: a name is lower-case letters (and '-'); a value an id.
func refWord(s string, value bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r == '-':
		case value && (r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'):
		default:
			return false
		}
	}
	return true
}

// Withholder is implemented by states that name moves a player would look
// for but the rules do not allow now, with why: a space of the rondel out
// of reach ("costs 6M, you have 3M"). Pages show them disabled, in the
// form and on the board, so a choice never silently disappears. They are
// not moves: LegalMoves does not list them and Apply refuses them.
type Withholder interface {
	Withheld(seat int) []Withheld
}

// Withheld is one move not allowed now: its label and group as a
// LegalMove would have them, why not, and where on the board it would be
// made.
type Withheld struct {
	Label words.Text `json:"label"`
	Group words.Text `json:"group"`
	Why   words.Text `json:"why"`
	Board *BoardAct  `json:"board,omitempty"`
}
