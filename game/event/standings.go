package event

import (
	"fmt"
	"sort"
)

// Result is one finished game of the event: its players, each one's place
// as the game's result ranks it (1 = first; tied players share a place, and
// the next place skips: 1, 1, 3) and each one's game score.
type Result struct {
	Round   int     `json:"round"`
	Players []int64 `json:"players"`
	Places  []int   `json:"places"`
	Scores  []int   `json:"scores"`
}

// Standing is one entrant's line of the standings.
type Standing struct {
	Rank int   `json:"rank"`
	ID   int64 `json:"id"`
	Seed int   `json:"seed"` // index in the event's entrants, 0 first
	// Units are event points times Scale (exact); Points is the same as a
	// number for reading.
	Units     int64   `json:"units"`
	Points    float64 `json:"points"`
	Score     int     `json:"score"`      // sum of game scores
	OppUnits  int64   `json:"opp_units"`  // sum of tablemates' event points (units), once per game shared
	OppPoints float64 `json:"opp_points"` // the same as a number
	Games     int     `json:"games"`
	Withdrawn bool    `json:"withdrawn,omitempty"`
}

// PlaceUnits returns each seat's event points in units for one game: a
// group tied for places p..p+t-1 shares the average of those places'
// points.
func PlaceUnits(points []int, places []int) ([]int64, error) {
	n := len(places)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return places[order[a]] < places[order[b]] })
	out := make([]int64, n)
	for i := 0; i < n; {
		j := i
		for j < n && places[order[j]] == places[order[i]] {
			j++
		}
		// Players at positions i..j-1 cover places i+1..j.
		if places[order[i]] != i+1 {
			return nil, fmt.Errorf("%w: places %v are not a ranking (1, 1, 3, ...)", ErrResult, places)
		}
		var sum int64
		for p := i; p < j; p++ {
			if p < len(points) {
				sum += int64(points[p])
			}
		}
		share := sum * Scale / int64(j-i)
		for p := i; p < j; p++ {
			out[order[p]] = share
		}
		i = j
	}
	return out, nil
}

// Standings ranks the entrants from the results: by event points, then
// total game score, then opponents' points, then seed order. Every entrant
// appears, withdrawn ones too (marked).
func (e Event) Standings(results []Result) ([]Standing, error) {
	index, err := e.validate()
	if err != nil {
		return nil, err
	}
	st := make([]Standing, len(e.Entrants))
	for i, en := range e.Entrants {
		st[i] = Standing{ID: en.ID, Seed: i, Withdrawn: en.Withdrawn}
	}
	seats := make([][]int, len(results))
	for g, r := range results {
		if len(r.Places) != len(r.Players) || len(r.Scores) != len(r.Players) || len(r.Players) < 2 {
			return nil, fmt.Errorf("%w: game %d has %d players, %d places, %d scores", ErrResult, g, len(r.Players), len(r.Places), len(r.Scores))
		}
		units, err := PlaceUnits(e.Config.Points, r.Places)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", g, err)
		}
		for k, id := range r.Players {
			i, ok := index[id]
			if !ok {
				return nil, fmt.Errorf("%w: game %d: player %d is no entrant", ErrResult, g, id)
			}
			for _, prev := range seats[g] {
				if prev == i {
					return nil, fmt.Errorf("%w: game %d: player %d twice", ErrResult, g, id)
				}
			}
			seats[g] = append(seats[g], i)
			st[i].Units += units[k]
			st[i].Score += r.Scores[k]
			st[i].Games++
		}
	}
	// Opponents' points use the final totals of the tablemates.
	for _, s := range seats {
		for _, i := range s {
			for _, j := range s {
				if i != j {
					st[i].OppUnits += st[j].Units
				}
			}
		}
	}
	for i := range st {
		st[i].Points = float64(st[i].Units) / Scale
		st[i].OppPoints = float64(st[i].OppUnits) / Scale
	}
	sort.Slice(st, func(a, b int) bool { return ahead(st[a], st[b]) })
	for i := range st {
		st[i].Rank = i + 1
	}
	return st, nil
}

// ahead reports whether a ranks above b by the tie-breaks.
func ahead(a, b Standing) bool {
	switch {
	case a.Units != b.Units:
		return a.Units > b.Units
	case a.Score != b.Score:
		return a.Score > b.Score
	case a.OppUnits != b.OppUnits:
		return a.OppUnits > b.OppUnits
	}
	return a.Seed < b.Seed
}
