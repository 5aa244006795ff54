package caesar

import (
	"slices"
	"sort"

	"rondel/game"
	"rondel/game/words"
)

// Scoring tables of the rule book, indexed by the size of the collection.
var (
	differentTable = []int{0, 0, 2, 5, 9, 14, 20, 32, 46} // 1..8 different kinds in a row
	equalTable     = []int{0, 0, 2, 10, 20}               // 1..4 equal treasures in a column
)

// RoadBonus goes to everyone tied for the most roads left.
const RoadBonus = 10

// goldPoints is the gold table: 1 → 0, 2 → 4, 3 → 9 ... 8 → 64, i.e. n² from two on.
func goldPoints(n int) int {
	if n < 2 {
		return 0
	}
	return n * n
}

// Tableau is what one player has collected: treasure counts by kind and gold.
type Tableau struct {
	Kinds map[string]int `json:"kinds"` // collectable kind -> count (no gold)
	Gold  int            `json:"gold"`
}

// DifferentPoints scores the rows of the player board: row k holds one
// treasure of every kind collected at least k times, and each row is a
// collection of different treasures.
func (t Tableau) DifferentPoints() int {
	total := 0
	for k := 1; ; k++ {
		n := 0
		for _, c := range t.Kinds {
			if c >= k {
				n++
			}
		}
		if n == 0 {
			return total
		}
		total += differentTable[min(n, len(differentTable)-1)]
	}
}

// EqualPoints scores the columns: every kind is a collection of equal treasures.
func (t Tableau) EqualPoints() int {
	total := 0
	for _, c := range t.Kinds {
		total += equalTable[min(c, len(equalTable)-1)]
	}
	return total
}

// tableau collects the treasures of seat's cities.
func (s *State) tableau(seat int) Tableau {
	t := Tableau{Kinds: map[string]int{}}
	for i, o := range s.d.Owner {
		if o != seat {
			continue
		}
		if tr := s.d.Treasures[i]; tr == Gold {
			t.Gold++
		} else {
			t.Kinds[tr]++
		}
	}
	return t
}

// cityPoints scores the city tokens: the highest value of each colour, or
// with the colour-sum variant the sum of a colour whose every city is seat's.
func (s *State) cityPoints(seat int) int {
	high := make([]int, len(s.b.Colours))
	sum := make([]int, len(s.b.Colours))
	have := make([]int, len(s.b.Colours))
	for i, o := range s.d.Owner {
		if o != seat {
			continue
		}
		c := s.b.Cities[i]
		k := s.b.colorIdx[c.Colour]
		high[k] = max(high[k], c.Value)
		sum[k] += c.Value
		have[k]++
	}
	total := 0
	all := s.b.colourCount()
	for k := range high {
		if s.d.Options.Bool(OptColourSum) && have[k] == all[k] {
			total += sum[k]
		} else {
			total += high[k]
		}
	}
	return total
}

// colours counts the different colours of seat's cities (tie-break 1).
func (s *State) colours(seat int) int {
	seen := map[string]bool{}
	for i, o := range s.d.Owner {
		if o == seat {
			seen[s.b.Cities[i].Colour] = true
		}
	}
	return len(seen)
}

// finalScores computes the final scoring of every seat from the position.
func (s *State) finalScores() []Final {
	most := slices.Max(s.d.RoadsLeft)
	out := make([]Final, len(s.d.Players))
	for seat := range out {
		t := s.tableau(seat)
		f := Final{
			Track:     s.d.Track[seat],
			Cities:    s.cityPoints(seat),
			Different: t.DifferentPoints(),
			Equal:     t.EqualPoints(),
			Gold:      goldPoints(t.Gold),
		}
		if s.d.RoadsLeft[seat] == most {
			f.Roads = RoadBonus
		}
		f.Total = f.Track + f.Cities + f.Different + f.Equal + f.Gold + f.Roads
		out[seat] = f
	}
	return out
}

// finish ends the game: final scoring, places and tie-breaks.
func (s *State) finish() []game.Event {
	s.d.Over = true
	s.d.Pending = ""
	s.d.Final = s.finalScores()
	s.d.Result = s.result()
	events := []game.Event{{Msg: words.New("caesar.event.over")}}
	for seat, f := range s.d.Final {
		events = append(events, game.Event{
			Msg: words.New("caesar.event.final").With("player", playerArg(seat)).Num("track", f.Track).
				Num("cities", f.Cities).Num("different", f.Different).Num("equal", f.Equal).Num("gold", f.Gold).
				Num("roads", f.Roads).Num("total", f.Total),
			Seats: []int{seat},
		})
	}
	return append(events, game.Event{Msg: words.New("caesar.event.tiebreaks").Sub("tiebreak", s.d.Result.TieBreak)})
}

// rankKey is what places are decided by, in the rule book's order.
type rankKey struct{ total, colours, gold, roads int }

func (s *State) rankKeys() []rankKey {
	keys := make([]rankKey, len(s.d.Players))
	for seat := range keys {
		keys[seat] = rankKey{s.d.Final[seat].Total, s.colours(seat), s.tableau(seat).Gold, s.d.RoadsLeft[seat]}
	}
	return keys
}

// result places the seats: most points, then most cities of different
// colours, most gold, most roads left; seats equal on all share a place.
func (s *State) result() *game.Result {
	keys := s.rankKeys()
	n := len(keys)
	order := rankOrder(keys)
	places := make([]int, n)
	scores := make([]int, n)
	for i, seat := range order {
		scores[seat] = keys[seat].total
		places[seat] = i + 1
		if i > 0 && keys[order[i-1]] == keys[seat] {
			places[seat] = places[order[i-1]]
		}
	}
	return &game.Result{Scores: scores, Places: places, TieBreak: s.tieBreak(keys, order)}
}

// rankOrder lists the seats best first; seats equal on every key keep
// seat order.
func rankOrder(keys []rankKey) []int {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	better := func(a, b rankKey) bool {
		if a.total != b.total {
			return a.total > b.total
		}
		if a.colours != b.colours {
			return a.colours > b.colours
		}
		if a.gold != b.gold {
			return a.gold > b.gold
		}
		return a.roads > b.roads
	}
	sort.SliceStable(order, func(i, j int) bool { return better(keys[order[i]], keys[order[j]]) })
	return order
}

// tieGroups lists the groups of seats tied on points, best first; each
// group in order of places.
func tieGroups(keys []rankKey, order []int) [][]int {
	var out [][]int
	for i := 0; i < len(order); {
		j := i
		for j+1 < len(order) && keys[order[j+1]].total == keys[order[i]].total {
			j++
		}
		if j > i {
			out = append(out, order[i:j+1])
		}
		i = j + 1
	}
	return out
}

// tieBreak explains, for every group tied on points, what separated them.
func (s *State) tieBreak(keys []rankKey, order []int) words.Text {
	groups := tieGroups(keys, order)
	if len(groups) == 0 {
		return words.New("caesar.tiebreak.none")
	}
	parts := make([]words.Arg, len(groups))
	for i, g := range groups {
		parts[i] = words.Sub(describeTie(keys, g))
	}
	if len(parts) == 1 {
		t, _ := parts[0].Text()
		return t
	}
	t, _ := chain("format.sentences", parts).Text()
	return t
}

func describeTie(keys []rankKey, group []int) words.Text {
	players := make([]words.Arg, len(group))
	details := make([]words.Arg, len(group))
	for i, seat := range group {
		k := keys[seat]
		players[i] = words.Seat(seat)
		details[i] = words.Sub(words.New("caesar.tiebreak.detail").Seat("player", seat).
			With("colours", countText("caesar.count.colours", k.colours)).Num("gold", k.gold).
			With("roads", countText("caesar.count.roads_left", k.roads)))
	}
	id := "caesar.tiebreak.decided"
	if keys[group[0]] == keys[group[len(group)-1]] {
		id = "caesar.tiebreak.shared"
	}
	return words.New(id).List("players", players...).Num("points", keys[group[0]].total).
		With("details", chain("caesar.tiebreak.details", details))
}

// EndNow scores the position as the end of the game is scored (the final
// scoring, places and tie-breaks of finish), on a copy, for a game its
// players agree to end early (game.Ender).
func (s *State) EndNow() *game.Result {
	if s.d.Over {
		return s.Result()
	}
	c := s.clone()
	c.finish()
	return c.Result()
}

// Concluded is the position ended as EndNow scores it (game.Concluder),
// on a copy.
func (s *State) Concluded() game.State {
	if s.d.Over {
		return s
	}
	c := s.clone()
	c.finish()
	return c
}
