package imperial

import (
	"fmt"
	"html"
	"strings"

	"rondel/game/imperial/board"
	"rondel/game/picture"
	"rondel/game/words"
)

// The board in two layers (game.Layerer, docs/maps.md): the map, all that
// never changes during a game (the regions' outlines, scenery, sea
// borders, straits and canals, ports, the regions' names, the rondel's
// words, the tracks and the legend), is one SVG document per map and
// language that a page fetches once and its browser keeps; the position
// is drawn over it and refers to the map's shapes by id: each region is a
// <use> of "#r-<region>" coloured by its owner through the fill it passes
// on, and carries the data- attributes the whole drawing's <path> carries;
// its tooltip, the region's name, is the map's (a <title> of the shape,
// which a <use> without one of its own shows), not sent again with every
// page. Both are written from the position's one scene
// (board_scene.go). BoardSVG draws everything in one self-contained SVG:
// the map's parts as its own definitions, the scene with its own region
// outlines; the layer (s.lay) decides which part the panel's pieces
// belong to.

// layer says which part of the board is being drawn: the map's asset, or
// the position referring to the asset at url.
type layer struct {
	asset bool
	url   string
}

// still: draw what never changes (the whole board, or the map asset).
func (s *State) still() bool { return s.lay == nil || s.lay.asset }

// moving: draw the position (the whole board, or the position layer).
func (s *State) moving() bool { return s.lay == nil || !s.lay.asset }

// layered: the position is drawn over a map asset.
func (s *State) layered() bool { return s.lay != nil && !s.lay.asset }

// ref is the address of the map asset's element id.
func (s *State) ref(id string) string { return html.EscapeString(s.lay.url) + "#" + id }

// MapID names the map this position is drawn on: equal ids draw equal
// maps in a language.
func (s *State) MapID() string { return "imperial-" + s.b.ID }

// MapSVG draws the map asset in sp's language (nil: English): a
// standalone SVG document whose parts are all definitions, by id.
func (s *State) MapSVG(sp *words.Speaker) string {
	d := s.drawingCopy(sp)
	d.lay = &layer{asset: true}
	sh, err := board.LoadShapes(d.b.ID)
	if err != nil {
		return `<svg xmlns="http://www.w3.org/2000/svg"/>`
	}
	g := mapGeom{sh: sh, top: bannerHeight}
	panelTop := g.top + g.height()
	var w strings.Builder
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f"><defs>`, svgWidth, panelTop+d.panelHeight())
	w.WriteString(svgDefs)
	for ri, r := range d.b.Regions {
		if rs, ok := sh.Shape(r.ID); ok { // its name, the tooltip of every <use> of it
			fmt.Fprintf(&w, `<path id="r-%s" d="%s" fill-rule="evenodd"><title>%s</title></path>`, r.ID, rs.Path, html.EscapeString(d.regionName(ri)))
		}
	}
	d.writeMapParts(&w, sh)
	w.WriteString(`<g id="panel">`)
	d.drawPanel(&w, panelTop, -1)
	w.WriteString(`</g>`)
	d.mapSpaces(&w, panelTop)
	w.WriteString(`<g id="slots">`)
	d.drawRondel(&w, rondelX, panelTop+rondelDY)
	w.WriteString(`</g></defs></svg>`)
	return w.String()
}

// writeMapParts writes, as definitions by id, the map's parts the scene
// refers to (picture.MapElement): what lies under the pieces ("under"),
// the regions' names ("names"), and the name of each region drawn in a
// callout ("n-<region>").
func (s *State) writeMapParts(w *strings.Builder, sh *board.Shapes) {
	w.WriteString(`<g id="under">`)
	s.drawUnder(w, sh)
	w.WriteString(`</g><g id="names">`)
	for ri, r := range s.b.Regions {
		if rs, ok := sh.Shape(r.ID); ok && !rs.Callout {
			s.drawRegionName(w, rs, ri, "")
		}
	}
	w.WriteString(`</g>`)
	for ri, r := range s.b.Regions {
		if rs, ok := sh.Shape(r.ID); ok && rs.Callout {
			s.drawRegionName(w, rs, ri, ` id="n-`+r.ID+`"`)
		}
	}
}

// PositionSVG draws the position for viewer over the map asset found at
// mapURL (MapSVG in the same language), as BoardSVG draws it whole.
func (s *State) PositionSVG(viewer int, sp *words.Speaker, mapURL string) string {
	d := s.drawingCopy(sp)
	d.lay = &layer{url: mapURL}
	return d.drawBoard(viewer)
}

// drawingCopy is a copy of the state that says its words with sp.
func (s *State) drawingCopy(sp *words.Speaker) *State {
	if sp == nil {
		sp = words.English()
	}
	d := *s
	d.sp = sp
	return &d
}

// drawUnder draws what lies over the regions' fills and under their names
// and pieces: scenery, lakes, sea borders, the map's own labels, straits
// and canals, ports.
func (s *State) drawUnder(w *strings.Builder, sh *board.Shapes) {
	if sh.Scenery.Land != "" {
		fmt.Fprintf(w, `<path d="%s" fill="%s" stroke="#a9a49a" stroke-width="0.5" stroke-linejoin="round" fill-rule="evenodd"/>`, sh.Scenery.Land, colScenery)
	}
	if sh.Scenery.Water != "" {
		fmt.Fprintf(w, `<path d="%s" fill="%s" fill-rule="evenodd"/>`, sh.Scenery.Water, colLake)
	}
	if sh.SeaBorders != "" {
		fmt.Fprintf(w, `<path d="%s" fill="none" stroke="#ffffff" stroke-width="1.3" stroke-dasharray="5 3" stroke-opacity="0.9"/>`, sh.SeaBorders)
	}
	for _, l := range sh.Labels {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-style="italic" fill="#4b5a66" text-anchor="middle">%s</text>`, l.At[0], l.At[1], html.EscapeString(l.Text))
	}
	s.drawConnectors(w, sh)
	s.drawPorts(w, sh)
}

// pieceDefs are the pieces as symbols, for a position layer to place with
// a short <use> (a piece written out is four times longer); each takes
// its nation's colour from the fill the <use> passes on. They draw what
// armyIcon, fleetIcon, factoryIcon and flagIcon draw. The style gives a
// land region its border (the scene's regions carry the class imp-land).
const pieceDefs = `<style>.imp-land{stroke:` + colBorder + `;stroke-width:0.7;stroke-linejoin:round}</style><defs>` +
	`<g id="imp-al" stroke="#111" stroke-width="1"><rect x="-7" y="-4.5" width="14" height="9" rx="1"/><ellipse cx="7" cy="0" rx="1.8" ry="4.5"/></g>` +
	`<g id="imp-as" stroke="#111" stroke-width="1"><rect x="-4.5" y="-7" width="9" height="14" rx="1"/><ellipse cx="0" cy="-7" rx="4.5" ry="1.8"/></g>` +
	`<g id="imp-fl" stroke="#111"><path d="M-8 0H8L5 5H-5Z" stroke-width="1"/><path d="M-1 -0.5V-8L5 -2Z" stroke-width="0.9"/></g>` +
	`<g id="imp-fg"><line x1="0" y1="0" x2="0" y2="-14" stroke="#222" stroke-width="1.3"/><path d="M0.5 -14H11L8.5 -10.5L11 -7H0.5Z" stroke="#111" stroke-width="0.8"/></g>` +
	`<path id="imp-fa1" d="M-8 7V-2L-4 -6V-2L0 -6V-2L4 -6V-7H7V7Z" fill="#6b4423" stroke="#111" stroke-width="0.8"/>` +
	`<g id="imp-fs1"><path d="M-8 7V-2L-4 -6V-2L0 -6V-2L4 -6V-7H7V7Z" fill="#1d4e89" stroke="#111" stroke-width="0.8"/><path d="M-5 3.5Q-2.5 1 0 3.5T5 3.5" fill="none" stroke="#fff" stroke-width="1.3"/></g>` +
	`<path id="imp-fa0" d="M-8 7V-2L-4 -6V-2L0 -6V-2L4 -6V-7H7V7Z" fill="#ffffff" fill-opacity="0.6" stroke="#6b4423" stroke-width="1.2" stroke-dasharray="2 1.5"/>` +
	`<path id="imp-fs0" d="M-8 7V-2L-4 -6V-2L0 -6V-2L4 -6V-7H7V7Z" fill="#ffffff" fill-opacity="0.6" stroke="#1d4e89" stroke-width="1.2" stroke-dasharray="2 1.5"/>` +
	`</defs>`

// pieceSymbols are pieceDefs for the raster (picture.Scene.Symbols): the
// same pieces in polygons, rectangles and circles (the raster draws no
// ellipses or curves), their nation's colour inherited from the use.
func pieceSymbols() map[string][]picture.Op {
	const in, edge = picture.Inherit, "#111111"
	site := [][2]float64{{-8, 7}, {-8, -2}, {-4, -6}, {-4, -2}, {0, -6}, {0, -2}, {4, -6}, {4, -7}, {7, -7}, {7, 7}}
	return map[string][]picture.Op{
		"imp-al": {picture.Rect(-7, -4.5, 14, 9, in, edge, 1), picture.Rect(5.2, -4.5, 3.6, 9, in, edge, 1)},
		"imp-as": {picture.Rect(-4.5, -7, 9, 14, in, edge, 1), picture.Rect(-4.5, -8.8, 9, 3.6, in, edge, 1)},
		"imp-fl": {picture.Poly([][2]float64{{-8, 0}, {8, 0}, {5, 5}, {-5, 5}}, in, edge, 1),
			picture.Poly([][2]float64{{-1, -0.5}, {-1, -8}, {5, -2}}, in, edge, 0.9)},
		"imp-fg": {picture.Line(0, 0, 0, -14, "#222222", 1.3),
			picture.Poly([][2]float64{{0.5, -14}, {11, -14}, {8.5, -10.5}, {11, -7}, {0.5, -7}}, in, edge, 0.8)},
		"imp-fa1": {picture.Poly(site, "#6b4423", edge, 0.8)},
		"imp-fs1": {picture.Poly(site, "#1d4e89", edge, 0.8)},
		"imp-fa0": {picture.Poly(site, "#ffffff", "#6b4423", 1.2).Dashed(2)},
		"imp-fs0": {picture.Poly(site, "#ffffff", "#1d4e89", 1.2).Dashed(2)},
	}
}

// drawRegionName writes a region's name (with attr, e.g. an id, on its
// element) where the scene puts its pieces' rows under it.
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
