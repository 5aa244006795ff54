package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/handlers"
	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
)

// TestLoadAgainstTheServer seeds a small club, serves it as `rondel serve`
// does (store, notify, handlers) and drives every page kind and moves over
// HTTP: no request may fail, moves must be accepted and stored once each,
// and afterwards every game must still replay to what is stored.
func TestLoadAgainstTheServer(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "club.db")
	sum, err := seedDB(ctx, db, seedSpec{Games: 24, Active: 12, MovesMax: 30, Seed: 7, Now: time.Now().UTC().Truncate(time.Second)}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != 36 || sum.InPlay < 12 || sum.Finished == 0 || sum.Finished+sum.InPlay != sum.Games {
		t.Fatalf("seeded %+v", sum)
	}
	st, ts := serve(t, db)
	checkDerived(t, st, db)
	before := countMoves(t, db)
	accepted := 0
	for _, page := range pages {
		d := 2 * time.Second
		if page == "moves" {
			d = 3 * time.Second
		}
		if !gametest.Long() { // every page kind still runs, briefly; RONDEL_LONG=1 for the full 15 s
			d /= 8
		}
		res, err := run(ctx, runOpts{URL: ts.URL, Dir: dir, Page: page, Clients: 3, Duration: d, Seed: 1, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		line, _ := json.Marshal(res)
		t.Logf("%s", line)
		if res.Requests == 0 || res.Errors != 0 {
			t.Errorf("%s: %d requests, %d errors %v", page, res.Requests, res.Errors, res.ByStatus)
		}
		if page == "moves" {
			if res.Accepted == 0 {
				t.Errorf("moves: none accepted (%d posts, %d conflicts)", res.Posts, res.Conflicts)
			}
			accepted = res.Accepted
		}
	}
	after := countMoves(t, db)
	if after != before+accepted {
		t.Errorf("the log grew by %d moves, but %d were accepted", after-before, accepted)
	}
	// The jobs run once each without error, and nothing is due yet: no
	// deadline has passed, so the caretaker makes no move.
	var out bytes.Buffer
	if err := runJobs(ctx, []string{"--db", db}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 7 || strings.Contains(out.String(), `"error"`) {
		t.Errorf("jobs printed:\n%s", out.String())
	}
	if n := countMoves(t, db); n != after {
		t.Errorf("the jobs made %d moves in a freshly seeded club", n-after)
	}
	rep, err := st.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 || rep.Unsealed > 0 || rep.Games != sum.Games {
		t.Errorf("verify after the run: %d games, %d unsealed, problems %v", rep.Games, rep.Unsealed, rep.Problems)
	}
}

// checkDerived: notify's state is as if the games had been played
// through the service: a running deadline for exactly the seats that must
// decide, every game's clock, no mail waiting; the schema is the store's.
func checkDerived(t *testing.T, st *store.Store, db string) {
	t.Helper()
	ctx := context.Background()
	pending, err := st.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	open, err := st.OpenDeadlines(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want, got := map[[2]int64]bool{}, map[[2]int64]bool{}
	for _, p := range pending {
		want[[2]int64{p.Game.ID, int64(p.Seat.Seat)}] = true
	}
	for _, d := range open {
		got[[2]int64{d.GameID, int64(d.Seat)}] = true
	}
	if len(want) == 0 || !reflect.DeepEqual(want, got) {
		t.Errorf("open deadlines %v, seats to act %v", got, want)
	}
	for q, what := range map[string]string{
		`SELECT count(*) FROM games g LEFT JOIN game_clocks c ON c.game_id = g.id WHERE c.started_mailed IS NOT 1`: "games without a clock or start mails",
		`SELECT count(*) FROM outbox WHERE status <> 'sent'`:                                                       "mails not delivered",
	} {
		if n := queryInt(t, db, q); n != 0 {
			t.Errorf("%d %s", n, what)
		}
	}
}

// serve starts the service on db the way cmd_serve.go and
// cmd_serve_notify.go build it (local outbox, no cron: the test is short).
func serve(t *testing.T, db string) (*store.Store, *httptest.Server) {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := config.Default()
	st, err := store.Open(db, store.Options{Registry: registry(), CacheBytes: cfg.Cache.StateBytes(), Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.CheckSchema(ctx, false); err != nil {
		t.Fatal(err)
	}
	svc, err := notify.New(ctx, notify.Options{Store: st, Config: cfg, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	h, err := handlers.New(handlers.Deps{Store: st, Config: cfg, Logger: log, Notify: svc})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return st, ts
}

func countMoves(t *testing.T, db string) int { return queryInt(t, db, "SELECT count(*) FROM moves") }

func queryInt(t *testing.T, db, query string) int {
	t.Helper()
	conn, err := sql.Open("sqlite3", store.DSN(db, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow(query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
