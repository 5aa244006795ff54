// Package picture is the board as a picture for places that cannot show
// the web page's SVG: a mail, a chat's preview, an Open Graph image. An
// engine describes what is drawn once, as a Scene (shapes, lines, arrows,
// discs and short labels in drawing units); the back ends draw a Scene: PNG
// (a pure-Go rasteriser, golang.org/x/image/vector, with the Go fonts) and
// SVG. The package does no I/O: it encodes into memory.
//
// A picture carries no words of a language: only numbers and nations'
// short codes, which read the same to every reader. The words (legend,
// alternative text) go beside the picture in the reader's language, so one
// picture serves every language and the embedded font needs no Chinese.
package picture

import (
	"fmt"
	"math"
	"strconv"
)

// Scene is one picture in drawing units, (0, 0) its top-left corner.
type Scene struct {
	Width, Height float64
	Background    string // "#rrggbb", opaque
	Ops           []Op
	// Marks are the kinds of change mark the scene draws (MarkMove ...),
	// in the order first drawn: the legend beside the picture explains
	// them, and only them.
	Marks []string
	// Symbols are shapes placed many times (OpUse), each drawn by the
	// raster from its ops at (0, 0); a fill "inherit" takes the use's
	// fill. The SVG back ends define them once (in the page's <defs>).
	Symbols map[string][]Op
	// Flat is the colour the raster fills with where an op's fill is a
	// pattern ("url(#id)"), which only the SVG back end draws.
	Flat map[string]string
}

// Inherit, as a symbol op's fill, takes the fill of the use placing it.
const Inherit = "inherit"

// Kinds of change mark (Scene.Marks); the legend names them.
const (
	MarkMove     = "move"     // an arrow: units went from here to there
	MarkBattle   = "battle"   // a cross: units fell here
	MarkFactory  = "factory"  // a ring: a factory was built here
	MarkFlag     = "flag"     // a ring: the flag here changed
	MarkRondel   = "rondel"   // an arrow on the rondel: a nation's move
	MarkDecision = "decision" // a thick outline: what the reader decides
	MarkRoad     = "road"     // a ring: a road was built here (Caesar)
	MarkCity     = "city"     // a ring: a city was claimed (Caesar)
	MarkNew      = "new"      // a plus: units placed (built or imported)
)

// OpKind says what an Op draws.
type OpKind uint8

const (
	OpPath   OpKind = iota // Path (SVG path data: M, L, H, V, Z, absolute or relative)
	OpPoly                 // Points, closed when Fill is set
	OpCircle               // X, Y, R
	OpText                 // Text at X, Y (baseline), Size, Anchor
	OpArrow                // from Points[0] to Points[1], head at the end
	OpRect                 // X, Y, W, H, corners rounded by R (SVG only)
	OpGroup                // Ops, sharing Data and Title
	OpUse                  // the symbol Use at X, Y in Fill
)

// Attr is one data- attribute of an op (Name without "data-"): what a
// page's script reads, which the raster ignores.
type Attr struct{ Name, Value string }

// Op is one thing drawn, over what was drawn before.
type Op struct {
	// the three one-byte fields side by side: a scene holds some two
	// hundred ops per drawing, each padded word copied and zeroed
	Kind     OpKind
	Bold     bool
	HaloOver bool // see HaloWidth
	Path     string
	Points   [][2]float64
	X, Y     float64
	R        float64
	Fill     string  // "" for none
	Stroke   string  // "" for none
	Width    float64 // stroke width
	Dash     float64 // dash length (gaps as long); 0 for solid
	Text     string
	Size     float64
	Anchor   string  // "start", "middle" or "end"
	Halo     string  // a ring of this colour around the text, "" for none
	W, H     float64 // OpRect's size
	// An OpRect is drawn in a frame moved to (TX, TY) and turned by Turn
	// degrees (a road's slot along its route).
	TX, TY, Turn float64
	// HaloWidth is the halo's width in the SVG (0: 2.5); HaloOver draws it
	// over the letters, a thin outline (the raster draws one halo).
	HaloWidth float64
	Gap       float64 // dash gap; 0: as long as the dash
	// Opacity of the fill in the SVG (0: opaque); the raster fills opaque.
	Opacity float64

	// What a web page needs and the raster ignores.
	Ref   string // a map element's id: over a map, an op is <use href="map#Ref">; alone it draws its own Path (a group with Ref is always the map's element)
	Use   string // OpUse: the symbol (Scene.Symbols) placed at X, Y
	Class string // a class of the page's style carrying the stroke in the SVG (the raster strokes with Stroke)
	Data  []Attr // data- attributes
	Title string // a tooltip
	Ops   []Op   // OpGroup's children
}

// Add appends ops and returns the scene, for chaining.
func (s *Scene) Add(ops ...Op) *Scene {
	s.Ops = append(s.Ops, ops...)
	return s
}

// Mark records that a kind of mark is drawn (once).
func (s *Scene) Mark(kind string) {
	for _, k := range s.Marks {
		if k == kind {
			return
		}
	}
	s.Marks = append(s.Marks, kind)
}

// Path fills and/or strokes SVG path data.
func Path(d, fill, stroke string, width float64) Op {
	return Op{Kind: OpPath, Path: d, Fill: fill, Stroke: stroke, Width: width}
}

// Poly fills and/or strokes a polygon (closed when filled).
func Poly(pts [][2]float64, fill, stroke string, width float64) Op {
	return Op{Kind: OpPoly, Points: pts, Fill: fill, Stroke: stroke, Width: width}
}

// Line strokes a line.
func Line(x1, y1, x2, y2 float64, stroke string, width float64) Op {
	return Op{Kind: OpPoly, Points: [][2]float64{{x1, y1}, {x2, y2}}, Stroke: stroke, Width: width}
}

// Rect fills and/or strokes a rectangle.
func Rect(x, y, w, h float64, fill, stroke string, width float64) Op {
	return Op{Kind: OpRect, X: x, Y: y, W: w, H: h, Fill: fill, Stroke: stroke, Width: width}
}

// corners is a rectangle's outline for the raster, moved and turned.
func (o Op) corners() [][2]float64 {
	pts := [][2]float64{{o.X, o.Y}, {o.X + o.W, o.Y}, {o.X + o.W, o.Y + o.H}, {o.X, o.Y + o.H}}
	sin, cos := math.Sincos(o.Turn * math.Pi / 180)
	for i, p := range pts {
		pts[i] = [2]float64{o.TX + p[0]*cos - p[1]*sin, o.TY + p[0]*sin + p[1]*cos}
	}
	return pts
}

// Group gathers ops under data- attributes.
func Group(data []Attr, ops ...Op) Op { return Op{Kind: OpGroup, Data: data, Ops: ops} }

// MapElement is the map's element id, drawn over the map by reference and
// by the raster as children (its stand-in, or nothing: words).
func MapElement(id string, children ...Op) Op { return Op{Kind: OpGroup, Ref: id, Ops: children} }

// Use places the symbol id at (x, y), its inherited fill fill.
func Use(id string, x, y float64, fill string) Op {
	return Op{Kind: OpUse, Use: id, X: x, Y: y, Fill: fill}
}

// Circle fills and/or strokes a circle.
func Circle(x, y, r float64, fill, stroke string, width float64) Op {
	return Op{Kind: OpCircle, X: x, Y: y, R: r, Fill: fill, Stroke: stroke, Width: width}
}

// Text writes a short label (digits and Latin letters) with its baseline
// at y.
func Text(x, y, size float64, text, colour, anchor string, bold bool) Op {
	return Op{Kind: OpText, X: x, Y: y, Size: size, Text: text, Fill: colour, Anchor: anchor, Bold: bold}
}

// Arrow draws a line from (x1, y1) to (x2, y2) with a head at the end.
func Arrow(x1, y1, x2, y2 float64, colour string, width float64) Op {
	return Op{Kind: OpArrow, Points: [][2]float64{{x1, y1}, {x2, y2}}, Stroke: colour, Width: width}
}

// WithHalo returns a text op with a ring of colour around its letters.
func (o Op) WithHalo(colour string) Op { o.Halo = colour; return o }

// Dashed returns a stroked op drawn in dashes of length d.
func (o Op) Dashed(d float64) Op { o.Dash = d; return o }

// DashGap returns a stroked op drawn in dashes of length d, gaps g.
func (o Op) DashGap(d, g float64) Op { o.Dash, o.Gap = d, g; return o }

// Tip returns the op with a tooltip.
func (o Op) Tip(title string) Op { o.Title = title; return o }

// Of returns the op referring to the map's element id.
func (o Op) Of(id string) Op { o.Ref = id; return o }

// With returns the op with data- attributes.
func (o Op) With(data ...Attr) Op { o.Data = data; return o }

// Classed returns the op with a style class for its stroke in the SVG.
func (o Op) Classed(c string) Op { o.Class = c; return o }

// RGB parses "#rrggbb" or "#rgb" (grey for anything else).
func RGB(hex string) (r, g, b uint8) {
	if len(hex) == 4 && hex[0] == '#' {
		hex = string([]byte{'#', hex[1], hex[1], hex[2], hex[2], hex[3], hex[3]})
	}
	if len(hex) != 7 || hex[0] != '#' {
		return 0x88, 0x88, 0x88
	}
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil {
		return 0x88, 0x88, 0x88
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v)
}

// Mix returns a + (b-a)*t, "#rrggbb": the tint of b over a at strength t.
func Mix(a, b string, t float64) string {
	ar, ag, ab := RGB(a)
	br, bg, bb := RGB(b)
	c := func(x, y uint8) int { return int(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return fmt.Sprintf("#%02x%02x%02x", c(ar, br), c(ag, bg), c(ab, bb))
}
