package playimperial

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"rondel/game/imperial"
)

// siteLog reads a log of testdata/site (README.md there says what each
// holds and how the site's engine ended it).
func siteLog(t *testing.T, name string) []byte {
	t.Helper()
	return testLog(t, "site", name)
}

// importSite imports a log and requires every entry to be accepted, as the
// site accepted every entry.
func importSite(t *testing.T, data []byte) (*Result, []Entry) {
	t.Helper()
	entries, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	res := importEntries(t, entries)
	for _, s := range res.Steps {
		if !s.Accepted {
			t.Errorf("entry %d (%s) refused: %s", s.Index, entries[s.Index].Type, s.Note)
		}
	}
	return res, entries
}

// recorded lists the record's moves as decoded moves with their seats.
func recorded(t *testing.T, res *Result) ([]imperial.Move, []int) {
	t.Helper()
	var moves []imperial.Move
	var seats []int
	for _, m := range res.Record.Moves {
		var mv imperial.Move
		if err := json.Unmarshal(m.Move, &mv); err != nil {
			t.Fatal(err)
		}
		moves, seats = append(moves, mv), append(seats, m.Seat)
	}
	return moves, seats
}

func unitsOf(res *Result, nation, region string) imperial.UnitsSummary {
	return res.State.Summarize().Nations[nation].Units[region]
}

func TestCanalAnswersAreTheOwnersDecisions(t *testing.T) {
	res, _ := importSite(t, siteLog(t, "canal-2030.json"))
	moves, seats := recorded(t, res)
	var got []string
	for i, m := range moves {
		switch m.Type {
		case imperial.MGrantPassage, imperial.MDenyPassage:
			if seats[i] != 0 || m.Nation != "BR" {
				t.Errorf("%s by seat %d for %q, want seat 0 (p1 governs Brazil) for BR", m.Type, seats[i], m.Nation)
			}
			got = append(got, m.Type)
		case imperial.MFleet:
			if m.From == "caribbeansea" {
				got = append(got, "fleet to "+m.To)
			}
		}
	}
	want := []string{"fleet to northpacific", imperial.MGrantPassage, "fleet to northpacific", imperial.MDenyPassage}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("canal moves %v, want %v", got, want)
	}
	if u := unitsOf(res, "US", "northpacific"); u.Fleets != 1 {
		t.Errorf("US fleets in the North Pacific: %d, want 1 (the one let through)", u.Fleets)
	}
	if u := unitsOf(res, "US", "caribbeansea"); u.Fleets != 1 {
		t.Errorf("US fleets in the Caribbean Sea: %d, want 1 (the one refused)", u.Fleets)
	}
}

// TestCanalRefusalTakesBackAnUnaskedMove: Rondel does not ask a government
// for its own permission; the site does, and a refusal there takes the
// fleet's move back.
func TestCanalRefusalTakesBackAnUnaskedMove(t *testing.T) {
	res, entries := importSite(t, siteLog(t, "canal-same-government-2030.json"))
	last := len(entries) - 2 // the blockCanal before the final endManeuver
	if entries[last].Type != "blockCanal" || !strings.Contains(res.Steps[last].Note, "same player governs both") {
		t.Errorf("entry %d (%s): %q", last, entries[last].Type, res.Steps[last].Note)
	}
	moves, _ := recorded(t, res)
	for _, m := range moves {
		if m.Type == imperial.MFleet && m.To == "northpacific" {
			t.Errorf("the refused move stays in the record: %+v", m)
		}
	}
	if u := unitsOf(res, "EU", "caribbeansea"); u.Fleets != 1 {
		t.Errorf("EU fleets in the Caribbean Sea: %d, want 1", u.Fleets)
	}
}

func TestConvoyRouteLeavesTheFleetsTheLogNeeds(t *testing.T) {
	res, _ := importSite(t, siteLog(t, "convoy-choice.json"))
	moves, _ := recorded(t, res)
	for _, m := range moves {
		if m.Type == imperial.MArmy && m.To == "tunis" && !reflect.DeepEqual(m.Via, []string{"ioniansea"}) {
			t.Errorf("the army went to Tunis over %v, leaving no fleet for Algeria", m.Via)
		}
	}
	for _, r := range []string{"tunis", "algeria"} {
		if u := unitsOf(res, "IT", r); u.Armies != 1 {
			t.Errorf("Italian armies in %s: %d, want 1", r, u.Armies)
		}
	}
}

func TestFriendlyEntryLaysDownStandingArmies(t *testing.T) {
	data := siteLog(t, "friendly-lays-down.json")
	res, entries := importSite(t, data)
	if u := unitsOf(res, "AH", "venice"); u.Armies != 2 || u.Hostile != 0 {
		t.Errorf("AH in Venice: %+v, want 2 armies, none standing (as on the site)", u)
	}
	i := len(entries) - 2
	if entries[i].Type != "friendlyEntrance" || !strings.Contains(res.Steps[i].Note, "During the next maneuver turn of the nation") {
		t.Errorf("entry %d note does not give the rule: %q", i, res.Steps[i].Note)
	}
	moves, _ := recorded(t, res)
	if m := moves[len(moves)-1]; m.Type != imperial.MStatus || m.Region != "venice" || m.Hostile {
		t.Errorf("last move %+v, want Austria-Hungary's army in Venice laid down", m)
	}

	// The army standing in Venice leaves later in the same maneuver (to
	// Florence, standing): it keeps its move, and nothing is laid down.
	var list []json.RawMessage
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	list = append(list[:len(list)-1],
		json.RawMessage(`{"type":"maneuver","payload":{"origin":"venice","destination":"florence"}}`),
		json.RawMessage(`{"type":"unfriendlyEntrance","payload":{"incumbent":{"value":"IT","label":"Nation"},"challenger":{"value":"AH","label":"Nation"},"province":"florence"}}`))
	more, _ := json.Marshal(list)
	res, _ = importSite(t, more)
	if u := unitsOf(res, "AH", "venice"); u.Armies != 1 || u.Hostile != 0 {
		t.Errorf("AH in Venice: %+v, want 1 army, lying", u)
	}
	if u := unitsOf(res, "AH", "florence"); u.Armies != 1 || u.Hostile != 1 {
		t.Errorf("AH in Florence: %+v, want 1 army, standing", u)
	}
}

// TestPassingWhileAskedSomethingElse: a skipBondPurchase from a player
// whom Rondel asks another question (here the next nation's rondel move)
// changes nothing and is accepted.
func TestPassingWhileAskedSomethingElse(t *testing.T) {
	res := importLog(t, init3, rondel("AH", "production1"),
		`{"type":"skipBondPurchase","payload":{"player":"bob","nation":null}}`, rondel("IT", "production1"))
	for _, s := range res.Steps {
		if !s.Accepted {
			t.Errorf("entry %d refused: %s", s.Index, s.Note)
		}
	}
	if !reflect.DeepEqual(res.Steps[2].State, res.Steps[1].State) {
		t.Error("passing changed the position")
	}
	if len(res.Record.Moves) != 2 {
		t.Errorf("%d moves recorded, want the two rondel moves", len(res.Record.Moves))
	}
}

// TestRefusalsBlameNoDepartureWithoutItsCause: entries Rondel refuses
// because the position is not the one they answer (here, nobody is on
// Import, investing, maneuvering) say what Rondel refuses and name no
// departure of the site's.
func TestRefusalsBlameNoDepartureWithoutItsCause(t *testing.T) {
	for _, entry := range []string{
		`{"type":"import","payload":{"placements":[{"province":"vienna","type":"army"}]}}`,
		`{"type":"bondPurchase","payload":{"nation":{"value":"IT","label":"Nation"},"player":"bob","cost":9,"tradeInValue":0}}`,
		`{"type":"fight","payload":{"province":"venice","incumbent":{"value":"IT","label":"Nation"},"challenger":{"value":"AH","label":"Nation"},"targetType":"army"}}`,
		`{"type":"maneuver","payload":{"origin":"vienna","destination":"venice"}}`,
	} {
		res := importLog(t, init3, rondel("AH", "production1"), entry)
		s := res.Steps[2]
		if s.Accepted {
			t.Errorf("%s accepted", entry)
		}
		if strings.Contains(s.Note, departs) || s.Note == "" {
			t.Errorf("%s: note %q, want Rondel's reason and no departure", entry, s.Note)
		}
	}
}
