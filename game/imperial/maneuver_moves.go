package imperial

import (
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// maneuverMoves lists the maneuvering government's moves: per unit (its
// kind and region make the group) its destinations, the battles it may
// fight, factories it may destroy, and "End the maneuver" in a group of
// its own, so a form always shows it.
func (s *State) maneuverMoves(add adder) {
	ni := s.Turn
	if c := s.Maneuver.Conflict; c != nil {
		s.battleMoves(c.Region, c.Unit, add)
		add(Move{Type: MPeace}, label("peace"), s.reg(group("battle"), "region", c.Region))
		return
	}
	labels := make([]routeLabels, len(s.b.Regions))
	for r, reg := range s.b.Regions {
		f, h, fl := s.unmoved(r)
		if fl > 0 && !s.Maneuver.ArmiesMoving {
			g := s.reg(group("fleet"), "region", r)
			for _, t := range s.fleetTargets(r) {
				add(Move{Type: MFleet, From: reg.ID, To: s.b.Regions[t].ID}, s.reg(label("fleet"), "to", t), g)
			}
		}
		if f+h > 0 {
			s.armyMoves(r, f, h, add, labels)
		}
	}
	for r := range s.b.Regions {
		if !s.Units[ni][r].empty() {
			s.battleMoves(r, "", add)
		}
		if s.destroyCheck(r) == "" {
			add(Move{Type: MDestroy, Region: s.b.Regions[r].ID}, s.reg(label("destroy"), "region", r), group("destroy"))
		}
	}
	add(Move{Type: MEnd}, label("end_maneuver"), group("end_maneuver"))
}

// maxGroup is the most moves one group may hold: a form without
// JavaScript shows a group as one list.
const maxGroup = 40

// armyMoves lists where the armies in r (f friendly and h hostile ones
// not yet moved) may go, and their changes of status. Routes by land and
// railway form one group and routes by convoy another when the two
// together would be too long a list.
func (s *State) armyMoves(r, f, h int, add adder, labels []routeLabels) {
	reg := s.b.Regions[r]
	routes := s.armyRoutes(r)
	byLand, byConvoy := s.reg(group("army"), "region", r), s.reg(group("army"), "region", r)
	if s.armyMoveCount(routes) > maxGroup {
		byLand, byConvoy = s.reg(group("army_land"), "region", r), s.reg(group("army_convoy"), "region", r)
	}
	for _, rt := range routes {
		to := s.b.Regions[rt.To]
		m := Move{Type: MArmy, From: reg.ID, To: to.ID, Via: s.viaIDs(rt.Via)}
		var l routeLabels
		g := byLand
		if rt.Via != nil {
			l.plain, g = s.reg(label("army_convoy"), "to", rt.To).With("seas", s.regions(rt.Via)), byConvoy
		} else {
			if !labels[rt.To].made {
				labels[rt.To] = routeLabels{made: true, plain: s.reg(label("army"), "to", rt.To)}
			}
			l = labels[rt.To]
		}
		if s.foreignHome(rt.To) {
			if l.friendly.IsZero() {
				l.friendly = withStatus(l.plain, true, false, "move")
				l.hostile = withStatus(l.plain, true, true, "move")
				if rt.Via == nil {
					labels[rt.To] = l
				}
			}
			add(m, l.friendly, g)
			if !s.protectedProvince(rt.To) {
				m.Hostile = true
				add(m, l.hostile, g)
			}
			continue
		}
		add(m, l.plain, g)
	}
	if s.foreignHome(r) {
		if f > 0 && !s.protectedProvince(r) {
			add(Move{Type: MStatus, Region: reg.ID, Hostile: true}, label("stand_up"), byLand)
		}
		if h > 0 {
			add(Move{Type: MStatus, Region: reg.ID}, label("lie_down"), byLand)
		}
	}
}

// routeLabels are the labels of an army's move by land to one region,
// made once per list: every army in reach of a region is offered it.
// Texts share their arguments and are never changed, so moves may share
// them.
type routeLabels struct {
	made                     bool
	plain, friendly, hostile words.Text
}

// armyMoveCount is how many moves armyMoves lists for the routes.
func (s *State) armyMoveCount(routes []route) int {
	n := 2
	for _, rt := range routes {
		n++
		if s.foreignHome(rt.To) {
			n++
		}
	}
	return n
}

// battleMoves lists the battles the mover may start in r (with a unit of
// kind only, if set).
func (s *State) battleMoves(r int, only string, add adder) {
	ni := s.Turn
	g := s.reg(group("battle"), "region", r)
	for _, mine := range []string{"army", "fleet"} {
		if (only != "" && mine != only) || !has(s.Units[ni][r], mine) {
			continue
		}
		for other := range s.Units {
			if other == ni {
				continue
			}
			for _, target := range []string{"army", "fleet"} {
				if !s.canFight(r, mine, target) {
					continue
				}
				for _, hostile := range []bool{false, true} {
					if !s.hasTarget(other, r, target, hostile) || (hostile && target != "army") {
						continue
					}
					t := label("battle").Term("target", unitKey(target))
					if target == "army" && s.b.Regions[r].Kind == board.Home && s.b.Regions[r].NationIdx != other {
						t = label(map[bool]string{true: "battle_standing", false: "battle_lying"}[hostile])
					}
					t = s.nat(t, "nation", other).Term("unit", unitKey(mine))
					add(Move{Type: MBattle, Region: s.b.Regions[r].ID, Unit: mine, Against: s.nationID(other), Target: target, TargetHostile: hostile}, t, g)
				}
			}
		}
	}
}

// demandMoves lists a government's answers to a unit that entered.
func (s *State) demandMoves(nationID string, add adder) {
	c := s.Maneuver.Conflict
	ni, _ := s.b.Nation(nationID)
	g := s.reg(s.nat(group("demand"), "nation", ni), "region", c.Region)
	for _, mine := range []string{"army", "fleet"} {
		if has(s.Units[ni][c.Region], mine) && s.canFight(c.Region, mine, c.Unit) {
			add(Move{Type: MDemand, Nation: nationID, Unit: mine},
				label("demand").Term("unit", unitKey(mine)).Term("target", unitKey(c.Unit)), g)
		}
	}
	add(Move{Type: MNoBattle, Nation: nationID}, label("no_battle"), g)
}
