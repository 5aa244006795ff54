package caesar

import (
	"fmt"
	"slices"
	"strings"

	"rondel/game"
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
	rule := "shortest way scores"
	if len(path) < 2 || path[0] != s.d.Pending || path[len(path)-1] != Rome {
		return pathOption{}, game.Broke(rule, "the way must run from %s to Rome", s.b.nodeName(s.d.Pending))
	}
	roads := 0
	for i := 0; i+1 < len(path); i++ {
		if !s.b.isNode(path[i+1]) {
			return pathOption{}, game.Broke(rule, "there is no place %q on this board", path[i+1])
		}
		ri := s.b.route(path[i], path[i+1])
		if ri < 0 || s.d.Built[ri] < 0 {
			return pathOption{}, game.Broke(rule, "no roads are built between %s and %s", s.b.nodeName(path[i]), s.b.nodeName(path[i+1]))
		}
		roads += s.b.Routes[ri].Roads
	}
	if want := s.distances()[s.d.Pending]; roads != want {
		return pathOption{}, game.Broke(rule, "this way uses %d roads, the shortest uses %d", roads, want)
	}
	return pathOption{path: path, points: s.pathPoints(path)}, nil
}

// score adds the points of a way to the track.
func (s *State) score(o pathOption) game.Event {
	var parts []string
	var seats []int
	for seat, p := range o.points {
		if p > 0 {
			s.d.Track[seat] += p
			parts = append(parts, fmt.Sprintf("%s %d", s.d.Players[seat], p))
			seats = append(seats, seat)
		}
	}
	text := fmt.Sprintf("Way to Rome scored, %s: %s.", s.pathWords(o.path), strings.Join(parts, ", "))
	if s.d.Treasures[s.b.cityIdx[o.path[0]]] == Gold {
		text = strings.TrimSuffix(text, ".") + " (doubled for gold)."
	}
	return game.Event{Text: text, Seats: seats}
}

func (s *State) pathWords(path []string) string {
	names := make([]string, len(path))
	for i, n := range path {
		names[i] = s.b.nodeName(n)
	}
	return strings.Join(names, " – ")
}

func (s *State) pathLabel(o pathOption) string {
	var parts []string
	for seat, p := range o.points {
		if p > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s.d.Players[seat], p))
		}
	}
	label := fmt.Sprintf("%s: scores %s", s.pathWords(o.path), strings.Join(parts, ", "))
	if s.d.Treasures[s.b.cityIdx[o.path[0]]] == Gold {
		label += " (doubled for gold)"
	}
	return label
}
