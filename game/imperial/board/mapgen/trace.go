package main

import (
	"math"
	"sort"
)

// Tracing the label grid into outlines: every border between two labels
// becomes one chain of cell corners from one junction (a corner where
// three or more labels meet) to the next, simplified once; each region's
// outline is then made of the very chains it shares with its neighbours,
// so two neighbours' outlines share their border exactly, point for point.

type chain struct {
	left, right int32 // labels on each side, walking from the first point
	pts         []pt  // drawing units, simplified and rounded
}

// corner is a lattice point (cell corner) index: y*(w+1)+x.
type tracer struct {
	g *grid
}

func (t *tracer) label(x, y int) int32 {
	if x < 0 || y < 0 || x >= t.g.w || y >= t.g.h {
		return labOutside
	}
	return t.g.at(x, y)
}

// Edges from corner (x, y): 0 east, 1 south, 2 west, 3 north. An edge is
// a border when the cells on its two sides differ; walking along it, left
// and right are the cells on each hand (y grows downwards).
func (t *tracer) sides(x, y, dir int) (left, right int32) {
	switch dir {
	case 0:
		return t.label(x, y-1), t.label(x, y)
	case 1:
		return t.label(x, y), t.label(x-1, y)
	case 2:
		return t.label(x-1, y), t.label(x-1, y-1)
	default:
		return t.label(x-1, y-1), t.label(x, y-1)
	}
}

var step = [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

func (t *tracer) isBorder(x, y, dir int) bool {
	nx, ny := x+step[dir][0], y+step[dir][1]
	if nx < 0 || ny < 0 || nx > t.g.w || ny > t.g.h {
		return false
	}
	l, r := t.sides(x, y, dir)
	return l != r
}

// edgeID names an undirected edge: the corner it starts from going east
// or south.
func (t *tracer) edgeID(x, y, dir int) int {
	switch dir {
	case 2:
		x--
		dir = 0
	case 3:
		y--
		dir = 1
	}
	return (y*(t.g.w+1)+x)*2 + dir
}

func (t *tracer) degree(x, y int) int {
	n := 0
	for d := range 4 {
		if t.isBorder(x, y, d) {
			n++
		}
	}
	return n
}

// chains walks every border once.
func (t *tracer) chains() [][]([2]int) {
	seen := make([]bool, (t.g.w+1)*(t.g.h+1)*2)
	var out [][]([2]int)
	walk := func(x, y, dir int) []([2]int) {
		line := []([2]int){{x, y}}
		sx, sy := x, y
		for {
			seen[t.edgeID(x, y, dir)] = true
			x, y = x+step[dir][0], y+step[dir][1]
			line = append(line, [2]int{x, y})
			if (x == sx && y == sy) || t.degree(x, y) != 2 {
				return line
			}
			// the one other border edge at this corner
			back := (dir + 2) % 4
			for d := range 4 {
				if d != back && t.isBorder(x, y, d) {
					dir = d
					break
				}
			}
			if seen[t.edgeID(x, y, dir)] {
				return line
			}
		}
	}
	for y := 0; y <= t.g.h; y++ {
		for x := 0; x <= t.g.w; x++ {
			if t.degree(x, y) == 2 || t.degree(x, y) == 0 {
				continue
			}
			for d := range 4 {
				if t.isBorder(x, y, d) && !seen[t.edgeID(x, y, d)] {
					out = append(out, walk(x, y, d))
				}
			}
		}
	}
	// closed borders with no junction: islands, lakes
	for y := 0; y <= t.g.h; y++ {
		for x := 0; x <= t.g.w; x++ {
			for d := range 2 {
				if t.isBorder(x, y, d) && !seen[t.edgeID(x, y, d)] {
					out = append(out, walk(x, y, d))
				}
			}
		}
	}
	return out
}

// trace turns the grid into simplified chains in drawing units.
func trace(g *grid, cells, tol float64) []chain {
	t := &tracer{g: g}
	var out []chain
	for _, line := range t.chains() {
		dir := 0
		for d := range 4 {
			if line[0][0]+step[d][0] == line[1][0] && line[0][1]+step[d][1] == line[1][1] {
				dir = d
			}
		}
		l, r := t.sides(line[0][0], line[0][1], dir)
		pts := make([]pt, len(line))
		for i, c := range line {
			pts[i] = pt{float64(c[0]), float64(c[1])}
		}
		if len(pts) > 6 {
			// short chains stay as they are: simplified, the two sides of a
			// speck would fold onto one line and its neighbours would seem
			// to share it
			pts = simplifyLine(pts, tol)
		}
		var rounded []pt
		for _, p := range pts {
			q := pt{round1(p.x / cells), round1(p.y / cells)}
			if len(rounded) > 0 && rounded[len(rounded)-1] == q {
				continue
			}
			rounded = append(rounded, q)
		}
		if len(rounded) < 2 {
			continue
		}
		if line[0] == line[len(line)-1] && len(rounded) < 4 {
			continue // a speck smaller than the rounding
		}
		out = append(out, chain{left: l, right: r, pts: rounded})
	}
	return out
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// rings assembles the outline of one label from the chains bordering it,
// each oriented with the label on its left.
func rings(chains []chain, label int32) [][]pt {
	var parts [][]pt
	for _, c := range chains {
		switch label {
		case c.left:
			parts = append(parts, c.pts)
		case c.right:
			parts = append(parts, reversed(c.pts))
		}
	}
	byStart := map[pt][]int{}
	for i, p := range parts {
		byStart[p[0]] = append(byStart[p[0]], i)
	}
	used := make([]bool, len(parts))
	var out [][]pt
	for i := range parts {
		if used[i] {
			continue
		}
		used[i] = true
		ring := append([]pt(nil), parts[i]...)
		start := ring[0]
		for ring[len(ring)-1] != start {
			next := -1
			for _, j := range byStart[ring[len(ring)-1]] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				break // cannot close (should not happen)
			}
			used[next] = true
			ring = append(ring, parts[next][1:]...)
		}
		out = append(out, ring[:len(ring)-1])
	}
	sort.SliceStable(out, func(a, b int) bool { return area(out[a]) > area(out[b]) })
	return out
}

func area(r []pt) float64 {
	s := 0.0
	for i := range r {
		a, b := r[i], r[(i+1)%len(r)]
		s += a.x*b.y - b.x*a.y
	}
	return math.Abs(s / 2)
}
