package handlers

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"rondel/notify"
	"rondel/store"
	"rondel/store/storetest"
)

// growing are the tables whose rows grow with the club's games, moves,
// members or mails: reading any of them whole is a defect.
var growing = map[string]bool{
	"moves": true, "games": true, "seats": true, "users": true, "game_summaries": true, "game_waits": true,
	"game_snapshots": true, "rating_changes": true, "ladder_ratings": true, "reliability": true, "deadlines": true,
	"outbox": true, "seat_clocks": true, "game_clocks": true, "standing_orders": true, "invitations": true,
	"sessions": true, "login_tokens": true, "local_mail": true, "absences": true, "unsubscribes": true,
	"notify_prefs": true, "final_states": true, "seat_drops": true, "game_imports": true, "end_votes": true,
	"move_progress": true,
}

var (
	literal    = regexp.MustCompile(`'(?:[^']|'')*'|\b\d+(?:\.\d+)?\b`)
	tableRef   = regexp.MustCompile("(?i)\\b(?:FROM|JOIN|UPDATE|INTO)\\s+[`\"]?(\\w+)[`\"]?(?:\\s+(?:AS\\s+)?[`\"]?(\\w+)[`\"]?)?")
	scan       = regexp.MustCompile(`^SCAN (\w+)`)
	usingIndex = regexp.MustCompile(`USING (?:COVERING )?INDEX (\w+)`)
	partialDef = regexp.MustCompile(`(?i)CREATE (?:UNIQUE )?INDEX (\w+) ON [^;]* WHERE [^;]*;`)
	bounded    = regexp.MustCompile(`(?i)\bLIMIT \d+\s*$`)
)

// shape is a statement with its values taken out, so each query is
// checked once however often it ran.
func shape(q string) string { return literal.ReplaceAllString(q, "?") }

// tablesOf maps the names and aliases a statement uses to its tables.
func tablesOf(q string) map[string]string {
	out := map[string]string{}
	for _, m := range tableRef.FindAllStringSubmatch(q, -1) {
		out[m[1]] = m[1]
		switch strings.ToUpper(m[2]) {
		case "", "WHERE", "JOIN", "LEFT", "INNER", "ON", "ORDER", "GROUP", "LIMIT", "UNION", "SET", "USING", "VALUES", "SELECT", "DEFAULT":
		default:
			out[m[2]] = m[1]
		}
	}
	return out
}

// TestHotQueriesUseIndexes runs a club's day through the web pages and
// notify's jobs (moves, game pages, the dashboard, the history, the
// ladders, a rated game's end, reminders, timeouts, standing orders,
// digests, an abandoned game), records every statement the store runs,
// and asks SQLite how it would run each: none may read a table that
// grows with the club whole (EXPLAIN QUERY PLAN "SCAN t").
func TestHotQueriesUseIndexes(t *testing.T) {
	t.Parallel()
	storetest.SQLiteOnly(t) // asks SQLite's planner
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
	ctx := context.Background()
	e := tb.e
	if err := e.store.Exec(`UPDATE games SET rated = TRUE WHERE id = ?`, tb.id); err != nil {
		t.Fatal(err)
	}
	if err := e.store.Exec(`UPDATE users SET notify = 'daily' WHERE email = ?`, trio[2][1]); err != nil {
		t.Fatal(err)
	}
	if err := e.store.AddStandingOrder(ctx, store.StandingOrder{GameID: tb.id, Seat: 1, Order: "only-move"}); err != nil {
		t.Fatal(err)
	}
	idle := idGame(t, tb.players[0].newGame("Idle", trio...))
	for _, p := range trio[1:] {
		u, err := e.store.UserByEmail(ctx, p[1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.AcceptSeat(ctx, idle, u.ID); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; ; i++ {
		pos, err := e.store.Current(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			break
		}
		if i == 3 { // the seat to act lets its deadline pass
			e.clock.Add(80 * time.Hour)
			if err := svc.Tick(ctx); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := pos.State.ToAct()[0].Seat
		b := tb.players[seat]
		for _, p := range []string{"/", tb.path + "/history", tb.path + "/history?at=1", tb.path + "/board.svg"} {
			if code, _ := b.get(p); code != http.StatusOK {
				t.Fatalf("%s: %d", p, code)
			}
		}
		seq, csrf, _ := tb.formFor(t, seat)
		first := string(pos.State.LegalMoves(seat)[0].Move) // as a button or a choice of the form sends it
		if code, doc := b.post(tb.path+"/move", url.Values{"seq": {seq}, "csrf": {csrf}, "move": {first}}); code != http.StatusOK {
			t.Fatalf("move: %d %s", code, text(doc))
		}
		e.clock.Add(30 * time.Hour) // reminders fall due
		if err := svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		e.store.DropCache() // the next page loads from the snapshot
	}
	for _, p := range []string{"/ladder/takeaway", "/players/1", tb.path, "/"} {
		if code, _ := tb.players[0].get(p); code != http.StatusOK {
			t.Fatalf("%s: %d", p, code)
		}
	}
	e.clock.Add(90 * 24 * time.Hour) // the idle game is abandoned
	if err := svc.Abandoned(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := e.store.GameRow(ctx, idle); g.Status != store.StatusFinished {
		t.Fatalf("the idle game is %s", g.Status)
	}

	mu.Lock()
	defer mu.Unlock()
	checkPlans(t, e, seen, 60)
}

// checkPlans asks SQLite how it would run each traced statement: none
// may read a table that grows with the club whole; at least min must
// have been traced.
func checkPlans(t *testing.T, e *env, seen map[string]string, min int) {
	t.Helper()
	ctx := context.Background()
	partial := partialIndexes(t)
	var bad []string
	for _, q := range seen {
		plan, err := e.store.QueryPlan(ctx, q)
		if err != nil {
			continue // not a statement EXPLAIN takes (BEGIN, PRAGMA, ...)
		}
		if bounded.MatchString(q) && !strings.Contains(strings.ToUpper(q), " WHERE ") && !strings.Contains(strings.Join(plan, " "), "TEMP B-TREE") {
			continue // the newest rows, read in order up to the limit
		}
		tables := tablesOf(q)
		for _, line := range plan {
			m := scan.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			if idx := usingIndex.FindStringSubmatch(line); idx != nil && partial[idx[1]] {
				continue // a partial index holds only the rows asked for
			}
			if table := tables[m[1]]; growing[table] {
				bad = append(bad, fmt.Sprintf("%s\n    plan: %s", q, strings.Join(plan, " | ")))
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("%d of %d statements read a growing table whole:\n%s", len(bad), len(seen), strings.Join(bad, "\n"))
	}
	if len(seen) < min {
		t.Errorf("only %d statements traced: the scenario did not run", len(seen))
	}
}

// partialIndexes are the indexes the migrations create with a WHERE:
// scanning one reads only the rows it was made for.
func partialIndexes(t *testing.T) map[string]bool {
	files, err := filepath.Glob("../store/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations: %v", err)
	}
	out := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range partialDef.FindAllStringSubmatch(string(data), -1) {
			out[m[1]] = true
		}
	}
	return out
}

func idGame(t *testing.T, path string) int64 {
	var id int64
	if _, err := fmt.Sscanf(path, "/games/%d", &id); err != nil {
		t.Fatal(err)
	}
	return id
}
