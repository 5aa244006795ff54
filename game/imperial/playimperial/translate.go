package playimperial

import (
	"encoding/json"
	"fmt"
	"slices"

	"rondel/game/imperial"
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
	// alternatives: where the log does not say which of several equally
	// good moves the site made (a convoy's seas), each one's steps; the
	// importer picks the one the rest of the logged maneuver fits.
	alternatives [][]step
	// withdraw: the entry takes back the previous entry (a canal refusal
	// where Rondel had let the fleet pass without asking).
	withdraw bool
}

var maneuverTypes = []string{"maneuver", "fight", "coexist", "friendlyEntrance", "unfriendlyEntrance",
	"destroyFactory", "skipDestroyFactory", "endManeuver", "blockCanal", "unblockCanal"}

// translator turns entries into moves against the current state.
type translator struct {
	s       *imperial.State
	names   []string
	entries []Entry
	i       int // index of the entry being translated
	// prevApplied: the entry before this one was applied (not refused).
	prevApplied bool
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
		if jsonMove(lm.Move, &m) {
			out = append(out, m)
		}
	}
	return out
}

func jsonMove(raw json.RawMessage, m *imperial.Move) bool { return json.Unmarshal(raw, m) == nil }

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
		return t.entrance(e.Type == "friendlyEntrance", p)
	case "blockCanal", "unblockCanal":
		return t.canal(e.Type == "unblockCanal")
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
		if !t.mayPass(seat) {
			// The player may have another question open (the next
			// nation's rondel move, say): passing on a bond Rondel does
			// not offer changes nothing.
			return outcome{consumed: true, note: "Rondel does not ask this player about a bond now"}
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

// mayPass reports whether seat is asked about a bond now (investor card,
// Swiss bank or distribution), so that passing is one of its moves.
func (t *translator) mayPass(seat int) bool {
	for _, m := range t.legal(seat) {
		if m.Type == imperial.MSkipBond {
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
