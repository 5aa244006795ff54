package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
)

// Reading world-atlas's TopoJSON (Natural Earth admin-0 countries) once, to
// cut from it the small source file each map is drawn from. The maps are
// then generated from that file alone, so regenerating needs no download.

type topology struct {
	Transform struct {
		Scale     [2]float64 `json:"scale"`
		Translate [2]float64 `json:"translate"`
	} `json:"transform"`
	Arcs    [][][2]float64 `json:"arcs"`
	Objects struct {
		Countries struct {
			Geometries []struct {
				Type       string          `json:"type"`
				Arcs       json.RawMessage `json:"arcs"`
				Properties struct {
					Name string `json:"name"`
				} `json:"properties"`
			} `json:"geometries"`
		} `json:"countries"`
	} `json:"objects"`
}

// readTopology decodes the arcs into degrees, each simplified once (so two
// countries sharing a border keep sharing it), and returns every country's
// rings.
func readTopology(path string, tolerance float64) (map[string][][]pt, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t topology
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	arcs := make([][]pt, len(t.Arcs))
	for i, a := range t.Arcs {
		var x, y float64
		line := make([]pt, len(a))
		for j, d := range a {
			x += d[0]
			y += d[1]
			line[j] = pt{x*t.Transform.Scale[0] + t.Transform.Translate[0], y*t.Transform.Scale[1] + t.Transform.Translate[1]}
		}
		arcs[i] = simplifyLine(line, tolerance)
	}
	ring := func(ids []int) []pt {
		var out []pt
		for _, id := range ids {
			var a []pt
			if id < 0 {
				a = reversed(arcs[^id])
			} else {
				a = arcs[id]
			}
			if len(out) > 0 {
				a = a[1:]
			}
			out = append(out, a...)
		}
		return out
	}
	out := map[string][][]pt{}
	for _, g := range t.Objects.Countries.Geometries {
		var polys [][][]int
		switch g.Type {
		case "Polygon":
			var p [][]int
			if err := json.Unmarshal(g.Arcs, &p); err != nil {
				return nil, err
			}
			polys = [][][]int{p}
		case "MultiPolygon":
			if err := json.Unmarshal(g.Arcs, &polys); err != nil {
				return nil, err
			}
		default:
			continue
		}
		for _, p := range polys {
			for _, r := range p {
				if rr := ring(r); len(rr) >= 4 {
					out[g.Properties.Name] = append(out[g.Properties.Name], rr)
				}
			}
		}
	}
	return out, nil
}

func reversed(a []pt) []pt {
	out := make([]pt, len(a))
	for i, p := range a {
		out[len(a)-1-i] = p
	}
	return out
}

// extract cuts a map's source file from the world: the countries' rings
// clipped to the map's box (with longitudes west of the cut moved 360°
// east, so the world map may start in the Pacific), rounded to the unit.
func extract(world map[string][][]pt, src sourceSpec) *source {
	out := &source{Comment: sourceComment, Unit: src.Unit, BBox: src.BBox}
	names := make([]string, 0, len(world))
	for n := range world {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		c := country{Name: name}
		for _, r := range world[name] {
			var parts [][]pt
			if src.Cut != 0 {
				// A ring crossing the antimeridian (Wrangel Island, Fiji)
				// is made continuous first, then cut at the map's edge.
				r = unwrap(r)
				for _, shift := range []float64{-360, 0, 360} {
					parts = append(parts, clipRing(shiftRing(r, shift), src.Cut, -90, src.Cut+360, 90))
				}
			} else {
				parts = append(parts, r)
			}
			for _, p := range parts {
				p = clipRing(p, src.BBox[0], src.BBox[1], src.BBox[2], src.BBox[3])
				if enc := encodeRing(p, src.Unit); enc != nil {
					c.Rings = append(c.Rings, enc)
				}
			}
		}
		if len(c.Rings) > 0 {
			out.Countries = append(out.Countries, c)
		}
	}
	return out
}

// unwrap removes the jumps of 360° in a ring's longitudes.
func unwrap(r []pt) []pt {
	out := make([]pt, len(r))
	off := 0.0
	for i, p := range r {
		if i > 0 {
			switch d := p.x + off - out[i-1].x; {
			case d > 180:
				off -= 360
			case d < -180:
				off += 360
			}
		}
		out[i] = pt{p.x + off, p.y}
	}
	return out
}

func shiftRing(r []pt, dx float64) []pt {
	out := make([]pt, len(r))
	for i, p := range r {
		out[i] = pt{p.x + dx, p.y}
	}
	return out
}

// clipRing clips a ring to a rectangle (Sutherland-Hodgman; a concave ring
// may keep zero-width runs along the edge, which fill nothing).
func clipRing(r []pt, x0, y0, x1, y1 float64) []pt {
	type edge struct {
		in  func(p pt) bool
		cut func(a, b pt) pt
	}
	lerpX := func(a, b pt, x float64) pt { t := (x - a.x) / (b.x - a.x); return pt{x, a.y + t*(b.y-a.y)} }
	lerpY := func(a, b pt, y float64) pt { t := (y - a.y) / (b.y - a.y); return pt{a.x + t*(b.x-a.x), y} }
	edges := []edge{
		{func(p pt) bool { return p.x >= x0 }, func(a, b pt) pt { return lerpX(a, b, x0) }},
		{func(p pt) bool { return p.x <= x1 }, func(a, b pt) pt { return lerpX(a, b, x1) }},
		{func(p pt) bool { return p.y >= y0 }, func(a, b pt) pt { return lerpY(a, b, y0) }},
		{func(p pt) bool { return p.y <= y1 }, func(a, b pt) pt { return lerpY(a, b, y1) }},
	}
	out := r
	for _, e := range edges {
		in := out
		out = nil
		for i := range in {
			a, b := in[(i+len(in)-1)%len(in)], in[i]
			switch {
			case e.in(b) && e.in(a):
				out = append(out, b)
			case e.in(b):
				out = append(out, e.cut(a, b), b)
			case e.in(a):
				out = append(out, e.cut(a, b))
			}
		}
		if len(out) < 3 {
			return nil
		}
	}
	return out
}

// encodeRing rounds a ring to whole units, drops repeated points, and
// writes it as a start point followed by differences.
func encodeRing(r []pt, unit float64) []int {
	var out []int
	var px, py int
	n := 0
	for i, p := range r {
		x, y := int(math.Round(p.x/unit)), int(math.Round(p.y/unit))
		if i > 0 && x == px && y == py {
			continue
		}
		if n == 0 {
			out = append(out, x, y)
		} else {
			out = append(out, x-px, y-py)
		}
		px, py = x, y
		n++
	}
	if n < 3 {
		return nil
	}
	return out
}
