package imperial

import (
	"slices"
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
