package imperial

import (
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

// The first edition (2006; rule book 003 and the reference notes on it) as
// the option edition=2006 of Imperial.

var firstEdition = game.Options{"edition": "2006"}

func TestFirstEditionSetup(t *testing.T) {
	s := newGameOf(t, New(), 3, 5, firstEdition)
	if !s.Rules.FirstEdition || s.Rules.Taxation2030 || s.Rules.RondelPowerFee {
		t.Fatalf("rules %+v", s.Rules)
	}
	if len(s.b.Bonds) != 8 || s.bondIndex(30) != -1 || s.b.Nations[0].Flags != 10 {
		t.Fatalf("first edition: %d bonds, 30M index %d, %d tax chips", len(s.b.Bonds), s.bondIndex(30), s.b.Nations[0].Flags)
	}
	// 3 players: 26M each, spent in full on two flag cards of 9M + 4M.
	for i, p := range s.Players {
		if p.Cash != 0 {
			t.Errorf("seat %d keeps %dM, want 0", i, p.Cash)
		}
	}
	for ni, nat := range s.Nations {
		if nat.Treasury != 13 || len(nat.Bonds) != 8 {
			t.Errorf("%s: treasury %d, %d bonds", s.nationID(ni), nat.Treasury, len(nat.Bonds))
		}
	}
	for _, m := range s.bondChoices(0, -1) {
		if m.Cost == 30 {
			t.Fatal("a 30M bond is offered in the first edition")
		}
	}
	// The state decodes to the same first-edition board.
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := New().DecodeState(data)
	if err != nil || len(back.(*State).b.Bonds) != 8 {
		t.Fatalf("decoded state: %v", err)
	}
	// 4 and 5 players: an undealt nation goes to the holder of its 4M bond.
	for _, n := range []int{4, 5} {
		for seed := uint64(1); seed <= 10; seed++ {
			s := newGameOf(t, New(), n, seed, firstEdition)
			for ni, nat := range s.Nations {
				nine, four := nat.Bonds[s.bondIndex(9)], nat.Bonds[s.bondIndex(4)]
				want := nine
				if nine < 0 {
					want = four
				}
				if nat.Government != want {
					t.Errorf("%d players seed %d: %s governed by %d, want %d (9M %d, 4M %d)", n, seed, s.nationID(ni), nat.Government, want, nine, four)
				}
			}
		}
	}
	if _, err := New().New(game.Setup{Players: playerNames(3), Options: game.Options{"edition": "2008"}}); err == nil {
		t.Error("an unknown edition must be refused")
	}
}

// firstEditionTable is a 3-player first-edition position: seat i governs nations
// i and i+3 with their 9M bonds, every treasury and player has 10M, no
// units, no flags, nobody on the rondel; nation `turn` moves.
func firstEditionTable(t *testing.T, turn int) *State {
	t.Helper()
	s := newGameOf(t, New(), 3, 1, firstEdition)
	clearTable(s, func(ni int) int { return ni % 3 })
	s.InvestorCard, s.Turn, s.Phase = 1, turn, PhaseRondel
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	return s
}

// A first-edition game: Great Britain with 5 factories and all 10 tax chips
// out collects 20M, the most there is; it cannot place an 11th chip; the
// taxation steps come in the first edition's order.
func TestFirstEditionTaxStopsAt20(t *testing.T) {
	s := firstEditionTable(t, 3) // Great Britain, seat 0
	gb := 3
	for _, r := range s.b.Nations[gb].Homes {
		s.Factories[r] = true
	}
	chips := 0
	for r, reg := range s.b.Regions {
		if reg.Kind == "land" && chips < 10 {
			s.Flags[r] = gb
			chips++
		}
	}
	s.Units[gb][regionOf(t, s, "northatlantic")] = Stack{Fleets: 1}
	s.Nations[gb].Rondel = slotManeuver2
	next, ev := playMove(t, s, 0, Move{Type: MRondel, Slot: "taxation"})
	nat := next.Nations[gb]
	if nat.TaxValue != 15 || nat.Power != 10 || nat.Treasury != 10+20-1 || next.Players[0].Cash != 10+10 {
		t.Errorf("tax marker %d, power %d, treasury %d (want 29), government cash %d (want 20)\n%s", nat.TaxValue, nat.Power, nat.Treasury, next.Players[0].Cash, eventLines(ev))
	}
	text := eventLines(ev)
	i, j, k := strings.Index(text, "revenue is 20M"), strings.Index(text, "collects 19M"), strings.Index(text, "gains 10 power points")
	if i < 0 || j < i || k < j {
		t.Errorf("first edition order: tax and bonus, then the treasury, then power points:\n%s", text)
	}
	// An 11th region held alone gets no chip.
	free := -1
	for r, reg := range s.b.Regions {
		if reg.Kind == "land" && s.Flags[r] < 0 {
			free = r
			break
		}
	}
	s.Units[gb][free] = Stack{Armies: 1}
	s.placeFlags(&log{})
	if s.Flags[free] != -1 || s.flagCount(gb) != 10 {
		t.Errorf("Great Britain placed an 11th tax chip: %d out", s.flagCount(gb))
	}
	// 5 factories and 10 chips: 20M, the first edition's maximum.
	if got := s.revenue(gb); got != 20 {
		t.Errorf("revenue %d, want 20", got)
	}
}

// A first-edition Investor turn: after the investor card holder, a player
// without a government invests too (rule book 003 Investor step 3); nobody
// can force a nation to stop on Investor.
func TestFirstEditionInvestingWithoutGovernment(t *testing.T) {
	s := firstEditionTable(t, 0) // Austria-Hungary, seat 0
	// Seat 2 gives its two nations' bonds... to nobody: seat 0 takes them.
	for _, ni := range []int{2, 5} {
		s.Nations[ni].Bonds[s.bondIndex(9)] = 0
		s.Nations[ni].Government = 0
	}
	s.updateSwissBanks()
	if !s.Players[2].SwissBank {
		t.Fatal("seat 2 should govern nothing")
	}
	// Passing Investor with a rich treasury: no forcing in the first edition.
	s.Nations[0].Rondel = slotManeuver1
	s.Nations[0].Treasury = 40
	passed, ev := playMove(t, s, 0, Move{Type: MRondel, Slot: "import"})
	if passed.Phase != PhaseImport {
		t.Fatalf("passing Investor: phase %s, want import (no forcing)\n%s", passed.Phase, eventLines(ev))
	}
	passed, _ = playMove(t, passed, 0, Move{Type: MImportEnd})
	if got := decisionKinds(passed); !slices.Equal(got, []string{"1:invest"}) {
		t.Fatalf("after passing Investor the card holder invests: %v", got)
	}
	passed, _ = playMove(t, passed, 1, Move{Type: MSkipBond})
	if got := decisionKinds(passed); !slices.Equal(got, []string{"2:invest"}) {
		t.Fatalf("then the player without government: %v", got)
	}
	passed, _ = playMove(t, passed, 2, Move{Type: MBond, Nation: "IT", Cost: 4})
	if passed.Nations[1].Bonds[passed.bondIndex(4)] != 2 || passed.Players[2].Cash != 6 {
		t.Error("the player without government did not buy Italy's 4M bond")
	}
	if passed.Phase != PhaseRondel || passed.InvestorCard != 2 {
		t.Errorf("after the investor turn: phase %s, card %d", passed.Phase, passed.InvestorCard)
	}
}
