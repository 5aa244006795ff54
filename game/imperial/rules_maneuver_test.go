package imperial

// rules-notes.md points on the Maneuver (17-28).

import (
	"slices"
	"testing"
)

// rules-notes 17: fleets first, then armies, then flags; no fleet moves after
// the first army; every unit may stay.
func TestNote17ManeuverOrder(t *testing.T) {
	s := table(t)
	place(s, GE, "northsea", 0, 0, 1)
	place(s, GE, "berlin", 2, 0, 0) // one stays, so the maneuver goes on
	ns := maneuver(t, s, GE)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"berlin","to":"denmark"}`)
	if rule := refuse(t, ns, GE, `{"type":"fleet","from":"northsea","to":"balticsea"}`); rule != "maneuver: fleets first" {
		t.Errorf("fleet after army refused by %q", rule)
	}
	if len(targets(t, ns, GE, MFleet, "northsea")) != 0 {
		t.Error("fleet moves offered after an army moved")
	}
	if flagOf(ns, "denmark") != -1 {
		t.Error("the flag was placed before the end of the maneuver")
	}
	ns, _ = play(t, ns, GE, `{"type":"end_maneuver"}`)
	if flagOf(ns, "denmark") != GE || units(ns, GE, "northsea").Fleets != 1 {
		t.Errorf("after the maneuver: flag %d in Denmark, %d fleets stayed in the North Sea", flagOf(ns, "denmark"), units(ns, GE, "northsea").Fleets)
	}
}

// rules-notes 18: a fleet moves once, to one adjacent sea; from harbour only
// to its anchor sea; never onto land.
func TestNote18Fleets(t *testing.T) {
	s := table(t)
	place(s, GE, "northsea", 0, 0, 1)
	place(s, GE, "danzig", 0, 0, 1)
	place(s, GE, "berlin", 1, 0, 0) // keeps the maneuver open
	ns := maneuver(t, s, GE)
	if got := targets(t, ns, GE, MFleet, "danzig"); !slices.Equal(got, []string{"balticsea"}) {
		t.Errorf("Danzig harbour -> %v, want the Baltic Sea only", got)
	}
	refuse(t, ns, GE, `{"type":"fleet","from":"northsea","to":"hamburg"}`)
	refuse(t, ns, GE, `{"type":"fleet","from":"northsea","to":"ioniansea"}`)
	refuse(t, ns, GE, `{"type":"fleet","from":"berlin","to":"balticsea"}`)
	ns, _ = play(t, ns, GE, `{"type":"fleet","from":"northsea","to":"balticsea"}`)
	ns, _ = play(t, ns, GE, `{"type":"fleet","from":"danzig","to":"balticsea"}`)
	if rule := refuse(t, ns, GE, `{"type":"fleet","from":"balticsea","to":"northsea"}`); rule != "maneuver: each unit once" {
		t.Errorf("a second move refused by %q", rule)
	}
}

// rules-notes 19: each battle removes one fleet from each side; the active
// nation's fleets that did not move may attack fleets in their own sea.
func TestNote19FleetBattles(t *testing.T) {
	s := table(t)
	place(s, GE, "northsea", 0, 0, 2)
	place(s, GB, "northsea", 0, 0, 3)
	ns := maneuver(t, s, GE)
	ns, ev := play(t, ns, GE, `{"type":"battle","region":"northsea","unit":"fleet","against":"GB","target":"fleet"}`)
	if units(ns, GE, "northsea").Fleets != 1 || units(ns, GB, "northsea").Fleets != 2 {
		t.Errorf("after one battle: GE %d, GB %d:%s", units(ns, GE, "northsea").Fleets, units(ns, GB, "northsea").Fleets, eventTexts(ev))
	}
	refuse(t, ns, GE, `{"type":"battle","region":"northsea","unit":"army","against":"GB","target":"fleet"}`)
	refuse(t, ns, GE, `{"type":"battle","region":"northsea","unit":"fleet","against":"GE","target":"fleet"}`)
	refuse(t, ns, GE, `{"type":"battle","region":"northsea","unit":"fleet","against":"FR","target":"fleet"}`)
	// An inactive nation may not start a battle on its own.
	refuse(t, ns, GB, `{"type":"demand_battle","nation":"GB","unit":"fleet"}`)
}

// rules-notes 20: armies move to an adjacent land region (never
// Switzerland) or by convoy over a chain of seas each with an own fleet,
// one army per fleet; fleets that moved earlier may carry armies; an army
// inland needs the railway to reach the coast.
func TestNote20Armies(t *testing.T) {
	s := table(t)
	place(s, FR, "bordeaux", 1, 0, 0)
	place(s, FR, "dijon", 1, 0, 0)
	place(s, FR, "brest", 0, 0, 1) // in harbour: sails to the English Channel first
	place(s, FR, "bayofbiscay", 0, 0, 1)
	ns := maneuver(t, s, FR)
	ns, _ = play(t, ns, FR, `{"type":"fleet","from":"brest","to":"englishchannel"}`)
	got := targets(t, ns, FR, MArmy, "bordeaux")
	for _, want := range []string{"spain", "portugal via bayofbiscay", "morocco via bayofbiscay", "belgium", "holland via englishchannel", "munich (hostile)"} {
		if !slices.Contains(got, want) {
			t.Errorf("Bordeaux army cannot reach %q: %v", want, got)
		}
	}
	// Dijon is inland: by rail to Bordeaux or Brest, then by convoy.
	if d := routeTo(t, ns, FR, "dijon"); !slices.Contains(d, "morocco") || slices.Contains(d, "switzerland") {
		t.Errorf("Dijon army: %v", d)
	}
	refuse(t, ns, FR, `{"type":"army","from":"dijon","to":"switzerland"}`)
	refuse(t, ns, FR, `{"type":"army","from":"bordeaux","to":"algeria","via":["bayofbiscay","westernmediterraneansea"]}`) // no own fleet there
	refuse(t, ns, FR, `{"type":"army","from":"bordeaux","to":"morocco"}`)                                                 // not adjacent by land
	ns, _ = play(t, ns, FR, `{"type":"army","from":"bordeaux","to":"holland","via":["englishchannel"]}`)
	for _, d := range targets(t, ns, FR, MArmy, "dijon") {
		if d == "holland via englishchannel" || d == "norway via englishchannel,northsea" {
			t.Errorf("the Channel fleet carries a second army: %s", d)
		}
	}
}

// rules-notes 21: the railway is suspended in a home province with hostile
// armies (no rail into, out of or through it): a hostile army in Berlin cuts
// Hamburg, Cologne and Munich off from Danzig; an army standing in the
// occupied province may only make its one move; no railway to Dublin.
func TestNote21RailwaySuspended(t *testing.T) {
	s := table(t)
	place(s, RU, "berlin", 1, 1, 0)
	place(s, GE, "hamburg", 1, 0, 0)
	place(s, GE, "berlin", 1, 0, 0)
	ns := maneuver(t, s, GE)
	hamburg := routeTo(t, ns, GE, "hamburg")
	if slices.Contains(hamburg, "danzig") {
		t.Errorf("Hamburg reaches Danzig through occupied Berlin: %v", hamburg)
	}
	for _, want := range []string{"cologne", "munich", "berlin", "denmark", "holland", "belgium", "dijon"} {
		if !slices.Contains(hamburg, want) {
			t.Errorf("Hamburg cannot reach %s: %v", want, hamburg)
		}
	}
	berlin := routeTo(t, ns, GE, "berlin")
	for _, no := range []string{"holland", "denmark", "belgium", "stpetersburg"} {
		if slices.Contains(berlin, no) {
			t.Errorf("the army in occupied Berlin used the railway to reach %s", no)
		}
	}
	for _, want := range []string{"hamburg", "danzig", "munich", "cologne", "prague"} {
		if !slices.Contains(berlin, want) {
			t.Errorf("the army in Berlin cannot step to %s: %v", want, berlin)
		}
	}
	// Without the occupier Danzig is reachable by rail.
	s = table(t)
	place(s, GE, "hamburg", 1, 0, 0)
	if !slices.Contains(routeTo(t, maneuver(t, s, GE), GE, "hamburg"), "danzig") {
		t.Error("Hamburg cannot reach Danzig by rail in peace")
	}
	// No railway to Dublin.
	s = table(t)
	place(s, GB, "london", 1, 0, 0)
	if slices.Contains(routeTo(t, maneuver(t, s, GB), GB, "london"), "dublin") {
		t.Error("London reaches Dublin by rail")
	}
	place(s, GB, "northatlantic", 0, 0, 1)
	if !slices.Contains(routeTo(t, maneuver(t, s, GB), GB, "london"), "dublin") {
		t.Error("London cannot reach Dublin by convoy")
	}
}

// rules-notes 22: an army entering another nation's home province is hostile
// or friendly; a hostile one blocks production, import, factory building,
// tax and railway, a friendly one nothing; the status changes only at a
// later maneuver, and then the armies there may demand a battle.
func TestNote22HostileAndFriendlyArmies(t *testing.T) {
	s := table(t)
	place(s, FR, "dijon", 2, 0, 0)
	place(s, FR, "belgium", 1, 0, 0)
	place(s, GE, "cologne", 1, 0, 0)
	ns := maneuver(t, s, FR)
	ns, _ = play(t, ns, FR, `{"type":"army","from":"dijon","to":"munich"}`)
	if units(ns, FR, "munich") != (Stack{Armies: 1}) {
		t.Fatalf("Munich: %+v, want a friendly army", units(ns, FR, "munich"))
	}
	// No status change in the maneuver the army entered.
	refuse(t, ns, FR, `{"type":"status","region":"munich","hostile":true}`)
	ns, _ = play(t, ns, FR, `{"type":"army","from":"belgium","to":"cologne","hostile":true}`)
	if c := ns.Maneuver.Conflict; c == nil || !c.Hostile {
		t.Fatalf("no battle decision on entering Cologne where a German army stands: %+v", c)
	}
	ns, _ = play(t, ns, FR, `{"type":"peace"}`)
	if got := decisions(ns); !slices.Equal(got, []string{"4:demand-battle:GE"}) {
		t.Errorf("decisions %v, want Germany asked", got)
	}
	ns, _ = play(t, ns, GE, `{"type":"no_battle","nation":"GE"}`)
	if ns.Phase == PhaseManeuver {
		ns, _ = play(t, ns, FR, `{"type":"end_maneuver"}`)
	}
	if flagOf(ns, "munich") != -1 || flagOf(ns, "cologne") != -1 {
		t.Error("flags in home provinces")
	}
	if !ns.occupied(rid(ns, "cologne")) || ns.occupied(rid(ns, "munich")) {
		t.Error("occupation: Cologne should be occupied, Munich not")
	}

	// Next French maneuver: the friendly army in Munich stands up; Germany,
	// with an army there, may demand a battle.
	place(ns, GE, "munich", 1, 0, 0)
	ns = maneuver(t, ns, FR)
	ns, _ = play(t, ns, FR, `{"type":"status","region":"munich","hostile":true}`)
	if c := ns.Maneuver.Conflict; c == nil || c.Region != rid(ns, "munich") {
		t.Fatalf("no battle decision after the status change: %+v", c)
	}
	ns, _ = play(t, ns, FR, `{"type":"peace"}`)
	ns, _ = play(t, ns, GE, `{"type":"demand_battle","nation":"GE","unit":"army"}`)
	if !units(ns, FR, "munich").empty() || !units(ns, GE, "munich").empty() {
		t.Errorf("after the demanded battle: FR %+v, GE %+v", units(ns, FR, "munich"), units(ns, GE, "munich"))
	}
	// The hostile army in Cologne lies down again.
	ns, _ = play(t, ns, FR, `{"type":"status","region":"cologne"}`)
	if units(ns, FR, "cologne").Hostile != 0 {
		t.Errorf("Cologne: %+v", units(ns, FR, "cologne"))
	}
	if ns.Maneuver.Conflict == nil {
		t.Fatal("the German army in Cologne is not asked after the status change")
	}
	ns, _ = play(t, ns, FR, `{"type":"peace"}`)
	ns, _ = play(t, ns, GE, `{"type":"no_battle","nation":"GE"}`)
	refuse(t, ns, FR, `{"type":"status","region":"cologne","hostile":true}`) // its move is used
}

// rules-notes 23: a nation with one unoccupied factory left: no foreign army
// may enter that province hostile or stand up there, and the factory cannot
// be destroyed; its other provinces are not protected.
func TestNote23LastFactoryProtected(t *testing.T) {
	s := table(t)
	setFactories(s, IT, "rome", "naples")
	place(s, AH, "rome", 1, 1, 0) // Rome occupied: Naples is the last free factory
	place(s, AH, "venice", 3, 3, 0)
	place(s, AH, "florence", 1, 0, 0)
	ns := maneuver(t, s, AH)
	for _, d := range targets(t, ns, AH, MArmy, "rome") {
		if d == "naples (hostile)" {
			t.Error("hostile entry into the protected Naples offered")
		}
	}
	if rule := refuse(t, ns, AH, `{"type":"army","from":"rome","to":"naples","hostile":true}`); rule != "maneuver: last factory" {
		t.Errorf("refused by %q", rule)
	}
	ns2, _ := play(t, ns, AH, `{"type":"army","from":"rome","to":"naples"}`)
	if units(ns2, AH, "naples") != (Stack{Armies: 1}) {
		t.Errorf("Naples: %+v", units(ns2, AH, "naples"))
	}
	// Florence has no factory: not protected.
	if !slices.Contains(targets(t, ns, AH, MArmy, "venice"), "florence (hostile)") {
		t.Error("Florence is protected too")
	}
	// A friendly army standing in the protected province may not stand up;
	// one in unprotected Florence may.
	s.Units[AH][rid(s, "naples")] = Stack{Armies: 1}
	ns = maneuver(t, s, AH)
	if rule := refuse(t, ns, AH, `{"type":"status","region":"naples","hostile":true}`); rule != "maneuver: last factory" {
		t.Errorf("standing up in Naples refused by %q", rule)
	}
	ns, _ = play(t, ns, AH, `{"type":"status","region":"florence","hostile":true}`)
	if units(ns, AH, "florence").Hostile != 1 {
		t.Errorf("Florence: %+v", units(ns, AH, "florence"))
	}
}

// rules-notes 24: three armies destroy a foreign factory when the owner has
// no units there; the protected last factory cannot be destroyed.
func TestNote24Destruction(t *testing.T) {
	s := table(t)
	setFactories(s, IT, "rome", "naples", "genoa")
	place(s, AH, "genoa", 3, 3, 0)
	ns := maneuver(t, s, AH)
	ns, _ = play(t, ns, AH, `{"type":"destroy_factory","region":"genoa"}`)
	if ns.Factories[rid(ns, "genoa")] || !units(ns, AH, "genoa").empty() {
		t.Errorf("Genoa: factory %v, armies %+v", ns.Factories[rid(ns, "genoa")], units(ns, AH, "genoa"))
	}

	s = table(t)
	setFactories(s, IT, "rome", "genoa")
	place(s, AH, "genoa", 3, 3, 0)
	place(s, IT, "genoa", 0, 0, 1) // the owner's fleet in harbour
	ns = maneuver(t, s, AH)
	refuse(t, ns, AH, `{"type":"destroy_factory","region":"genoa"}`)

	// Genoa is occupied, so Rome is Italy's last unoccupied factory: Genoa
	// is not protected; three friendly armies in protected Rome cannot
	// destroy it.
	s = table(t)
	setFactories(s, IT, "rome", "genoa")
	place(s, AH, "genoa", 3, 3, 0)
	place(s, AH, "rome", 3, 0, 0)
	ns = maneuver(t, s, AH)
	refuse(t, ns, AH, `{"type":"destroy_factory","region":"rome"}`)
	refuse(t, ns, AH, `{"type":"status","region":"rome","hostile":true}`)
	ns, _ = play(t, ns, AH, `{"type":"destroy_factory","region":"genoa"}`)
	if ns.Factories[rid(ns, "genoa")] {
		t.Error("Genoa not destroyed")
	}
}

// rules-notes 25: an army and a fleet fight only while the fleet lies in its
// harbour; either side may ask for the battle.
func TestNote25ArmiesAgainstFleets(t *testing.T) {
	s := table(t)
	place(s, IT, "venice", 0, 0, 1)
	place(s, AH, "vienna", 1, 0, 0)
	ns := maneuver(t, s, AH)
	ns, _ = play(t, ns, AH, `{"type":"army","from":"vienna","to":"venice"}`) // friendly
	ns, _ = play(t, ns, AH, `{"type":"peace"}`)
	ns, _ = play(t, ns, IT, `{"type":"demand_battle","nation":"IT","unit":"fleet"}`)
	if !units(ns, IT, "venice").empty() || !units(ns, AH, "venice").empty() {
		t.Errorf("after the fleet's demand: IT %+v, AH %+v", units(ns, IT, "venice"), units(ns, AH, "venice"))
	}
	// Italy maneuvering: its fleet in harbour attacks the army standing there.
	s = table(t)
	place(s, IT, "venice", 0, 0, 1)
	place(s, AH, "venice", 1, 1, 0)
	ns = maneuver(t, s, IT)
	ns, _ = play(t, ns, IT, `{"type":"battle","region":"venice","unit":"fleet","against":"AH","target":"army","target_hostile":true}`)
	if !units(ns, IT, "venice").empty() || !units(ns, AH, "venice").empty() {
		t.Error("fleet in harbour against army: no battle")
	}
	// At sea a fleet never meets an army; on land fleets never fight fleets.
	if ns.canFight(rid(ns, "ioniansea"), "army", "fleet") || ns.canFight(rid(ns, "venice"), "fleet", "fleet") {
		t.Error("canFight allows army vs fleet at sea or fleet vs fleet on land")
	}
}

// rules-notes 26: the maneuvering nation may fight units already in its
// region at any time; an inactive nation only a unit that just moved in
// where it has units, including a friendly army entering its home province.
func TestNote26WhoMayStartABattle(t *testing.T) {
	s := table(t)
	place(s, GE, "holland", 2, 0, 0)
	place(s, FR, "holland", 1, 0, 0)
	ns := maneuver(t, s, GE)
	ns, _ = play(t, ns, GE, `{"type":"battle","region":"holland","unit":"army","against":"FR","target":"army"}`)
	if units(ns, GE, "holland").Armies != 1 || !units(ns, FR, "holland").empty() {
		t.Errorf("battle with units already there: GE %+v, FR %+v", units(ns, GE, "holland"), units(ns, FR, "holland"))
	}

	// A friendly army entering a home province where the owner has armies.
	s = table(t)
	place(s, GE, "munich", 1, 0, 0)
	place(s, FR, "dijon", 1, 0, 0)
	ns = maneuver(t, s, FR)
	ns, _ = play(t, ns, FR, `{"type":"army","from":"dijon","to":"munich"}`)
	ns, _ = play(t, ns, FR, `{"type":"peace"}`)
	if got := decisions(ns); !slices.Equal(got, []string{"4:demand-battle:GE"}) {
		t.Errorf("decisions %v", got)
	}
	refuse(t, ns, FR, `{"type":"end_maneuver"}`) // Germany answers first
}

// rules-notes 26, 004 FAQ "anytime": when all the mover's units have moved,
// it may still fight units in its regions before ending the maneuver
// (imperial-bugs #2).
func TestNote26BattleAfterLastMove(t *testing.T) {
	s := table(t)
	place(s, GE, "cologne", 1, 0, 0)
	place(s, FR, "holland", 1, 0, 0)
	ns := maneuver(t, s, GE)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"cologne","to":"holland"}`)
	ns, _ = play(t, ns, GE, `{"type":"peace"}`)
	ns, _ = play(t, ns, FR, `{"type":"no_battle","nation":"FR"}`)
	if ns.Phase != PhaseManeuver {
		t.Fatalf("the maneuver ended by itself (phase %s) while Germany may still fight in Holland", ns.Phase)
	}
	ns, _ = play(t, ns, GE, `{"type":"battle","region":"holland","unit":"army","against":"FR","target":"army"}`)
	if !units(ns, FR, "holland").empty() {
		t.Error("no battle")
	}
}

// rules-notes 27: flags at the end of the maneuver in newly occupied land or
// sea regions without foreign units, never in home provinces; a flag stays
// when the region is empty or shared and is replaced only when another
// nation alone holds it; with all 15 flags out no new regions, and being
// alone only removes the other nation's flag.
func TestNote27Flags(t *testing.T) {
	s := table(t)
	place(s, GE, "hamburg", 3, 0, 0)
	place(s, GE, "northsea", 0, 0, 1)
	s.Flags[rid(s, "denmark")] = FR // GE takes it alone: replaced
	s.Flags[rid(s, "holland")] = FR // shared with a British army: stays
	place(s, GB, "holland", 1, 0, 0)
	s.Flags[rid(s, "balticsea")] = RU // nobody there: stays
	ns := maneuver(t, s, GE)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"hamburg","to":"denmark"}`)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"hamburg","to":"holland"}`)
	ns, _ = play(t, ns, GE, `{"type":"peace"}`)
	ns, _ = play(t, ns, GB, `{"type":"no_battle","nation":"GB"}`)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"hamburg","to":"cologne"}`)
	if ns.Phase == PhaseManeuver {
		ns, _ = play(t, ns, GE, `{"type":"end_maneuver"}`)
	}
	for r, want := range map[string]int{"denmark": GE, "holland": FR, "balticsea": RU, "northsea": GE, "cologne": -1, "hamburg": -1} {
		if got := flagOf(ns, r); got != want {
			t.Errorf("flag in %s: %d, want %d", r, got, want)
		}
	}

	// An inactive nation left alone after a battle takes the flag.
	s = table(t)
	place(s, GE, "northsea", 0, 0, 1)
	place(s, GB, "northsea", 0, 0, 2)
	s.Flags[rid(s, "northsea")] = GE
	ns = maneuver(t, s, GE)
	ns, _ = play(t, ns, GE, `{"type":"battle","region":"northsea","unit":"fleet","against":"GB","target":"fleet"}`)
	if ns.Phase == PhaseManeuver {
		ns, _ = play(t, ns, GE, `{"type":"end_maneuver"}`)
	}
	if flagOf(ns, "northsea") != GB {
		t.Errorf("North Sea flag %d, want Britain's", flagOf(ns, "northsea"))
	}

	// All 15 flags out: no new flag; alone only removes the other's flag.
	s = table(t)
	lands := []string{"portugal", "spain", "morocco", "algeria", "tunis", "westbalkan", "greece", "bulgaria", "romania", "turkey", "ioniansea", "blacksea", "easternmediterraneansea", "westernmediterraneansea", "bayofbiscay"}
	for _, r := range lands {
		s.Flags[rid(s, r)] = GE
	}
	s.Flags[rid(s, "denmark")] = FR
	place(s, GE, "hamburg", 2, 0, 0)
	ns = maneuver(t, s, GE)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"hamburg","to":"denmark"}`)
	ns, _ = play(t, ns, GE, `{"type":"army","from":"hamburg","to":"holland"}`)
	if ns.Phase == PhaseManeuver {
		ns, _ = play(t, ns, GE, `{"type":"end_maneuver"}`)
	}
	if flagOf(ns, "denmark") != -1 || flagOf(ns, "holland") != -1 || ns.flagCount(GE) != 15 {
		t.Errorf("15 flags out: Denmark %d, Holland %d, count %d", flagOf(ns, "denmark"), flagOf(ns, "holland"), ns.flagCount(GE))
	}
}

// rules-notes 28: islands are not regions; Bulgaria-Turkey is a land
// crossing, Sweden-Denmark and Spain-Morocco are not; Dublin only by
// convoy; Switzerland never.
func TestNote28Straits(t *testing.T) {
	s := table(t)
	place(s, RU, "bulgaria", 1, 0, 0)
	place(s, RU, "sweden", 1, 0, 0)
	ns := maneuver(t, s, RU)
	if !slices.Contains(routeTo(t, ns, RU, "bulgaria"), "turkey") {
		t.Error("Bulgaria -> Turkey not allowed")
	}
	if slices.Contains(routeTo(t, ns, RU, "sweden"), "denmark") {
		t.Error("Sweden -> Denmark without a convoy")
	}
	s = table(t)
	place(s, FR, "spain", 1, 0, 0)
	ns = maneuver(t, s, FR)
	if slices.Contains(routeTo(t, ns, FR, "spain"), "morocco") {
		t.Error("Spain -> Morocco without a convoy")
	}
	for _, r := range s.b.Regions {
		if r.ID == "switzerland" && len(r.Adj) != 0 {
			t.Errorf("Switzerland borders %v", r.Adj)
		}
		if r.ID == "dublin" {
			for _, y := range r.Adj {
				if s.b.Regions[y].IsLand() {
					t.Errorf("Dublin borders the land region %s", s.b.Regions[y].ID)
				}
			}
		}
	}
}
