package imperial

import (
	"slices"

	"rondel/game"
)

func slotIndex(name string) int { return slices.Index(slotNames, name) }

// steps is the clockwise distance between two spaces.
func steps(from, to int) int { return ((to-from)%numSlots + numSlots) % numSlots }

// rondelFee is what the government pays personally, to the bank, for a move
// of the given length: the first 3 spaces are free, each further space costs
// 2M (rule book GAME PLAY); Imperial 2030 charges 1 + power factor instead.
func (s *State) rondelFee(ni, n int) int {
	if n <= 3 {
		return 0
	}
	per := 2
	if s.rules.RondelPowerFee {
		per = 1 + powerFactor(s.Nations[ni].Power)
	}
	return (n - 3) * per
}

// passesInvestor reports whether Investor lies strictly between from and to.
func passesInvestor(from, to int) bool {
	if from < 0 || from == slotInvestor || to == slotInvestor {
		return false
	}
	return steps(from, slotInvestor) < steps(from, to)
}

// checkRondel validates a choice of space for the nation to move.
func (s *State) checkRondel(ni, to int) (fee int, err error) {
	nat := &s.Nations[ni]
	if to < 0 {
		return 0, game.Broke("rondel", "there is no such space on the rondel")
	}
	if nat.Rondel < 0 {
		return 0, nil // the first placement is free, on any space
	}
	n := steps(nat.Rondel, to)
	if n == 0 {
		return 0, game.Broke("rondel: no standing still", "%s must move on; staying on %s is not allowed", s.nationName(ni), slotNames[to])
	}
	if n > 6 {
		return 0, game.Broke("rondel: at most 6 spaces", "%s may move at most 6 spaces; %s is %d away", s.nationName(ni), slotNames[to], n)
	}
	fee = s.rondelFee(ni, n)
	if cash := s.Players[nat.Government].Cash; fee > cash {
		return 0, game.Broke("rondel: extra spaces cost the government", "moving %d spaces costs %dM of the government's own money; %s has %dM", n, fee, s.playerName(nat.Government), cash)
	}
	return fee, nil
}

func (s *State) doRondel(m Move, l *log) error {
	ni := s.Turn
	to := slotIndex(m.Slot)
	if _, err := s.checkRondel(ni, to); err != nil {
		return err
	}
	from := s.Nations[ni].Rondel
	if passesInvestor(from, to) && s.rules.InvestorCard && !s.rules.FirstEdition && s.canForce(ni) {
		s.Pending = &Pending{Slot: to}
		s.Phase = PhaseForce
		l.add("%s chose %s, passing over Investor; the Swiss banks may force it to stop on Investor", s.nationName(ni), slotNames[to])
		return nil
	}
	s.land(to, l)
	return nil
}

// canForce: Swiss bank holders may force a stop on Investor only if the
// treasury can pay all interest (rule book INVESTOR, Swiss bank).
func (s *State) canForce(ni int) bool {
	return len(s.swissBanks(0)) > 0 && s.Nations[ni].Treasury >= s.totalInterest(ni)
}

func (s *State) doForce(seat int, m Move, l *log) error {
	p := s.Pending
	if !s.Players[seat].SwissBank || slices.Contains(p.Declined, seat) {
		return game.Broke("Swiss bank", "only a Swiss bank that has not yet answered may decide now")
	}
	switch m.Type {
	case MForce:
		l.add("%s (Swiss bank) forced %s to stop on Investor", s.playerName(seat), s.nationName(s.Turn))
		s.Pending = nil
		s.land(slotInvestor, l)
	case MNoForce:
		p.Declined = append(p.Declined, seat)
		slices.Sort(p.Declined)
		if len(p.Declined) == len(s.swissBanks(0)) {
			s.Pending = nil
			s.land(p.Slot, l)
		}
	default:
		return game.Broke("Swiss bank", "the Swiss banks are deciding whether to force %s to stop on Investor", s.nationName(s.Turn))
	}
	return nil
}

// land moves the marker, charges the fee and carries out the space's action.
func (s *State) land(to int, l *log) {
	ni := s.Turn
	nat := &s.Nations[ni]
	from := nat.Rondel
	fee := 0
	if from >= 0 {
		fee = s.rondelFee(ni, steps(from, to))
	}
	s.Players[nat.Government].Cash -= fee
	s.Passing = passesInvestor(from, to)
	nat.Rondel = to
	if fee > 0 {
		l.add("%s moved to %s; %s paid %dM for the extra spaces", s.nationName(ni), slotNames[to], s.playerName(nat.Government), fee)
	} else {
		l.add("%s moved to %s", s.nationName(ni), slotNames[to])
	}
	switch to {
	case slotFactory:
		s.startFactory(l)
	case slotProduction1, slotProduction2:
		s.produce(l)
		s.finishAction(l)
	case slotImport:
		s.startImport(l)
	case slotManeuver1, slotManeuver2:
		s.startManeuver(l)
	case slotInvestor:
		s.investorSpace(l)
	case slotTaxation:
		s.taxation(l)
		s.finishAction(l)
	}
}
