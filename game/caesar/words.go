package caesar

import (
	"rondel/game/words"
)

// The engine's words are catalogue texts (game/words/locales/caesar.*.toml):
// message ids under "caesar." with typed arguments. Places, colours and
// treasures are catalogue terms; a board whose cities the catalogue does
// not know (a club's transcription of the printed board) still reads, with
// the names from its file in every language.

// Catalogue term families.
const (
	termCity     = "caesar.city."     // + city id
	termRegion   = "caesar.region."   // + colour id: the region a city colour stands for
	termColour   = "caesar.colour."   // + colour id, of cities and of players
	termTreasure = "caesar.treasure." // + treasure kind
	termBoard    = "caesar.board.title."
	termRome     = "caesar.rome"
)

// known reports whether the catalogue has the term.
func known(key string) bool { return words.Default().Has(words.Languages[0], key) }

// nodeArg names Rome or a city.
func (b *Board) nodeArg(id string) words.Arg {
	if id == Rome {
		return words.Term(termRome)
	}
	if known(termCity + id) {
		return words.Term(termCity + id)
	}
	if i, ok := b.cityIdx[id]; ok && b.Cities[i].Name != "" {
		return words.Lit(b.Cities[i].Name)
	}
	return words.Lit(id)
}

// nodeText is nodeArg as a Text of its own (a decision's subject).
func (b *Board) nodeText(id string) words.Text {
	a := b.nodeArg(id)
	if a.Kind() == "term" {
		return words.New(a.Str())
	}
	return words.New("caesar.place").Lit("name", a.Str())
}

// regionArg names the region of a city colour ("Italia" for red).
func (b *Board) regionArg(c Colour) words.Arg {
	if known(termRegion + c.ID) {
		return words.Term(termRegion + c.ID)
	}
	return words.Lit(c.Name)
}

// titleArg names the board.
func (b *Board) titleArg() words.Arg {
	if known(termBoard + b.ID) {
		return words.Term(termBoard + b.ID)
	}
	return words.Lit(b.Name)
}

// colourArg names a colour of cities or players ("red", "yellow").
func colourArg(c string) words.Arg {
	if known(termColour + c) {
		return words.Term(termColour + c)
	}
	return words.Lit(c)
}

// treasureArg names a treasure kind.
func treasureArg(t string) words.Arg { return words.Term(termTreasure + t) }

// chain joins items with the two-place message id ("{{.a}} – {{.b}}"),
// left to right: a way from city to city, a list of shares of points.
func chain(id string, items []words.Arg) words.Arg {
	if len(items) == 0 {
		return words.List()
	}
	acc := items[0]
	for _, it := range items[1:] {
		acc = words.Sub(words.Make(id, words.Named{Name: "a", Arg: acc}, words.Named{Name: "b", Arg: it}))
	}
	return acc
}

// countText is a number of things with its plural ("3 roads left").
func countText(id string, n int) words.Arg { return words.Sub(words.New(id).Count(n)) }
