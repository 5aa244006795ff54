package imperial

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"rondel/game/imperial/board"
)

// regionFill colours a region by its owner: home provinces in a tint of
// their nation, neutral lands and seas in quiet tones, striped in a
// nation's colour under its flag.
func (s *State) regionFill(ri int) string {
	r := s.b.Regions[ri]
	switch r.Kind {
	case board.Home:
		return whiteTint(s.nationColour(r.NationIdx), 0.38)
	case board.Impassable:
		return "url(#imp-hatch)"
	case board.Sea:
		if f := s.Flags[ri]; f >= 0 {
			return flagFill("sea", f)
		}
		return colSea
	}
	if f := s.Flags[ri]; f >= 0 {
		return flagFill("land", f)
	}
	return colLand
}

// flagFill is the pattern of nation ni's flag over kind ("land", "sea").
func flagFill(kind string, ni int) string {
	if ni < len(flagFills.land) {
		if kind == "sea" {
			return flagFills.sea[ni]
		}
		return flagFills.land[ni]
	}
	return "url(#imp-flag-" + kind + "-" + strconv.Itoa(ni) + ")"
}

// flagFills are the flags' patterns of the first nations, made once: a
// board fills a region under a flag each.
var flagFills = func() (t struct{ land, sea [8]string }) {
	for ni := range t.land {
		t.land[ni] = "url(#imp-flag-land-" + strconv.Itoa(ni) + ")"
		t.sea[ni] = "url(#imp-flag-sea-" + strconv.Itoa(ni) + ")"
	}
	return t
}()

// writeFlagPatterns defines, per nation, the stripes that fill the
// neutral lands and seas under its flag: striped, so they never look like
// a home province (a plain tint) or like water.
func (s *State) writeFlagPatterns(w *strings.Builder) {
	w.WriteString(`<defs>`)
	for ni := range s.Nations {
		for _, bg := range []struct{ kind, fill string }{{"land", colLand}, {"sea", colSea}} {
			if s.layered() && !s.flies(ni, bg.kind == "sea") {
				continue // a position layer defines only the stripes it shows
			}
			writes(w, `<pattern id="imp-flag-`, bg.kind, `-`, strconv.Itoa(ni), `" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="`,
				bg.fill, `"/><rect width="4" height="10" fill="`, s.nationColour(ni), `" fill-opacity="0.45"/></pattern>`)
		}
	}
	w.WriteString(`</defs>`)
}

// flies says whether nation ni's flag is on a neutral sea (or land).
func (s *State) flies(ni int, sea bool) bool {
	for ri, f := range s.Flags {
		if k := s.b.Regions[ri].Kind; f == ni && k != board.Home && (k == board.Sea) == sea {
			return true
		}
	}
	return false
}

// regionTitle is the tooltip of the whole board: the region in words. A
// position layer (the game page) has none: the map asset's shape names
// the region, and what stands there, the factories and the flags are
// said once in the page's text (the overview of the position), not again
// in sixty tooltips (docs/performance.md).
func (s *State) regionTitle(ri int) string {
	r := s.b.Regions[ri]
	var parts []string
	switch r.Kind {
	case board.Home:
		kind := s.say("tip.armaments")
		if r.Shipyard() {
			kind = s.say("tip.shipyard")
		}
		state := s.say("tip.notbuilt")
		if s.Factories[ri] {
			state = s.say("tip.built")
		}
		parts = append(parts, s.say("tip.home", s.nationName(r.NationIdx), kind, state))
		if r.PortIdx >= 0 {
			parts = append(parts, s.say("tip.port", s.regionName(r.PortIdx)))
		}
	case board.Impassable:
		parts = append(parts, s.say("tip.impassable"))
	default:
		if f := s.Flags[ri]; f >= 0 {
			parts = append(parts, s.say("tip.flag", s.nationName(f)))
		}
	}
	for _, c := range s.b.Canals {
		if c.ControlIdx == ri {
			parts = append(parts, s.say("tip.canal", s.say("canal."+c.ID), s.regionName(c.SeaIdx[0]), s.regionName(c.SeaIdx[1])))
		}
	}
	units := 0
	for ni := range s.Nations {
		st := s.Units[ni][ri]
		if st.empty() {
			continue
		}
		var u []string
		if f := st.Armies - st.Hostile; f > 0 {
			u = append(u, s.sayCount("unit.army", int(f)))
		}
		if st.Hostile > 0 {
			u = append(u, s.sayCount("unit.hostile", int(st.Hostile)))
		}
		if st.Fleets > 0 {
			u = append(u, s.sayCount("unit.fleet", int(st.Fleets)))
		}
		parts = append(parts, s.say("tip.units", s.nationName(ni), strings.Join(u, ", ")))
		units++
	}
	if units == 0 && r.Kind != board.Impassable {
		parts = append(parts, s.say("tip.empty"))
	}
	return s.say("tip.region", s.regionName(ri), sayList(parts))
}

// drawConnectors draws the links the rules make between regions that do
// not touch on the map: straits armies cross, canals, and the Pacific
// wrap at the left and right edges.
func (s *State) drawConnectors(w *strings.Builder, sh *board.Shapes) {
	name := func(id string) string {
		if i, ok := s.b.Region(id); ok {
			return s.regionName(i)
		}
		return id
	}
	for _, c := range sh.Connectors {
		a, b := c.Ends[0], c.Ends[1]
		switch c.Kind {
		case "strait":
			fmt.Fprintf(w, `<g><title>%s</title><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.2" stroke-dasharray="4 2.5" stroke-linecap="round"/><circle cx="%.1f" cy="%.1f" r="2.2" fill="%s"/><circle cx="%.1f" cy="%.1f" r="2.2" fill="%s"/>`,
				html.EscapeString(s.say("connector.strait", name(c.A), name(c.B))), a[0], a[1], b[0], b[1], colStrait, a[0], a[1], colStrait, b[0], b[1], colStrait)
			mapNote(w, c.Label[0], c.Label[1], s.say("strait."+c.Name), "middle")
			w.WriteString(`</g>`)
		case "canal":
			control := ""
			for _, cn := range s.b.Canals {
				if cn.ID == c.Name {
					control = s.regionName(cn.ControlIdx)
				}
			}
			fmt.Fprintf(w, `<g><title>%s</title><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.6" stroke-dasharray="2 2"/><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1" />`,
				html.EscapeString(s.say("connector.canal", s.say("canal."+c.Name), name(c.A), name(c.B), control)), a[0], a[1], b[0], b[1], colCanal, a[0], a[1], b[0], b[1], colCanal)
			mapNote(w, c.Label[0], c.Label[1], s.say("canal."+c.Name), "middle")
			w.WriteString(`</g>`)
		case "wrap":
			// A is on the left edge, B on the right: each side names the other.
			fmt.Fprintf(w, `<g><title>%s</title><line x1="0" y1="%.1f" x2="7" y2="%.1f" stroke="%s" stroke-width="2.5"/><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.5"/>`,
				html.EscapeString(s.say("wrap.tip", name(c.A), name(c.B))), a[1], a[1], colStrait, sh.Width-7, b[1], sh.Width, b[1], colStrait)
			mapNote(w, 10, a[1]+4, s.say("wrap.to", name(c.B)), "start")
			mapNote(w, sh.Width-10, b[1]+4, s.say("wrap.to", name(c.A)), "end")
			w.WriteString(`</g>`)
		}
	}
}

// mapNote writes a small word on the map with a pale halo.
func mapNote(w *strings.Builder, x, y float64, text, anchor string) {
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-style="italic" fill="#3b2a12" text-anchor="%s" paint-order="stroke" stroke="#ffffff" stroke-width="3" stroke-opacity="0.85">%s</text>`,
		x, y, anchor, html.EscapeString(text))
}

// drawPorts puts an anchor in each shipyard's port sea, off its coast.
func (s *State) drawPorts(w *strings.Builder, sh *board.Shapes) {
	for _, r := range s.b.Regions {
		if rs, ok := sh.Shape(r.ID); ok && rs.Port != nil {
			anchorIcon(w, rs.Port[0], rs.Port[1])
		}
	}
}
