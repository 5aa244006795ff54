package imperial

import (
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// Battles (rule book MANEUVER, battles; FAQ): units are matched 1:1 and
// removed. Fleets fight fleets at sea; armies fight armies on land; an army
// and a fleet fight only while the fleet lies in its harbour. The
// maneuvering nation may fight at any time; when one of its units enters a
// region (or an army there changes status), the other governments present
// may demand a battle if it does not fight.

// canFight reports whether a unit of kind a may fight one of kind b in r.
func (s *State) canFight(r int, a, b string) bool {
	if s.b.Regions[r].Kind == board.Sea {
		return a == "fleet" && b == "fleet"
	}
	return a == "army" || b == "army" // on land: never fleet against fleet
}

func has(st Stack, kind string) bool {
	if kind == "fleet" {
		return st.Fleets > 0
	}
	return kind == "army" && st.Armies > 0
}

// opponents lists, in turn order, the other nations with a unit in r that
// can fight a unit of the given kind.
func (s *State) opponents(r int, kind string) []int {
	var out []int
	for ni := range s.Units {
		if ni == s.Turn {
			continue
		}
		st := s.Units[ni][r]
		if (has(st, "army") && s.canFight(r, kind, "army")) || (has(st, "fleet") && s.canFight(r, kind, "fleet")) {
			out = append(out, ni)
		}
	}
	return out
}

func (s *State) openConflict(r int, kind string, hostile bool) {
	if len(s.opponents(r, kind)) == 0 {
		return
	}
	s.Maneuver.Conflict = &Conflict{Region: r, Unit: kind, Hostile: hostile, Stage: "mover"}
}

func (s *State) battle(m Move, l *log) error {
	ni := s.Turn
	r, err := s.region(m.Region)
	if err != nil {
		return err
	}
	other, err := s.nation(m.Against)
	if err != nil {
		return err
	}
	c := s.Maneuver.Conflict
	if c != nil && (c.Region != r || c.Unit != m.Unit) {
		return broke("battle", s.reg(errText("settle_first"), "region", c.Region).Term("unit", unitKey(c.Unit)))
	}
	if !isUnit(m.Unit) || !isUnit(m.Target) {
		return broke("battle", errText("unit_kind"))
	}
	if other == ni || !has(s.Units[ni][r], m.Unit) || !s.canFight(r, m.Unit, m.Target) {
		return broke("who_fights", s.reg(s.nat(errText("cannot_fight"), "nation", ni), "region", r).
			Term("unit", unitKey(m.Unit)).Term("target", aUnitKey(m.Target)))
	}
	if !s.hasTarget(other, r, m.Target, m.TargetHostile) {
		return broke("who_fights", s.reg(s.nat(errText("no_target"), "nation", other), "region", r).Term("unit", unitKey(m.Target)))
	}
	if c != nil {
		s.removeEntering(c)
		s.Maneuver.Conflict = nil
	} else {
		s.removeOwn(r, m.Unit)
	}
	s.removeTarget(other, r, m.Target, m.TargetHostile)
	l.say(func() words.Text { return s.battleEvent("battle", r, ni, m.Unit, other, m.Target) })
	if s.site().WholeStackFights {
		s.fightOn(r, other, m.Target, ni)
	}
	s.siteFought(r, other, ni, l)
	return nil
}

func (s *State) hasTarget(ni, r int, kind string, hostile bool) bool {
	st := s.Units[ni][r]
	switch kind {
	case "fleet":
		return st.Fleets > 0 && !hostile
	case "army":
		if hostile {
			return st.Hostile > 0
		}
		return st.Armies-st.Hostile > 0
	}
	return false
}

func (s *State) removeTarget(ni, r int, kind string, hostile bool) {
	st := &s.Units[ni][r]
	if kind == "fleet" {
		st.Fleets--
		return
	}
	st.Armies--
	if hostile {
		st.Hostile--
	}
}

// removeEntering removes the unit that opened the conflict: it has moved,
// with the status it entered with.
func (s *State) removeEntering(c *Conflict) {
	st, mv := &s.Units[s.Turn][c.Region], &s.Maneuver.Moved[c.Region]
	switch {
	case c.Unit == "fleet":
		st.Fleets--
		mv.Fleets--
	case c.Hostile:
		st.Armies--
		st.Hostile--
		mv.Hostile--
	default:
		st.Armies--
		mv.Friendly--
	}
}

// removeOwn removes one of the maneuvering nation's units of a kind in r:
// one that has already moved if possible (it can do nothing more), a lying
// army before a standing one.
func (s *State) removeOwn(r int, kind string) {
	st, mv := &s.Units[s.Turn][r], &s.Maneuver.Moved[r]
	if kind == "fleet" {
		st.Fleets--
		if mv.Fleets > 0 {
			mv.Fleets--
		}
		return
	}
	f, _, _ := s.unmoved(r)
	st.Armies--
	switch {
	case mv.Friendly > 0:
		mv.Friendly--
	case mv.Hostile > 0:
		mv.Hostile--
		st.Hostile--
	case f > 0:
	default:
		st.Hostile--
	}
}

func (s *State) peace(l *log) error {
	c := s.Maneuver.Conflict
	if c == nil || c.Stage != "mover" {
		return broke("battle", errText("no_peace_question"))
	}
	c.Asked = s.opponents(c.Region, c.Unit)
	c.Stage = "others"
	if s.site().StickyFriendly && c.Unit == "army" {
		s.laySite(s.Turn, c.Region, true)
	}
	l.say(func() words.Text { return s.reg(s.nat(ev("peace"), "nation", s.Turn), "region", c.Region) })
	return nil
}

// answerConflict takes the answer of a government asked whether to fight
// the unit that entered.
func (s *State) answerConflict(seat int, m Move, l *log) error {
	c := s.Maneuver.Conflict
	ni, err := s.nation(m.Nation)
	if err != nil {
		return err
	}
	idx := -1
	for i, x := range c.Asked {
		if x == ni {
			idx = i
		}
	}
	if idx < 0 {
		return broke("demand", s.reg(s.nat(errText("not_asked"), "nation", ni), "region", c.Region))
	}
	if err := s.mustGovern(seat, ni); err != nil {
		return err
	}
	switch m.Type {
	case MNoBattle:
		c.Asked = append(c.Asked[:idx], c.Asked[idx+1:]...)
		l.say(func() words.Text { return s.reg(s.nat(ev("no_demand"), "nation", ni), "region", c.Region) })
		s.siteLast("coexist")
		if s.site().CoexistLaysDown {
			s.laySite(ni, c.Region, s.site().StickyFriendly)
		}
		if len(c.Asked) == 0 {
			s.Maneuver.Conflict = nil
		}
	case MDemand:
		if !isUnit(m.Unit) {
			return broke("demand", errText("unit_kind"))
		}
		if !has(s.Units[ni][c.Region], m.Unit) || !s.canFight(c.Region, m.Unit, c.Unit) {
			return broke("demand", s.reg(s.nat(errText("cannot_demand"), "nation", ni), "region", c.Region).
				Term("unit", unitKey(m.Unit)).Term("target", unitKey(c.Unit)))
		}
		s.removeEntering(c)
		st := &s.Units[ni][c.Region]
		if m.Unit == "fleet" {
			st.Fleets--
		} else {
			st.Armies--
			if st.Hostile > st.Armies {
				st.Hostile--
			}
		}
		s.Maneuver.Conflict = nil
		l.say(func() words.Text { return s.battleEvent("battle_demanded", c.Region, s.Turn, c.Unit, ni, m.Unit) })
		if s.site().WholeStackFights {
			s.fightOn(c.Region, s.Turn, m.Unit, ni)
		}
		s.siteFought(c.Region, s.Turn, ni, l)
	default:
		return broke("demand", s.reg(s.nat(errText("demand_expected"), "nation", ni), "region", c.Region))
	}
	s.maybeEndManeuver(l)
	return nil
}

// destroyFactory: three (hostile) armies destroy a foreign factory whose
// province holds no unit of its owner; the armies are removed with it (rule
// book MANEUVER, destruction; Venice example).
func (s *State) destroyFactory(m Move, l *log) error {
	ni := s.Turn
	r, err := s.region(m.Region)
	if err != nil {
		return err
	}
	if err := s.canDestroy(r); err != nil {
		return err
	}
	owner := s.b.Regions[r].NationIdx
	st, mv := &s.Units[ni][r], &s.Maneuver.Moved[r]
	st.Armies -= 3
	st.Hostile -= 3
	mv.Hostile -= min(mv.Hostile, 3)
	s.Factories[r] = false
	l.say(func() words.Text {
		return s.reg(s.nat(s.nat(ev("factory_destroyed"), "nation", ni), "owner", owner), "region", r)
	})
	return nil
}

// canDestroy refuses a destruction that destroyCheck forbids, saying why.
func (s *State) canDestroy(r int) error {
	reg := s.b.Regions[r]
	switch s.destroyCheck(r) {
	case "no_foreign_factory":
		return broke("destroy", s.reg(errText("no_foreign_factory"), "region", r))
	case "defenders_left":
		return broke("destroy", s.reg(s.nat(errText("defenders_left"), "nation", reg.NationIdx), "region", r))
	case "three_armies":
		return broke("destroy_three", s.reg(s.nat(errText("three_armies"), "nation", s.Turn), "region", r))
	case "last_factory_destroy":
		return broke("destroy_last", s.nat(errText("last_factory_destroy"), "nation", reg.NationIdx))
	}
	return nil
}

// destroyCheck names the first condition that forbids destroying the
// factory in r, "" if none: cheap enough to ask of every region whenever
// the maneuver's moves are listed.
func (s *State) destroyCheck(r int) string {
	reg := s.b.Regions[r]
	switch {
	case !s.foreignHome(r) || !s.Factories[r]:
		return "no_foreign_factory"
	case !s.Units[reg.NationIdx][r].empty():
		return "defenders_left"
	case s.Units[s.Turn][r].Hostile < 3:
		return "three_armies"
	case s.protectedProvince(r):
		return "last_factory_destroy"
	}
	return ""
}

func isUnit(kind string) bool { return kind == "army" || kind == "fleet" }

// battleEvent tells of a battle in r between a unit of nation a and one
// of nation b, both removed.
func (s *State) battleEvent(id string, r, a int, unitA string, b int, unitB string) words.Text {
	t := s.reg(s.nat(s.nat(ev(id), "nation", a), "other", b), "region", r)
	return t.Term("unit", aUnitKey(unitA)).Term("other_unit", aUnitKey(unitB))
}
