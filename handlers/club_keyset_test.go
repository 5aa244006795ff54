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

// TestFinishedGamesPageByKeys: the finished games' Older links walk the
// whole list by keys, each game once and in order, three games ending at
// the same moment included; Newer links walk it back; an old ?finished=2
// link still shows the second page and leads on by keys.
func TestFinishedGamesPageByKeys(t *testing.T) {
	tb := startTable(t)
	e, ctx := tb.e, context.Background()
	ann := tb.players[0]
	annID, _ := e.store.UserByEmail(ctx, "ann@x.org")
	end := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	const n = 2*clubPageSize + 3
	for i := range n {
		id := openGame(t, e, fmt.Sprintf("Done %02d", i), annID.ID, 1)
		at := end.Add(time.Duration(i) * time.Hour)
		if i >= clubPageSize-1 && i <= clubPageSize+1 { // a tie across the first page's end
			at = end.Add(time.Duration(clubPageSize-1) * time.Hour)
		}
		if err := e.store.Exec(`UPDATE games SET status = 'finished', ending = ?, finished_at = ? WHERE id = ?`, store.EndAgreed, at, id); err != nil {
			t.Fatal(err)
		}
	}
	names := func(path string) ([]string, string, string) {
		t.Helper()
		code, doc := ann.get(path)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		var out []string
		doc.Find("section:has(#finished) tbody tr td:first-child > a:first-child").Each(func(_ int, c *goquery.Selection) {
			out = append(out, strings.TrimSpace(c.Text()))
		})
		next, _ := doc.Find(`section:has(#finished) a[rel="next"]`).Attr("href")
		prev, _ := doc.Find(`section:has(#finished) a[rel="prev"]`).Attr("href")
		return out, next, prev
	}
	var all []string
	var pages []string
	path := "/club"
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
	if all[0] != fmt.Sprintf("Done %02d", n-1) || all[n-1] != "Done 00" {
		t.Errorf("not newest first: %s ... %s", all[0], all[n-1])
	}
	if !strings.Contains(pages[2], "finished_after=") {
		t.Errorf("the third page is not read by key: %s", pages[2])
	}
	// Back from the last page by Newer links: the same pages.
	_, _, prev := names(pages[2])
	back, _, prev2 := names(prev)
	first, _, none := names(prev2)
	if strings.Join(back, ",") != strings.Join(all[clubPageSize:2*clubPageSize], ",") ||
		strings.Join(first, ",") != strings.Join(all[:clubPageSize], ",") || none != "" {
		t.Errorf("newer pages: %v / %v, newer link on the first: %q", back, first, none)
	}
	// An old numbered link.
	old, next, _ := names("/club?finished=2")
	if strings.Join(old, ",") != strings.Join(all[clubPageSize:2*clubPageSize], ",") || !strings.Contains(next, "finished_after=") {
		t.Errorf("?finished=2: %v, next %q", old, next)
	}
}

// TestFinishedKeysetSeeks: a page read by key starts in the index at the
// key (SQLite's plan searches a range of finished_at), where an offset
// page walks the index from the newest game; with or without the kind
// filter.
func TestFinishedKeysetSeeks(t *testing.T) {
	storetest.SQLiteOnly(t) // asks SQLite's planner
	var mu sync.Mutex
	seen := map[string]string{}
	tb := startTable(t, func(d *Deps) {
		d.Store.TraceQueries(func(q string) {
			mu.Lock()
			defer mu.Unlock()
			if strings.Contains(q, "(finished_at, id)") {
				seen[shape(q)] = q
			}
		})
	})
	const key = "4102444800000000000.99999"
	for _, q := range []string{"?finished_after=" + key, "?finished_before=1.1", "?kind=" + gametest.ID + "&finished_after=" + key} {
		if code, _ := tb.players[0].get("/club" + q); code != http.StatusOK {
			t.Fatalf("/club%s: %d", q, code)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 3 {
		t.Fatalf("%d keyset statements traced, want 3", len(seen))
	}
	for _, q := range seen {
		plan, err := tb.e.store.QueryPlan(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		p := strings.Join(plan, " | ")
		if !strings.Contains(p, "SEARCH games USING INDEX games_") || !(strings.Contains(p, "finished_at<?") || strings.Contains(p, "finished_at>?")) || strings.Contains(p, "TEMP B-TREE") {
			t.Errorf("a keyset page does not start at its key:\n%s\n    plan: %s", q, p)
		}
	}
}
