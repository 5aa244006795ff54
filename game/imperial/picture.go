package imperial

import (
	"fmt"

	"rondel/game"
	"rondel/game/imperial/board"
	"rondel/game/picture"
	"rondel/game/words"
)

// The board as a picture (game.Picturer) for mails and previews: the map
// with the same fills, borders and pieces as the web board's SVG (the same
// colours and layout functions), and under it a strip with the rondel and
// each nation's power points and treasury. No words: nations by their
// codes, the rest numbers; the legend and the description go beside the
// picture in the reader's language.

const stripHeight = 96.0

var _ game.Picturer = (*State)(nil)

// Picture draws the position for viewer; with before (this game's state at
// the viewer's last turn) it marks what changed since.
func (s *State) Picture(viewer int, before game.State) *picture.Scene {
	sh, err := board.LoadShapes(s.b.ID)
	if err != nil {
		// Every embedded map has a drawing (tested): an empty paper, not a panic.
		return &picture.Scene{Width: svgWidth, Height: 100, Background: colPaper}
	}
	sc := &picture.Scene{Width: sh.Width, Height: sh.Height + stripHeight, Background: colPaper}
	sc.Add(picture.Rect(0, 0, sh.Width, sh.Height, colLake, "", 0))
	for ri, r := range s.b.Regions {
		rs, ok := sh.Shape(r.ID)
		if !ok {
			continue
		}
		stroke := colBorder
		if r.Kind == board.Sea {
			stroke = ""
		}
		sc.Add(picture.Path(rs.Path, s.regionColour(ri), stroke, 0.7))
	}
	if sh.Scenery.Land != "" {
		sc.Add(picture.Path(sh.Scenery.Land, colScenery, "#a9a49a", 0.5))
	}
	if sh.Scenery.Water != "" {
		sc.Add(picture.Path(sh.Scenery.Water, colLake, "", 0))
	}
	if sh.SeaBorders != "" {
		sc.Add(picture.Path(sh.SeaBorders, "", "#ffffff", 1.3).Dashed(4))
	}
	for _, c := range sh.Connectors {
		a, b := c.Ends[0], c.Ends[1]
		switch c.Kind {
		case "strait":
			sc.Add(picture.Line(a[0], a[1], b[0], b[1], colStrait, 2.2).Dashed(3))
		case "canal":
			sc.Add(picture.Line(a[0], a[1], b[0], b[1], colCanal, 2.6).Dashed(2))
		}
	}
	var old *State
	if b, ok := before.(*State); ok && b != nil && b.b == s.b {
		old = b
	}
	if old != nil {
		s.markRegions(sc, sh, old)
	}
	if m := s.Maneuver; m != nil && m.Conflict != nil {
		if rs, ok := sh.Shape(s.b.Regions[m.Conflict.Region].ID); ok {
			sc.Add(picture.Path(rs.Path, "", "#c0392b", 3).Dashed(5))
		}
	}
	acting := s.actingNation(viewer)
	for ri := range s.b.Regions {
		if rs, ok := sh.Shape(s.b.Regions[ri].ID); ok {
			s.pictureRegion(sc, rs, ri, acting)
		}
	}
	if acting >= 0 {
		sc.Mark(picture.MarkDecision)
	}
	if old != nil {
		s.markMoves(sc, sh, old)
	}
	s.pictureStrip(sc, sh.Height, old, acting)
	return sc
}

// actingNation is the nation the viewer decides for now, -1 when none.
func (s *State) actingNation(viewer int) int {
	if viewer < 0 || s.Finished() {
		return -1
	}
	for _, d := range s.ToAct() {
		if d.Seat == viewer {
			return s.Turn
		}
	}
	return -1
}

// regionColour is regionFill in one colour: the web board's stripes under
// a flag become a lighter tint of the flag's nation (a home province has
// a stronger one), and the impassable hatching its grey.
func (s *State) regionColour(ri int) string {
	r := s.b.Regions[ri]
	switch r.Kind {
	case board.Home:
		return mix("#ffffff", s.nationColour(r.NationIdx), 0.38)
	case board.Impassable:
		return "#d4d4d4"
	}
	bg := colLand
	if r.Kind == board.Sea {
		bg = colSea
	}
	if f := s.Flags[ri]; f >= 0 {
		return mix(bg, s.nationColour(f), 0.25)
	}
	return bg
}

// pictureRegion draws a region's pieces in rows in its box, as drawRegion
// does (without its name), a frame and leader for a region too small.
func (s *State) pictureRegion(sc *picture.Scene, rs *board.RegionShape, ri, acting int) {
	items := s.picturePieces(sc, ri, acting)
	if len(items) == 0 {
		return
	}
	rows := rowsOf(items, max(rs.Box[2], 44))
	lx, y := rs.Label[0], rs.Label[1]+4
	if rs.Callout {
		fw := 0.0
		for _, row := range rows {
			fw = max(fw, rowWidth(row)+10)
		}
		bx, by, bh := lx-fw/2, rs.Box[1]+12, 18*float64(len(rows))+4
		ex := min(max(rs.Anchor[0], bx), bx+fw)
		ey := min(max(rs.Anchor[1], by), by+bh)
		edge := colBorder
		if r := s.b.Regions[ri]; r.Kind == board.Home {
			edge = s.nationColour(r.NationIdx)
		}
		sc.Add(picture.Line(ex, ey, rs.Anchor[0], rs.Anchor[1], colInk, 1.2),
			picture.Circle(rs.Anchor[0], rs.Anchor[1], 2, colInk, "", 0),
			picture.Rect(bx, by, fw, bh, "#ffffff", edge, 1.5))
		y = by - 5
	}
	y += 17
	for _, row := range rows {
		x := lx - rowWidth(row)/2
		for _, it := range row {
			it.draw(x+it.width/2, y)
			x += it.width + pieceGap
		}
		y += 18
	}
}

// picturePieces lists a region's factory, flag and units as regionPieces
// does, drawing into the scene; the acting nation's units are ringed.
func (s *State) picturePieces(sc *picture.Scene, ri, acting int) []piece {
	r := s.b.Regions[ri]
	var items []piece
	if r.Kind == board.Home {
		built := s.Factories[ri]
		items = append(items, piece{width: 18, draw: func(x, y float64) { pictureFactory(sc, x, y, r.Shipyard(), built) }})
	}
	if f := s.Flags[ri]; f >= 0 && r.Kind != board.Home {
		col := s.nationColour(f)
		items = append(items, piece{width: 14, draw: func(x, y float64) {
			x -= 4
			y += 7
			sc.Add(picture.Line(x, y, x, y-14, "#222222", 1.3),
				picture.Poly([][2]float64{{x + 0.5, y - 14}, {x + 11, y - 14}, {x + 8.5, y - 10.5}, {x + 11, y - 7}, {x + 0.5, y - 7}}, col, "#111111", 0.8))
		}})
	}
	for ni := range s.Nations {
		st := s.Units[ni][ri]
		if st.empty() {
			continue
		}
		col := s.nationColour(ni)
		ring := ni == acting
		if n := st.Armies - st.Hostile; n > 0 {
			items = append(items, pictureChip(sc, int(n), ring, func(x, y float64) { pictureArmy(sc, x, y, col, false) }))
		}
		if st.Hostile > 0 {
			items = append(items, pictureChip(sc, int(st.Hostile), ring, func(x, y float64) { pictureArmy(sc, x, y, col, true) }))
		}
		if st.Fleets > 0 {
			items = append(items, pictureChip(sc, int(st.Fleets), ring, func(x, y float64) { pictureFleet(sc, x, y, col) }))
		}
	}
	return items
}

// pictureChip is unitChip's picture: the icon, the count past one, and a
// ring when the reader decides for these units.
func pictureChip(sc *picture.Scene, n int, ring bool, icon func(x, y float64)) piece {
	width := 20.0
	label := ""
	if n > 1 {
		label = fmt.Sprint(n)
		width += 7*float64(len(label)) + 1
	}
	return piece{width: width, draw: func(x, y float64) {
		x -= width/2 - 9
		if ring {
			sc.Add(picture.Circle(x, y, 10.5, "", decisionColour, 2))
		}
		icon(x, y)
		if label != "" {
			sc.Add(picture.Text(x+10, y+4.5, 12, label, colInk, "start", true).WithHalo("#ffffff"))
		}
	}}
}

// decisionColour outlines what the reader decides for.
const decisionColour = "#c0392b"

func pictureArmy(sc *picture.Scene, x, y float64, fill string, standing bool) {
	if standing {
		sc.Add(picture.Rect(x-4.5, y-7, 9, 14, fill, "#111111", 1), picture.Rect(x-4.5, y-8.8, 9, 3.6, fill, "#111111", 1))
		return
	}
	sc.Add(picture.Rect(x-7, y-4.5, 14, 9, fill, "#111111", 1), picture.Rect(x+5.2, y-4.5, 3.6, 9, fill, "#111111", 1))
}

func pictureFleet(sc *picture.Scene, x, y float64, fill string) {
	sc.Add(picture.Poly([][2]float64{{x - 8, y}, {x + 8, y}, {x + 5, y + 5}, {x - 5, y + 5}}, fill, "#111111", 1),
		picture.Poly([][2]float64{{x - 1, y - 0.5}, {x - 1, y - 8}, {x + 5, y - 2}}, fill, "#111111", 0.9))
}

func pictureFactory(sc *picture.Scene, x, y float64, shipyard, built bool) {
	col := "#6b4423"
	if shipyard {
		col = "#1d4e89"
	}
	pts := [][2]float64{{-8, 7}, {-8, -2}, {-4, -6}, {-4, -2}, {0, -6}, {0, -2}, {4, -6}, {4, -7}, {7, -7}, {7, 7}}
	for i := range pts {
		pts[i] = [2]float64{x + pts[i][0], y + pts[i][1]}
	}
	if built {
		sc.Add(picture.Poly(pts, col, "#111111", 0.8))
		return
	}
	sc.Add(picture.Poly(pts, "#ffffff", col, 1.2).Dashed(2))
}

// PictureKey names the nations by their colours (the picture writes their
// codes, which a sentence never says), the rondel's spaces by
// their colours, and the numbers under each nation.
func (s *State) PictureKey() []game.Swatch {
	var out []game.Swatch
	for ni := range s.Nations {
		out = append(out, game.Swatch{Colour: s.nationColour(ni),
			Label: words.New("imperial.board.picture_nation").Term("nation", s.nationKey(ni))})
	}
	for i, name := range slotNames {
		out = append(out, game.Swatch{Colour: rondelFills[i], Label: words.New(boardPhrase("slot." + name))})
	}
	return append(out, game.Swatch{Label: words.New("imperial.board.picture_numbers")})
}

// PictureMarks are the marks an Imperial picture may draw.
func (s *State) PictureMarks() []string {
	return []string{picture.MarkDecision, picture.MarkMove, picture.MarkBattle, picture.MarkNew,
		picture.MarkFactory, picture.MarkFlag, picture.MarkRondel}
}
