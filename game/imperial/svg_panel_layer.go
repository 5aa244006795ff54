package imperial

import (
	"html"
	"math"
	"strconv"
	"strings"

	"rondel/game/picture"
)

// The panel on a position layer (the game page), written for its bytes:
// what never changes (the tables' headings and nation chips) is in the
// map asset with the tracks; what the position says is written once per
// thing, its style said once for a whole table by a group, the repeated
// shapes (markers, bond cells, rondel spaces) placed from definitions.
// It draws what the whole board's panel draws, pixel for pixel.

// num writes a coordinate with at most one decimal and none when it is
// whole ("878", "188.8").
func num(f float64) string {
	if math.Abs(f) < 1e13 {
		return picture.Tenths(int64(f*10 + 0.5*sign(f))) // the same digits, without the float formatter's search
	}
	return strconv.FormatFloat(float64(int64(f*10+0.5*sign(f)))/10, 'f', -1, 64)
}

// writeNum writes num(f) without making a string of it.
func writeNum(w *strings.Builder, f float64) {
	if math.Abs(f) < 1e13 {
		var buf [24]byte
		w.Write(picture.AppendTenths(buf[:0], int64(f*10+0.5*sign(f))))
		return
	}
	w.WriteString(num(f))
}

// writes writes strings one after the other: the layer's panel is
// written piece by piece, never through fmt (issue 20: a first view's
// CPU).
func writes(w *strings.Builder, parts ...string) {
	for _, p := range parts {
		w.WriteString(p)
	}
}

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// panelDefs writes the shapes the layer's panel places: a rondel marker, a
// track marker and a bond cell cellW wide.
func panelDefs(w *strings.Builder, cellW float64) {
	w.WriteString(`<defs><rect id="imp-mk" width="26" height="16" rx="4" stroke="#111"/>` +
		`<rect id="imp-tm" width="10" height="10" rx="2" stroke="#111" stroke-width="0.9"/>` +
		`<rect id="imp-bc" width="`)
	writeNum(w, cellW-2)
	w.WriteString(`" height="16" rx="3"/></defs>`)
}

// bondGeom is where the players' bond columns are: their left edge and
// the width of one nation's column.
func (s *State) bondGeom() (x, cellW float64) {
	x = panelRight + 300
	return x, (svgWidth - 8 - x) / float64(len(s.Nations))
}

// actingSeats are the players marked as having to act now.
func (s *State) actingSeats() seatSet {
	var acting seatSet
	if !s.Finished() {
		for _, d := range s.ToAct() {
			acting = acting.with(d.Seat)
		}
	}
	return acting
}

// seatSet is a set of seats (0 to 63), made without a map.
type seatSet uint64

func (m seatSet) with(seat int) seatSet {
	if seat < 0 || seat >= 64 {
		return m
	}
	return m | 1<<seat
}

func (m seatSet) has(seat int) bool { return seat >= 0 && seat < 64 && m&(1<<seat) != 0 }

// rowMark is the highlight behind a table's row at y.
func rowMark(w *strings.Builder, y float64) {
	w.WriteString(`<rect x="`)
	writeNum(w, panelRight-4)
	w.WriteString(`" y="`)
	writeNum(w, y)
	w.WriteString(`" width="`)
	writeNum(w, svgWidth-panelRight-6)
	w.WriteString(`" height="19" rx="3" fill="#fff3b0" stroke="#c9a400"/>`)
}

// drawPanelLayer draws the panel of a position layer: the rows' marks
// under the asset's panel (its nation chips lie on them), then the
// position.
func (s *State) drawPanelLayer(w *strings.Builder, top float64, viewer int) {
	bondX, cellW := s.bondGeom()
	panelDefs(w, cellW)
	if !s.Finished() {
		rowMark(w, top+150+20+float64(s.Turn)*19)
	}
	acting := s.actingSeats()
	for seat := range s.Players {
		if acting.has(seat) {
			rowMark(w, top+290+20+float64(seat)*19)
		}
	}
	writes(w, `<use href="`, s.ref("panel"), `"/>`)
	s.drawRondel(w, rondelX, top+rondelDY)
	w.WriteString(chipText)
	tip := s.phraseOf("bonds.tip")
	for ni := range s.Nations {
		for seat := range s.Players {
			s.bondCell(w, bondX+float64(ni)*cellW, top+290+20+float64(seat)*19, cellW, ni, seat, tip)
		}
	}
	w.WriteString(`</g>`)
	s.drawPowerTrack(w, top+10)
	s.drawTaxChart(w, top+82)
	w.WriteString(`<g font-size="12" fill="` + colInk + `">`)
	s.nationRows(w, top+150, viewer)
	s.playerRows(w, top+290, viewer, acting)
	w.WriteString(`</g>`)
}

// chipText opens a group with the style of the words on markers and
// bond cells.
const chipText = `<g font-size="11" font-weight="700" fill="` + colInk + `" text-anchor="middle">`

// row writes one table row at y as one text of cells at xs.
func row(w *strings.Builder, y float64, bold bool, xs []float64, cells []string, extra []string) {
	w.WriteString(`<text y="`)
	writeNum(w, y)
	w.WriteString(`"`)
	if bold {
		w.WriteString(` font-weight="700"`)
	}
	w.WriteString(`>`)
	for i, c := range cells {
		if c == "" {
			continue
		}
		w.WriteString(`<tspan x="`)
		writeNum(w, xs[i])
		writes(w, `"`, extra[i], `>`, html.EscapeString(c), `</tspan>`)
	}
	w.WriteString(`</text>`)
}

func (s *State) nationRows(w *strings.Builder, top float64, viewer int) {
	x := panelRight
	xs := []float64{x + 30, x + 165, x + 330, x + 410, x + 480, x + 530}
	extra := make([]string, len(xs)) // none: the group says the style
	for ni, nat := range s.Nations {
		bold := nat.Government == viewer && viewer >= 0
		cells := s.nationCells(ni)
		row(w, top+20+float64(ni)*19+14, bold, xs, cells[:], extra)
	}
}

func (s *State) playerRows(w *strings.Builder, top float64, viewer int, acting seatSet) {
	x := panelRight
	xs := []float64{x, x + 140, x + 190}
	for seat, p := range s.Players {
		name := shortenText(p.Name, 18)
		if seat == viewer {
			name = s.say("player.you", shortenText(p.Name, 12))
		}
		if acting.has(seat) {
			name = s.say("player.acting", name)
		}
		cells := []string{name, s.money(p.Cash), s.roleWords(seat)}
		extra := []string{"", "", ` font-size="11"`}
		if seat == viewer { // only the name is bold
			extra = []string{"", ` font-weight="400"`, ` font-size="11" font-weight="400"`}
		}
		row(w, top+20+float64(seat)*19+14, seat == viewer, xs, cells, extra)
	}
}
