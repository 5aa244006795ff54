package imperial

import (
	"fmt"
	"html"
	"strings"

	"rondel/game/imperial/board"
)

// The board picture: a banner saying who must act, the schematic map
// (board/data/*-layout.yaml) with every piece, and below it the rondel,
// the power and tax tracks, the nations' and the players' tables and a
// legend. One viewBox 1000 units wide, so the page can scale it; no text
// is smaller than 11 units.

const (
	svgWidth     = 1000.0
	bannerHeight = 40.0
	cellHeight   = 31.0
)

// mapGeom converts grid cells to drawing units.
type mapGeom struct {
	l          *board.Layout
	top        float64
	cellW      float64
	cellH      float64
	regionByID map[string]int
}

func (g mapGeom) x(col float64) float64 { return col * g.cellW }
func (g mapGeom) y(row float64) float64 { return g.top + row*g.cellH }
func (g mapGeom) height() float64       { return float64(g.l.Rows) * g.cellH }

// BoardSVG draws the position for viewer (a seat, or -1 for a spectator:
// everything in Imperial is public, so the viewer only changes emphasis).
func (s *State) BoardSVG(viewer int) string {
	l, err := board.LoadLayout(s.b.ID)
	if err != nil {
		// Every embedded map has a layout (tested); say so rather than panic.
		return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 40"><text x="10" y="25" font-size="14">` + html.EscapeString(err.Error()) + `</text></svg>`
	}
	g := mapGeom{l: l, top: bannerHeight, cellW: svgWidth / float64(l.Cols), cellH: cellHeight, regionByID: map[string]int{}}
	for i, r := range s.b.Regions {
		g.regionByID[r.ID] = i
	}
	panelTop := g.top + g.height()
	height := panelTop + s.panelHeight()
	var w strings.Builder
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" role="img" aria-labelledby="imp-board-title">`, svgWidth, height)
	fmt.Fprintf(&w, `<title id="imp-board-title">%s</title>`, html.EscapeString(s.boardTitle()))
	w.WriteString(svgDefs)
	s.writeFlagPatterns(&w)
	fmt.Fprintf(&w, `<rect width="%.0f" height="%.0f" fill="%s"/>`, svgWidth, height, colPaper)
	s.drawBanner(&w, viewer)
	s.drawMap(&w, g)
	s.drawPanel(&w, panelTop, viewer)
	w.WriteString(`</svg>`)
	return w.String()
}

func (s *State) boardTitle() string {
	name := "Imperial"
	if s.b.ID == mapWorld2030 {
		name = "Imperial 2030"
	}
	return fmt.Sprintf("%s board, round %d", name, s.Round)
}

// drawMap draws the regions, their borders, then what stands in them.
func (s *State) drawMap(w *strings.Builder, g mapGeom) {
	fmt.Fprintf(w, `<rect y="%.0f" width="%.0f" height="%.1f" fill="#e3ecf2"/>`, g.top, svgWidth, g.height())
	for _, id := range g.l.Regions() {
		ri, ok := g.regionByID[id]
		if !ok {
			continue
		}
		fmt.Fprintf(w, `<g><title>%s</title>`, html.EscapeString(s.regionTitle(ri)))
		fill := s.regionFill(ri)
		for _, run := range g.l.Runs(id) {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`,
				g.x(float64(run.Col)), g.y(float64(run.Row)), float64(run.W)*g.cellW+0.4, g.cellH+0.4, fill)
		}
		w.WriteString(`</g>`)
	}
	s.drawBorders(w, g)
	s.drawAnchors(w, g)
	for _, id := range g.l.Regions() {
		if ri, ok := g.regionByID[id]; ok {
			s.drawRegion(w, g, ri)
		}
	}
	if m := s.Maneuver; m != nil && m.Conflict != nil {
		s.ringRegion(w, g, m.Conflict.Region)
	}
	for _, n := range g.l.Notes {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-style="italic" fill="#1d3f5e" text-anchor="%s" paint-order="stroke" stroke="#ffffff" stroke-width="3">%s</text>`,
			g.x(n.At[0]), g.y(n.At[1]), anchorOr(n.Anchor), html.EscapeString(n.Text))
	}
}

func anchorOr(a string) string {
	if a == "start" || a == "end" {
		return a
	}
	return "middle"
}

// regionFill colours a region by its owner: home provinces in a tint of
// their nation, neutral lands and seas in a tint of the flag's nation.
func (s *State) regionFill(ri int) string {
	r := s.b.Regions[ri]
	switch r.Kind {
	case board.Home:
		return mix("#ffffff", s.nationColour(r.NationIdx), 0.3)
	case board.Impassable:
		return "url(#imp-hatch)"
	case board.Sea:
		if f := s.Flags[ri]; f >= 0 {
			return fmt.Sprintf("url(#imp-flag-sea-%d)", f)
		}
		return colSea
	}
	if f := s.Flags[ri]; f >= 0 {
		return fmt.Sprintf("url(#imp-flag-land-%d)", f)
	}
	return colLand
}

// writeFlagPatterns defines, per nation, the stripes that fill the
// neutral lands and seas under its flag: striped, so they never look like
// a home province (a plain tint) or like water.
func (s *State) writeFlagPatterns(w *strings.Builder) {
	w.WriteString(`<defs>`)
	for ni := range s.Nations {
		for _, bg := range []struct{ kind, fill string }{{"land", colLand}, {"sea", colSea}} {
			fmt.Fprintf(w, `<pattern id="imp-flag-%s-%d" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="12" height="12" fill="%s"/><rect width="5" height="12" fill="%s" fill-opacity="0.5"/></pattern>`,
				bg.kind, ni, bg.fill, s.nationColour(ni))
		}
	}
	w.WriteString(`</defs>`)
}

// regionTitle is the tooltip: the region in words.
func (s *State) regionTitle(ri int) string {
	r := s.b.Regions[ri]
	var parts []string
	switch r.Kind {
	case board.Home:
		kind := "armaments factory"
		if r.Shipyard() {
			kind = "shipyard"
		}
		state := "not built"
		if s.Factories[ri] {
			state = "built"
		}
		parts = append(parts, fmt.Sprintf("home province of %s, %s %s", s.nationName(r.NationIdx), kind, state))
		if r.PortIdx >= 0 {
			parts = append(parts, "port on "+s.regionName(r.PortIdx))
		}
	case board.Impassable:
		parts = append(parts, "impassable")
	default:
		if f := s.Flags[ri]; f >= 0 {
			parts = append(parts, "flag of "+s.nationName(f))
		}
	}
	for _, c := range s.b.Canals {
		if c.ControlIdx == ri {
			parts = append(parts, fmt.Sprintf("its flag controls the %s canal (%s to %s)", c.ID, s.regionName(c.SeaIdx[0]), s.regionName(c.SeaIdx[1])))
		}
	}
	for ni := range s.Nations {
		st := s.Units[ni][ri]
		if st.empty() {
			continue
		}
		var u []string
		if f := st.Armies - st.Hostile; f > 0 {
			u = append(u, plural(int(f), "army", "armies"))
		}
		if st.Hostile > 0 {
			u = append(u, plural(int(st.Hostile), "hostile army", "hostile armies"))
		}
		if st.Fleets > 0 {
			u = append(u, plural(int(st.Fleets), "fleet", "fleets"))
		}
		parts = append(parts, s.nationName(ni)+": "+strings.Join(u, ", "))
	}
	return r.Name + " — " + strings.Join(parts, "; ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// drawBorders draws a white gutter between regions, and a blue dashed
// line where two land regions touch on the drawing without being
// neighbours in the rules (straits, mountains), so the schematic never
// suggests a move that does not exist.
func (s *State) drawBorders(w *strings.Builder, g mapGeom) {
	var plain, nopass strings.Builder
	// style: 0 no line, 1 gutter, 2 no crossing.
	style := func(a, b string) int {
		if a == b || a == "" || b == "" {
			return 0
		}
		ra, oka := g.regionByID[a]
		rb, okb := g.regionByID[b]
		if oka && okb && s.b.Regions[ra].IsLand() && s.b.Regions[rb].IsLand() && !s.b.Adjacent(ra, rb) {
			return 2
		}
		return 1
	}
	// Runs of equal style along one grid line become one segment each.
	emit := func(st int, x1, y1, x2, y2 float64) {
		out := &plain
		if st == 2 {
			out = &nopass
		}
		if st > 0 {
			fmt.Fprintf(out, "M%.1f %.1fL%.1f %.1f", x1, y1, x2, y2)
		}
	}
	for col := 0; col < g.l.Cols-1; col++ { // vertical lines right of col
		run, from := 0, 0
		for row := 0; row <= g.l.Rows; row++ {
			st := 0
			if row < g.l.Rows {
				st = style(g.l.At(col, row), g.l.At(col+1, row))
			}
			if st != run || row == g.l.Rows {
				x := g.x(float64(col + 1))
				emit(run, x, g.y(float64(from)), x, g.y(float64(row)))
				run, from = st, row
			}
		}
	}
	for row := 0; row < g.l.Rows-1; row++ { // horizontal lines below row
		run, from := 0, 0
		for col := 0; col <= g.l.Cols; col++ {
			st := 0
			if col < g.l.Cols {
				st = style(g.l.At(col, row), g.l.At(col, row+1))
			}
			if st != run || col == g.l.Cols {
				y := g.y(float64(row + 1))
				emit(run, g.x(float64(from)), y, g.x(float64(col)), y)
				run, from = st, col
			}
		}
	}
	fmt.Fprintf(w, `<path d="%s" stroke="%s" stroke-width="2.5" fill="none" stroke-linecap="square"/>`, plain.String(), colGutter)
	if nopass.Len() > 0 {
		fmt.Fprintf(w, `<path d="%s" stroke="%s" stroke-width="2.5" stroke-dasharray="5 3" fill="none"/>`, nopass.String(), colNoPass)
	}
}

// drawAnchors puts an anchor in each port's sea, just off the coast of
// the port's province, where the shipyard's fleets put to sea.
func (s *State) drawAnchors(w *strings.Builder, g mapGeom) {
	for _, r := range s.b.Regions {
		if r.PortIdx < 0 {
			continue
		}
		sea := s.b.Regions[r.PortIdx].ID
		box, _ := g.l.BoxOf(r.ID)
		// Aim a little below the middle: the name runs along the top.
		cx, cy := float64(box.Col)+float64(box.W)/2, float64(box.Row)+float64(box.H)/2+0.3
		best, bestD := [2]float64{}, -1.0
		for row := 0; row < g.l.Rows; row++ {
			for col := 0; col < g.l.Cols; col++ {
				if g.l.At(col, row) != r.ID {
					continue
				}
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if g.l.At(col+d[0], row+d[1]) != sea {
						continue
					}
					// The middle of the shared edge: the harbour mouth.
					px, py := float64(col)+0.5+float64(d[0])*0.5, float64(row)+0.5+float64(d[1])*0.5
					if dist := (px-cx)*(px-cx) + (py-cy)*(py-cy); bestD < 0 || dist < bestD {
						best, bestD = [2]float64{px, py}, dist
					}
				}
			}
		}
		if bestD >= 0 {
			anchorIcon(w, g.x(best[0]), g.y(best[1]))
		}
	}
}

// ringRegion marks the region of a battle question.
func (s *State) ringRegion(w *strings.Builder, g mapGeom, ri int) {
	box, ok := g.l.BoxOf(s.b.Regions[ri].ID)
	if !ok {
		return
	}
	fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="6" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="6 3"/>`,
		g.x(float64(box.Col))+2, g.y(float64(box.Row))+2, float64(box.W)*g.cellW-4, float64(box.H)*g.cellH-4)
}
