package picture

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// SVG writes the scene as an SVG document: the same ops as the PNG, for a
// page that wants the mail's picture as markup. Every text is escaped.
func SVG(s *Scene) string {
	var w strings.Builder
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" font-family="'Go', sans-serif">`, s.Width, s.Height)
	if len(s.Symbols) > 0 {
		w.WriteString(`<defs>`)
		for _, id := range sortedKeys(s.Symbols) {
			fmt.Fprintf(&w, `<g id="%s">`, attr(id))
			WriteOps(&w, s.Symbols[id], "", false)
			w.WriteString(`</g>`)
		}
		w.WriteString(`</defs>`)
	}
	fmt.Fprintf(&w, `<rect width="%g" height="%g" fill="%s"/>`, s.Width, s.Height, attr(s.Background))
	WriteOps(&w, s.Ops, "", false)
	w.WriteString(`</svg>`)
	return w.String()
}

// WriteOps writes ops as SVG elements into a page's drawing. over: the
// drawing lies over the map asset at mapURL, so an op referring to a map
// element (Ref) is a <use> of it, carrying the op's fill, stroke, data-
// attributes and tooltip, and the page does not send the shape again;
// otherwise such an op draws its own Path. A group referring to a map
// element is always a <use> of it: its children are only the raster's
// stand-in (the map's words and scenery are the map's). Coordinates are
// written with one decimal at most.
func WriteOps(w *strings.Builder, ops []Op, mapURL string, over bool) {
	m := lendStyles(len(ops))
	defer m.release()
	out := m.sink(len(ops))
	writeOps(&out, ops, attr(mapURL), over, nil)
	m.flush(w, out)
}

// writeOps writes ops; url is the map asset's address escaped (once for
// the drawing, not once per element).
func writeOps(w *sink, ops []Op, url string, over bool, st *styles) {
	base := st.block(len(ops)) // numbered as countSigs numbered them
	for i := 0; i < len(ops); {
		if st != nil { // WriteStyled's
			if n := st.runOf(ops[i:], base+i, over); n > 1 {
				writeRun(w, ops[i:i+n], base+i, url, st)
				i += n
				continue
			}
		}
		svgOp(w, &ops[i], base+i, url, over, st)
		i++
	}
}

func attr(s string) string {
	// A byte loop, not strings.ContainsAny: for short strings that looks
	// each byte up in the set by IndexRune, and a board's attributes are
	// some thousand short ids (a tenth of a position layer's CPU).
	for i := 0; i < len(s); i++ {
		if escaped[s[i]] {
			return html.EscapeString(s)
		}
	}
	return s // most are ids and addresses: no replacer's pass
}

// escaped are the bytes html.EscapeString replaces.
var escaped = [256]bool{'<': true, '>': true, '&': true, '\'': true, '"': true}

// num writes a coordinate with one decimal, none when it is whole.
func num(v float64) string {
	if k := math.Round(v * 10); math.Abs(k) < 1e15 {
		return Tenths(int64(k)) // what the line below writes, without its search for the shortest digits
	}
	v = math.Round(v*10) / 10
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Tenths writes k tenths as strconv.FormatFloat(float64(k)/10, 'f', -1,
// 64) writes them, for |k| < 1e15 (the nearest float64 to k/10 reads back
// shortest as k/10 itself): "12.5", "-3", "0". Drawings write thousands of
// coordinates, and the float formatter's search was a few per cent of a
// game page's first view.
func Tenths(k int64) string {
	var buf [24]byte
	return string(AppendTenths(buf[:0], k))
}

// AppendTenths appends Tenths(k) to b (for engines writing numbers into a
// drawing without a string each).
func AppendTenths(b []byte, k int64) []byte {
	var buf [24]byte
	return append(b, tenths(&buf, k)...)
}

// tenths writes Tenths(k) at the end of buf and returns it there: its
// callers copy it once, to where it goes.
func tenths(buf *[24]byte, k int64) []byte {
	i := len(buf)
	neg := k < 0
	u := uint64(k)
	if neg {
		u = -u
	}
	if d := u % 10; d != 0 {
		i -= 2
		buf[i], buf[i+1] = '.', byte('0'+d)
	}
	u /= 10
	for u >= 100 { // two digits a step: most coordinates have three or four
		q := u / 100
		r := u - q*100
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		u = q
	}
	if u >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*u], digitPairs[2*u+1]
	} else {
		i--
		buf[i] = byte('0' + u)
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return buf[i:]
}

// digitPairs are the numbers 00 to 99, two digits each.
const digitPairs = "00010203040506070809" + "10111213141516171819" + "20212223242526272829" + "30313233343536373839" +
	"40414243444546474849" + "50515253545556575859" + "60616263646566676869" + "70717273747576777879" +
	"80818283848586878889" + "90919293949596979899"

// paint is the fill and stroke attributes of an op: a style class stands
// for the stroke when set; an inherited fill is left to the <use>.
func paint(o Op) string {
	sig := paintSig(o)
	if o.Class != "" {
		sig += ` class="` + attr(o.Class) + `"`
	}
	return sig
}

// paintSig is an op's paint attributes without its own class (which,
// when set, stands for the stroke).
func paintSig(o Op) string {
	// Appended into memory on the stack, made a string once: a board asks
	// for some three hundred signatures.
	var buf [160]byte
	return string(appendPaintSig(buf[:0], &o))
}

// appendPaintSig appends paintSig(*o) to b.
func appendPaintSig(b []byte, o *Op) []byte {
	switch o.Fill {
	case Inherit:
	case "":
		if o.Kind != OpUse {
			b = append(b, ` fill="none"`...)
		}
	default:
		b = appendAttr(b, ` fill="`, o.Fill)
	}
	if o.Opacity > 0 {
		b = append(b, ` fill-opacity="`...)
		b = append(strconv.AppendFloat(b, o.Opacity, 'g', -1, 64), '"')
	}
	if o.Class != "" {
		return b
	}
	if o.Stroke != "" {
		b = appendAttr(b, ` stroke="`, o.Stroke)
		b = append(b, ` stroke-width="`...)
		b = append(strconv.AppendFloat(b, o.Width, 'g', -1, 64), '"')
		if o.Dash > 0 {
			b = append(b, ` stroke-dasharray="`...)
			b = strconv.AppendFloat(b, o.Dash, 'g', -1, 64)
			if o.Gap > 0 {
				b = append(b, ' ')
				b = strconv.AppendFloat(b, o.Gap, 'g', -1, 64)
			}
			b = append(b, '"')
		}
	}
	return b
}

// appendAttr appends name (` name="`), value escaped and the closing quote.
func appendAttr(b []byte, name, value string) []byte {
	b = append(b, name...)
	b = append(b, attr(value)...)
	return append(b, '"')
}

// textPaint is a text's font and paint attributes.
func textPaint(o *Op) string {
	var buf [160]byte
	return string(appendTextPaint(buf[:0], o))
}

// appendTextPaint appends textPaint(o) to b.
func appendTextPaint(b []byte, o *Op) []byte {
	b = append(b, ` font-size="`...)
	b = append(strconv.AppendFloat(b, o.Size, 'g', -1, 64), '"')
	if o.Bold {
		b = append(b, ` font-weight="700"`...)
	}
	b = appendAttr(b, ` fill="`, o.Fill)
	if o.Anchor != "" && o.Anchor != "start" {
		b = appendAttr(b, ` text-anchor="`, o.Anchor)
	}
	if o.Halo != "" {
		hw := o.HaloWidth
		if hw == 0 {
			hw = 2.5
		}
		if !o.HaloOver {
			b = append(b, ` paint-order="stroke"`...)
		}
		b = appendAttr(b, ` stroke="`, o.Halo)
		b = append(b, ` stroke-width="`...)
		b = append(strconv.AppendFloat(b, hw, 'g', -1, 64), '"')
	}
	return b
}

// writeData writes an op's data- attributes, each part written as it
// is (not gathered for ws: a board's pieces carry some five hundred).
func writeData(w *sink, o *Op) {
	for i := range o.Data {
		a := &o.Data[i]
		w.WriteString(` data-`)
		w.WriteString(attr(a.Name))
		w.WriteString(`="`)
		w.WriteString(attr(a.Value))
		w.WriteByte('"')
	}
}

// ws writes strings one after the other.
func ws(w *sink, parts ...string) {
	for _, p := range parts {
		w.WriteString(p)
	}
}

// writeNum writes num(v) without making a string of it.
func writeNum(w *sink, v float64) {
	if k := math.Round(v * 10); math.Abs(k) < 1e15 {
		var buf [24]byte
		w.Write(tenths(&buf, int64(k))) // as num: no search for the shortest digits
		return
	}
	v = math.Round(v*10) / 10
	if v == 0 {
		w.WriteByte('0')
		return
	}
	var buf [32]byte
	w.Write(strconv.AppendFloat(buf[:0], v, 'f', -1, 64))
}

// svgRect writes an OpRect, op number k.
func svgRect(w *sink, o *Op, k int, st *styles) {
	w.WriteString(`<rect`)
	if o.X != 0 || o.Y != 0 {
		w.WriteString(` x="`)
		writeNum(w, o.X)
		w.WriteString(`" y="`)
		writeNum(w, o.Y)
		w.WriteString(`"`)
	}
	w.WriteString(` width="`)
	writeNum(w, o.W)
	w.WriteString(`" height="`)
	writeNum(w, o.H)
	w.WriteString(`"`)
	if o.R > 0 {
		w.WriteString(` rx="`)
		writeNum(w, o.R)
		w.WriteString(`"`)
	}
	writeData(w, o)
	st.writePaint(w, o, k)
	if o.TX != 0 || o.TY != 0 || o.Turn != 0 {
		// numbers written in place (Caesar's road slots: three strings each)
		w.WriteString(` transform="translate(`)
		writeNum(w, o.TX)
		w.WriteByte(' ')
		writeNum(w, o.TY)
		w.WriteString(`) rotate(`)
		writeNum(w, o.Turn)
		w.WriteString(`)"`)
	}
	closeTag(w, "rect", o)
}

// svgPoly writes an OpPoly, op number k: a line, a polyline or a
// polygon.
func svgPoly(w *sink, o *Op, k int, st *styles) {
	if len(o.Points) == 2 && o.Fill == "" {
		a, b := o.Points[0], o.Points[1]
		// numbers and paint written in place, not made strings first
		w.WriteString(`<line x1="`)
		writeNum(w, a[0])
		w.WriteString(`" y1="`)
		writeNum(w, a[1])
		w.WriteString(`" x2="`)
		writeNum(w, b[0])
		w.WriteString(`" y2="`)
		writeNum(w, b[1])
		w.WriteString(`"`)
		writeData(w, o)
		st.writeLinePaint(w, o, k)
		closeTag(w, "line", o)
		return
	}
	tag := "polyline"
	if o.Fill != "" {
		tag = "polygon"
	}
	ws(w, `<`, tag, ` points="`)
	writePoints(w, o.Points)
	w.WriteString(`"`)
	writeData(w, o)
	st.writePaint(w, o, k)
	closeTag(w, tag, o)
}

// closeTag ends an element: with its tooltip inside, or empty.
func closeTag(w *sink, tag string, o *Op) {
	if o.Title == "" {
		w.WriteString(`/>`)
		return
	}
	ws(w, `><title>`, html.EscapeString(o.Title), `</title></`, tag, `>`)
}

// writePoints writes points(pts) in place.
func writePoints(w *sink, pts [][2]float64) {
	for i, p := range pts {
		if i > 0 {
			w.WriteByte(' ')
		}
		writeNum(w, p[0])
		w.WriteByte(',')
		writeNum(w, p[1])
	}
}

func points(pts [][2]float64) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p[0]) + "," + num(p[1]))
	}
	return b.String()
}

// svgOp writes o, op number k (styles' slots).
func svgOp(w *sink, o *Op, k int, url string, over bool, st *styles) {
	// Written piece by piece, never as one string made first: a page's
	// board writes some two hundred elements (issue 20).
	if o.Ref != "" && (over || o.Kind == OpGroup) {
		ws(w, `<use href="`, url, `#`, attr(o.Ref), `"`)
		writeData(w, o)
		if o.Kind != OpGroup {
			st.writePaint(w, o, k)
		}
		closeTag(w, "use", o)
		return
	}
	switch o.Kind {
	case OpGroup:
		w.WriteString(`<g`)
		writeData(w, o)
		w.WriteString(`>`)
		if o.Title != "" {
			ws(w, `<title>`, html.EscapeString(o.Title), `</title>`)
		}
		writeOps(w, o.Ops, url, over, st)
		w.WriteString(`</g>`)
	case OpUse:
		ws(w, `<use href="#`, attr(o.Use), `" x="`)
		writeNum(w, o.X)
		w.WriteString(`" y="`)
		writeNum(w, o.Y)
		w.WriteString(`"`)
		writeData(w, o)
		st.writePaint(w, o, k)
		closeTag(w, "use", o)
	case OpPath:
		ws(w, `<path d="`, attr(o.Path), `"`)
		writeData(w, o)
		st.writePaint(w, o, k)
		if o.Ref != "" {
			w.WriteString(` fill-rule="evenodd"`) // as the map's element is
		}
		closeTag(w, "path", o)
	case OpRect:
		svgRect(w, o, k, st)
	case OpPoly:
		svgPoly(w, o, k, st)
	case OpCircle:
		w.WriteString(`<circle cx="`)
		writeNum(w, o.X)
		w.WriteString(`" cy="`)
		writeNum(w, o.Y)
		w.WriteString(`" r="`)
		writeNum(w, o.R)
		w.WriteString(`"`)
		writeData(w, o)
		st.writePaint(w, o, k)
		closeTag(w, "circle", o)
	case OpText:
		w.WriteString(`<text x="`)
		writeNum(w, o.X)
		w.WriteString(`" y="`)
		writeNum(w, o.Y)
		w.WriteString(`"`)
		st.writeText(w, o, k)
		ws(w, `>`, html.EscapeString(o.Text), `</text>`)
	case OpArrow:
		a, b := o.Points[0], o.Points[1]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		if l == 0 {
			return
		}
		ux, uy := (b[0]-a[0])/l, (b[1]-a[1])/l
		head := o.Width * 3.2
		ex, ey := b[0]-ux*head*0.8, b[1]-uy*head*0.8
		// (the mail's picture's: through fmt, whose writer would move the
		// sink to the heap)
		w.WriteString(fmt.Sprintf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%g"/>`, num(a[0]), num(a[1]), num(ex), num(ey), attr(o.Stroke), o.Width))
		w.WriteString(fmt.Sprintf(`<polygon points="%s" fill="%s"/>`, points([][2]float64{b, {ex - uy*head*0.6, ey + ux*head*0.6}, {ex + uy*head*0.6, ey - ux*head*0.6}}), attr(o.Stroke)))
	}
}
