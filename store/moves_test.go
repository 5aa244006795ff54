package store

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/record"
)

func TestAppendMoveRefusals(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 8)
	ctx := context.Background()
	g := startGame(t, s, 2, 3)
	pos, _ := s.Current(ctx, g.ID)
	seat, mv, _ := gametest.FirstMove(pos.State)
	cases := []struct {
		name string
		sub  Submit
		want func(error) bool
	}{
		{"stale seq", Submit{GameID: g.ID, Seat: seat, Seq: 1, Move: mv}, func(e error) bool { return errors.Is(e, ErrGameChanged) }},
		{"wrong seat", Submit{GameID: g.ID, Seat: 1 - seat, Seq: 0, Move: mv}, func(e error) bool {
			var nt *NotToActError
			return errors.As(e, &nt) && len(nt.Waiting) == 1 && nt.Waiting[0].Seat == seat
		}},
		{"illegal", Submit{GameID: g.ID, Seat: seat, Seq: 0, Move: json.RawMessage(`{"pile":"A","take":9}`)}, func(e error) bool {
			var re *game.RuleError
			var il *IllegalMoveError
			return errors.As(e, &il) && errors.As(e, &re) && !re.Msg.IsZero()
		}},
		{"no such game", Submit{GameID: 999, Seat: seat, Move: mv}, func(e error) bool { return errors.Is(e, ErrNotFound) }},
	}
	for _, c := range cases {
		_, err := s.AppendMove(ctx, c.sub)
		if !c.want(err) {
			t.Errorf("%s: got %v", c.name, err)
		}
	}
	if moves, _ := s.Moves(ctx, g.ID); len(moves) != 0 {
		t.Fatalf("refused moves were written: %+v", moves)
	}
	// A game still inviting takes no moves.
	g2, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "open", Players: []NewPlayer{{"A", "a@x.org"}, {"B", "b@x.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendMove(ctx, Submit{GameID: g2.ID, Seat: 0, Move: mv}); !errors.Is(err, ErrNotActive) {
		t.Errorf("move in an inviting game: got %v", err)
	}
}

// playOut plays a game to its end with random legal moves, dropping the
// cache at random moments, and returns the moves' outcomes.
func playOut(t *testing.T, s *Store, gameID int64, r *rand.Rand, drop float64) []string {
	t.Helper()
	ctx := context.Background()
	var hashes []string
	for range 200 {
		if r.Float64() < drop {
			s.DropCache()
		}
		pos, err := s.Current(ctx, gameID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return hashes
		}
		d := pos.State.ToAct()
		seat := d[r.IntN(len(d))].Seat
		legal := pos.State.LegalMoves(seat)
		mv := legal[r.IntN(len(legal))].Move
		played, err := s.AppendMove(ctx, Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: mv})
		if err != nil {
			t.Fatal(err)
		}
		h, _ := record.Hash(played.State)
		hashes = append(hashes, h)
	}
	t.Fatal("game did not end")
	return nil
}

// TestCacheCanBeDroppedAnyTime plays the same random games with no cache,
// a tiny cache and a cache dropped at random, and checks every position,
// the stored logs and the results agree, and agree with a plain replay.
func TestCacheCanBeDroppedAnyTime(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	type run struct {
		cache int
		drop  float64
	}
	var ref [][]string
	var refResults []string
	for i, rn := range []run{{0, 0}, {1, 0}, {64, 0}, {64, 0.3}, {2, 0.9}} {
		s, _, _ := openTest(t, rn.cache)
		r := rand.New(rand.NewPCG(11, 12))
		var all [][]string
		var results []string
		for k := range 4 {
			g := startGame(t, s, 2+k, uint64(100+k))
			all = append(all, playOut(t, s, g.ID, r, rn.drop))
			row, _ := s.GameRow(ctx, g.ID)
			if row.Status != StatusFinished || row.Result == nil {
				t.Fatalf("finished game stored as %s", row.Status)
			}
			results = append(results, *row.Result)
			rec, _ := s.Record(ctx, g.ID)
			st, err := record.Replay(s.Registry(), rec)
			if err != nil {
				t.Fatal(err)
			}
			if h, _ := record.Hash(st); h != all[k][len(all[k])-1] {
				t.Errorf("replayed record differs from the played game")
			}
		}
		if i == 0 {
			ref, refResults = all, results
			continue
		}
		for k := range ref {
			if len(all[k]) != len(ref[k]) {
				t.Fatalf("run %+v game %d: %d moves, want %d", rn, k, len(all[k]), len(ref[k]))
			}
			for j := range ref[k] {
				if all[k][j] != ref[k][j] {
					t.Fatalf("run %+v game %d: position after move %d differs", rn, k, j+1)
				}
			}
			if results[k] != refResults[k] {
				t.Errorf("run %+v game %d: result %s, want %s", rn, k, results[k], refResults[k])
			}
		}
	}
}

// TestCacheIsBounded: the state cache never holds more bytes than it is
// given, however many games are read, and keeps as many as fit.
func TestCacheIsBounded(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 10) // 10 KB: three take-away states
	ctx := context.Background()
	for k := range 6 {
		g := startGame(t, s, 2, uint64(k))
		if _, err := s.Current(ctx, g.ID); err != nil { // in play: kept at once
			t.Fatal(err)
		}
		if used := s.cache.lru.Bytes(); used > 10<<10 {
			t.Fatalf("the cache holds %d bytes, more than its 10 KB", used)
		}
	}
	if n := s.cache.len(); n != 3 {
		t.Errorf("cache holds %d states, want the 3 that fit", n)
	}
}

func TestFiftySubmitTheSameMove(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 16)
	ctx := context.Background()
	g := startGame(t, s, 3, 5)
	pos, _ := s.Current(ctx, g.ID)
	seat, mv, _ := gametest.FirstMove(pos.State)
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, 50)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: 0, Move: mv})
		}()
	}
	close(start)
	wg.Wait()
	ok, changed := 0, 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, ErrGameChanged):
			changed++
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	if ok != 1 || changed != 49 {
		t.Errorf("%d stored and %d told the game changed; want 1 and 49", ok, changed)
	}
	if moves, _ := s.Moves(ctx, g.ID); len(moves) != 1 {
		t.Errorf("%d moves stored, want 1", len(moves))
	}
}

func TestTwentyGamesInterleaved(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 5) // smaller than the number of games: evictions happen
	ctx := context.Background()
	var ids []int64
	for k := range 20 {
		ids = append(ids, startGame(t, s, 2+k%3, uint64(k)).ID)
	}
	var wg sync.WaitGroup
	counts := make([]int, len(ids))
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 300 {
				pos, err := s.Current(ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				if pos.State.Finished() {
					return
				}
				seat, mv, _ := gametest.FirstMove(pos.State)
				if _, err := s.AppendMove(ctx, Submit{GameID: id, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
					t.Error(err)
					return
				}
				counts[i]++
			}
		}()
	}
	wg.Wait()
	s.DropCache()
	for i, id := range ids {
		moves, _ := s.Moves(ctx, id)
		if len(moves) != counts[i] {
			t.Errorf("game %d: %d moves stored, %d played", id, len(moves), counts[i])
		}
		for j, m := range moves {
			if m.Seq != j+1 || m.GameID != id {
				t.Fatalf("game %d: row %d is %+v", id, j, m)
			}
		}
		row, _ := s.GameRow(ctx, id)
		if row.Status != StatusFinished {
			t.Errorf("game %d not finished: %s", id, row.Status)
		}
	}
}

func TestPendingListsOpenDecisions(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 4)
	ctx := context.Background()
	g := startGame(t, s, 3, 21)
	c.Add(time.Hour)
	// Play until a vote asks several seats at once.
	for range 100 {
		pos, _ := s.Current(ctx, g.ID)
		if len(pos.State.ToAct()) > 1 || pos.State.Finished() {
			break
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	pos, _ := s.Current(ctx, g.ID)
	want := pos.State.ToAct()
	got, err := s.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(want) < 2 {
		t.Fatalf("%d pending, want %d (a vote of several seats)", len(got), len(want))
	}
	for i, p := range got {
		if p.Seat.Seat != want[i].Seat || p.User.ID != p.Seat.UserID || p.Seq != pos.Seq || !p.Since.Equal(pos.Since) {
			t.Errorf("pending %d: %+v", i, p)
		}
	}
}

func TestAcceptSeatReportsTheStart(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	g, invites, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "x", Players: []NewPlayer{{"A", "a@x.org"}, {"B", "b@x.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	for i, inv := range invites {
		started, err := s.AcceptSeat(ctx, g.ID, inv.User.ID)
		if err != nil || started != (i == len(invites)-1) {
			t.Errorf("accept %d: started %v, %v", i, started, err)
		}
	}
	if started, err := s.AcceptSeat(ctx, g.ID, invites[0].User.ID); started || err != nil {
		t.Errorf("accepting again: started %v, %v", started, err)
	}
	if _, err := s.AcceptSeat(ctx, g.ID, 999); !errors.Is(err, ErrNotInvited) {
		t.Errorf("stranger: %v", err)
	}
}

// TestFinishedStateKeptAtItsSecondLoad: a game in play is kept at its
// first load (its players read it again at each move); a finished game's
// state, read by visitors most of them once, at its second.
func TestFinishedStateKeptAtItsSecondLoad(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 64)
	ctx := context.Background()
	g := startGame(t, s, 2, 3)
	playToEnd(t, s, g)
	s.cache.drop()
	if _, err := s.Current(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if n := s.cache.len(); n != 0 {
		t.Fatalf("a finished game kept at its first load (%d states)", n)
	}
	if _, err := s.Current(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if n := s.cache.len(); n != 1 {
		t.Fatalf("a finished game not kept at its second load (%d states)", n)
	}
	other := startGame(t, s, 2, 4)
	if _, err := s.Current(ctx, other.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.cache.get(other.ID); !ok {
		t.Error("a game in play not kept at its first load")
	}
}
