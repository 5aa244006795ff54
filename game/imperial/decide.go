package imperial

import (
	"fmt"

	"rondel/game"
)

// Decision kinds, as the rest of Rondel sees them.
const (
	DRondel   = "rondel"
	DForce    = "force-investor"
	DImport   = "import"
	DFactory  = "factory"
	DManeuver = "maneuver"
	DBattle   = "battle"        // the mover: fight the unit's opponents or not
	DDemand   = "demand-battle" // another government: demand a battle or not
	DInvest   = "invest"
	DAuction  = "bond-distribution"
)

// ToAct lists the open decisions.
func (s *State) ToAct() []game.Decision {
	gov := func(ni int) int { return s.Nations[ni].Government }
	one := func(seat int, kind string, ni int, prompt string) []game.Decision {
		subj := ""
		if ni >= 0 {
			subj = s.nationID(ni)
		}
		return []game.Decision{{Seat: seat, Kind: kind, Subject: subj, Prompt: prompt}}
	}
	ni := s.Turn
	switch s.Phase {
	case PhaseAuction:
		return one(s.auctionChooser(), DAuction, s.Auction.Nation, fmt.Sprintf("Grant a bond to %s, or pass", s.nationName(s.Auction.Nation)))
	case PhaseRondel:
		return one(gov(ni), DRondel, ni, fmt.Sprintf("Choose %s's space on the rondel", s.nationName(ni)))
	case PhaseForce:
		var out []game.Decision
		for _, seat := range s.swissBanks(s.InvestorCard) {
			if !containsInt(s.Pending.Declined, seat) {
				out = append(out, game.Decision{Seat: seat, Kind: DForce, Subject: s.nationID(ni),
					Prompt: fmt.Sprintf("Force %s to stop on Investor instead of passing it?", s.nationName(ni))})
			}
		}
		return out
	case PhaseImport:
		return one(gov(ni), DImport, ni, fmt.Sprintf("Import up to 3 units for %s", s.nationName(ni)))
	case PhaseFactory:
		return one(gov(ni), DFactory, ni, fmt.Sprintf("Build a factory for %s?", s.nationName(ni)))
	case PhaseManeuver:
		if d := s.canalDecisions(); d != nil {
			return d
		}
		c := s.Maneuver.Conflict
		if c == nil {
			return one(gov(ni), DManeuver, ni, fmt.Sprintf("Maneuver %s's fleets and armies", s.nationName(ni)))
		}
		if c.Stage == "mover" {
			return one(gov(ni), DBattle, ni, fmt.Sprintf("Fight in %s, or stay in peace?", s.regionName(c.Region)))
		}
		var out []game.Decision
		for _, x := range c.Asked {
			out = append(out, game.Decision{Seat: gov(x), Kind: DDemand, Subject: s.nationID(x),
				Prompt: fmt.Sprintf("A %s of %s entered %s: does %s demand a battle?", c.Unit, s.nationName(ni), s.regionName(c.Region), s.nationName(x))})
		}
		return out
	case PhaseInvest:
		return one(s.Investors[0], DInvest, -1, "Buy or upgrade one bond, or pass")
	case PhaseAfter:
		return one(s.afterSeat(), DInvest, s.afterNation(), fmt.Sprintf("Invest in %s, or pass", s.nationName(s.afterNation())))
	}
	return nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// LegalMoves lists every move seat may make now.
func (s *State) LegalMoves(seat int) []game.LegalMove {
	var out []game.LegalMove
	add := func(m Move, label, group string) {
		out = append(out, game.LegalMove{Move: m.JSON(), Label: label, Group: group})
	}
	for _, d := range s.ToAct() {
		if d.Seat != seat {
			continue
		}
		switch d.Kind {
		case DAuction:
			for _, m := range s.auctionChoices(seat) {
				add(m, bondLabel(m, s.nationName(s.Auction.Nation)), "Bonds")
			}
			add(Move{Type: MSkipBond}, "Pass", "")
		case DRondel:
			s.rondelMoves(add)
		case DForce:
			add(Move{Type: MForce}, "Force a stop on Investor", "")
			add(Move{Type: MNoForce}, "Let it pass", "")
		case DImport:
			for _, units := range s.importChoices(s.Turn) {
				add(Move{Type: MImport, Units: units}, s.importLabel(units), "Import")
			}
		case DFactory:
			for _, r := range s.factorySites(s.Turn) {
				add(Move{Type: MFactory, Region: s.b.Regions[r].ID}, "Build in "+s.regionName(r), "Factory")
			}
			add(Move{Type: MSkipFactory}, "Build nothing", "")
		case DManeuver, DBattle:
			s.maneuverMoves(add)
		case DDemand:
			s.demandMoves(d.Subject, add)
		case DCanal:
			s.canalMoves(d.Subject, add)
		case DInvest:
			var ms []Move
			if s.Phase == PhaseAfter {
				ms = s.afterChoices(seat)
			} else {
				ms = s.bondChoices(seat, -1)
			}
			for _, m := range ms {
				ni, _ := s.b.Nation(m.Nation)
				add(m, bondLabel(m, s.nationName(ni)), s.nationName(ni))
			}
			add(Move{Type: MSkipBond}, "Do not invest", "")
		}
	}
	return out
}

func (s *State) importLabel(units []Placement) string {
	if len(units) == 0 {
		return "Import nothing"
	}
	label := fmt.Sprintf("%dM:", len(units))
	for i, p := range units {
		r, _ := s.b.Region(p.Region)
		if i > 0 {
			label += ","
		}
		label += " " + p.Unit + " in " + s.regionName(r)
	}
	return label
}

func (s *State) rondelMoves(add func(Move, string, string)) {
	ni := s.Turn
	for slot := 0; slot < numSlots; slot++ {
		fee, err := s.checkRondel(ni, slot)
		if err != nil {
			continue
		}
		label := slotNames[slot]
		if fee > 0 {
			label += fmt.Sprintf(" (costs you %dM)", fee)
		}
		if passesInvestor(s.Nations[ni].Rondel, slot) {
			label += " (passes Investor)"
		}
		add(Move{Type: MRondel, Slot: slotNames[slot]}, label, "Rondel")
	}
}
