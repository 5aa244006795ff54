package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/storetest"
)

// clubWalk is one of the club page's lists to walk by its links: the
// games it lists are made by set (the ith game at the time it is given).
type clubWalk struct {
	list, prefix, start string
	set                 func(t *testing.T, e *env, id int64, at time.Time)
}

var clubWalks = []clubWalk{
	{"finished", "Done", "/club", func(t *testing.T, e *env, id int64, at time.Time) {
		clubExec(t, e, `UPDATE games SET status = 'finished', ending = ?, finished_at = ?, open_seats = 0 WHERE id = ?`, store.EndAgreed, at, id)
	}},
	{"open", "Open", "/club?kind=" + gametest.ID, func(t *testing.T, e *env, id int64, at time.Time) {
		clubExec(t, e, `UPDATE games SET created_at = ? WHERE id = ?`, at, id)
	}},
	{"playing", "Play", "/club?kind=" + gametest.ID, func(t *testing.T, e *env, id int64, at time.Time) {
		clubExec(t, e, `UPDATE games SET status = 'active', open_seats = 0 WHERE id = ?`, id)
		clubExec(t, e, `UPDATE game_summaries SET status = 'active', last_move_at = ? WHERE game_id = ?`, at, id)
	}},
}

func clubExec(t *testing.T, e *env, q string, args ...any) {
	t.Helper()
	if err := e.store.Exec(q, args...); err != nil {
		t.Fatal(err)
	}
}

// TestClubListsPageByKeys: each list's Older links (finished games, games
// with open seats, games in play) walk the whole list by keys, each game
// once and in order, three games of the same moment included; Newer links
// walk it back; an old numbered link (?finished=2) still shows the second
// page and leads on by keys; the kind filter stays in the links.
func TestClubListsPageByKeys(t *testing.T) {
	for _, w := range clubWalks {
		t.Run(w.list, func(t *testing.T) {
			t.Parallel()
			testClubWalk(t, w)
		})
	}
}

func testClubWalk(t *testing.T, w clubWalk) {
	tb := startTable(t)
	e, ctx := tb.e, context.Background()
	ann := tb.players[0]
	annID, _ := e.store.UserByEmail(ctx, "ann@x.org")
	end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	const n = 2*clubPageSize + 3
	for i := range n {
		id := openGame(t, e, fmt.Sprintf("%s %02d", w.prefix, i), annID.ID, 1)
		at := end.Add(time.Duration(i) * time.Hour)
		if i >= clubPageSize-1 && i <= clubPageSize+1 { // a tie across the first page's end
			at = end.Add(time.Duration(clubPageSize-1) * time.Hour)
		}
		w.set(t, e, id, at)
	}
	sel := "section:has(#" + w.list + ") "
	names := func(path string) ([]string, string, string) {
		t.Helper()
		code, doc := ann.get(path)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		var out []string
		doc.Find(sel + "tbody tr td:first-child > a:first-child").Each(func(_ int, c *goquery.Selection) {
			// Only this test's games: the table's own game is in play too.
			if name := strings.TrimSpace(c.Text()); strings.HasPrefix(name, w.prefix+" ") {
				out = append(out, name)
			}
		})
		next, _ := doc.Find(sel + `a[rel="next"]`).Attr("href")
		prev, _ := doc.Find(sel + `a[rel="prev"]`).Attr("href")
		return out, next, prev
	}
	var all []string
	var pages []string
	path := w.start
	for path != "" {
		got, next, _ := names(path)
		all, pages = append(all, got...), append(pages, path)
		path = next
		if len(pages) > 5 {
			t.Fatal("the Older links do not end")
		}
	}
	if len(all) != n || len(pages) != 3 {
		t.Fatalf("%d games on %d pages, want %d on 3: %v", len(all), len(pages), n, all)
	}
	seen := map[string]bool{}
	for _, name := range all {
		if seen[name] {
			t.Errorf("%s listed twice", name)
		}
		seen[name] = true
	}
	for i, name := range all {
		// Newest first; within the tie the newer id first.
		if want := fmt.Sprintf("%s %02d", w.prefix, n-1-i); name != want {
			t.Errorf("place %d: %s, want %s", i, name, want)
		}
	}
	for _, p := range pages[1:] {
		if !strings.Contains(p, w.list+"_after=") || strings.Contains(w.start, "kind=") != strings.Contains(p, "kind="+gametest.ID) {
			t.Errorf("a later page is not read by key or lost the filter: %s", p)
		}
	}
	// Back from the last page by Newer links: the same pages.
	_, _, prev := names(pages[2])
	back, _, prev2 := names(prev)
	first, _, none := names(prev2)
	if strings.Join(back, ",") != strings.Join(all[clubPageSize:2*clubPageSize], ",") ||
		strings.Join(first, ",") != strings.Join(all[:clubPageSize], ",") || none != "" {
		t.Errorf("newer pages: %v / %v, newer link on the first: %q", back, first, none)
	}
	if !strings.Contains(prev, w.list+"_before=") {
		t.Errorf("a newer link is not by key: %s", prev)
	}
	// An old numbered link.
	old, next, _ := names("/club?" + w.list + "=2")
	if strings.Join(old, ",") != strings.Join(all[clubPageSize:2*clubPageSize], ",") || !strings.Contains(next, w.list+"_after=") {
		t.Errorf("?%s=2: %v, next %q", w.list, old, next)
	}
}

// TestClubKeysetSeeks: a page read by key starts in the list's index at
// the key (SQLite's plan searches a range of the list's time), where an
// offset page walks the index from the newest game; the finished games
// with or without the kind filter, the games with open seats and in play.
func TestClubKeysetSeeks(t *testing.T) {
	storetest.SQLiteOnly(t) // asks SQLite's planner
	var mu sync.Mutex
	seen := map[string]string{}
	keyed := []string{"(finished_at, id)", "(created_at, id)", "(sm.last_move_at, sm.game_id)"}
	tb := startTable(t, func(d *Deps) {
		d.Store.TraceQueries(func(q string) {
			mu.Lock()
			defer mu.Unlock()
			for _, k := range keyed {
				if strings.Contains(q, k) {
					seen[shape(q)] = q
				}
			}
		})
	})
	const key = "4102444800000000000.99999"
	for _, q := range []string{"?finished_after=" + key, "?finished_before=1.1", "?kind=" + gametest.ID + "&finished_after=" + key,
		"?open_after=" + key, "?open_before=1.1", "?playing_after=" + key, "?playing_before=1.1"} {
		if code, _ := tb.players[0].get("/club" + q); code != http.StatusOK {
			t.Fatalf("/club%s: %d", q, code)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 7 {
		t.Fatalf("%d keyset statements traced, want 7", len(seen))
	}
	for _, q := range seen {
		plan, err := tb.e.store.QueryPlan(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		p := strings.Join(plan, " | ")
		index := strings.Contains(p, "SEARCH games USING INDEX games_") || strings.Contains(p, "SEARCH sm USING COVERING INDEX game_summaries_playing")
		at := false
		for _, c := range []string{"finished_at", "created_at", "last_move_at"} {
			at = at || strings.Contains(p, c+"<?") || strings.Contains(p, c+">?")
		}
		if !index || !at || strings.Contains(p, "TEMP B-TREE") {
			t.Errorf("a keyset page does not start at its key:\n%s\n    plan: %s", q, p)
		}
	}
}
