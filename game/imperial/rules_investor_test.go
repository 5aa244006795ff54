package imperial

// rules-notes.md points on the Investor space, bonds, governments and money
// (6-9, 13).

import (
	"slices"
	"testing"
)

// landInvestor moves nation ni from Production 1 onto Investor.
func landInvestor(t *testing.T, s *State, ni int) *State {
	t.Helper()
	at(s, ni, "production1")
	ns, _ := play(t, s, s.Nations[ni].Government, `{"type":"rondel","slot":"investor"}`)
	return ns
}

// rules-notes 6: interest comes from the treasury; when it is short the
// government gives up its own interest first and pays the others from its
// cash (the note's example: treasury 3M, another's bond pays 4M, the
// government's own 1M).
func TestNote06InterestShortfall(t *testing.T) {
	s := table(t)
	clearBonds(s, IT)
	setBonds(s, IT, IT, 2, 12) // the government: 14M credit, 1M + 5M interest
	setBonds(s, IT, 3, 9)      // another player: 4M interest
	s.Nations[IT].Treasury = 3
	s.InvestorCard = 4 // nobody involved gets the investor's 2M
	ns := landInvestor(t, s, IT)
	if ns.Nations[IT].Treasury != 0 {
		t.Errorf("treasury %d, want 0", ns.Nations[IT].Treasury)
	}
	if got := ns.Players[3].Cash - s.Players[3].Cash; got != 4 {
		t.Errorf("the other holder got %dM, want all 4M", got)
	}
	if got := ns.Players[IT].Cash - s.Players[IT].Cash; got != -1 {
		t.Errorf("the government's cash changed by %d, want -1 (pays 1M, receives nothing)", got)
	}

	// Enough money: everybody is paid in full from the treasury.
	s.Nations[IT].Treasury = 20
	ns = landInvestor(t, s, IT)
	if ns.Nations[IT].Treasury != 10 || ns.Players[3].Cash != s.Players[3].Cash+4 || ns.Players[IT].Cash != s.Players[IT].Cash+6 {
		t.Errorf("full payment: treasury %d, holder +%d, government +%d", ns.Nations[IT].Treasury, ns.Players[3].Cash-s.Players[3].Cash, ns.Players[IT].Cash-s.Players[IT].Cash)
	}

	// The treasury covers the others and part of the government's own
	// interest: the government takes what is left.
	s.Nations[IT].Treasury = 6
	ns = landInvestor(t, s, IT)
	if ns.Nations[IT].Treasury != 0 || ns.Players[3].Cash != s.Players[3].Cash+4 || ns.Players[IT].Cash != s.Players[IT].Cash+2 {
		t.Errorf("partial own interest: treasury %d, holder +%d (want 4), government +%d (want 2)", ns.Nations[IT].Treasury, ns.Players[3].Cash-s.Players[3].Cash, ns.Players[IT].Cash-s.Players[IT].Cash)
	}

	// OPEN point, decided: the government's cash runs short too. The money
	// there is paid, in seat order from the government's left; nobody goes
	// below zero.
	s = table(t)
	clearBonds(s, IT)
	setBonds(s, IT, IT, 30)
	setBonds(s, IT, 3, 9)  // 4M
	setBonds(s, IT, 5, 12) // 5M
	s.Nations[IT].Treasury = 2
	s.Players[IT].Cash = 3
	s.InvestorCard = 4
	ns = landInvestor(t, s, IT)
	if ns.Players[3].Cash != s.Players[3].Cash+4 || ns.Players[5].Cash != s.Players[5].Cash+1 || ns.Players[IT].Cash != 0 || ns.Nations[IT].Treasury != 0 {
		t.Errorf("short government: seat 3 +%d (want 4), seat 5 +%d (want 1), government %d, treasury %d",
			ns.Players[3].Cash-s.Players[3].Cash, ns.Players[5].Cash-s.Players[5].Cash, ns.Players[IT].Cash, ns.Nations[IT].Treasury)
	}
}

// rules-notes 7: the card holder gets 2M whether or not he invests; he may
// take one unsold bond paying its price into the treasury, or upgrade one of
// his own bonds paying the difference; several bonds of one nation are
// allowed; there are no loans.
func TestNote07WhatTheInvestorMayDo(t *testing.T) {
	s := table(t)
	s.Nations[AH].Treasury = 4
	cash := s.Players[1].Cash
	ns := landInvestor(t, s, AH)
	if ns.Players[1].Cash != cash+2 {
		t.Errorf("the card holder has %d, want %d + 2", ns.Players[1].Cash, cash)
	}
	skipped, _ := play(t, ns, 1, `{"type":"skip_bond"}`)
	if skipped.Players[1].Cash != cash+2 {
		t.Error("the 2M were taken back when he did not invest")
	}

	refuse(t, ns, 1, `{"type":"bond","nation":"GE","cost":9}`)  // sold to Germany's government
	refuse(t, ns, 1, `{"type":"bond","nation":"GE","cost":16}`) // 16M > 12M cash: no loans
	refuse(t, ns, 1, `{"type":"bond","nation":"GE","cost":7}`)  // no such bond
	refuse(t, ns, 1, `{"type":"bond","nation":"XX","cost":2}`)
	refuse(t, ns, 1, `{"type":"bond","nation":"GE","cost":12,"trade_in":9}`) // not his bond
	refuse(t, ns, 1, `{"type":"bond","nation":"IT","cost":4,"trade_in":9}`)  // must go up
	refuse(t, ns, 0, `{"type":"bond","nation":"GE","cost":2}`)               // not his turn
	for _, m := range legal(t, ns, 1) {
		if m.Type == MBond && m.Cost-m.TradeIn > ns.Players[1].Cash {
			t.Errorf("offered %+v beyond his %dM", m, ns.Players[1].Cash)
		}
	}

	bought, _ := play(t, ns, 1, `{"type":"bond","nation":"IT","cost":4}`) // a second Italian bond
	if bought.Nations[IT].Bonds[s.bondIndex(4)] != 1 || bought.credit(IT, 1) != 13 {
		t.Errorf("Italian credit of seat 1: %d, want 9 + 4", bought.credit(IT, 1))
	}
	if bought.Nations[IT].Treasury != 14 || bought.Players[1].Cash != cash+2-4 {
		t.Errorf("treasury %d (want 14), cash %d", bought.Nations[IT].Treasury, bought.Players[1].Cash)
	}
	if bought.Phase == PhaseInvest {
		t.Error("the investor may take only one bond")
	}

	up, _ := play(t, ns, 1, `{"type":"bond","nation":"IT","cost":12,"trade_in":9}`)
	if up.Nations[IT].Bonds[s.bondIndex(9)] != -1 || up.Nations[IT].Bonds[s.bondIndex(12)] != 1 || up.Nations[IT].Treasury != 13 {
		t.Errorf("upgrade 9 -> 12: bonds %v, treasury %d", up.Nations[IT].Bonds, up.Nations[IT].Treasury)
	}
}

// rules-notes 8: Swiss banks other than the card holder invest once each,
// clockwise from the card holder, without the 2M; a Swiss bank holding the
// card invests only once.
func TestNote08SwissBankInvesting(t *testing.T) {
	s := table(t)
	// Seats 0, 3 and 4 govern nothing: their nations go to seat 2.
	for _, ni := range []int{AH, GB, GE} {
		clearBonds(s, ni)
		setBonds(s, ni, 2, 9)
		s.Nations[ni].Government = 2
	}
	s.updateSwissBanks()
	s.InvestorCard = 3
	at(s, FR, "production1")
	ns, _ := play(t, s, FR, `{"type":"rondel","slot":"investor"}`)
	if !slices.Equal(ns.Investors, []int{3, 4, 0}) {
		t.Fatalf("investors %v, want the card holder 3, then Swiss banks 4 and 0", ns.Investors)
	}
	if ns.Players[4].Cash != 10 || ns.Players[0].Cash != 10 || ns.Players[3].Cash != 12 {
		t.Errorf("cash: card holder %d, Swiss banks %d and %d", ns.Players[3].Cash, ns.Players[4].Cash, ns.Players[0].Cash)
	}
	refuse(t, ns, 4, `{"type":"skip_bond"}`) // not yet his turn
	ns, _ = play(t, ns, 3, `{"type":"bond","nation":"RU","cost":2}`)
	ns, _ = play(t, ns, 4, `{"type":"bond","nation":"RU","cost":4}`)
	if ns.Phase != PhaseInvest || ns.Investors[0] != 0 {
		t.Fatalf("after two investors: phase %s, investors %v", ns.Phase, ns.Investors)
	}
	ns, _ = play(t, ns, 0, `{"type":"skip_bond"}`)
	if ns.Phase == PhaseInvest || ns.Turn != GB {
		t.Errorf("the investor turn did not end: phase %s, turn %d", ns.Phase, ns.Turn)
	}
}

// rules-notes 9: the government check runs once at the end of the Investor
// turn; a challenger needs a strictly higher sum; among tied challengers the
// first in seat order from the card holder wins. Swiss banks follow.
func TestNote09ChangeOfGovernment(t *testing.T) {
	t.Run("tie keeps the government", func(t *testing.T) {
		s := table(t)
		clearBonds(s, FR)
		setBonds(s, FR, FR, 12)
		setBonds(s, FR, 1, 2, 4)
		ns := landInvestor(t, s, AH) // seat 1 holds the card
		ns, _ = play(t, ns, 1, `{"type":"bond","nation":"FR","cost":6}`)
		if ns.Nations[FR].Government != FR {
			t.Errorf("a tie (12 = 12) gave France to seat %d", ns.Nations[FR].Government)
		}
	})
	t.Run("strictly higher takes over, Swiss banks follow", func(t *testing.T) {
		s := table(t)
		clearBonds(s, FR)
		setBonds(s, FR, FR, 12)
		setBonds(s, FR, 1, 2, 4)
		ns := landInvestor(t, s, AH)
		ns, _ = play(t, ns, 1, `{"type":"bond","nation":"FR","cost":9}`)
		if ns.Nations[FR].Government != 1 {
			t.Errorf("15 > 12 but France stays with %d", ns.Nations[FR].Government)
		}
		if !ns.Players[FR].SwissBank {
			t.Errorf("seat %d lost its last government but has no Swiss bank", FR)
		}
		// The card is now with seat 2, the Swiss bank: it invests once, and
		// winning France back returns the Swiss bank.
		at(ns, GB, "production1")
		ns, _ = play(t, ns, GB, `{"type":"rondel","slot":"investor"}`)
		if !slices.Equal(ns.Investors, []int{2}) {
			t.Fatalf("investors %v, want only the card holder 2 (a Swiss bank invests once)", ns.Investors)
		}
		ns, _ = play(t, ns, 2, `{"type":"bond","nation":"FR","cost":16,"trade_in":12}`)
		if ns.Nations[FR].Government != 2 || ns.Players[2].SwissBank {
			t.Errorf("government %d (want 2), Swiss bank of seat 2: %v", ns.Nations[FR].Government, ns.Players[2].SwissBank)
		}
	})
	t.Run("tied challengers: first from the card holder", func(t *testing.T) {
		s := table(t)
		// Seats 0 and 4 govern nothing; the card is with seat 2.
		for _, ni := range []int{AH, GE} {
			clearBonds(s, ni)
			setBonds(s, ni, 3, 9)
			s.Nations[ni].Government = 3
		}
		clearBonds(s, RU)
		setBonds(s, RU, 5, 9)
		setBonds(s, RU, 0, 2, 4)
		s.updateSwissBanks()
		s.InvestorCard = 2
		s.Players[4].Cash = 20
		ns := landInvestor(t, s, IT)
		if !slices.Equal(ns.Investors, []int{2, 4, 0}) {
			t.Fatalf("investors %v", ns.Investors)
		}
		ns, _ = play(t, ns, 2, `{"type":"skip_bond"}`)
		ns, _ = play(t, ns, 4, `{"type":"bond","nation":"RU","cost":12}`)
		if ns.Nations[RU].Government != 5 {
			t.Error("the government changed before the end of the Investor turn")
		}
		ns, _ = play(t, ns, 0, `{"type":"bond","nation":"RU","cost":6}`)
		// Seats 4 and 0 both hold 12M > 9M; from seat 2, seat 4 comes first.
		if ns.Nations[RU].Government != 4 {
			t.Errorf("Russia governed by %d, want 4 (first after the card holder 2)", ns.Nations[RU].Government)
		}
	})
}

// rules-notes 13: treasury and cash are separate. The treasury pays the
// nation's actions; the government may add its own money (a gift to the
// treasury) to build a factory; imports are paid by the treasury alone.
func TestNote13SeparateMoney(t *testing.T) {
	s := table(t)
	s.Nations[GE].Treasury = 3
	at(s, GE, "taxation")
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"factory"}`)
	ns, ev := play(t, ns, GE, `{"type":"factory","region":"munich"}`)
	if ns.Nations[GE].Treasury != 0 || ns.Players[GE].Cash != 8 {
		t.Errorf("treasury %d (want 0), government %d (want 8)", ns.Nations[GE].Treasury, ns.Players[GE].Cash)
	}
	if !hasEvent(ev, "gave 2M") {
		t.Errorf("the gift is not told:%s", eventTexts(ev))
	}

	s = table(t)
	s.Nations[GE].Treasury = 2
	at(s, GE, "investor")
	ns, _ = play(t, s, GE, `{"type":"rondel","slot":"import"}`)
	refuse(t, ns, GE, `{"type":"import","units":[{"region":"berlin","unit":"army"},{"region":"berlin","unit":"army"},{"region":"berlin","unit":"army"}]}`)
	ns, _ = play(t, ns, GE, `{"type":"import","units":[{"region":"berlin","unit":"army"},{"region":"berlin","unit":"army"}]}`)
	if ns.Nations[GE].Treasury != 0 || ns.Players[GE].Cash != 10 {
		t.Errorf("import: treasury %d, government %d", ns.Nations[GE].Treasury, ns.Players[GE].Cash)
	}
	refuse(t, s, GE, `{"type":"gift","to":"GE","cost":5}`) // no such move
}
