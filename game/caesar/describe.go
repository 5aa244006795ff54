package caesar

import (
	"encoding/json"
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/words"
)

// Caretaker returns the default move on a timeout. For a connection: the
// one that scores the mover the most points on the track this turn (with
// the best way, if the mover would choose), then the fewest roads, then
// the city of highest value, then the first in the listing. For the
// choice of way to Rome: the way giving the mover the most points, then
// the first listed.
func (s *State) Caretaker(seat int) (json.RawMessage, words.Text, error) {
	if s.d.Over || seat != s.d.Turn {
		return nil, words.Text{}, fmt.Errorf("seat %d has no open decision", seat)
	}
	if s.d.Pending != "" {
		opts := s.pathOptions(s.d.Pending)
		return Move{Type: MovePath, Path: opts[bestFor(opts, seat)].path}.raw(),
			words.New("caesar.caretaker.path"), nil
	}
	conns := s.connections(s.d.RoadsLeft[seat])
	if len(conns) == 0 {
		return nil, words.Text{}, fmt.Errorf("seat %d cannot connect any city", seat)
	}
	type rating struct{ points, roads, value int }
	rate := func(c connection) rating {
		city := c.path[len(c.path)-1]
		n := s.clone()
		for _, ri := range c.routes {
			n.d.Built[ri] = seat
		}
		n.d.Owner[n.b.cityIdx[city]] = seat
		opts := n.pathOptions(city)
		return rating{opts[bestFor(opts, seat)].points[seat], c.roads, s.b.Cities[s.b.cityIdx[city]].Value}
	}
	best, br := 0, rate(conns[0])
	for i, c := range conns[1:] {
		r := rate(c)
		if r.points > br.points || r.points == br.points && (r.roads < br.roads || r.roads == br.roads && r.value > br.value) {
			best, br = i+1, r
		}
	}
	return Move{Type: MoveConnect, Path: conns[best].path}.raw(),
		words.New("caesar.caretaker.connect"), nil
}

// bestFor is the index of the way giving seat the most points (first on ties).
func bestFor(opts []pathOption, seat int) int {
	best := 0
	for i, o := range opts {
		if o.points[seat] > opts[best].points[seat] {
			best = i
		}
	}
	return best
}

// Summary is the JSON-friendly overview of a position.
type Summary struct {
	Board      string          `json:"board"`
	Turn       int             `json:"turn"`
	Phase      string          `json:"phase"` // "connect", "score-path" or "over"
	Pending    string          `json:"pending,omitempty"`
	CitiesLeft int             `json:"cities_left"`
	Removed    []string        `json:"removed_treasures"`
	Players    []PlayerSummary `json:"players"`
}

// PlayerSummary is one seat in the summary.
type PlayerSummary struct {
	Seat      int      `json:"seat"`
	Name      string   `json:"name"`
	Colour    string   `json:"colour"`
	Track     int      `json:"track"`
	RoadsLeft int      `json:"roads_left"`
	Cities    []string `json:"cities"`
	Tableau   Tableau  `json:"tableau"`
	Final     *Final   `json:"final,omitempty"`
}

// Summary returns the overview: scores, roads left, cities and treasures.
func (s *State) Summary() any {
	sum := Summary{
		Board:      s.b.ID,
		Turn:       s.d.Turn,
		Phase:      "connect",
		Pending:    s.d.Pending,
		CitiesLeft: s.citiesLeft(),
		Removed:    slices.Clone(s.d.Removed),
	}
	switch {
	case s.d.Over:
		sum.Phase = "over"
	case s.d.Pending != "":
		sum.Phase = "score-path"
	}
	for seat, name := range s.d.Players {
		p := PlayerSummary{
			Seat: seat, Name: name, Colour: playerColours[seat],
			Track: s.d.Track[seat], RoadsLeft: s.d.RoadsLeft[seat],
			Cities: []string{}, Tableau: s.tableau(seat),
		}
		for i, o := range s.d.Owner {
			if o == seat {
				p.Cities = append(p.Cities, s.b.Cities[i].ID)
			}
		}
		if s.d.Over {
			f := s.d.Final[seat]
			p.Final = &f
		}
		sum.Players = append(sum.Players, p)
	}
	return sum
}

// Situation describes, for seat, what matters to the open decision,
// sentence by sentence.
func (s *State) Situation(seat int) []words.Text {
	if seat < 0 || seat >= len(s.d.Players) {
		return nil
	}
	out := []words.Text{
		words.New("caesar.situation.colour").With("colour", colourArg(playerColours[seat])),
		words.New("caesar.situation.roads").With("roads", countText("caesar.count.roads_left", s.d.RoadsLeft[seat])).
			With("points", countText("caesar.count.points", s.d.Track[seat])),
	}
	var cities []words.Arg
	for i, o := range s.d.Owner {
		if o == seat {
			cities = append(cities, words.Sub(s.cityText(s.b.Cities[i].ID)))
		}
	}
	if len(cities) > 0 {
		out = append(out, words.New("caesar.situation.cities").List("cities", cities...))
	}
	out = append(out, words.New("caesar.situation.available").Count(s.citiesLeft()))
	if s.d.Pending != "" && seat == s.d.Turn {
		out = append(out, words.New("caesar.situation.pending").With("city", s.b.nodeArg(s.d.Pending)))
	}
	var others []words.Arg
	for o := range s.d.Players {
		if o != seat {
			others = append(others, words.Sub(words.New("caesar.situation.rival").Seat("player", o).
				With("points", countText("caesar.count.points", s.d.Track[o])).
				With("roads", countText("caesar.count.roads", s.d.RoadsLeft[o]))))
		}
	}
	out = append(out, words.New("caesar.situation.others").List("others", others...))
	if s.d.Over {
		out = append(out, words.New("caesar.situation.over").Count(s.d.Final[seat].Total))
	}
	return out
}

// Static checks that State offers the optional interfaces.
var (
	_ game.State        = (*State)(nil)
	_ game.Drawer       = (*State)(nil)
	_ game.Describer    = (*State)(nil)
	_ game.SubjectNamer = (*State)(nil)
	_ game.StateV1      = (*State)(nil)
	_ game.ResultV1     = (*State)(nil)
	_ game.Game         = Game{}
)
