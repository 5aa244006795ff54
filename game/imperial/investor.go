package imperial

import "rondel/game/words"

// investorSpace: landing on Investor. Step 1 pays interest; steps 2 and 3
// (investor card, Swiss banks) follow unless the variant without investor
// card is played, where only interest is paid.
func (s *State) investorSpace(l *log) {
	s.payInterest(s.Turn, l)
	s.Passing = false
	if !s.rules.InvestorCard {
		s.finishAction(l)
		return
	}
	s.startInvestorTurn(l)
}

// payInterest: the treasury pays every bond's interest. If it is short, it
// pays the other holders first; the government forgoes its own interest as
// far as needed and pays what is still missing from its own cash (rule book
// INVESTOR step 1). If even that is short, holders are paid in seat order,
// bond by bond from the smallest, as far as the money goes (the rules are
// silent; we do as playimperial.club does, docs/rules-decisions.md).
func (s *State) payInterest(ni int, l *log) {
	nat := &s.Nations[ni]
	gov := nat.Government
	paid := make([]int, len(s.Players))
	fromCash := make([]int, len(s.Players))
	owed := make([]int, len(s.Players))
	for h := range s.Players { // seat order, each player's bonds from the smallest
		if h == gov {
			continue
		}
		for _, bi := range s.interestOrder(ni) {
			if nat.Bonds[bi] != h {
				continue
			}
			interest := s.b.Bonds[bi].Interest
			owed[h] += interest
			t, c := s.interestSplit(nat.Treasury, interest, s.Players[gov].Cash)
			nat.Treasury -= t
			s.Players[gov].Cash -= c
			s.Players[h].Cash += t + c
			paid[h] += t + c
			fromCash[h] += c
		}
	}
	for seat := range s.Players {
		switch {
		case owed[seat] == 0:
		case fromCash[seat] > 0:
			l.say(func() words.Text {
				return s.nat(ev("interest_from_cash"), "nation", ni).Seat("seat", seat).Money("amount", paid[seat]).
					Money("cash", fromCash[seat]).Seat("gov", gov)
			})
		default:
			l.say(func() words.Text {
				return s.nat(ev("interest"), "nation", ni).Seat("seat", seat).Money("amount", paid[seat])
			})
		}
		if short := owed[seat] - paid[seat]; short > 0 {
			l.say(func() words.Text {
				return s.nat(ev("interest_unpaid"), "nation", ni).Seat("seat", seat).Money("amount", short)
			})
		}
	}
	own := 0
	for bi, h := range nat.Bonds {
		if h == gov && gov >= 0 {
			own += s.b.Bonds[bi].Interest
		}
	}
	if own > 0 {
		got := min(nat.Treasury, own)
		nat.Treasury -= got
		s.Players[gov].Cash += got
		if got < own {
			l.say(func() words.Text {
				return s.nat(ev("interest_own_short"), "nation", ni).Seat("seat", gov).Money("amount", got).Money("owed", own)
			})
		} else {
			l.say(func() words.Text { return s.nat(ev("interest"), "nation", ni).Seat("seat", gov).Money("amount", got) })
		}
	}
}

// interestSplit says how much of one bond's interest comes from the
// treasury and how much from the government's cash. The rule book takes the
// treasury first; the site's rules take it wholly from one or the other.
func (s *State) interestSplit(treasury, interest, cash int) (t, c int) {
	if !s.site().InterestBondByBond {
		t = min(treasury, interest)
		return t, min(interest-t, cash)
	}
	if treasury >= interest {
		return interest, 0
	}
	return 0, min(interest, cash)
}

// startInvestorTurn: the investor card holder gets 2M and may invest, then
// every other Swiss bank in seat order from the card holder (rule book
// INVESTOR steps 2 and 3).
func (s *State) startInvestorTurn(l *log) {
	holder := s.InvestorCard
	s.Players[holder].Cash += 2
	l.say(func() words.Text { return ev("investor_card").Seat("seat", holder).Money("amount", 2) })
	s.InvestBase = holder
	s.Investors = []int{holder}
	for _, seat := range s.swissBankOrder(holder) {
		if seat != holder {
			s.Investors = append(s.Investors, seat)
		}
	}
	s.Phase = PhaseInvest
	s.nextInvestor(l)
}

// nextInvestor ends the investor turn when nobody is left to invest. Every
// investor is asked, even one who can afford nothing (then passing is the
// only answer): the turn's order stays visible, as on the printed board.
func (s *State) nextInvestor(l *log) {
	if len(s.Investors) == 0 {
		s.endInvestorTurn(l)
	}
}

func (s *State) endInvestorTurn(l *log) {
	s.Investors = nil
	for _, ni := range s.checkGovernments(s.InvestBase) {
		l.say(func() words.Text {
			return s.nat(ev("governs_now"), "nation", ni).Seat("seat", s.Nations[ni].Government)
		})
	}
	s.updateSwissBanks()
	s.InvestorCard = (s.InvestorCard + 1) % len(s.Players)
	l.say(func() words.Text { return ev("investor_card_passes").Seat("seat", s.InvestorCard) })
	s.endTurn(l)
}

func (s *State) doInvest(seat int, m Move, l *log) error {
	switch m.Type {
	case MSkipBond:
		l.say(func() words.Text { return ev("no_invest").Seat("seat", seat) })
	case MBond:
		ni, err := s.nation(m.Nation)
		if err != nil {
			return err
		}
		if err := s.buyBond(seat, ni, m.Cost, m.TradeIn, l); err != nil {
			return err
		}
		s.siteGovernment(ni, seat, l)
	default:
		return broke("investor", errText("invest_expected").Seat("seat", seat))
	}
	s.Investors = s.Investors[1:]
	s.nextInvestor(l)
	return nil
}

// buyBond takes a bond from the nation's pile, paying its price into the
// treasury, or upgrades one of the buyer's bonds of that nation, paying the
// difference (rule book INVESTOR step 2 and its example).
func (s *State) buyBond(seat, ni, cost, tradeIn int, l *log) error {
	nat := &s.Nations[ni]
	bi := s.bondIndex(cost)
	if bi < 0 || nat.Bonds[bi] >= 0 {
		return broke("bond_available", s.nat(errText("bond_unavailable"), "nation", ni).Money("cost", cost))
	}
	price := cost
	ti := -1
	if tradeIn != 0 {
		ti = s.bondIndex(tradeIn)
		if ti < 0 || nat.Bonds[ti] != seat {
			return broke("bond_upgrade", s.nat(errText("upgrade_not_held"), "nation", ni).Seat("seat", seat).Money("cost", tradeIn))
		}
		if tradeIn >= cost {
			return broke("bond_upgrade", errText("upgrade_higher"))
		}
		price -= tradeIn
	}
	if price > s.Players[seat].Cash {
		return broke("no_loans", errText("cannot_pay").Seat("seat", seat).Money("cash", s.Players[seat].Cash).Money("price", price))
	}
	if ti >= 0 {
		nat.Bonds[ti] = -1
	}
	nat.Bonds[bi] = seat
	s.noteAcquired(ni, bi, ti)
	nat.Treasury += price
	s.Players[seat].Cash -= price
	if ti >= 0 {
		l.say(func() words.Text {
			return s.nat(ev("bond_upgraded"), "nation", ni).Seat("seat", seat).Money("from", tradeIn).Money("cost", cost).Money("price", price)
		})
	} else {
		l.say(func() words.Text {
			return s.nat(ev("bond_bought"), "nation", ni).Seat("seat", seat).Money("cost", cost).Money("interest", s.b.Bonds[bi].Interest)
		})
	}
	return nil
}

// bondChoices lists the bond purchases seat can afford (all nations if
// only < 0, else that nation's).
func (s *State) bondChoices(seat, only int) []Move {
	var out []Move
	cash := s.Players[seat].Cash
	for ni := range s.Nations {
		if only >= 0 && ni != only {
			continue
		}
		nat := s.Nations[ni]
		for bi, h := range nat.Bonds {
			if h >= 0 {
				continue
			}
			cost := s.b.Bonds[bi].Cost
			if cost <= cash {
				out = append(out, Move{Type: MBond, Nation: s.nationID(ni), Cost: cost})
			}
			for ti, th := range nat.Bonds {
				if th == seat && s.b.Bonds[ti].Cost < cost && cost-s.b.Bonds[ti].Cost <= cash {
					out = append(out, Move{Type: MBond, Nation: s.nationID(ni), Cost: cost, TradeIn: s.b.Bonds[ti].Cost})
				}
			}
		}
	}
	return out
}

// bondMoves adds the bond purchases ms of seat, grouped by nation. Each
// label names the bond by value and interest and says what the purchase
// does to the nation's government, by the engine's own rule.
func (s *State) bondMoves(seat int, ms []Move, add adder) {
	for _, m := range ms {
		ni, _ := s.b.Nation(m.Nation)
		bi := s.bondIndex(m.Cost)
		var t words.Text
		if m.TradeIn > 0 {
			t = label("bond_upgrade").Money("from", m.TradeIn).Money("pay", m.Cost-m.TradeIn)
		} else {
			t = label("bond")
		}
		t = s.nat(t, "nation", ni).Money("cost", m.Cost).Money("interest", s.b.Bonds[bi].Interest).
			Sub("effect", s.governmentEffect(seat, ni, m.Cost, m.TradeIn))
		add(m, t, s.nat(group("bonds"), "nation", ni))
	}
}
