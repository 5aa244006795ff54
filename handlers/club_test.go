package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/notify"
	"rondel/store"
)

// openGame creates a game with only its creator seated and n open seats.
func openGame(t *testing.T, e *env, name string, creator int64, n int) int64 {
	t.Helper()
	u, err := e.store.User(context.Background(), creator)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := e.store.CreateGame(context.Background(), store.NewGame{Kind: gametest.ID, Name: name, Seed: 7,
		Players: []store.NewPlayer{{Name: "Ann", Email: u.Email}}, CreatedBy: creator, OpenSeats: n})
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

func TestClubPage(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	e, ctx := tb.e, context.Background()
	tb.playToEnd(t)
	ann := tb.players[0]
	annID, _ := e.store.UserByEmail(ctx, "ann@x.org")
	for i := range clubPageSize + 2 {
		openGame(t, e, fmt.Sprintf("Open %02d", i), annID.ID, 2)
	}
	cancelled := openGame(t, e, "Called off", annID.ID, 1)
	if _, err := e.store.CancelGame(ctx, cancelled, annID.ID); err != nil {
		t.Fatal(err)
	}
	month := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC).Format("2006-01")

	code, doc := ann.get("/club")
	if code != http.StatusOK {
		t.Fatalf("/club: %d", code)
	}
	open := doc.Find("section:has(#open) tbody tr")
	if open.Length() != clubPageSize || !strings.Contains(open.First().Text(), "Open 26") {
		t.Errorf("open seats list: %d rows, first %q", open.Length(), open.First().Text())
	}
	next, ok := doc.Find(`section:has(#open) a[rel="next"]`).Attr("href")
	if !ok {
		t.Fatal("no next page of open games")
	}
	_, doc2 := ann.get(next)
	if n := doc2.Find("section:has(#open) tbody tr").Length(); n != 2 || doc2.Find(`section:has(#open) a[rel="prev"]`).Length() != 1 {
		t.Errorf("second page: %d rows", n)
	}
	finished := doc.Find("section:has(#finished) tbody tr")
	if finished.Length() != 1 || !strings.Contains(finished.Text(), "Friday") || strings.Contains(doc.Text(), "Called off") {
		t.Errorf("finished list: %s", finished.Text())
	}
	if finished.Find(fmt.Sprintf(`a[href="/games/%d/history"]`, tb.id)).Length() != 1 {
		t.Error("no link to the finished game's record")
	}
	for _, c := range []struct {
		query string
		rows  int
	}{
		{"kind=" + gametest.ID, 1},
		{"player=Bob", 1},
		{"player=BOB@X.ORG", 1},
		{"month=" + month, 1},
		{"month=2026-04", 0},
		{"kind=" + gametest.ID + "&player=cy&month=" + month, 1},
		{"player=nobody", 0},
	} {
		_, doc := ann.get("/club?" + c.query)
		if n := doc.Find("section:has(#finished) tbody tr").Length(); n != c.rows {
			t.Errorf("%s: %d finished games, want %d", c.query, n, c.rows)
		}
	}
	// Hostile input: a page that says what was not understood, never an error.
	for _, q := range []string{"kind=%3Cscript%3Ealert(1)%3C/script%3E", "month=2026-13", "month=99999-01", "month=" + url.QueryEscape("' OR 1=1 --"),
		"player=" + url.QueryEscape(strings.Repeat("x", 5000)), "open=-3", "open=abc", "finished=99999999999", "playing=0"} {
		code, doc := ann.get("/club?" + q)
		if code != http.StatusOK || strings.Contains(doc.Text(), "<script>") {
			t.Errorf("/club?%s: %d", q, code)
		}
		if strings.HasPrefix(q, "month") || strings.HasPrefix(q, "kind") {
			if !strings.Contains(doc.Find(".notice").Text(), "Not understood") {
				t.Errorf("/club?%s: no notice", q)
			}
		}
	}
	// Anyone may watch a game in play, read-only.
	running := openGame(t, e, "Running", annID.ID, 1)
	bobID, _ := e.store.UserByEmail(ctx, "bob@x.org")
	if started, err := e.store.JoinGame(ctx, running, bobID.ID); err != nil || !started {
		t.Fatalf("join: %v %v", started, err)
	}
	dee := e.browser()
	dee.signIn("dee@x.org")
	_, doc = dee.get("/club")
	if doc.Find(fmt.Sprintf(`section:has(#playing) a[href="/games/%d"]`, running)).Length() != 1 {
		t.Errorf("games in play: %s", doc.Find("section:has(#playing)").Text())
	}
	if code, doc := dee.get(fmt.Sprintf("/games/%d", running)); code != http.StatusOK || doc.Find("form.move, form.move-now").Length() != 0 {
		t.Errorf("watching: %d", code)
	}
}

// TestClubQueriesUseIndexes runs the new pages and actions with every
// filter and asks SQLite how it runs each statement (see
// TestHotQueriesUseIndexes): none reads a growing table whole.
func TestClubQueriesUseIndexes(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	seen := map[string]string{}
	var svc *notify.Service
	tb := startTable(t, func(d *Deps) {
		d.Store.TraceQueries(func(q string) {
			mu.Lock()
			defer mu.Unlock()
			seen[shape(q)] = q
		})
	}, func(d *Deps) { svc = wireNotify(t, d) })
	e, ctx := tb.e, context.Background()
	ann, bob := tb.players[0], tb.players[1]
	annID, _ := e.store.UserByEmail(ctx, "ann@x.org")
	open := openGame(t, e, "Open", annID.ID, 1)
	openPath := fmt.Sprintf("/games/%d", open)
	_, doc := bob.get(openPath)
	_, doc = bob.submit(doc, `form[action$="/join"]`, nil) // asks first
	if code, _ := bob.submit(doc, `main form[action$="/join"]`, nil); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	// In play: a proposal to end the game, then a resignation.
	_, doc = bob.get(tb.path)
	if code, _ := bob.submit(doc, `form[action$="/end"]`, nil); code != http.StatusOK {
		t.Fatalf("proposal: %d", code)
	}
	_, doc = bob.get(tb.path + "/resign")
	if code, _ := bob.submit(doc, "main form", nil); code != http.StatusOK {
		t.Fatalf("resign: %d", code)
	}
	if err := svc.Tick(ctx); err != nil { // the caretaker plays Bob's seat when asked
		t.Fatal(err)
	}
	for _, p := range []*browser{ann, tb.players[2]} { // the others agree: the game ends
		_, doc = p.get(tb.path)
		if code, _ := p.submit(doc, `form[action$="/end"]`, nil); code != http.StatusOK {
			t.Fatalf("agreement: %d", code)
		}
	}
	if _, end := gameStatus(t, e, tb.id); end != store.EndAgreed {
		t.Fatalf("the game did not end by agreement: %q", end)
	}
	waiting := idGame(t, ann.newGame("Waiting", trio...))
	wPath := fmt.Sprintf("/games/%d", waiting)
	_, doc = ann.get(wPath)
	ann.submit(doc, `form[action$="/invitations/resend"]`, nil)
	_, doc = ann.get(wPath)
	ann.submit(doc, `form[action$="/invitations/replace"]`, map[string]string{"name": "Dee", "email": "dee@x.org"})
	e.clock.Add(20 * 24 * time.Hour)
	if err := svc.Tick(ctx); err != nil { // the invitations ran out: the creator is told
		t.Fatal(err)
	}
	e.clock.Add(70 * 24 * time.Hour)
	if err := svc.Invitations(ctx); err != nil { // and then the game is closed
		t.Fatal(err)
	}
	if st, end := gameStatus(t, e, waiting); st != store.StatusFinished || end != store.EndExpired {
		t.Errorf("the waiting game: %s %s", st, end)
	}
	ann.signIn("ann@x.org") // the sessions ran out meanwhile
	bob.signIn("bob@x.org")
	doomed := idGame(t, ann.newGame("Doomed", trio...))
	_, doc = ann.get(fmt.Sprintf("/games/%d", doomed))
	ann.submit(doc, `form[action$="/cancel"]`, nil)
	for _, q := range []string{"", "?kind=" + gametest.ID, "?player=ann", "?month=2026-05", "?kind=" + gametest.ID + "&player=ann&month=2026-05",
		"?open=2&playing=2&finished=2", "?player=ann&month=2026-05",
		"?finished_after=4102444800000000000.99999", "?finished_before=1.1", "?kind=" + gametest.ID + "&finished_after=4102444800000000000.99999",
		"?player=ann&finished_before=1.1", "?month=2026-05&finished_after=4102444800000000000.99999"} {
		if code, _ := ann.get("/club" + q); code != http.StatusOK {
			t.Fatalf("/club%s: %d", q, code)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	checkPlans(t, e, seen, 40)
}
