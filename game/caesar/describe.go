package caesar

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"rondel/game"
)

// Caretaker returns the default move on a timeout. For a connection: the
// one needing the fewest roads (saving roads for the bonus), then the city
// of highest value, then the first in the listing. For the choice of way to
// Rome: the way giving the mover the most points, then the first listed.
func (s *State) Caretaker(seat int) (json.RawMessage, string, error) {
	if s.d.Over || seat != s.d.Turn {
		return nil, "", fmt.Errorf("seat %d has no open decision", seat)
	}
	if s.d.Pending != "" {
		opts := s.pathOptions(s.d.Pending)
		best := 0
		for i, o := range opts {
			if o.points[seat] > opts[best].points[seat] {
				best = i
			}
		}
		return Move{Type: MovePath, Path: opts[best].path}.raw(),
			"the caretaker scores the shortest way that gives you the most points", nil
	}
	conns := s.connections(s.d.RoadsLeft[seat])
	if len(conns) == 0 {
		return nil, "", fmt.Errorf("seat %d cannot connect any city", seat)
	}
	value := func(c connection) int { return s.b.Cities[s.b.cityIdx[c.path[len(c.path)-1]]].Value }
	best := 0
	for i, c := range conns {
		b := conns[best]
		if c.roads < b.roads || c.roads == b.roads && value(c) > value(b) {
			best = i
		}
	}
	return Move{Type: MoveConnect, Path: conns[best].path}.raw(),
		"the caretaker connects the city that needs the fewest roads, the most valuable among those", nil
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
			Seat: seat, Name: name, Colour: PlayerColours[seat],
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
	fmt.Fprintf(&b, "You play %s. You have %d roads left and %d points on the track.", PlayerColours[seat], s.d.RoadsLeft[seat], s.d.Track[seat])
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
