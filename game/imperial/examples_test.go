package imperial

// The worked examples of rule book 004, each set up and played through the
// public Apply.

import (
	"slices"
	"testing"
)

// GAME PLAY example: Italy on Investor pays 2M to reach Taxation (4 spaces)
// and 4M to reach Factory (5 spaces), from the government's own cash.
func TestExampleRondelCost(t *testing.T) {
	cases := []struct {
		to  string
		fee int
	}{
		{"import", 0}, {"production2", 0}, {"maneuver2", 0},
		{"taxation", 2}, {"factory", 4}, {"production1", 6},
	}
	for _, c := range cases {
		t.Run(c.to, func(t *testing.T) {
			s := table(t)
			at(s, IT, "investor")
			s.Nations[IT].Treasury = 0 // nothing for the treasury to pay or receive from taxation
			cash := s.Players[IT].Cash
			ns, _ := play(t, s, IT, `{"type":"rondel","slot":"`+c.to+`"}`)
			if got := cash - ns.Players[IT].Cash; got != c.fee {
				t.Errorf("Investor -> %s: the government paid %dM, want %dM", c.to, got, c.fee)
			}
			if c.to != "taxation" && ns.Nations[IT].Treasury != 0 {
				t.Errorf("the treasury changed to %d; the fee is the government's", ns.Nations[IT].Treasury)
			}
			if ns.Nations[IT].Rondel != slotIndex(c.to) {
				t.Errorf("Italy stands on %s", slotNames[ns.Nations[IT].Rondel])
			}
		})
	}
	// Seven spaces (Investor -> Maneuver 1) is more than the maximum of six.
	s := table(t)
	at(s, IT, "investor")
	if rule := refuse(t, s, IT, `{"type":"rondel","slot":"maneuver1"}`); rule != "rondel: at most 6 spaces" {
		t.Errorf("7 spaces refused by %q", rule)
	}
}

// FACTORY example: Germany has factories in Berlin and Hamburg, a French
// army stands in Cologne: only Munich (armaments) or Danzig (shipyard) may
// be built, for 5M from the treasury.
func TestExampleFactory(t *testing.T) {
	s := table(t)
	setFactories(s, GE, "berlin", "hamburg")
	place(s, FR, "cologne", 1, 1, 0)
	at(s, GE, "taxation")
	s.Nations[GE].Treasury = 7
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"factory"}`)
	if ns.Phase != PhaseFactory {
		t.Fatalf("phase %s, want factory", ns.Phase)
	}
	var sites []string
	for _, m := range legal(t, ns, GE) {
		if m.Type == MFactory {
			sites = append(sites, m.Region)
		}
	}
	slices.Sort(sites)
	if !slices.Equal(sites, []string{"danzig", "munich"}) {
		t.Errorf("factory sites %v, want danzig and munich", sites)
	}
	refuse(t, ns, GE, `{"type":"factory","region":"cologne"}`)
	refuse(t, ns, GE, `{"type":"factory","region":"berlin"}`)
	refuse(t, ns, GE, `{"type":"factory","region":"paris"}`)
	cash := ns.Players[GE].Cash
	built, ev := play(t, ns, GE, `{"type":"factory","region":"danzig"}`)
	if !built.Factories[rid(s, "danzig")] || built.Nations[GE].Treasury != 2 || built.Players[GE].Cash != cash {
		t.Errorf("after building: factory %v, treasury %d (want 2), government cash %d (want %d)",
			built.Factories[rid(s, "danzig")], built.Nations[GE].Treasury, built.Players[GE].Cash, cash)
	}
	if !hasEvent(ev, "shipyard in Danzig") {
		t.Errorf("events do not name the shipyard in Danzig:%s", eventTexts(ev))
	}
	built, ev = play(t, ns, GE, `{"type":"factory","region":"munich"}`)
	if !hasEvent(ev, "armaments factory in Munich") || !built.Factories[rid(s, "munich")] {
		t.Errorf("Munich: no armaments factory built:%s", eventTexts(ev))
	}
}

// PRODUCTION example: factories in Berlin, Hamburg and Munich; a hostile
// Russian army in Berlin, a friendly French army in Munich: a fleet in
// Hamburg and an army in Munich, nothing in Berlin.
func TestExampleProduction(t *testing.T) {
	s := table(t)
	setFactories(s, GE, "berlin", "hamburg", "munich")
	place(s, RU, "berlin", 1, 1, 0)
	place(s, FR, "munich", 1, 0, 0)
	at(s, GE, "factory")
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"production1"}`)
	want := map[string]Stack{"hamburg": {Fleets: 1}, "munich": {Armies: 1}, "berlin": {}}
	for r, st := range want {
		if got := units(ns, GE, r); got != st {
			t.Errorf("German units in %s: %+v, want %+v", r, got, st)
		}
	}
	if n := ns.unitCount(GE); n != 2 {
		t.Errorf("Germany has %d units, want 2", n)
	}
	if got := units(ns, RU, "berlin"); got != (Stack{Armies: 1, Hostile: 1}) {
		t.Errorf("the occupier produced in Berlin: %+v", got)
	}
	if ns.Turn != RU || ns.Phase != PhaseRondel {
		t.Errorf("after production the turn is %d (%s), want Russia's rondel", ns.Turn, ns.Phase)
	}
}

// IMPORT example: Austria-Hungary imports two fleets and one army, all in
// Trieste, for 3M from its treasury; the army could go to any home province.
func TestExampleImport(t *testing.T) {
	s := table(t)
	at(s, AH, "investor")
	ns, _ := play(t, s, AH, `{"type":"rondel","slot":"import"}`)
	if ns.Phase != PhaseImport {
		t.Fatalf("phase %s, want import", ns.Phase)
	}
	var armySites []string
	for _, m := range legal(t, ns, AH) {
		if m.Type == MImportUnit && m.Unit == "army" {
			armySites = append(armySites, m.Region)
		}
	}
	slices.Sort(armySites)
	if !slices.Equal(armySites, []string{"budapest", "lemberg", "prague", "trieste", "vienna"}) {
		t.Errorf("an army may be imported into %v, want all five home provinces", armySites)
	}
	refuse(t, ns, AH, `{"type":"import","units":[{"region":"vienna","unit":"fleet"}]}`)
	refuse(t, ns, AH, `{"type":"import","units":[{"region":"trieste","unit":"fleet"},{"region":"trieste","unit":"fleet"},{"region":"trieste","unit":"army"},{"region":"vienna","unit":"army"}]}`)
	done, _ := play(t, ns, AH, `{"type":"import","units":[{"region":"trieste","unit":"fleet"},{"region":"trieste","unit":"fleet"},{"region":"trieste","unit":"army"}]}`)
	if got := units(done, AH, "trieste"); got != (Stack{Armies: 1, Fleets: 2}) {
		t.Errorf("Trieste holds %+v, want 1 army and 2 fleets", got)
	}
	if done.Nations[AH].Treasury != 7 {
		t.Errorf("treasury %d, want 10-3 = 7", done.Nations[AH].Treasury)
	}
}

// MANEUVER 1 example: the fleet in the English Channel may go to the North
// Atlantic, the Bay of Biscay or the North Sea; the fleet in London's
// harbour only to the English Channel, Dublin's only to the North Atlantic.
func TestExampleEnglishChannelFleets(t *testing.T) {
	s := table(t)
	place(s, GB, "englishchannel", 0, 0, 1)
	place(s, GB, "london", 0, 0, 1)
	place(s, GB, "dublin", 0, 0, 1)
	ns := maneuver(t, s, GB)
	cases := map[string][]string{
		"englishchannel": {"bayofbiscay", "northatlantic", "northsea"},
		"london":         {"englishchannel"},
		"dublin":         {"northatlantic"},
	}
	for from, want := range cases {
		if got := targets(t, ns, GB, MFleet, from); !slices.Equal(got, want) {
			t.Errorf("fleet in %s may go to %v, want %v", from, got, want)
		}
	}
	refuse(t, ns, GB, `{"type":"fleet","from":"london","to":"northsea"}`)
	refuse(t, ns, GB, `{"type":"fleet","from":"englishchannel","to":"paris"}`)
	refuse(t, ns, GB, `{"type":"fleet","from":"englishchannel","to":"balticsea"}`)
	next, _ := play(t, ns, GB, `{"type":"fleet","from":"london","to":"englishchannel"}`)
	if got := units(next, GB, "englishchannel").Fleets; got != 2 {
		t.Errorf("English Channel holds %d fleets, want 2", got)
	}
}

// fleetBattleTable: a Russian fleet in the Eastern Mediterranean about to
// move into the Ionian Sea, where an Italian and an Austrian fleet lie.
func fleetBattleTable(t *testing.T) *State {
	s := table(t)
	place(s, RU, "easternmediterraneansea", 0, 0, 1)
	place(s, IT, "ioniansea", 0, 0, 1)
	place(s, AH, "ioniansea", 0, 0, 1)
	ns := maneuver(t, s, RU)
	ns, _ = play(t, ns, RU, `{"type":"fleet","from":"easternmediterraneansea","to":"ioniansea"}`)
	if ns.Maneuver.Conflict == nil {
		t.Fatal("no battle decision after entering a sea with foreign fleets")
	}
	return ns
}

// MANEUVER 1, example of a fleet battle: the mover chooses whether to fight
// and whom; if it declines, the others are asked; if nobody fights, all
// three fleets stay side by side.
func TestExampleFleetBattle(t *testing.T) {
	t.Run("mover fights the Austrian fleet", func(t *testing.T) {
		s := fleetBattleTable(t)
		var against []string
		for _, m := range legal(t, s, RU) {
			if m.Type == MBattle {
				against = append(against, m.Against)
			}
		}
		slices.Sort(against)
		if !slices.Equal(against, []string{"AH", "IT"}) {
			t.Errorf("the mover may fight %v, want AH and IT", against)
		}
		ns, _ := play(t, s, RU, `{"type":"battle","region":"ioniansea","unit":"fleet","against":"AH","target":"fleet"}`)
		if units(ns, RU, "ioniansea").Fleets != 0 || units(ns, AH, "ioniansea").Fleets != 0 || units(ns, IT, "ioniansea").Fleets != 1 {
			t.Errorf("after the battle: RU %d, AH %d, IT %d fleets; want 0, 0, 1",
				units(ns, RU, "ioniansea").Fleets, units(ns, AH, "ioniansea").Fleets, units(ns, IT, "ioniansea").Fleets)
		}
	})
	t.Run("mover declines, Italy demands", func(t *testing.T) {
		s := fleetBattleTable(t)
		ns, _ := play(t, s, RU, `{"type":"peace"}`)
		got := decisions(ns)
		slices.Sort(got)
		if want := []string{"0:demand-battle:AH", "1:demand-battle:IT"}; !slices.Equal(got, want) {
			t.Errorf("after peace, open decisions %v, want %v", got, want)
		}
		refuse(t, ns, RU, `{"type":"fleet","from":"ioniansea","to":"westernmediterraneansea"}`)
		refuse(t, ns, AH, `{"type":"demand_battle","nation":"IT","unit":"fleet"}`) // not AH's to answer
		ns, _ = play(t, ns, IT, `{"type":"demand_battle","nation":"IT","unit":"fleet"}`)
		if units(ns, RU, "ioniansea").Fleets != 0 || units(ns, IT, "ioniansea").Fleets != 0 || units(ns, AH, "ioniansea").Fleets != 1 {
			t.Errorf("after Italy's demand: RU %d, IT %d, AH %d fleets; want 0, 0, 1",
				units(ns, RU, "ioniansea").Fleets, units(ns, IT, "ioniansea").Fleets, units(ns, AH, "ioniansea").Fleets)
		}
	})
	t.Run("nobody fights", func(t *testing.T) {
		s := fleetBattleTable(t)
		ns, _ := play(t, s, RU, `{"type":"peace"}`)
		ns, _ = play(t, ns, AH, `{"type":"no_battle","nation":"AH"}`)
		ns, _ = play(t, ns, IT, `{"type":"no_battle","nation":"IT"}`)
		if ns.Phase == PhaseManeuver {
			ns, _ = play(t, ns, RU, `{"type":"end_maneuver"}`)
		}
		for _, ni := range []int{RU, IT, AH} {
			if units(ns, ni, "ioniansea").Fleets != 1 {
				t.Errorf("%s has %d fleets in the Ionian Sea, want 1", ns.nationID(ni), units(ns, ni, "ioniansea").Fleets)
			}
		}
		if f := flagOf(ns, "ioniansea"); f != -1 {
			t.Errorf("a shared sea got the flag of %d", f)
		}
	})
}

// MANEUVER 2, example of sea transport: two Austrian armies in Trieste,
// fleets in the Western Mediterranean and two in the Ionian Sea. One army
// lands in Algeria; the second can no longer use the Western Mediterranean
// fleet but can land in Tunis using the second Ionian fleet.
func TestExampleConvoyTriesteAlgeriaTunis(t *testing.T) {
	s := table(t)
	place(s, AH, "trieste", 2, 0, 0)
	place(s, AH, "ioniansea", 0, 0, 2)
	place(s, AH, "westernmediterraneansea", 0, 0, 1)
	ns := maneuver(t, s, AH)
	ns, _ = play(t, ns, AH, `{"type":"army","from":"trieste","to":"algeria","via":["ioniansea","westernmediterraneansea"]}`)
	if units(ns, AH, "algeria").Armies != 1 {
		t.Fatalf("no army landed in Algeria")
	}
	if slices.Contains(routeTo(t, ns, AH, "trieste"), "algeria") {
		t.Errorf("the second army may still reach Algeria: %v", routeTo(t, ns, AH, "trieste"))
	}
	refuse(t, ns, AH, `{"type":"army","from":"trieste","to":"algeria","via":["ioniansea","westernmediterraneansea"]}`)
	ns, _ = play(t, ns, AH, `{"type":"army","from":"trieste","to":"tunis","via":["ioniansea"]}`)
	if units(ns, AH, "tunis").Armies != 1 || units(ns, AH, "trieste").Armies != 0 {
		t.Errorf("Tunis %+v, Trieste %+v", units(ns, AH, "tunis"), units(ns, AH, "trieste"))
	}

	// With only one fleet in the Ionian Sea, it carries only one army.
	s = table(t)
	place(s, AH, "trieste", 2, 0, 0)
	place(s, AH, "ioniansea", 0, 0, 1)
	place(s, AH, "westernmediterraneansea", 0, 0, 1)
	ns = maneuver(t, s, AH)
	ns, _ = play(t, ns, AH, `{"type":"army","from":"trieste","to":"algeria","via":["ioniansea","westernmediterraneansea"]}`)
	refuse(t, ns, AH, `{"type":"army","from":"trieste","to":"tunis","via":["ioniansea"]}`)
	if got := routeTo(t, ns, AH, "trieste"); slices.Contains(got, "tunis") || slices.Contains(got, "greece") {
		t.Errorf("the second army can still be convoyed: %v", got)
	}
}

// MANEUVER 2, example of railroad transport: a German army in Holland can
// reach Hamburg and then every German home province by rail, but not
// Denmark, Sweden or Norway; the German army in Cologne can take the rail to
// Hamburg and then go to Denmark, or over the Baltic fleet to Denmark,
// Sweden or Norway.
func TestExampleRailroadHollandCologne(t *testing.T) {
	s := table(t)
	place(s, GE, "holland", 1, 0, 0)
	place(s, GE, "cologne", 1, 0, 0)
	place(s, GE, "balticsea", 0, 0, 1)
	ns := maneuver(t, s, GE)

	holland := routeTo(t, ns, GE, "holland")
	for _, want := range []string{"hamburg", "berlin", "cologne", "munich", "danzig", "belgium"} {
		if !slices.Contains(holland, want) {
			t.Errorf("the army in Holland cannot reach %s: %v", want, holland)
		}
	}
	for _, no := range []string{"denmark", "sweden", "norway", "prague", "warsaw", "stpetersburg", "vienna"} {
		if slices.Contains(holland, no) {
			t.Errorf("the army in Holland can reach %s: it may not leave Germany again", no)
		}
	}
	cologne := targets(t, ns, GE, MArmy, "cologne")
	for _, want := range []string{"denmark", "sweden via balticsea", "norway via balticsea"} {
		if !slices.Contains(cologne, want) {
			t.Errorf("the army in Cologne cannot reach %s: %v", want, cologne)
		}
	}
	done, _ := play(t, ns, GE, `{"type":"army","from":"cologne","to":"sweden","via":["balticsea"]}`)
	done, _ = play(t, done, GE, `{"type":"end_maneuver"}`)
	if units(done, GE, "sweden").Armies != 1 || flagOf(done, "sweden") != GE {
		t.Errorf("Sweden: %+v, flag %d; want a German army and flag", units(done, GE, "sweden"), flagOf(done, "sweden"))
	}
}

// MANEUVER, example of the destruction of a factory: Venice has a shipyard
// with an Italian fleet in harbour. An Austrian army from Vienna enters and
// fights the fleet; the armies from Budapest take the rail to Vienna and
// enter Venice with the other army from Vienna; the three armies destroy the
// shipyard and are removed with it.
func TestExampleVeniceDestruction(t *testing.T) {
	s := table(t)
	setFactories(s, IT, "rome", "naples", "venice")
	place(s, IT, "venice", 0, 0, 1)
	place(s, AH, "vienna", 2, 0, 0)
	place(s, AH, "budapest", 2, 0, 0)
	ns := maneuver(t, s, AH)
	ns, _ = play(t, ns, AH, `{"type":"army","from":"vienna","to":"venice","hostile":true}`)
	if c := ns.Maneuver.Conflict; c == nil || c.Unit != "army" {
		t.Fatalf("no battle decision when the army meets the fleet in harbour: %+v", c)
	}
	refuse(t, ns, AH, `{"type":"destroy_factory","region":"venice"}`)
	ns, _ = play(t, ns, AH, `{"type":"battle","region":"venice","unit":"army","against":"IT","target":"fleet"}`)
	if !units(ns, IT, "venice").empty() || units(ns, AH, "venice").Armies != 0 {
		t.Fatalf("after the battle: IT %+v, AH %+v in Venice", units(ns, IT, "venice"), units(ns, AH, "venice"))
	}
	ns, _ = play(t, ns, AH, `{"type":"army","from":"budapest","to":"venice","hostile":true}`)
	refuse(t, ns, AH, `{"type":"destroy_factory","region":"venice"}`) // one army is not enough
	ns, _ = play(t, ns, AH, `{"type":"army","from":"budapest","to":"venice","hostile":true}`)
	refuse(t, ns, AH, `{"type":"destroy_factory","region":"venice"}`) // two are not enough
	ns, _ = play(t, ns, AH, `{"type":"army","from":"vienna","to":"venice","hostile":true}`)
	if units(ns, AH, "venice") != (Stack{Armies: 3, Hostile: 3}) {
		t.Fatalf("Venice holds %+v, want three standing armies", units(ns, AH, "venice"))
	}
	ns, ev := play(t, ns, AH, `{"type":"destroy_factory","region":"venice"}`)
	if ns.Factories[rid(ns, "venice")] {
		t.Error("the shipyard in Venice still stands")
	}
	if ns.unitCount(AH) != 0 {
		t.Errorf("Austria-Hungary still has %d units; the three armies are removed", ns.unitCount(AH))
	}
	if !hasEvent(ev, "destroyed") {
		t.Errorf("no event tells of the destruction:%s", eventTexts(ev))
	}
}

// INVESTOR step 2 example: a player takes the Italian 12M bond and returns
// the 4M bond, paying the difference of 8M into the Italian treasury.
func TestExampleBondUpgrade(t *testing.T) {
	s := table(t)
	holder := s.InvestorCard
	setBonds(s, IT, holder, 4)
	at(s, AH, "maneuver1")
	ns, _ := play(t, s, AH, `{"type":"rondel","slot":"investor"}`)
	if ns.Phase != PhaseInvest || ns.Investors[0] != holder {
		t.Fatalf("phase %s, investors %v", ns.Phase, ns.Investors)
	}
	cash, treasury := ns.Players[holder].Cash, ns.Nations[IT].Treasury
	ns, ev := play(t, ns, holder, `{"type":"bond","nation":"IT","cost":12,"trade_in":4}`)
	if got := cash - ns.Players[holder].Cash; got != 8 {
		t.Errorf("the upgrade cost %dM, want 8M", got)
	}
	if got := ns.Nations[IT].Treasury - treasury; got != 8 {
		t.Errorf("the Italian treasury received %dM, want 8M", got)
	}
	if ns.Nations[IT].Bonds[s.bondIndex(4)] != -1 || ns.Nations[IT].Bonds[s.bondIndex(12)] != holder {
		t.Errorf("bonds after the upgrade: %v", ns.Nations[IT].Bonds)
	}
	if !hasEvent(ev, "upgraded") {
		t.Errorf("events:%s", eventTexts(ev))
	}
}

// TAXATION example: Germany at 6 on the tax chart and 1 on the scoring track,
// 2 factories and 3 flags, two armies and one fleet: revenue 7M, the marker
// rises to 7 and the government gets 1M, +2 power points (1 -> 3), 4M to the
// treasury.
func TestExampleGermanTaxation(t *testing.T) {
	s := table(t)
	n := s.Nations[GE]
	n.TaxValue, n.Power, n.Treasury = 6, 1, 0
	s.Nations[GE] = n
	setFactories(s, GE, "berlin", "hamburg")
	for _, r := range []string{"denmark", "holland", "northsea"} {
		s.Flags[rid(s, r)] = GE
	}
	place(s, GE, "berlin", 2, 0, 0)
	place(s, GE, "northsea", 0, 0, 1)
	at(s, GE, "maneuver2")
	cash := s.Players[GE].Cash
	ns, _ := play(t, s, GE, `{"type":"rondel","slot":"taxation"}`)
	g := ns.Nations[GE]
	if g.TaxValue != 7 || g.Power != 3 || g.Treasury != 4 || ns.Players[GE].Cash-cash != 1 {
		t.Errorf("tax marker %d (want 7), power %d (want 3), treasury %d (want 4), bonus %d (want 1)",
			g.TaxValue, g.Power, g.Treasury, ns.Players[GE].Cash-cash)
	}
}

// OBJECT OF THE GAME example: France with 17 power points has factor 3; the
// French 12M bond pays 5M interest and is worth 15 points at the end.
func TestExampleFrenchScoring(t *testing.T) {
	s := table(t)
	clearBonds(s, FR)
	setBonds(s, FR, FR, 12)
	s.Nations[FR].Power = 17
	s.Players[FR].Cash = 0
	s.Phase = PhaseOver
	if f := powerFactor(17); f != 3 {
		t.Errorf("17 points give factor %d, want 3", f)
	}
	res := s.Result()
	if res == nil {
		t.Fatal("no result for a finished game")
	}
	if res.Scores[FR] != 15 {
		t.Errorf("the holder of the French 12M bond scores %d, want 15", res.Scores[FR])
	}
	if sum := s.Summarize(); sum.Players["p2"].Score == nil || *sum.Players["p2"].Score != 15 {
		t.Errorf("summary score %v, want 15", sum.Players["p2"].Score)
	}
}
