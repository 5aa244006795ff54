package notify

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/storetest"
)

// lifecycleOutcome is what a game's lifecycle left in the store.
func lifecycleOutcome(t *testing.T, st *store.Store, ids []int64) string {
	t.Helper()
	ctx := t.Context()
	var out []string
	for _, id := range ids {
		g, err := st.GameRow(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		left, err := st.SeatsLeft(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		res := ""
		if g.Result != nil {
			res = *g.Result
		}
		out = append(out, fmt.Sprintf("%s/%s/rated=%v/left=%v/%s", g.Status, g.Ending, g.Rated, left, res))
	}
	return strings.Join(out, " | ")
}

// playLifecycle cancels a game, resigns a seat and ends a game by
// agreement through the store, as a page or a job does, and returns the
// games' ids.
func playLifecycle(t *testing.T, st *store.Store) []int64 {
	t.Helper()
	ctx := t.Context()
	creator := storetest.Players(3)[0]
	waiting, _, err := st.CreateGame(ctx, store.NewGame{Kind: gametest.ID, Name: "Waits", Seed: 1, Players: storetest.Players(3)})
	if err != nil {
		t.Fatal(err)
	}
	seats, _ := st.Seats(ctx, waiting.ID)
	if err := st.Exec(`UPDATE games SET created_by = ? WHERE id = ?`, seats[0].UserID, waiting.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CancelGame(ctx, waiting.ID, seats[0].UserID); err != nil {
		t.Fatalf("cancel (%s): %v", creator.Email, err)
	}
	resigned := storetest.StartGame(t, st, store.NewGame{Kind: gametest.ID, Name: "Resigned", Seed: 2, Players: storetest.Players(3)}, nil)
	seats, _ = st.Seats(ctx, resigned.ID)
	if _, err := st.Resign(ctx, resigned.ID, seats[1].UserID); err != nil {
		t.Fatal(err)
	}
	agreed := storetest.StartGame(t, st, store.NewGame{Kind: gametest.ID, Name: "Agreed", Seed: 3, Players: storetest.Players(2)}, nil)
	seats, _ = st.Seats(ctx, agreed.ID)
	for i, s := range seats {
		ended, err := st.AgreeToEnd(ctx, agreed.ID, s.UserID, 0)
		if err != nil || ended != (i == len(seats)-1) {
			t.Fatalf("vote %d: ended %v, %v", i, ended, err)
		}
	}
	return []int64{waiting.ID, resigned.ID, agreed.ID}
}

// TestOneLifecycleWithAndWithoutNotify: cancel, resign and the agreed end
// are one store method each. Made on a store without notify and on one
// with it, they leave the same games; with notify each also queues its
// mails (whoever called the store), once per player.
func TestOneLifecycleWithAndWithoutNotify(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	bare := storetest.Open(t, store.Options{Registry: registry(), Now: e.clk.Now})
	with, without := playLifecycle(t, e.st), playLifecycle(t, bare)
	if a, b := lifecycleOutcome(t, e.st, with), lifecycleOutcome(t, bare, without); a != b {
		t.Errorf("with notify:\n%s\nwithout:\n%s", a, b)
	}
	if rows, _ := bare.Outbox().Rows(e.ctx, "", 0); len(rows) != 0 {
		t.Errorf("without notify %d mails were queued", len(rows))
	}
	count := func(kind string) string {
		var to []string
		for _, m := range e.outbox(kind) {
			to = append(to, fmt.Sprintf("%d:%s", m.GameID, m.ToAddr))
		}
		sort.Strings(to)
		return strings.Join(to, " ")
	}
	for kind, want := range map[string]string{
		kindCancelled:      fmt.Sprintf("%[1]d:a@example.org %[1]d:b@example.org %[1]d:c@example.org", with[0]),
		kindResigned + "-": fmt.Sprintf("%[1]d:a@example.org %[1]d:b@example.org %[1]d:c@example.org", with[1]),
		kindEndVote + "-":  fmt.Sprintf("%d:b@example.org", with[2]),
		kindAgreed:         fmt.Sprintf("%[1]d:a@example.org %[1]d:b@example.org", with[2]),
	} {
		if got := count(kind); got != want {
			t.Errorf("%s mails: %s, want %s", kind, got, want)
		}
	}
}
