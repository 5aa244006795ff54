package handlers

import (
	"html"
	"html/template"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Line plots drawn on the server as SVG (a finished game's power points
// and scores over its rounds): readable without JavaScript, named for
// screen readers (role img, a title and a description), and never by
// colour alone: each line has its own marker shape and dash, which the
// legend beside the plot repeats with the line's name in words.

// plotLine is one line of a plot, its words already said.
type plotLine struct {
	Name   string
	Colour string // "#rrggbb"; checked before it is written
	Values []int
}

// plotSpec is a whole plot, its words already said.
type plotSpec struct {
	ID     string // unique on the page: ids of the title and description
	Title  string
	Desc   string
	X, Y   string // what the axes count
	XStart int    // x of the first value
	Lines  []plotLine
}

// Plot geometry, in the SVG's own units (the drawing scales to its box).
const (
	plotW, plotH              = 640, 300
	plotLeft, plotRight       = 52, 14
	plotTop, plotBottom       = 14, 46
	plotInnerW, plotInnerH    = plotW - plotLeft - plotRight, plotH - plotTop - plotBottom
	plotMaxMarks              = 40 // markers on every value up to this many values, else fewer
	plotLineWidth, plotCasing = 2.5, 4.5
)

// seatColours colour the lines of players who have no colour of their own
// (Imperial's investors): a palette told apart also by most colour-blind
// readers (Okabe and Ito).
var seatColours = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"}

// plotDashes and the marker shapes tell lines apart without colour.
var plotDashes = []string{"", "8 4", "2 3", "10 3 2 3", "5 5", "1 2"}

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// isHexColour is hexColour.MatchString(c) without the regexp machinery
// (TestIsHexColourAsTheRegexp): an account's every line and row asks.
func isHexColour(c string) bool {
	if len(c) != 7 || c[0] != '#' {
		return false
	}
	for i := 1; i < len(c); i++ {
		switch x := c[i]; {
		case x >= '0' && x <= '9', x >= 'a' && x <= 'f', x >= 'A' && x <= 'F':
		default:
			return false
		}
	}
	return true
}

// lineColour is line i's colour: its own if it has a valid one.
func lineColour(c string, i int) string {
	if isHexColour(c) {
		return strings.ToLower(c)
	}
	return seatColours[i%len(seatColours)]
}

// niceStep is a round step (1, 2, 5 × 10^k) giving about n grid lines up to top.
func niceStep(top, n int) int {
	raw := max(1, (top+n-1)/n)
	for mag := 1; ; mag *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*mag >= raw {
				return m * mag
			}
		}
	}
}

// marker draws marker shape i at (x, y), made on the stack and written
// to b at once: a finished game's plots have hundreds of markers, and a
// builder's write of each of their dozen pieces (with its write barrier
// while the collector runs) was half of drawing an account.
func marker(b *strings.Builder, i int, x, y float64, fill string) {
	var buf [markerRoom]byte
	b.Write(appendMarker(buf[:0], i, x, y, fill))
}

// markerRoom holds any marker in a colour of seven bytes (markerBytes
// is at most about 170 for the plus).
const markerRoom = 256

// appendMarker appends marker shape i at (x, y), written without fmt.
func appendMarker(dst []byte, i int, x, y float64, fill string) []byte {
	const r = 4.0
	pt := func(dst []byte, sep byte, px, py float64) []byte {
		dst = append(dst, sep)
		dst = appendF1(dst, px)
		dst = append(dst, ' ')
		return appendF1(dst, py)
	}
	switch i % 6 {
	case 0:
		dst = append(dst, `<circle cx="`...)
		dst = appendF1(dst, x)
		dst = append(dst, `" cy="`...)
		dst = appendF1(dst, y)
		dst = append(dst, `" r="4.0`...)
	case 1:
		dst = append(dst, `<rect x="`...)
		dst = appendF1(dst, x-r)
		dst = append(dst, `" y="`...)
		dst = appendF1(dst, y-r)
		dst = append(dst, `" width="8.0" height="8.0`...)
	case 2:
		dst = append(dst, `<path d="`...)
		dst = pt(dst, 'M', x, y-r-1)
		dst = pt(dst, 'L', x+r+1, y+r)
		dst = pt(dst, 'L', x-r-1, y+r)
		dst = append(dst, 'Z')
	case 3:
		dst = append(dst, `<path d="`...)
		dst = pt(dst, 'M', x, y-r-1)
		dst = pt(dst, 'L', x+r+1, y)
		dst = pt(dst, 'L', x, y+r+1)
		dst = pt(dst, 'L', x-r-1, y)
		dst = append(dst, 'Z')
	case 4:
		dst = append(dst, `<path d="`...)
		dst = pt(dst, 'M', x, y+r+1)
		dst = pt(dst, 'L', x+r+1, y-r)
		dst = pt(dst, 'L', x-r-1, y-r)
		dst = append(dst, 'Z')
	default: // a plus
		const a, l = 1.8, r + 1
		pts := [...][2]float64{{-a, -l}, {a, -l}, {a, -a}, {l, -a}, {l, a}, {a, a}, {a, l}, {-a, l}, {-a, a}, {-l, a}, {-l, -a}, {-a, -a}}
		dst = append(dst, `<polygon points="`...)
		for k, p := range pts {
			if k > 0 {
				dst = append(dst, ' ')
			}
			dst = appendF1(dst, x+p[0])
			dst = append(dst, ',')
			dst = appendF1(dst, y+p[1])
		}
	}
	dst = append(dst, `" fill="`...)
	dst = append(dst, fill...)
	return append(dst, `" stroke="#1b1b1b" stroke-width="1"/>`...)
}

// f1 writes v as %.1f does.
func f1(b *strings.Builder, v float64) {
	var buf [32]byte
	b.Write(appendF1(buf[:0], v))
}

// appendF1 appends v as strconv.AppendFloat(dst, v, 'f', 1, 64) does:
// a plot's coordinates are most of its bytes, and strconv's exact
// rounding cost half of drawing them. A coordinate (0 to a million) is
// rounded here in tenths: v*10 is within 1e-9 of its exact value, so its
// rounding is strconv's unless it lies that near a half, left to strconv
// (so are negative numbers, -0.0 among them).
func appendF1(dst []byte, v float64) []byte {
	if math.Signbit(v) || !(v < 1e6) {
		return strconv.AppendFloat(dst, v, 'f', 1, 64)
	}
	t := v * 10
	q := math.Floor(t)
	switch d := t - q; {
	case d > 0.5-1e-6 && d < 0.5+1e-6:
		return strconv.AppendFloat(dst, v, 'f', 1, 64)
	case d > 0.5:
		q++
	}
	n := int(q)
	ip := n / 10
	switch { // a plot's coordinates are below 1000: their digits by hand
	case ip >= 1000:
		dst = strconv.AppendInt(dst, int64(ip), 10)
	case ip >= 100:
		dst = append(dst, byte('0'+ip/100), byte('0'+ip/10%10), byte('0'+ip%10))
	case ip >= 10:
		dst = append(dst, byte('0'+ip/10), byte('0'+ip%10))
	default:
		dst = append(dst, byte('0'+ip))
	}
	return append(dst, '.', byte('0'+n%10))
}

// swatch is a small picture of line i (its colour, dash and marker) for a
// legend; it says nothing to a screen reader, the name beside it does.
// swatchSize is a swatch's bytes, never less (a plus is the longest).
const swatchSize = 512

func swatch(i int, colour string) template.HTML {
	var b strings.Builder
	b.Grow(swatchSize)
	c := lineColour(colour, i)
	b.WriteString(`<svg class="swatch" width="34" height="14" viewBox="0 0 34 14" aria-hidden="true" focusable="false">`)
	b.WriteString(`<line x1="1" y1="7" x2="33" y2="7" stroke="#1b1b1b" stroke-width="`)
	f1(&b, plotCasing)
	writeAll(&b, `"/><line x1="1" y1="7" x2="33" y2="7" stroke="`, c, `" stroke-width="`)
	f1(&b, plotLineWidth)
	b.WriteByte('"')
	writeDash(&b, i)
	b.WriteString(`/>`)
	marker(&b, i, 17, 7, c)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// writeDash writes line i's dash attribute, if it has a dash.
func writeDash(b *strings.Builder, i int) {
	if d := plotDashes[i%len(plotDashes)]; d != "" {
		writeAll(b, ` stroke-dasharray="`, d, `"`)
	}
}

// plotSVG draws p. Every word in it is escaped; colours are checked.
func plotSVG(p plotSpec) template.HTML {
	var b strings.Builder
	b.Grow(plotSize(p))
	writePlot(&b, p)
	return template.HTML(b.String())
}

// plotSize is about the bytes of p's drawing, never less: a point is at
// most 24 bytes of two polylines, and its line's markers are counted as
// writeLine draws them, each of its shape's bytes (markerBytes). Counted
// at 130 bytes each, the markers made a finished game's account 10 KB
// larger than it is.
func plotSize(p plotSpec) int {
	n, points := 0, 0
	for _, l := range p.Lines {
		n = max(n, len(l.Values))
		points += len(l.Values)
	}
	every := max(1, (n+plotMaxMarks-1)/plotMaxMarks)
	size := 4096 + 400*len(p.Lines) + 24*points + len(p.Title) + len(p.Desc) + len(p.X) + len(p.Y)
	for i, l := range p.Lines {
		for k := range l.Values {
			if k%every == i%every || k == len(l.Values)-1 {
				size += markerBytes[i%len(markerBytes)]
			}
		}
	}
	return size
}

// markerBytes are the bytes of each shape of marker at most: drawn where
// every coordinate has three digits before the point (a plot is 640 by
// 300), in a colour's seven.
var markerBytes = func() (n [6]int) {
	for i := range n {
		var b strings.Builder
		marker(&b, i, 500, 500, "#000000")
		n[i] = b.Len()
	}
	return n
}()

// writePlot draws p into b, written without fmt and straight into the
// page's part that holds it (a finished game's first view draws several
// plots of a few hundred points: made as strings of their own, they were
// copied once more, 40 KB a view).
func writePlot(b *strings.Builder, p plotSpec) {
	n, top, points := 0, 0, 0
	for _, l := range p.Lines {
		n = max(n, len(l.Values))
		points += len(l.Values)
		for _, v := range l.Values {
			top = max(top, v)
		}
	}
	step := niceStep(max(top, 1), 5)
	ax := plotAxes{n: n, step: step, yMax: max(step, (top+step-1)/step*step), xStart: p.XStart}
	esc := html.EscapeString
	every := max(1, (n+plotMaxMarks-1)/plotMaxMarks)
	// Piece by piece: pieces joined with + were a string each to make.
	for _, s := range [...]string{`<svg class="plot" viewBox="0 0 `, plotBox, `" role="img" aria-labelledby="`, p.ID, `-title `,
		p.ID, `-desc" xmlns="http://www.w3.org/2000/svg"><title id="`, p.ID, `-title">`, esc(p.Title),
		`</title><desc id="`, p.ID, `-desc">`, esc(p.Desc), `</desc>`, plotFrame} {
		b.WriteString(s)
	}
	ax.writeGrid(b)
	for _, s := range [...]string{plotXAxis, esc(p.X), `</text>`, plotYAxis, esc(p.Y), `</text>`} {
		b.WriteString(s)
	}
	pts := make([]byte, 0, 12*n) // a point is at most 12 bytes
	for i, l := range p.Lines {
		ax.writeLine(b, &pts, i, l, every)
	}
	b.WriteString(`</svg>`)
}

// plotAxes is a plot's scale: n values along x from xStart, 0 to yMax up.
type plotAxes struct{ n, step, yMax, xStart int }

func (a plotAxes) x(i int) float64 {
	if a.n <= 1 {
		return plotLeft + plotInnerW/2
	}
	return plotLeft + float64(i)*plotInnerW/float64(a.n-1)
}

func (a plotAxes) y(v int) float64 {
	return plotTop + plotInnerH - float64(v)*plotInnerH/float64(a.yMax)
}

// writeGrid writes the horizontal grid with the values and the vertical
// ticks with the rounds, each line made on the stack and written at once
// (its numbers' strings and a dozen writes each were a tenth of drawing
// an account).
func (a plotAxes) writeGrid(b *strings.Builder) {
	b.WriteString(`<g class="grid" font-size="13" fill="#1b1b1b">`)
	var buf [256]byte
	for v := 0; v <= a.yMax; v += a.step {
		y := a.y(v)
		l := append(buf[:0], gridY1...)
		l = appendF1(l, y)
		l = append(l, gridY2...)
		l = appendF1(l, y)
		l = append(l, gridY3...)
		l = appendF1(l, y+4)
		l = append(l, `" text-anchor="end">`...)
		l = strconv.AppendInt(l, int64(v), 10)
		b.Write(append(l, `</text>`...))
	}
	xStep := niceStep(max(a.n-1, 1), 10)
	for i := 0; i < a.n; i += xStep {
		x := a.x(i)
		l := append(buf[:0], `<line x1="`...)
		l = appendF1(l, x)
		l = append(l, gridX1...)
		l = appendF1(l, x)
		// The round's number hangs from just below the tick: larger
		// words (a phone's) grow downwards, away from the plot.
		l = append(l, gridX2...)
		l = appendF1(l, x)
		l = append(l, gridX3...)
		l = strconv.AppendInt(l, int64(a.xStart+i), 10)
		b.Write(append(l, `</text>`...))
	}
	b.WriteString(`</g>`)
}

// writeLine writes line i with its markers on every every-th value; pts
// is scratch for its points.
func (a plotAxes) writeLine(b *strings.Builder, pts *[]byte, i int, l plotLine, every int) {
	c := lineColour(l.Colour, i)
	points := (*pts)[:0] // kept from line to line: one buffer a plot
	for k, v := range l.Values {
		if k > 0 {
			points = append(points, ' ')
		}
		points = appendF1(points, a.x(k))
		points = append(points, ',')
		points = appendF1(points, a.y(v))
	}
	*pts = points
	b.WriteString(`<g class="line" data-line="`)
	wi(b, i)
	// A dark casing under the colour: pale colours (yellow, white) stay
	// visible on the white ground.
	// Piece by piece: joining the pieces with + copied the points twice
	// more.
	b.WriteString(`"><title>`)
	b.WriteString(html.EscapeString(l.Name))
	b.WriteString(`</title><polyline points="`)
	b.Write(points)
	b.WriteString(`" fill="none" stroke="#1b1b1b" stroke-width="`)
	f1(b, plotCasing)
	b.WriteString(`" stroke-linejoin="round"/><polyline points="`)
	b.Write(points)
	b.WriteString(`" fill="none" stroke="`)
	b.WriteString(c)
	b.WriteString(`" stroke-width="`)
	f1(b, plotLineWidth)
	b.WriteString(`" stroke-linejoin="round"`)
	writeDash(b, i)
	b.WriteString(`/>`)
	for k, v := range l.Values {
		// Each line's markers start at its own offset, so lines that run
		// together still show each one's shape.
		if k%every == i%every || k == len(l.Values)-1 {
			marker(b, i, a.x(k), a.y(v), c)
		}
	}
	b.WriteString(`</g>`)
}

// The plot's fixed parts, as the geometry above says.
var (
	plotBox   = strconv.Itoa(plotW) + " " + strconv.Itoa(plotH)
	plotFrame = `<rect x="` + strconv.Itoa(plotLeft) + `" y="` + strconv.Itoa(plotTop) + `" width="` + strconv.Itoa(plotInnerW) +
		`" height="` + strconv.Itoa(plotInnerH) + `" fill="#ffffff" stroke="#8a8577"/>`
	plotXAxis = `<text class="axis" x="` + strconv.Itoa(plotLeft+plotInnerW/2) + `" y="` + strconv.Itoa(plotH-5) +
		`" text-anchor="middle" font-size="14" fill="#1b1b1b">`
	plotYAxis = `<text class="axis" transform="translate(16 ` + strconv.Itoa(plotTop+plotInnerH/2) +
		`) rotate(-90)" text-anchor="middle" font-size="14" fill="#1b1b1b">`
	// the grid's lines between their coordinates (writeGrid)
	gridY1 = `<line x1="` + strconv.Itoa(plotLeft) + `" y1="`
	gridY2 = `" x2="` + strconv.Itoa(plotLeft+plotInnerW) + `" y2="`
	gridY3 = `" stroke="#d8d3c6"/><text x="` + strconv.Itoa(plotLeft-6) + `" y="`
	gridX1 = `" y1="` + strconv.Itoa(plotTop+plotInnerH) + `" x2="`
	gridX2 = `" y2="` + strconv.Itoa(plotTop+plotInnerH+5) + `" stroke="#8a8577"/><text x="`
	gridX3 = `" y="` + strconv.Itoa(plotTop+plotInnerH+8) + `" text-anchor="middle" dominant-baseline="hanging">`
)

// wi writes v in decimal.
func wi(b *strings.Builder, v int) {
	var buf [24]byte
	b.Write(strconv.AppendInt(buf[:0], int64(v), 10))
}
