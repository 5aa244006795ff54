package imperial

import (
	"rondel/game/words"
	"slices"
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

// Why a rondel space cannot be chosen (rondelCheck).
const (
	rondelOK = iota
	rondelNoSpace
	rondelMoveOn
	rondelMax
	rondelFeeTooHigh
)

// rondelCheck says whether the nation may choose space to, and its fee,
// without words: the legal-move list asks it of every space.
func (s *State) rondelCheck(ni, to int) (fee, problem int) {
	nat := &s.Nations[ni]
	if to < 0 {
		return 0, rondelNoSpace
	}
	if nat.Rondel < 0 {
		return 0, rondelOK // the first placement is free, on any space
	}
	n := steps(nat.Rondel, to)
	if n == 0 {
		return 0, rondelMoveOn
	}
	if n > 6 {
		return 0, rondelMax
	}
	fee = s.rondelFee(ni, n)
	if fee > s.Players[nat.Government].Cash {
		return fee, rondelFeeTooHigh
	}
	return fee, rondelOK
}

// checkRondel validates a choice of space for the nation to move.
func (s *State) checkRondel(ni, to int) (fee int, err error) {
	fee, problem := s.rondelCheck(ni, to)
	nat := &s.Nations[ni]
	switch problem {
	case rondelNoSpace:
		return 0, broke("rondel", errText("no_space"))
	case rondelMoveOn:
		return 0, broke("rondel_move_on", s.nat(errText("rondel_move_on"), "nation", ni).Term("slot", slotKey(to)))
	case rondelMax:
		n := steps(nat.Rondel, to)
		return 0, broke("rondel_max", s.nat(errText("rondel_max"), "nation", ni).Term("slot", slotKey(to)).Count(n))
	case rondelFeeTooHigh:
		n, cash := steps(nat.Rondel, to), s.Players[nat.Government].Cash
		return 0, broke("rondel_fee", errText("rondel_fee").Count(n).Money("fee", fee).Seat("seat", nat.Government).Money("cash", cash))
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
	if passesInvestor(from, to) && s.rules.InvestorCard && !s.rules.FirstEdition && s.canForce(ni) && !s.SiteInvestorDue {
		s.Pending = &Pending{Slot: to}
		s.Phase = PhaseForce
		l.say(func() words.Text { return s.nat(ev("rondel_pending"), "nation", ni).Term("slot", slotKey(to)) })
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
		return broke("swiss_bank", errText("swiss_bank_only"))
	}
	switch m.Type {
	case MForce:
		l.say(func() words.Text { return s.nat(ev("forced"), "nation", s.Turn).Seat("seat", seat) })
		s.Pending = nil
		s.landFee(slotInvestor, s.site().FreeForcedStop, l)
	case MNoForce:
		l.say(func() words.Text { return s.nat(ev("not_forced"), "nation", s.Turn).Seat("seat", seat) })
		p.Declined = append(p.Declined, seat)
		slices.Sort(p.Declined)
		if len(p.Declined) == len(s.swissBanks(0)) {
			s.Pending = nil
			s.land(p.Slot, l)
		}
	default:
		return broke("swiss_bank", s.nat(errText("swiss_bank_deciding"), "nation", s.Turn))
	}
	return nil
}

// land moves the marker, charges the fee and carries out the space's action.
func (s *State) land(to int, l *log) { s.landFee(to, false, l) }

// landFee is land; free waives the fee (a forced stop under the site's
// rules).
func (s *State) landFee(to int, free bool, l *log) {
	ni := s.Turn
	nat := &s.Nations[ni]
	from := nat.Rondel
	fee := 0
	if from >= 0 && !free {
		fee = s.rondelFee(ni, steps(from, to))
	}
	s.Players[nat.Government].Cash -= fee
	s.Passing = passesInvestor(from, to) || s.SiteInvestorDue
	s.SiteInvestorDue = false
	nat.Rondel = to
	switch {
	case from < 0:
		l.say(func() words.Text { return s.nat(ev("rondel_place"), "nation", ni).Term("slot", slotKey(to)) })
	case fee > 0:
		l.say(func() words.Text {
			return s.nat(ev("rondel_fee"), "nation", ni).Term("slot", slotKey(to)).Count(steps(from, to)).
				Seat("seat", nat.Government).Money("fee", fee)
		})
	default:
		l.say(func() words.Text {
			return s.nat(ev("rondel"), "nation", ni).Term("slot", slotKey(to)).Count(steps(from, to))
		})
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
