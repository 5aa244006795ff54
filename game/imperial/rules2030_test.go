package imperial

import (
	"slices"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/words"
)

// The worked examples of rule book 002 (Imperial 2030) and its other rules.

func TestRules2030Switches(t *testing.T) {
	s := newGameOf(t, New2030(), 6, 1, nil)
	r := s.Rules
	if r.Map != "world2030" || !r.RondelPowerFee || !r.Taxation2030 || r.FirstEdition || r.BonusIncrease {
		t.Errorf("2030 rules %+v", r)
	}
	if got := s.Summarize().Game; got != "imperial2030" {
		t.Errorf("summary game %q", got)
	}
	var names []string
	for _, o := range New2030().Info().Options {
		names = append(names, o.Name)
	}
	if !slices.Equal(names, []string{"setup", "investor_card", "bonus_increase"}) {
		t.Errorf("2030 options %v", names)
	}
	if _, err := New2030().New(game.Setup{Players: playerNames(3), Options: game.Options{"edition": "2006"}}); err == nil {
		t.Error("Imperial 2030 has no edition option")
	}
	eu := newGameOf(t, New(), 6, 1, nil).Rules
	if eu.RondelPowerFee || eu.Taxation2030 || eu.FirstEdition {
		t.Errorf("Imperial rules %+v", eu)
	}
}

// Rule book 002 Spielbeginn: Russia moves first; the investor card goes to
// the player left of Russia's government, else left of China's.
func TestRules2030RussiaFirstAndInvestorCard(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := newGameOf(t, New2030(), 6, seed, nil)
		ru := s.Nations[0].Government
		if s.Turn != 0 || s.nationID(0) != "RU" {
			t.Fatalf("seed %d: nation %s moves first", seed, s.nationID(s.Turn))
		}
		if s.InvestorCard != (ru+1)%6 {
			t.Errorf("seed %d: investor card with %d, RU governed by %d", seed, s.InvestorCard, ru)
		}
	}
	s := table2030(t, nil, "RU")
	s.Nations[0].Government = -1
	for bi := range s.Nations[0].Bonds {
		s.Nations[0].Bonds[bi] = -1
	}
	s.Nations[1].Government = 4 // China
	if got := s.initialInvestorCard(); got != 5 {
		t.Errorf("without a Russian government the card goes to %d, want 5 (left of China's)", got)
	}
	if got := s.firstNation(); got != 1 {
		t.Errorf("without a Russian government nation %d moves first, want China", got)
	}
}

// Rule book 002 Spielzug example: China, 11 power points (factor 2), on
// Investor: Taxation (4 spaces) costs 3M, Factory (5 spaces) 6M.
func TestRules2030RondelCostExample(t *testing.T) {
	s := table2030(t, nil, "CN")
	cn := s.Turn
	s.Nations[cn].Power = 11
	s.Nations[cn].Rondel = slotInvestor
	for slot, want := range map[int]int{slotImport: 0, slotManeuver2: 0, slotTaxation: 3, slotFactory: 6, slotProduction1: 9} {
		if fee, err := s.checkRondel(cn, slot); err != nil || fee != want {
			t.Errorf("Investor to %s: fee %d (%v), want %d", slotNames[slot], fee, err, want)
		}
	}
	next, _ := playMove(t, s, cn, Move{Type: MRondel, Slot: "taxation"})
	if cash := next.Players[cn].Cash; cash != 7 {
		t.Errorf("China's government has %dM after paying for Taxation, want 7", cash)
	}
	// A factor of 0 costs 1M per extra space, where Imperial charges 2M.
	s.Nations[cn].Power = 0
	if fee, _ := s.checkRondel(cn, slotFactory); fee != 2 {
		t.Errorf("factor 0: Investor to Factory costs %d, want 2", fee)
	}
	eu := newGameOf(t, New(), 6, 1, nil)
	eu.Nations[eu.Turn].Rondel, eu.Nations[eu.Turn].Power = slotInvestor, 11
	eu.Players[eu.Nations[eu.Turn].Government].Cash = 10
	if fee, err := eu.checkRondel(eu.Turn, slotFactory); fee != 4 {
		t.Errorf("Imperial: Investor to Factory costs %d (%v), want 4", fee, err)
	}
}

// Rule book 002 Fabrik example: Europe, with factories in Paris and London,
// may build a shipyard in Rome or an armaments factory in Berlin for 5M from
// its treasury; with a hostile army in Berlin only in Rome.
func TestRules2030EuropeFactoryExample(t *testing.T) {
	s := table2030(t, nil, "EU")
	eu := s.Turn
	sites := func(s *State) []string {
		var out []string
		for _, r := range s.factorySites(eu) {
			out = append(out, s.b.Regions[r].ID)
		}
		slices.Sort(out)
		return out
	}
	if got := sites(s); !slices.Equal(got, []string{"berlin", "rome"}) {
		t.Errorf("Europe may build in %v, want berlin and rome", got)
	}
	next, _ := playMove(t, s, eu, Move{Type: MRondel, Slot: "factory"})
	next, _ = playMove(t, next, eu, Move{Type: MFactory, Region: "rome"})
	if !next.Factories[regionOf(t, next, "rome")] || !next.b.Regions[regionOf(t, next, "rome")].Shipyard() || next.Nations[eu].Treasury != 5 {
		t.Errorf("after building in Rome: factory %v, treasury %d", next.Factories[regionOf(t, next, "rome")], next.Nations[eu].Treasury)
	}
	s.Units[nationOf(t, s, "CN")][regionOf(t, s, "berlin")] = Stack{Armies: 1, Hostile: 1}
	if got := sites(s); !slices.Equal(got, []string{"rome"}) {
		t.Errorf("with a hostile army in Berlin Europe may build in %v, want rome", got)
	}
}

// Rule book 002 Konvoi example: an army from Vladivostok over the fleets in
// the Sea of Japan and the China Sea may land in Indonesia, the Philippines,
// Indochina or Shanghai (Beijing and Korea it reaches by land); the second
// army, over the second fleet in the Sea of Japan, only in Japan (or Korea,
// by land), because the China Sea fleet has already carried an army.
func TestRules2030VladivostokConvoyExample(t *testing.T) {
	s := table2030(t, nil, "RU")
	ru := nationOf(t, s, "RU")
	s.Units[ru][regionOf(t, s, "vladivostok")] = Stack{Armies: 2}
	s.Units[ru][regionOf(t, s, "seaofjapan")] = Stack{Fleets: 2}
	s.Units[ru][regionOf(t, s, "chinasea")] = Stack{Fleets: 1}
	s = maneuverOf(t, s, "RU")
	if got, want := armyTargets(t, s, "vladivostok", true), []string{"indochina", "indonesia", "japan", "philippines", "shanghai"}; !slices.Equal(got, want) {
		t.Errorf("first army by convoy: %v, want %v", got, want)
	}
	land := armyTargets(t, s, "vladivostok", false)
	for _, id := range []string{"korea", "beijing"} {
		if !slices.Contains(land, id) {
			t.Errorf("%s must be reachable by land from Vladivostok: %v", id, land)
		}
	}
	next, _ := playMove(t, s, ru, Move{Type: MArmy, From: "vladivostok", To: "indonesia", Via: []string{"seaofjapan", "chinasea"}})
	if got := armyTargets(t, next, "vladivostok", true); !slices.Equal(got, []string{"japan"}) {
		t.Errorf("second army by convoy: %v, want only japan", got)
	}
	refuseMove(t, next, ru, Move{Type: MArmy, From: "vladivostok", To: "philippines", Via: []string{"seaofjapan", "chinasea"}})
	next, _ = playMove(t, next, ru, Move{Type: MArmy, From: "vladivostok", To: "japan", Via: []string{"seaofjapan"}})
	if next.Units[ru][regionOf(t, next, "japan")].Armies != 1 || next.Units[ru][regionOf(t, next, "indonesia")].Armies != 1 {
		t.Error("the armies did not land in Japan and Indonesia")
	}
}

// Rule book 002 Eisenbahn example: the army in New Delhi may take the railway
// to Kolkata and move on to Indochina or Chongqing, or go by rail to a coast
// and by the fleet in the Indian Ocean to any region on that ocean. The army
// in Afghanistan has no link to that fleet: once it moves into India its
// move is spent; it may still go on by rail to Chennai or Kolkata, but not
// leave India again.
func TestRules2030RailroadExample(t *testing.T) {
	s := table2030(t, nil, "IN")
	in := nationOf(t, s, "IN")
	s.Units[in][regionOf(t, s, "newdelhi")] = Stack{Armies: 1}
	s.Units[in][regionOf(t, s, "afghanistan")] = Stack{Armies: 1}
	s.Units[in][regionOf(t, s, "indianocean")] = Stack{Fleets: 1}
	s = maneuverOf(t, s, "IN")
	land := armyTargets(t, s, "newdelhi", false)
	for _, id := range []string{"indochina", "chongqing", "kolkata", "chennai", "mumbai"} {
		if !slices.Contains(land, id) {
			t.Errorf("New Delhi army cannot reach %s by land and rail: %v", id, land)
		}
	}
	sea := armyTargets(t, s, "newdelhi", true)
	for _, id := range []string{"eastafrica", "southafrica", "northafrica", "neareast", "indonesia"} {
		if !slices.Contains(sea, id) {
			t.Errorf("New Delhi army cannot reach %s by convoy over the Indian Ocean: %v", id, sea)
		}
	}
	if got := armyTargets(t, s, "afghanistan", true); len(got) != 0 {
		t.Errorf("the army in Afghanistan has no link to the fleet, yet may be convoyed to %v", got)
	}
	afg := armyTargets(t, s, "afghanistan", false)
	for _, id := range []string{"newdelhi", "mumbai", "chennai", "kolkata"} {
		if !slices.Contains(afg, id) {
			t.Errorf("Afghanistan army cannot reach %s (into India, then by rail): %v", id, afg)
		}
	}
	for _, id := range []string{"indochina", "chongqing", "eastafrica"} {
		if slices.Contains(afg, id) {
			t.Errorf("Afghanistan army may leave India again to %s", id)
		}
	}
	next, _ := playMove(t, s, in, Move{Type: MArmy, From: "afghanistan", To: "kolkata"})
	if next.Units[in][regionOf(t, next, "kolkata")].Armies != 1 {
		t.Error("the army did not arrive in Kolkata")
	}
}

// Rule book 002 Fabriken zerstören example: a shipyard in Murmansk with a
// Russian fleet in harbour. A blue army from Berlin enters Murmansk and
// exchanges itself for the fleet; the armies from Rome take the railway to
// Berlin and enter Murmansk with the other Berlin army; the three armies
// destroy the shipyard and are removed with it.
func TestRules2030MurmanskDestructionExample(t *testing.T) {
	s := table2030(t, nil, "EU")
	eu, ru := nationOf(t, s, "EU"), nationOf(t, s, "RU")
	murmansk := regionOf(t, s, "murmansk")
	s.Factories[murmansk] = true
	s.Units[ru][murmansk] = Stack{Fleets: 1}
	s.Units[eu][regionOf(t, s, "berlin")] = Stack{Armies: 2}
	s.Units[eu][regionOf(t, s, "rome")] = Stack{Armies: 2}
	s = maneuverOf(t, s, "EU")
	s, _ = playMove(t, s, eu, Move{Type: MArmy, From: "berlin", To: "murmansk", Hostile: true})
	s, _ = playMove(t, s, eu, Move{Type: MBattle, Region: "murmansk", Unit: "army", Against: "RU", Target: "fleet"})
	if st := s.Units[ru][murmansk]; !st.empty() {
		t.Fatalf("the Russian fleet is still in Murmansk: %+v", st)
	}
	refuseMove(t, s, eu, Move{Type: MDestroy, Region: "murmansk"})
	s, _ = playMove(t, s, eu, Move{Type: MArmy, From: "rome", To: "murmansk", Hostile: true})
	s, _ = playMove(t, s, eu, Move{Type: MArmy, From: "rome", To: "murmansk", Hostile: true})
	s, _ = playMove(t, s, eu, Move{Type: MArmy, From: "berlin", To: "murmansk", Hostile: true})
	s, ev := playMove(t, s, eu, Move{Type: MDestroy, Region: "murmansk"})
	if s.Factories[murmansk] || !s.Units[eu][murmansk].empty() {
		t.Errorf("after the destruction: factory %v, blue units %+v\n%s", s.Factories[murmansk], s.Units[eu][murmansk], eventLines(ev))
	}
}

// Rule book 002 Beispiel zu Kanälen: the USA controls Suez (its flag is in
// North Africa). Europe's fleet sails from the Mediterranean into the Indian
// Ocean with the USA's permission; the fleet from Rome puts out into the
// Mediterranean; the army from Paris is carried over both to Mumbai and
// occupies the Indian factory, again only with the USA's permission.
func TestRules2030SuezExample(t *testing.T) {
	s := table2030(t, nil, "EU")
	eu, us := nationOf(t, s, "EU"), nationOf(t, s, "US")
	s.Flags[regionOf(t, s, "northafrica")] = us
	s.Units[eu][regionOf(t, s, "mediterraneansea")] = Stack{Fleets: 1}
	s.Units[eu][regionOf(t, s, "rome")] = Stack{Fleets: 1}
	s.Units[eu][regionOf(t, s, "paris")] = Stack{Armies: 1}
	s = maneuverOf(t, s, "EU")

	through := Move{Type: MFleet, From: "mediterraneansea", To: "indianocean"}
	s, ev := playMove(t, s, eu, through)
	if got := decisionKinds(s); !slices.Equal(got, []string{"4:canal-permission"}) {
		t.Fatalf("after the fleet asks for Suez: to act %v, want the USA's government\n%s", got, eventLines(ev))
	}
	if s.Units[eu][regionOf(t, s, "indianocean")].Fleets != 0 {
		t.Fatal("the fleet passed before the USA answered")
	}
	refuseMove(t, s, eu, Move{Type: MEnd})
	refuseMove(t, s, eu, Move{Type: MGrantPassage, Nation: "US"})
	if d, why, err := s.Caretaker(us); err != nil || !strings.Contains(string(d), MDenyPassage) {
		t.Errorf("caretaker for the USA: %s (%s) %v", d, words.English().Say(why), err)
	}
	denied, _ := playMove(t, s, us, Move{Type: MDenyPassage, Nation: "US"})
	if denied.Units[eu][regionOf(t, denied, "mediterraneansea")].Fleets != 1 || denied.Maneuver.Canal != nil {
		t.Error("a refused passage must leave the fleet where it was")
	}
	if got := decisionKinds(denied); !slices.Equal(got, []string{"5:maneuver"}) {
		t.Errorf("after a refusal Europe maneuvers on: %v", got)
	}
	s, _ = playMove(t, s, us, Move{Type: MGrantPassage, Nation: "US"})
	if s.Units[eu][regionOf(t, s, "indianocean")].Fleets != 1 {
		t.Fatal("the fleet did not pass Suez with permission")
	}
	s, _ = playMove(t, s, eu, Move{Type: MFleet, From: "rome", To: "mediterraneansea"})
	if s.Maneuver.Canal != nil {
		t.Fatal("Rome to the Mediterranean passes no canal")
	}
	convoy := Move{Type: MArmy, From: "paris", To: "mumbai", Via: []string{"mediterraneansea", "indianocean"}, Hostile: true}
	s, _ = playMove(t, s, eu, convoy)
	if got := decisionKinds(s); !slices.Equal(got, []string{"4:canal-permission"}) {
		t.Fatalf("the convoy through Suez must ask the USA: %v", got)
	}
	s, _ = playMove(t, s, us, Move{Type: MGrantPassage, Nation: "US"})
	mumbai := regionOf(t, s, "mumbai")
	if s.Units[eu][mumbai].Hostile != 1 || !s.occupied(mumbai) {
		t.Errorf("the Paris army does not occupy Mumbai: %+v", s.Units[eu][mumbai])
	}
}

// A nation passes a canal freely when nobody's flag is in the controlling
// region, when the flag is its own, or when its government also governs the
// controlling nation; Panama works like Suez.
func TestRules2030CanalWithoutPermission(t *testing.T) {
	cases := []struct {
		name  string
		flag  string // nation whose flag is in Colombia, "" none
		sameG bool   // the controller's government also governs the USA
		ask   bool
	}{
		{"no flag", "", false, false},
		{"own flag", "US", false, false},
		{"same player", "BR", true, false},
		{"foreign flag", "BR", false, true},
	}
	for _, c := range cases {
		s := table2030(t, nil, "US")
		us := nationOf(t, s, "US")
		s.Units[us][regionOf(t, s, "caribbeansea")] = Stack{Fleets: 1}
		if c.flag != "" {
			s.Flags[regionOf(t, s, "colombia")] = nationOf(t, s, c.flag)
		}
		if c.sameG {
			s.Nations[nationOf(t, s, "BR")].Bonds[s.bondIndex(2)] = us
			s.Nations[nationOf(t, s, "BR")].Bonds[s.bondIndex(9)] = -1
			s.Nations[nationOf(t, s, "BR")].Bonds[s.bondIndex(12)] = us
			s.Nations[nationOf(t, s, "BR")].Government = us
			s.updateSwissBanks()
		}
		s = maneuverOf(t, s, "US")
		next, _ := playMove(t, s, us, Move{Type: MFleet, From: "caribbeansea", To: "northpacific"})
		asked := next.Maneuver != nil && next.Maneuver.Canal != nil
		if asked != c.ask {
			t.Errorf("%s: asked for permission = %v, want %v", c.name, asked, c.ask)
		}
		if !c.ask && next.Units[us][regionOf(t, next, "northpacific")].Fleets != 1 {
			t.Errorf("%s: the fleet did not pass Panama", c.name)
		}
	}
}

// Rule book 002 "Die Erde ist eine Kugel": the North Pacific joins the Sea
// of Japan and the China Sea, the South Pacific the China Sea and the Tasman
// Sea; fleets sail and armies are convoyed across; there is no north-south
// link.
func TestRules2030PacificWrap(t *testing.T) {
	s := table2030(t, nil, "US")
	us := nationOf(t, s, "US")
	s.Units[us][regionOf(t, s, "northpacific")] = Stack{Fleets: 2}
	s.Units[us][regionOf(t, s, "sanfrancisco")] = Stack{Armies: 1}
	s = maneuverOf(t, s, "US")
	var got []string
	for _, r := range s.fleetTargets(regionOf(t, s, "northpacific")) {
		got = append(got, s.b.Regions[r].ID)
	}
	slices.Sort(got)
	if want := []string{"caribbeansea", "chinasea", "seaofjapan", "southpacific"}; !slices.Equal(got, want) {
		t.Errorf("from the North Pacific a fleet sails to %v, want %v", got, want)
	}
	s, _ = playMove(t, s, us, Move{Type: MFleet, From: "northpacific", To: "chinasea"})
	if s.Units[us][regionOf(t, s, "chinasea")].Fleets != 1 {
		t.Fatal("the fleet did not cross the edge of the board")
	}
	sea := armyTargets(t, s, "sanfrancisco", true)
	for _, id := range []string{"philippines", "indonesia", "alaska"} {
		if !slices.Contains(sea, id) {
			t.Errorf("an army from San Francisco cannot be convoyed to %s across the Pacific: %v", id, sea)
		}
	}
}

// taxTable2030 gives nation id the factories and flags and units for a
// taxation test and moves it to Taxation.
func taxTable2030(t *testing.T, opts game.Options, id string, factories []string, flags int, armies, fleets int, treasury int) (*State, []game.Event) {
	t.Helper()
	s := table2030(t, opts, id)
	ni := s.Turn
	for _, r := range s.b.Nations[ni].Homes {
		s.Factories[r] = slices.Contains(factories, s.b.Regions[r].ID)
	}
	placed := 0
	for r, reg := range s.b.Regions {
		if placed < flags && reg.Kind == "land" {
			s.Flags[r] = ni
			placed++
		}
	}
	home := s.b.Nations[ni].Homes[0]
	s.Units[ni][home] = Stack{Armies: int8(armies)}
	if fleets > 0 {
		s.Units[ni][regionOf(t, s, "southpacific")] = Stack{Fleets: int8(fleets)}
	}
	s.Nations[ni].Treasury = treasury
	s.Nations[ni].Rondel = slotManeuver2 // one space before Taxation: free
	next, ev := playMove(t, s, ni, Move{Type: MRondel, Slot: "taxation"})
	next.Turn = ni // the turn has passed on; look at the taxed nation
	return next, ev
}

// Rule book 002 Varianten page, USA: 3 factories and 5 flags give 11M into
// the treasury; 2 fleets and 1 army cost 3M; the bonus of 2M comes from the
// treasury; +4 power points.
func TestRules2030USATaxationExample(t *testing.T) {
	s, ev := taxTable2030(t, nil, "US", []string{"chicago", "neworleans", "newyork"}, 5, 1, 2, 0)
	us := s.Turn
	if s.Nations[us].Treasury != 11-3-2 || s.Players[us].Cash != 10+2 || s.Nations[us].Power != 4 {
		t.Errorf("treasury %d (want 6), government cash %d (want 12), power %d (want 4)\n%s", s.Nations[us].Treasury, s.Players[us].Cash, s.Nations[us].Power, eventLines(ev))
	}
	order := []string{"tax revenue is 11M", "3M soldiers' pay", "2M bonus", "gains 4 power points"}
	text, last := eventLines(ev), -1
	for _, o := range order {
		i := strings.Index(text, o)
		if i < 0 || i < last {
			t.Errorf("taxation steps out of order, %q missing or early:\n%s", o, text)
		}
		last = i
	}
}

// Rule book 002 Steuer: a short treasury pays what it has for soldiers and
// then a reduced bonus, or none.
func TestRules2030TaxationShortTreasury(t *testing.T) {
	cases := []struct {
		name                    string
		factories               []string
		flags, armies, treasury int
		wantTreasury, wantBonus int
	}{
		{"bonus in full", []string{"chicago", "neworleans", "newyork"}, 5, 6, 0, 3, 2}, // 11 - 6 = 5, bonus 2
		{"bonus partly paid", []string{"chicago", "neworleans"}, 6, 9, 0, 0, 1},        // 10 - 9 = 1, bonus 2 -> 1
		{"soldiers take all", []string{"chicago"}, 4, 6, 0, 0, 0},                      // 6 - 6 = 0, bonus 1 -> 0
		{"soldiers short", []string{"chicago"}, 0, 6, 1, 0, 0},                         // 2 + 1 = 3 < 6
	}
	for _, c := range cases {
		armies := min(c.armies, 6) // the USA has 6 armies; the rest are fleets
		s, ev := taxTable2030(t, nil, "US", c.factories, c.flags, armies, c.armies-armies, c.treasury)
		us := s.Turn
		if s.Nations[us].Treasury != c.wantTreasury || s.Players[us].Cash-10 != c.wantBonus {
			t.Errorf("%s: treasury %d (want %d), bonus %d (want %d)\n%s", c.name, s.Nations[us].Treasury, c.wantTreasury, s.Players[us].Cash-10, c.wantBonus, eventLines(ev))
		}
	}
}

// Rule book 002 Strategietipps: with 3 factories and 12 flags a nation gains
// 10 power points on Taxation; revenue never exceeds 23M.
func TestRules2030TenPointsAndMaxRevenue(t *testing.T) {
	s, _ := taxTable2030(t, nil, "EU", []string{"paris", "london", "rome"}, 12, 0, 0, 0)
	if p := s.Nations[s.Turn].Power; p != 10 {
		t.Errorf("3 factories and 12 flags give %d points, want 10", p)
	}
	s, _ = taxTable2030(t, nil, "EU", []string{"paris", "london", "rome", "berlin"}, 15, 0, 0, 0)
	if got := s.Nations[s.Turn].Treasury; got != 23-5 {
		t.Errorf("4 factories and 15 flags: treasury %d, want 23M revenue less the 5M bonus", got)
	}
}

// Rule book 002 Variante "Bonus nur für Steigerung": China's revenue rises to
// 12M; its bonus marker moves 4 columns right (6, 8, 10, 11, 12) and the
// government receives 4M from China's treasury. A fall pays nothing.
func TestRules2030BonusIncreaseExample(t *testing.T) {
	opts := game.Options{"bonus_increase": "true"}
	s := table2030(t, opts, "CN")
	if !s.Rules.BonusIncrease {
		t.Fatal("the option does not set the rule")
	}
	cn := s.Turn
	s.Nations[cn].BonusValue = s.b.TaxColumn(6)
	for _, id := range []string{"beijing", "shanghai", "urumqi", "chongqing"} {
		s.Factories[regionOf(t, s, id)] = true
	}
	flags := 0
	for r, reg := range s.b.Regions {
		if flags < 4 && reg.Kind == "land" {
			s.Flags[r] = cn
			flags++
		}
	}
	s.Nations[cn].Rondel = slotManeuver2
	s.Nations[cn].Treasury = 0
	next, ev := playMove(t, s, cn, Move{Type: MRondel, Slot: "taxation"})
	if gain := next.Players[cn].Cash - 10; gain != 4 || next.Nations[cn].Treasury != 12-4 || next.Nations[cn].BonusValue != s.b.TaxColumn(12) {
		t.Errorf("bonus %dM (want 4), treasury %d (want 8), marker %d\n%s", gain, next.Nations[cn].Treasury, next.Nations[cn].BonusValue, eventLines(ev))
	}
	if next.Nations[cn].Power != 5 {
		t.Errorf("power %d, want 5", next.Nations[cn].Power)
	}
	// The same revenue again: the marker stays, no bonus.
	again := next.clone()
	again.Phase, again.Turn = PhaseRondel, cn
	again.Nations[cn].Rondel = slotManeuver2
	after, _ := playMove(t, again, cn, Move{Type: MRondel, Slot: "taxation"})
	if after.Players[cn].Cash != next.Players[cn].Cash {
		t.Errorf("an unchanged revenue paid a bonus of %dM", after.Players[cn].Cash-next.Players[cn].Cash)
	}
	// Without the variant the fixed bonus of the 12 column is 3M.
	plain := table2030(t, nil, "CN")
	copy(plain.Factories, s.Factories)
	copy(plain.Flags, s.Flags)
	plain.Nations[cn].Rondel, plain.Nations[cn].Treasury = slotManeuver2, 0
	fixed, _ := playMove(t, plain, cn, Move{Type: MRondel, Slot: "taxation"})
	if gain := fixed.Players[cn].Cash - 10; gain != 3 {
		t.Errorf("fixed bonus for 12M is %d, want 3", gain)
	}
}

// Rule book 002 Flaggen ablegen: with all 15 flags out a nation gains no new
// region; being alone there only removes the other flag; a flag freed later
// goes into that empty region.
func TestRules2030FlagLimit(t *testing.T) {
	s := table2030(t, nil, "BR")
	br, us := nationOf(t, s, "BR"), nationOf(t, s, "US")
	placed := 0
	var first int
	for r, reg := range s.b.Regions {
		if reg.Kind == "sea" {
			continue
		}
		if reg.Kind == "land" && placed < 15 && reg.ID != "peru" {
			if placed == 0 {
				first = r
			}
			s.Flags[r] = br
			placed++
		}
	}
	peru := regionOf(t, s, "peru")
	s.Flags[peru] = us
	s.Units[br][peru] = Stack{Armies: 1}
	l := &log{}
	s.placeFlags(l)
	if s.Flags[peru] != -1 {
		t.Fatalf("with 15 flags out Brazil's army alone in Peru leaves flag %d, want none", s.Flags[peru])
	}
	s.Units[us][first] = Stack{Armies: 1}
	s.placeFlags(l)
	if s.Flags[first] != us || s.Flags[peru] != br {
		t.Errorf("after a flag is freed: %d in the freed region, %d in Peru", s.Flags[first], s.Flags[peru])
	}
}

// Rule book 002 Kredite verteilen: with 2 players one governs Russia, India
// and the USA, the other China, Brazil and Europe; with 3 players the pairs
// are Russia+Brazil, China+Europe, India+USA. Everybody keeps 2M and every
// treasury holds 11M (a 9M and a 2M bond).
func TestRules2030StartingDeal(t *testing.T) {
	groups := map[int][][]string{
		2: {{"RU", "IN", "US"}, {"CN", "BR", "EU"}},
		3: {{"RU", "BR"}, {"CN", "EU"}, {"IN", "US"}},
	}
	for n, want := range groups {
		for seed := uint64(1); seed <= 6; seed++ {
			s := newGameOf(t, New2030(), n, seed, nil)
			var got [][]string
			for seat := range s.Players {
				var mine []string
				for ni, nat := range s.Nations {
					if nat.Government == seat {
						mine = append(mine, s.nationID(ni))
					}
				}
				got = append(got, mine)
				if s.Players[seat].Cash != 2 {
					t.Errorf("%d players seed %d: seat %d keeps %dM", n, seed, seat, s.Players[seat].Cash)
				}
			}
			for _, g := range want {
				if !slices.ContainsFunc(got, func(x []string) bool { return slices.Equal(x, g) }) {
					t.Errorf("%d players seed %d: governments %v, want the group %v", n, seed, got, g)
				}
			}
			for ni, nat := range s.Nations {
				if nat.Treasury != 11 {
					t.Errorf("%d players: %s treasury %d, want 11", n, s.nationID(ni), nat.Treasury)
				}
			}
		}
	}
}

// A state waiting for canal permission survives encoding and decoding.
func TestRules2030CanalRequestRoundTrip(t *testing.T) {
	s := table2030(t, nil, "EU")
	eu, us := nationOf(t, s, "EU"), nationOf(t, s, "US")
	s.Flags[regionOf(t, s, "northafrica")] = us
	s.Units[eu][regionOf(t, s, "mediterraneansea")] = Stack{Fleets: 1}
	s.Units[eu][regionOf(t, s, "paris")] = Stack{Armies: 1}
	s = maneuverOf(t, s, "EU")
	s, _ = playMove(t, s, eu, Move{Type: MFleet, From: "mediterraneansea", To: "indianocean"})
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := New2030().DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.(*State).MarshalJSON()
	if string(again) != string(data) {
		t.Fatal("the decoded state encodes differently")
	}
	next, _ := playMove(t, back.(*State), us, Move{Type: MGrantPassage, Nation: "US"})
	if next.Units[eu][regionOf(t, next, "indianocean")].Fleets != 1 {
		t.Error("the decoded request did not carry out the move")
	}
}
