package imperial

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// drawNationTable lists each nation: government, treasury, power points
// (and the factor they score), tax chart space and rondel space. The
// nation on turn is highlighted; the viewer's governments are bold. The
// map asset draws the headings and chips only; a position layer draws the
// rest in drawPanelLayer.
func (s *State) drawNationTable(w *strings.Builder, top float64, viewer int) {
	x := panelRight
	cols := []struct {
		at    float64
		title string
	}{{x, s.say("col.nation")}, {x + 165, s.say("col.government")}, {x + 330, s.say("col.treasury")}, {x + 410, s.say("col.power")}, {x + 480, s.say("col.tax")}, {x + 530, s.say("col.rondel")}}
	for _, c := range cols {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="#555">%s</text>`, c.at, top+12, c.title)
	}
	for ni, nat := range s.Nations {
		y := top + 20 + float64(ni)*19
		if ni == s.Turn && !s.Finished() && s.moving() {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="19" rx="3" fill="#fff3b0" stroke="#c9a400"/>`, x-4, y, svgWidth-x-6)
		}
		col := s.nationColour(ni)
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="24" height="14" rx="3" fill="%s" stroke="#111" stroke-width="0.8"/>`, x, y+2.5, col)
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="%s" text-anchor="middle">%s</text>`, x+12, y+13.5, inkOn(col), html.EscapeString(s.nationID(ni)))
		if !s.moving() { // the map asset: the chips only
			continue
		}
		cells := s.nationCells(ni)
		weight := "400"
		if nat.Government == viewer && viewer >= 0 {
			weight = "700"
		}
		style := fmt.Sprintf(` font-size="12" font-weight="%s" fill="%s"`, weight, colInk)
		for i, c := range cells[:] {
			at := cols[i].at
			if i == 0 {
				at += 30
			}
			fmt.Fprintf(w, `<text x="%.1f" y="%.1f"%s>%s</text>`, at, y+14, style, html.EscapeString(c))
		}
	}
}

// nationCells are the words of nation ni's row (an array: on the
// caller's stack).
func (s *State) nationCells(ni int) [6]string {
	nat := s.Nations[ni]
	gov := s.say("none")
	if nat.Government >= 0 {
		gov = shortenText(s.playerName(nat.Government), 22)
	}
	rondel := s.say("rondel.notyet")
	if nat.Rondel >= 0 {
		rondel = s.slotWord(nat.Rondel)
	}
	return [6]string{
		shortenText(s.nationName(ni), 20),
		gov,
		s.money(nat.Treasury),
		s.say("power.cell", nat.Power, powerFactor(nat.Power)),
		strconv.Itoa(nat.TaxValue),
		rondel,
	}
}

// drawPlayerTable lists each player: cash, investor card and Swiss bank,
// and a grid of the bonds held, one column per nation, so who leads in a
// nation (and so governs it) reads down the column. Players who must act
// now are marked; the viewer's row is bold.
func (s *State) drawPlayerTable(w *strings.Builder, top float64, viewer int) {
	x := panelRight
	acting := map[int]bool{}
	if !s.Finished() {
		for _, d := range s.ToAct() {
			acting[d.Seat] = true
		}
	}
	bondX := x + 300
	cellW := (svgWidth - 8 - bondX) / float64(len(s.Nations))
	for _, t := range []struct {
		at    float64
		title string
	}{{x, s.say("col.player")}, {x + 140, s.say("col.cash")}, {x + 190, s.say("col.role")}} {
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="#555">%s</text>`, t.at, top+12, t.title)
	}
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="#555" text-anchor="end">%s</text>`, bondX-6, top+12, s.say("col.bonds"))
	for ni := range s.Nations {
		col := s.nationColour(ni)
		cx := bondX + float64(ni)*cellW
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="15" rx="3" fill="%s"/><text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="%s" text-anchor="middle">%s</text>`,
			cx+1, top, cellW-2, col, cx+cellW/2, top+11.5, inkOn(col), html.EscapeString(s.nationID(ni)))
	}
	if !s.moving() { // the map asset: the headings only
		return
	}
	for seat, p := range s.Players {
		y := top + 20 + float64(seat)*19
		if acting[seat] {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="19" rx="3" fill="#fff3b0" stroke="#c9a400"/>`, x-4, y, svgWidth-x-6)
		}
		weight := "400"
		name := shortenText(p.Name, 18)
		if seat == viewer {
			weight = "700"
			name = s.say("player.you", shortenText(p.Name, 12))
		}
		if acting[seat] {
			name = s.say("player.acting", name)
		}
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" font-weight="%s" fill="%s">%s</text>`, x, y+14, weight, colInk, html.EscapeString(name))
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="12" fill="%s">%s</text>`, x+140, y+14, colInk, s.money(p.Cash))
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" fill="%s">%s</text>`, x+190, y+14, colInk, s.roleWords(seat))
		for ni := range s.Nations {
			s.bondCell(w, bondX+float64(ni)*cellW, y, cellW, ni, seat, phrase{key: "bonds.tip"})
		}
	}
}

func (s *State) roleWords(seat int) string {
	var roles []string
	if s.InvestorCard == seat {
		roles = append(roles, s.say("role.investor"))
	}
	if s.Players[seat].SwissBank {
		if len(roles) > 0 {
			roles[0] = s.say("role.card") // both fit the column only in short
		}
		roles = append(roles, s.say("role.swiss"))
	}
	return strings.Join(roles, ", ")
}

// bondCell writes the costs of one player's bonds of one nation, on a tint
// of the nation's colour; when they do not fit, their total and number.
// tip is its tooltip's phrase on a position layer (the whole board says
// it whole).
func (s *State) bondCell(w *strings.Builder, x, y, width float64, ni, seat int, tip phrase) {
	var room [8]string // a player's bonds of one nation, on the stack
	costs := room[:0]
	total := 0
	for bi, h := range s.Nations[ni].Bonds {
		if h == seat {
			costs = append(costs, strconv.Itoa(s.b.Bonds[bi].Cost))
			total += s.b.Bonds[bi].Cost
		}
	}
	if len(costs) == 0 {
		return
	}
	if s.layered() { // in a group that says the text's style (drawPanelLayer)
		w.WriteString(`<g><title>`)
		tip.write(w, s, s.nationName(ni), strings.Join(costs, ", "), s.money(total))
		w.WriteString(`</title><use href="#imp-bc" x="`)
		writeNum(w, x+1)
		w.WriteString(`" y="`)
		writeNum(w, y+1.5)
		writes(w, `" fill="`, whiteTint(s.nationColour(ni), 0.35), `" stroke="`, s.nationColour(ni), `"/><text x="`)
		writeNum(w, x+width/2)
		w.WriteString(`" y="`)
		writeNum(w, y+13.5)
		w.WriteString(`">`)
		s.writeBondText(w, costs, total, width)
		w.WriteString(`</text></g>`)
		return
	}
	text := strings.Join(costs, " ")
	if float64(len(text))*6.6+6 > width {
		text = s.say("bonds.sum", total, len(costs))
	}
	tipText := html.EscapeString(s.say("bonds.tip", s.nationName(ni), strings.Join(costs, ", "), s.money(total)))
	fmt.Fprintf(w, `<g><title>%s</title><rect x="%.1f" y="%.1f" width="%.1f" height="16" rx="3" fill="%s" stroke="%s" stroke-width="1"/><text x="%.1f" y="%.1f" font-size="11" font-weight="700" fill="%s" text-anchor="middle">%s</text></g>`,
		tipText, x+1, y+1.5, width-2, mix("#ffffff", s.nationColour(ni), 0.35), s.nationColour(ni), x+width/2, y+13.5, colInk, text)
}

// writeBondText writes a bond cell's words: the costs, or their total and
// number when the costs do not fit its width (as bondCell's whole board
// says them, without joining the costs first).
func (s *State) writeBondText(w *strings.Builder, costs []string, total int, width float64) {
	n := len(costs) - 1 // the spaces between
	for _, c := range costs {
		n += len(c)
	}
	if float64(n)*6.6+6 > width {
		w.WriteString(s.say("bonds.sum", total, len(costs)))
		return
	}
	for k, c := range costs {
		if k > 0 {
			w.WriteByte(' ')
		}
		w.WriteString(c)
	}
}

// drawLegend explains the symbols of the map, two columns.
func (s *State) drawLegend(w *strings.Builder, x, y float64) {
	items := []struct {
		key  string
		icon func(x, y float64)
	}{
		{"legend.army", func(ix, iy float64) { armyIcon(w, ix, iy, "#888", false) }},
		{"legend.hostile", func(ix, iy float64) { armyIcon(w, ix, iy, "#888", true) }},
		{"legend.fleet", func(ix, iy float64) { fleetIcon(w, ix, iy, "#888") }},
		{"legend.flag", func(ix, iy float64) { flagIcon(w, ix-4, iy+7, "#888") }},
		{"legend.armaments", func(ix, iy float64) { factoryIcon(w, ix, iy, false, true) }},
		{"legend.shipyard", func(ix, iy float64) { factoryIcon(w, ix, iy, true, true) }},
		{"legend.site", func(ix, iy float64) { factoryIcon(w, ix, iy, false, false) }},
		{"legend.port", func(ix, iy float64) { anchorIcon(w, ix, iy) }},
		{"legend.strait", func(ix, iy float64) {
			fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.2" stroke-dasharray="4 2.5"/>`, ix-9, iy, ix+9, iy, colStrait)
		}},
		{"legend.canal", func(ix, iy float64) {
			fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2.6" stroke-dasharray="2 2"/>`, ix-9, iy, ix+9, iy, colCanal)
		}},
		{"legend.impassable", func(ix, iy float64) {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="18" height="12" fill="url(#imp-hatch)" stroke="#777" stroke-width="0.8"/>`, ix-9, iy-6)
		}},
		{"legend.scenery", func(ix, iy float64) {
			fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="9" height="12" fill="%s" stroke="#a9a49a" stroke-width="0.8"/><rect x="%.1f" y="%.1f" width="9" height="12" fill="%s"/>`, ix-9, iy-6, colScenery, ix, iy-6, colLake)
		}},
	}
	for i, it := range items {
		ix := x + float64(i%2)*168
		iy := y + float64(i/2)*21
		it.icon(ix+10, iy)
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="11" fill="%s">%s</text>`, ix+24, iy+4, colInk, s.say(it.key))
	}
}
