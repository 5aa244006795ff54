package imperial

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// The panel under the map: the rondel and the legend on the left; the
// power-point track, the tax chart and the tables of nations and players
// on the right.

const panelRight = 345.0 // left edge of the right-hand column

// panelHeight leaves room for the rondel and legend, or for one table row
// per player, whichever is taller.
func (s *State) panelHeight() float64 {
	return max(440, 290+20+19*float64(len(s.Players))+10)
}

// slotWord is the word on a rondel space (slotNames, clockwise from the top).
func (s *State) slotWord(slot int) string { return s.say(slotPhrases[slot]) }

// slotPhrases are the phrases naming the rondel's spaces, in slot order,
// made once rather than once per word said.
var slotPhrases = func() []string {
	out := make([]string, len(slotNames))
	for i, name := range slotNames {
		out[i] = "slot." + name
	}
	return out
}()

// rondelFills follow slotNames.
var rondelFills = []string{"#c9a27e", "#b7c0c9", "#9fcf8f", "#9fd3ee", "#f2b27c", "#b7c0c9", "#9fcf8f", "#efd27a"}

func (s *State) drawPanel(w *strings.Builder, top float64, viewer int) {
	if s.still() {
		fmt.Fprintf(w, `<line x1="0" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#8a7f6a" stroke-width="1.5"/>`, top, svgWidth, top)
	}
	if s.layered() {
		s.drawPanelLayer(w, top, viewer)
		return
	}
	if s.moving() { // the map asset keeps the rondel's words apart (#slots)
		s.drawRondel(w, rondelX, top+rondelDY)
	}
	if s.still() {
		s.drawLegend(w, 10, top+305)
	}
	s.drawPowerTrack(w, top+10)
	s.drawTaxChart(w, top+82)
	// The map asset keeps the tables' headings and chips.
	s.drawNationTable(w, top+150, viewer)
	s.drawPlayerTable(w, top+290, viewer)
}

// The rondel's centre on the panel.
const rondelX, rondelDY = 165.0, 150.0

// drawBanner says who must act now, in the colour of the nation on turn.
func (s *State) drawBanner(w *strings.Builder, viewer int) {
	fill, text := "#3b3b3b", ""
	if s.Finished() {
		text = s.say("banner.over", s.winnerWords())
	} else {
		fill = s.nationColour(s.Turn)
		text = s.say("banner.turn", s.Round, s.nationName(s.Turn), s.toActWords(viewer))
	}
	fmt.Fprintf(w, `<rect width="%.0f" height="%.0f" fill="%s"/>`, svgWidth, bannerHeight, fill)
	fmt.Fprintf(w, `<text x="14" y="26.5" font-size="17" font-weight="700" fill="%s">%s</text>`, inkOn(fill), html.EscapeString(shortenText(text, 95)))
}

func (s *State) toActWords(viewer int) string {
	ds := s.ToAct()
	if len(ds) == 0 {
		return s.say("act.nobody")
	}
	var names []string
	you := false
	for _, d := range ds {
		if d.Seat == viewer {
			you = true
		}
		names = append(names, s.playerName(d.Seat))
	}
	who := strings.Join(names, ", ")
	if you && len(ds) == 1 {
		who = s.say("act.you")
	}
	return s.say("act.who", who, s.speaker().Say(ds[0].Prompt))
}

func (s *State) winnerWords() string {
	res := s.Result()
	if res == nil {
		return ""
	}
	var parts []string
	for place := 1; place <= len(s.Players); place++ {
		for seat, p := range res.Places {
			if p == place {
				parts = append(parts, s.say("banner.place", place, s.playerName(seat), res.Scores[seat]))
			}
		}
	}
	return strings.Join(parts, " · ")
}

// shortenText cuts a text to n runes so it stays on its line.
func shortenText(t string, n int) string {
	r := []rune(t)
	if len(r) <= n {
		return t
	}
	return string(r[:n-1]) + "…"
}

// drawRondel draws the eight spaces clockwise from the top, and each
// nation's marker on its space.
func (s *State) drawRondel(w *strings.Builder, cx, cy float64) {
	pt := func(r, deg float64) (float64, float64) {
		a := deg * math.Pi / 180
		return cx + r*math.Sin(a), cy - r*math.Cos(a)
	}
	if s.layered() {
		s.rondelSpaces(w)
	}
	for i := range numSlots {
		if !s.layered() && s.moving() {
			fmt.Fprintf(w, `<path d="%s" data-slot="%s" fill="%s" stroke="#fff" stroke-width="2"><title>%s</title></path>`,
				rondelSpace(cx, cy, i), slotNames[i], rondelFills[i], html.EscapeString(s.slotWord(i)))
		}
		// Wide words sit further out on the sides, clear of the markers.
		lx, ly := pt(113+6*math.Abs(math.Sin(float64(i)*math.Pi/4)), float64(i)*45)
		if s.still() {
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" font-weight="600" fill="%s" text-anchor="middle">%s</text>`, lx, ly+4, colInk, html.EscapeString(s.slotWord(i)))
		}
		if cost := s.rondelCost(i); cost != "" && s.moving() {
			// as fmt's %.1f wrote it, without boxing the numbers
			w.WriteString(`<text x="`)
			writeFixed(w, lx, 1)
			w.WriteString(`" y="`)
			writeFixed(w, ly+17, 1)
			writes(w, `" font-size="11" fill="`+colInk+`" text-anchor="middle">`, html.EscapeString(cost), `</text>`)
		}
	}
	if s.layered() {
		writes(w, `<use href="`, s.ref("slots"), `"/>`)
	}
	if !s.moving() {
		return
	}
	// Marker places on a space: two rows of two, then one near the hub.
	if s.layered() {
		w.WriteString(chipText)
		defer w.WriteString(`</g>`)
	}
	spots := [...][2]float64{{67, -15}, {67, 15}, {45, -12}, {45, 12}, {88, 0}, {26, 0}}
	var count [numSlots]int
	var tip phrase // the markers' tooltip on a position layer
	if s.layered() {
		tip = s.phraseOf("rondel.marker")
	}
	for ni, nat := range s.Nations {
		if nat.Rondel < 0 {
			continue
		}
		k := count[nat.Rondel]
		count[nat.Rondel]++
		sp := spots[k%len(spots)]
		deg := float64(nat.Rondel) * 45
		mx, my := pt(sp[0], deg)
		a := deg * math.Pi / 180
		mx += sp[1] * math.Cos(a)
		my += sp[1] * math.Sin(a)
		col := s.nationColour(ni)
		stroke := "#111"
		width := 1.0
		if ni == s.Turn && !s.Finished() {
			width = 2.5
		}
		if s.layered() { // in a group that says the text's style (drawPanelLayer)
			writes(w, `<g data-nation="`, s.nationID(ni), `" data-slot="`, slotNames[nat.Rondel], `"><title>`)
			tip.write(w, s, s.nationName(ni), s.slotWord(nat.Rondel))
			w.WriteString(`</title><use href="#imp-mk" x="`)
			writeNum(w, mx-13) // numbers written in place, not made strings
			w.WriteString(`" y="`)
			writeNum(w, my-8)
			writes(w, `" fill="`, col, `"`)
			if width != 1 {
				w.WriteString(` stroke-width="`)
				writeNum(w, width)
				w.WriteString(`"`)
			}
			w.WriteString(`/><text x="`)
			writeNum(w, mx)
			w.WriteString(`" y="`)
			writeNum(w, my+4)
			w.WriteString(`"`)
			if ink := inkOn(col); ink != colInk {
				writes(w, ` fill="`, ink, `"`)
			}
			writes(w, `>`, html.EscapeString(s.nationID(ni)), `</text></g>`)
			continue
		}
		tip := html.EscapeString(s.say("rondel.marker", s.nationName(ni), s.slotWord(nat.Rondel)))
		fmt.Fprintf(w, `<g data-nation="%s" data-slot="%s"><title>%s</title><rect x="%.1f" y="%.1f" width="26" height="16" rx="4" fill="%s" stroke="%s" stroke-width="%.1f"/><text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="%s" text-anchor="middle">%s</text></g>`,
			s.nationID(ni), slotNames[nat.Rondel], tip, mx-13, my-8, col, stroke, width, mx, my+4, inkOn(col), html.EscapeString(s.nationID(ni)))
	}
}

// rondelSpace is the outline of the rondel's space i around (cx, cy).
func rondelSpace(cx, cy float64, i int) string {
	const rOut, rIn = 132.0, 22.0
	pt := func(r, deg float64) (float64, float64) {
		a := deg * math.Pi / 180
		return cx + r*math.Sin(a), cy - r*math.Cos(a)
	}
	a0, a1 := float64(i)*45-22.5, float64(i)*45+22.5
	x0, y0 := pt(rOut, a0)
	x1, y1 := pt(rOut, a1)
	x2, y2 := pt(rIn, a1)
	x3, y3 := pt(rIn, a0)
	return fmt.Sprintf("M%.1f %.1fA%.0f %.0f 0 0 1 %.1f %.1fL%.1f %.1fA%.0f %.0f 0 0 0 %.1f %.1fZ", x0, y0, rOut, rOut, x1, y1, x2, y2, rIn, rIn, x3, y3)
}

// rondelSpaces writes, on a position layer, the spaces as <use>s of the
// map asset's shapes (s-<space>, mapSpaces) in one group saying their
// white border.
func (s *State) rondelSpaces(w *strings.Builder) {
	w.WriteString(`<g stroke="#fff" stroke-width="2">`)
	url := s.ref("s-") // the map's url, escaped once
	for i := range numSlots {
		writes(w, `<use href="`, url, slotNames[i], `" data-slot="`, slotNames[i], `" fill="`, rondelFills[i], `"/>`)
	}
	w.WriteString(`</g>`)
}

// mapSpaces defines the rondel's spaces in the map asset, unpainted (the
// position layer's <use> paints them and a click-to-act ring outlines
// them), each named by its tooltip: a <use> without one shows its shape's.
func (s *State) mapSpaces(w *strings.Builder, top float64) {
	for i := range numSlots {
		fmt.Fprintf(w, `<path id="s-%s" d="%s"><title>%s</title></path>`, slotNames[i], rondelSpace(rondelX, top+rondelDY, i), html.EscapeString(s.slotWord(i)))
	}
}

// rondelCost says, while a nation on the rondel chooses its next space,
// what moving to space i costs its government ("free", "4M"); "" for a
// space out of its reach, or when no nation is choosing.
func (s *State) rondelCost(i int) string {
	if s.Phase != PhaseRondel || s.Finished() || s.Nations[s.Turn].Rondel < 0 {
		return ""
	}
	fee, err := s.checkRondel(s.Turn, i)
	switch {
	case err != nil:
		return ""
	case fee == 0:
		return s.say("rondel.free")
	}
	return s.money(fee)
}

// markerStack draws small squares in nation colours on a track cell, two
// abreast and upwards from (x, y), y being the cell's top.
func (s *State) markerStack(w *strings.Builder, x, y float64, nations []int) {
	for k, ni := range nations {
		mx := x + float64(k%2)*11
		my := y - 12 - float64(k/2)*11
		if s.layered() {
			w.WriteString(`<use href="#imp-tm" x="`)
			writeNum(w, mx)
			w.WriteString(`" y="`)
			writeNum(w, my)
			writes(w, `" fill="`, s.nationColour(ni), `"><title>`, html.EscapeString(s.nationName(ni)), `</title></use>`)
			continue
		}
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="10" height="10" rx="2" fill="%s" stroke="#111" stroke-width="0.9"><title>%s</title></rect>`,
			mx, my, s.nationColour(ni), html.EscapeString(s.nationName(ni)))
	}
}

// drawPowerTrack draws 0 to 25 power points with the factor bands.
func (s *State) drawPowerTrack(w *strings.Builder, top float64) {
	x0, cw := panelRight+95, 21.0
	y := top + 36
	if s.still() {
		fmt.Fprintf(w, `<text x="%.0f" y="%.1f" font-size="12" font-weight="700" fill="%s">%s</text>`, panelRight, y+14, colInk, s.say("power.title"))
		fmt.Fprintf(w, `<text x="%.0f" y="%.1f" font-size="11" fill="#555">%s</text>`, panelRight, y+32, s.say("power.factor"))
	}
	for p := 0; p <= maxPower; p++ {
		f := powerFactor(p)
		fill := "#efe9db"
		if f%2 == 1 {
			fill = "#ddd3bd"
		}
		if s.still() {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="20" fill="%s" stroke="#fff" stroke-width="1"/>`, x0+float64(p)*cw, y, cw, fill)
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" fill="%s" text-anchor="middle">%d</text>`, x0+float64(p)*cw+cw/2, y+14, colInk, p)
		}
		if !s.moving() {
			continue
		}
		var room [8]int // the nations here, on the stack (a board's few)
		here := room[:0]
		for ni, nat := range s.Nations {
			if min(nat.Power, maxPower) == p {
				here = append(here, ni)
			}
		}
		s.markerStack(w, x0+float64(p)*cw, y, here)
	}
	for f := 0; f <= maxPower/5 && s.still(); f++ {
		lo := f * 5
		hi := min(lo+5, maxPower+1)
		mid := x0 + (float64(lo)+float64(hi))/2*cw
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-weight="600" fill="#5a4a2a" text-anchor="middle">%s</text>`, mid, y+32, s.say("power.times", f))
	}
}

// drawTaxChart draws the chart spaces with each nation's tax marker.
func (s *State) drawTaxChart(w *strings.Builder, top float64) {
	x0 := panelRight + 95
	cw := min(48.0, (svgWidth-10-x0)/float64(len(s.b.TaxChart)))
	y := top + 30
	if s.still() {
		fmt.Fprintf(w, `<text x="%.0f" y="%.1f" font-size="12" font-weight="700" fill="%s">%s</text>`, panelRight, y+14, colInk, s.say("tax.title"))
	}
	for i, t := range s.b.TaxChart {
		if s.still() {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="20" fill="%s" stroke="#fff" stroke-width="1"/>`, x0+float64(i)*cw, y, cw, []string{"#efe9db", "#ddd3bd"}[i%2])
			label := fmt.Sprint(t.Value)
			if t.Points > 0 {
				label = s.say("tax.gain", t.Value, t.Points)
			}
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" fill="%s" text-anchor="middle">%s</text>`, x0+float64(i)*cw+cw/2, y+14, colInk, label)
		}
		if !s.moving() {
			continue
		}
		var room [8]int // the nations here, on the stack (a board's few)
		here := room[:0]
		for ni, nat := range s.Nations {
			if s.b.TaxColumn(nat.TaxValue) == i {
				here = append(here, ni)
			}
		}
		s.markerStack(w, x0+float64(i)*cw+cw/2-10, y, here)
	}
	if s.still() {
		fmt.Fprintf(w, `<text x="%.0f" y="%.1f" font-size="11" fill="#555">%s</text>`, x0, y+33, s.say("tax.note"))
	}
}
