package imperial

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"rondel/game"
)

// labels says the legal moves of seat in English, by their JSON.
func labels(t *testing.T, s *State, seat int) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, lm := range s.LegalMoves(seat) {
		out[string(lm.Move)] = testSpeaker.Say(lm.Label)
	}
	return out
}

func promptOf(s *State) string { return testSpeaker.Say(s.ToAct()[0].Prompt) }

// An import is placed one unit at a time, each paid at once; it ends by
// itself after the third unit, and the result equals the rule book's
// import in one go (the move old records hold, which Apply still takes).
func TestImportUnitByUnit(t *testing.T) {
	s := table(t)
	at(s, AH, "investor")
	start, _ := play(t, s, AH, `{"type":"rondel","slot":"import"}`)
	if got := promptOf(start); got != "Import up to 3 units for Austria-Hungary, one at a time (1M each from its treasury)" {
		t.Errorf("prompt %q", got)
	}
	if got := labels(t, start, AH)[`{"type":"import_unit","region":"trieste","unit":"fleet"}`]; got != "Import a fleet into Trieste (1M)" {
		t.Errorf("label %q", got)
	}
	if got := labels(t, start, AH)[`{"type":"end_import"}`]; got != "Import nothing" {
		t.Errorf("end label %q", got)
	}
	one, ev := play(t, start, AH, `{"type":"import_unit","region":"trieste","unit":"fleet"}`)
	if one.Phase != PhaseImport || one.Imported != 1 || one.Nations[AH].Treasury != 9 || !hasEvent(ev, "Austria-Hungary imported a fleet into Trieste for 1M") {
		t.Fatalf("after one unit: phase %s, imported %d, treasury %d:%s", one.Phase, one.Imported, one.Nations[AH].Treasury, eventTexts(ev))
	}
	if got := promptOf(one); got != "Import up to 2 more units for Austria-Hungary, or stop" {
		t.Errorf("prompt %q", got)
	}
	if got := labels(t, one, AH)[`{"type":"end_import"}`]; got != "Import nothing more" {
		t.Errorf("end label %q", got)
	}
	if rule := refuse(t, one, AH, `{"type":"import","units":[{"region":"vienna","unit":"army"}]}`); rule != "import" {
		t.Errorf("a whole import after the first unit: rule %q", rule)
	}
	two, _ := play(t, one, AH, `{"type":"import_unit","region":"trieste","unit":"fleet"}`)
	three, _ := play(t, two, AH, `{"type":"import_unit","region":"trieste","unit":"army"}`)
	if three.Phase == PhaseImport || three.Imported != 0 {
		t.Fatalf("the import did not end after 3 units: phase %s, imported %d", three.Phase, three.Imported)
	}
	whole, _ := play(t, start, AH, `{"type":"import","units":[{"region":"trieste","unit":"fleet"},{"region":"trieste","unit":"fleet"},{"region":"trieste","unit":"army"}]}`)
	whole.Moves = three.Moves
	if !bytes.Equal(stateJSON(t, whole), stateJSON(t, three)) {
		t.Errorf("unit by unit and in one go differ:\n%s\n%s", stateJSON(t, three), stateJSON(t, whole))
	}
	stop, ev := play(t, one, AH, `{"type":"end_import"}`)
	if stop.Phase == PhaseImport || stop.Nations[AH].Treasury != 9 || !hasEvent(ev, "imports nothing more") {
		t.Errorf("stopping after one unit: phase %s, treasury %d:%s", stop.Phase, stop.Nations[AH].Treasury, eventTexts(ev))
	}
}

// A treasury of 2M ends the import after 2 units, and the prompt says so
// from the start.
func TestImportEndsWhenTheTreasuryIsEmpty(t *testing.T) {
	s := table(t)
	s.Nations[AH].Treasury = 2
	at(s, AH, "investor")
	start, _ := play(t, s, AH, `{"type":"rondel","slot":"import"}`)
	if got := promptOf(start); !strings.Contains(got, "up to 2 units") {
		t.Errorf("prompt %q", got)
	}
	one, _ := play(t, start, AH, `{"type":"import_unit","region":"vienna","unit":"army"}`)
	if got := promptOf(one); !strings.Contains(got, "up to 1 more unit for") {
		t.Errorf("prompt %q", got)
	}
	two, _ := play(t, one, AH, `{"type":"import_unit","region":"vienna","unit":"army"}`)
	if two.Phase == PhaseImport || two.Nations[AH].Treasury != 0 || units(two, AH, "vienna").Armies != 2 {
		t.Errorf("phase %s, treasury %d, Vienna %+v", two.Phase, two.Nations[AH].Treasury, units(two, AH, "vienna"))
	}
}

// Rondel labels name the space in words and say how far ahead it lies and
// what it costs; the two Production spaces are told apart.
func TestRondelLabelsSayWhichSpace(t *testing.T) {
	s := table(t)
	first := labels(t, s, AH)
	if got := first[`{"type":"rondel","slot":"production1"}`]; got != "Start on Production (between Factory and Maneuver)" {
		t.Errorf("first placement on production1: %q", got)
	}
	if got := first[`{"type":"rondel","slot":"production2"}`]; got != "Start on Production (between Import and Maneuver)" {
		t.Errorf("first placement on production2: %q", got)
	}
	at(s, AH, "investor")
	later := labels(t, s, AH)
	for move, want := range map[string]string{
		`{"type":"rondel","slot":"production2"}`: "Production, 2 spaces ahead",
		`{"type":"rondel","slot":"taxation"}`:    "Taxation, 4 spaces ahead, costs you 2M",
		`{"type":"rondel","slot":"production1"}`: "Production, 6 spaces ahead, costs you 6M",
	} {
		if later[move] != want {
			t.Errorf("%s: %q, want %q", move, later[move], want)
		}
	}
	at(s, AH, "maneuver1")
	if got := labels(t, s, AH)[`{"type":"rondel","slot":"import"}`]; got != "Import, 2 spaces ahead, passes Investor" {
		t.Errorf("passing Investor: %q", got)
	}
}

// Bond labels give value and interest and what the purchase does to the
// nation's government, by the end-of-turn rule: a strictly higher credit
// sum takes the government over.
func TestBondLabelsSayWhatHappensToTheGovernment(t *testing.T) {
	s := table(t) // seat i governs nation i with its 9M bond
	s.Players[1].Cash = 30
	at(s, AH, "production1")
	inv, _ := play(t, s, AH, `{"type":"rondel","slot":"investor"}`)
	if inv.Phase != PhaseInvest || inv.Investors[0] != 1 {
		t.Fatalf("phase %s, investors %v", inv.Phase, inv.Investors)
	}
	got := labels(t, inv, 1)
	for move, want := range map[string]string{
		`{"type":"bond","nation":"IT","cost":2}`:  "Buy Italy's 2M bond (interest 1M): you stay Italy's government",
		`{"type":"bond","nation":"GE","cost":6}`:  "Buy German Empire's 6M bond (interest 3M): German Empire's government stays with p4",
		`{"type":"bond","nation":"GE","cost":12}`: "Buy German Empire's 12M bond (interest 5M): you become German Empire's government",
	} {
		if got[move] != want {
			t.Errorf("%s: %q, want %q", move, got[move], want)
		}
	}
	for move, l := range got {
		if strings.Contains(move, `"cost":9`) && !strings.Contains(l, "9M bond (interest 4M)") {
			t.Errorf("%s: %q does not give value and interest", move, l)
		}
	}
}

// "End the maneuver" is always offered, alone in its own group.
func TestEndManeuverHasItsOwnGroup(t *testing.T) {
	s := table(t)
	place(s, GE, "berlin", 2, 0, 0)
	place(s, GE, "northsea", 0, 0, 1)
	ns := maneuver(t, s, GE)
	var end []game.LegalMove
	groups := map[string]int{}
	for _, lm := range ns.LegalMoves(GE) {
		groups[lm.Group.Key()]++
		if lm.Group.ID == "imperial.group.end_maneuver" {
			end = append(end, lm)
		}
	}
	if len(end) != 1 || string(end[0].Move) != `{"type":"end_maneuver"}` || testSpeaker.Say(end[0].Label) != "End the maneuver" {
		t.Fatalf("end of the maneuver: %+v", end)
	}
	if len(groups) < 3 {
		t.Errorf("groups %v: want fleet, army and end", groups)
	}
}

// An army with fleets in every sea may go nearly anywhere: its moves are
// split into groups of at most 40 (by land, by convoy, then in parts),
// and none is lost.
func TestLargeArmyGroupsAreSplit(t *testing.T) {
	s := table(t)
	place(s, GB, "london", 1, 0, 0)
	for _, sea := range []string{"northatlantic", "northsea", "englishchannel", "bayofbiscay", "balticsea",
		"westernmediterraneansea", "ioniansea", "easternmediterraneansea", "blacksea"} {
		place(s, GB, sea, 0, 0, 1)
	}
	ns := maneuver(t, s, GB)
	sizes := map[string]int{}
	armyMoves := 0
	for _, lm := range ns.LegalMoves(GB) {
		m, err := decodeMove(lm.Move)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == MArmy {
			armyMoves++
			sizes[testSpeaker.Say(lm.Group)]++
		}
	}
	if want := ns.armyMoveCount(ns.armyRoutes(rid(ns, "london"))) - 2; armyMoves != want || armyMoves <= maxGroup {
		t.Fatalf("%d army moves, want %d and more than %d: the position does not test the split", armyMoves, want, maxGroup)
	}
	names := slices.Sorted(maps.Keys(sizes))
	for _, g := range names {
		if sizes[g] > maxGroup {
			t.Errorf("group %q has %d moves", g, sizes[g])
		}
	}
	if !slices.ContainsFunc(names, func(g string) bool { return strings.HasSuffix(g, "by convoy") || strings.Contains(g, "by convoy (") }) {
		t.Errorf("no convoy group among %v", names)
	}
	t.Logf("%d army moves in groups %v", armyMoves, sizes)
}
