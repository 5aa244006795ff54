package caesar

import (
	"fmt"
	"slices"

	"rondel/game"
	"rondel/game/words"
)

// maxPaths bounds the enumeration of shortest ways; boards are small and
// real networks have a handful, this only guards against a pathological
// transcribed board.
const maxPaths = 4096

// pathOption is one way from the new city to Rome with the points it gives.
type pathOption struct {
	path   []string // city ... Rome
	points []int    // by seat, already doubled for gold
}

// distances returns the fewest roads from Rome to every node over built routes.
func (s *State) distances() map[string]int {
	dist := map[string]int{Rome: 0}
	done := map[string]bool{}
	for {
		// Dijkstra by linear scan: at most 41 nodes.
		cur, best := "", -1
		for n, d := range dist {
			if !done[n] && (best < 0 || d < best || d == best && n < cur) {
				cur, best = n, d
			}
		}
		if best < 0 {
			return dist
		}
		done[cur] = true
		for _, ri := range s.b.adj[cur] {
			if s.d.Built[ri] < 0 {
				continue
			}
			o := s.b.Routes[ri].Other(cur)
			nd := best + s.b.Routes[ri].Roads
			if d, ok := dist[o]; !ok || nd < d {
				dist[o] = nd
			}
		}
	}
}

// shortestPaths lists every way with the fewest roads from city back to
// Rome over built routes, in a stable order.
func (s *State) shortestPaths(city string) [][]string {
	dist := s.distances()
	if _, ok := dist[city]; !ok {
		return nil
	}
	var out [][]string
	var walk func(path []string)
	walk = func(path []string) {
		if len(out) >= maxPaths {
			return
		}
		cur := path[len(path)-1]
		if cur == Rome {
			out = append(out, slices.Clone(path))
			return
		}
		for _, ri := range s.b.sortedAdj(cur) {
			if s.d.Built[ri] < 0 {
				continue
			}
			o := s.b.Routes[ri].Other(cur)
			if d, ok := dist[o]; ok && d+s.b.Routes[ri].Roads == dist[cur] {
				walk(append(path, o))
			}
		}
	}
	walk([]string{city})
	return out
}

// pathPoints gives each seat a point per road of theirs on path, doubled
// for everyone when the city's treasure is gold.
func (s *State) pathPoints(path []string) []int {
	pts := make([]int, len(s.d.Players))
	mult := 1
	if s.d.Treasures[s.b.cityIdx[path[0]]] == Gold {
		mult = 2
	}
	for i := 0; i+1 < len(path); i++ {
		ri := s.b.route(path[i], path[i+1])
		pts[s.d.Built[ri]] += mult * s.b.Routes[ri].Roads
	}
	return pts
}

// pathOptions lists the shortest ways from city to Rome, one per distinct
// share-out of points: ways that give everyone the same points are the same
// choice, so the mover is only asked when the choice matters.
func (s *State) pathOptions(city string) []pathOption {
	var out []pathOption
	for _, p := range s.shortestPaths(city) {
		pts := s.pathPoints(p)
		if !slices.ContainsFunc(out, func(o pathOption) bool { return slices.Equal(o.points, pts) }) {
			out = append(out, pathOption{path: p, points: pts})
		}
	}
	return out
}

// checkPath validates a chosen way: from the pending city to Rome along
// built routes, with the fewest roads.
func (s *State) checkPath(path []string) (pathOption, error) {
	const rule = "caesar.rule.shortest_way"
	if len(path) < 2 || path[0] != s.d.Pending || path[len(path)-1] != Rome {
		return pathOption{}, game.Refuse(rule, words.New("caesar.error.way_ends").With("city", s.b.nodeArg(s.d.Pending)))
	}
	roads := 0
	for i := 0; i+1 < len(path); i++ {
		if !s.b.isNode(path[i+1]) {
			return pathOption{}, game.Refuse(rule, words.New("caesar.error.no_place").Lit("place", fmt.Sprintf("%q", path[i+1])))
		}
		ri := s.b.route(path[i], path[i+1])
		if ri < 0 || s.d.Built[ri] < 0 {
			return pathOption{}, game.Refuse(rule, words.New("caesar.error.way_gap").
				With("a", s.b.nodeArg(path[i])).With("b", s.b.nodeArg(path[i+1])))
		}
		roads += s.b.Routes[ri].Roads
	}
	if want := s.distances()[s.d.Pending]; roads != want {
		return pathOption{}, game.Refuse(rule, words.New("caesar.error.way_long").Num("roads", roads).Num("shortest", want))
	}
	return pathOption{path: path, points: s.pathPoints(path)}, nil
}

// score adds the points of a way to the track.
func (s *State) score(o pathOption) game.Event {
	var seats []int
	for seat, p := range o.points {
		if p > 0 {
			s.d.Track[seat] += p
			seats = append(seats, seat)
		}
	}
	id := "caesar.event.scored"
	if s.gold(o) {
		id = "caesar.event.scored_gold"
	}
	return game.Event{Msg: words.New(id).With("way", s.wayArg(o.path)).With("shares", shares(o.points)), Seats: seats}
}

// gold reports whether the way starts at a city whose treasure is gold,
// which doubles its points.
func (s *State) gold(o pathOption) bool { return s.d.Treasures[s.b.cityIdx[o.path[0]]] == Gold }

// shares says who scores what: "Ann 2, Ben 1".
func shares(points []int) words.Arg {
	var parts []words.Arg
	for seat, p := range points {
		if p > 0 {
			parts = append(parts, words.Sub(words.New("caesar.share").Seat("player", seat).Num("points", p)))
		}
	}
	return chain("caesar.shares", parts)
}

// wayArg says a way from place to place: "Aquileia – Ravenna – Rome".
func (s *State) wayArg(path []string) words.Arg {
	nodes := make([]words.Arg, len(path))
	for i, n := range path {
		nodes[i] = s.b.nodeArg(n)
	}
	return chain("caesar.way", nodes)
}

// pathLabel says a choice of way with what it scores.
func (s *State) pathLabel(o pathOption) words.Text {
	id := "caesar.move.path"
	if s.gold(o) {
		id = "caesar.move.path_gold"
	}
	return words.New(id).With("way", s.wayArg(o.path)).With("shares", shares(o.points))
}
