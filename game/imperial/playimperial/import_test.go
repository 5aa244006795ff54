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
