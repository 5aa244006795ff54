package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"rondel/game/imperial/board"
)

type result struct {
	painter  *painter
	shapes   *board.Shapes
	warnings []string
	problems []string
}

// generate draws one map from its plan and source.
func generate(p *plan, src *source) (*result, error) {
	b, err := board.Load(p.Map)
	if err != nil {
		return nil, err
	}
	pa, err := newPainter(p, b, src)
	if err != nil {
		return nil, err
	}
	if err := pa.paint(); err != nil {
		return nil, err
	}
	res := &result{painter: pa}
	sh := &board.Shapes{Map: p.Map, Width: pa.m.width, Height: pa.m.height, Wrap: p.Wrap}
	connected := map[[2]int32]bool{}
	for _, c := range p.Connectors {
		con, err := pa.connector(c)
		if err != nil {
			return nil, err
		}
		sh.Connectors = append(sh.Connectors, con)
		a, _ := b.Region(c.A)
		bb, _ := b.Region(c.B)
		connected[[2]int32{int32(min(a, bb)), int32(max(a, bb))}] = true
	}
	if p.Wrap {
		for _, con := range pa.wrapConnectors() {
			sh.Connectors = append(sh.Connectors, con)
			a, _ := b.Region(con.A)
			bb, _ := b.Region(con.B)
			connected[[2]int32{int32(min(a, bb)), int32(max(a, bb))}] = true
		}
	}
	res.problems = pa.report(connected)
	chains := trace(pa.g, pa.m.cells, p.Simplify)
	if n := crossings(chains); n > 0 {
		res.problems = append(res.problems, fmt.Sprintf("%d borders cross after simplification", n))
	}
	for i, r := range b.Regions {
		rs, err := pa.regionShape(chains, int32(i))
		if err != nil {
			return nil, err
		}
		rs.ID = r.ID
		if r.PortIdx >= 0 {
			// near the region's pieces (the row under its name), clear of them
			port := pa.portPoint(int32(i), int32(r.PortIdx), [2]float64{rs.Label[0], rs.Label[1] + 21})
			rs.Port = &port
		}
		sh.Regions = append(sh.Regions, rs)
	}
	pa.placeCallouts(sh)
	sh.Scenery.Land = pathOf(rings(chains, labScenery))
	sh.Scenery.Water = pathOf(rings(chains, labLake))
	var sea strings.Builder
	for _, c := range chains {
		if pa.isSea(c.left) && pa.isSea(c.right) {
			writeLine(&sea, c.pts, false)
		}
	}
	sh.SeaBorders = sea.String()
	for _, l := range p.Labels {
		u := pa.m.unit(l.At[0], l.At[1])
		sh.Labels = append(sh.Labels, board.MapLabel{Text: l.Text, At: [2]float64{round1(u.x), round1(u.y)}})
	}
	res.shapes = sh
	res.warnings = pa.warn
	return res, nil
}

// regionShape is a region's outline and the places of its name and pieces.
func (pa *painter) regionShape(chains []chain, l int32) (board.RegionShape, error) {
	var rs board.RegionShape
	rr := rings(chains, l)
	if len(rr) == 0 {
		return rs, fmt.Errorf("region %s has no land or water on the map", pa.name(l))
	}
	rs.Path = pathOf(rr)
	g := pa.g
	mask := pa.mainPiece(l)
	inner := erode(mask, g.w, g.h, int(2*pa.m.cells))
	bx, by, bw, bh := bestBox(inner, g.w, g.h)
	if bw == 0 {
		bx, by, bw, bh = bestBox(mask, g.w, g.h)
	}
	c := pa.m.cells
	box := [4]float64{round1(float64(bx) / c), round1(float64(by) / c), round1(float64(bw) / c), round1(float64(bh) / c)}
	rs.Anchor = [2]float64{round1(box[0] + box[2]/2), round1(box[1] + box[3]/2)}
	// the name a little above the middle, the pieces in rows below it
	rs.Label = [2]float64{rs.Anchor[0], round1(max(box[1]+6, rs.Anchor[1]-10))}
	if bs, ok := pa.box(pa.name(l)); ok {
		u := pa.m.unit(bs.At[0], bs.At[1])
		box = [4]float64{round1(u.x - bs.Size[0]/2), round1(u.y - bs.Size[1]/2), bs.Size[0], bs.Size[1]}
		x, y := int(u.x*c), int(u.y*c)
		if g.in(x, y) && g.at(x, y) == l {
			rs.Anchor = [2]float64{round1(u.x), round1(u.y)}
			rs.Label = [2]float64{round1(u.x), round1(max(box[1]+6, u.y-10))}
		} else {
			rs.Callout = true
			rs.Label = [2]float64{round1(u.x), round1(box[1] + 7)}
			if bs.Anchor != nil {
				a := pa.m.unit(bs.Anchor[0], bs.Anchor[1])
				if ax, ay := int(a.x*c), int(a.y*c); !g.in(ax, ay) || g.at(ax, ay) != l {
					return rs, fmt.Errorf("the callout anchor %v of %s is not in it", *bs.Anchor, pa.name(l))
				}
				rs.Anchor = [2]float64{round1(a.x), round1(a.y)}
			}
		}
	}
	rs.Box = box
	return rs, nil
}

// portPoint is where a shipyard's anchor goes: in its port sea, a few
// units off the coast, as near the region's pieces as may be.
func (pa *painter) portPoint(land, sea int32, near [2]float64) [2]float64 {
	g := pa.g
	c := pa.m.cells
	want := 6 * c // cells off the coast
	// distance from the region's coast, through the port sea
	dist := make([]int32, len(g.c))
	for i := range dist {
		dist[i] = -1
	}
	var queue []int
	for i, l := range g.c {
		if l != sea {
			continue
		}
		x, y := i%g.w, i/g.w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if nx, ny := x+d[0], y+d[1]; g.in(nx, ny) && g.at(nx, ny) == land {
				dist[i] = 0
				queue = append(queue, i)
				break
			}
		}
	}
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		if float64(dist[i]) >= want {
			continue
		}
		x, y := i%g.w, i/g.w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if !g.in(nx, ny) {
				continue
			}
			if j := ny*g.w + nx; g.c[j] == sea && dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	target := pt{near[0] * c, near[1] * c}
	best, bd := pt{}, math.Inf(1)
	clear := 16 * c // off the region's pieces, which sit around near
	for i, d := range dist {
		if d < 0 || float64(d) < want*0.7 {
			continue
		}
		q := pt{float64(i%g.w) + 0.5, float64(i/g.w) + 0.5}
		dd := q.dist(target)
		if dd < clear {
			dd += 1000 // only when nothing clear of them is at hand
		}
		if dd < bd {
			best, bd = q, dd
		}
	}
	if math.IsInf(bd, 1) { // a narrow sea: the nearest water of it at all
		for i, d := range dist {
			q := pt{float64(i%g.w) + 0.5, float64(i/g.w) + 0.5}
			if dd := q.dist(target); d >= 0 && dd < bd {
				best, bd = q, dd
			}
		}
	}
	return [2]float64{round1(best.x / c), round1(best.y / c)}
}

// connector places a strait or canal of the plan; its ends must lie in
// the regions it joins.
func (pa *painter) connector(c connectorSpec) (board.Connector, error) {
	from, to := pa.m.unit(c.From[0], c.From[1]), pa.m.unit(c.To[0], c.To[1])
	for _, e := range []struct {
		id string
		p  pt
	}{{c.A, from}, {c.B, to}} {
		r, err := pa.region(e.id)
		if err != nil {
			return board.Connector{}, err
		}
		x, y := int(e.p.x*pa.m.cells), int(e.p.y*pa.m.cells)
		if !pa.g.in(x, y) || pa.g.at(x, y) != r {
			return board.Connector{}, fmt.Errorf("connector %s-%s: end %v is not in %s", c.A, c.B, e.p, e.id)
		}
	}
	lab := pa.m.unit(c.Label[0], c.Label[1])
	if c.Label == [2]float64{} {
		lab = from.lerp(to, 0.5)
	}
	var d strings.Builder
	writeLine(&d, []pt{{round1(from.x), round1(from.y)}, {round1(to.x), round1(to.y)}}, false)
	return board.Connector{A: c.A, B: c.B, Kind: c.Kind, Name: c.Name, Path: d.String(),
		Ends:  [2][2]float64{{round1(from.x), round1(from.y)}, {round1(to.x), round1(to.y)}},
		Label: [2]float64{round1(lab.x), round1(lab.y)}}, nil
}

// wrapConnectors finds the seas that meet across the left and right edges
// (the same line on a globe): one connector per pair, at the middle of the
// stretch of edge they share.
func (pa *painter) wrapConnectors() []board.Connector {
	g := pa.g
	type span struct{ from, to int }
	spans := map[[2]int32]*span{}
	var order [][2]int32
	for y := range g.h {
		a, b := g.at(0, y), g.at(g.w-1, y)
		if !pa.isSea(a) || !pa.isSea(b) {
			continue
		}
		k := [2]int32{a, b}
		if s, ok := spans[k]; ok {
			s.to = y
		} else {
			spans[k] = &span{y, y}
			order = append(order, k)
		}
	}
	var out []board.Connector
	c := pa.m.cells
	for _, k := range order {
		s := spans[k]
		if float64(s.to-s.from) < 4*c {
			continue
		}
		mid := round1(float64(s.from+s.to+1) / 2 / c)
		left := [2]float64{0, mid}
		right := [2]float64{pa.m.width, mid}
		var d strings.Builder
		writeLine(&d, []pt{{0, mid}, {-1, mid}}, false)
		out = append(out, board.Connector{A: pa.name(k[0]), B: pa.name(k[1]), Kind: "wrap",
			Ends: [2][2]float64{left, right}, Label: [2]float64{pa.m.width / 2, mid}})
	}
	return out
}

// crossings counts pairs of chain segments that cross: simplification
// must never make two borders cross.
func crossings(chains []chain) int {
	type seg struct{ a, b pt }
	cellOf := func(p pt) [2]int { return [2]int{int(p.x / 10), int(p.y / 10)} }
	buckets := map[[2]int][]seg{}
	for _, c := range chains {
		for i := 0; i+1 < len(c.pts); i++ {
			s := seg{c.pts[i], c.pts[i+1]}
			a, b := cellOf(s.a), cellOf(s.b)
			for x := min(a[0], b[0]); x <= max(a[0], b[0]); x++ {
				for y := min(a[1], b[1]); y <= max(a[1], b[1]); y++ {
					buckets[[2]int{x, y}] = append(buckets[[2]int{x, y}], s)
				}
			}
		}
	}
	seen := map[[2]seg]bool{}
	n := 0
	for _, ss := range buckets {
		for i := range ss {
			for j := i + 1; j < len(ss); j++ {
				if segmentsCross(ss[i].a, ss[i].b, ss[j].a, ss[j].b) {
					k := [2]seg{ss[i], ss[j]}
					if !seen[k] {
						seen[k] = true
						n++
					}
				}
			}
		}
	}
	return n
}

// writeLine appends a line as SVG path data: the first point absolute,
// the others relative, in tenths of a unit (points are already rounded to
// tenths, so summing the steps gives them back exactly).
func writeLine(w *strings.Builder, pts []pt, closed bool) {
	var px, py int
	for i, p := range pts {
		x, y := int(math.Round(p.x*10)), int(math.Round(p.y*10))
		switch i {
		case 0:
			w.WriteString("M")
			w.WriteString(tenths(x))
			w.WriteString(" ")
			w.WriteString(tenths(y))
		default:
			if i == 1 {
				w.WriteString("l")
			}
			dx, dy := tenths(x-px), tenths(y-py)
			if dx[0] != '-' && i > 1 {
				w.WriteString(" ")
			}
			w.WriteString(dx)
			if dy[0] != '-' {
				w.WriteString(" ")
			}
			w.WriteString(dy)
		}
		px, py = x, y
	}
	if closed {
		w.WriteString("z")
	}
}

// tenths writes n/10 with at most one decimal and no leading zero.
func tenths(n int) string {
	s := strconv.FormatFloat(float64(n)/10, 'f', -1, 64)
	switch {
	case strings.HasPrefix(s, "0."):
		return s[1:]
	case strings.HasPrefix(s, "-0."):
		return "-" + s[2:]
	}
	return s
}

func pathOf(rr [][]pt) string {
	var w strings.Builder
	for _, r := range rr {
		writeLine(&w, r, true)
	}
	return w.String()
}

// box returns the plan's box for a region.
func (pa *painter) box(id string) (boxSpec, bool) {
	for _, b := range pa.p.Boxes {
		if b.Region == id {
			return b, true
		}
	}
	return boxSpec{}, false
}
