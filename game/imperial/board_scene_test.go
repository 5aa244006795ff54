package imperial

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial/board"
	"rondel/game/picture"
	"rondel/game/selfplay"
)

// TestPictureAndWebBoardAreOneScene: the mail's picture draws the same
// regions and the same pieces, in the same places, as the web board's map
// part, because both are the one scene (mapScene): every region outline
// and every factory, flag and unit group of the one is in the other.
func TestPictureAndWebBoardAreOneScene(t *testing.T) {
	for _, c := range playedBoards(t) {
		s, sh := c.s, c.sh
		web := pieces(s.mapScene(sh, sceneFor{acting: -1, words: true}).Ops)
		pic := pieces(s.Picture(-1, nil).Ops)
		if len(web) < len(s.b.Regions) {
			t.Errorf("%s: the web scene has %d pieces and outlines, fewer than the regions", c.game, len(web))
		}
		if !slices.Equal(web, pic) {
			t.Errorf("%s: the picture draws other pieces than the web board:\nweb %v\npicture %v", c.game, web, pic)
		}
	}
}

// playedBoard is a self-played game's final position with its map.
type playedBoard struct {
	game string
	s    *State
	sh   *board.Shapes
}

// playedBoards self-plays a game of Imperial (5 players) and of Imperial
// 2030 (6) far into the middle: positions with flags, factories, units
// and callouts of every kind to draw.
func playedBoards(t *testing.T) []playedBoard {
	t.Helper()
	reg := game.NewRegistry(New(), New2030())
	var out []playedBoard
	for _, c := range []struct {
		game    string
		players int
		seed    uint64
		moves   int
	}{{"imperial", 5, 12, 260}, {"imperial2030", 6, 14, 300}} {
		o, err := selfplay.Play(reg, c.game, selfplay.Config{Players: c.players, MaxMoves: c.moves}, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		s := o.Final.(*State)
		sh, err := board.LoadShapes(s.b.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, playedBoard{c.game, s, sh})
	}
	return out
}

// pieces lists the region outlines and placed pieces of ops: the map
// element or symbol, the data- attributes in force and the fill (callout
// frames sit differently with and without words, so not the places).
func pieces(ops []picture.Op) []string {
	var out []string
	var walk func(ops []picture.Op, data string)
	walk = func(ops []picture.Op, data string) {
		for _, o := range ops {
			d := data
			for _, a := range o.Data {
				d += " " + a.Name + "=" + a.Value
			}
			switch {
			case o.Kind == picture.OpPath && strings.HasPrefix(o.Ref, "r-") && o.Fill != "":
				out = append(out, o.Ref+d+" "+o.Fill)
			case o.Kind == picture.OpUse:
				out = append(out, o.Use+d+" "+o.Fill)
			}
			walk(o.Ops, d)
		}
	}
	walk(ops, "")
	slices.Sort(out)
	return out
}

// TestLentLineIsLine: a callout's leader built in the lent memory is the
// op picture.Line makes, and so is one built without it.
func TestLentLineIsLine(t *testing.T) {
	want := picture.Line(1, 2.5, -3, 40, colInk, 1.2)
	for _, f := range []sceneFor{{}, {lent: &webLent{}}} {
		got := f.line(1, 2.5, -3, 40, colInk, 1.2)
		if got.Kind != want.Kind || !slices.Equal(got.Points, want.Points) || got.Stroke != want.Stroke || got.Width != want.Width {
			t.Errorf("lent %v: %+v, picture.Line %+v", f.lent != nil, got, want)
		}
		got.Points, want.Points = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("lent %v: %+v, picture.Line %+v", f.lent != nil, got, want)
		}
		want = picture.Line(1, 2.5, -3, 40, colInk, 1.2)
	}
}

// TestRowsOfAsSlices: the rows rowsOf marks by their ends are the rows the
// slice-making version broke pieces into, for every count of pieces of
// mixed widths up to 14 and box widths from one piece to all.
func TestRowsOfAsSlices(t *testing.T) {
	old := func(items []piece, width float64) [][]piece {
		var rows [][]piece
		for len(items) > 0 {
			n, rowW := 0, 0.0
			for n < len(items) && (n == 0 || rowW+pieceGap+items[n].width <= width) {
				if n > 0 {
					rowW += pieceGap
				}
				rowW += items[n].width
				n++
			}
			rows = append(rows, items[:n])
			items = items[n:]
		}
		return rows
	}
	widths := []float64{20, 18, 14, 28, 36, 20, 20, 18}
	for n := 0; n <= 14; n++ {
		items := make([]piece, n)
		for i := range items {
			items[i].width = widths[i%len(widths)]
		}
		for width := 10.0; width <= 300; width += 3 {
			want := old(items, width)
			ends := rowsOf(nil, items, width)
			if len(ends) != len(want) {
				t.Fatalf("%d pieces in %v: %d rows, want %d", n, width, len(ends), len(want))
			}
			for k := range ends {
				if got := rowAt(items, ends, k); len(got) != len(want[k]) || (len(got) > 0 && &got[0] != &want[k][0]) {
					t.Fatalf("%d pieces in %v: row %d is %d pieces, want %d", n, width, k, len(got), len(want[k]))
				}
			}
		}
	}
}
