package imperial

import (
	"fmt"
	"html"
	"strings"

	"rondel/game/imperial/board"
)

// drawRegion writes a region's name, then its factory site, its flag and
// its units in rows centred in the region's box (board/mapgen puts the
// box inside the region, or, for a region too small, beside it with a
// leader line).
func (s *State) drawRegion(w *strings.Builder, rs *board.RegionShape, ri int) {
	r := s.b.Regions[ri]
	items := s.regionPieces(w, ri)
	rows := rowsOf(items, max(rs.Box[2], 44))
	lx, ly := rs.Label[0], rs.Label[1]+4
	if rs.Callout {
		// the frame fits the name and the rows of pieces
		fw := float64(len([]rune(s.regionName(ri))))*7 + 10
		for _, row := range rows {
			fw = max(fw, rowWidth(row)+10)
		}
		fh := 16 + 18*float64(len(rows)) + 2
		s.drawCallout(w, rs, ri, lx-fw/2, rs.Box[1], fw, fh)
	}
	switch {
	case !s.layered():
		s.drawRegionName(w, rs, ri, "")
	case rs.Callout:
		fmt.Fprintf(w, `<use href="%s"/>`, s.ref("n-"+r.ID))
	}
	if r.Kind == board.Impassable {
		return
	}
	y := ly + 17
	for _, row := range rows {
		x := lx - rowWidth(row)/2
		for _, it := range row {
			it.draw(x+it.width/2, y)
			x += it.width + pieceGap
		}
		y += 18
	}
}

// drawRegionName writes a region's name (with attr, e.g. an id, on its
// element) where drawRegion puts it.
func (s *State) drawRegionName(w *strings.Builder, rs *board.RegionShape, ri int, attr string) {
	lx, ly := rs.Label[0], rs.Label[1]+4
	name := html.EscapeString(s.regionName(ri))
	switch s.b.Regions[ri].Kind {
	case board.Impassable:
		fmt.Fprintf(w, `<text%s x="%.1f" y="%.1f" font-size="11" fill="#333" text-anchor="middle" paint-order="stroke" stroke="#eee" stroke-width="3">%s</text>`, attr, lx, ly, name)
	case board.Sea:
		fmt.Fprintf(w, `<text%s x="%.1f" y="%.1f" font-size="12" font-style="italic" fill="#12395c" text-anchor="middle" paint-order="stroke" stroke="%s" stroke-width="3">%s</text>`, attr, lx, ly, colSea, name)
	default:
		fmt.Fprintf(w, `<text%s x="%.1f" y="%.1f" font-size="12" font-weight="600" fill="%s" text-anchor="middle" paint-order="stroke" stroke="#ffffff" stroke-opacity="0.85" stroke-width="3">%s</text>`, attr, lx, ly, colInk, name)
	}
}

// regionPieces lists what stands in a region: its factory site, its flag
// and each nation's units.
func (s *State) regionPieces(w *strings.Builder, ri int) []piece {
	r := s.b.Regions[ri]
	var items []piece
	if r.Kind == board.Home {
		built := s.Factories[ri]
		items = append(items, piece{width: 18, draw: func(x, y float64) {
			kind := "armaments"
			if r.Shipyard() {
				kind = "shipyard"
			}
			fmt.Fprintf(w, `<g data-region="%s" data-factory="%s" data-built="%t">`, r.ID, kind, built)
			s.factory(w, x, y, r.Shipyard(), built)
			w.WriteString(`</g>`)
		}})
	}
	if f := s.Flags[ri]; f >= 0 && r.Kind != board.Home {
		col := s.nationColour(f)
		items = append(items, piece{width: 14, draw: func(x, y float64) { s.flag(w, x-4, y+7, col) }})
	}
	for ni := range s.Nations {
		st := s.Units[ni][ri]
		if st.empty() {
			continue
		}
		col := s.nationColour(ni)
		nat := s.nationID(ni)
		if n := st.Armies - st.Hostile; n > 0 {
			items = append(items, unitChip(w, r.ID, nat, "army", int(n), false, func(x, y float64) { s.army(w, x, y, col, false) }))
		}
		if st.Hostile > 0 {
			items = append(items, unitChip(w, r.ID, nat, "army", int(st.Hostile), true, func(x, y float64) { s.army(w, x, y, col, true) }))
		}
		if st.Fleets > 0 {
			items = append(items, unitChip(w, r.ID, nat, "fleet", int(st.Fleets), false, func(x, y float64) { s.fleet(w, x, y, col) }))
		}
	}
	return items
}

// piece is one thing drawn in a region: its width, and how to draw it
// centred at (x, y).
type piece struct {
	width float64
	draw  func(x, y float64)
}

// unitChip is a nation's group of one kind of unit: its icon and, for more
// than one, the count; the group carries what a click-to-act script needs.
func unitChip(w *strings.Builder, region, nation, unit string, n int, hostile bool, icon func(x, y float64)) piece {
	width := 20.0
	label := ""
	if n > 1 {
		label = fmt.Sprint(n)
		width += 7*float64(len(label)) + 1
	}
	return piece{width: width, draw: func(x, y float64) {
		x -= width/2 - 9
		fmt.Fprintf(w, `<g data-region="%s" data-nation="%s" data-unit="%s" data-count="%d"`, region, nation, unit, n)
		if hostile {
			w.WriteString(` data-hostile="true"`)
		}
		w.WriteString(`>`)
		icon(x, y)
		if label != "" {
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" font-weight="700" fill="%s" paint-order="stroke" stroke="#fff" stroke-width="2.5">%s</text>`,
				x+9, y+4.5, colInk, label)
		}
		w.WriteString(`</g>`)
	}}
}

const pieceGap = 2.0

// rowsOf breaks pieces into rows no wider than width.
func rowsOf(items []piece, width float64) [][]piece {
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

func rowWidth(row []piece) float64 {
	wd := 0.0
	for i, it := range row {
		if i > 0 {
			wd += pieceGap
		}
		wd += it.width
	}
	return wd
}

// drawCallout frames the pieces of a region too small to hold them, and
// joins the frame to the region.
func (s *State) drawCallout(w *strings.Builder, rs *board.RegionShape, ri int, bx, by, bw, bh float64) {
	// the leader leaves the frame's edge nearest the region
	ex := min(max(rs.Anchor[0], bx), bx+bw)
	ey := min(max(rs.Anchor[1], by), by+bh)
	edge := colBorder
	if r := s.b.Regions[ri]; r.Kind == board.Home {
		edge = s.nationColour(r.NationIdx)
	}
	fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1.2"/><circle cx="%.1f" cy="%.1f" r="2" fill="%s"/>`,
		ex, ey, rs.Anchor[0], rs.Anchor[1], colInk, rs.Anchor[0], rs.Anchor[1], colInk)
	fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="4" fill="#ffffff" fill-opacity="0.88" stroke="%s" stroke-width="1.5"/>`,
		bx, by, bw, bh, edge)
}
