package caesar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"rondel/game"
)

// Move types.
const (
	MoveConnect = "connect" // {"type":"connect","path":["rome","neapolis","brundisium"]}
	MovePath    = "path"    // {"type":"path","path":["brundisium","neapolis","rome"]}
)

// Move is the JSON form of every move. For "connect", Path runs from where
// the new roads start (Rome or a claimed city) to the city connected, with
// an optional claimed city in between. For "path", Path runs from the city
// just connected back to Rome along built roads.
type Move struct {
	Type string   `json:"type"`
	Path []string `json:"path"`
}

func (m Move) raw() json.RawMessage {
	b, _ := json.Marshal(m) // a struct of strings always encodes
	return b
}

// parseMove decodes a move strictly: unknown fields and trailing data are errors.
func parseMove(raw json.RawMessage) (Move, error) {
	var m Move
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, game.Broke("move", "the move is not valid JSON of the form {\"type\":..., \"path\":[...]}: %v", err)
	}
	if dec.More() {
		return m, game.Broke("move", "the move has extra data after the JSON object")
	}
	return m, nil
}

// connection is one legal way to connect a city this turn.
type connection struct {
	path   []string // start, [claimed city,] new city
	routes []int
	roads  int
}

// connections lists every legal connection for a player with roads left:
// one free route of 1 or 2 roads from Rome or a claimed city to an
// available city, or two free 1-road routes through one claimed city.
// Ordered by city, then start, so listings are stable.
func (s *State) connections(roads int) []connection {
	var out []connection
	for _, c := range s.b.Cities {
		if !s.available(c.ID) {
			continue
		}
		for _, last := range s.b.sortedAdj(c.ID) {
			r := s.b.Routes[last]
			mid := r.Other(c.ID)
			if s.d.Built[last] >= 0 || !s.connected(mid) || r.Roads > roads {
				continue
			}
			out = append(out, connection{path: []string{mid, c.ID}, routes: []int{last}, roads: r.Roads})
			if mid == Rome || r.Roads != 1 || roads < 2 {
				continue // the second leg only runs through a claimed city
			}
			for _, first := range s.b.sortedAdj(mid) {
				f := s.b.Routes[first]
				start := f.Other(mid)
				if s.d.Built[first] >= 0 || f.Roads != 1 || start == c.ID || !s.connected(start) {
					continue
				}
				out = append(out, connection{path: []string{start, mid, c.ID}, routes: []int{first, last}, roads: 2})
			}
		}
	}
	return out
}

// LegalMoves lists every move seat may make now.
func (s *State) LegalMoves(seat int) []game.LegalMove {
	if s.d.Over || seat != s.d.Turn {
		return nil
	}
	if s.d.Pending != "" {
		var out []game.LegalMove
		for _, o := range s.pathOptions(s.d.Pending) {
			out = append(out, game.LegalMove{
				Move:  Move{Type: MovePath, Path: o.path}.raw(),
				Label: s.pathLabel(o),
				Group: "Which way to Rome is scored",
			})
		}
		return out
	}
	var out []game.LegalMove
	for _, c := range s.connections(s.d.RoadsLeft[seat]) {
		out = append(out, game.LegalMove{
			Move:  Move{Type: MoveConnect, Path: c.path}.raw(),
			Label: s.connectionLabel(c),
			Group: s.cityLabel(c.path[len(c.path)-1]),
		})
	}
	return out
}

func (s *State) connectionLabel(c connection) string {
	names := make([]string, len(c.path))
	for i, n := range c.path {
		names[i] = s.b.nodeName(n)
	}
	word := "roads"
	if c.roads == 1 {
		word = "road"
	}
	return fmt.Sprintf("%s (%d %s)", strings.Join(names, " – "), c.roads, word)
}

// Apply plays move for seat. It never changes s.
func (s *State) Apply(seat int, raw json.RawMessage) (game.State, []game.Event, error) {
	if s.d.Over {
		return nil, nil, game.Broke("game over", "the game has ended")
	}
	if seat < 0 || seat >= len(s.d.Players) {
		return nil, nil, game.Broke("seat", "there is no seat %d", seat)
	}
	if seat != s.d.Turn {
		return nil, nil, game.Broke("turn order", "it is %s's turn", s.d.Players[s.d.Turn])
	}
	m, err := parseMove(raw)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case m.Type == MoveConnect && s.d.Pending == "":
		return s.applyConnect(seat, m.Path)
	case m.Type == MovePath && s.d.Pending != "":
		return s.applyPath(seat, m.Path)
	case m.Type == MoveConnect || m.Type == MovePath:
		want := MoveConnect
		if s.d.Pending != "" {
			want = MovePath
		}
		return nil, nil, game.Broke("move order", "now a %q move is due, not %q", want, m.Type)
	default:
		return nil, nil, game.Broke("move", "unknown move type %q (want %q or %q)", m.Type, MoveConnect, MovePath)
	}
}

// checkConnect validates a connect path against the rules of building and
// returns the routes it fills.
func (s *State) checkConnect(seat int, path []string) ([]int, int, error) {
	if len(path) < 2 || len(path) > 3 {
		return nil, 0, game.Broke("one or two roads", "a connection is a start and a city, with at most one claimed city in between")
	}
	for _, n := range path {
		if !s.b.isNode(n) {
			return nil, 0, game.Broke("map", "there is no place %q on this board", n)
		}
	}
	if !s.connected(path[0]) {
		return nil, 0, game.Broke("roads start at Rome or a claimed city", "%s is neither Rome nor a claimed city", s.b.nodeName(path[0]))
	}
	city := path[len(path)-1]
	if !s.available(city) {
		return nil, 0, game.Broke("connect an available city", "%s is not an available city", s.b.nodeName(city))
	}
	if len(path) == 3 && (path[1] == Rome || !s.connected(path[1])) {
		return nil, 0, game.Broke("pass only through claimed cities", "roads may pass through claimed cities only, not %s", s.b.nodeName(path[1]))
	}
	if len(path) == 3 && path[0] == path[2] {
		return nil, 0, game.Broke("one or two roads", "the roads must lead somewhere new")
	}
	var routes []int
	roads := 0
	for i := 0; i+1 < len(path); i++ {
		ri := s.b.route(path[i], path[i+1])
		if ri < 0 {
			return nil, 0, game.Broke("routes", "no route joins %s and %s", s.b.nodeName(path[i]), s.b.nodeName(path[i+1]))
		}
		if o := s.d.Built[ri]; o >= 0 {
			return nil, 0, game.Broke("no building over roads", "the route %s – %s already holds roads of %s", s.b.nodeName(path[i]), s.b.nodeName(path[i+1]), s.d.Players[o])
		}
		routes = append(routes, ri)
		roads += s.b.Routes[ri].Roads
	}
	if roads > 2 {
		return nil, 0, game.Broke("one or two roads", "this connection needs %d roads; a turn places one or two", roads)
	}
	if roads > s.d.RoadsLeft[seat] {
		return nil, 0, game.Broke("25 roads", "you have only %d roads left", s.d.RoadsLeft[seat])
	}
	return routes, roads, nil
}

// applyConnect builds the roads, hands over the city and treasure tokens
// and scores the way to Rome (or leaves the choice of way to the mover).
func (s *State) applyConnect(seat int, path []string) (game.State, []game.Event, error) {
	routes, roads, err := s.checkConnect(seat, path)
	if err != nil {
		return nil, nil, err
	}
	n := s.clone()
	for _, ri := range routes {
		n.d.Built[ri] = seat
	}
	n.d.RoadsLeft[seat] -= roads
	city := path[len(path)-1]
	ci := n.b.cityIdx[city]
	n.d.Owner[ci] = seat
	n.d.Turns++
	conn := connection{path: path, routes: routes, roads: roads}
	events := []game.Event{{
		Text:  fmt.Sprintf("%s connects %s: %s, and takes the city and its %s.", n.playerName(seat), n.cityLabel(city), n.connectionLabel(conn), n.d.Treasures[ci]),
		Seats: []int{seat},
	}}
	opts := n.pathOptions(city)
	if len(opts) == 1 {
		events = append(events, n.score(opts[0]))
		events = append(events, n.advance()...)
	} else {
		n.d.Pending = city
		events = append(events, game.Event{
			Text:  fmt.Sprintf("%d shortest ways lead from %s to Rome that score differently; %s chooses.", len(opts), n.b.nodeName(city), n.d.Players[seat]),
			Seats: []int{seat},
		})
	}
	return n, events, nil
}

// applyPath scores the way the mover chose.
func (s *State) applyPath(seat int, path []string) (game.State, []game.Event, error) {
	o, err := s.checkPath(path)
	if err != nil {
		return nil, nil, err
	}
	n := s.clone()
	n.d.Pending = ""
	events := []game.Event{n.score(o)}
	events = append(events, n.advance()...)
	return n, events, nil
}

// advance passes the turn clockwise to the next player who can connect a
// city, and ends the game when no city is left or nobody can connect one.
func (s *State) advance() []game.Event {
	var events []game.Event
	if s.citiesLeft() > 0 {
		np := len(s.d.Players)
		for step := 1; step <= np; step++ {
			seat := (s.d.Turn + step) % np
			if len(s.connections(s.d.RoadsLeft[seat])) > 0 {
				s.d.Turn = seat
				return events
			}
			events = append(events, game.Event{
				Text:  fmt.Sprintf("%s has %d roads left, too few to connect any city, and passes.", s.playerName(seat), s.d.RoadsLeft[seat]),
				Seats: []int{seat},
			})
		}
		events = append(events, game.Event{Text: fmt.Sprintf("No player can connect any of the %d cities left.", s.citiesLeft())})
	}
	return append(events, s.finish()...)
}
