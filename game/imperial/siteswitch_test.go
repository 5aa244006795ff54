package imperial

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

// Each switch of the playimperial.club rules, on a position built for it:
// the same moves under the rule book and under the site's rules.

// both builds the same position under the rule book and the site's rules.
func both(t *testing.T, setup func(*State)) (book, site *State) {
	t.Helper()
	book, site = table(t), siteTable(t)
	setup(book)
	setup(site)
	return book, site
}

// Every switch is named, so that an import can say which one changed a
// position, and the site's ruleset turns every one of them on (the map's
// and the tax cap's only on the map they concern).
func TestSiteSwitchesAreNamed(t *testing.T) {
	typ := reflect.TypeOf(SiteRules{})
	for i := range typ.NumField() {
		name := strings.Split(typ.Field(i).Tag.Get("json"), ",")[0]
		if !slices.Contains(siteSwitchNames, name) {
			t.Errorf("switch %s (%s) has no name in siteSwitchNames", typ.Field(i).Name, name)
		}
		var r SiteRules
		setSiteSwitch(&r, name, true)
		if !reflect.ValueOf(r).Field(i).Bool() {
			t.Errorf("setSiteSwitch(%q) does not set %s", name, typ.Field(i).Name)
		}
	}
	if len(siteSwitchNames) != typ.NumField() {
		t.Errorf("%d names for %d switches", len(siteSwitchNames), typ.NumField())
	}
	if got := len(siteTable(t).SiteSwitches()); got != typ.NumField() {
		t.Errorf("Europe under the site's rules: %d switches on, want all %d", got, typ.NumField())
	}
	s2030, err := New2030().New(game.Setup{Players: playerNames(3), Options: game.Options{RulesetOption: RulesetPlayImperial}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if sw := s2030.(*State).SiteSwitches(); slices.Contains(sw, "site_map") || slices.Contains(sw, "tax_cap_20") {
		t.Errorf("Imperial 2030 under the site's rules has Europe's switches on: %v", sw)
	}
}

// sticky_friendly: once France's armies lay in Munich, a later hostile
// entry there lies too on the site; under the rule book it stands.
func TestSiteStickyFriendly(t *testing.T) {
	book, site := both(t, func(s *State) { place(s, FR, "dijon", 2, 0, 0) })
	for _, s := range []*State{book, site} {
		ns := maneuver(t, s, FR)
		ns, _ = play(t, ns, FR, `{"type":"army","from":"dijon","to":"munich"}`)
		ns, _ = play(t, ns, FR, `{"type":"end_maneuver"}`)
		ns = maneuver(t, ns, FR)
		ns, _ = play(t, ns, FR, `{"type":"army","from":"dijon","to":"munich","hostile":true}`)
		standing := units(ns, FR, "munich").Hostile
		if want := map[*State]int8{book: 1, site: 0}[s]; standing != want {
			t.Errorf("site rules %v: %d armies stand in Munich, want %d", s == site, standing, want)
		}
	}
}

// coexist_lays_down: Germany enters Munich, where a French army stands;
// France declines a battle. The site lays the French army down.
func TestSiteCoexistLaysDown(t *testing.T) {
	book, site := both(t, func(s *State) {
		place(s, FR, "munich", 1, 1, 0)
		place(s, GE, "berlin", 1, 0, 0)
	})
	for _, s := range []*State{book, site} {
		ns := maneuver(t, s, GE)
		ns, _ = play(t, ns, GE, `{"type":"army","from":"berlin","to":"munich"}`)
		ns, _ = play(t, ns, GE, `{"type":"peace"}`)
		ns, _ = play(t, ns, FR, `{"type":"no_battle","nation":"FR"}`)
		if want := s == book; ns.occupied(rid(ns, "munich")) != want {
			t.Errorf("site rules %v: Munich occupied %v, want %v", s == site, !want, want)
		}
	}
}

// whole_stack_fights: Germany (3 armies) fights France (2) in Belgium: the
// rule book removes one of each, the site fights on until France has none.
func TestSiteWholeStackFights(t *testing.T) {
	book, site := both(t, func(s *State) {
		place(s, GE, "belgium", 3, 0, 0)
		place(s, FR, "belgium", 2, 0, 0)
	})
	for s, want := range map[*State][2]int8{book: {2, 1}, site: {1, 0}} {
		ns := maneuver(t, s, GE)
		ns, _ = play(t, ns, GE, `{"type":"battle","region":"belgium","unit":"army","against":"FR","target":"army"}`)
		if got := [2]int8{units(ns, GE, "belgium").Armies, units(ns, FR, "belgium").Armies}; got != want {
			t.Errorf("site rules %v: Germany, France keep %v armies, want %v", s == site, got, want)
		}
	}
}

// convoy_reset: after a hostile entry the site lets the North Sea fleet
// carry a second army; the rule book allows one army per fleet per turn.
func TestSiteConvoyReset(t *testing.T) {
	book, site := both(t, func(s *State) {
		place(s, GB, "northsea", 0, 0, 1)
		place(s, GB, "edinburgh", 2, 0, 0)
	})
	for _, s := range []*State{book, site} {
		ns := maneuver(t, s, GB)
		ns, _ = play(t, ns, GB, `{"type":"army","from":"edinburgh","to":"hamburg","via":["northsea"],"hostile":true}`)
		second := `{"type":"army","from":"edinburgh","to":"holland","via":["northsea"]}`
		if s == book {
			refuse(t, ns, GB, second)
		} else {
			play(t, ns, GB, second)
		}
	}
}

// siteSwissBanks: seats 2 and 5 govern nothing (Swiss banks), seat 0
// governs Austria-Hungary, France and Russia; the investor card is seat 1's.
func siteSwissBanks(s *State) {
	for _, ni := range []int{FR, RU} {
		clearBonds(s, ni)
		setBonds(s, ni, 0, 9)
		s.Nations[ni].Government = 0
	}
	s.updateSwissBanks()
	s.InvestorCard = 1
}

// swiss_banks_descending: after the card holder (seat 1) the rule book
// asks the Swiss banks clockwise (2, 5), the site from the highest seat (5, 2).
func TestSiteSwissBanksDescending(t *testing.T) {
	book, site := both(t, siteSwissBanks)
	for s, want := range map[*State][]int{book: {1, 2, 5}, site: {1, 5, 2}} {
		if ns := landInvestor(t, s, AH); !slices.Equal(ns.Investors, want) {
			t.Errorf("site rules %v: investors %v, want %v", s == site, ns.Investors, want)
		}
	}
}

// immediate_government: the card holder buys Austria-Hungary's 12M bond,
// more than the government's 9M: the site hands it the nation at once, the
// rule book at the end of the investor turn (the Swiss banks still to come).
func TestSiteImmediateGovernment(t *testing.T) {
	book, site := both(t, func(s *State) {
		siteSwissBanks(s)
		s.Players[1].Cash = 20
	})
	for s, want := range map[*State]int{book: 0, site: 1} {
		ns := landInvestor(t, s, AH)
		ns, _ = play(t, ns, 1, `{"type":"bond","nation":"AH","cost":12}`)
		if ns.Phase != PhaseInvest || ns.Nations[AH].Government != want {
			t.Errorf("site rules %v: phase %s, Austria-Hungary governed by %d, want %d mid-turn", s == site, ns.Phase, ns.Nations[AH].Government, want)
		}
	}
}

// site_map: the site's map joins Kiev and St. Petersburg.
func TestSiteMap(t *testing.T) {
	book, site := both(t, func(s *State) { place(s, AH, "kiev", 1, 0, 0) })
	for s, want := range map[*State]bool{book: false, site: true} {
		if got := slices.Contains(routeTo(t, maneuver(t, s, AH), AH, "kiev"), "stpetersburg"); got != want {
			t.Errorf("site rules %v: Kiev reaches St. Petersburg %v, want %v", s == site, got, want)
		}
	}
}

// site_flags: Germany stands alone in Belgium, which carries France's
// flag; Austria-Hungary's maneuver, nowhere near, hands it to Germany under
// the rule book (every region held alone carries its flag), not on the site.
func TestSiteFlags(t *testing.T) {
	book, site := both(t, func(s *State) {
		place(s, GE, "belgium", 1, 0, 0)
		s.Flags[rid(s, "belgium")] = FR
		place(s, AH, "vienna", 1, 0, 0)
	})
	for s, want := range map[*State]int{book: GE, site: FR} {
		ns := maneuver(t, s, AH)
		ns, _ = play(t, ns, AH, `{"type":"army","from":"vienna","to":"westbalkan"}`)
		if ns.Phase == PhaseManeuver {
			ns, _ = play(t, ns, AH, `{"type":"end_maneuver"}`)
		}
		if got := flagOf(ns, "belgium"); got != want {
			t.Errorf("site rules %v: Belgium's flag %d, want %d", s == site, got, want)
		}
		if flagOf(ns, "westbalkan") != AH {
			t.Errorf("site rules %v: Austria-Hungary does not take the West Balkans it entered alone", s == site)
		}
	}
}

// coexist_defers_investor: France moves from Maneuver 1 to Maneuver 2,
// passing Investor, and its maneuver ends with Germany declining a battle:
// the rule book runs the Investor steps at once, the site after the next
// nation's (Britain's) action.
func TestSiteCoexistDefersInvestor(t *testing.T) {
	book, site := both(t, func(s *State) {
		place(s, FR, "dijon", 1, 0, 0)
		place(s, GE, "munich", 1, 0, 0)
	})
	for _, s := range []*State{book, site} {
		at(s, FR, "maneuver1")
		ns, _ := play(t, s, FR, `{"type":"rondel","slot":"maneuver2"}`)
		ns, _ = play(t, ns, FR, `{"type":"army","from":"dijon","to":"munich"}`)
		ns, _ = play(t, ns, FR, `{"type":"peace"}`)
		ns, _ = play(t, ns, GE, `{"type":"no_battle","nation":"GE"}`)
		if ns.Phase == PhaseManeuver {
			ns, _ = play(t, ns, FR, `{"type":"end_maneuver"}`)
		}
		if s == book {
			if ns.Phase != PhaseInvest {
				t.Errorf("rule book: phase %s after the maneuver, want the investor turn", ns.Phase)
			}
			continue
		}
		if ns.Phase != PhaseRondel || ns.Turn != GB || !ns.SiteInvestorDue {
			t.Fatalf("site: phase %s, turn %d, due %v; want Britain's rondel move first", ns.Phase, ns.Turn, ns.SiteInvestorDue)
		}
		ns, _ = play(t, ns, GB, `{"type":"rondel","slot":"production1"}`)
		if ns.Phase != PhaseInvest || ns.SiteInvestorDue {
			t.Errorf("site: phase %s after Britain's action, want the deferred investor turn", ns.Phase)
		}
	}
}

// tie_break_reached: seats 0 and 1 tie on score and on credit in
// Austria-Hungary (25 power points); seat 0 has more credit in Italy (10).
// The rule book then ranks seat 0 first, the site shares first place.
func TestSiteTieBreakReached(t *testing.T) {
	book, site := both(t, func(s *State) {
		for ni := range s.Nations {
			clearBonds(s, ni)
		}
		setBonds(s, AH, 0, 6)    // 3M interest
		setBonds(s, AH, 1, 4, 2) // 2M + 1M
		setBonds(s, IT, 0, 2)    // 1M
		for i := range s.Players {
			s.Players[i].Cash = 0
		}
		s.Players[1].Cash = 2 // Italy's bond is worth 1 × 2 to seat 0
		s.Nations[AH].Power, s.Nations[IT].Power = 25, 10
		s.Phase = PhaseOver
	})
	for s, want := range map[*State][2]int{book: {1, 2}, site: {1, 1}} {
		res := s.Result()
		if res.Scores[0] != res.Scores[1] {
			t.Fatalf("scores %v: no tie", res.Scores)
		}
		if got := [2]int{res.Places[0], res.Places[1]}; got != want {
			t.Errorf("site rules %v: places %v, want %v", s == site, got, want)
		}
	}
}

// free_forced_stop: Russia's government moves Austria-Hungary from
// Taxation to Import, passing Investor; a Swiss bank forces a stop there,
// four spaces on: the rule book charges 2M for it, the site nothing.
func TestSiteFreeForcedStop(t *testing.T) {
	book, site := both(t, siteSwissBanks)
	cash := map[*State]int{}
	for _, s := range []*State{book, site} {
		at(s, AH, "taxation")
		ns, _ := play(t, s, 0, `{"type":"rondel","slot":"import"}`)
		if ns.Phase != PhaseForce {
			t.Fatalf("phase %s, want Swiss banks asked to force", ns.Phase)
		}
		ns, _ = play(t, ns, 2, `{"type":"force_investor"}`)
		cash[s] = ns.Players[0].Cash
	}
	if cash[site]-cash[book] != 2 {
		t.Errorf("government's cash: site %d, rule book %d; want the site 2M richer", cash[site], cash[book])
	}
}

// tax_cap_20: Austria-Hungary with 5 factories and 15 flags taxes 25M: the
// site pays the treasury at most 20M, the rule book 25M; power points are
// the same.
func TestSiteTaxCap20(t *testing.T) {
	book, site := both(t, func(s *State) {
		setFactories(s, AH, "vienna", "budapest", "prague", "lemberg", "trieste")
		n := 0
		for r, reg := range s.b.Regions {
			if n < 15 && reg.NationIdx < 0 && reg.Kind != "impassable" {
				s.Flags[r] = AH
				n++
			}
		}
		s.Nations[AH].Treasury = 0
	})
	for s, want := range map[*State]int{book: 25, site: 20} {
		at(s, AH, "maneuver2")
		ns, _ := play(t, s, 0, `{"type":"rondel","slot":"taxation"}`)
		if ns.Nations[AH].Treasury != want || ns.Nations[AH].Power != 10 {
			t.Errorf("site rules %v: treasury %d, power %d; want %d and 10", s == site, ns.Nations[AH].Treasury, ns.Nations[AH].Power, want)
		}
	}
}

// rail_through_hostile: a Russian army stands in Berlin; Germany's army
// there may take the railway out of it on the site, not under the rule book.
func TestSiteRailThroughHostile(t *testing.T) {
	book, site := both(t, func(s *State) {
		place(s, RU, "berlin", 1, 1, 0)
		place(s, GE, "berlin", 1, 0, 0)
	})
	for s, want := range map[*State]bool{book: false, site: true} {
		if got := slices.Contains(routeTo(t, maneuver(t, s, GE), GE, "berlin"), "holland"); got != want {
			t.Errorf("site rules %v: Berlin reaches Holland by rail %v, want %v", s == site, got, want)
		}
	}
}

// The site's rules are kept in the state's JSON, so a stored game replays
// under them; the rule book's state carries none of it.
func TestSiteRulesInState(t *testing.T) {
	var book, site map[string]any
	_ = json.Unmarshal(stateJSON(t, table(t)), &book)
	_ = json.Unmarshal(stateJSON(t, siteTable(t)), &site)
	if _, ok := book["rules"].(map[string]any)["site"]; ok {
		t.Error("a rule-book state names site rules")
	}
	if _, ok := site["rules"].(map[string]any)["site"]; !ok {
		t.Error("a site-rules state does not keep them")
	}
}
