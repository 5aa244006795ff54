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
	var rs routeScratch
	for r, reg := range s.b.Regions {
		f, h, fl := s.unmoved(r)
		if fl > 0 && !s.Maneuver.ArmiesMoving {
			g := s.reg(group("fleet"), "region", r)
			for _, t := range s.fleetTargets(r) {
				add(Move{Type: MFleet, From: reg.ID, To: s.b.Regions[t].ID}, s.reg(label("fleet"), "to", t), g)
			}
		}
		if f+h > 0 {
			s.armyMoves(r, f, h, add, &rs)
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
func (s *State) armyMoves(r, f, h int, add adder, rs *routeScratch) {
	reg := s.b.Regions[r]
	routes := s.armyRoutesInto(rs.routes[:0], r)
	rs.routes = routes
	byLand := s.reg(group("army"), "region", r)
	byConvoy := byLand // texts are never changed: one group shared
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
			l = rs.label(rt.To, func() words.Text { return s.reg(label("army"), "to", rt.To) })
		}
		if s.foreignHome(rt.To) {
			if l.status == nil {
				l.status = statusOf(l.plain)
				if rt.Via == nil {
					rs.keep(rt.To, l)
				}
			}
			add(m, l.status.friendly, g)
			if !s.protectedProvince(rt.To) {
				m.Hostile = true
				add(m, l.status.hostile, g)
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
	plain  words.Text
	status *statusLabels // into a foreign home province; nil until needed
}

// statusLabels are a move's labels as a friend and as a foe
// (withStatus), made in one allocation: both name the same move.
type statusLabels struct {
	friendly, hostile words.Text
	args              [2]words.Named
}

func statusOf(plain words.Text) *statusLabels {
	st := &statusLabels{}
	st.args[0] = words.Named{Name: "move", Arg: words.Sub(plain)}
	st.args[1] = st.args[0]
	st.friendly = words.Make(statusKey("move", ".friendly"), st.args[0:1:1]...)
	st.hostile = words.Make(statusKey("move", ".hostile"), st.args[1:2:2]...)
	return st
}

// routeScratch is what a maneuver's list keeps from one army's moves to
// the next: the route buffer (armyRoutesInto) and the labels by land made
// so far, found by region (at: index+1 in labels; 0: none yet). A list
// reaches a few dozen regions by land, so the labels are not one slot per
// region of the board.
type routeScratch struct {
	routes []route
	at     []uint16
	labels []routeLabels
}

// label is the labels of a move by land to region to, made by plain the
// first time.
func (rs *routeScratch) label(to int, plain func() words.Text) routeLabels {
	if to < len(rs.at) && rs.at[to] != 0 {
		return rs.labels[rs.at[to]-1]
	}
	rs.keep(to, routeLabels{plain: plain()})
	return rs.labels[len(rs.labels)-1]
}

// keep stores l as the labels by land to region to.
func (rs *routeScratch) keep(to int, l routeLabels) {
	if to >= len(rs.at) {
		rs.at = append(rs.at, make([]uint16, to+1-len(rs.at)+32)...)
	}
	if i := rs.at[to]; i != 0 {
		rs.labels[i-1] = l
		return
	}
	if rs.labels == nil {
		rs.labels = make([]routeLabels, 0, 32)
	}
	rs.labels = append(rs.labels, l)
	rs.at[to] = uint16(len(rs.labels)) // a board has far fewer regions
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
					// One allocation for the label's arguments (words.Make).
					nat := words.Named{Name: "nation", Arg: words.Term(s.nationKey(other))}
					unit := words.Named{Name: "unit", Arg: words.Term(unitKey(mine))}
					var t words.Text
					switch {
					case target == "army" && s.b.Regions[r].Kind == board.Home && s.b.Regions[r].NationIdx != other && hostile:
						t = words.Make(prefixed(labelKeys, "imperial.move.", "battle_standing"), nat, unit)
					case target == "army" && s.b.Regions[r].Kind == board.Home && s.b.Regions[r].NationIdx != other:
						t = words.Make(prefixed(labelKeys, "imperial.move.", "battle_lying"), nat, unit)
					default:
						t = words.Make(prefixed(labelKeys, "imperial.move.", "battle"), nat, unit,
							words.Named{Name: "target", Arg: words.Term(unitKey(target))})
					}
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
