package caesar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"rondel/game"
	"rondel/game/words"
)

// ruleMove is the rule a move breaks that is not a move of this game at all.
const ruleMove = "caesar.rule.move"

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
		// encoding/json names a field the move does not have; say which.
		if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return m, game.Refuse(ruleMove, words.New("caesar.error.move_field").Lit("field", strings.Trim(field, `"`)))
		}
		return m, game.Refuse(ruleMove, words.New("caesar.error.move_json"))
	}
	if dec.More() {
		return m, game.Refuse(ruleMove, words.New("caesar.error.move_extra"))
	}
	return m, nil
}

// CanonicalMove returns the JSON the engine writes for raw
// (game.Canonicalizer): unknown fields are refused by parseMove, and the
// move is written again as LegalMoves writes it.
func (s *State) CanonicalMove(seat int, raw json.RawMessage) (json.RawMessage, error) {
	m, err := parseMove(raw)
	if err != nil {
		return nil, err
	}
	if m.Type != MoveConnect && m.Type != MovePath {
		return nil, game.Refuse(ruleMove, words.New("caesar.error.move_type").Lit("type", string(m.Type)))
	}
	return m.raw(), nil
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

// LegalMoves lists every move seat may make now, in memory of its own.
func (s *State) LegalMoves(seat int) []game.LegalMove {
	var buf game.MoveBuf
	return s.ListMoves(&buf, seat)
}

// ListMoves lists every move seat may make now into buf
// (game.MoveBufLister): the list is valid until the next listing into
// buf. No moves: nil from a fresh buffer (as LegalMoves' always was).
func (s *State) ListMoves(buf *game.MoveBuf, seat int) []game.LegalMove {
	buf.Reset()
	if s.d.Over || seat != s.d.Turn {
		return nil
	}
	out := buf.Moves
	if s.d.Pending != "" {
		for _, o := range s.pathOptions(s.d.Pending) {
			out = append(out, game.LegalMove{
				Move:  appendMove(buf, MovePath, o.path),
				Label: s.pathLabel(o),
				Group: words.New("caesar.group.path"),
			})
		}
		buf.Moves = out
		return out
	}
	conns := s.connections(s.d.RoadsLeft[seat])
	if len(conns) == 0 {
		return out
	}
	if cap(out) < len(conns) {
		out = make([]game.LegalMove, 0, len(conns))
	}
	if cap(buf.Acts) < len(conns) { // made once, at its size
		buf.Acts = make([]game.BoardAct, 0, len(conns))
	}
	if n := jsonSize(MoveConnect, conns); cap(buf.JSON) < n {
		buf.JSON = make([]byte, 0, n)
	}
	// Many connections end in one city: its group text and board
	// reference are made once and shared (a Text is never changed).
	sc := cityScratch(buf, len(s.b.Cities))
	for _, c := range conns {
		end := c.path[len(c.path)-1]
		i := s.b.cityIdx[end]
		if sc.at[i] == 0 {
			sc.words = append(sc.words, cityWords{group: s.cityText(end), pick: game.Ref("city", end)})
			sc.at[i] = int16(len(sc.words))
		}
		cw := sc.words[sc.at[i]-1]
		buf.Acts = append(buf.Acts, game.BoardAct{Pick: cw.pick})
		out = append(out, game.LegalMove{
			Move:  appendMove(buf, MoveConnect, c.path),
			Label: s.connectionLabel(c),
			Group: cw.group,
			Board: &buf.Acts[len(buf.Acts)-1],
		})
	}
	buf.Moves = out
	return out
}

// connectionLabel says a connection: "Rome – Ravenna (1 road)".
func (s *State) connectionLabel(c connection) words.Text {
	return words.Make("caesar.move.connect", words.Named{Name: "way", Arg: s.wayArg(c.path)}, words.Named{Name: words.CountArg, Arg: words.Num(c.roads)})
}

// Apply plays move for seat. It never changes s.
func (s *State) Apply(seat int, raw json.RawMessage) (game.State, []game.Event, error) {
	if s.d.Over {
		return nil, nil, game.Refuse("caesar.rule.game_over", words.New("caesar.error.game_over"))
	}
	if seat < 0 || seat >= len(s.d.Players) {
		return nil, nil, game.Refuse("caesar.rule.seat", words.New("caesar.error.no_seat").Num("seat", seat))
	}
	if seat != s.d.Turn {
		return nil, nil, game.Refuse("caesar.rule.turn_order", words.New("caesar.error.not_your_turn").Seat("player", s.d.Turn))
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
	case m.Type == MoveConnect:
		return nil, nil, game.Refuse("caesar.rule.move_order", words.New("caesar.error.path_due").With("city", s.b.nodeArg(s.d.Pending)))
	case m.Type == MovePath:
		return nil, nil, game.Refuse("caesar.rule.move_order", words.New("caesar.error.connect_due"))
	default:
		return nil, nil, game.Refuse(ruleMove, words.New("caesar.error.move_type").Lit("type", fmt.Sprintf("%q", m.Type)))
	}
}

// checkConnect validates a connect path against the rules of building and
// returns the routes it fills.
func (s *State) checkConnect(seat int, path []string) ([]int, int, error) {
	const twoRoads = "caesar.rule.one_or_two_roads"
	if len(path) < 2 || len(path) > 3 {
		return nil, 0, game.Refuse(twoRoads, words.New("caesar.error.path_length"))
	}
	for _, n := range path {
		if !s.b.isNode(n) {
			return nil, 0, game.Refuse("caesar.rule.map", words.New("caesar.error.no_place").Lit("place", fmt.Sprintf("%q", n)))
		}
	}
	if !s.connected(path[0]) {
		return nil, 0, game.Refuse("caesar.rule.road_start", words.New("caesar.error.start").With("place", s.b.nodeArg(path[0])))
	}
	city := path[len(path)-1]
	if !s.available(city) {
		return nil, 0, game.Refuse("caesar.rule.available_city", words.New("caesar.error.not_available").With("city", s.b.nodeArg(city)))
	}
	if len(path) == 3 && (path[1] == Rome || !s.connected(path[1])) {
		return nil, 0, game.Refuse("caesar.rule.through_claimed", words.New("caesar.error.through").With("place", s.b.nodeArg(path[1])))
	}
	if len(path) == 3 && path[0] == path[2] {
		return nil, 0, game.Refuse(twoRoads, words.New("caesar.error.loop"))
	}
	var routes []int
	roads := 0
	for i := 0; i+1 < len(path); i++ {
		a, b := s.b.nodeArg(path[i]), s.b.nodeArg(path[i+1])
		ri := s.b.route(path[i], path[i+1])
		if ri < 0 {
			return nil, 0, game.Refuse("caesar.rule.routes", words.New("caesar.error.no_route").With("a", a).With("b", b))
		}
		if o := s.d.Built[ri]; o >= 0 {
			return nil, 0, game.Refuse("caesar.rule.no_overbuilding", words.New("caesar.error.built").With("a", a).With("b", b).Seat("player", o))
		}
		routes = append(routes, ri)
		roads += s.b.Routes[ri].Roads
	}
	if roads > 2 {
		return nil, 0, game.Refuse(twoRoads, words.New("caesar.error.too_many_roads").Count(roads))
	}
	if roads > s.d.RoadsLeft[seat] {
		return nil, 0, game.Refuse("caesar.rule.roads_supply", words.New("caesar.error.roads_left").Count(s.d.RoadsLeft[seat]))
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
		Msg: words.New("caesar.event.connect").With("player", playerArg(seat)).Sub("city", n.cityText(city)).
			Sub("connection", n.connectionLabel(conn)).With("treasure", treasureArg(n.d.Treasures[ci])),
		Seats: []int{seat},
	}}
	opts := n.pathOptions(city)
	if len(opts) == 1 {
		events = append(events, n.score(opts[0]))
		events = append(events, n.advance()...)
	} else {
		n.d.Pending = city
		events = append(events, game.Event{
			Msg: words.New("caesar.event.choose").Num("ways", len(opts)).With("city", n.b.nodeArg(city)).
				Seat("player", seat),
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
				Msg:   words.New("caesar.event.pass").With("player", playerArg(seat)).Count(s.d.RoadsLeft[seat]),
				Seats: []int{seat},
			})
		}
		events = append(events, game.Event{Msg: words.New("caesar.event.stuck").Count(s.citiesLeft())})
	}
	return append(events, s.finish()...)
}
