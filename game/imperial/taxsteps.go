package imperial

import "rondel/game/words"

// Taxation of the first edition and of Imperial 2030 (the 2010 rules are in
// taxation.go). Each edition runs the same small steps in its own order:
//   - 2006 (rule book 003): record the tax and pay the success bonus,
//     collect the revenue less soldiers' pay, add the power points;
//   - 2030 (rule book 002 Steuer): the bank pays the whole revenue into the
//     treasury, the treasury pays soldiers' pay (as far as it can), then the
//     government's bonus (reduced or nothing when the treasury is short),
//     and the nation adds the power points.

// taxSteps runs the taxation of the first edition or of Imperial 2030.
func (s *State) taxSteps(l *log) {
	ni := s.Turn
	rev := s.revenue(ni)
	if max := s.b.MaxRevenue; max > 0 && rev > max {
		rev = max
	}
	if s.rules.Taxation2030 {
		s.taxIntoTreasury(ni, rev, l)
		s.taxSoldiersPay(ni, l)
		s.taxBonusFromTreasury(ni, rev, l)
	} else {
		s.taxRiseBonus(ni, rev, l)
		s.taxNet(ni, rev, l)
	}
	s.taxPoints(ni, rev, l)
}

// taxRiseBonus moves the tax marker; a rise pays the government 1M per space
// from the bank (the Imperial success bonus).
func (s *State) taxRiseBonus(ni, rev int, l *log) {
	nat := &s.Nations[ni]
	step := s.b.Tax(rev)
	if bonus := step.Value - nat.TaxValue; bonus > 0 {
		s.Players[nat.Government].Cash += bonus
		l.say(func() words.Text {
			return s.nat(ev("tax_bonus"), "nation", ni).Money("revenue", rev).Num("value", step.Value).
				Seat("seat", nat.Government).Money("bonus", bonus)
		})
	} else {
		l.say(func() words.Text { return s.nat(ev("tax"), "nation", ni).Money("revenue", rev) })
	}
	nat.TaxValue = step.Value
}

// taxNet pays the treasury the revenue less 1M per army and fleet, or
// nothing if that is not positive.
func (s *State) taxNet(ni, rev int, l *log) {
	nat := &s.Nations[ni]
	pay := s.unitCount(ni)
	if net := rev - pay; net > 0 {
		nat.Treasury += net
		l.say(func() words.Text { return s.nat(ev("tax_net"), "nation", ni).Money("pay", pay).Money("net", net) })
	} else {
		l.say(func() words.Text { return s.nat(ev("tax_net_nothing"), "nation", ni).Money("pay", pay) })
	}
}

// taxPoints adds the chart's power points; 25 ends the game at once.
func (s *State) taxPoints(ni, rev int, l *log) {
	nat := &s.Nations[ni]
	step := s.b.Tax(rev)
	nat.Power = min(maxPower, nat.Power+step.Points)
	if step.Points > 0 {
		l.say(func() words.Text { return s.nat(ev("power"), "nation", ni).Count(step.Points).Num("power", nat.Power) })
	}
	if nat.Power >= maxPower {
		s.Passing = false
		s.Phase = PhaseOver
		l.say(func() words.Text { return s.nat(ev("game_end"), "nation", ni).Count(maxPower) })
	}
}

func (s *State) taxIntoTreasury(ni, rev int, l *log) {
	s.Nations[ni].Treasury += rev
	l.say(func() words.Text {
		return s.nat(words.New("imperial2030.event.tax"), "nation", ni).Money("revenue", rev)
	})
}

// taxSoldiersPay: 1M per army and fleet from the treasury to the bank; a
// short treasury pays what it has.
func (s *State) taxSoldiersPay(ni int, l *log) {
	nat := &s.Nations[ni]
	owed := s.unitCount(ni)
	paid := min(owed, nat.Treasury)
	nat.Treasury -= paid
	switch {
	case owed == 0:
	case paid < owed:
		l.say(func() words.Text {
			return s.nat(words.New("imperial2030.event.pay_short"), "nation", ni).Money("paid", paid).Money("owed", owed)
		})
	default:
		l.say(func() words.Text { return s.nat(words.New("imperial2030.event.pay"), "nation", ni).Money("paid", paid) })
	}
}

// taxBonusFromTreasury pays the government its bonus from the treasury: the
// chart's fixed bonus, or with the variant "bonus only for an increase" 1M
// per column the bonus marker moves right. A short treasury pays what it has.
func (s *State) taxBonusFromTreasury(ni, rev int, l *log) {
	nat := &s.Nations[ni]
	nat.TaxValue = s.b.Tax(rev).Value
	bonus := s.b.Tax(rev).Bonus
	if s.rules.BonusIncrease {
		col := s.b.TaxColumn(rev)
		bonus = max(0, col-nat.BonusValue)
		nat.BonusValue = col
	}
	paid := min(bonus, nat.Treasury)
	if paid <= 0 {
		if bonus > 0 {
			l.say(func() words.Text {
				return s.nat(words.New("imperial2030.event.bonus_unpaid"), "nation", ni).Seat("seat", nat.Government).Money("bonus", bonus)
			})
		}
		return
	}
	nat.Treasury -= paid
	s.Players[nat.Government].Cash += paid
	if paid < bonus {
		l.say(func() words.Text {
			return s.nat(words.New("imperial2030.event.bonus_short"), "nation", ni).Seat("seat", nat.Government).
				Money("paid", paid).Money("short", bonus-paid)
		})
	} else {
		l.say(func() words.Text {
			return s.nat(words.New("imperial2030.event.bonus"), "nation", ni).Seat("seat", nat.Government).Money("paid", paid)
		})
	}
}
