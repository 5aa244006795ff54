package handlers

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"rondel/store"
)

// rawPage is the bytes of the page at path as b sees it, nothing kept in
// memory before it (a first view, as most are at a large club).
func rawPage(t *testing.T, b *browser, path string) string {
	t.Helper()
	b.e.srv.DropKept()
	b.e.store.DropCache()
	code, body := b.raw(path)
	if code != http.StatusOK {
		t.Fatalf("%s: %d", path, code)
	}
	return string(body)
}

// keptView is a game page as one browser sees it, read before its parts
// are kept.
type keptView struct {
	b          *browser
	path, page string
}

// gameViews is a game's page and its history at its last move, as b
// sees them (both show the board kept with the game's page parts).
func gameViews(b *browser, game int64) []keptView {
	path := fmt.Sprintf("/games/%d", game)
	return []keptView{{b: b, path: path}, {b: b, path: path + "/history"}}
}

// readViews reads each view's page as it is now (a first view).
func readViews(t *testing.T, views []keptView) {
	t.Helper()
	for i := range views {
		views[i].page = rawPage(t, views[i].b, views[i].path)
	}
}

// sameViews fails for each view whose page (a first view) is not, byte
// for byte, what readViews read: read as a browser that takes gzip (the
// game page comes as gzip, made of its compressed parts) and as one that
// takes none.
func sameViews(t *testing.T, views []keptView) {
	t.Helper()
	for _, plain := range []bool{false, true} {
		for _, v := range views {
			v.b.plain = plain
			got := rawPage(t, v.b, v.path)
			v.b.plain = false
			if got != v.page {
				t.Errorf("%s (plain %v) differs with its parts kept:\n%s", v.path, plain, firstDifference(v.page, got))
			}
			if game := !strings.HasSuffix(v.path, "/history"); v.b.zipped != (game && !plain) {
				t.Errorf("%s (plain %v): came as gzip %v", v.path, plain, v.b.zipped)
			}
		}
	}
}

// keepAll runs the keeper until no game is due, and says how many games
// it made the parts of (a keeper that never runs out of games fails).
func keepAll(t *testing.T, s *Server) int {
	t.Helper()
	total := 0
	for range 100 {
		n, err := s.KeepPages(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return total
		}
		total += n
	}
	t.Fatalf("the keeper is still busy after %d games", total)
	return total
}

// TestFinishedPagesKeptAsMade: the keeper makes a finished game's parts
// in each of its players' languages, and every seat's page and a
// spectator's read them back byte for byte as the page made them before,
// for each kind of game; the page does read the row (a changed row
// shows), and a row of another build, with other names, or with a
// broken seat's change is passed over for the parts made anew; made
// again, the game keeps no other build's rows.
func TestFinishedPagesKeptAsMade(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1" })
	ctx := context.Background()
	var views []keptView
	var games []*store.Game
	for i, name := range []string{"imperial-standard-4p-v2", "imperial2030-standard-5p-v2", "caesars-imperium-large-side-5p"} {
		prefix := fmt.Sprintf("k%d-", i)
		g, rec := importGolden(t, e, name, prefix)
		games = append(games, g)
		for seat := range rec.Players {
			b := e.browser()
			b.signIn(fmt.Sprintf("%s%d@example.org", prefix, seat))
			views = append(views, gameViews(b, g.ID)...)
		}
		// The second player reads German: the game is kept in both.
		if err := e.store.Exec(`UPDATE users SET language = 'de' WHERE email = ?`, prefix+"1@example.org"); err != nil {
			t.Fatal(err)
		}
		spectator := e.browser()
		spectator.signIn(fmt.Sprintf("watcher%d@example.org", i))
		views = append(views, gameViews(spectator, g.ID)...)
	}
	readViews(t, views)
	if n := keepAll(t, e.srv); n != len(games) {
		t.Fatalf("the keeper did %d games, want %d", n, len(games))
	}
	for _, g := range games {
		for _, lang := range []string{"en", "de"} {
			if _, ok, err := e.store.PagePartsOf(ctx, g.ID, "test-1", lang); err != nil || !ok {
				t.Fatalf("game %d has no parts in %s: %v", g.ID, lang, err)
			}
		}
	}
	sameViews(t, views)

	g, v := games[0], views[0]
	// The history page at the last move reads the kept board (a spectator's
	// is the row's board itself).
	spectator := views[len(views)-1]
	if err := e.store.Exec(`UPDATE page_parts SET board = '<svg id="kept-board"></svg>' WHERE game_id = ?`, games[len(games)-1].ID); err != nil {
		t.Fatal(err)
	}
	if page := rawPage(t, spectator.b, spectator.path); !strings.HasSuffix(spectator.path, "/history") || !strings.Contains(page, `<svg id="kept-board">`) {
		t.Errorf("%s does not show the kept board", spectator.path)
	}
	zippedParts(t, e, g.ID, v, true)
	v.b.plain = true // the row's HTML: what a browser that takes no gzip reads
	defer func() { v.b.plain = false }()
	marked := `<p id="kept-marker">kept</p>`
	for _, c := range []struct {
		change string
		shows  bool
	}{
		{`UPDATE page_parts SET overview = '` + marked + `' WHERE game_id = ?`, true},
		{`UPDATE page_parts SET names = names + 1 WHERE game_id = ?`, false},
		{`UPDATE page_parts SET names = names - 1, seats = 'x 1 2' WHERE game_id = ?`, false},
		{`UPDATE page_parts SET version = 'test-0' WHERE game_id = ?`, false},
	} {
		if err := e.store.Exec(c.change, g.ID); err != nil {
			t.Fatal(err)
		}
		page := rawPage(t, v.b, v.path)
		if shows := strings.Contains(page, marked); shows != c.shows {
			t.Errorf("after %s: the row's overview shown %v, want %v", c.change, shows, c.shows)
		}
		if !c.shows && page != v.page {
			t.Errorf("after %s: the page made anew differs:\n%s", c.change, firstDifference(v.page, page))
		}
	}
	if n := keepAll(t, e.srv); n != 1 {
		t.Errorf("after the build's row went: the keeper did %d games, want 1", n)
	}
	// Made again, the game's rows of the other build went with it.
	if _, ok, _ := e.store.PagePartsOf(ctx, g.ID, "test-0", "de"); ok {
		t.Error("the other build's row outlived the game made again")
	}
	if n, err := e.srv.DropOldPages(ctx, 100); err != nil || n != 0 {
		t.Errorf("dropped %d rows of other builds (%v), want none left", n, err)
	}
	keptSeatParts(t, e, g.ID, v)
}

// keptSeatParts holds a finished game's page to its row's seat parts:
// the viewer's strip and result are the row's, and a row with none (made
// before they were kept) or with seat parts it cannot read gives the
// page made from the game's state, byte for byte.
func keptSeatParts(t *testing.T, e *env, game int64, v keptView) {
	t.Helper()
	strip, result := `<p id="kept-strip">strip</p>`, `<p id="kept-result">result</p>`
	marked := fmt.Sprintf("0 0\n%d %d\n%s%s", len(strip), len(result), strip, result) // no seat, then seat 0
	for _, c := range []struct {
		parts string
		shows bool
	}{
		{marked, true},
		{"", false},
		{"0 0\n99 1\nshort", false},
		{"0 0\n-1 0\n", false},
		{"0 0", false},
		{"0 0\n", false},
	} {
		if err := e.store.Exec(`UPDATE page_parts SET seat_parts = ? WHERE game_id = ?`, c.parts, game); err != nil {
			t.Fatal(err)
		}
		e.srv.DropKept()
		page := rawPage(t, v.b, v.path)
		if shows := strings.Contains(page, strip) && strings.Contains(page, result); shows != c.shows {
			t.Errorf("seat parts %q: the row's strip and result shown %v, want %v", c.parts, shows, c.shows)
		}
		if !c.shows && page != v.page {
			t.Errorf("seat parts %q: the page made from the state differs:\n%s", c.parts, firstDifference(v.page, page))
		}
	}
}

// firstDifference shows where two pages part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	cut := func(s string) string { return s[max(0, i-80):min(len(s), i+120)] }
	return fmt.Sprintf("at byte %d:\n- %q\n+ %q", i, cut(a), cut(b))
}

// TestKeeperMarksGamesWithNoParts: a game that ended before it started
// (cancelled) has nothing to draw: the keeper marks it done, once.
func TestKeeperMarksGamesWithNoParts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(d *Deps) { d.PagesVersion = "test-1" })
	b := e.browser()
	b.signIn("host@example.org")
	path := b.newGame("Never played", [2]string{"Host", "host@example.org"}, [2]string{"Other", "other@example.org"})
	var id int64
	fmt.Sscanf(path, "/games/%d", &id)
	g, err := e.store.GameRow(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.CancelGame(context.Background(), id, *g.CreatedBy); err != nil {
		t.Fatal(err)
	}
	if n := keepAll(t, e.srv); n != 1 {
		t.Fatalf("the keeper did %d games, want the cancelled one", n)
	}
	if n := keepAll(t, e.srv); n != 0 {
		t.Errorf("the cancelled game is due again: %d", n)
	}
}

// TestSeatChangesMakeEachBoard: every board is made back from the base
// and the changes, whatever they share with it.
func TestSeatChangesMakeEachBoard(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alphabet := rapid.SampledFrom([]rune("ab<>\n 0123"))
		str := func(name string) string {
			return string(rapid.SliceOfN(alphabet, 0, 40).Draw(t, name))
		}
		base := str("base")
		boards := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
			p := rapid.IntRange(0, len(base)).Draw(t, "p")
			q := rapid.IntRange(0, len(base)-p).Draw(t, "q")
			return base[:p] + str("mid") + base[len(base)-q:]
		}), 0, 6).Draw(t, "boards")
		var b strings.Builder
		for _, board := range boards {
			seatChange(&b, base, board)
		}
		for seat, want := range boards {
			if got, ok := applySeatChange(base, b.String(), seat); !ok || got != want {
				t.Fatalf("seat %d: %q, %v; want %q", seat, got, ok, want)
			}
		}
		if _, ok := applySeatChange(base, b.String(), len(boards)); ok {
			t.Fatalf("a seat past the last has a board")
		}
	})
}

// FuzzApplySeatChange: changes read from the database never make a page
// panic, and a board made from them is no longer than they allow.
func FuzzApplySeatChange(f *testing.F) {
	f.Add("<svg>board</svg>", "5 6 3\nXYZ0 0 0\n", 1)
	f.Add("abc", "9 9 9\n", 0)
	f.Add("abc", "-1 2 0\n", 0)
	f.Fuzz(func(t *testing.T, base, changes string, seat int) {
		got, ok := applySeatChange(base, changes, seat)
		if ok && len(got) > len(base)+len(changes) {
			t.Fatalf("a board of %d bytes from %d and %d", len(got), len(base), len(changes))
		}
	})
}

// TestSeatPartsReadBackAsWritten: each viewer's strip and result read
// back as written, whatever they hold, and no viewer past the last has
// any.
func TestSeatPartsReadBackAsWritten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringMatching(`[a-z 0-9\n<>ü]{0,30}`)
		n := rapid.IntRange(0, 6).Draw(t, "seats")
		var b strings.Builder
		var strips, results []string
		for range n + 1 { // no seat, then each seat
			st, res := text.Draw(t, "strip"), text.Draw(t, "result")
			strips, results = append(strips, st), append(results, res)
			writeSeatParts(&b, template.HTML(st), template.HTML(res))
		}
		for viewer := -1; viewer < n; viewer++ {
			st, res, ok := seatPartsOf(b.String(), viewer)
			if !ok || st != strips[viewer+1] || res != results[viewer+1] {
				t.Fatalf("viewer %d: %q, %q, %v; want %q, %q", viewer, st, res, ok, strips[viewer+1], results[viewer+1])
			}
		}
		if _, _, ok := seatPartsOf(b.String(), n); ok {
			t.Fatalf("a seat past the last has seat parts")
		}
	})
}

// FuzzSeatPartsOf: seat parts read from the database never make a page
// panic, and what they give is no longer than they are.
func FuzzSeatPartsOf(f *testing.F) {
	f.Add("0 0\n3 2\nabcde", 0)
	f.Add("9 9\n", -1)
	f.Add("1 -1\nx", -1)
	f.Fuzz(func(t *testing.T, parts string, viewer int) {
		st, res, ok := seatPartsOf(parts, viewer)
		if ok && len(st)+len(res) > len(parts) {
			t.Fatalf("%d bytes from %d", len(st)+len(res), len(parts))
		}
	})
}

// TestMoveViewsReadBackAsWritten: the last moves read back as written,
// whatever their words hold.
func TestMoveViewsReadBackAsWritten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.StringMatching(`[a-z 0-9\n<>ü]{0,12}`)
		ms := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) moveView {
			m := moveView{Seq: rapid.IntRange(0, 1<<20).Draw(t, "seq"), Who: text.Draw(t, "who"), By: text.Draw(t, "by"),
				At:        time.Unix(0, rapid.Int64Range(0, 1<<62).Draw(t, "at")).UTC(),
				Cancelled: rapid.Bool().Draw(t, "cancelled"), TakeBack: rapid.Bool().Draw(t, "takeback")}
			if n := rapid.IntRange(0, 3).Draw(t, "events"); n > 0 {
				m.Events = rapid.SliceOfN(text, n, n).Draw(t, "evs")
			}
			return m
		}), 0, 6).Draw(t, "moves")
		got, ok := decodeMoveViews(encodeMoveViews(ms))
		// Nothing and an empty list are the same to a page.
		if !ok || !cmp.Equal(got, ms, cmpopts.EquateEmpty()) {
			t.Fatalf("read back %#v, %v; wrote %#v", got, ok, ms)
		}
	})
}

// FuzzDecodeMoveViews: moves read from the database never make a page
// panic.
func FuzzDecodeMoveViews(f *testing.F) {
	f.Add(encodeMoveViews([]moveView{{Seq: 3, Who: "Ann", Events: []string{"a", "b"}}}))
	f.Add("1 2 3 99999999\n")
	f.Add("1 2 0 0\n5\nab")
	f.Fuzz(func(t *testing.T, s string) {
		decodeMoveViews(s)
	})
}

// TestKeeperMarksGamesItCannotMake: a finished game whose parts cannot
// be made (its stored account does not read) is marked done, not made
// again and again ahead of every other game.
func TestKeeperMarksGamesItCannotMake(t *testing.T) {
	t.Parallel()
	e := newEnvOn(t, finishedRegistry(), func(d *Deps) { d.PagesVersion = "test-1" })
	g, _ := importGolden(t, e, "caesars-imperium-colour-sum-3p-v2", "m")
	if err := e.store.Exec(`UPDATE game_accounts SET account = 'not an account' WHERE game_id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	if n := keepAll(t, e.srv); n != 1 {
		t.Fatalf("the keeper did %d games, want 1", n)
	}
	if n := keepAll(t, e.srv); n != 0 {
		t.Errorf("the game it could not make is due again: %d", n)
	}
	if _, ok, _ := e.store.PagePartsOf(context.Background(), g.ID, "test-1", "en"); ok {
		t.Error("parts kept of a game whose account does not read")
	}
}
