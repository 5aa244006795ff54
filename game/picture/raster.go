package picture

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

type pt = [2]float64

// raster draws a scene's ops onto an RGBA image at k pixels a unit.
type raster struct {
	img   *image.RGBA
	k     float64
	z     *vector.Rasterizer
	mask  []byte // coverage of the op being drawn, reused
	fonts *faces
	scene *Scene
}

// Render draws the scene width pixels wide (the height keeps the scene's
// proportions) on its opaque background.
func Render(s *Scene, width int) (*image.RGBA, error) {
	if s == nil || s.Width <= 0 || s.Height <= 0 || width <= 0 || width > 8000 {
		return nil, fmt.Errorf("picture: render: no scene or a bad size")
	}
	k := float64(width) / s.Width
	height := s.PixelHeight(width)
	if height > 8000 {
		return nil, fmt.Errorf("picture: render: %d pixels high is too tall", height)
	}
	r := &raster{img: image.NewRGBA(image.Rect(0, 0, width, height)), k: k, z: vector.NewRasterizer(0, 0)}
	fs, err := newFaces()
	if err != nil {
		return nil, err
	}
	r.fonts = fs
	r.scene = s
	draw.Draw(r.img, r.img.Bounds(), image.NewUniform(colour(s.Background)), image.Point{}, draw.Src)
	for _, op := range s.Ops {
		r.op(op)
	}
	return r.img, nil
}

func colour(hex string) color.RGBA {
	cr, cg, cb := RGB(hex)
	return color.RGBA{cr, cg, cb, 255}
}

func (r *raster) op(o Op) {
	if f, ok := r.scene.Flat[o.Fill]; ok {
		o.Fill = f // a pattern the raster fills flat
	}
	switch o.Kind {
	case OpGroup:
		for _, c := range o.Ops {
			r.op(c)
		}
	case OpUse:
		for _, c := range r.scene.Symbols[o.Use] {
			r.op(c.moved(o.X, o.Y, o.Fill))
		}
	case OpRect:
		o.Kind, o.Points = OpPoly, o.corners()
		r.op(o)
	case OpPath:
		rings := parsePath(o.Path)
		if o.Fill != "" {
			r.fill(rings, o.Fill)
		}
		if o.Stroke != "" {
			r.stroke(rings, true, o.Width, o.Dash, o.Gap, o.Stroke)
		}
	case OpPoly:
		if len(o.Points) == 0 {
			return
		}
		if o.Fill != "" {
			r.fill([][]pt{o.Points}, o.Fill)
		}
		if o.Stroke != "" {
			r.stroke([][]pt{o.Points}, o.Fill != "", o.Width, o.Dash, o.Gap, o.Stroke)
		}
	case OpCircle:
		ring := circle(o.X, o.Y, o.R, 0)
		if o.Fill != "" {
			r.fill([][]pt{ring}, o.Fill)
		}
		if o.Stroke != "" {
			r.stroke([][]pt{ring}, true, o.Width, o.Dash, o.Gap, o.Stroke)
		}
	case OpArrow:
		r.arrow(o)
	case OpText:
		r.text(o)
	}
}

// circle is a polygon close enough to a circle at the sizes drawn.
func circle(x, y, rad float64, n int) []pt {
	if n == 0 {
		n = max(12, min(64, int(rad*3)))
	}
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{x + rad*math.Cos(a), y + rad*math.Sin(a)}
	}
	return out
}

// fill fills rings (in units) with a colour: overlapping rings add up
// (the region outlines are simple rings that do not nest).
func (r *raster) fill(rings [][]pt, hex string) {
	r.paint(rings, hex, false)
}

// paint rasterises rings in one pass over their bounding box only.
// oriented: every ring is turned the same way first, so that pieces of a
// stroke that overlap add up instead of cancelling.
func (r *raster) paint(rings [][]pt, hex string, oriented bool) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, ring := range rings {
		for _, p := range ring {
			x0, y0 = min(x0, p[0]*r.k), min(y0, p[1]*r.k)
			x1, y1 = max(x1, p[0]*r.k), max(y1, p[1]*r.k)
		}
	}
	box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1).Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	r.z.DrawOp = draw.Src
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, ring := range rings {
		if len(ring) < 3 {
			continue
		}
		if oriented && area(ring) > 0 {
			ring = reversed(ring)
		}
		r.z.MoveTo(clampPx(ring[0][0]*r.k-ox), clampPx(ring[0][1]*r.k-oy))
		for _, p := range ring[1:] {
			r.z.LineTo(clampPx(p[0]*r.k-ox), clampPx(p[1]*r.k-oy))
		}
		r.z.ClosePath()
	}
	// Coverage into a mask first (the rasteriser's fast path), then
	// only the covered pixels are blended: most of a shape's box is
	// outside it, and a border's box is mostly empty.
	w, h := box.Dx(), box.Dy()
	if cap(r.mask) < w*h {
		r.mask = make([]byte, w*h)
	}
	mask := &image.Alpha{Pix: r.mask[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	r.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	c := colour(hex)
	for y := range h {
		row := mask.Pix[y*w : y*w+w]
		off := r.img.PixOffset(box.Min.X, box.Min.Y+y)
		for x, m := range row {
			if m == 0 {
				continue
			}
			px := r.img.Pix[off+4*x : off+4*x+4 : off+4*x+4]
			if m == 255 {
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, 255
				continue
			}
			a, b := uint32(m), 255-uint32(m)
			px[0] = uint8((uint32(c.R)*a + uint32(px[0])*b + 127) / 255)
			px[1] = uint8((uint32(c.G)*a + uint32(px[1])*b + 127) / 255)
			px[2] = uint8((uint32(c.B)*a + uint32(px[2])*b + 127) / 255)
		}
	}
}

// clampPx keeps a coordinate where the rasteriser's fixed-point numbers
// cannot overflow (only absurd input goes that far).
func clampPx(v float64) float32 {
	if v != v { // NaN
		return 0
	}
	return float32(min(max(v, -1e5), 1e5))
}

func area(ring []pt) float64 {
	a := 0.0
	for i, p := range ring {
		q := ring[(i+1)%len(ring)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return a
}

func reversed(ring []pt) []pt {
	out := make([]pt, len(ring))
	for i, p := range ring {
		out[len(ring)-1-i] = p
	}
	return out
}

// stroke draws lines width units wide along each polyline (closed: back
// to its start), in dashes when dash > 0: one quadrilateral a segment and
// a round join at each corner, all in one pass.
func (r *raster) stroke(lines [][]pt, closed bool, width, dash, gap float64, hex string) {
	if width <= 0 {
		width = 1
	}
	var parts [][]pt
	for _, line := range lines {
		if closed && len(line) > 1 {
			line = append(line[:len(line):len(line)], line[0])
		}
		for _, seg := range dashes(line, dash, gap) {
			parts = append(parts, strokeParts(seg, width/2)...)
		}
	}
	// A long border's pieces lie in a thin band across a large box: paint
	// them by tiles of the picture, so each pass covers a small box.
	const tile = 96.0
	tiles := map[[2]int][][]pt{}
	var order [][2]int
	for _, p := range parts {
		k := [2]int{int(p[0][0] * r.k / tile), int(p[0][1] * r.k / tile)}
		if _, ok := tiles[k]; !ok {
			order = append(order, k)
		}
		tiles[k] = append(tiles[k], p)
	}
	for _, k := range order {
		r.paint(tiles[k], hex, true)
	}
}

// strokeParts is a polyline's outline as quadrilaterals and joins.
func strokeParts(line []pt, hw float64) [][]pt {
	var out [][]pt
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		out = append(out, []pt{{a[0] + nx, a[1] + ny}, {b[0] + nx, b[1] + ny}, {b[0] - nx, b[1] - ny}, {a[0] - nx, a[1] - ny}})
		if i > 0 && hw > 0.6 {
			out = append(out, circle(a[0], a[1], hw, 8))
		}
	}
	return out
}

// dashes cuts a polyline into dashes of length d with gaps of length g
// (0: as long as the dashes).
func dashes(line []pt, d, g float64) [][]pt {
	if d <= 0 || len(line) < 2 {
		return [][]pt{line}
	}
	if g <= 0 {
		g = d
	}
	var out [][]pt
	cur := []pt{line[0]}
	on, left := true, d
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		at := 0.0
		for l-at > left {
			at += left
			p := pt{a[0] + (b[0]-a[0])*at/l, a[1] + (b[1]-a[1])*at/l}
			if on {
				out = append(out, append(cur, p))
			}
			cur = []pt{p}
			on = !on
			left = d
			if !on {
				left = g
			}
		}
		left -= l - at
		cur = append(cur, b)
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// arrow draws a shaft and a head at its end, with a pale edge so it reads
// on any tile.
func (r *raster) arrow(o Op) {
	a, b := o.Points[0], o.Points[1]
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	head := o.Width * 3.2
	end := pt{b[0] - ux*head*0.8, b[1] - uy*head*0.8}
	tri := []pt{b, {end[0] - uy*head*0.6, end[1] + ux*head*0.6}, {end[0] + uy*head*0.6, end[1] - ux*head*0.6}}
	r.stroke([][]pt{{a, end}}, false, o.Width+2, 0, 0, "#ffffff")
	r.stroke([][]pt{tri}, true, 2, 0, 0, "#ffffff")
	r.stroke([][]pt{{a, end}}, false, o.Width, 0, 0, o.Stroke)
	r.fill([][]pt{tri}, o.Stroke)
}

// PixelHeight is how many pixels high the scene is drawn width pixels
// wide (for a page that names the picture's size without drawing it).
func (s *Scene) PixelHeight(width int) int {
	return int(math.Ceil(s.Height * float64(width) / s.Width))
}

// moved is a symbol's op placed at (x, y), its inherited fill fill.
// Symbols are drawn with polygons, rectangles and circles.
func (o Op) moved(x, y float64, fill string) Op {
	if o.Fill == Inherit {
		o.Fill = fill
	}
	o.X, o.Y = o.X+x, o.Y+y
	pts := make([][2]float64, len(o.Points))
	for i, p := range o.Points {
		pts[i] = [2]float64{p[0] + x, p[1] + y}
	}
	o.Points = pts
	return o
}
