package imperial

import (
	"testing"

	"rondel/game"
)

// siteTable is table under the playimperial.club rules.
func siteTable(t *testing.T) *State {
	t.Helper()
	return tableWith(t, game.Options{RulesetOption: RulesetPlayImperial})
}

// The site's ruleset is no option of either game: no form lists it, so no
// new game can be offered under it; only a setup that names it (an
// import's) gets it, and an unknown ruleset is refused.
func TestSiteRulesetIsNotOffered(t *testing.T) {
	for _, g := range []*Game{New(), New2030()} {
		for _, o := range g.Info().Options {
			if o.Name == RulesetOption {
				t.Errorf("%s offers the option %q", g.id, o.Name)
			}
			for _, c := range o.Choices {
				if c == RulesetPlayImperial {
					t.Errorf("%s option %s offers the choice %q", g.id, o.Name, c)
				}
			}
		}
		st, err := g.New(game.Setup{Players: playerNames(3), Options: game.Options{RulesetOption: RulesetPlayImperial}, Seed: 1})
		if err != nil {
			t.Fatalf("%s: the import's setup is refused: %v", g.id, err)
		}
		if st.(*State).Rules.Site == nil {
			t.Errorf("%s: the setup names the site's ruleset but the rules lack it", g.id)
		}
		if _, err := g.New(game.Setup{Players: playerNames(3), Options: game.Options{RulesetOption: "house"}, Seed: 1}); err == nil {
			t.Errorf("%s: an unknown ruleset is accepted", g.id)
		}
		plain, _ := g.New(game.Setup{Players: playerNames(3), Seed: 1})
		if plain.(*State).Rules.Site != nil {
			t.Errorf("%s: a plain game has the site's rules", g.id)
		}
	}
}

// The site pays each other holder's bond wholly from the treasury or wholly
// from the government's cash, in the order the holder acquired them, and the
// government takes what the treasury still holds, even when a holder went
// short; the rule book empties the treasury first.
func TestSiteInterestBondByBond(t *testing.T) {
	setup := func(s *State) {
		clearBonds(s, IT)
		setBonds(s, IT, IT, 12)  // the government: 5M interest
		setBonds(s, IT, 3, 6, 2) // 3M + 1M
		setBonds(s, IT, 4, 4)    // 2M
		s.Nations[IT].Acquired = []int{s.bondIndex(12), s.bondIndex(6), s.bondIndex(2), s.bondIndex(4)}
		s.Nations[IT].Treasury = 5
		s.Players[IT].Cash = 1
		s.InvestorCard = 5
	}
	book, site := table(t), siteTable(t)
	setup(book)
	setup(site)
	nb, ns := landInvestor(t, book, IT), landInvestor(t, site, IT)
	type got struct{ seat3, seat4, gov, treasury int }
	for _, tc := range []struct {
		name   string
		before *State
		after  *State
		want   got
	}{
		// rule book: seat 3 from the treasury (5 → 1), seat 4 gets the last
		// 1M of the treasury and 1M of the government's cash.
		{"rule book", book, nb, got{4, 2, 0, 0}},
		// site: seat 3's 6M bond (acquired first) then 2M bond from the
		// treasury (5 → 1); seat 4's 2M exceeds both the treasury and the
		// cash, so it gets the government's 1M; the government then takes
		// the treasury's last 1M.
		{"site", site, ns, got{4, 1, 1, 0}},
	} {
		g := got{tc.after.Players[3].Cash - tc.before.Players[3].Cash, tc.after.Players[4].Cash - tc.before.Players[4].Cash,
			tc.after.Players[IT].Cash, tc.after.Nations[IT].Treasury}
		if g != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, g, tc.want)
		}
	}
}
