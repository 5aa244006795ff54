package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"rondel/game/gametest"
	"rondel/store/rating"
)

// ratedGame plays a rated game among the given members of a pool to its end.
func playRated(t *testing.T, s *Store, c *clock, members []int, seed uint64, rated bool) int64 {
	t.Helper()
	ctx := context.Background()
	var players []NewPlayer
	for _, m := range members {
		players = append(players, NewPlayer{Name: fmt.Sprintf("M%d", m), Email: fmt.Sprintf("m%d@example.org", m)})
	}
	g, invites, err := s.CreateGame(ctx, NewGame{GameID: gametest.ID, Name: "rated", Seed: seed, Players: players, Rated: rated})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := s.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	c.Add(time.Hour)
	playOut(t, s, g.ID, rand.New(rand.NewPCG(seed, 2)), 0)
	return g.ID
}

func ladderSnapshot(ls *rating.Ladders) any {
	out := []any{ls.AllTime.Table(), ls.AllTime.Games()}
	for _, l := range ls.Season {
		out = append(out, l.Table(), l.Games())
	}
	return out
}

// TestLadderIncrementalEqualsRebuild: a book updated after every finished
// game gives the same ladders (all-time and seasons) as a rebuild from
// scratch, also after a game's finishing time moved before others.
func TestLadderIncrementalEqualsRebuild(t *testing.T) {
	ctx := context.Background()
	s, c, _ := openTest(t, 4)
	start := c.Now()
	seasons := rating.Seasons{{Name: "first", Start: start}, {Name: "second", Start: start.Add(20 * time.Hour)}}
	inc, err := NewLadderBook(s, seasons)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	var ids []int64
	for i := range 16 {
		n := 2 + r.IntN(3)
		members := r.Perm(6)[:n]
		ids = append(ids, playRated(t, s, c, members, uint64(100+i), i%7 != 3))
		if _, err := inc.Ladders(ctx, gametest.ID); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.DropSeat(ctx, ids[len(ids)-1], 0, DropTimeout); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		got, err := inc.Ladders(ctx, gametest.ID)
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := NewLadderBook(s, seasons)
		want, err := fresh.Ladders(ctx, gametest.ID)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(ladderSnapshot(want), ladderSnapshot(got)); d != "" {
			t.Fatalf("%s: incremental and rebuilt ladders differ:\n%s", when, d)
		}
		if got.AllTime.Len() != 14 || got.Season[0].Len()+got.Season[1].Len() != 14 {
			t.Fatalf("%s: %d games rated (seasons %d + %d), want 14 (two unrated)", when, got.AllTime.Len(), got.Season[0].Len(), got.Season[1].Len())
		}
	}
	check("after every game")
	last, _ := inc.Ladders(ctx, gametest.ID)
	ch, ok := last.AllTime.Game(LadderGameID(ids[len(ids)-1]))
	if !ok || !ch.Changes[0].Dropped || ch.Changes[0].Rank != maxRank(ch) || ch.Changes[1].Rank >= ch.Changes[0].Rank {
		t.Errorf("the player who timed out does not rank last: %+v", ch.Changes)
	}
	// A seat notify dropped after repeated timeouts ranks last as well.
	if err := s.Exec(`INSERT INTO seat_clocks (game_id, seat, dropped) VALUES (?, 1, 1)`, ids[len(ids)-2]); err != nil {
		t.Fatal(err)
	}
	check("after notify dropped a seat")
	last, _ = inc.Ladders(ctx, gametest.ID)
	if ch, ok := last.AllTime.Game(LadderGameID(ids[len(ids)-2])); !ok || !ch.Changes[1].Dropped || ch.Changes[1].Rank != maxRank(ch) {
		t.Errorf("the seat notify dropped does not rank last: %+v", ch.Changes)
	}
	// Move the first game's end after every other: the book must rebuild.
	if err := s.Exec(`UPDATE games SET finished_at = ? WHERE id = ?`, c.Now().Add(time.Hour), ids[0]); err != nil {
		t.Fatal(err)
	}
	check("after a game moved in time")
}

func maxRank(r rating.Rated) int {
	m := 0
	for _, c := range r.Changes {
		m = max(m, c.Rank)
	}
	return m
}

// TestReliability: waits are measured from the game's previous move (or
// its start), caretaker moves count as timeouts, not as moves.
func TestReliability(t *testing.T) {
	ctx := context.Background()
	s, c, _ := openTest(t, 4)
	g := startGame(t, s, 2, 9)
	waits := []time.Duration{3 * time.Minute, time.Hour, 5 * time.Minute, 2 * time.Hour}
	for i, w := range waits {
		c.Add(w)
		pos, _ := s.Current(ctx, g.ID)
		seat, mv, ok := gametest.FirstMove(pos.State)
		if !ok {
			t.Fatal("game ended early")
		}
		by := ByPlayer
		if i == 3 {
			by = ByCaretaker
		}
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv, By: by}); err != nil {
			t.Fatal(err)
		}
	}
	rel, err := s.Reliabilities(ctx, gametest.ID)
	if err != nil {
		t.Fatal(err)
	}
	var moves, timeouts int
	for _, r := range rel {
		moves += r.Moves
		timeouts += r.Timeouts
	}
	if moves != 3 || timeouts != 1 {
		t.Fatalf("reliabilities: %+v", rel)
	}
	seats, _ := s.Seats(ctx, g.ID)
	// gametest seats alternate, so seat 0 made moves 1 and 3.
	if r := rel[MemberID(seats[0].UserID)]; r.Moves != 2 || r.MedianMove != 4*time.Minute {
		t.Errorf("seat 0: %+v, want 2 moves with median 4 min", r)
	}
}
