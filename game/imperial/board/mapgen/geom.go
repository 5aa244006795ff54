package main

import "math"

// pt is a point: degrees (lon, lat) in the source, drawing units after
// projection, or cell corners while tracing.
type pt struct{ x, y float64 }

func (a pt) sub(b pt) pt             { return pt{a.x - b.x, a.y - b.y} }
func (a pt) dist(b pt) float64       { return math.Hypot(a.x-b.x, a.y-b.y) }
func (a pt) lerp(b pt, t float64) pt { return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }

// segDist is the distance from p to the segment a-b.
func segDist(p, a, b pt) float64 {
	d := b.sub(a)
	l2 := d.x*d.x + d.y*d.y
	if l2 == 0 {
		return p.dist(a)
	}
	t := ((p.x-a.x)*d.x + (p.y-a.y)*d.y) / l2
	t = math.Max(0, math.Min(1, t))
	return p.dist(a.lerp(b, t))
}

// simplifyLine is Douglas-Peucker with fixed end points.
func simplifyLine(line []pt, tol float64) []pt {
	if len(line) <= 2 || tol <= 0 {
		return line
	}
	keep := make([]bool, len(line))
	keep[0], keep[len(line)-1] = true, true
	var rec func(i, j int)
	rec = func(i, j int) {
		far, fd := -1, tol
		for k := i + 1; k < j; k++ {
			if d := segDist(line[k], line[i], line[j]); d > fd {
				far, fd = k, d
			}
		}
		if far >= 0 {
			keep[far] = true
			rec(i, far)
			rec(far, j)
		}
	}
	if line[0] == line[len(line)-1] {
		// A closed line: split at the point farthest from the start.
		far, fd := 0, -1.0
		for k := range line {
			if d := line[k].dist(line[0]); d > fd {
				far, fd = k, d
			}
		}
		keep[far] = true
		rec(0, far)
		rec(far, len(line)-1)
	} else {
		rec(0, len(line)-1)
	}
	out := make([]pt, 0, len(line)/2)
	for k, p := range line {
		if keep[k] {
			out = append(out, p)
		}
	}
	return out
}

// segmentsCross reports whether a-b and c-d cross at a point inside both
// (touching at an end does not count).
func segmentsCross(a, b, c, d pt) bool {
	o := func(p, q, r pt) float64 { return (q.x-p.x)*(r.y-p.y) - (q.y-p.y)*(r.x-p.x) }
	d1, d2 := o(a, b, c), o(a, b, d)
	d3, d4 := o(c, d, a), o(c, d, b)
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}
