package imperial

import (
	"fmt"

	"rondel/game/imperial/board"
	"rondel/game/picture"
)

// The map part of the board for one position, described once as a
// picture.Scene (issue 21): the regions' fills, the map's scenery (by
// reference), the conflict outline, the callout frames and every piece,
// each carrying what the web page needs (the map element it draws, the
// data- attributes board.js reads, the tooltip) beside what the raster
// needs (its own shape). The web board writes it as SVG over the map asset
// or in the whole board.svg (picture.WriteOps); the mail's picture rasters
// it and adds the change marks and the strip under it (picture.go). The
// banner, the rondel, the tracks, the tables and the legend stay outside
// it: they are words in the reader's language, which the picture has none
// of (docs/mail-pictures.md).

// sceneFor says for whom and for which back end the scene is built.
type sceneFor struct {
	// acting is the nation whose units the viewer decides for, ringed (the
	// picture's decision mark; the web passes -1).
	acting int
	// words: the back end draws the map's words (the web): a callout's
	// frame holds the region's name. The picture has no words, so its
	// frames hold only the pieces, and a region without pieces has none.
	words bool
	// under, if set, adds what lies over the map and under the pieces
	// (the picture's change rings).
	under func(*picture.Scene)
	// lent, if set, is the memory the scene is built in (drawMap's: only
	// a scene that is dropped at once may take it).
	lent *webLent
}

// kids and attrs hand out a group's children and data.
func (f sceneFor) kids(n int) []picture.Op {
	if f.lent == nil {
		return make([]picture.Op, 0, n)
	}
	return f.lent.kids.take(n)
}

func (f sceneFor) attrs(n int) []picture.Attr {
	if f.lent == nil {
		return make([]picture.Attr, 0, n)
	}
	return f.lent.attrs.take(n)
}

// line is picture.Line, its two points in the lent memory when there is.
func (f sceneFor) line(x1, y1, x2, y2 float64, stroke string, width float64) picture.Op {
	if f.lent == nil {
		return picture.Line(x1, y1, x2, y2, stroke, width)
	}
	pts := append(f.lent.points.take(2), [2]float64{x1, y1}, [2]float64{x2, y2})
	return picture.Op{Kind: picture.OpPoly, Points: pts, Stroke: stroke, Width: width}
}

// mapScene builds the scene.
func (s *State) mapScene(sh *board.Shapes, f sceneFor) *picture.Scene {
	sc := &picture.Scene{Width: sh.Width, Height: sh.Height, Background: colPaper}
	if f.lent != nil {
		sc.Ops = f.lent.ops[:0]
	}
	if n := 3*len(s.b.Regions) + 32; cap(sc.Ops) < n {
		// room for the regions and their pieces at once: growing a slice
		// of large ops copied each one several times (5% of a first view)
		sc.Ops = make([]picture.Op, 0, n)
	}
	if !f.words {
		// only the raster reads them: the web writes the scene's ops,
		// places the symbols its pieceDefs define and fills with patterns
		sc.Symbols, sc.Flat = pieceSymbols(), s.flatFills()
	}
	sc.Add(picture.Rect(0, 0, sh.Width, sh.Height, colLake, "", 0))
	// every region's data-region in one allocation, not one each
	data := f.attrs(len(s.b.Regions))[:len(s.b.Regions)]
	// each region's shape looked up once for both passes
	var shapeRoom [128]*board.RegionShape
	shapes := shapeRoom[:0]
	for ri, r := range s.b.Regions {
		rs, _ := sh.Shape(r.ID)
		shapes = append(shapes, rs)
		if rs == nil {
			continue
		}
		data[ri] = picture.Attr{Name: "region", Value: r.ID}
		// picture.Path(...).Of(...).With(...), made where it is kept: each
		// step copied the 352-byte op, a tenth of the scene's CPU
		sc.Ops = append(sc.Ops, picture.Op{Kind: picture.OpPath, Path: rs.Path, Fill: s.regionFill(ri),
			Ref: rs.Ref(), Data: data[ri : ri+1 : ri+1]})
		op := &sc.Ops[len(sc.Ops)-1]
		if f.words && !s.layered() { // a tooltip only a page shows (over the map asset, its own)
			op.Title = s.regionTitle(ri)
		}
		if r.Kind != board.Sea {
			op.Stroke, op.Width = colBorder, 0.7
			op.Class = "imp-land" // its border from pieceDefs' style
		}
	}
	under := picture.MapElement("under")
	if !f.words { // the web places the map's element, never its stand-in
		under.Ops = underStandIn(sh)
	}
	sc.Add(under)
	if f.under != nil {
		f.under(sc)
	}
	if m := s.Maneuver; m != nil && m.Conflict != nil {
		if rs, ok := sh.Shape(s.b.Regions[m.Conflict.Region].ID); ok {
			sc.Add(picture.Path(rs.Path, "", "#c0392b", 3).DashGap(6, 3).Of(rs.Ref()).Tip(s.say("battle.tip")))
		}
	}
	sc.Add(picture.MapElement("names")) // words: the web's only
	var room [12]piece                  // one region's pieces, reused by the next
	scratch := room[:0]
	for ri, rs := range shapes {
		if rs != nil {
			scratch = s.sceneRegion(sc, rs, ri, f, scratch)
		}
	}
	return sc
}

// flatFills are the colours the raster fills with where the web board
// has a pattern: a flag's stripes become a 25% tint of its nation over
// land or sea, the impassable hatching its grey.
func (s *State) flatFills() map[string]string {
	out := map[string]string{"url(#imp-hatch)": "#d4d4d4"}
	for ni := range s.Nations {
		out[fmt.Sprintf("url(#imp-flag-land-%d)", ni)] = mix(colLand, s.nationColour(ni), 0.25)
		out[fmt.Sprintf("url(#imp-flag-sea-%d)", ni)] = mix(colSea, s.nationColour(ni), 0.25)
	}
	return out
}

// underStandIn is what the raster draws for the map's "under" group
// (drawUnder): its scenery, sea borders, straits and canals, without
// words or ports.
func underStandIn(sh *board.Shapes) []picture.Op {
	var ops []picture.Op
	if sh.Scenery.Land != "" {
		ops = append(ops, picture.Path(sh.Scenery.Land, colScenery, "#a9a49a", 0.5))
	}
	if sh.Scenery.Water != "" {
		ops = append(ops, picture.Path(sh.Scenery.Water, colLake, "", 0))
	}
	if sh.SeaBorders != "" {
		ops = append(ops, picture.Path(sh.SeaBorders, "", "#ffffff", 1.3).Dashed(4))
	}
	for _, c := range sh.Connectors {
		a, b := c.Ends[0], c.Ends[1]
		switch c.Kind {
		case "strait":
			ops = append(ops, picture.Line(a[0], a[1], b[0], b[1], colStrait, 2.2).Dashed(3))
		case "canal":
			ops = append(ops, picture.Line(a[0], a[1], b[0], b[1], colCanal, 2.6).Dashed(2))
		}
	}
	return ops
}

// sceneRegion adds a region's callout frame and name (for a region too
// small to hold its pieces: the frame fits the name and the rows, joined
// to the region by a leader), then its factory site, its flag and its
// units in rows centred in the region's box (board/mapgen puts the box
// inside the region, or beside it).
func (s *State) sceneRegion(sc *picture.Scene, rs *board.RegionShape, ri int, f sceneFor, scratch []piece) []piece {
	r := s.b.Regions[ri]
	items := s.regionPieces(scratch[:0], ri, f)
	var endRoom [4]int // a region's rows, most one or two
	rows := rowsOf(endRoom[:0], items, max(rs.Box[2], 44))
	lx, y := rs.Label[0], rs.Label[1]+4
	switch {
	case rs.Callout && f.words:
		fw := float64(len([]rune(s.regionName(ri))))*7 + 10
		for k := range rows {
			fw = max(fw, rowWidth(rowAt(items, rows, k))+10)
		}
		fh := 16 + 18*float64(len(rows)) + 2
		s.callout(sc, f, rs, ri, lx-fw/2, rs.Box[1], fw, fh)
		sc.Add(picture.MapElement(rs.NameRef()))
	case rs.Callout && len(rows) > 0:
		fw := 0.0
		for k := range rows {
			fw = max(fw, rowWidth(rowAt(items, rows, k))+10)
		}
		by := rs.Box[1] + 12 // where the name's line ends
		s.callout(sc, f, rs, ri, lx-fw/2, by, fw, 18*float64(len(rows))+4)
		y = by - 5
	}
	if r.Kind == board.Impassable {
		return items
	}
	y += 17
	for k := range rows {
		row := rowAt(items, rows, k)
		x := lx - rowWidth(row)/2
		for i := range row {
			row[i].draw(sc, f, x+row[i].width/2, y)
			x += row[i].width + pieceGap
		}
		y += 18
	}
	return items
}

// callout frames the pieces of a region too small to hold them, and
// joins the frame to the region: the leader leaves the frame's edge
// nearest the region.
func (s *State) callout(sc *picture.Scene, f sceneFor, rs *board.RegionShape, ri int, bx, by, bw, bh float64) {
	ex := min(max(rs.Anchor[0], bx), bx+bw)
	ey := min(max(rs.Anchor[1], by), by+bh)
	edge := colBorder
	if r := s.b.Regions[ri]; r.Kind == board.Home {
		edge = s.nationColour(r.NationIdx)
	}
	frame := picture.Rect(bx, by, bw, bh, "#ffffff", edge, 1.5)
	frame.R, frame.Opacity = 4, 0.88
	sc.Add(f.line(ex, ey, rs.Anchor[0], rs.Anchor[1], colInk, 1.2),
		picture.Circle(rs.Anchor[0], rs.Anchor[1], 2, colInk, "", 0), frame)
}
