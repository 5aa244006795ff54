package imperial

import (
	"slices"

	"rondel/game/imperial/board"
	"rondel/game/words"
)

// route is one way an army can go: to a region, by land and railway, or
// over the seas in Via by convoy.
type route struct {
	To  int
	Via []int // seas whose fleets carry the army, in order; nil by land
}

// suspended: a home province holding hostile armies has no railway.
func (s *State) suspended(r int) bool { return s.occupied(r) }

// railFrom returns the active nation's home provinces reachable by railway
// from r, r included: the network runs between its own home provinces and
// not into, out of or through an occupied one (rule book MANEUVER 2,
// railroad; FAQ). nil if r is not such a province.
func (s *State) railFrom(r int) []int {
	out, ok := s.railInto(make([]int, 0, 8), r)
	if !ok {
		return nil
	}
	return out
}

// railInto is railFrom appended to out; false (out unchanged) if r is not
// such a province.
func (s *State) railInto(out []int, r int) ([]int, bool) {
	reg := s.b.Regions[r]
	if reg.Kind != board.Home || reg.NationIdx != s.Turn || (s.suspended(r) && !s.site().RailThroughHostile) {
		return out, false
	}
	start := len(out)
	out = append(out, r)
	for i := start; i < len(out); i++ {
		for _, y := range s.b.RailNeighbours(out[i]) {
			if !slices.Contains(out[start:], y) && !s.suspended(y) {
				out = append(out, y)
			}
		}
	}
	return out, true
}

// convoyCapacity is how many more armies the nation's fleets in a sea may
// carry this turn (one army per fleet).
func (s *State) convoyCapacity(sea int) int {
	return int(s.Units[s.Turn][sea].Fleets) - s.Maneuver.ConvoyUsed[sea]
}

// armyRoutes lists where an army in from may go this maneuver: railway
// before, then one step over a land border or one convoy over a chain of
// seas each holding an own fleet with capacity, then railway after if it
// arrives in its own home provinces. Routes by land come first; a region
// reachable by land is not listed again by convoy.
func (s *State) armyRoutes(from int) []route {
	var rs routeScratch
	return s.armyRoutesInto(&rs, from)
}

// armyRoutesInto is armyRoutes in rs's memory (a maneuver's list reuses
// it for all its armies): the routes and their seas are valid until the
// next search in rs.
func (s *State) armyRoutesInto(rs *routeScratch, from int) []route {
	rs.prepare(len(s.b.Regions))
	out := rs.routes[:0]
	start := s.railOf(rs, from)
	if start == nil {
		start = []int{from}
	}
	// Per region: reached by land (1). The railway of each region is
	// looked up once per list (rs.railOf).
	const byLandBit = 1
	var onStack [128]uint8 // both maps have fewer regions: no allocation
	marks := onStack[:]
	if len(s.b.Regions) > len(onStack) {
		marks = make([]uint8, len(s.b.Regions))
	}
	add := func(t int, via []int) {
		if t == from {
			return
		}
		if via == nil {
			if marks[t]&byLandBit == 0 {
				marks[t] |= byLandBit
				out = append(out, route{To: t})
			}
			return
		}
		if marks[t]&byLandBit != 0 {
			return
		}
		for _, o := range out {
			if o.To == t && o.Via != nil && isSubset(o.Via, via) {
				return
			}
		}
		out = append(out, route{To: t, Via: via})
	}
	arrive := func(t int, via []int) {
		add(t, via)
		for _, u := range s.railOf(rs, t) {
			add(u, via)
		}
	}
	for _, x := range start {
		add(x, nil)
		for _, y := range s.b.Regions[x].Adj {
			if s.b.Regions[y].IsLand() {
				arrive(y, nil)
			}
		}
	}
	// Convoys, shortest chains first so that a longer chain over the same
	// seas is never listed. The chains are kept one after another in
	// rs.seas; a chain handed out keeps its array when rs.seas grows.
	rs.seas, rs.chains = rs.seas[:0], rs.chains[:0]
	for _, x := range start {
		for _, y := range s.b.Regions[x].Adj {
			if s.b.Regions[y].Kind == board.Sea && s.convoyCapacity(y) > 0 {
				rs.addChain(nil, y)
			}
		}
	}
	for i := 0; i < len(rs.chains); i++ {
		c := rs.chain(i)
		last := c[len(c)-1]
		for _, y := range s.b.Regions[last].Adj {
			switch {
			case s.b.Regions[y].IsLand():
				arrive(y, c)
			case s.b.Regions[y].Kind == board.Sea && !slices.Contains(c, y) && s.convoyCapacity(y) > 0:
				rs.addChain(c, y)
			}
		}
	}
	// Drop convoy routes made redundant by a route found later by land.
	out = slices.DeleteFunc(out, func(r route) bool { return r.Via != nil && marks[r.To]&byLandBit != 0 })
	rs.routes = out
	return out
}

// landReach reports whether an army in from can reach to by land and
// railway alone: the same routes armyRoutes lists without convoy, checked
// without listing them (a move is applied far more often than listed).
func (s *State) landReach(from, to int) bool {
	if to == from || !s.b.Regions[to].IsLand() {
		return false
	}
	start := s.railFrom(from)
	if start == nil {
		start = []int{from}
	}
	if slices.Contains(start, to) {
		return true
	}
	for _, x := range start {
		for _, y := range s.b.Regions[x].Adj {
			if !s.b.Regions[y].IsLand() {
				continue
			}
			if y == to || slices.Contains(s.railFrom(y), to) {
				return true
			}
		}
	}
	return false
}

// isSubset reports whether every region of small is in big (in any order).
func isSubset(small, big []int) bool {
	for _, x := range small {
		if !slices.Contains(big, x) {
			return false
		}
	}
	return true
}

// protectedProvince: if a nation has only one factory left without hostile
// armies, that province may not be entered by hostile armies and its
// factory cannot be destroyed (rule book MANEUVER, entering provinces).
func (s *State) protectedProvince(r int) bool {
	reg := s.b.Regions[r]
	if reg.Kind != board.Home || !s.Factories[r] || s.occupied(r) {
		return false
	}
	free := 0
	for _, h := range s.b.Nations[reg.NationIdx].Homes {
		if s.Factories[h] && !s.occupied(h) {
			free++
		}
	}
	return free == 1
}

func (s *State) moveArmy(m Move, l *log) error {
	ni := s.Turn
	from, err := s.region(m.From)
	if err != nil {
		return err
	}
	to, err := s.region(m.To)
	if err != nil {
		return err
	}
	f, h, _ := s.unmoved(from)
	if f+h <= 0 {
		return broke("each_unit_once", s.reg(s.nat(errText("no_unmoved"), "nation", ni), "region", from).Term("unit", unitKey("army")))
	}
	var via []int
	for _, id := range m.Via {
		v, err := s.region(id)
		if err != nil {
			return err
		}
		via = append(via, v)
	}
	var found bool
	if len(via) == 0 {
		found = s.landReach(from, to)
	} else {
		for _, r := range s.armyRoutes(from) {
			if r.To == to && r.Via != nil && sameSet(r.Via, via) {
				found = true
				break
			}
		}
	}
	if !found {
		if len(via) > 0 {
			return broke("convoy", s.reg(s.reg(errText("convoy_cannot"), "from", from), "to", to).With("seas", s.regions(via)))
		}
		return broke("armies", s.reg(s.reg(errText("army_cannot"), "from", from), "to", to))
	}
	hostile := m.Hostile
	if hostile && !s.foreignHome(to) {
		return broke("hostile_armies", errText("status_where"))
	}
	if hostile && s.protectedProvince(to) {
		return broke("last_factory", s.reg(s.nat(errText("last_factory_enter"), "nation", s.b.Regions[to].NationIdx), "region", to))
	}
	if hostile && s.site().StickyFriendly && s.siteLaid(ni, to) {
		hostile = false // the site ignores a hostile entry where the nation lies
	}
	// A friendly (lying) army leaves first, keeping standing ones in place.
	st := &s.Units[ni][from]
	st.Armies--
	if f <= 0 {
		st.Hostile--
	}
	for _, v := range via {
		s.Maneuver.ConvoyUsed[v]++
	}
	dst := &s.Units[ni][to]
	dst.Armies++
	if hostile {
		dst.Hostile++
		s.Maneuver.Moved[to].Hostile++
	} else {
		s.Maneuver.Moved[to].Friendly++
	}
	s.Maneuver.ArmiesMoving = true
	s.siteEntry(ni, to, m.Hostile, hostile)
	s.siteMoved(from, to, s.entryKind(to))
	l.say(func() words.Text {
		t := ev("army_moved")
		if len(via) > 0 {
			t = ev("army_convoyed").With("seas", s.regions(via))
		}
		t = s.reg(s.reg(s.nat(t, "nation", ni), "from", from), "to", to)
		return withStatus(t, s.foreignHome(to), hostile, "event")
	})
	s.openConflict(to, "army", hostile)
	return nil
}

// withStatus wraps an army's move into a foreign home province with the
// army's status: "..., friendly (lying)" or "..., hostile (standing)".
// kind is "event" or "move" (a label).
func withStatus(t words.Text, foreign, hostile bool, kind string) words.Text {
	switch {
	case !foreign:
		return t
	case hostile:
		return words.Make(statusKey(kind, ".hostile"), words.Named{Name: "move", Arg: words.Sub(t)})
	default:
		return words.Make(statusKey(kind, ".friendly"), words.Named{Name: "move", Arg: words.Sub(t)})
	}
}

// statusKey is the message id of a move as a friend or a foe; the ids of
// a move ("imperial.move…") are constants, since a maneuver's list names
// one for every route into a foreign home province.
func statusKey(kind, side string) string {
	if kind == "move" {
		if side == ".hostile" {
			return "imperial.move.hostile"
		}
		return "imperial.move.friendly"
	}
	return "imperial." + kind + side
}

func sameSet(a, b []int) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// changeStatus turns a standing army lying or the reverse without moving it
// (rule book: during the nation's next maneuver). It uses that army's move.
func (s *State) changeStatus(m Move, l *log) error {
	ni := s.Turn
	r, err := s.region(m.Region)
	if err != nil {
		return err
	}
	if !s.foreignHome(r) {
		return broke("hostile_armies", errText("status_where"))
	}
	f, h, _ := s.unmoved(r)
	st := &s.Units[ni][r]
	if m.Hostile {
		if f <= 0 {
			return broke("each_unit_once", s.reg(s.nat(errText("no_unmoved_friendly"), "nation", ni), "region", r))
		}
		if s.protectedProvince(r) {
			return broke("last_factory", s.reg(s.nat(errText("last_factory_stand"), "nation", s.b.Regions[r].NationIdx), "region", r))
		}
		st.Hostile++
		s.Maneuver.Moved[r].Hostile++
	} else {
		if h <= 0 {
			return broke("each_unit_once", s.reg(s.nat(errText("no_unmoved_hostile"), "nation", ni), "region", r))
		}
		st.Hostile--
		s.Maneuver.Moved[r].Friendly++
	}
	l.say(func() words.Text {
		status := ev("lay_down")
		if m.Hostile {
			status = ev("stood_up")
		}
		return s.reg(s.nat(status, "nation", ni), "region", r)
	})
	s.openConflict(r, "army", m.Hostile)
	return nil
}
