package imperial

import (
	"fmt"
	"math"

	"rondel/game/imperial/board"
	"rondel/game/picture"
)

// What changed between two positions, marked on the picture. The marks
// come from comparing the positions, not from the moves: a unit that left
// one region and reached another of its nation's is an arrow (the nearest
// departure), units gone without arriving fell in a battle (a cross),
// units arriving from nowhere were built or imported (a plus).

// piecePoint is where a region's pieces stand on the map.
func piecePoint(rs *board.RegionShape) [2]float64 {
	if rs.Callout {
		return rs.Anchor
	}
	return [2]float64{rs.Label[0], rs.Label[1] + 14}
}

// markRegions rings the regions whose factory was built or whose flag
// changed, under the pieces.
func (s *State) markRegions(sc *picture.Scene, sh *board.Shapes, old *State) {
	for ri, r := range s.b.Regions {
		rs, ok := sh.Shape(r.ID)
		if !ok {
			continue
		}
		p := piecePoint(rs)
		if s.Factories[ri] && !old.Factories[ri] {
			sc.Add(picture.Circle(p[0], p[1], 15, "", colFactoryMark, 3))
			sc.Mark(picture.MarkFactory)
		}
		if f := s.Flags[ri]; f != old.Flags[ri] && r.Kind != board.Home {
			col := colInk
			if f >= 0 {
				col = s.nationColour(f)
			}
			sc.Add(picture.Circle(p[0], p[1], 18, "", col, 2.5).Dashed(4))
			sc.Mark(picture.MarkFlag)
		}
	}
}

const (
	colFactoryMark = "#e67e22"
	colBattle      = "#111111"
	colNew         = "#1e8449"
)

// change is a count of units of one kind a region lost or gained.
type change struct {
	region int
	n      int
}

// markMoves draws, over the pieces, each nation's moves as arrows in its
// colour, battles as crosses and new units as pluses.
func (s *State) markMoves(sc *picture.Scene, sh *board.Shapes, old *State) {
	point := map[int][2]float64{}
	for ri, r := range s.b.Regions {
		if rs, ok := sh.Shape(r.ID); ok {
			point[ri] = piecePoint(rs)
		}
	}
	fell := map[int]bool{}
	added := map[int]bool{}
	for ni := range s.Nations {
		for _, fleet := range []bool{false, true} {
			var lost, gained []change
			for ri := range s.b.Regions {
				before, now := old.Units[ni][ri].Armies, s.Units[ni][ri].Armies
				if fleet {
					before, now = old.Units[ni][ri].Fleets, s.Units[ni][ri].Fleets
				}
				switch {
				case now < before:
					lost = append(lost, change{ri, int(before - now)})
				case now > before:
					gained = append(gained, change{ri, int(now - before)})
				}
			}
			for _, a := range pairMoves(lost, gained, point) {
				from, to := point[a[0]], point[a[1]]
				sc.Add(picture.Arrow(from[0], from[1], to[0], to[1], s.nationColour(ni), 2.5))
				sc.Mark(picture.MarkMove)
			}
			for _, l := range lost {
				if l.n > 0 {
					fell[l.region] = true
				}
			}
			for _, g := range gained {
				if g.n > 0 {
					added[g.region] = true
				}
			}
		}
	}
	for ri := range s.b.Regions {
		p, ok := point[ri]
		if !ok {
			continue
		}
		if fell[ri] {
			x, y := p[0]+14, p[1]-12
			for _, w := range []struct {
				c string
				w float64
			}{{"#ffffff", 5}, {colBattle, 2.6}} {
				sc.Add(picture.Line(x-6, y-6, x+6, y+6, w.c, w.w), picture.Line(x-6, y+6, x+6, y-6, w.c, w.w))
			}
			sc.Mark(picture.MarkBattle)
		}
		if added[ri] {
			x, y := p[0]-14, p[1]-12
			sc.Add(picture.Circle(x, y, 6.5, "#ffffff", colNew, 1.5),
				picture.Line(x-4, y, x+4, y, colNew, 2.2), picture.Line(x, y-4, x, y+4, colNew, 2.2))
			sc.Mark(picture.MarkNew)
		}
	}
}

// pairMoves matches each unit gained with the nearest unit lost, and
// returns the (from, to) pairs; what is matched is taken off the counts.
func pairMoves(lost, gained []change, point map[int][2]float64) [][2]int {
	var out [][2]int
	seen := map[[2]int]bool{}
	for gi := range gained {
		for gained[gi].n > 0 {
			best, bestD := -1, math.Inf(1)
			for li, l := range lost {
				if l.n == 0 {
					continue
				}
				a, b := point[l.region], point[gained[gi].region]
				if d := math.Hypot(a[0]-b[0], a[1]-b[1]); d < bestD {
					best, bestD = li, d
				}
			}
			if best < 0 {
				break
			}
			lost[best].n--
			gained[gi].n--
			pair := [2]int{lost[best].region, gained[gi].region}
			if !seen[pair] {
				seen[pair] = true
				out = append(out, pair)
			}
		}
	}
	return out
}

// The strip under the map: the rondel's eight spaces in a row with the
// nations' markers, then per nation its code, power points and treasury.
const (
	cellW    = 56.0
	cellLeft = 10.0
)

func (s *State) pictureStrip(sc *picture.Scene, top float64, old *State, acting int) {
	sc.Add(picture.Line(0, top, sc.Width, top, "#8a7f6a", 1.5))
	cellTop := top + 30
	for i := range slotNames {
		x := cellLeft + float64(i)*cellW
		sc.Add(picture.Rect(x, cellTop, cellW-4, 58, rondelFills[i], "#5d5a52", 1))
	}
	count := map[int]int{}
	for ni, nat := range s.Nations {
		if nat.Rondel < 0 {
			continue
		}
		k := count[nat.Rondel]
		count[nat.Rondel]++
		x := cellLeft + float64(nat.Rondel)*cellW + 4 + float64(k%2)*24
		y := cellTop + 4 + float64(k/2)*18
		col := s.nationColour(ni)
		sc.Add(picture.Rect(x, y, 22, 15, col, "#111111", 1),
			picture.Text(x+11, y+11.5, 10, s.nationID(ni), inkOn(col), "middle", true))
		if ni == acting {
			cx := cellLeft + float64(nat.Rondel)*cellW
			sc.Add(picture.Rect(cx-2, cellTop-2, cellW, 62, "", decisionColour, 3))
		}
	}
	if old != nil {
		for ni, nat := range s.Nations {
			was := old.Nations[ni].Rondel
			if nat.Rondel == was || nat.Rondel < 0 {
				continue
			}
			y := top + 7 + 3.5*float64(ni)
			x1 := cellLeft + cellW/2
			if was >= 0 {
				x1 += float64(was) * cellW
			} else {
				x1 = cellLeft - 4
			}
			x2 := cellLeft + float64(nat.Rondel)*cellW + cellW/2
			sc.Add(picture.Arrow(x1, y, x2, y, s.nationColour(ni), 2))
			sc.Mark(picture.MarkRondel)
		}
	}
	left := cellLeft + 8*cellW + 14
	w := (sc.Width - left - 6) / float64(max(len(s.Nations), 1))
	for ni, nat := range s.Nations {
		x := left + float64(ni)*w
		col := s.nationColour(ni)
		edge, width := "#111111", 1.0
		if ni == acting {
			edge, width = decisionColour, 3
		}
		sc.Add(picture.Rect(x, top+12, w-6, 76, mix("#ffffff", col, 0.3), edge, width),
			picture.Rect(x, top+12, w-6, 20, col, "", 0),
			picture.Text(x+(w-6)/2, top+27, 13, s.nationID(ni), inkOn(col), "middle", true),
			picture.Text(x+(w-6)/2, top+55, 18, fmt.Sprint(nat.Power), colInk, "middle", true),
			picture.Text(x+(w-6)/2, top+80, 14, fmt.Sprintf("%dM", nat.Treasury), colInk, "middle", false))
	}
}
