package main

import (
	"math"
	"sort"
)

// grid is the raster the regions are first painted on: one label per cell.
type grid struct {
	w, h int
	c    []int32
}

func newGrid(w, h int, fill int32) *grid {
	g := &grid{w: w, h: h, c: make([]int32, w*h)}
	for i := range g.c {
		g.c[i] = fill
	}
	return g
}

func (g *grid) at(x, y int) int32 { return g.c[y*g.w+x] }
func (g *grid) in(x, y int) bool  { return x >= 0 && y >= 0 && x < g.w && y < g.h }

// fillRings paints every cell whose centre lies inside the rings (even-odd
// rule over all rings together, so holes stay empty) with v.
func (g *grid) fillRings(rings [][]pt, v int32) {
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, r := range rings {
		for _, p := range r {
			minY, maxY = math.Min(minY, p.y), math.Max(maxY, p.y)
		}
	}
	y0 := max(0, int(math.Floor(minY)))
	y1 := min(g.h-1, int(math.Ceil(maxY)))
	var xs []float64
	for y := y0; y <= y1; y++ {
		cy := float64(y) + 0.5
		xs = xs[:0]
		for _, r := range rings {
			for i := range r {
				a, b := r[i], r[(i+1)%len(r)]
				if (a.y <= cy) != (b.y <= cy) {
					xs = append(xs, a.x+(cy-a.y)/(b.y-a.y)*(b.x-a.x))
				}
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			// cells whose centre x+0.5 lies in [xs[i], xs[i+1])
			from := max(0, int(math.Ceil(xs[i]-0.5)))
			to := min(g.w-1, int(math.Ceil(xs[i+1]-0.5))-1)
			for x := from; x <= to; x++ {
				g.c[y*g.w+x] = v
			}
		}
	}
}

// paintLine sets every cell within radius r (cells) of the polyline to v.
func (g *grid) paintLine(line []pt, r float64, v int32) {
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		x0 := max(0, int(math.Floor(math.Min(a.x, b.x)-r)))
		x1 := min(g.w-1, int(math.Ceil(math.Max(a.x, b.x)+r)))
		y0 := max(0, int(math.Floor(math.Min(a.y, b.y)-r)))
		y1 := min(g.h-1, int(math.Ceil(math.Max(a.y, b.y)+r)))
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if segDist(pt{float64(x) + 0.5, float64(y) + 0.5}, a, b) <= r {
					g.c[y*g.w+x] = v
				}
			}
		}
	}
}

// components labels the 4-connected components of cells for which same
// holds between neighbours; it returns the component of every cell and the
// size of each component.
func (g *grid) components(member func(i int) bool) ([]int32, []int) {
	comp := make([]int32, len(g.c))
	for i := range comp {
		comp[i] = -1
	}
	var sizes []int
	stack := []int{}
	for i := range g.c {
		if comp[i] >= 0 || !member(i) {
			continue
		}
		id := int32(len(sizes))
		v := g.c[i]
		n := 0
		comp[i] = id
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			x, y := j%g.w, j/g.w
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if !g.in(nx, ny) {
					continue
				}
				k := ny*g.w + nx
				if comp[k] < 0 && g.c[k] == v && member(k) {
					comp[k] = id
					stack = append(stack, k)
				}
			}
		}
		sizes = append(sizes, n)
	}
	return comp, sizes
}
