package main

import (
	"fmt"
	"sort"

	"rondel/game/imperial/board"
)

// contacts counts, for every pair of labels, the cell edges they share.
func (pa *painter) contacts() map[[2]int32]int {
	g := pa.g
	out := map[[2]int32]int{}
	add := func(a, b int32) {
		if a == b {
			return
		}
		if a > b {
			a, b = b, a
		}
		out[[2]int32{a, b}]++
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if x+1 < g.w {
				add(g.at(x, y), g.at(x+1, y))
			}
			if y+1 < g.h {
				add(g.at(x, y), g.at(x, y+1))
			}
		}
	}
	return out
}

// report compares the painted contacts with the rules: missing and extra
// neighbours, and coasts on water of no sea region.
func (pa *painter) report(connected map[[2]int32]bool) []string {
	var out []string
	c := pa.contacts()
	pass := func(l int32) bool { return l >= 0 && pa.b.Regions[l].Kind != board.Impassable }
	for i, r := range pa.b.Regions {
		for _, j := range r.Adj {
			if j <= i {
				continue
			}
			k := [2]int32{int32(i), int32(j)}
			if c[k] == 0 && !connected[k] {
				out = append(out, fmt.Sprintf("missing: %s - %s", r.ID, pa.b.Regions[j].ID))
			} else if c[k] > 0 && c[k] < 4 {
				out = append(out, fmt.Sprintf("short: %s - %s (%d cells)", r.ID, pa.b.Regions[j].ID, c[k]))
			}
		}
	}
	// water of no sea region is a fault only where it is open water
	// (touching a sea), not a lake inland or a sea off the board
	g := pa.g
	comp, sizes := g.components(func(i int) bool { return g.c[i] == labLake })
	open := make([]bool, len(sizes))
	for i, cm := range comp {
		if cm < 0 {
			continue
		}
		x, y := i%g.w, i/g.w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if nx, ny := x+d[0], y+d[1]; g.in(nx, ny) && pa.isSea(g.at(nx, ny)) {
				open[cm] = true
			}
		}
	}
	for _, s := range pa.seeds { // lakes the plan asks for are no fault
		if x, y := int(s.at.x), int(s.at.y); s.region == labLake && g.in(x, y) && comp[y*g.w+x] >= 0 {
			open[comp[y*g.w+x]] = false
		}
	}
	shore := map[int32]int{}
	for i, cm := range comp {
		// a cell or two where four regions meet may stay water of no sea
		if cm < 0 || !open[cm] || pa.fixed[i] || sizes[cm] <= 2 {
			continue
		}
		x, y := i%g.w, i/g.w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if nx, ny := x+d[0], y+d[1]; g.in(nx, ny) {
				if l := g.at(nx, ny); pass(l) && !pa.isSea(l) {
					shore[l]++
				}
			}
		}
	}
	for l := range pa.b.Regions {
		if n := shore[int32(l)]; n > 0 {
			out = append(out, fmt.Sprintf("open water of no sea on the coast of %s (%d cells)", pa.name(int32(l)), n))
		}
	}
	var keys [][2]int32
	for k := range c {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a][0] != keys[b][0] {
			return keys[a][0] < keys[b][0]
		}
		return keys[a][1] < keys[b][1]
	})
	for _, k := range keys {
		a, b := k[0], k[1]
		switch {
		case pass(a) && pass(b) && !pa.adj[a][b]:
			out = append(out, fmt.Sprintf("extra: %s - %s (%d cells)", pa.name(a), pa.name(b), c[k]))
		}
	}
	return out
}
