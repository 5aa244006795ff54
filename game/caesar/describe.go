package caesar

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rondel/game"
)

// Caretaker returns the default move on a timeout. For a connection: the
// one that scores the mover the most points on the track this turn (with
// the best way, if the mover would choose), then the fewest roads, then
// the city of highest value, then the first in the listing. For the
// choice of way to Rome: the way giving the mover the most points, then
// the first listed.
func (s *State) Caretaker(seat int) (json.RawMessage, string, error) {
	if s.d.Over || seat != s.d.Turn {
		return nil, "", fmt.Errorf("seat %d has no open decision", seat)
	}
	if s.d.Pending != "" {
		opts := s.pathOptions(s.d.Pending)
		return Move{Type: MovePath, Path: opts[bestFor(opts, seat)].path}.raw(),
			"the caretaker scores the shortest way that gives you the most points", nil
	}
	conns := s.connections(s.d.RoadsLeft[seat])
	if len(conns) == 0 {
		return nil, "", fmt.Errorf("seat %d cannot connect any city", seat)
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
		"the caretaker connects the city that scores you the most points now, with the fewest roads", nil
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

// Situation describes, for seat, what matters to the open decision.
func (s *State) Situation(seat int) string {
	if seat < 0 || seat >= len(s.d.Players) {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "You play %s. You have %d roads left and %d points on the track.", playerColours[seat], s.d.RoadsLeft[seat], s.d.Track[seat])
	var cities []string
	for i, o := range s.d.Owner {
		if o == seat {
			c := s.b.Cities[i]
			cities = append(cities, fmt.Sprintf("%s (%s %d, %s)", c.Name, c.Colour, c.Value, s.d.Treasures[i]))
		}
	}
	if len(cities) > 0 {
		fmt.Fprintf(&b, " Your cities: %s.", strings.Join(cities, ", "))
	}
	fmt.Fprintf(&b, " %d cities are still available.", s.citiesLeft())
	if s.d.Pending != "" && seat == s.d.Turn {
		fmt.Fprintf(&b, " You have connected %s; several shortest ways lead back to Rome and you choose which one is scored.", s.b.nodeName(s.d.Pending))
	}
	var others []string
	for o := range s.d.Players {
		if o != seat {
			others = append(others, fmt.Sprintf("%s %d points, %d roads", s.d.Players[o], s.d.Track[o], s.d.RoadsLeft[o]))
		}
	}
	fmt.Fprintf(&b, " Others: %s.", strings.Join(others, "; "))
	if s.d.Over {
		fmt.Fprintf(&b, " The game is over: you scored %d in all.", s.d.Final[seat].Total)
	}
	return b.String()
}

// Static checks that State offers the optional interfaces.
var (
	_ game.State     = (*State)(nil)
	_ game.Drawer    = (*State)(nil)
	_ game.Describer = (*State)(nil)
	_ game.Game      = Game{}
)
