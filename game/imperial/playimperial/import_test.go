package playimperial

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/imperial"
)

const init3 = `{"type":"initialize","payload":{"players":[{"id":"ann","nation":{"value":"AH","label":"Nation"}},{"id":"bob","nation":{"value":"IT","label":"Nation"}},{"id":"cy","nation":"FR"}],"soloMode":false,"variant":"standard","baseGame":"imperial"}}`

func importLog(t *testing.T, entries ...string) *Result {
	t.Helper()
	es, err := Parse([]byte("[" + strings.Join(entries, ",") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Import(imperial.New(), es)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// importEntries imports entries into the game they belong to.
func importEntries(t *testing.T, entries []Entry) *Result {
	t.Helper()
	g := imperial.New()
	if GameID(entries) == "imperial2030" {
		g = imperial.New2030()
	}
	res, err := Import(g, entries)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func rondel(nation, slot string) string {
	return `{"type":"rondel","payload":{"nation":{"value":"` + nation + `","label":"Nation"},"cost":0,"slot":"` + slot + `"}}`
}

func TestDealIsReproduced(t *testing.T) {
	res := importLog(t, init3)
	s := res.State.Summarize()
	// 3 players: AH's holder also governs GB, IT's RU, FR's GE (rule book SET-UP 2).
	want := map[string]string{"AH": "ann", "GB": "ann", "IT": "bob", "RU": "bob", "FR": "cy", "GE": "cy"}
	for n, p := range want {
		if g := s.Nations[n].Government; g == nil || *g != p {
			t.Errorf("%s governed by %v, want %s", n, g, p)
		}
	}
	if len(res.Steps) != 1 || !res.Steps[0].Accepted {
		t.Errorf("steps: %+v", res.Steps)
	}
}

func TestIgnoredEntriesChangeNothing(t *testing.T) {
	res := importLog(t, init3, rondel("AH", "production1"), `{"type":"noop"}`, rondel("AH", "import"), `{"type":"bogus","payload":{}}`)
	for _, i := range []int{2, 3, 4} {
		if res.Steps[i].Accepted {
			t.Errorf("entry %d accepted: %s", i, res.Steps[i].Note)
		}
		if !reflect.DeepEqual(res.Steps[i].State, res.Steps[1].State) {
			t.Errorf("entry %d changed the state", i)
		}
	}
	if len(res.Record.Moves) != 1 {
		t.Errorf("%d moves recorded, want 1", len(res.Record.Moves))
	}
}

func TestUndoReturnsToBeforeTheRondelMove(t *testing.T) {
	res := importLog(t, init3, rondel("AH", "production1"), rondel("IT", "production1"), `{"type":"undo","payload":{"player":"bob"}}`)
	if !res.Steps[3].Accepted {
		t.Fatalf("undo refused: %s", res.Steps[3].Note)
	}
	a, _ := json.Marshal(res.Steps[3].State)
	b, _ := json.Marshal(res.Steps[1].State)
	if string(a) != string(b) {
		t.Errorf("state after undo differs from the state before the undone entry")
	}
	if len(res.Record.Moves) != 1 {
		t.Errorf("record keeps %d moves, want 1", len(res.Record.Moves))
	}
}

func TestRecordReplaysToTheImportedState(t *testing.T) {
	tr, entries := loadTrace(t, "europe-p3-safe-site-s00042.json.gz")
	_ = tr
	res, err := Import(imperial.New(), entries)
	if err != nil {
		t.Fatal(err)
	}
	g := imperial.New()
	s, err := g.New(mustSetup(t, res))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Record.Moves {
		next, _, err := s.Apply(m.Seat, m.Move)
		if err != nil {
			t.Fatalf("recorded move %s refused on replay: %v", m.Move, err)
		}
		s = next
	}
	a, _ := s.MarshalJSON()
	b, _ := res.State.MarshalJSON()
	if string(a) != string(b) {
		t.Error("replaying the import's record gives another state")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("[" + init3 + "]"))
	f.Add([]byte(`{"actions":[` + init3 + `,{"type":"rondel","payload":{"nation":null}}]}`))
	f.Add([]byte(`[{"type":"initialize","payload":{"players":[{"id":"a"},{"id":"a"}]}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := Parse(data)
		if err != nil {
			return
		}
		if len(es) > 40 {
			es = es[:40]
		}
		_, _ = Import(imperial.New(), es) // must not panic
	})
}

func mustSetup(t *testing.T, res *Result) game.Setup {
	t.Helper()
	setup, err := res.Record.Setup()
	if err != nil {
		t.Fatal(err)
	}
	return setup
}

// TestInPlaySamplesAcceptEveryEntry: the sample logs of games in play
// (cut after a behaviour) import under the rule book with every entry
// accepted, so they continue here from the site's position.
func TestInPlaySamplesAcceptEveryEntry(t *testing.T) {
	for _, name := range []string{"behaviour-army-convoyed-by-fleet.json.gz", "behaviour-rondel-paid-move-europe.json.gz",
		"behaviour-swiss-bank-forces-investor.json.gz", "behaviour-taxation-2030.json.gz", "behaviour-taxation-success-bonus-europe.json.gz"} {
		_, entries := loadTrace(t, name)
		g := imperial.New()
		if GameID(entries) == "imperial2030" {
			g = imperial.New2030()
		}
		res, err := Choose(g, entries)
		if err != nil {
			t.Fatal(err)
		}
		if res.Ruleset != "" || res.State.Finished() || res.StoppedAt >= 0 {
			t.Errorf("%s: ruleset %q, finished %v, stopped at %d; want a game in play under the rule book", name, res.Ruleset, res.State.Finished(), res.StoppedAt)
		}
		for _, s := range res.Steps {
			if !s.Accepted {
				t.Errorf("%s: entry %d not applied: %s", name, s.Index, s.Note)
			}
		}
	}
}

// TestInPlayImportStopsAtFirstUnplayableEntry: a game in play whose
// replay under the rule book reaches an entry it cannot play (here, a
// bond the investor cannot pay, because the site's interest left him
// richer) stops there with the reason, and the game goes on from the
// position before that entry: no later entry is applied or skipped past.
func TestInPlayImportStopsAtFirstUnplayableEntry(t *testing.T) {
	_, entries := loadTrace(t, "europe-p6-safe-site-s00035.json.gz")
	entries = entries[:300]
	res, err := Choose(imperial.New(), entries)
	if err != nil {
		t.Fatal(err)
	}
	stop := res.StoppedAt
	if stop < 0 || res.Ruleset != "" {
		t.Fatalf("stopped at %d under %q; want a stop under the rule book", stop, res.Ruleset)
	}
	for _, s := range res.Steps[:stop] {
		if !s.Accepted {
			t.Errorf("entry %d before the stop not applied: %s", s.Index, s.Note)
		}
	}
	at := res.Steps[stop]
	// The difference behind it: the site's lying mark made a hostile entry
	// lie at entry 148 (the first departure that changed the position).
	if at.Accepted || !strings.Contains(at.Note, "the import stops here") || !strings.Contains(at.Note, "cannot pay") ||
		!strings.Contains(at.Note, "first differ at entry 148, where the site ignored a hostile entry") {
		t.Errorf("entry %d: %+v", stop, at)
	}
	for _, s := range res.Steps[stop+1:] {
		if s.Accepted || !reflect.DeepEqual(s.State, res.Steps[stop-1].State) {
			t.Errorf("entry %d after the stop applied or changed the position", s.Index)
		}
	}
	if len(res.Steps) != len(entries) {
		t.Errorf("%d steps for %d entries", len(res.Steps), len(entries))
	}
	if res.State.Finished() || len(res.State.Summarize().ToAct) == 0 {
		t.Error("the game does not go on from the position before the stop")
	}
}

// TestStackFightBecomesOneToOneBattles: under the rule book, a fight the
// mover starts against a stack (Italy against Austria-Hungary's armies in
// Vienna, entry 123 of a sample) is imported as the 1:1 battles the mover
// may fight in its maneuver, so Vienna ends as on the site.
func TestStackFightBecomesOneToOneBattles(t *testing.T) {
	tr, entries := loadTrace(t, "europe-p4-safe-site-s00009.json.gz")
	res, err := Import(imperial.New(), entries)
	if err != nil {
		t.Fatal(err)
	}
	if st := res.Steps[123]; !st.Accepted || !strings.Contains(st.Note, "battles of one unit against one") {
		t.Fatalf("entry 123: %+v", st)
	}
	for _, cp := range tr.Checkpoints {
		if cp.Index != 125 {
			continue
		}
		for _, d := range diff(cp.Summary, res.Steps[125].State, false) {
			if strings.Contains(d, "vienna") {
				t.Errorf("after the fight: %s", d)
			}
		}
	}
}

// TestUnaskedQuestionAnsweredAsTheSiteImplies: where Rondel asks a
// question the site did not (here a factory, affordable in Rondel's
// position) and the log moves on to the next rondel move, the import
// answers "nothing", as the site's position implies, and says so.
func TestUnaskedQuestionAnsweredAsTheSiteImplies(t *testing.T) {
	res := importLog(t, init3, rondel("AH", "factory"), rondel("IT", "production1"))
	st := res.Steps[2]
	if !st.Accepted || !strings.Contains(st.Note, `answered "skip_factory", as the site's position implies`) {
		t.Fatalf("entry 2: %+v", st)
	}
	var kinds []string
	for _, m := range res.Record.Moves {
		var mv imperial.Move
		_ = json.Unmarshal(m.Move, &mv)
		kinds = append(kinds, mv.Type)
	}
	if want := []string{"rondel", "skip_factory", "rondel"}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("moves %v, want %v", kinds, want)
	}
}
