package imperial

import "rondel/game/words"

// Situation tells seat, sentence by sentence, what matters for its open
// decisions: for a nation's turn its treasury, rondel space, power and
// units; for a battle question the units in that region; for investing
// the player's cash and bonds and the bonds still for sale.
func (s *State) Situation(seat int) []words.Text {
	var out []words.Text
	// A seat may have several decisions (one per nation it governs that
	// is asked about a battle): say each thing once.
	said := map[string]bool{}
	add := func(what string, ts func() []words.Text) {
		if !said[what] {
			said[what] = true
			out = append(out, ts()...)
		}
	}
	for _, d := range s.ToAct() {
		if d.Seat != seat {
			continue
		}
		switch d.Kind {
		case DInvest, DAuction:
			add("investor", func() []words.Text { return s.investorWords(seat) })
		case DDemand, DBattle:
			add("conflict", func() []words.Text { return []words.Text{s.regionUnitsWords(s.Maneuver.Conflict.Region)} })
		default:
			if ni, ok := s.b.Nation(d.Subject); ok {
				add(d.Subject, func() []words.Text { return s.nationWords(ni) })
			}
		}
	}
	return out
}

func situation(id string) words.Text { return words.New("imperial.situation." + id) }

func (s *State) nationWords(ni int) []words.Text {
	nat := s.Nations[ni]
	where := situation("not_on_rondel")
	if nat.Rondel >= 0 {
		where = situation("on_slot").Term("slot", slotKey(nat.Rondel))
	}
	out := []words.Text{
		s.nat(situation("nation"), "nation", ni).Money("treasury", nat.Treasury).Sub("where", where).
			Sub("power", situation("power_points").Count(nat.Power)).Num("factor", powerFactor(nat.Power)).Num("tax", nat.TaxValue),
		situation("own_cash").Money("cash", s.Players[nat.Government].Cash),
	}
	var units []words.Arg
	for r, st := range s.Units[ni] {
		if !st.empty() {
			units = append(units, words.Sub(s.reg(situation("units_in"), "region", r).With("units", stackWords(st))))
		}
	}
	if len(units) > 0 {
		out = append(out, situation("units").With("units", words.List(units...)))
	}
	if contact := s.contactWords(ni); len(contact) > 0 {
		out = append(out, situation("contact").With("places", words.List(contact...)))
	}
	return out
}

// contactWords lists regions where the nation's units share a region with
// another nation's.
func (s *State) contactWords(ni int) []words.Arg {
	var out []words.Arg
	for r := range s.b.Regions {
		if s.Units[ni][r].empty() {
			continue
		}
		for other := range s.Units {
			if other != ni && !s.Units[other][r].empty() {
				out = append(out, words.Sub(s.reg(s.nat(situation("contact_with"), "nation", other), "region", r)))
			}
		}
	}
	return out
}

func (s *State) regionUnitsWords(r int) words.Text {
	var out []words.Arg
	for ni := range s.Units {
		if st := s.Units[ni][r]; !st.empty() {
			out = append(out, words.Sub(s.nat(situation("nation_units"), "nation", ni).With("units", stackWords(st))))
		}
	}
	return s.reg(situation("region"), "region", r).With("units", words.List(out...))
}

// stackWords counts a stack's units: "2 armies, 1 hostile army and 1 fleet".
func stackWords(st Stack) words.Arg {
	var w []words.Arg
	if f := st.Armies - st.Hostile; f > 0 {
		w = append(w, words.Sub(unitsText("army", int(f))))
	}
	if st.Hostile > 0 {
		w = append(w, words.Sub(unitsText("hostile_army", int(st.Hostile))))
	}
	if st.Fleets > 0 {
		w = append(w, words.Sub(unitsText("fleet", int(st.Fleets))))
	}
	return words.List(w...)
}

// investorWords: the investor's cash and bonds (value and interest), and
// the bonds still for sale in the nations the investor may buy from.
func (s *State) investorWords(seat int) []words.Text {
	var bonds []words.Arg
	for ni, nat := range s.Nations {
		for bi, h := range nat.Bonds {
			if h == seat {
				bonds = append(bonds, words.Sub(s.bondWords(ni, bi)))
			}
		}
	}
	first := situation("investor_no_bonds").Money("cash", s.Players[seat].Cash)
	if len(bonds) > 0 {
		first = situation("investor").Money("cash", s.Players[seat].Cash).With("bonds", words.List(bonds...))
	}
	var offers []words.Arg
	for ni, nat := range s.Nations {
		if !s.mayBuyFrom(seat, ni) {
			continue
		}
		var free []words.Arg
		for bi, h := range nat.Bonds {
			if h < 0 {
				free = append(free, words.Money(s.b.Bonds[bi].Cost))
			}
		}
		if len(free) > 0 {
			offers = append(offers, words.Sub(s.nat(situation("nation_offer"), "nation", ni).With("bonds", words.List(free...))))
		}
	}
	if len(offers) == 0 {
		return []words.Text{first}
	}
	return []words.Text{first, situation("for_sale").With("offers", words.List(offers...))}
}

// bondWords names one bond by nation, value and interest: "Italy 9M
// (interest 4M)".
func (s *State) bondWords(ni, bi int) words.Text {
	return s.nat(situation("bond"), "nation", ni).Money("cost", s.b.Bonds[bi].Cost).Money("interest", s.b.Bonds[bi].Interest)
}

// mayBuyFrom reports whether seat may now buy bonds of nation ni: the
// nation on offer in the bond distribution and after a nation's turn
// (Swiss banks: any), any nation on an investor turn.
func (s *State) mayBuyFrom(seat, ni int) bool {
	switch s.Phase {
	case PhaseAuction:
		return ni == s.Auction.Nation
	case PhaseAfter:
		return s.Players[seat].SwissBank || ni == s.afterNation()
	}
	return true
}

// SubjectName names a decision's subject (a nation id), for the readable
// log: the term for Italy for "IT".
func (s *State) SubjectName(subject string) words.Text {
	if ni, ok := s.b.Nation(subject); ok {
		return words.New(s.nationKey(ni))
	}
	return words.Text{}
}
