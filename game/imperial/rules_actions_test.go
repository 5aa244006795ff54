package imperial

// rules-notes.md points on Factory, Production, Import, Taxation and the
// final scoring (14-16, 30, 32).

import (
	"slices"
	"strings"
	"testing"

	"rondel/game/words"
)

// rules-notes 14: a factory costs 5M, goes in an own city without a factory
// and without hostile armies (a friendly foreign army does not block it),
// its type is the city's colour, at most one per city, and building is
// optional.
func TestNote14Factory(t *testing.T) {
	s := table(t)
	place(s, FR, "munich", 1, 0, 0)  // friendly: no effect
	place(s, RU, "cologne", 1, 1, 0) // hostile: blocks
	at(s, GE, "taxation")
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"factory"}`)
	var sites []string
	for _, m := range legal(t, ns, GE) {
		sites = append(sites, m.Type+":"+m.Region)
	}
	want := []string{"factory:danzig", "factory:munich", "skip_factory:"}
	if slices.Sort(sites); !slices.Equal(sites, want) {
		t.Errorf("factory choices %v, want %v", sites, want)
	}
	skipped, ev := play(t, ns, GE, `{"type":"skip_factory"}`)
	if skipped.Nations[GE].Treasury != 10 || skipped.Turn != RU {
		t.Errorf("skipping: treasury %d, turn %d:%s", skipped.Nations[GE].Treasury, skipped.Turn, eventTexts(ev))
	}
	built, _ := play(t, ns, GE, `{"type":"factory","region":"munich"}`)
	if !built.Factories[rid(s, "munich")] || built.Nations[GE].Treasury != 5 {
		t.Error("no factory in Munich for 5M")
	}

	// All five cities built: Factory has nothing to do and the turn goes on.
	s = table(t)
	setFactories(s, GE, "berlin", "hamburg", "munich", "cologne", "danzig")
	at(s, GE, "taxation")
	ns, ev = play(t, s, GE, `{"type":"rondel","slot":"factory"}`)
	if ns.Phase != PhaseRondel || ns.Turn != RU || !hasEvent(ev, "cannot build") {
		t.Errorf("five factories: phase %s, turn %d:%s", ns.Phase, ns.Turn, eventTexts(ev))
	}
	// Neither treasury nor government can pay 5M.
	s = table(t)
	s.Nations[GE].Treasury, s.Players[GE].Cash = 2, 2
	at(s, GE, "taxation")
	if ns, _ = play(t, s, GE, `{"type":"rondel","slot":"factory"}`); ns.Phase == PhaseFactory {
		t.Error("a factory is offered with 4M in all")
	}
}

// rules-notes 15: every factory without hostile armies produces one unit, an
// army or a fleet in harbour; how many units stand there does not matter; an
// exhausted supply produces nothing.
func TestNote15Production(t *testing.T) {
	s := table(t)
	setFactories(s, GE, "berlin", "hamburg", "danzig")
	place(s, GE, "berlin", 3, 0, 0)
	place(s, GE, "northsea", 0, 0, 7) // 8 fleets in all: one left
	at(s, GE, "factory")
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"production1"}`)
	if got := units(ns, GE, "berlin").Armies; got != 4 {
		t.Errorf("Berlin with 3 armies produced to %d, want 4", got)
	}
	// Danzig comes before Hamburg in the production order: it gets the last fleet.
	if units(ns, GE, "danzig").Fleets != 1 || units(ns, GE, "hamburg").Fleets != 0 {
		t.Errorf("last fleet: Danzig %d, Hamburg %d", units(ns, GE, "danzig").Fleets, units(ns, GE, "hamburg").Fleets)
	}
	if ns.supplyLeft(GE, true) != 0 {
		t.Errorf("fleet supply %d left", ns.supplyLeft(GE, true))
	}
	at(ns, GE, "factory")
	ns, ev := play(t, ns, GE, `{"type":"rondel","slot":"production1"}`)
	if units(ns, GE, "berlin").Armies != 5 || ns.unitCount(GE) != 5+8 {
		t.Errorf("second production: Berlin %d armies, %d units:%s", units(ns, GE, "berlin").Armies, ns.unitCount(GE), eventTexts(ev))
	}
}

// rules-notes 16: at most 3 units for 1M each from the treasury, into home
// provinces without hostile armies (a friendly foreign army does not close
// one), fleets only in shipyard-coloured cities even without a shipyard,
// several in one province; the supply limits it.
func TestNote16Import(t *testing.T) {
	s := table(t)
	place(s, FR, "munich", 1, 0, 0)   // friendly
	place(s, RU, "berlin", 1, 1, 0)   // hostile
	setFactories(s, GE, "berlin")     // no shipyard anywhere
	place(s, GE, "northsea", 0, 0, 8) // the whole fleet supply
	at(s, GE, "investor")
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"import"}`)
	refuse(t, ns, GE, `{"type":"import","units":[{"region":"berlin","unit":"army"}]}`)
	refuse(t, ns, GE, `{"type":"import","units":[{"region":"hamburg","unit":"fleet"}]}`) // supply exhausted
	refuse(t, ns, GE, `{"type":"import","units":[{"region":"munich","unit":"tank"}]}`)
	ok, _ := play(t, ns, GE, `{"type":"import","units":[{"region":"munich","unit":"army"},{"region":"munich","unit":"army"}]}`)
	if units(ok, GE, "munich").Armies != 2 || ok.Nations[GE].Treasury != 8 {
		t.Errorf("Munich %+v, treasury %d", units(ok, GE, "munich"), ok.Nations[GE].Treasury)
	}
	for _, m := range legal(t, ns, GE) {
		for _, p := range m.Units {
			if p.Region == "berlin" || p.Unit == "fleet" {
				t.Errorf("offered %+v", p)
			}
		}
	}

	s = table(t)
	setFactories(s, GE, "berlin") // Hamburg and Danzig have no shipyard built
	at(s, GE, "investor")
	ns, _ = play(t, s, GE, `{"type":"rondel","slot":"import"}`)
	ok, _ = play(t, ns, GE, `{"type":"import","units":[{"region":"danzig","unit":"fleet"},{"region":"hamburg","unit":"fleet"}]}`)
	if units(ok, GE, "danzig").Fleets != 1 || units(ok, GE, "hamburg").Fleets != 1 {
		t.Error("fleets not imported into shipyard cities without shipyards")
	}
	refuse(t, ns, GE, `{"type":"import","units":[{"region":"cologne","unit":"fleet"}]}`)
	refuse(t, ns, GE, `{"type":"import","units":[{"region":"paris","unit":"army"}]}`)
	// Every choice offered is accepted and has at most 3 units.
	for _, m := range legal(t, ns, GE) {
		if len(m.Units) > 3 {
			t.Errorf("offered %d units", len(m.Units))
		}
		if _, _, err := ns.Apply(GE, m.JSON()); err != nil {
			t.Errorf("offered import %s refused: %v", m.JSON(), err)
		}
	}
}

// rules-notes 22 and 30: revenue is 2M per factory without hostile armies
// plus 1M per flag, at most 25; the bonus is 1M per chart space risen,
// nothing when it stays or falls; soldiers' pay is taken from the revenue
// and a negative rest pays nothing either way.
func TestNote30Taxation(t *testing.T) {
	cases := []struct {
		name                   string
		factories, flags       int
		hostileIn              string
		units, taxBefore       int
		wantTax, wantPoints    int
		wantBonus, wantCollect int
	}{
		{"example-like", 2, 3, "", 3, 6, 7, 2, 1, 4},
		{"occupied factory earns nothing", 3, 0, "berlin", 0, 5, 5, 0, 0, 4},
		{"maximum 25", 5, 15, "", 0, 5, 15, 10, 10, 25},
		{"falling marker", 2, 0, "", 0, 9, 5, 0, 0, 4},
		{"pay above revenue", 2, 0, "", 6, 5, 5, 0, 0, 0},
	}
	lands := []string{"portugal", "spain", "morocco", "algeria", "tunis", "belgium", "holland", "denmark", "norway", "sweden", "westbalkan", "greece", "bulgaria", "romania", "turkey"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := table(t)
			setFactories(s, GE, []string{"berlin", "hamburg", "munich", "cologne", "danzig"}[:c.factories]...)
			for _, r := range lands[:c.flags] {
				s.Flags[rid(s, r)] = GE
			}
			if c.hostileIn != "" {
				place(s, RU, c.hostileIn, 1, 1, 0)
			}
			if c.units > 0 {
				place(s, GE, "northsea", 0, 0, c.units)
			}
			s.Nations[GE].TaxValue, s.Nations[GE].Treasury = c.taxBefore, 0
			at(s, GE, "maneuver2")
			ns, ev := play(t, s, GE, `{"type":"rondel","slot":"taxation"}`)
			g := ns.Nations[GE]
			if g.TaxValue != c.wantTax || g.Power != c.wantPoints || ns.Players[GE].Cash-10 != c.wantBonus || g.Treasury != c.wantCollect {
				t.Errorf("chart %d/%d, points %d/%d, bonus %d/%d, treasury %d/%d:%s", g.TaxValue, c.wantTax, g.Power, c.wantPoints,
					ns.Players[GE].Cash-10, c.wantBonus, g.Treasury, c.wantCollect, eventTexts(ev))
			}
		})
	}
}

// rules-notes 32: score = interest x power factor + cash, treasuries count
// for nobody; ties go to the higher credit in the nation with most power,
// then the next; equal power points: earlier in turn order (our decision).
func TestNote32ScoringAndTies(t *testing.T) {
	for pts, f := range map[int]int{0: 0, 4: 0, 5: 1, 9: 1, 10: 2, 17: 3, 20: 4, 24: 4, 25: 5} {
		if powerFactor(pts) != f {
			t.Errorf("%d points: factor %d, want %d", pts, powerFactor(pts), f)
		}
	}
	s := table(t)
	s.Phase = PhaseOver
	for ni := range s.Nations {
		clearBonds(s, ni)
		s.Nations[ni].Treasury = 50
	}
	s.Nations[GE].Power, s.Nations[FR].Power, s.Nations[AH].Power = 25, 20, 20
	// Four players score 30. Seats 0 and 1 differ in German credit, the
	// nation with most points: seat 1 (12M) ranks before seat 0 (9M).
	setBonds(s, GE, 0, 9)  // 4 x 5 = 20
	setBonds(s, GE, 1, 12) // 5 x 5 = 25
	s.Players[0].Cash, s.Players[1].Cash = 10, 5
	setBonds(s, FR, 2, 2) // 1 x 4 = 4
	setBonds(s, AH, 3, 2) // 1 x 4 = 4
	s.Players[2].Cash, s.Players[3].Cash = 26, 26
	// Seats 2 and 3 tie on 30 and hold no GE; FR and AH both have 20
	// points: AH comes first in turn order, so seat 3 ranks higher.
	s.Players[4].Cash, s.Players[5].Cash = 1, 1 // a true tie
	res := s.Result()
	if !slices.Equal(res.Scores, []int{30, 30, 30, 30, 1, 1}) {
		t.Fatalf("scores %v", res.Scores)
	}
	if want := []int{2, 1, 4, 3, 5, 5}; !slices.Equal(res.Places, want) {
		t.Errorf("places %v, want %v", res.Places, want)
	}
	if tb := words.English().Say(res.TieBreak); !strings.Contains(tb, "German Empire") {
		t.Errorf("tie break: %q", tb)
	}
}
