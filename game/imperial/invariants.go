package imperial

import (
	"fmt"

	"rondel/game/imperial/board"
)

// CheckInvariants checks what must hold after every move: no negative money,
// units within supply and where they may stand, one factory per city, every
// bond with one owner or in its pile, the government is the highest bond
// holder, at most 15 flags per nation.
func (s *State) CheckInvariants() error {
	for _, p := range s.Players {
		if p.Cash < 0 {
			return fmt.Errorf("%s has negative cash %d", p.Name, p.Cash)
		}
	}
	settled := s.Phase != PhaseInvest && s.Phase != PhaseAfter && s.Phase != PhaseAuction
	for ni, nat := range s.Nations {
		name := s.nationID(ni)
		if nat.Treasury < 0 {
			return fmt.Errorf("%s has a negative treasury %d", name, nat.Treasury)
		}
		if nat.Power < 0 || nat.Power > maxPower {
			return fmt.Errorf("%s has %d power points", name, nat.Power)
		}
		if err := s.checkUnits(ni); err != nil {
			return err
		}
		if n := s.flagCount(ni); n > s.b.Nations[ni].Flags {
			return fmt.Errorf("%s has %d flags out", name, n)
		}
		sold := false
		for _, h := range nat.Bonds {
			if h < -1 || h >= len(s.Players) {
				return fmt.Errorf("a bond of %s has holder %d", name, h)
			}
			sold = sold || h >= 0
		}
		if !settled {
			continue
		}
		if (nat.Government >= 0) != sold {
			return fmt.Errorf("%s: government %d but bonds sold = %v", name, nat.Government, sold)
		}
		if g := nat.Government; g >= 0 {
			for seat := range s.Players {
				if s.credit(ni, seat) > s.credit(ni, g) {
					return fmt.Errorf("%s: %s holds more bonds (%d) than its government %s (%d)", name, s.playerName(seat), s.credit(ni, seat), s.playerName(g), s.credit(ni, g))
				}
			}
		}
	}
	if settled {
		for i, p := range s.Players {
			if p.SwissBank == s.governs(i) {
				return fmt.Errorf("%s: Swiss bank %v but governs %v", p.Name, p.SwissBank, s.governs(i))
			}
		}
	}
	for r, reg := range s.b.Regions {
		if s.Factories[r] && reg.Kind != board.Home {
			return fmt.Errorf("a factory stands in %s", reg.ID)
		}
		if f := s.Flags[r]; f >= 0 && reg.Kind != board.Land && reg.Kind != board.Sea {
			return fmt.Errorf("a flag stands in %s", reg.ID)
		}
	}
	return s.checkEditionInvariants()
}

func (s *State) checkUnits(ni int) error {
	armies, fleets := 0, 0
	for r, st := range s.Units[ni] {
		reg := s.b.Regions[r]
		if st.Armies < 0 || st.Fleets < 0 || st.Hostile < 0 || st.Hostile > st.Armies {
			return fmt.Errorf("%s in %s: %+v", s.nationID(ni), reg.ID, st)
		}
		if st.Armies > 0 && !reg.IsLand() {
			return fmt.Errorf("%s has armies in %s", s.nationID(ni), reg.ID)
		}
		if st.Hostile > 0 && !(reg.Kind == board.Home && reg.NationIdx != ni) {
			return fmt.Errorf("%s has hostile armies in %s", s.nationID(ni), reg.ID)
		}
		if st.Fleets > 0 && reg.Kind != board.Sea && !(reg.Kind == board.Home && reg.NationIdx == ni && reg.Shipyard()) {
			return fmt.Errorf("%s has fleets in %s", s.nationID(ni), reg.ID)
		}
		if s.Maneuver != nil && ni == s.Turn {
			mv := s.Maneuver.Moved[r]
			if mv.Friendly < 0 || mv.Hostile < 0 || mv.Fleets < 0 || mv.Friendly > st.Armies-st.Hostile || mv.Hostile > st.Hostile || mv.Fleets > st.Fleets {
				return fmt.Errorf("%s in %s: moved %+v of %+v", s.nationID(ni), reg.ID, mv, st)
			}
		}
		armies += int(st.Armies)
		fleets += int(st.Fleets)
	}
	if nat := s.b.Nations[ni]; armies > nat.Armies || fleets > nat.Fleets {
		return fmt.Errorf("%s has %d armies and %d fleets, supply %d/%d", nat.ID, armies, fleets, nat.Armies, nat.Fleets)
	}
	return nil
}
