package event

import (
	"fmt"
	"reflect"
	"sort"

	"rondel/game/rng"
)

// Draw makes the tables of round number round (1 first) from the earlier
// rounds' tables (history) and the results so far. Withdrawn entrants are
// left out. The draw is a function of its inputs and the event's seed.
//
// Swiss round 1 is a seeded random draw. Later Swiss rounds, and every
// round of a league or round robin (where all points count as equal, so
// only repeats matter), minimise the objective of [Cost]: see search.go.
func (e Event) Draw(round int, history []Round, results []Result) (Round, error) {
	index, err := e.validate()
	if err != nil {
		return Round{}, err
	}
	if round < 1 {
		return Round{}, fmt.Errorf("%w: round %d", ErrConfig, round)
	}
	c := e.Config
	act := e.active()
	sizes, err := TableSizes(len(act), c.Seats, c.MinSeats, c.MaxSeats)
	if err != nil {
		return Round{}, fmt.Errorf("draw round %d: %w", round, err)
	}
	src := rng.New(c.Seed ^ (uint64(round) * 0x9e3779b97f4a7c15))
	// order: the active players as seed indexes, in the order the search
	// walks them.
	order := append([]int(nil), act...)
	units := make([]int64, len(e.Entrants))
	if c.Format == Swiss && round == 1 {
		src.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		return e.round(round, order, cut(identity(len(order)), sizes)), nil
	}
	if c.Format == Swiss {
		st, err := e.Standings(results)
		if err != nil {
			return Round{}, fmt.Errorf("draw round %d: %w", round, err)
		}
		rank := make([]int, len(e.Entrants))
		for _, s := range st {
			rank[s.Seed] = s.Rank
			units[s.Seed] = s.Units
		}
		sort.Slice(order, func(a, b int) bool { return rank[order[a]] < rank[order[b]] })
	} else {
		// Leagues have no score order: a seeded order spreads the first
		// rounds differently in every event.
		src.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	p := newProblem(order, units, sizes)
	if err := p.meetAll(index, history); err != nil {
		return Round{}, err
	}
	return e.round(round, order, p.solve(src)), nil
}

// meetAll records the meetings of the rounds.
func (p *problem) meetAll(index map[int64]int, rounds []Round) error {
	for _, r := range rounds {
		for _, t := range r.Tables {
			for a, x := range t.Players {
				for _, y := range t.Players[a+1:] {
					i, ok1 := index[x]
					j, ok2 := index[y]
					if !ok1 || !ok2 {
						return fmt.Errorf("%w: history names a player who is no entrant", ErrEntrants)
					}
					p.meet(i, j)
				}
			}
		}
	}
	return nil
}

// round turns tables of positions in order into a Round: players within a
// table and tables in the order of the walk, so a draw has one form.
func (e Event) round(number int, order []int, tables [][]int) Round {
	for _, t := range tables {
		sort.Ints(t)
	}
	sort.Slice(tables, func(a, b int) bool { return tables[a][0] < tables[b][0] })
	r := Round{Number: number}
	for _, t := range tables {
		var ids []int64
		for _, pos := range t {
			ids = append(ids, e.Entrants[order[pos]].ID)
		}
		r.Tables = append(r.Tables, Table{Players: ids})
	}
	return r
}

// Season draws every round of a league or round robin up front, with no
// results needed (withdrawals later are handled by drawing the remaining
// rounds again with Draw). After drawing round by round it improves the
// season as a whole: each round in turn is searched again against the
// meetings of all the others, which lowers (never raises) the season's
// total of repeats, the sum over pairs of m(m-1)/2 for a pair meeting m
// times, until a pass changes nothing (at most seasonPasses passes).
func (e Event) Season() ([]Round, error) {
	if e.Config.Format == Swiss {
		return nil, fmt.Errorf("%w: a Swiss event is drawn round by round", ErrConfig)
	}
	// Several seasons from seeds derived from the event's; the one with
	// the fewest repeats wins (the first on a tie).
	var best []Round
	bestCost := -1
	for try := 0; try < seasonTries; try++ {
		f := e
		f.Config.Seed = e.Config.Seed + uint64(try)*0x9e3779b97f4a7c15
		rounds, err := f.season()
		if err != nil {
			return nil, err
		}
		if c := SeasonRepeats(rounds); bestCost < 0 || c < bestCost {
			best, bestCost = rounds, c
		}
	}
	return best, nil
}

// seasonTries is the number of seasons Season draws to keep the best.
const seasonTries = 8

// SeasonRepeats is the season's objective: the sum over pairs of
// m(m-1)/2 for a pair that meets m times.
func SeasonRepeats(rounds []Round) int {
	met := map[[2]int64]int{}
	total := 0
	for _, r := range rounds {
		for _, t := range r.Tables {
			for a, x := range t.Players {
				for _, y := range t.Players[a+1:] {
					k := [2]int64{min(x, y), max(x, y)}
					total += met[k]
					met[k]++
				}
			}
		}
	}
	return total
}

func (e Event) season() ([]Round, error) {
	var rounds []Round
	for r := 1; r <= e.Rounds(); r++ {
		d, err := e.Draw(r, rounds, nil)
		if err != nil {
			return nil, err
		}
		rounds = append(rounds, d)
	}
	index, _ := e.validate()
	for pass := 0; pass < seasonPasses; pass++ {
		changed := false
		for r := range rounds {
			others := append(append([]Round(nil), rounds[:r]...), rounds[r+1:]...)
			d, err := e.redraw(index, rounds[r], others)
			if err != nil {
				return nil, err
			}
			if !reflect.DeepEqual(d, rounds[r]) {
				rounds[r], changed = d, true
			}
		}
		if !changed {
			break
		}
	}
	return rounds, nil
}

// seasonPasses bounds the season's improvement passes.
const seasonPasses = 8

// redraw searches round cur again from its own tables, against the
// meetings of the other rounds, keeping it unless the search finds better.
func (e Event) redraw(index map[int64]int, cur Round, others []Round) (Round, error) {
	var order []int
	var start [][]int
	for _, t := range cur.Tables {
		var tb []int
		for _, id := range t.Players {
			tb = append(tb, len(order))
			order = append(order, index[id])
		}
		start = append(start, tb)
	}
	var sizes []int
	for _, t := range start {
		sizes = append(sizes, len(t))
	}
	p := newProblem(order, make([]int64, len(e.Entrants)), sizes)
	if err := p.meetAll(index, others); err != nil {
		return Round{}, err
	}
	src := rng.New(e.Config.Seed ^ (uint64(cur.Number) * 0xbf58476d1ce4e5b9))
	tables := p.localFrom(start, src)
	if !p.total(tables).Less(p.total(start)) {
		return cur, nil
	}
	return e.round(cur.Number, order, tables), nil
}

// Rounds is the number of rounds the event plays: a Swiss event's rounds;
// a league's games per entrant (everyone plays once a round); for a round
// robin the given rounds or else the fewest in which everyone could meet
// everyone else: ceil((n-1)/(seats-1)) for n active entrants.
func (e Event) Rounds() int {
	c := e.Config
	switch c.Format {
	case Swiss:
		return c.Rounds
	case League:
		return c.GamesEach
	}
	if c.Rounds > 0 {
		return c.Rounds
	}
	n := len(e.active())
	if n < 2 || c.Seats < 2 {
		return 0
	}
	return (n - 1 + c.Seats - 2) / (c.Seats - 1)
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// cut deals positions into consecutive tables of the given sizes.
func cut(pos []int, sizes []int) [][]int {
	var out [][]int
	k := 0
	for _, s := range sizes {
		out = append(out, append([]int(nil), pos[k:k+s]...))
		k += s
	}
	return out
}
