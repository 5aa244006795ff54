package selfplay

import (
	"fmt"
	"html"
	"regexp"
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// boardEvery is how often (in moves) self-play checks that the board
// hints of the open decisions name things drawn on the board: drawing the
// board costs milliseconds, and every few moves meet every kind of
// decision many times over a game.
const boardEvery = 24

// checkWithheld checks the words of the moves seat may not make now.
func checkWithheld(s game.State, seat int) error {
	w, ok := s.(game.Withholder)
	if !ok {
		return nil
	}
	for i, m := range w.Withheld(seat) {
		what := fmt.Sprintf("withheld move %d", i+1)
		if err := checkText(what+"'s label", m.Label, true); err != nil {
			return err
		}
		if err := checkText(what+"'s group", m.Group, false); err != nil {
			return err
		}
		if err := checkText(what+"'s reason", m.Why, true); err != nil {
			return err
		}
	}
	return nil
}

// checkBoardActs checks that every board hint of the open decisions
// (game.BoardAct of legal and withheld moves) is a well-formed reference
// to elements drawn on the board seat sees: a page's script could not
// offer the move otherwise.
func checkBoardActs(s game.State, players int, buf *game.MoveBuf) error {
	names := make([]string, players)
	for i := range names {
		names[i] = fmt.Sprintf("player%d", i+1)
	}
	for _, d := range s.ToAct() {
		var acts []*game.BoardAct
		for _, m := range game.ListMoves(s, buf, d.Seat) { // the acts are checked before the next list
			if m.Board != nil {
				acts = append(acts, m.Board)
			}
		}
		if w, ok := s.(game.Withholder); ok {
			for _, m := range w.Withheld(d.Seat) {
				if m.Board != nil {
					acts = append(acts, m.Board)
				}
			}
		}
		if len(acts) == 0 {
			continue
		}
		dr, ok := s.(game.Drawer)
		if !ok {
			return fmt.Errorf("seat %d's moves say where they are made on a board the game does not draw", d.Seat)
		}
		drawn, err := dataAttrs(dr.BoardSVG(d.Seat, words.English().WithNames(names)))
		if err != nil {
			return fmt.Errorf("the board seat %d sees: %w", d.Seat, err)
		}
		for _, a := range acts {
			refs := []string{a.Pick}
			if a.Target != "" { // else the move is made by its pick alone
				refs = append(refs, a.Target)
			}
			for _, ref := range refs {
				if err := drawn.find(ref); err != nil {
					return fmt.Errorf("seat %d's decision %s: %w", d.Seat, d.Kind, err)
				}
			}
		}
	}
	return nil
}

// drawing is the data- attributes of every element of a board that has
// some, each element's as "name=value" strings.
type drawing [][]string

// dataAttr is one data- attribute in a start tag.
var dataAttr = regexp.MustCompile(` data-([a-z-]+)="([^"]*)"`)

// dataAttrs reads the start tags of an SVG the engine wrote (attribute
// values in double quotes, '>' escaped in them): a scan of the tags is
// many times faster than an XML decoder, and self-play draws often.
func dataAttrs(svg string) (drawing, error) {
	var out drawing
	for rest := svg; ; {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			return out, nil
		}
		j := strings.IndexByte(rest[i:], '>')
		if j < 0 {
			return nil, fmt.Errorf("a tag is not closed: %.40q", rest[i:])
		}
		tag := rest[i : i+j]
		rest = rest[i+j:]
		if !strings.Contains(tag, " data-") {
			continue
		}
		var attrs []string
		for _, m := range dataAttr.FindAllStringSubmatch(tag, -1) {
			attrs = append(attrs, m[1]+"="+html.UnescapeString(m[2]))
		}
		out = append(out, attrs)
	}
}

// find says whether ref is well formed and names an element drawn.
func (d drawing) find(ref string) error {
	pairs, err := game.ParseRef(ref)
	if err != nil {
		return err
	}
	for _, el := range d {
		all := true
		for _, p := range pairs {
			found := false
			for _, a := range el {
				found = found || a == p[0]+"="+p[1]
			}
			all = all && found
		}
		if all {
			return nil
		}
	}
	return fmt.Errorf("no element of the board carries %q", ref)
}
