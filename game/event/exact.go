package event

// exact finds a draw of least cost by trying every split of the players
// into tables of the sizes (branch and bound): players are seated in walk
// order, each at a table with room, and of the empty tables of one size
// only the first is tried, so each split is visited once. Ties keep the
// first split found. Meant for at most ExactLimit players (15,400 splits
// of 12 into four tables of three).
func (p *problem) exact() [][]int {
	n := len(p.pts)
	tables := make([][]int, len(p.sizes))
	var best [][]int
	var bestCost Cost
	var rec func(x int, reps int)
	rec = func(x int, reps int) {
		if best != nil && reps > bestCost.Repeats {
			return // repeats only grow as players sit down
		}
		if x == n {
			if c := p.total(tables); best == nil || c.Less(bestCost) {
				best, bestCost = clone(tables), c
			}
			return
		}
		for k := range tables {
			if len(tables[k]) == p.sizes[k] {
				continue
			}
			if len(tables[k]) == 0 && k > 0 && len(tables[k-1]) == 0 && p.sizes[k-1] == p.sizes[k] {
				continue // an equal empty table before this one was tried
			}
			add := 0
			for _, y := range tables[k] {
				add += p.met[x][y]
			}
			tables[k] = append(tables[k], x)
			rec(x+1, reps+add)
			tables[k] = tables[k][:len(tables[k])-1]
		}
	}
	rec(0, 0)
	return best
}
