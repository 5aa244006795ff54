package playimperial

import (
	"encoding/json"
	"fmt"
	"slices"

	"rondel/game/imperial"
	"rondel/game/imperial/board"
)

// step is one Rondel move to apply.
type step struct {
	seat int
	move imperial.Move
}

// outcome of translating one entry: moves to apply, or consumed with a
// note, or refused.
type outcome struct {
	steps    []step
	consumed bool // accepted without a move of its own
	note     string
}

var maneuverTypes = []string{"maneuver", "fight", "coexist", "friendlyEntrance", "unfriendlyEntrance",
	"destroyFactory", "skipDestroyFactory", "endManeuver"}

// translator turns entries into moves against the current state.
type translator struct {
	s       *imperial.State
	names   []string
	entries []Entry
	i       int // index of the entry being translated
}

func (t *translator) seatOf(player string) int { return slices.Index(t.names, player) }

func (t *translator) govOf(nation NationRef) int {
	sum := t.s.Summarize()
	n, ok := sum.Nations[string(nation)]
	if !ok || n.Government == nil {
		return -1
	}
	return t.seatOf(*n.Government)
}

func (t *translator) turnNation() string { return t.s.Board().Nations[t.s.Turn].ID }

// legal returns the legal moves of seat, decoded.
func (t *translator) legal(seat int) []imperial.Move {
	var out []imperial.Move
	for _, lm := range t.s.LegalMoves(seat) {
		var m imperial.Move
		if json.Unmarshal(lm.Move, &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

func (t *translator) one(seat int, m imperial.Move) outcome {
	return outcome{steps: []step{{seat, m}}}
}

func refuse(format string, args ...any) outcome {
	return outcome{note: fmt.Sprintf(format, args...)}
}

func (t *translator) translate(e Entry) outcome {
	p := e.Payload
	switch e.Type {
	case "rondel":
		if string(p.Nation) != t.turnNation() || t.s.Phase != imperial.PhaseRondel {
			return refuse("not %s's rondel turn here", p.Nation)
		}
		return t.one(t.govOf(p.Nation), imperial.Move{Type: imperial.MRondel, Slot: p.Slot})
	case "import":
		if t.s.Phase != imperial.PhaseImport && len(p.Placements) == 0 {
			return outcome{consumed: true, note: "Rondel does not ask for an import the nation cannot make"}
		}
		units := []imperial.Placement{}
		for _, pl := range p.Placements {
			units = append(units, imperial.Placement{Region: pl.Province, Unit: pl.Type})
		}
		return t.one(t.govOf(NationRef(t.turnNation())), imperial.Move{Type: imperial.MImport, Units: units})
	case "buildFactory":
		return t.one(t.govOf(NationRef(t.turnNation())), imperial.Move{Type: imperial.MFactory, Region: p.Province})
	case "skipBuildFactory":
		if t.s.Phase != imperial.PhaseFactory {
			return outcome{consumed: true, note: "Rondel does not ask when no factory can be built"}
		}
		return t.one(t.govOf(NationRef(t.turnNation())), imperial.Move{Type: imperial.MSkipFactory})
	case "maneuver":
		return t.maneuver(p)
	case "fight":
		return t.fight(p)
	case "coexist":
		return t.coexist(p)
	case "friendlyEntrance", "unfriendlyEntrance":
		if t.i > 0 && t.entries[t.i-1].Type == "maneuver" && t.entries[t.i-1].Payload.Destination == p.Province {
			return outcome{consumed: true, note: "the army's status was set with its move"}
		}
		return refuse("no army just entered %s", p.Province)
	case "destroyFactory":
		return t.one(t.govOf(NationRef(t.turnNation())), imperial.Move{Type: imperial.MDestroy, Region: p.Province})
	case "skipDestroyFactory":
		return outcome{consumed: true, note: "destroying a factory is optional in Rondel; nothing to do"}
	case "endManeuver":
		if t.s.Phase != imperial.PhaseManeuver {
			return outcome{consumed: true, note: "the maneuver had already ended"}
		}
		return t.one(t.govOf(NationRef(t.turnNation())), imperial.Move{Type: imperial.MEnd})
	case "bondPurchase":
		return t.bond(p)
	case "skipBondPurchase":
		seat := t.seatOf(p.Player)
		if !t.asked(seat) {
			return outcome{consumed: true, note: "Rondel does not ask this player now (nothing affordable or not their turn)"}
		}
		return t.one(seat, imperial.Move{Type: imperial.MSkipBond})
	case "forceInvestor":
		return t.one(t.seatOf(p.Player), imperial.Move{Type: imperial.MForce})
	case "skipForceInvestor":
		return t.one(t.seatOf(p.Player), imperial.Move{Type: imperial.MNoForce})
	case "endGame":
		if t.s.Finished() {
			return outcome{consumed: true, note: "the game is over"}
		}
		return refuse("the site ends the game here, but no nation has 25 power points")
	case "noop":
		return refuse("noop: the site ignores it")
	}
	return refuse("unknown entry type %q", e.Type)
}

func (t *translator) asked(seat int) bool {
	for _, d := range t.s.ToAct() {
		if d.Seat == seat {
			return true
		}
	}
	return false
}

func (t *translator) bond(p Payload) outcome {
	seat := t.seatOf(p.Player)
	if seat < 0 {
		return refuse("unknown player %q", p.Player)
	}
	m := imperial.Move{Type: imperial.MBond, Nation: string(p.Nation), Cost: p.Cost}
	if p.TradeInValue != nil {
		m.TradeIn = *p.TradeInValue
	}
	if m.TradeIn == 0 && p.Cost > t.s.Summarize().Players[p.Player].Cash {
		// The site trades in the player's highest bond of that nation.
		for _, b := range t.s.Summarize().Players[p.Player].Bonds {
			if b.Nation == m.Nation && b.Cost < p.Cost {
				m.TradeIn = b.Cost
			}
		}
	}
	return t.one(seat, m)
}

// maneuver moves a fleet (destination at sea) or an army. An army entering
// another nation's home province is hostile or friendly as the entries that
// follow show.
func (t *translator) maneuver(p Payload) outcome {
	b := t.s.Board()
	to, ok := b.Region(p.Destination)
	if !ok {
		return refuse("unknown region %q", p.Destination)
	}
	gov := t.govOf(NationRef(t.turnNation()))
	if b.Regions[to].Kind == board.Sea {
		return t.one(gov, imperial.Move{Type: imperial.MFleet, From: p.Origin, To: p.Destination})
	}
	reg := b.Regions[to]
	foreign := reg.Kind == board.Home && reg.Nation != t.turnNation()
	hostile := foreign && t.entryStatus(p.Destination)
	var best *imperial.Move
	for _, m := range t.legal(gov) {
		if m.Type != imperial.MArmy || m.From != p.Origin || m.To != p.Destination {
			continue
		}
		if best == nil || (m.Hostile == hostile && best.Hostile != hostile) || (len(m.Via) < len(best.Via) && m.Hostile == best.Hostile) {
			mm := m
			best = &mm
		}
	}
	if best == nil {
		return refuse("Rondel's rules do not let an army of %s go from %s to %s now", t.turnNation(), p.Origin, p.Destination)
	}
	o := t.one(gov, *best)
	if foreign && best.Hostile != hostile {
		o.note = "the last unoccupied factory of that nation is protected: the army enters friendly (rule book 004 MANEUVER, entering provinces)"
	}
	return o
}

// entryStatus looks ahead at how the site settles the army's entry.
func (t *translator) entryStatus(province string) bool {
	for j := t.i + 1; j < len(t.entries); j++ {
		switch e := t.entries[j]; e.Type {
		case "unfriendlyEntrance":
			return true
		case "friendlyEntrance", "coexist":
			return false
		case "fight":
			// After a battle the site gives the army the status its
			// nation's armies there already have, hostile if none.
			u := t.s.Summarize().Nations[t.turnNation()].Units[province]
			return !(u.Armies > 0 && u.Hostile == 0)
		default:
			return true
		}
	}
	return true
}

// fight: the mover fights (incumbent = the other nation, challenger = the
// mover), or an asked nation demands a battle (challenger = that nation).
func (t *translator) fight(p Payload) outcome {
	if t.s.Phase != imperial.PhaseManeuver {
		return refuse("no maneuver is running")
	}
	mover := t.turnNation()
	c := t.s.Maneuver.Conflict
	if string(p.Challenger) != mover {
		if c == nil || c.Stage != "others" {
			return refuse("%s is not asked about a battle now", p.Challenger)
		}
		gov := t.govOf(p.Challenger)
		for _, m := range t.legal(gov) {
			if m.Type == imperial.MDemand && m.Nation == string(p.Challenger) {
				return t.one(gov, m)
			}
		}
		return refuse("%s has nothing that can fight here", p.Challenger)
	}
	gov := t.govOf(NationRef(mover))
	var cands []imperial.Move
	for _, m := range t.legal(gov) {
		if m.Type == imperial.MBattle && m.Region == p.Province && m.Against == string(p.Incumbent) {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return refuse("Rondel sees no battle for %s against %s in %s", mover, p.Incumbent, p.Province)
	}
	best := cands[0]
	for _, m := range cands {
		if m.Target == p.TargetType && (best.Target != p.TargetType || (!m.TargetHostile && best.TargetHostile)) {
			best = m
		}
	}
	return t.one(gov, best)
}

func (t *translator) coexist(p Payload) outcome {
	c := t.s.Maneuver
	if t.s.Phase != imperial.PhaseManeuver || c.Conflict == nil {
		return outcome{consumed: true, note: "Rondel asks nobody here"}
	}
	if c.Conflict.Stage == "mover" && string(p.Challenger) == t.turnNation() {
		return t.one(t.govOf(p.Challenger), imperial.Move{Type: imperial.MPeace})
	}
	if c.Conflict.Stage == "others" {
		return t.one(t.govOf(p.Challenger), imperial.Move{Type: imperial.MNoBattle, Nation: string(p.Challenger)})
	}
	return refuse("%s is not asked about a battle now", p.Challenger)
}
