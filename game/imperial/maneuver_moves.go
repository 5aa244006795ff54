package imperial

import (
	"slices"

	"rondel/game"
	"rondel/game/imperial/board"
	"rondel/game/words"
)

// maneuverMoves lists the maneuvering government's moves: per unit (its
// kind and region make the group) its destinations, the battles it may
// fight, factories it may destroy, and "End the maneuver" in a group of
// its own, so a form always shows it. The labels, groups and references
// come from the board's listTable, the route search's buffers from buf
// (kept in a lent one from one list to the next). Units' moves are put
// with their board acts (boardAct's, by the regions' indices).
func (s *State) maneuverMoves(add adder, put placer, buf *game.MoveBuf, a *listArena) {
	ni, t := s.Turn, a.tableOf(s)
	if c := s.Maneuver.Conflict; c != nil {
		s.battleMoves(c.Region, c.Unit, add, t)
		add(Move{Type: MPeace}, label("peace"), t.text(tGroupBattle, c.Region))
		return
	}
	rs := routeScratchOf(buf)
	rs.reset(len(s.b.Regions))
	for r := range s.b.Regions {
		f, h, fl := s.unmoved(r)
		if fl > 0 && !s.Maneuver.ArmiesMoving {
			g, pick := t.text(tGroupFleet, r), t.unit(ni, r, "fleet")
			rs.targets = s.fleetTargetsInto(rs.targets[:0], r)
			for _, to := range rs.targets {
				put(a.unitMove(MFleet, r, to, nil, false), t.text(tFleetTo, to), g, a.act(pick, t.regionRef[to]))
			}
		}
		if f+h > 0 {
			s.armyMoves(r, f, h, put, rs, a)
		}
	}
	for r := range s.b.Regions {
		if !s.Units[ni][r].empty() {
			s.battleMoves(r, "", add, t)
		}
		if s.destroyCheck(r) == "" {
			add(Move{Type: MDestroy, Region: s.b.Regions[r].ID}, t.text(tDestroy, r), group("destroy"))
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
func (s *State) armyMoves(r, f, h int, put placer, rs *routeScratch, a *listArena) {
	reg, t := s.b.Regions[r], a.table
	pick := t.unit(s.Turn, r, "army")
	at := func(to int) *game.BoardAct { return a.act(pick, t.regionRef[to]) }
	routes := s.armyRoutesInto(rs, r)
	byLand := t.text(tGroupArmy, r)
	byConvoy := byLand // texts are never changed: one group shared
	if s.armyMoveCount(routes) > maxGroup {
		byLand, byConvoy = t.text(tGroupLand, r), t.text(tGroupConvoy, r)
	}
	for _, rt := range routes {
		plain, status, g := t.text(tArmyTo, rt.To), t.status[rt.To], byLand
		if rt.Via != nil {
			plain, status, g = s.reg(label("army_convoy"), "to", rt.To).With("seas", s.regions(rt.Via)), nil, byConvoy
		}
		if s.foreignHome(rt.To) {
			if status == nil {
				status = statusOf(plain)
			}
			put(a.unitMove(MArmy, r, rt.To, rt.Via, false), status.friendly, g, at(rt.To))
			if !s.protectedProvince(rt.To) {
				put(a.unitMove(MArmy, r, rt.To, rt.Via, true), status.hostile, g, at(rt.To))
			}
			continue
		}
		put(a.unitMove(MArmy, r, rt.To, rt.Via, false), plain, g, at(rt.To))
	}
	if s.foreignHome(r) {
		if f > 0 && !s.protectedProvince(r) {
			put(a.json(Move{Type: MStatus, Region: reg.ID, Hostile: true}), label("stand_up"), byLand, at(r))
		}
		if h > 0 {
			put(a.json(Move{Type: MStatus, Region: reg.ID}), label("lie_down"), byLand, at(r))
		}
	}
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
func (s *State) battleMoves(r int, only string, add adder, t *listTable) {
	ni := s.Turn
	g := t.text(tGroupBattle, r)
	for k, mine := range []string{"army", "fleet"} {
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
					add(Move{Type: MBattle, Region: s.b.Regions[r].ID, Unit: mine, Against: s.nationID(other), Target: target, TargetHostile: hostile},
						t.battle[other][k][s.battleLabel(r, other, target, hostile)], g)
				}
			}
		}
	}
}

// battleLabel says which of the listTable's battle labels names a battle
// against nation other's unit of kind target in r.
func (s *State) battleLabel(r, other int, target string, hostile bool) int {
	reg := s.b.Regions[r]
	switch {
	case target == "army" && reg.Kind == board.Home && reg.NationIdx != other && hostile:
		return bStanding
	case target == "army" && reg.Kind == board.Home && reg.NationIdx != other:
		return bLying
	case target == "army":
		return bAgainstArmy
	}
	return bAgainstFleet
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

// routeScratch is the route search's memory (armyRoutesInto), kept from
// one army's routes to the next and, in a lent game.MoveBuf, from one list
// to the next: a maneuver's list searches a dozen armies' routes, and
// each search made a dozen small slices.
type routeScratch struct {
	routes  []route
	railAt  []railSpan // per region: its railway in railBuf, once looked up
	railBuf []int
	seas    []int  // the convoys' chains of seas, one after another
	chains  []span // each chain's place in seas
	targets []int  // a fleet's destinations
}

// railSpan is a region's railway in routeScratch.railBuf: to == 0 not
// looked up yet, to < 0 none (not a home province of the mover's).
type railSpan struct{ from, to int32 }

// span is a chain of seas' place in routeScratch.seas.
type span struct{ from, to int32 }

// reset forgets the railways looked up: a new list, so perhaps a new
// position or board.
func (rs *routeScratch) reset(regions int) {
	rs.railAt = rs.railAt[:0]
	rs.prepare(regions)
}

// prepare makes room for the railways of a board of so many regions.
func (rs *routeScratch) prepare(regions int) {
	if len(rs.railAt) == regions {
		return
	}
	if cap(rs.railAt) < regions {
		rs.railAt = make([]railSpan, regions)
	}
	rs.railAt = rs.railAt[:regions]
	clear(rs.railAt)
	rs.railBuf = rs.railBuf[:0]
}

// railOf is railFrom(r), looked up once per list: the position does not
// change while it is listed. The slice is valid until rs is reset.
func (s *State) railOf(rs *routeScratch, r int) []int {
	sp := &rs.railAt[r]
	if sp.to == 0 {
		from := len(rs.railBuf)
		var ok bool
		if rs.railBuf, ok = s.railInto(rs.railBuf, r); ok {
			*sp = railSpan{int32(from), int32(len(rs.railBuf))}
		} else {
			*sp = railSpan{-1, -1}
		}
	}
	if sp.to < 0 {
		return nil
	}
	return rs.railBuf[sp.from:sp.to:sp.to] // keeps its array when railBuf grows
}

// chain is the i-th chain of seas found.
func (rs *routeScratch) chain(i int) []int {
	sp := rs.chains[i]
	return rs.seas[sp.from:sp.to:sp.to]
}

// addChain adds the chain c followed by sea y, unless it is there already.
func (rs *routeScratch) addChain(c []int, y int) {
	for i := range rs.chains {
		if o := rs.chain(i); len(o) == len(c)+1 && o[len(c)] == y && slices.Equal(o[:len(c)], c) {
			return
		}
	}
	from := len(rs.seas)
	rs.seas = append(rs.seas, c...)
	rs.seas = append(rs.seas, y)
	rs.chains = append(rs.chains, span{int32(from), int32(len(rs.seas))})
}
