package imperial

import (
	"slices"

	"rondel/game"
	"rondel/game/words"
)

// score is a player's final score: interest of each bond × its nation's
// power factor, plus cash (rule book OBJECT OF THE GAME).
func (s *State) score(seat int) int {
	total := s.Players[seat].Cash
	for _, nat := range s.Nations {
		f := powerFactor(nat.Power)
		for bi, h := range nat.Bonds {
			if h == seat {
				total += s.b.Bonds[bi].Interest * f
			}
		}
	}
	return total
}

// tieOrder lists the nations from most power points down; equal points go
// by turn order (our decision, docs/rules-decisions.md).
func (s *State) tieOrder() []int {
	order := make([]int, len(s.Nations))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return s.Nations[b].Power - s.Nations[a].Power })
	if s.site().TieBreakReached {
		return order[:1] // the site compares credit in the nation that reached 25 only
	}
	return order
}

// tieNote is one tie on score broken by credit: higher ranks before lower,
// who has the same score, by their credit in nation.
type tieNote struct {
	higher, lower, score, nation, creditHigher, creditLower int
}

// Result ranks the players: score, then credit in the nation with most power
// points, then the next, and so on. Players equal on all of these share a place.
func (s *State) Result() *game.Result {
	res, ties := s.ranking()
	if res == nil {
		return nil
	}
	if len(ties) == 0 {
		res.TieBreak = words.New("imperial.tiebreak.none")
		return res
	}
	notes := make([]words.Arg, len(ties))
	for i, n := range ties {
		notes[i] = words.Sub(s.nat(words.New("imperial.tiebreak.note"), "nation", n.nation).Seat("higher", n.higher).
			Seat("lower", n.lower).Num("score", n.score).Money("credit_higher", n.creditHigher).Money("credit_lower", n.creditLower))
	}
	res.TieBreak = words.New("imperial.tiebreak.broken").With("notes", words.List(notes...))
	return res
}

// ranking is the result without its tie-break words, and the ties on
// score that credit broke. Nil until the game is over.
func (s *State) ranking() (*game.Result, []tieNote) {
	if s.Phase != PhaseOver {
		return nil, nil
	}
	n := len(s.Players)
	order := s.tieOrder()
	key := func(seat int) []int {
		k := []int{s.score(seat)}
		for _, nat := range order {
			k = append(k, s.credit(nat, seat))
		}
		return k
	}
	seats := make([]int, n)
	for i := range seats {
		seats[i] = i
	}
	slices.SortStableFunc(seats, func(a, b int) int { return slices.Compare(key(b), key(a)) })
	res := &game.Result{Scores: make([]int, n), Places: make([]int, n)}
	var ties []tieNote
	for i, seat := range seats {
		res.Scores[seat] = s.score(seat)
		if i > 0 && slices.Equal(key(seat), key(seats[i-1])) {
			res.Places[seat] = res.Places[seats[i-1]]
		} else {
			res.Places[seat] = i + 1
		}
		if i > 0 && res.Scores[seat] == res.Scores[seats[i-1]] && res.Places[seat] != res.Places[seats[i-1]] {
			prev := seats[i-1]
			for _, ni := range order {
				if a, b := s.credit(ni, prev), s.credit(ni, seat); a != b {
					ties = append(ties, tieNote{higher: prev, lower: seat, score: res.Scores[seat], nation: ni, creditHigher: a, creditLower: b})
					break
				}
			}
		}
	}
	return res, ties
}

// Finished reports whether a nation reached 25 power points.
func (s *State) Finished() bool { return s.Phase == PhaseOver }

// EndNow scores the position as the end of the game is scored (rule book
// END OF THE GAME: bonds' interest × power factor, plus cash; the same
// ties), for a game its players agree to end early (game.Ender).
func (s *State) EndNow() *game.Result {
	if s.Phase == PhaseOver {
		return s.Result()
	}
	c := s.clone()
	c.Phase = PhaseOver
	return c.Result()
}

// Concluded is the position ended as EndNow scores it (game.Concluder),
// on a copy.
func (s *State) Concluded() game.State {
	if s.Phase == PhaseOver {
		return s
	}
	c := s.clone()
	c.Phase = PhaseOver
	return c
}
