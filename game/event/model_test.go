package event

import "fmt"

// model is the tests' own account of the objective, written apart from
// search.go so that the two check each other.
type model struct {
	met    map[[2]int64]int
	points map[int64]int64
	ids    []int64 // active players
}

func newModel(ev Event, history []Round, results []Result) model {
	m := model{met: map[[2]int64]int{}, points: map[int64]int64{}}
	for _, e := range ev.active() {
		m.ids = append(m.ids, ev.Entrants[e].ID)
	}
	for _, r := range history {
		for _, t := range r.Tables {
			for a, x := range t.Players {
				for _, y := range t.Players[a+1:] {
					m.met[key(x, y)]++
				}
			}
		}
	}
	for _, r := range results {
		for k, id := range r.Players {
			// Points as in the documentation: ties share the average.
			tied, sum := 0, 0
			for _, p := range r.Places {
				if p == r.Places[k] {
					tied++
				}
			}
			for p := r.Places[k]; p < r.Places[k]+tied; p++ {
				if p-1 < len(ev.Config.Points) {
					sum += ev.Config.Points[p-1]
				}
			}
			m.points[id] += int64(sum * Scale / tied)
		}
	}
	return m
}

func key(x, y int64) [2]int64 {
	if x > y {
		x, y = y, x
	}
	return [2]int64{x, y}
}

func (m model) cost(tables [][]int64) Cost {
	var c Cost
	for _, t := range tables {
		c = c.add(m.tableCost(t))
	}
	return c
}

func (m model) tableCost(t []int64) Cost {
	var c Cost
	lo, hi := m.points[t[0]], m.points[t[0]]
	for a, x := range t {
		lo, hi = min(lo, m.points[x]), max(hi, m.points[x])
		for _, y := range t[a+1:] {
			c.Repeats += m.met[key(x, y)]
		}
	}
	c.Spread = hi - lo
	return c
}

// betterSwap tries every swap of two players between two tables (the
// draw's cost with the two tables' parts taken anew).
func (m model) betterSwap(tables [][]int64, cost Cost) (string, bool) {
	for a := range tables {
		for b := a + 1; b < len(tables); b++ {
			rest := cost.sub(m.tableCost(tables[a])).sub(m.tableCost(tables[b]))
			for i := range tables[a] {
				for j := range tables[b] {
					tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
					c := rest.add(m.tableCost(tables[a])).add(m.tableCost(tables[b]))
					tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
					if c.Less(cost) {
						return fmt.Sprintf("swapping %d and %d (%+v)", tables[a][i], tables[b][j], c), true
					}
				}
			}
		}
	}
	return "", false
}

// maxDegree is the most distinct earlier tablemates any active player has
// among the active players.
func (m model) maxDegree() int {
	active := map[int64]bool{}
	for _, id := range m.ids {
		active[id] = true
	}
	deg := map[int64]int{}
	for k := range m.met {
		if active[k[0]] && active[k[1]] {
			deg[k[0]]++
			deg[k[1]]++
		}
	}
	d := 0
	for _, v := range deg {
		d = max(d, v)
	}
	return d
}

// leastRepeats is a brute force over every split of the active players
// into tables of the sizes: the table of the lowest unseated player takes
// each remaining size in turn and each choice of mates.
func (m model) leastRepeats(sizes []int) int {
	best := -1
	var rec func(free []int64, sizes []int, reps int)
	rec = func(free []int64, sizes []int, reps int) {
		if best >= 0 && reps >= best {
			return
		}
		if len(free) == 0 {
			best = reps
			return
		}
		tried := map[int]bool{}
		for si, s := range sizes {
			if tried[s] {
				continue
			}
			tried[s] = true
			rest := append(append([]int(nil), sizes[:si]...), sizes[si+1:]...)
			eachChoice(free[1:], s-1, func(mates, left []int64) {
				table := append([]int64{free[0]}, mates...)
				add := 0
				for a, x := range table {
					for _, y := range table[a+1:] {
						add += m.met[key(x, y)]
					}
				}
				rec(left, rest, reps+add)
			})
		}
	}
	rec(m.ids, sizes, 0)
	return best
}

// eachChoice calls f with every k-subset of xs and the rest.
func eachChoice(xs []int64, k int, f func(chosen, rest []int64)) {
	var chosen, rest []int64
	var rec func(i int)
	rec = func(i int) {
		if len(chosen) > k || len(chosen)+len(xs)-i < k {
			return
		}
		if i == len(xs) {
			f(append([]int64(nil), chosen...), append([]int64(nil), rest...))
			return
		}
		chosen = append(chosen, xs[i])
		rec(i + 1)
		chosen = chosen[:len(chosen)-1]
		rest = append(rest, xs[i])
		rec(i + 1)
		rest = rest[:len(rest)-1]
	}
	rec(0)
}
