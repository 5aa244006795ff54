package event

import "rondel/game/rng"

// Cost is the objective a draw minimises, compared lexicographically:
//
//  1. Repeats: the sum over all pairs of tablemates of how often the two
//     have already sat together in earlier rounds. With at most one earlier
//     meeting per pair this is the number of repeated pairs; beyond that it
//     charges a pair's k-th meeting k-1, so meetings spread evenly.
//  2. Spread: the sum over the tables of the score spread, the event points
//     of the table's leader minus those of its last (in units), so players
//     of similar score meet. Leagues and round robins have no spread.
//
// Among draws of equal cost the search keeps the first it finds; its walk
// starts from the players in standings order and its restarts are drawn
// from the event's seed and the round, so the result is deterministic.
type Cost struct {
	Repeats int   `json:"repeats"`
	Spread  int64 `json:"spread"`
}

// Less reports whether c is better than d.
func (c Cost) Less(d Cost) bool {
	if c.Repeats != d.Repeats {
		return c.Repeats < d.Repeats
	}
	return c.Spread < d.Spread
}

func (c Cost) add(d Cost) Cost { return Cost{c.Repeats + d.Repeats, c.Spread + d.Spread} }
func (c Cost) sub(d Cost) Cost { return Cost{c.Repeats - d.Repeats, c.Spread - d.Spread} }

// ExactLimit is the number of players up to which the draw is an exact
// search over every split into tables; above it, local search.
const ExactLimit = 12

// problem is one draw: players are positions 0..n-1 in the walk's order.
type problem struct {
	pts   []int64 // event points by position
	met   [][]int // earlier meetings by positions
	sizes []int
	pos   map[int]int // seed index -> position
}

func newProblem(order []int, units []int64, sizes []int) *problem {
	n := len(order)
	p := &problem{pts: make([]int64, n), met: make([][]int, n), sizes: sizes, pos: map[int]int{}}
	for k, s := range order {
		p.pts[k] = units[s]
		p.met[k] = make([]int, n)
		p.pos[s] = k
	}
	return p
}

// meet records an earlier meeting of two entrants (seed indexes); players
// no longer active are ignored.
func (p *problem) meet(i, j int) {
	a, ok1 := p.pos[i]
	b, ok2 := p.pos[j]
	if ok1 && ok2 && a != b {
		p.met[a][b]++
		p.met[b][a]++
	}
}

// tableCost is one table's part of the objective.
func (p *problem) tableCost(t []int) Cost {
	var c Cost
	lo, hi := p.pts[t[0]], p.pts[t[0]]
	for a, x := range t {
		lo, hi = min(lo, p.pts[x]), max(hi, p.pts[x])
		for _, y := range t[a+1:] {
			c.Repeats += p.met[x][y]
		}
	}
	c.Spread = hi - lo
	return c
}

// Total is the objective of a whole draw.
func (p *problem) total(tables [][]int) Cost {
	var c Cost
	for _, t := range tables {
		c = c.add(p.tableCost(t))
	}
	return c
}

// solve returns the tables (as positions) of the best draw found.
func (p *problem) solve(src *rng.Source) [][]int {
	if len(p.pts) <= ExactLimit {
		return p.exact()
	}
	return p.local(src)
}

// kicks is the most perturb-and-descend restarts after the first descent,
// and stale the number in a row without a better draw after which the
// search stops: counts, not times, so the draw stays deterministic.
const (
	kicks = 60
	stale = 12
)

// local runs iterated local search: a greedy start in standings order,
// descent by improving swaps until none is left, then kicks (a few random
// swaps from the best draw followed by descent again). Every draw it can
// return is a local optimum: no swap of two players improves it.
func (p *problem) local(src *rng.Source) [][]int {
	return p.localFrom(p.greedy(), src)
}

// localFrom is local from a given start (which it may change).
func (p *problem) localFrom(best [][]int, src *rng.Source) [][]int {
	bestCost := p.descend(best)
	n := len(p.pts)
	floor := p.spreadFloor()
	for k, since := 0, 0; k < kicks && since < stale; k++ {
		if bestCost.Repeats == 0 && bestCost.Spread <= floor {
			break
		}
		since++
		cur := clone(best)
		for s := 0; s < 2+n/10; s++ {
			a, b := src.Intn(len(cur)), src.Intn(len(cur))
			if a == b {
				continue
			}
			i, j := src.Intn(len(cur[a])), src.Intn(len(cur[b]))
			cur[a][i], cur[b][j] = cur[b][j], cur[a][i]
		}
		if c := p.descend(cur); c.Less(bestCost) {
			best, bestCost, since = cur, c, 0
		}
	}
	return best
}

// spreadFloor is the spread of cutting the standings order into tables in
// turn, what a draw without earlier meetings would choose. A draw with no
// repeats and this spread is taken as done: it only stops the kicks early.
func (p *problem) spreadFloor() int64 {
	if len(p.pts) == 0 {
		return 0
	}
	return p.total(cut(identity(len(p.pts)), p.sizes)).Spread
}

// greedy seats the players in walk order: each table starts with the first
// free player and takes, seat by seat, the free player among the next few
// with the fewest earlier meetings with those already seated.
func (p *problem) greedy() [][]int {
	n := len(p.pts)
	free := make([]bool, n)
	for i := range free {
		free[i] = true
	}
	var tables [][]int
	for _, size := range p.sizes {
		var t []int
		for len(t) < size {
			pick, pickRep, seen := -1, 0, 0
			for x := 0; x < n && seen < 2*size; x++ {
				if !free[x] {
					continue
				}
				seen++
				rep := 0
				for _, y := range t {
					rep += p.met[x][y]
				}
				if pick < 0 || rep < pickRep {
					pick, pickRep = x, rep
				}
			}
			free[pick] = false
			t = append(t, pick)
		}
		tables = append(tables, t)
	}
	return tables
}

// descend applies improving swaps (first improvement, in a fixed order)
// until no swap of two players between two tables lowers the cost, and
// returns the cost.
func (p *problem) descend(tables [][]int) Cost {
	costs := make([]Cost, len(tables))
	for i, t := range tables {
		costs[i] = p.tableCost(t)
	}
	for improved := true; improved; {
		improved = false
		for a := range tables {
			for b := a + 1; b < len(tables); b++ {
				if p.improvePair(tables, costs, a, b) {
					improved = true
				}
			}
		}
	}
	var c Cost
	for _, tc := range costs {
		c = c.add(tc)
	}
	return c
}

// improvePair makes every improving swap between tables a and b. The
// repeats of a swap are counted as a difference (O(seats)); only the
// spread of the two new tables is taken anew.
func (p *problem) improvePair(tables [][]int, costs []Cost, a, b int) bool {
	improved := false
	ta, tb := tables[a], tables[b]
	for i := range ta {
		for j := range tb {
			x, y := ta[i], tb[j]
			d := 0
			for _, q := range ta {
				if q != x {
					d += p.met[y][q] - p.met[x][q]
				}
			}
			for _, q := range tb {
				if q != y {
					d += p.met[x][q] - p.met[y][q]
				}
			}
			if d > 0 {
				continue // more repeats can never be better
			}
			ta[i], tb[j] = y, x
			sa, sb := p.spread(ta), p.spread(tb)
			old := costs[a].add(costs[b])
			next := Cost{old.Repeats + d, sa + sb}
			if next.Less(old) {
				costs[a] = Cost{costs[a].Repeats, sa}
				costs[b] = Cost{costs[b].Repeats, sb}
				// Split the repeats exactly between the two tables.
				costs[a].Repeats, costs[b].Repeats = p.tableCost(ta).Repeats, p.tableCost(tb).Repeats
				improved = true
				continue
			}
			ta[i], tb[j] = x, y
		}
	}
	return improved
}

func (p *problem) spread(t []int) int64 {
	lo, hi := p.pts[t[0]], p.pts[t[0]]
	for _, x := range t[1:] {
		lo, hi = min(lo, p.pts[x]), max(hi, p.pts[x])
	}
	return hi - lo
}

func clone(tables [][]int) [][]int {
	out := make([][]int, len(tables))
	for i, t := range tables {
		out[i] = append([]int(nil), t...)
	}
	return out
}
