package store

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"rondel/game/gametest"
)

// YourGames reads what GamesOfUser reads of a member's games, in the
// same order, with only the columns the list shows: the open games all
// at once, the finished ones a page at a time by key both ways, and a game
// without a stored summary with the one made from its log.
func TestYourGamesAgreesWithListings(t *testing.T) {
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	cl := playedClub(t, s, c, 7, 5, 14, 120)
	// One game waiting for its players, one named with spaces and digits.
	if _, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "waiting", Seed: 1,
		Players: []NewPlayer{{Name: "M0", Email: "m0@example.org"}, {Name: "Zoë 1 2 '3' ", Email: "m1@example.org"}}}); err != nil {
		t.Fatal(err)
	}
	// One game whose summary is not stored.
	if err := s.db.Exec(`DELETE FROM game_summaries WHERE game_id = ?`, cl.games[0]).Error; err != nil {
		t.Fatal(err)
	}
	// Two finished games whose kept names are not read plainly, so their
	// seats are read: one without them (a database not rebuilt since they
	// are kept), one with a name their JSON escapes.
	var done []int64
	if err := s.db.Raw(`SELECT id FROM games WHERE status = 'finished' ORDER BY id LIMIT 2`).Scan(&done).Error; err != nil || len(done) < 2 {
		t.Fatalf("finished games %v: %v", done, err)
	}
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE games SET players = NULL WHERE id = ?`, []any{done[0]}},
		{`UPDATE seats SET name = ? WHERE game_id = ? AND seat = 0`, []any{`Q "x" \ <y>`, done[1]}},
		{`UPDATE games SET players = ` + playersSQL(s.db) + ` WHERE id = ?`, []any{done[1]}},
	} {
		if err := s.db.Exec(q.sql, q.args...).Error; err != nil {
			t.Fatal(err)
		}
	}
	paged, opened := false, false
	for m := range cl.members {
		u, err := s.UserByEmail(ctx, fmt.Sprintf("m%d@example.org", m))
		if err != nil {
			t.Fatal(err)
		}
		all, err := s.GamesOfUser(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		var wantOpen, wantFinished []YourGame
		for _, l := range all {
			if l.Game.Status == StatusFinished {
				wantFinished = append(wantFinished, yourGameOf(l))
			} else {
				wantOpen = append(wantOpen, yourGameOf(l))
			}
		}
		slices.SortStableFunc(wantFinished, func(a, b YourGame) int {
			if c := b.FinishedAt.Compare(*a.FinishedAt); c != 0 {
				return c
			}
			return int(b.ID - a.ID)
		})
		open, finished := yourPages(t, s, u.ID, 3)
		paged, opened = paged || len(finished) > 3, opened || len(open) > 0
		if !reflect.DeepEqual(open, wantOpen) {
			t.Errorf("member %d: open games\n%+v\nwant\n%+v", m, open, wantOpen)
		}
		if !reflect.DeepEqual(finished, wantFinished) {
			t.Errorf("member %d: finished games\n%+v\nwant\n%+v", m, finished, wantFinished)
		}
	}
	if !paged || !opened {
		t.Fatalf("the club has no member with open games (%v) or with several pages of finished ones (%v)", opened, paged)
	}
}

// yourGameOf is what YourGames should say of a listing: of a finished
// game its end, and its seats' numbers and names.
func yourGameOf(l Listing) YourGame {
	g := YourGame{ID: l.Game.ID, Kind: l.Game.Kind, Name: l.Game.Name, Status: l.Game.Status, Ending: l.Game.Ending,
		FinishedAt: l.Game.FinishedAt, LastMoveAt: l.Summary.LastMoveAt, ToAct: l.Summary.ToAct}
	done := g.Status == StatusFinished
	if done {
		g.LastMoveAt, g.ToAct = time.Time{}, ""
	}
	for _, st := range l.Seats {
		if done {
			g.Seats = append(g.Seats, YourSeat{Seat: st.Seat, Name: st.Name})
		} else {
			g.Seats = append(g.Seats, YourSeat{Seat: st.Seat, UserID: st.UserID, Name: st.Name, Accepted: st.AcceptedAt != nil})
		}
	}
	return g
}

// yourPages reads a member's open games and every page of their finished
// ones (older pages by key, then back again by key, which must agree).
func yourPages(t *testing.T, s *Store, userID int64, size int) (open, finished []YourGame) {
	t.Helper()
	ctx := context.Background()
	var p ClubPage
	var pages [][]YourGame
	for {
		o, f, more, err := s.YourGames(ctx, userID, p, size)
		if err != nil {
			t.Fatal(err)
		}
		if p.Key == nil {
			open = o
		}
		pages = append(pages, f)
		finished = append(finished, f...)
		if !more {
			break
		}
		last := f[len(f)-1]
		p = ClubPage{Key: &ClubKey{At: *last.FinishedAt, ID: last.ID}}
	}
	for i := len(pages) - 1; i > 0; i-- {
		first := pages[i][0]
		_, f, _, err := s.YourGames(ctx, userID, ClubPage{Key: &ClubKey{At: *first.FinishedAt, ID: first.ID}, Back: true}, size)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(f, pages[i-1]) {
			t.Errorf("the page before %d read back is\n%+v\nnot\n%+v", i, f, pages[i-1])
		}
	}
	for _, l := range [][]YourGame{open, finished} {
		for i := range l {
			l[i].noSummary, l[i].noPlayers = false, false // only how it was read
		}
	}
	return open, finished
}

// readPlayers reads the plain JSON arrays of names both databases write
// (SQLite's without spaces, PostgreSQL's with them) as encoding/json
// reads them, and says missing for anything else, so that game's seats
// are read instead.
func TestReadPlayers(t *testing.T) {
	for _, tc := range []struct {
		in      string
		null    bool
		names   []string
		missing bool
	}{
		{in: `["Ada","Bo b","Zoë 1 2 '3'"]`, names: []string{"Ada", "Bo b", "Zoë 1 2 '3'"}},
		{in: `["Ada", "Bo", "李"]`, names: []string{"Ada", "Bo", "李"}},
		{in: ` [ "A" , "B" ] `, names: []string{"A", "B"}},
		{in: `[]`, names: []string{}},
		{in: `["a,b", ","]`, names: []string{"a,b", ","}},
		{in: `["<b>&amp;"]`, names: []string{"<b>&amp;"}},
		{null: true, missing: true},
		{in: ``, missing: true},
		{in: `["Q \"x\""]`, missing: true},
		{in: `["back\\slash"]`, missing: true},
		{in: `["\u00e9"]`, missing: true},
		{in: "[\"a\tb\"]", missing: true},
		{in: "[\"\xff\"]", missing: true},
		{in: `["A","B"] x`, missing: true},
		{in: `["A",]`, missing: true},
		{in: `["A"`, missing: true},
		{in: `["A`, missing: true},
		{in: `[1]`, missing: true},
		{in: `{"a":"b"}`, missing: true},
		{in: `null`, missing: true},
	} {
		var b []byte
		if !tc.null {
			b = []byte(tc.in)
		}
		seats, missing := readPlayers(b)
		if missing != tc.missing {
			t.Errorf("%q: missing %v, want %v", tc.in, missing, tc.missing)
			continue
		}
		if missing {
			continue
		}
		var want []string
		if err := json.Unmarshal(b, &want); err != nil || !slices.Equal(want, tc.names) {
			t.Fatalf("%q: the test's names %q are not encoding/json's %q (%v)", tc.in, tc.names, want, err)
		}
		names := []string{}
		for i, st := range seats {
			if st.Seat != i {
				t.Errorf("%q: seat %d numbered %d", tc.in, i, st.Seat)
			}
			names = append(names, st.Name)
		}
		if !slices.Equal(names, tc.names) {
			t.Errorf("%q: read %q, want %q", tc.in, names, tc.names)
		}
	}
}

// A finished game is kept as "your games" lists it, and a page of them
// read again says the same from what is kept; a game whose seats say it
// ended while the game says not (a database verify would fault) is listed
// as before but not kept.
func TestYourGamesKeepsFinishedGames(t *testing.T) {
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	cl := playedClub(t, s, c, 7, 5, 14, 120)
	active := cl.newGame(false) // in play
	if err := s.db.Exec(`UPDATE seats SET game_finished_at = ? WHERE game_id = ?`, c.Now(), active).Error; err != nil {
		t.Fatal(err)
	}
	listed := false
	for m := range cl.members {
		u, err := s.UserByEmail(ctx, fmt.Sprintf("m%d@example.org", m))
		if err != nil {
			t.Fatal(err)
		}
		_, first, _, err := s.YourGames(ctx, u.ID, ClubPage{}, 50)
		if err != nil {
			t.Fatal(err)
		}
		// A finished game is kept the second time it is read (lru.NewSecondSight).
		if _, _, _, err := s.YourGames(ctx, u.ID, ClubPage{}, 50); err != nil {
			t.Fatal(err)
		}
		for _, g := range first {
			_, kept := s.ended.Get(g.ID)
			if g.ID == active {
				listed = true
			}
			if kept == (g.ID == active) {
				t.Errorf("member %d: game %d kept %v", m, g.ID, kept)
			}
		}
		_, again, _, err := s.YourGames(ctx, u.ID, ClubPage{}, 50)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again, first) {
			t.Errorf("member %d: read again\n%+v\nnot\n%+v", m, again, first)
		}
	}
	if !listed {
		t.Fatal("the game not finished whose seats say it ended is on nobody's list")
	}
}
