package imperial

import (
	"fmt"
	"html"
	"strings"

	"rondel/game/imperial/board"
)

// drawRegion writes a region's name, its factory slot, its flag and its
// units into the largest rectangle of its cells.
func (s *State) drawRegion(w *strings.Builder, g mapGeom, ri int) {
	r := s.b.Regions[ri]
	box, ok := g.l.BoxOf(r.ID)
	if !ok {
		return
	}
	x, y := g.x(float64(box.Col))+3, g.y(float64(box.Row))+3
	bw, bh := float64(box.W)*g.cellW-6, float64(box.H)*g.cellH-6
	name := r.Name
	if lb := g.l.Labels[r.ID]; lb != "" {
		name = lb
	}
	switch r.Kind {
	case board.Impassable:
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" fill="#333" text-anchor="middle" paint-order="stroke" stroke="#eee" stroke-width="3">%s</text>`,
			x+bw/2, y+bh/2+4, html.EscapeString(name))
		return
	case board.Sea:
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" font-style="italic" fill="#12395c" text-anchor="middle" paint-order="stroke" stroke="%s" stroke-width="3">%s</text>`,
			x+bw/2, y+13, colSea, html.EscapeString(name))
	default:
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" font-weight="600" fill="%s" text-anchor="middle" paint-order="stroke" stroke="#ffffff" stroke-opacity="0.8" stroke-width="3">%s</text>`,
			x+bw/2, y+13, colInk, html.EscapeString(name))
	}
	flow := chipFlow{left: x + 4, right: x + bw - 2, x: x + 4, y: y + 28, step: 18, bottom: y + bh}
	if r.Kind == board.Home {
		factoryIcon(w, x+12, y+27, r.Shipyard(), s.Factories[ri])
		flow.x += 20
	}
	if f := s.Flags[ri]; f >= 0 && r.Kind != board.Home {
		flagIcon(w, x+bw-15, y+34, s.nationColour(f))
		flow.right = x + bw - 18 // the first line leaves the flag free
		flow.flagLine = true
	}
	for ni := range s.Nations {
		st := s.Units[ni][ri]
		if st.empty() {
			continue
		}
		col := s.nationColour(ni)
		if n := st.Armies - st.Hostile; n > 0 {
			flow.chip(w, int(n), func(cx, cy float64) { armyIcon(w, cx, cy, col, false) })
		}
		if st.Hostile > 0 {
			flow.chip(w, int(st.Hostile), func(cx, cy float64) { armyIcon(w, cx, cy, col, true) })
		}
		if st.Fleets > 0 {
			flow.chip(w, int(st.Fleets), func(cx, cy float64) { fleetIcon(w, cx, cy, col) })
		}
	}
}

// chipFlow lays pieces out left to right, wrapping to the next line.
type chipFlow struct {
	left, right, x, y, step, bottom float64
	flagLine                        bool
}

// chip draws one icon with its count (the count only when more than one).
func (f *chipFlow) chip(w *strings.Builder, n int, icon func(x, y float64)) {
	width := 20.0
	label := ""
	if n > 1 {
		label = fmt.Sprint(n)
		width += 7*float64(len(label)) + 1
	}
	if f.x+width > f.right && f.x > f.left {
		f.x, f.y = f.left, f.y+f.step
		if f.flagLine {
			f.right += 16
			f.flagLine = false
		}
	}
	icon(f.x+8, f.y)
	if label != "" {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" font-weight="700" fill="%s" paint-order="stroke" stroke="#fff" stroke-width="2.5">%s</text>`,
			f.x+17, f.y+4.5, colInk, label)
	}
	f.x += width
}
