package picture

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// SVG writes the scene as an SVG document: the same ops as the PNG, for a
// page that wants the mail's picture as markup. Every text is escaped.
func SVG(s *Scene) string {
	var w strings.Builder
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" font-family="'Go', sans-serif">`, s.Width, s.Height)
	fmt.Fprintf(&w, `<rect width="%g" height="%g" fill="%s"/>`, s.Width, s.Height, attr(s.Background))
	for _, o := range s.Ops {
		svgOp(&w, o)
	}
	w.WriteString(`</svg>`)
	return w.String()
}

func attr(s string) string { return html.EscapeString(s) }

// paint is the fill and stroke attributes of an op.
func paint(o Op) string {
	fill := o.Fill
	if fill == "" {
		fill = "none"
	}
	out := fmt.Sprintf(` fill="%s"`, attr(fill))
	if o.Stroke != "" {
		out += fmt.Sprintf(` stroke="%s" stroke-width="%g" stroke-linejoin="round"`, attr(o.Stroke), o.Width)
		if o.Dash > 0 {
			out += fmt.Sprintf(` stroke-dasharray="%g"`, o.Dash)
		}
	}
	return out
}

func points(pts [][2]float64) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%.1f,%.1f", p[0], p[1])
	}
	return b.String()
}

func svgOp(w *strings.Builder, o Op) {
	switch o.Kind {
	case OpPath:
		fmt.Fprintf(w, `<path d="%s"%s/>`, attr(o.Path), paint(o))
	case OpPoly:
		tag := "polyline"
		if o.Fill != "" {
			tag = "polygon"
		}
		fmt.Fprintf(w, `<%s points="%s"%s/>`, tag, points(o.Points), paint(o))
	case OpCircle:
		fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="%.1f"%s/>`, o.X, o.Y, o.R, paint(o))
	case OpText:
		halo := ""
		if o.Halo != "" {
			halo = fmt.Sprintf(` stroke="%s" stroke-width="2.5" paint-order="stroke"`, attr(o.Halo))
		}
		weight := ""
		if o.Bold {
			weight = ` font-weight="700"`
		}
		anchor := o.Anchor
		if anchor == "" {
			anchor = "start"
		}
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="%g" fill="%s" text-anchor="%s"%s%s>%s</text>`,
			o.X, o.Y, o.Size, attr(o.Fill), attr(anchor), weight, halo, html.EscapeString(o.Text))
	case OpArrow:
		a, b := o.Points[0], o.Points[1]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		if l == 0 {
			return
		}
		ux, uy := (b[0]-a[0])/l, (b[1]-a[1])/l
		head := o.Width * 3.2
		ex, ey := b[0]-ux*head*0.8, b[1]-uy*head*0.8
		fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%g"/>`, a[0], a[1], ex, ey, attr(o.Stroke), o.Width)
		fmt.Fprintf(w, `<polygon points="%s" fill="%s"/>`, points([][2]float64{b, {ex - uy*head*0.6, ey + ux*head*0.6}, {ex + uy*head*0.6, ey - ux*head*0.6}}), attr(o.Stroke))
	}
}
