package caesar

import (
	"encoding/json"
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/words"
)

// State is an immutable position of Cäsars Imperium.
type State struct {
	b *Board // read-only, shared between states
	d data
}

// data is everything that changes during a game; it is the JSON form of
// the state. Only slices and structs (and the options map, whose keys
// encoding/json sorts), so the encoding is deterministic.
type data struct {
	Version   int          `json:"version"`
	Board     string       `json:"board"`
	Options   game.Options `json:"options"`
	Players   []string     `json:"players"`
	Treasures []string     `json:"treasures"`         // treasure token of each city, by city index
	Removed   []string     `json:"removed"`           // treasures back in the box, sorted
	Owner     []int        `json:"owner"`             // seat that claimed each city, -1 while available
	Built     []int        `json:"built"`             // seat whose roads fill each route, -1 while free
	RoadsLeft []int        `json:"roads_left"`        // by seat
	Track     []int        `json:"track"`             // score track, by seat
	Start     int          `json:"start"`             // start player
	Turn      int          `json:"turn"`              // seat to act
	Turns     int          `json:"turns"`             // cities connected so far
	Pending   string       `json:"pending,omitempty"` // city whose way to Rome awaits the mover's choice
	Over      bool         `json:"over"`
	Final     []Final      `json:"final,omitempty"` // final scoring, by seat, once over
	Result    *game.Result `json:"result,omitempty"`
}

// Final is one seat's final scoring.
type Final struct {
	Track     int `json:"track"`     // points scored for ways to Rome during the game
	Cities    int `json:"cities"`    // highest city per colour (or colour sums)
	Different int `json:"different"` // collections of different treasures (rows)
	Equal     int `json:"equal"`     // collections of equal treasures (columns)
	Gold      int `json:"gold"`      // the gold table
	Roads     int `json:"roads"`     // 10 for the most roads left
	Total     int `json:"total"`
}

// clone returns a deep copy, so Apply never touches its receiver.
func (s *State) clone() *State {
	d := s.d
	d.Options = game.Options{}
	for k, v := range s.d.Options {
		d.Options[k] = v
	}
	d.Players = slices.Clone(s.d.Players)
	d.Treasures = slices.Clone(s.d.Treasures)
	d.Removed = slices.Clone(s.d.Removed)
	d.Owner = slices.Clone(s.d.Owner)
	d.Built = slices.Clone(s.d.Built)
	d.RoadsLeft = slices.Clone(s.d.RoadsLeft)
	d.Track = slices.Clone(s.d.Track)
	d.Final = slices.Clone(s.d.Final)
	if s.d.Result != nil {
		r := *s.d.Result
		r.Scores = slices.Clone(r.Scores)
		r.Places = slices.Clone(r.Places)
		d.Result = &r
	}
	return &State{b: s.b, d: d}
}

// MarshalJSON encodes the whole state deterministically.
func (s *State) MarshalJSON() ([]byte, error) { return json.Marshal(s.d) }

// check makes sure decoded data fits the board, so that no later lookup can
// go out of range.
func (d *data) check(b *Board) error {
	n := len(d.Players)
	switch {
	case n < 2 || n > 5:
		return fmt.Errorf("%d players", n)
	case len(d.Treasures) != len(b.Cities) || len(d.Owner) != len(b.Cities):
		return fmt.Errorf("city lists do not fit board %s", b.ID)
	case len(d.Built) != len(b.Routes):
		return fmt.Errorf("route list does not fit board %s", b.ID)
	case len(d.RoadsLeft) != n || len(d.Track) != n:
		return fmt.Errorf("player lists do not fit %d players", n)
	case d.Turn < 0 || d.Turn >= n || d.Start < 0 || d.Start >= n:
		return fmt.Errorf("seat to act %d out of range", d.Turn)
	case d.Over && (len(d.Final) != n || d.Result == nil):
		return fmt.Errorf("finished game without final scoring")
	}
	for _, o := range append(slices.Clone(d.Owner), d.Built...) {
		if o < -1 || o >= n {
			return fmt.Errorf("owner %d out of range", o)
		}
	}
	for _, r := range d.RoadsLeft {
		if r < 0 || r > RoadsPerPlayer {
			return fmt.Errorf("roads left %d out of range", r)
		}
	}
	for _, t := range d.Treasures {
		if t != Gold && !slices.Contains(kinds, t) {
			return fmt.Errorf("unknown treasure %q", t)
		}
	}
	if d.Pending != "" {
		i, ok := b.cityIdx[d.Pending]
		if !ok || d.Owner[i] != d.Turn {
			return fmt.Errorf("pending city %q is not the mover's", d.Pending)
		}
	}
	return d.checkNetwork(b)
}

// checkNetwork makes sure the roads add up (built + left = 25 for every
// seat) and every claimed city is joined to Rome by built routes, as play
// always leaves them; a state that breaks this was not written by Rondel.
func (d *data) checkNetwork(b *Board) error {
	used := make([]int, len(d.Players))
	for ri, o := range d.Built {
		if o >= 0 {
			used[o] += b.Routes[ri].Roads
		}
	}
	for seat, u := range used {
		if u+d.RoadsLeft[seat] != RoadsPerPlayer {
			return fmt.Errorf("seat %d has %d roads built and %d left", seat, u, d.RoadsLeft[seat])
		}
	}
	s := &State{b: b, d: *d}
	dist := s.distances()
	for i, o := range d.Owner {
		if _, joined := dist[b.Cities[i].ID]; o >= 0 && !joined {
			return fmt.Errorf("claimed city %s is not joined to Rome", b.Cities[i].ID)
		}
	}
	return nil
}

// ToAct lists the one open decision: the mover's connection, or the mover's
// choice of the way to Rome that is scored.
func (s *State) ToAct() []game.Decision {
	if s.d.Over {
		return nil
	}
	if s.d.Pending != "" {
		return []game.Decision{{
			Seat:    s.d.Turn,
			Kind:    "score-path",
			Subject: s.d.Pending,
			Prompt:  words.New("caesar.prompt.score_path").With("city", s.b.nodeArg(s.d.Pending)),
		}}
	}
	return []game.Decision{{
		Seat:   s.d.Turn,
		Kind:   "connect",
		Prompt: words.New("caesar.prompt.connect"),
	}}
}

// SubjectName names the city whose way to Rome is being chosen.
func (s *State) SubjectName(subject string) words.Text { return s.b.nodeText(subject) }

// Finished reports whether the game is over.
func (s *State) Finished() bool { return s.d.Over }

// Result is the outcome, nil until the game is over.
func (s *State) Result() *game.Result {
	if !s.d.Over || s.d.Result == nil {
		return nil
	}
	r := *s.d.Result
	r.Scores = slices.Clone(r.Scores)
	r.Places = slices.Clone(r.Places)
	return &r
}

// playerArg names a seat with its colour, for events: "Ann (yellow)".
func playerArg(seat int) words.Arg {
	return words.Sub(words.New("caesar.player").Seat("player", seat).With("colour", colourArg(playerColours[seat])))
}

// connected reports whether node n is joined to Rome: Rome itself or a
// claimed city (a city is claimed exactly when it is connected).
func (s *State) connected(n string) bool {
	if n == Rome {
		return true
	}
	i, ok := s.b.cityIdx[n]
	return ok && s.d.Owner[i] >= 0
}

// available reports whether n is a city whose tokens are still on it.
func (s *State) available(n string) bool {
	i, ok := s.b.cityIdx[n]
	return ok && s.d.Owner[i] < 0
}

// citiesLeft counts the available cities.
func (s *State) citiesLeft() int {
	n := 0
	for _, o := range s.d.Owner {
		if o < 0 {
			n++
		}
	}
	return n
}

// cityText describes a city with colour, value and treasure:
// "Ravenna (red 2, meat)".
func (s *State) cityText(id string) words.Text {
	i := s.b.cityIdx[id]
	c := s.b.Cities[i]
	// All arguments at once, not a copy per argument: every legal move's group is one.
	return words.Make("caesar.city_label", words.Named{Name: "city", Arg: s.b.nodeArg(id)},
		words.Named{Name: "colour", Arg: colourArg(c.Colour)}, words.Named{Name: "value", Arg: words.Num(c.Value)},
		words.Named{Name: "treasure", Arg: treasureArg(s.d.Treasures[i])})
}

func sortedTreasures(ts []string) []string {
	out := slices.Clone(ts)
	slices.Sort(out)
	if out == nil {
		out = []string{}
	}
	return out
}
