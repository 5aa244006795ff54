package event

import (
	"fmt"
	"sort"
)

// TableSizes splits n players into tables of sizes in [min, max]. It
// prefers the nominal size: first the fewest tables off the nominal size,
// then the smallest total distance from it, then more (smaller) tables.
// The sizes come largest first. It fails when no split exists.
func TableSizes(n, nominal, min, max int) ([]int, error) {
	if min < 2 || min > nominal || nominal > max {
		return nil, fmt.Errorf("%w: seats %d, allowed %d-%d", ErrConfig, nominal, min, max)
	}
	if n < min {
		return nil, fmt.Errorf("%w: %d players for tables of at least %d", ErrEntrants, n, min)
	}
	var off []int
	for s := min; s <= max; s++ {
		if s != nominal {
			off = append(off, s)
		}
	}
	// k off-size tables; the rest are nominal. The first k with a split
	// wins, so the loop is short for every usable range.
	for k := 0; k <= n/min; k++ {
		best, bestDist := []int(nil), -1
		eachMultiset(off, k, func(ms []int) {
			sum, dist := 0, 0
			for _, s := range ms {
				sum += s
				dist += abs(s - nominal)
			}
			rest := n - sum
			if rest < 0 || rest%nominal != 0 {
				return
			}
			sizes := append(append([]int(nil), ms...), repeat(nominal, rest/nominal)...)
			if best == nil || dist < bestDist || (dist == bestDist && len(sizes) > len(best)) {
				best, bestDist = sizes, dist
			}
		})
		if best != nil {
			sort.Sort(sort.Reverse(sort.IntSlice(best)))
			return best, nil
		}
	}
	return nil, fmt.Errorf("%w: %d players don't split into tables of %d-%d", ErrEntrants, n, min, max)
}

// eachMultiset calls f with every multiset of k values of vals (in
// non-decreasing index order, so each once).
func eachMultiset(vals []int, k int, f func([]int)) {
	cur := make([]int, 0, k)
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == k {
			f(cur)
			return
		}
		for i := from; i < len(vals); i++ {
			cur = append(cur, vals[i])
			rec(i)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
