package imperial

import (
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// Maneuver (rule book MANEUVER): fleets move first, then armies, then flags
// are placed. Each unit present at the start may move once; battles may be
// fought at any time during the nation's own maneuver.

func (s *State) startManeuver(l *log) {
	nr := len(s.b.Regions)
	s.Maneuver = &Maneuver{Moved: make([]Moved, nr), ConvoyUsed: make([]int, nr)}
	s.Phase = PhaseManeuver
	if !s.anyUnitCanAct() {
		l.say(func() words.Text { return s.nat(ev("nothing_to_maneuver"), "nation", s.Turn) })
		s.endManeuver(l)
	}
}

// unmoved returns the active nation's unmoved friendly and hostile armies and
// unmoved fleets in r.
func (s *State) unmoved(r int) (friendly, hostile, fleets int) {
	st := s.Units[s.Turn][r]
	mv := s.Maneuver.Moved[r]
	return int(st.Armies - st.Hostile - mv.Friendly), int(st.Hostile - mv.Hostile), int(st.Fleets - mv.Fleets)
}

// anyUnitCanAct reports whether some unit may still move, change status or
// fight, or three armies may still destroy a factory (the Venice example:
// the destruction follows the last army's move).
func (s *State) anyUnitCanAct() bool {
	for r := range s.b.Regions {
		if s.Units[s.Turn][r].Hostile >= 3 && s.destroyCheck(r) == "" {
			return true
		}
		// The maneuvering nation may fight at any time (004 FAQ), also
		// after its last move.
		if st := s.Units[s.Turn][r]; (has(st, "army") && len(s.opponents(r, "army")) > 0) || (has(st, "fleet") && len(s.opponents(r, "fleet")) > 0) {
			return true
		}
		f, h, fl := s.unmoved(r)
		if fl > 0 && !s.Maneuver.ArmiesMoving {
			return true
		}
		// A land border is always a route; only coastal armies without one
		// (Dublin) need the full route search.
		if f+h > 0 && (s.landNeighbour(r) || s.foreignHome(r) || len(s.armyRoutes(r)) > 0) {
			return true
		}
	}
	return false
}

func (s *State) landNeighbour(r int) bool {
	for _, y := range s.b.Regions[r].Adj {
		if s.b.Regions[y].IsLand() {
			return true
		}
	}
	return false
}

// foreignHome reports whether r is a home province of a nation other than
// the one maneuvering.
func (s *State) foreignHome(r int) bool {
	reg := s.b.Regions[r]
	return reg.Kind == board.Home && reg.NationIdx != s.Turn
}

func (s *State) doManeuver(seat int, m Move, l *log) error {
	if s.Maneuver.Canal != nil {
		return s.answerCanal(seat, m, l)
	}
	if c := s.Maneuver.Conflict; c != nil && c.Stage == "others" {
		return s.answerConflict(seat, m, l)
	}
	if err := s.mustGovern(seat, s.Turn); err != nil {
		return err
	}
	if c := s.Maneuver.Conflict; c != nil && m.Type != MBattle && m.Type != MPeace {
		return broke("battle", s.reg(s.nat(errText("battle_first"), "nation", s.Turn), "region", c.Region).Term("unit", unitKey(c.Unit)))
	}
	var err error
	switch m.Type {
	case MFleet:
		err = s.throughCanal(m, l, (*State).moveFleet)
	case MArmy:
		err = s.throughCanal(m, l, (*State).moveArmy)
	case MStatus:
		err = s.changeStatus(m, l)
	case MBattle:
		err = s.battle(m, l)
	case MPeace:
		err = s.peace(l)
	case MDestroy:
		err = s.destroyFactory(m, l)
	case MEnd:
		l.say(func() words.Text { return s.nat(ev("maneuver_ended"), "nation", s.Turn) })
		s.endManeuver(l)
		return nil
	default:
		return broke("maneuver", s.nat(errText("maneuver_expected"), "nation", s.Turn))
	}
	if err != nil {
		return err
	}
	s.maybeEndManeuver(l)
	return nil
}

// maybeEndManeuver ends the maneuver once no conflict is open and no unit
// can act any more.
func (s *State) maybeEndManeuver(l *log) {
	if s.Phase == PhaseManeuver && s.Maneuver.Conflict == nil && !s.anyUnitCanAct() {
		s.endManeuver(l)
	}
}

func (s *State) endManeuver(l *log) {
	if s.site().SiteFlags {
		s.siteEndManeuver(l)
		return
	}
	s.placeFlags(l)
	s.Maneuver = nil
	s.finishAction(l)
}

func (s *State) moveFleet(m Move, l *log) error {
	ni := s.Turn
	if s.Maneuver.ArmiesMoving {
		return broke("fleets_first", errText("fleets_first"))
	}
	from, err := s.region(m.From)
	if err != nil {
		return err
	}
	to, err := s.region(m.To)
	if err != nil {
		return err
	}
	if _, _, fl := s.unmoved(from); fl <= 0 {
		return broke("each_unit_once", s.reg(s.nat(errText("no_unmoved"), "nation", ni), "region", from).Term("unit", unitKey("fleet")))
	}
	if !s.fleetCanGo(from, to) {
		return broke("fleets", s.reg(s.reg(errText("fleet_cannot"), "from", from), "to", to))
	}
	s.Units[ni][from].Fleets--
	s.Units[ni][to].Fleets++
	s.Maneuver.Moved[to].Fleets++
	s.siteMoved(from, to, "move")
	l.say(func() words.Text { return s.reg(s.reg(s.nat(ev("fleet_moved"), "nation", ni), "from", from), "to", to) })
	s.openConflict(to, "fleet", false)
	return nil
}

// fleetCanGo: a fleet in harbour may only sail to its anchor sea; at sea it
// moves to an adjacent sea (rule book MANEUVER 1).
func (s *State) fleetCanGo(from, to int) bool {
	fr, tr := s.b.Regions[from], s.b.Regions[to]
	if tr.Kind != board.Sea {
		return false
	}
	if fr.Kind == board.Home {
		return fr.PortIdx == to
	}
	return fr.Kind == board.Sea && s.b.Adjacent(from, to)
}

func (s *State) fleetTargets(from int) []int { return s.fleetTargetsInto(nil, from) }

// fleetTargetsInto is fleetTargets appending to out (a maneuver's list
// reuses one buffer for all its fleets).
func (s *State) fleetTargetsInto(out []int, from int) []int {
	fr := s.b.Regions[from]
	if fr.Kind == board.Home {
		if fr.PortIdx >= 0 {
			return append(out, fr.PortIdx)
		}
		return out
	}
	for _, y := range fr.Adj {
		if s.b.Regions[y].Kind == board.Sea {
			out = append(out, y)
		}
	}
	return out
}

// flagCount is how many of its flags the nation has on the board.
func (s *State) flagCount(ni int) int {
	n := 0
	for _, f := range s.Flags {
		if f == ni {
			n++
		}
	}
	return n
}

// placeFlags: at the end of a maneuver, every land or sea region (not a home
// province) held by one nation alone carries that nation's flag; a flag
// stays while a region is empty or shared (rule book MANEUVER 3, FAQ). A
// nation with all its flags out cannot take new regions; being alone there
// only removes the other nation's flag (rules-notes 27).
func (s *State) placeFlags(l *log) {
	for r, reg := range s.b.Regions {
		if reg.Kind != board.Land && reg.Kind != board.Sea {
			continue
		}
		alone := -1
		for ni := range s.Units {
			if !s.Units[ni][r].empty() {
				if alone >= 0 {
					alone = -2
					break
				}
				alone = ni
			}
		}
		if alone < 0 || s.Flags[r] == alone {
			continue
		}
		if s.flagCount(alone) >= s.b.Nations[alone].Flags {
			if s.Flags[r] >= 0 {
				l.say(func() words.Text {
					return s.reg(s.nat(s.nat(ev("flag_removed"), "nation", s.Flags[r]), "other", alone), "region", r)
				})
				s.Flags[r] = -1
			}
			continue
		}
		s.Flags[r] = alone
		l.say(func() words.Text { return s.reg(s.nat(ev("flag_placed"), "nation", alone), "region", r) })
	}
}
