package handlers

import (
	"strings"
	"sync"
	"testing"
)

// A game page's first view asks the database only what it shows: a
// finished game's state is its snapshot (no moves read to replay), not
// read at all when the game's kept parts say all the page shows, a
// table with a single page of messages is counted from that page, and
// no resigned seat is looked up in a game nobody left.
func TestGamePageStatements(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var stmts []string
	tracing := false
	tb := startTable(t, withNotify(t), func(d *Deps) {
		d.PagesVersion = "test-1"
		d.Store.TraceQueries(func(q string) {
			mu.Lock()
			defer mu.Unlock()
			if tracing {
				stmts = append(stmts, q)
			}
		})
	})
	page := func(seat int) []string {
		tb.e.store.DropCache()
		mu.Lock()
		tracing, stmts = true, nil
		mu.Unlock()
		tb.gamePage(t, seat)
		mu.Lock()
		defer mu.Unlock()
		tracing = false
		return stmts
	}
	count := func(qs []string, part string) int {
		n := 0
		for _, q := range qs {
			if strings.Contains(q, part) {
				n++
			}
		}
		return n
	}
	inPlay := page(0)
	for part, want := range map[string]int{"FROM seat_drops": 0, "COUNT(*) FROM messages": 0, "FROM messages": 1, "FROM seat_clocks": 2} {
		if n := count(inPlay, part); n != want {
			t.Errorf("a game in play's page read %q %d times, want %d:\n%s", part, n, want, strings.Join(inPlay, "\n"))
		}
	}
	tb.playToEnd(t)
	finished := page(1)
	if n := count(finished, "SELECT seq, seat, move, take_back FROM moves"); n != 0 {
		t.Errorf("a finished game's page read its moves to replay %d times:\n%s", n, strings.Join(finished, "\n"))
	}
	// Without its parts kept, a finished game's page reads its state
	// once, in a statement of its own: the game's row leaves it unread
	// (store.CurrentDeferred), as the kept parts say all the page shows.
	if n := count(finished, "game_snapshots"); n != 2 {
		t.Errorf("a finished game's page named its snapshot %d times, want twice (the game's row, and the state's own read):\n%s", n, strings.Join(finished, "\n"))
	}
	if n := count(finished, "SELECT seq, state FROM game_snapshots"); n != 1 {
		t.Errorf("a finished game's page without its parts kept read its snapshot %d times, want once", n)
	}
	// With its parts kept (kept_pages.go), one statement reads them in
	// place of the account's and the last moves': the compressed rows to
	// a browser that takes gzip (kept_zparts.go), the row's HTML to one
	// that does not.
	keepAll(t, tb.e.srv)
	tb.e.srv.DropKept()
	kept := page(1)
	for part, want := range map[string]int{"FROM page_zparts": 1, "FROM page_parts": 0, "FROM game_accounts": 0, "FROM moves": 0, "SELECT seq, state FROM game_snapshots": 0} {
		if n := count(kept, part); n != want {
			t.Errorf("a finished game's page with its parts kept read %q %d times, want %d:\n%s", part, n, want, strings.Join(kept, "\n"))
		}
	}
	tb.players[1].plain = true
	keptPlain := page(1)
	tb.players[1].plain = false
	for part, want := range map[string]int{"FROM page_zparts": 0, "FROM page_parts": 1, "FROM game_accounts": 0, "FROM moves": 0, "SELECT seq, state FROM game_snapshots": 0} {
		if n := count(keptPlain, part); n != want {
			t.Errorf("a finished game's page with its parts kept, to a browser that takes no gzip, read %q %d times, want %d:\n%s", part, n, want, strings.Join(keptPlain, "\n"))
		}
	}
	if len(kept) >= len(finished) {
		t.Errorf("a finished game's page made %d statements with its parts kept, %d without", len(kept), len(finished))
	}
	// The state is not cached (DropCache): a game in play's snapshot
	// comes with the game's row, not in a statement of its own, and every
	// game's seats do.
	if n := count(inPlay, "FROM game_snapshots"); n != 0 {
		t.Errorf("a game in play's page read its snapshot in a statement of its own:\n%s", strings.Join(inPlay, "\n"))
	}
	for name, qs := range map[string][]string{"in play": inPlay, "finished": finished, "kept": kept} {
		if n := count(qs, "SELECT id, game_id, seat, user_id, name, accepted_at FROM seats"); n != 0 {
			t.Errorf("a %s game's page read its seats in a statement of their own:\n%s", name, strings.Join(qs, "\n"))
		}
	}
}
