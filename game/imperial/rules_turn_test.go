package imperial

// rules-notes.md points on set-up, turn order and the rondel (1-5, 10-12,
// 33), each test named after its point.

import (
	"slices"
	"testing"

	"rondel/game"
)

// rules-notes 1: nations move in the order AH, IT, FR, GB, GE, RU; a nation
// without a government is skipped; a new round starts with AH.
func TestNote01TurnOrderSkipsNationsWithoutGovernment(t *testing.T) {
	s := table(t)
	clearBonds(s, IT)
	s.Nations[IT].Government = -1
	clearBonds(s, RU)
	s.Nations[RU].Government = -1
	var order []int
	for i := 0; i < 4; i++ {
		order = append(order, s.Turn)
		s, _ = play(t, s, s.Nations[s.Turn].Government, `{"type":"rondel","slot":"production1"}`)
	}
	order = append(order, s.Turn)
	if want := []int{AH, FR, GB, GE, AH}; !slices.Equal(order, want) {
		t.Errorf("turn order %v, want %v", order, want)
	}
	if s.Round != 2 {
		t.Errorf("round %d after a full round, want 2", s.Round)
	}
}

// rules-notes 2: the first placement is free on any space; later a nation
// moves 1-6 spaces, never stays; 4, 5, 6 spaces cost 2, 4, 6M of the
// government's cash to the bank; a move the government cannot pay is
// neither offered nor accepted.
func TestNote02RondelMoves(t *testing.T) {
	s := table(t)
	var slots []string
	for _, m := range legal(t, s, AH) {
		slots = append(slots, m.Slot)
	}
	if len(slots) != numSlots {
		t.Errorf("first placement: %d spaces offered, want all 8: %v", len(slots), slots)
	}
	ns, _ := play(t, s, AH, `{"type":"rondel","slot":"maneuver2"}`)
	if ns.Players[AH].Cash != 10 {
		t.Errorf("the first placement cost %dM", 10-ns.Players[AH].Cash)
	}

	s = table(t)
	at(s, FR, "factory")
	refuse(t, s, FR, `{"type":"rondel","slot":"factory"}`)
	refuse(t, s, FR, `{"type":"rondel","slot":"taxation"}`) // 7 spaces
	refuse(t, s, FR, `{"type":"rondel","slot":"nowhere"}`)
	s.Players[FR].Cash = 3
	for _, m := range legal(t, s, FR) {
		if m.Slot == "production2" || m.Slot == "maneuver2" {
			t.Errorf("%s (4M or 6M) offered to a government with 3M", m.Slot)
		}
	}
	refuse(t, s, FR, `{"type":"rondel","slot":"production2"}`)
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"import"}`) // 4 spaces, 2M; passes Investor
	if ns.Players[FR].Cash != 1 || ns.Nations[FR].Treasury != 10 {
		t.Errorf("after 4 spaces: cash %d (want 1), treasury %d (want 10)", ns.Players[FR].Cash, ns.Nations[FR].Treasury)
	}
}

// rules-notes 3: passing over Investor runs the landed action in full, then
// Investor steps 2 and 3 (card holder +2M and invests, Swiss banks), the
// government check and the passing of the card; no interest is paid.
// Leaving from Investor or landing on it is not passing.
func TestNote03PassingOverInvestor(t *testing.T) {
	s := table(t)
	setFactories(s, FR, "paris", "bordeaux")
	setBonds(s, FR, 3, 4) // another holder who would get interest
	at(s, FR, "maneuver1")
	holder := s.InvestorCard
	before := slices.Clone(s.Players)
	ns, ev := play(t, s, FR, `{"type":"rondel","slot":"production2"}`)
	if units(ns, FR, "paris").Armies != 1 || units(ns, FR, "bordeaux").Fleets != 1 {
		t.Errorf("the landed action (production) did not run first")
	}
	if ns.Phase != PhaseInvest || ns.Investors[0] != holder {
		t.Fatalf("phase %s investors %v, want the card holder %d to invest", ns.Phase, ns.Investors, holder)
	}
	if ns.Players[holder].Cash != before[holder].Cash+2 {
		t.Errorf("the card holder got %dM, want 2M", ns.Players[holder].Cash-before[holder].Cash)
	}
	if ns.Players[3].Cash != before[3].Cash || ns.Players[FR].Cash != before[FR].Cash || ns.Nations[FR].Treasury != 10 {
		t.Errorf("interest was paid when passing over Investor:%s", eventTexts(ev))
	}
	ns, _ = play(t, ns, holder, `{"type":"skip_bond"}`)
	if ns.InvestorCard != (holder+1)%6 || ns.Turn != GB || ns.Phase != PhaseRondel {
		t.Errorf("after investing: card %d, turn %d, phase %s", ns.InvestorCard, ns.Turn, ns.Phase)
	}

	// Leaving from Investor is not passing: Investor -> Maneuver 2.
	s = table(t)
	at(s, FR, "investor")
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"production2"}`)
	if ns.Phase != PhaseRondel || ns.Turn != GB || ns.InvestorCard != s.InvestorCard {
		t.Errorf("leaving Investor triggered an investor turn: phase %s, card %d", ns.Phase, ns.InvestorCard)
	}
	// Landing on it runs the full Investor turn, interest first.
	s = table(t)
	setBonds(s, FR, 3, 4)
	at(s, FR, "production1")
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"investor"}`)
	if ns.Players[3].Cash != s.Players[3].Cash+2 || ns.Players[FR].Cash != s.Players[FR].Cash+4 || ns.Nations[FR].Treasury != 4 {
		t.Errorf("landing on Investor: interest not paid (GB cash %d, FR cash %d, treasury %d)", ns.Players[3].Cash, ns.Players[FR].Cash, ns.Nations[FR].Treasury)
	}
	if ns.Phase != PhaseInvest {
		t.Errorf("phase %s after landing on Investor", ns.Phase)
	}
}

// swissBankTable: seat 5 governs nothing (Russia goes to seat 4 with its
// bond) and holds a Swiss bank.
func swissBankTable(t *testing.T) *State {
	s := table(t)
	clearBonds(s, RU)
	setBonds(s, RU, 4, 9)
	s.Nations[RU].Government = 4
	s.updateSwissBanks()
	if !s.Players[5].SwissBank {
		t.Fatal("seat 5 has no Swiss bank")
	}
	return s
}

// rules-notes 4: a Swiss bank may force a nation about to pass over Investor
// to stop there, only if its treasury can pay all interest; the stopped
// nation then runs the full Investor turn, interest included, and pays the
// fee of the distance actually moved.
func TestNote04ForcedStopOnInvestor(t *testing.T) {
	s := swissBankTable(t)
	setBonds(s, FR, 0, 4)
	at(s, FR, "maneuver1")
	s.Nations[FR].Treasury = 6 // interest: 4 (9M) + 2 (4M)
	ns, _ := play(t, s, FR, `{"type":"rondel","slot":"maneuver2"}`)
	if ns.Phase != PhaseForce {
		t.Fatalf("phase %s, want the Swiss bank's decision", ns.Phase)
	}
	if got := decisions(ns); !slices.Equal(got, []string{"5:force-investor:FR"}) {
		t.Errorf("decisions %v", got)
	}
	refuse(t, ns, FR, `{"type":"force_investor"}`) // a government holds no Swiss bank
	forced, _ := play(t, ns, 5, `{"type":"force_investor"}`)
	if forced.Nations[FR].Rondel != slotInvestor {
		t.Errorf("France stands on %s, want investor", slotNames[forced.Nations[FR].Rondel])
	}
	if forced.Nations[FR].Treasury != 0 || forced.Players[0].Cash != 12 || forced.Players[FR].Cash != 14 {
		t.Errorf("interest: treasury %d, AH gov cash %d, FR gov cash %d", forced.Nations[FR].Treasury, forced.Players[0].Cash, forced.Players[FR].Cash)
	}
	if forced.Phase != PhaseInvest {
		t.Errorf("phase %s after the forced stop, want invest", forced.Phase)
	}
	let, _ := play(t, ns, 5, `{"type":"no_force"}`)
	if let.Nations[FR].Rondel != slotManeuver2 || let.Nations[FR].Treasury != 6 {
		t.Errorf("let pass: France on %s with treasury %d", slotNames[let.Nations[FR].Rondel], let.Nations[FR].Treasury)
	}

	// Forced after a paid move: only the distance to Investor is charged
	// (Maneuver 2 from Taxation is 7; use Factory -> Import, 4 spaces).
	s = swissBankTable(t)
	at(s, FR, "factory")
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"import"}`)
	forced, _ = play(t, ns, 5, `{"type":"force_investor"}`)
	if forced.Players[FR].Cash != 10+4 {
		t.Errorf("the forced nation's government has %dM, want 10 + 4 interest (no fee for 3 spaces)", forced.Players[FR].Cash)
	}

	// Treasury short of all interest: no forcing.
	s = swissBankTable(t)
	setBonds(s, FR, 0, 4)
	at(s, FR, "maneuver1")
	s.Nations[FR].Treasury = 5
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"maneuver2"}`)
	if ns.Phase == PhaseForce || ns.Nations[FR].Rondel != slotManeuver2 {
		t.Errorf("forcing offered though the treasury (5M) cannot pay 6M interest: phase %s", ns.Phase)
	}
	// A move that does not pass Investor cannot be stopped.
	s = swissBankTable(t)
	at(s, FR, "factory")
	ns, _ = play(t, s, FR, `{"type":"rondel","slot":"maneuver1"}`)
	if ns.Phase == PhaseForce {
		t.Error("forcing offered for a move that does not pass Investor")
	}
}

// rules-notes 5: the game ends as soon as a nation reaches 25 power points
// in Taxation; if that move passed over Investor, steps 2 and 3 do not run;
// the track stops at 25.
func TestNote05GameEndAt25SkipsInvestor(t *testing.T) {
	s := table(t)
	setFactories(s, GE, "berlin", "hamburg", "munich", "cologne", "danzig")
	for _, r := range []string{"denmark", "holland", "belgium", "sweden", "norway"} {
		s.Flags[rid(s, r)] = GE
	}
	s.Nations[GE].Power = 20 // +10 from 15M would be 30
	at(s, GE, "maneuver1")   // -> taxation: 5 spaces, passes Investor
	holder := s.InvestorCard
	ns, ev := play(t, s, GE, `{"type":"rondel","slot":"taxation"}`)
	if !ns.Finished() || ns.Phase != PhaseOver {
		t.Fatalf("game not over at %d points", ns.Nations[GE].Power)
	}
	if ns.Nations[GE].Power != 25 {
		t.Errorf("power %d, want capped at 25", ns.Nations[GE].Power)
	}
	if ns.Players[holder].Cash != s.Players[holder].Cash || ns.InvestorCard != holder {
		t.Errorf("Investor steps ran after the end:%s", eventTexts(ev))
	}
	if ns.Result() == nil || len(ns.ToAct()) != 0 {
		t.Errorf("finished game: result %v, to act %v", ns.Result(), ns.ToAct())
	}
	refuse(t, ns, holder, `{"type":"skip_bond"}`)

	// 24 points + 0 does not end it; 24 + 1 does.
	s = table(t)
	s.Nations[GE].Power = 24
	at(s, GE, "maneuver2")
	ns, _ = play(t, s, GE, `{"type":"rondel","slot":"taxation"}`) // 4M revenue: 0 points
	if ns.Finished() {
		t.Error("the game ended at 24 points")
	}
	s.Flags[rid(s, "denmark")], s.Flags[rid(s, "holland")] = GE, GE // 6M: 1 point
	ns, _ = play(t, s, GE, `{"type":"rondel","slot":"taxation"}`)
	if !ns.Finished() || ns.Nations[GE].Power != 25 {
		t.Errorf("25 points: finished %v, power %d", ns.Finished(), ns.Nations[GE].Power)
	}
}

// rules-notes 10: the investor card passes clockwise after every Investor
// activation, landed on or passed.
func TestNote10InvestorCardMovesEveryActivation(t *testing.T) {
	s := table(t)
	s.InvestorCard = 5
	at(s, AH, "production1")
	ns, _ := play(t, s, AH, `{"type":"rondel","slot":"investor"}`)
	ns, _ = play(t, ns, 5, `{"type":"skip_bond"}`)
	if ns.InvestorCard != 0 {
		t.Errorf("after landing: card with %d, want 0 (wraps clockwise)", ns.InvestorCard)
	}
	at(ns, IT, "maneuver1")
	ns, _ = play(t, ns, IT, `{"type":"rondel","slot":"import"}`)
	ns, _ = play(t, ns, IT, `{"type":"import","units":[]}`)
	ns, _ = play(t, ns, 0, `{"type":"bond","nation":"RU","cost":2}`)
	if ns.InvestorCard != 1 {
		t.Errorf("after passing: card with %d, want 1", ns.InvestorCard)
	}
}

// rules-notes 11: the investor card starts left of Austria-Hungary's
// government, or left of Italy's if nobody governs Austria-Hungary.
func TestNote11InitialInvestorCard(t *testing.T) {
	sawFallback := false
	for _, players := range []int{2, 3, 4, 5, 6} {
		for seed := uint64(1); seed <= 100; seed++ {
			s := newGame(t, players, seed)
			var want int
			if g := s.Nations[AH].Government; g >= 0 {
				want = (g + 1) % players
			} else {
				sawFallback = true
				want = (s.Nations[IT].Government + 1) % players
			}
			if s.InvestorCard != want {
				t.Errorf("%d players, seed %d: card with %d, want %d", players, seed, s.InvestorCard, want)
			}
		}
	}
	if !sawFallback {
		t.Error("no seed left Austria-Hungary without a government; the fallback is untested")
	}
}

// rules-notes 12: with 4 or 5 players an undealt nation's government goes to
// the holder of its 2M bond; with none of its bonds sold it has none.
func TestNote12UndealtFlagCards(t *testing.T) {
	sawUndealt, sawNone := false, false
	for _, players := range []int{4, 5} {
		for seed := uint64(1); seed <= 40; seed++ {
			s := newGame(t, players, seed)
			for ni, nat := range s.Nations {
				if nat.Bonds[s.bondIndex(9)] >= 0 {
					continue // dealt: its card holder bought the 9M bond
				}
				sawUndealt = true
				two := nat.Bonds[s.bondIndex(2)]
				if nat.Government != two {
					t.Errorf("%d players, seed %d: undealt %s governed by %d, want the 2M holder %d", players, seed, s.nationID(ni), nat.Government, two)
				}
				if two < 0 {
					sawNone = true
				}
			}
		}
	}
	if !sawUndealt || !sawNone {
		t.Errorf("cases not met: undealt %v, undealt without bonds %v", sawUndealt, sawNone)
	}
}

// rules-notes 33: standard set-up. 13/24/35M, each card gives its holder the
// nation's 9M and another nation's 2M bond; everybody keeps 2M; 2 and 3
// players get the fixed extra cards.
func TestNote33StandardSetup(t *testing.T) {
	extra := map[int]map[int][]int{
		2: {AH: {FR, GE}, IT: {RU, GB}},
		3: {AH: {GB}, IT: {RU}, FR: {GE}},
	}
	card2 := map[int]int{AH: GE, IT: GB, FR: AH, GB: RU, GE: IT, RU: FR}
	for players := 2; players <= 6; players++ {
		for seed := uint64(1); seed <= 10; seed++ {
			s := newGame(t, players, seed)
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("%d players: %v", players, err)
			}
			for i, p := range s.Players {
				if p.Cash != 2 {
					t.Errorf("%d players, seed %d: %s keeps %dM, want 2M", players, seed, p.Name, p.Cash)
				}
				if p.SwissBank == s.governs(i) {
					t.Errorf("%s: Swiss bank %v, governs %v", p.Name, p.SwissBank, s.governs(i))
				}
			}
			for ni, nat := range s.Nations {
				sold := 0
				for bi, h := range nat.Bonds {
					if h >= 0 {
						sold += s.b.Bonds[bi].Cost
					}
				}
				if nat.Treasury != sold {
					t.Errorf("%s treasury %d, bonds sold %d", s.nationID(ni), nat.Treasury, sold)
				}
				nine := nat.Bonds[s.bondIndex(9)]
				if nine < 0 {
					continue
				}
				if got := s.Nations[card2[ni]].Bonds[s.bondIndex(2)]; got != nine {
					t.Errorf("%d players: %s card holder %d does not hold %s 2M (held by %d)", players, s.nationID(ni), nine, s.nationID(card2[ni]), got)
				}
				for _, x := range extra[players][ni] {
					if h := s.Nations[x].Bonds[s.bondIndex(9)]; h != nine {
						t.Errorf("%d players: the %s card goes with %s, but its 9M bond is with %d", players, s.nationID(x), s.nationID(ni), h)
					}
				}
			}
		}
	}
}

// rules-notes 33, experienced variant: nation by nation each player may grant
// one bond, the first chooser moving one seat clockwise per nation; players
// without a government then get Swiss banks.
func TestNote33ExperiencedSetup(t *testing.T) {
	s := newGameOpts(t, 3, 7, game.Options{"setup": "experienced"})
	if s.Phase != PhaseAuction {
		t.Fatalf("phase %s", s.Phase)
	}
	for _, p := range s.Players {
		if p.Cash != 28 {
			t.Errorf("3 players start with %dM, want 28M", p.Cash)
		}
	}
	start := s.Auction.Start
	var order []int
	// Everyone grants the cheapest bond left to AH; for the other nations
	// only the first chooser grants 2M, the others pass.
	for s.Phase == PhaseAuction {
		seat := s.auctionChooser()
		order = append(order, seat)
		move := `{"type":"skip_bond"}`
		if s.Auction.Nation == AH || s.Auction.Asked == 0 {
			for _, m := range legal(t, s, seat) {
				if m.Type == MBond {
					move = string(m.JSON())
					break
				}
			}
		}
		s, _ = play(t, s, seat, move)
	}
	for ni := 0; ni < 6; ni++ {
		for k := 0; k < 3; k++ {
			if got, want := order[ni*3+k], (start+ni+k)%3; got != want {
				t.Fatalf("nation %d, chooser %d: seat %d, want %d (order %v)", ni, k, got, want, order)
			}
		}
	}
	// AH: the three took 2, 4, 6 in turn: the 6M holder governs.
	if g := s.Nations[AH].Government; g != (start+2)%3 {
		t.Errorf("AH governed by %d, want the 6M holder %d", g, (start+2)%3)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Error(err)
	}
	if s.InvestorCard != (s.Nations[AH].Government+1)%3 {
		t.Errorf("investor card %d", s.InvestorCard)
	}
}
