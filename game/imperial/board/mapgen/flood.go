package main

import (
	"fmt"

	"rondel/game/imperial/board"
)

// floodSeas gives the water to the seas: every sea seed floods outwards
// through water, a cell going to the nearest seed (straight-line distance)
// that can reach it, as long as the sea it would join is a neighbour, in
// the rules, of every region already beside the cell. So a coast only
// ever touches seas its land borders, and two seas meet only where the
// rules join them; water no sea may take stays water of no sea region.
func (pa *painter) floodSeas() {
	g := pa.g
	type item struct{ cell, seed int32 }
	var buckets [][]item
	cur := 0 // the bucket being processed: a cell behind a cape may be nearer its seed than the cell it was reached from
	push := func(cell int, seed int) {
		s := pa.seeds[seed]
		c := pt{float64(cell%g.w) + 0.5, float64(cell/g.w) + 0.5}
		b := max(cur, int(c.dist(s.at)*2))
		for len(buckets) <= b {
			buckets = append(buckets, nil)
		}
		buckets[b] = append(buckets[b], item{int32(cell), int32(seed)})
	}
	for si, s := range pa.seeds {
		if !pa.isSea(s.region) && s.region != labLake {
			continue
		}
		x, y := int(s.at.x), int(s.at.y)
		if !g.in(x, y) {
			continue
		}
		if g.at(x, y) != labWater {
			pa.warn = append(pa.warn, fmt.Sprintf("sea seed of %s at %v lies in %s", pa.name(s.region), s.geo, pa.name(g.at(x, y))))
			continue
		}
		push(y*g.w+x, si)
	}
	for b := 0; b < len(buckets); b++ {
		cur = b
		for k := 0; k < len(buckets[b]); k++ {
			it := buckets[b][k]
			i := int(it.cell)
			if g.c[i] != labWater {
				continue
			}
			l := pa.seeds[it.seed].region
			if !pa.allowed(i, l) {
				continue
			}
			g.c[i] = l
			x, y := i%g.w, i/g.w
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if g.in(nx, ny) && g.at(nx, ny) == labWater {
					push(ny*g.w+nx, int(it.seed))
				}
			}
		}
		buckets[b] = nil
	}
	// Water the fronts passed by (a bay behind a cape where the nearer
	// sea may not go) joins a sea beside it that may have it.
	for changed := true; changed; {
		changed = false
		for i, l := range g.c {
			if l != labWater {
				continue
			}
			x, y := i%g.w, i/g.w
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if !g.in(nx, ny) {
					continue
				}
				if s := g.at(nx, ny); pa.isSea(s) && !pa.fixed[ny*g.w+nx] && pa.allowed(i, s) {
					g.c[i] = s
					changed = true
					break
				}
			}
		}
	}
	// Water beside two lands that share no sea (where a sea border meets
	// the coast at a land border) joins the land whose seas it touches.
	for i, l := range g.c {
		if l != labWater {
			continue
		}
		if land := pa.landFor(i); land >= 0 {
			g.c[i] = land
		}
	}
	for i, l := range g.c {
		if l == labWater {
			g.c[i] = labLake
		}
	}
}

// landFor returns a land region beside cell i that is a rules neighbour of
// every sea beside it, or -1.
func (pa *painter) landFor(i int) int32 {
	g := pa.g
	x, y := i%g.w, i/g.w
	var lands, seas []int32
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, ny := x+d[0], y+d[1]
		if !g.in(nx, ny) {
			continue
		}
		switch o := g.at(nx, ny); {
		case pa.isSea(o):
			seas = append(seas, o)
		case o >= 0 && pa.b.Regions[o].Kind != board.Impassable:
			lands = append(lands, o)
		}
	}
	if len(seas) == 0 {
		// a junction of two lands at the end of a sea border
		for _, l := range lands[min(1, len(lands)):] {
			if l != lands[0] {
				return lands[0]
			}
		}
		return -1
	}
	for _, l := range lands {
		ok := true
		for _, s := range seas {
			ok = ok && pa.adj[l][s]
		}
		if ok {
			return l
		}
	}
	return -1
}

// allowed says whether cell i may join sea l: every region beside it must
// be l itself, impassable, or l's neighbour in the rules.
func (pa *painter) allowed(i int, l int32) bool {
	if l == labLake {
		return true
	}
	g := pa.g
	x, y := i%g.w, i/g.w
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, ny := x+d[0], y+d[1]
		if !g.in(nx, ny) {
			continue
		}
		o := g.at(nx, ny)
		if o < 0 || o == l || pa.b.Regions[o].Kind == board.Impassable {
			continue
		}
		if !pa.adj[l][o] {
			return false
		}
	}
	return true
}
