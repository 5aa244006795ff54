package imperial

import (
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

// rules-notes 34 (004 VARIANT WITHOUT INVESTOR CARD): after each nation's
// turn its government, then every other player clockwise, may invest in
// it; Swiss banks in any nation; the Investor space only pays interest and
// passing it has no effect; a following nation without bonds is offered
// right after, the previous government first.
func TestNote34VariantWithoutInvestorCard(t *testing.T) {
	s := tableWith(t, game.Options{"investor_card": "false"})
	if s.InvestorCard != -1 {
		t.Fatalf("investor card with %d in the variant without it", s.InvestorCard)
	}
	clearBonds(s, RU)
	setBonds(s, RU, 4, 9)
	s.Nations[RU].Government = 4
	s.updateSwissBanks() // seat 5 holds a Swiss bank
	at(s, GE, "factory")
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"production1"}`)
	var order []int
	for ns.Phase == PhaseAfter {
		d := ns.ToAct()[0]
		order = append(order, d.Seat)
		other := false
		for _, m := range legal(t, ns, d.Seat) {
			other = other || (m.Type == MBond && m.Nation != "GE")
		}
		if other != (d.Seat == 5) {
			t.Errorf("seat %d may invest outside Germany: %v", d.Seat, other)
		}
		move := `{"type":"skip_bond"}`
		if d.Seat == 5 {
			move = `{"type":"bond","nation":"IT","cost":2}`
		}
		if d.Seat == 1 {
			refuse(t, ns, 1, `{"type":"bond","nation":"IT","cost":2}`) // only Germany's bonds
		}
		ns, _ = play(t, ns, d.Seat, move)
	}
	if want := []int{4, 5, 0, 1, 2, 3}; !slices.Equal(order, want) {
		t.Errorf("investing order after Germany's turn %v, want %v", order, want)
	}
	if ns.Turn != RU || ns.Nations[IT].Bonds[s.bondIndex(2)] != 5 {
		t.Errorf("turn %d; Italian 2M bond with %d", ns.Turn, ns.Nations[IT].Bonds[s.bondIndex(2)])
	}

	// Landing on Investor pays interest only; passing it does nothing.
	s = tableWith(t, game.Options{"investor_card": "false"})
	at(s, FR, "production1")
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"investor"}`)
	if ns.Players[FR].Cash != 14 || ns.Nations[FR].Treasury != 6 || ns.Phase != PhaseAfter {
		t.Errorf("Investor: cash %d, treasury %d, phase %s", ns.Players[FR].Cash, ns.Nations[FR].Treasury, ns.Phase)
	}
	for i, p := range ns.Players {
		if i != FR && p.Cash != 10 {
			t.Errorf("seat %d got money on Investor", i)
		}
	}
	at(s, FR, "maneuver1")
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"production2"}`)
	if ns.Phase != PhaseAfter || ns.After.Nation != FR {
		t.Errorf("passing Investor: phase %s", ns.Phase)
	}

	// Italy has no bonds: after Austria's turn it is offered next, the
	// Austrian government first.
	s = tableWith(t, game.Options{"investor_card": "false"})
	clearBonds(s, IT)
	s.Nations[IT].Government = -1
	at(s, AH, "factory")
	ns, _ = play(t, s, AH, `{"type":"rondel","slot":"production1"}`)
	for i := 0; i < 6; i++ { // everybody passes on Austria
		ns, _ = play(t, ns, ns.ToAct()[0].Seat, `{"type":"skip_bond"}`)
	}
	if d := ns.ToAct(); len(d) != 1 || d[0].Seat != AH || d[0].Subject != "IT" {
		t.Fatalf("after Austria: %v, want Austria's government offered Italy", decisions(ns))
	}
	ns, _ = play(t, ns, AH, `{"type":"bond","nation":"IT","cost":4}`)
	for ns.Phase == PhaseAfter {
		ns, _ = play(t, ns, ns.ToAct()[0].Seat, `{"type":"skip_bond"}`)
	}
	if ns.Nations[IT].Government != AH || ns.Turn != IT {
		t.Errorf("Italy governed by %d, turn %d; want seat 0 and Italy to move", ns.Nations[IT].Government, ns.Turn)
	}
}

// The variants of rule books 004/000 and 002 on both maps: the
// experienced players' bond distribution and the variant without investor
// card.

// playAuction plays the experienced players' bond distribution to its end:
// buy[seat][nation] is the bond cost the seat grants that nation (0: pass).
// It checks that the seats are asked nation by nation, starting one seat
// further left for each nation, skipping those who can afford nothing.
func playAuction(t *testing.T, s *State, buy [][]int) *State {
	t.Helper()
	n := len(s.Players)
	start := s.Auction.Start
	var queue []int
	nation := -1
	for s.Phase == PhaseAuction {
		if s.Auction.Nation != nation {
			nation = s.Auction.Nation
			queue = nil
			for j := 0; j < n; j++ {
				queue = append(queue, (start+nation+j)%n)
			}
		}
		for len(queue) > 0 && len(s.auctionChoices(queue[0])) == 0 {
			queue = queue[1:]
		}
		todo := s.ToAct()
		if len(todo) != 1 || len(queue) == 0 || todo[0].Seat != queue[0] || todo[0].Kind != DAuction || todo[0].Subject != s.nationID(nation) {
			t.Fatalf("nation %s: to act %+v, want seat %v", s.nationID(nation), todo, queue)
		}
		seat := queue[0]
		queue = queue[1:]
		other := (seat + 1) % n
		refuseMove(t, s, other, Move{Type: MSkipBond})
		m := Move{Type: MSkipBond}
		if c := buy[seat][nation]; c > 0 {
			m = Move{Type: MBond, Nation: s.nationID(nation), Cost: c}
		}
		s, _ = playMove(t, s, seat, m)
	}
	return s
}

func TestVariantExperiencedAuction(t *testing.T) {
	cases := []struct {
		name  string
		g     *Game
		money int
		buy   [][]int
		gov   []int // by nation
		swiss []int
	}{
		// 3 players: seat 0 grants 6M to the first four nations, seat 1 4M to
		// all, seat 2 2M to all: seat 0 governs four, seat 1 two, seat 2 none
		// and gets a Swiss bank. Seat 0 passes on the last two (in Imperial
		// 2030, with 1M left, it is not even asked).
		{"imperial2030 3 players", New2030(), 25,
			[][]int{{6, 6, 6, 6, 0, 0}, {4, 4, 4, 4, 4, 4}, {2, 2, 2, 2, 2, 2}},
			[]int{0, 0, 0, 0, 1, 1}, []int{2}},
		{"imperial 3 players", New(), 28,
			[][]int{{6, 6, 6, 6, 0, 0}, {4, 4, 4, 4, 4, 4}, {2, 2, 2, 2, 2, 2}},
			[]int{0, 0, 0, 0, 1, 1}, []int{2}},
		// 6 players: seats 0-4 grant 9M to nation `seat` and 2M to the next;
		// seat 5 grants nothing and gets a Swiss bank.
		{"imperial2030 6 players", New2030(), 13, sixBuys(), []int{0, 1, 2, 3, 4, 4}, []int{5}},
		{"imperial 6 players", New(), 15, sixBuys(), []int{0, 1, 2, 3, 4, 4}, []int{5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := len(c.buy)
			starts := map[int]bool{}
			for seed := uint64(1); seed <= 12; seed++ {
				starts[newGameOf(t, c.g, n, seed, game.Options{"setup": "experienced"}).Auction.Start] = true
			}
			if len(starts) < 2 {
				t.Errorf("the starting seat does not depend on the seed: %v", starts)
			}
			s := newGameOf(t, c.g, n, 7, game.Options{"setup": "experienced"})
			for i, p := range s.Players {
				if p.Cash != c.money {
					t.Fatalf("seat %d starts with %dM, want %d", i, p.Cash, c.money)
				}
			}
			s = playAuction(t, s, c.buy)
			spent := make([]int, n)
			for ni, nat := range s.Nations {
				sum := 0
				for seat := range s.Players {
					sum += s.credit(ni, seat)
					spent[seat] += s.credit(ni, seat)
				}
				if nat.Treasury != sum || nat.Government != c.gov[ni] {
					t.Errorf("%s: treasury %d (bonds %d), government %d (want %d)", s.nationID(ni), nat.Treasury, sum, nat.Government, c.gov[ni])
				}
			}
			var swiss []int
			for i, p := range s.Players {
				if p.Cash != c.money-spent[i] {
					t.Errorf("seat %d has %dM, want %d", i, p.Cash, c.money-spent[i])
				}
				if p.SwissBank {
					swiss = append(swiss, i)
				}
			}
			if !slices.Equal(swiss, c.swiss) {
				t.Errorf("Swiss banks %v, want %v", swiss, c.swiss)
			}
			if s.Phase != PhaseRondel || s.Turn != 0 || s.InvestorCard != (c.gov[0]+1)%n {
				t.Errorf("after the distribution: phase %s, turn %d, investor card %d", s.Phase, s.Turn, s.InvestorCard)
			}
		})
	}
}

func sixBuys() [][]int {
	buy := make([][]int, 6)
	for seat := range buy {
		buy[seat] = make([]int, 6)
		if seat < 5 {
			buy[seat][seat] = 9
			buy[seat][seat+1] = 2
		}
	}
	return buy
}

// Variant without investor card (004/000/002): after a nation's turn its
// government, then the others clockwise, may invest in it; Swiss banks in
// any nation. Here a player outbids Russia's government after its turn and
// takes Russia over; the old government, now without one, gets a Swiss bank
// and may invest anywhere after the next turn.
func TestVariantNoInvestorCardGovernmentChange(t *testing.T) {
	s := table2030(t, game.Options{"investor_card": "false"}, "RU")
	if s.Rules.InvestorCard {
		t.Fatal("the option does not set the rule")
	}
	s.InvestorCard = -1
	s.Players[1].Cash = 20
	s, _ = playMove(t, s, 0, Move{Type: MRondel, Slot: "production1"})
	if s.Phase != PhaseAfter || s.afterSeat() != 0 || s.afterNation() != 0 {
		t.Fatalf("after Russia's turn: phase %s, seat %d asked about %s", s.Phase, s.afterSeat(), s.nationID(s.afterNation()))
	}
	for _, m := range s.afterChoices(0) {
		if m.Nation != "RU" {
			t.Fatalf("Russia's government may buy %s bonds now", m.Nation)
		}
	}
	s, _ = playMove(t, s, 0, Move{Type: MSkipBond})
	refuseMove(t, s, 1, Move{Type: MBond, Nation: "CN", Cost: 12})
	s, _ = playMove(t, s, 1, Move{Type: MBond, Nation: "RU", Cost: 12})
	var ev []game.Event
	for s.Phase == PhaseAfter {
		var e []game.Event
		s, e = playMove(t, s, s.afterSeat(), Move{Type: MSkipBond})
		ev = append(ev, e...)
	}
	if s.Nations[0].Government != 1 || !s.Players[0].SwissBank || s.Players[1].SwissBank {
		t.Fatalf("Russia governed by %d, Swiss banks %v %v\n%s", s.Nations[0].Government, s.Players[0].SwissBank, s.Players[1].SwissBank, eventLines(ev))
	}
	if !strings.Contains(eventLines(ev), "p1 now governs Russia") {
		t.Errorf("no event for the change of government:\n%s", eventLines(ev))
	}
	if s.Turn != 1 || s.Phase != PhaseRondel {
		t.Fatalf("China should move next: turn %d phase %s", s.Turn, s.Phase)
	}
	// China's turn, then investing in China: the Swiss bank may buy any
	// nation's bonds, the others only China's.
	s, _ = playMove(t, s, 1, Move{Type: MRondel, Slot: "production1"})
	nations := func(seat int) []string {
		var out []string
		for _, m := range s.afterChoices(seat) {
			out = append(out, m.Nation)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	if got := nations(2); !slices.Equal(got, []string{"CN"}) {
		t.Errorf("seat 2 may invest in %v, want only CN", got)
	}
	if got := nations(0); len(got) != 6 {
		t.Errorf("the Swiss bank may invest in %v, want every nation", got)
	}
	for s.afterSeat() != 0 {
		s, _ = playMove(t, s, s.afterSeat(), Move{Type: MSkipBond})
	}
	s, _ = playMove(t, s, 0, Move{Type: MBond, Nation: "BR", Cost: 2})
	if s.Nations[nationOf(t, s, "BR")].Bonds[s.bondIndex(2)] != 0 {
		t.Error("the Swiss bank's bond in Brazil was not sold")
	}
}

// Variant without investor card: Investor pays interest only, passing it
// does nothing, and nobody can force a stop there.
func TestVariantNoInvestorCardInvestorSpace(t *testing.T) {
	s := table2030(t, game.Options{"investor_card": "false"}, "RU")
	s.InvestorCard = -1
	s.Nations[0].Rondel = slotManeuver1
	s.Nations[0].Bonds[s.bondIndex(2)] = 3 // seat 3 holds a 2M bond of Russia
	s.Nations[2].Government, s.Nations[2].Bonds[s.bondIndex(9)] = -1, -1
	s.Nations[2].Bonds[s.bondIndex(2)] = -1
	s.updateSwissBanks() // seat 2 governs nothing: a Swiss bank
	next, ev := playMove(t, s, 0, Move{Type: MRondel, Slot: "investor"})
	if next.Players[3].Cash != 11 || next.Players[0].Cash != 14 || next.Nations[0].Treasury != 5 {
		t.Errorf("interest: seat 3 %dM, seat 0 %dM, treasury %d\n%s", next.Players[3].Cash, next.Players[0].Cash, next.Nations[0].Treasury, eventLines(ev))
	}
	if next.Phase != PhaseAfter || next.InvestorCard != -1 || strings.Contains(eventLines(ev), "investor card") {
		t.Errorf("Investor must pay interest only: phase %s\n%s", next.Phase, eventLines(ev))
	}
	// Passing Investor (Maneuver -> Import) with a Swiss bank present and a
	// rich treasury: no forcing, no investor turn.
	s.Nations[0].Treasury = 50
	next, _ = playMove(t, s, 0, Move{Type: MRondel, Slot: "import"})
	if next.Phase != PhaseImport {
		t.Errorf("passing Investor without investor card: phase %s, want import", next.Phase)
	}
}

// A nation without government can receive bonds right after the previous
// nation's turn; that nation's government invests first.
func TestVariantNoInvestorCardUngovernedNation(t *testing.T) {
	s := table2030(t, game.Options{"investor_card": "false"}, "CN")
	s.InvestorCard = -1
	in := nationOf(t, s, "IN")
	s.Nations[in].Government = -1
	s.Nations[in].Bonds[s.bondIndex(9)] = -1
	s.updateSwissBanks()
	s, _ = playMove(t, s, 1, Move{Type: MRondel, Slot: "production1"})
	if q := s.afterQueue(1); !slices.Equal(q, []int{1, in}) {
		t.Fatalf("after China's turn bonds are offered in %v, want CN then IN", q)
	}
	for s.afterNation() == 1 {
		s, _ = playMove(t, s, s.afterSeat(), Move{Type: MSkipBond})
	}
	if s.afterSeat() != 1 {
		t.Errorf("India's bonds are first offered to seat %d, want China's government 1", s.afterSeat())
	}
	s, _ = playMove(t, s, 1, Move{Type: MSkipBond})
	s, _ = playMove(t, s, 2, Move{Type: MBond, Nation: "IN", Cost: 6})
	for s.Phase == PhaseAfter {
		s, _ = playMove(t, s, s.afterSeat(), Move{Type: MSkipBond})
	}
	if s.Nations[in].Government != 2 || s.Turn != in || s.Players[2].SwissBank {
		t.Errorf("India: government %d, turn %s, seat 2 Swiss bank %v", s.Nations[in].Government, s.nationID(s.Turn), s.Players[2].SwissBank)
	}
}
