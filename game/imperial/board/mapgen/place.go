package main

import (
	"math"

	"rondel/game/imperial/board"
)

// Callout frames are put where the plan asks, or as near to it as they
// can go without covering another region's name, another frame or a
// connector's word: the frame of a small region must never hide what
// stands in its neighbours.

type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

// placeCallouts moves each callout's box to the free place nearest the
// one planned, preferring water: a frame may hide some land of other
// regions, never its own region or anybody's name.
func (pa *painter) placeCallouts(sh *board.Shapes) {
	// landIn is the share of a frame over land of regions (its own
	// counting thrice), or -1 if it would hide the end of its own line.
	landIn := func(fr rect, own int32, anchor [2]float64) float64 {
		if anchor[0] >= fr.x0-4 && anchor[0] <= fr.x1+4 && anchor[1] >= fr.y0-4 && anchor[1] <= fr.y1+4 {
			return -1
		}
		n, land := 0, 0
		for y := fr.y0; y <= fr.y1; y += 2 {
			for x := fr.x0; x <= fr.x1; x += 2 {
				cx, cy := int(x*pa.m.cells), int(y*pa.m.cells)
				if !pa.g.in(cx, cy) {
					continue
				}
				n++
				switch l := pa.g.at(cx, cy); {
				case l == own:
					land += 3
				case l >= 0 && !pa.isSea(l):
					land++
				}
			}
		}
		return float64(land) / float64(max(n, 1))
	}
	var taken []rect
	for i, rs := range sh.Regions {
		if rs.Callout {
			continue
		}
		w := float64(len([]rune(pa.b.Regions[i].Name)))*7 + 6
		taken = append(taken, rect{rs.Label[0] - w/2, rs.Label[1] - 8, rs.Label[0] + w/2, rs.Label[1] + 8})
		pw := math.Min(math.Max(rs.Box[2], 44), 50)
		taken = append(taken, rect{rs.Label[0] - pw/2, rs.Label[1] + 8, rs.Label[0] + pw/2, rs.Label[1] + 26})
	}
	for _, c := range sh.Connectors {
		taken = append(taken, rect{c.Label[0] - 30, c.Label[1] - 10, c.Label[0] + 30, c.Label[1] + 4})
	}
	for _, bs := range pa.p.Boxes { // in the plan's order
		rs, _ := sh.Shape(bs.Region)
		if rs == nil || !rs.Callout {
			continue
		}
		w, h := rs.Box[2], rs.Box[3]
		cx, cy := rs.Box[0]+w/2, rs.Box[1]+h/2
		own, _ := pa.b.Region(rs.ID)
		best, found, bestCost := rect{}, false, math.Inf(1)
		// rings of candidates around the planned centre; cost: distance,
		// and land covered
		for r := 0.0; r <= 45; r += 3 {
			if r > bestCost {
				break
			}
			n := max(1, int(2*math.Pi*r/3))
			for k := range n {
				a := 2 * math.Pi * float64(k) / float64(n)
				x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
				fr := rect{x - w/2, y - h/2, x + w/2, y + h/2}
				if fr.x0 < 0 || fr.y0 < 0 || fr.x1 > sh.Width || fr.y1 > sh.Height {
					continue
				}
				free := true
				for _, t := range taken {
					if fr.overlaps(t) {
						free = false
						break
					}
				}
				if !free {
					continue
				}
				land := landIn(fr, int32(own), rs.Anchor)
				if land < 0 {
					continue
				}
				if cost := r + 60*land; cost < bestCost {
					best, found, bestCost = fr, true, cost
				}
			}
		}
		if !found {
			best = rect{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
		}
		taken = append(taken, best)
		rs.Box = [4]float64{round1(best.x0), round1(best.y0), w, h}
		rs.Label = [2]float64{round1((best.x0 + best.x1) / 2), round1(best.y0 + 7)}
	}
}
