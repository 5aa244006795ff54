package main

import (
	"fmt"
	"math"
	"sort"

	"rondel/game/imperial/board"
)

// Labels of cells that are not a region of the board (regions are labelled
// by their index in the board).
const (
	labWater   int32 = -1 // water not yet given to a sea
	labScenery int32 = -2 // land of no region
	labLake    int32 = -3 // water of no sea region
	labOutside int32 = -4 // beyond the frame (tracing only)
	labLand    int32 = -5 // land not yet given to a region
)

// painter builds the label grid of one map.
type painter struct {
	p       *plan
	b       *board.Board
	m       *mapper
	g       *grid    // labels
	country []int16  // per cell: country index, -1 for water
	fixed   []bool   // cells whose label the floods must not change
	names   []string // country names by index
	seeds   []seedPt // every seed, land and sea
	adj     [][]bool // rules adjacency by region index
	warn    []string
}

type seedPt struct {
	region int32      // region index, labScenery or labLake
	at     pt         // cell coordinates
	geo    [2]float64 // as written in the plan
}

func newPainter(p *plan, b *board.Board, src *source) (*painter, error) {
	m, err := newMapper(p)
	if err != nil {
		return nil, err
	}
	pa := &painter{p: p, b: b, m: m, g: newGrid(m.cols, m.rows, labWater)}
	pa.country = make([]int16, m.cols*m.rows)
	for i := range pa.country {
		pa.country[i] = -1
	}
	pa.fixed = make([]bool, m.cols*m.rows)
	pa.adj = make([][]bool, len(b.Regions))
	for i, r := range b.Regions {
		pa.adj[i] = make([]bool, len(b.Regions))
		for _, j := range r.Adj {
			pa.adj[i][j] = true
		}
	}
	if err := pa.paintCountries(src); err != nil {
		return nil, err
	}
	if err := pa.placeSeeds(); err != nil {
		return nil, err
	}
	return pa, nil
}

// region returns the index of a region id, or a pseudo label.
func (pa *painter) region(id string) (int32, error) {
	switch id {
	case "-":
		return labScenery, nil
	case "lake":
		return labLake, nil
	}
	i, ok := pa.b.Region(id)
	if !ok {
		return 0, fmt.Errorf("plan of %s names %q, which is no region", pa.p.Map, id)
	}
	return int32(i), nil
}

// paintCountries rasterises the source countries: each land cell learns
// its country.
func (pa *painter) paintCountries(src *source) error {
	cg := newGrid(pa.m.cols, pa.m.rows, -1)
	for ci, c := range src.Countries {
		pa.names = append(pa.names, c.Name)
		var rings [][]pt
		for _, r := range src.rings(c) {
			cr := make([]pt, len(r))
			for i, q := range r {
				cr[i] = pa.m.cell(q.x, q.y)
			}
			rings = append(rings, cr)
		}
		cg.fillRings(rings, int32(ci))
	}
	for i, v := range cg.c {
		pa.country[i] = int16(v)
		if v >= 0 {
			pa.g.c[i] = labLand
		}
	}
	for name := range pa.p.Countries {
		found := false
		for _, n := range pa.names {
			found = found || n == name
		}
		if !found {
			return fmt.Errorf("plan of %s: no country %q in the source", pa.p.Map, name)
		}
	}
	return nil
}

func (pa *painter) placeSeeds() error {
	ids := make([]string, 0, len(pa.p.Seeds))
	for id := range pa.p.Seeds {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		r, err := pa.region(id)
		if err != nil {
			return err
		}
		for _, s := range pa.p.Seeds[id] {
			pa.seeds = append(pa.seeds, seedPt{r, pa.m.cell(s[0], s[1]), s})
		}
	}
	for _, s := range pa.p.Lakes {
		pa.seeds = append(pa.seeds, seedPt{labLake, pa.m.cell(s[0], s[1]), s})
	}
	return nil
}

func (pa *painter) isSea(l int32) bool { return l >= 0 && pa.b.Regions[l].Kind == board.Sea }

// paint runs every step; the result is in pa.g.
func (pa *painter) paint() error {
	if err := pa.paintPolar(); err != nil {
		return err
	}
	if err := pa.assignLand(); err != nil {
		return err
	}
	if err := pa.carveChannels(); err != nil {
		return err
	}
	pa.pruneLand()
	pa.fillPonds()
	pa.floodSeas()
	return nil
}

// paintPolar gives the polar region every cell north of its line and the
// land of its countries (Imperial 2030's white areas along the top).
func (pa *painter) paintPolar() error {
	ps := pa.p.Polar
	if ps == nil {
		return nil
	}
	r, err := pa.region(ps.Region)
	if err != nil {
		return err
	}
	line := make([]pt, len(ps.Line))
	for i, q := range ps.Line {
		line[i] = pa.m.cell(q[0], q[1])
	}
	polarCountry := map[int16]bool{}
	for i, n := range pa.names {
		for _, c := range ps.Countries {
			if c == n {
				polarCountry[int16(i)] = true
			}
		}
	}
	for x := 0; x < pa.g.w; x++ {
		cx := float64(x) + 0.5
		top := -1.0
		for i := 0; i+1 < len(line); i++ {
			if a, b := line[i], line[i+1]; cx >= a.x && cx <= b.x {
				top = a.y + (cx-a.x)/(b.x-a.x)*(b.y-a.y)
			}
		}
		for y := 0; y < pa.g.h; y++ {
			i := y*pa.g.w + x
			if float64(y)+0.5 < top || polarCountry[pa.country[i]] {
				pa.g.c[i] = r
				pa.fixed[i] = true
			}
		}
	}
	return nil
}

// assignLand gives each land cell the region of the nearest seed among
// the regions its country is split into.
func (pa *painter) assignLand() error {
	cands := make([][]seedPt, len(pa.names))
	for ci, name := range pa.names {
		ids, ok := pa.p.Countries[name]
		if !ok {
			continue
		}
		for _, id := range ids {
			r, err := pa.region(id)
			if err != nil {
				return err
			}
			n := 0
			for _, s := range pa.seeds {
				if s.region == r {
					cands[ci] = append(cands[ci], s)
					n++
				}
			}
			if n == 0 && len(ids) > 1 {
				return fmt.Errorf("plan of %s: %s is split between %v but %s has no seed", pa.p.Map, name, ids, id)
			}
			if len(ids) == 1 && n == 0 {
				cands[ci] = append(cands[ci], seedPt{region: r})
			}
		}
	}
	for i, l := range pa.g.c {
		if l != labLand {
			continue
		}
		cs := cands[pa.country[i]]
		if len(cs) == 0 {
			pa.g.c[i] = labScenery
			continue
		}
		c := pt{float64(i%pa.g.w) + 0.5, float64(i/pa.g.w) + 0.5}
		best, bd := cs[0].region, math.Inf(1)
		for _, s := range cs {
			if d := c.dist(s.at); d < bd {
				best, bd = s.region, d
			}
		}
		pa.g.c[i] = best
	}
	return nil
}

// carveChannels opens water through land along each channel.
func (pa *painter) carveChannels() error {
	for _, ch := range pa.p.Channels {
		label := labWater
		if ch.Label != "" {
			r, err := pa.region(ch.Label)
			if err != nil {
				return err
			}
			label = r
		}
		line := make([]pt, len(ch.Path))
		for i, q := range ch.Path {
			line[i] = pa.m.cell(q[0], q[1])
		}
		before := append([]int32(nil), pa.g.c...)
		pa.g.paintLine(line, ch.Width*pa.m.cells/2, label)
		for i := range pa.g.c {
			if before[i] != pa.g.c[i] || (label != labWater && pa.g.c[i] == label) {
				pa.country[i] = -1
				pa.fixed[i] = label != labWater
			}
		}
	}
	return nil
}

// pruneLand keeps, of each region, the pieces of land that hold one of its
// seeds (or all of it when the region has no seed): other islands are
// scenery, and scenery specks smaller than min_island become water.
func (pa *painter) pruneLand() {
	g := pa.g
	isLand := func(i int) bool { return g.c[i] >= 0 && !pa.isSea(g.c[i]) && !pa.fixed[i] || g.c[i] == labScenery }
	comp, sizes := g.components(isLand)
	keep := make([]bool, len(sizes))
	seeded := map[int32]bool{}
	for _, s := range pa.seeds {
		seeded[s.region] = true
		x, y := int(s.at.x), int(s.at.y)
		if !g.in(x, y) {
			pa.warn = append(pa.warn, fmt.Sprintf("seed of %s at %v is off the map", pa.name(s.region), s.geo))
			continue
		}
		i := y*g.w + x
		if g.c[i] != s.region {
			if !pa.isSea(s.region) && s.region != labLake {
				pa.warn = append(pa.warn, fmt.Sprintf("seed of %s at %v lies in %s", pa.name(s.region), s.geo, pa.name(g.c[i])))
			}
			continue
		}
		if comp[i] >= 0 {
			keep[comp[i]] = true
		}
	}
	for i, c := range comp {
		if c < 0 {
			continue
		}
		l := g.c[i]
		switch {
		case l == labScenery && sizes[c] < pa.p.MinIsland:
			g.c[i] = labWater
			pa.country[i] = -1
		case l >= 0 && seeded[l] && !keep[c]:
			if sizes[c] < pa.p.MinIsland {
				g.c[i] = labWater
				pa.country[i] = -1
			} else {
				g.c[i] = labScenery
			}
		}
	}
}

// fillPonds turns small pockets of water enclosed by land (slivers
// between countries in the source) into the land around them.
func (pa *painter) fillPonds() {
	g := pa.g
	comp, sizes := g.components(func(i int) bool { return g.c[i] == labWater })
	seeded := make([]bool, len(sizes))
	for _, s := range pa.seeds {
		if x, y := int(s.at.x), int(s.at.y); g.in(x, y) {
			if c := comp[y*g.w+x]; c >= 0 {
				seeded[c] = true
			}
		}
	}
	edge := make([]bool, len(sizes))
	for i, c := range comp {
		if c >= 0 && (i%g.w == 0 || i%g.w == g.w-1 || i/g.w == 0 || i/g.w == g.h-1) {
			edge[c] = true
		}
	}
	for i, c := range comp {
		if c < 0 || seeded[c] || edge[c] || sizes[c] > 4*pa.p.MinIsland {
			continue
		}
		// the land label most often beside the pocket's cell
		x, y := i%g.w, i/g.w
		for r := 1; r < 50; r++ {
			if l := pa.nearLand(x, y, r); l != labWater {
				g.c[i] = l
				break
			}
		}
	}
}

func (pa *painter) nearLand(x, y, r int) int32 {
	for _, d := range [][2]int{{r, 0}, {-r, 0}, {0, r}, {0, -r}} {
		nx, ny := x+d[0], y+d[1]
		if pa.g.in(nx, ny) {
			if l := pa.g.at(nx, ny); l != labWater && l != labLake && !pa.isSea(l) {
				return l
			}
		}
	}
	return labWater
}

func (pa *painter) name(l int32) string {
	switch l {
	case labWater:
		return "open water"
	case labScenery:
		return "scenery"
	case labLake:
		return "lake"
	case labOutside:
		return "outside"
	case labLand:
		return "land"
	}
	return pa.b.Regions[l].ID
}
