package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/pgtest"
)

// ladderRowsOf is a ladder page's rows as "rank name".
func ladderRowsOf(doc *goquery.Document) []string {
	var out []string
	doc.Find("table.ladder tbody tr").Each(func(_ int, r *goquery.Selection) {
		cells := r.Find("td")
		out = append(out, strings.TrimSpace(cells.Eq(0).Text())+" "+strings.TrimSpace(cells.Eq(1).Text()))
	})
	return out
}

// TestLadderPagesByKey: walked by its "lower" links from the top, the
// ladder lists every place once, in the order and with the ranks of the
// whole ladder (ties across a page's end included: every first game gives
// its two players the same two ratings); walked back by "better" links it
// gives the same pages; the reader's place link opens a page with the
// reader on it; a deep page is read from its key with no OFFSET.
func TestLadderPagesByKey(t *testing.T) {
	t.Parallel()
	e := newArchiveEnv(t)
	const games = 105 // 210 places, three pages
	for i := range games {
		finishRated(t, e, uint64(100+i), fmt.Sprintf("p%d@example.org", 2*i), fmt.Sprintf("p%d@example.org", 2*i+1))
	}
	b := e.browser()
	b.signIn("p7@example.org")
	base := "/ladder/" + gametest.ID
	var whole []string
	for page := 1; page <= 3; page++ {
		_, doc := b.get(fmt.Sprintf("%s?page=%d", base, page))
		whole = append(whole, ladderRowsOf(doc)...)
	}
	var walked []string
	var pages [][]string
	path := base
	for path != "" && len(pages) < 5 {
		code, doc := b.get(path)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		rows := ladderRowsOf(doc)
		pages = append(pages, rows)
		walked = append(walked, rows...)
		path, _ = doc.Find(`nav.pager a[rel="next"]`).Attr("href")
		if path != "" && !strings.Contains(path, "after=") {
			t.Errorf("lower link %q carries no key", path)
		}
	}
	if strings.Join(walked, "\n") != strings.Join(whole, "\n") || len(walked) != 2*games {
		t.Fatalf("walked by keys: %d places, want the whole ladder's %d in its order\n%v\n%v", len(walked), len(whole), walked, whole)
	}
	// Back from the last page by the "better" links.
	_, doc := b.get(base)
	for range len(pages) - 1 {
		next, _ := doc.Find(`nav.pager a[rel="next"]`).Attr("href")
		_, doc = b.get(next)
	}
	for i := len(pages) - 1; i > 0; i-- {
		prev, ok := doc.Find(`nav.pager a[rel="prev"]`).Attr("href")
		if !ok || !strings.Contains(prev, "before=") {
			t.Fatalf("page %d: better link %q", i+1, prev)
		}
		_, doc = b.get(prev)
		if got := ladderRowsOf(doc); strings.Join(got, "\n") != strings.Join(pages[i-1], "\n") {
			t.Errorf("back to page %d: %v, want %v", i, got, pages[i-1])
		}
	}
	// The reader's place, from a page without them.
	for _, p := range []string{base, base + "?after=" + strings.SplitN(strings.SplitN(func() string { v, _ := doc.Find(`nav.pager a[rel="next"]`).Attr("href"); return v }(), "after=", 2)[1], "&", 2)[0]} {
		_, d := b.get(p)
		if d.Find("tr.you").Length() == 1 {
			continue
		}
		link, ok := d.Find(`nav.pager a:contains("Your place")`).Attr("href")
		if !ok {
			t.Fatalf("%s: no link to the reader's place", p)
		}
		if _, d = b.get(link); d.Find("tr.you").Length() != 1 {
			t.Errorf("%s: the reader's place link %s shows no row of theirs", p, link)
		}
	}
	for _, q := range []string{"after=x", "before=1~", "from=~3", "after=1~x"} {
		if code, _ := b.get(base + "?" + q); code != http.StatusNotFound {
			t.Errorf("?%s: %d, want 404", q, code)
		}
	}
	// A deep page reads from its key: SQLite searches the ladder's
	// indexes in their order (no sort), and no statement has an OFFSET.
	ctx := context.Background()
	sl, err := e.store.Ratings().LadderPageAt(ctx, gametest.ID, "", nil, store.LadderAfter, 150)
	if err != nil || len(sl.Rows) != 150 {
		t.Fatalf("top 150: %v", err)
	}
	var stmts []string
	e.store.TraceQueries(func(q string) { stmts = append(stmts, q) })
	deep, err := e.store.Ratings().LadderPageAt(ctx, gametest.ID, "", ptr(sl.Rows[149].Key()), store.LadderAfter, 100)
	e.store.TraceQueries(nil)
	if err != nil || len(deep.Rows) != 60 || deep.First != 151 {
		t.Fatalf("after place 150: %d rows from %d (%v), want 60 from 151", len(deep.Rows), deep.First, err)
	}
	if len(stmts) < 3 {
		t.Fatalf("traced %d statements, want the page's and its counts", len(stmts))
	}
	for _, q := range stmts {
		if strings.Contains(strings.ToUpper(q), "OFFSET") {
			t.Errorf("a deep page's statement uses OFFSET: %s", q)
		}
		if pgtest.Enabled() {
			continue // the plans asked of SQLite; PostgreSQL runs the same statements
		}
		plan, err := e.store.QueryPlan(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range plan {
			if strings.HasPrefix(line, "SCAN r") || strings.HasPrefix(line, "SCAN ladder_ratings") {
				t.Errorf("%s\nreads the ladder whole: %v", q, plan)
			}
			if strings.Contains(line, "TEMP B-TREE") {
				t.Errorf("%s\nsorts what it reads instead of reading the ladder's order: %v", q, plan)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }
