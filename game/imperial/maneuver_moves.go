package imperial

import (
	"fmt"

	"rondel/game/imperial/board"
)

// maneuverMoves lists the maneuvering government's moves.
func (s *State) maneuverMoves(add func(Move, string, string)) {
	ni := s.Turn
	if c := s.Maneuver.Conflict; c != nil {
		s.battleMoves(c.Region, c.Unit, add)
		add(Move{Type: MPeace}, "No battle", "Battle in "+s.regionName(c.Region))
		return
	}
	for r, reg := range s.b.Regions {
		f, h, fl := s.unmoved(r)
		if fl > 0 && !s.Maneuver.ArmiesMoving {
			group := "Fleet in " + reg.Name
			for _, t := range s.fleetTargets(r) {
				add(Move{Type: MFleet, From: reg.ID, To: s.b.Regions[t].ID}, "to "+s.regionName(t), group)
			}
		}
		if f+h > 0 {
			group := "Army in " + reg.Name
			for _, rt := range s.armyRoutes(r) {
				to := s.b.Regions[rt.To]
				m := Move{Type: MArmy, From: reg.ID, To: to.ID, Via: s.viaIDs(rt.Via)}
				label := "to " + to.Name + s.viaWords(rt.Via)
				if s.foreignHome(rt.To) {
					add(m, label+" (friendly)", group)
					if !s.protectedProvince(rt.To) {
						m.Hostile = true
						add(m, label+" (hostile)", group)
					}
					continue
				}
				add(m, label, group)
			}
			if s.foreignHome(r) {
				if f > 0 && !s.protectedProvince(r) {
					add(Move{Type: MStatus, Region: reg.ID, Hostile: true}, "stand up (become hostile) without moving", group)
				}
				if h > 0 {
					add(Move{Type: MStatus, Region: reg.ID}, "lie down (become friendly) without moving", group)
				}
			}
		}
	}
	for r := range s.b.Regions {
		if !s.Units[ni][r].empty() {
			s.battleMoves(r, "", add)
		}
		if s.canDestroy(r) == nil {
			add(Move{Type: MDestroy, Region: s.b.Regions[r].ID}, "Destroy the factory in "+s.regionName(r)+" with three armies", "Factories")
		}
	}
	add(Move{Type: MEnd}, "End the maneuver", "")
}

// battleMoves lists the battles the mover may start in r (with a unit of
// kind only, if set).
func (s *State) battleMoves(r int, only string, add func(Move, string, string)) {
	ni := s.Turn
	group := "Battle in " + s.regionName(r)
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
					label := fmt.Sprintf("your %s against a %s of %s", mine, target, s.nationName(other))
					if target == "army" && s.b.Regions[r].Kind == board.Home && s.b.Regions[r].NationIdx != other {
						label += map[bool]string{true: " (standing)", false: " (lying)"}[hostile]
					}
					add(Move{Type: MBattle, Region: s.b.Regions[r].ID, Unit: mine, Against: s.nationID(other), Target: target, TargetHostile: hostile}, label, group)
				}
			}
		}
	}
}

// demandMoves lists a government's answers to a unit that entered.
func (s *State) demandMoves(nationID string, add func(Move, string, string)) {
	c := s.Maneuver.Conflict
	ni, _ := s.b.Nation(nationID)
	group := fmt.Sprintf("%s in %s", s.nationName(ni), s.regionName(c.Region))
	for _, mine := range []string{"army", "fleet"} {
		if has(s.Units[ni][c.Region], mine) && s.canFight(c.Region, mine, c.Unit) {
			add(Move{Type: MDemand, Nation: nationID, Unit: mine}, fmt.Sprintf("Demand a battle: your %s against the entering %s", mine, c.Unit), group)
		}
	}
	add(Move{Type: MNoBattle, Nation: nationID}, "No battle", group)
}
