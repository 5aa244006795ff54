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

// playRated plays a game among the given members of a pool to its end;
// before it is played, setup (if not nil) may change it.
func playRated(t *testing.T, s *Store, c *gametest.Clock, members []int, seed uint64, rated bool, setup ...func(gameID int64)) int64 {
	t.Helper()
	ctx := context.Background()
	var players []NewPlayer
	for _, m := range members {
		players = append(players, NewPlayer{Name: fmt.Sprintf("M%d", m), Email: fmt.Sprintf("m%d@example.org", m)})
	}
	g, invites, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "rated", Seed: seed, Players: players, Rated: rated})
	if err != nil {
		t.Fatal(err)
	}
	for _, inv := range invites {
		if _, _, err := s.AcceptInvitation(ctx, inv.Token); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range setup {
		f(g.ID)
	}
	c.Add(time.Hour)
	playOut(t, s, g.ID, rand.New(rand.NewPCG(seed, 2)), 0)
	return g.ID
}

// storedLadders reads a kind's stored ladders in the shape
// ladderSnapshot gives for rating.Ladders, from the games' ids.
func storedLadders(t *testing.T, s *Store, kind string, seasons rating.Seasons, games []rating.Rated) any {
	t.Helper()
	ctx := context.Background()
	all, err := s.Ratings().LadderTable(ctx, kind, "")
	if err != nil {
		t.Fatal(err)
	}
	var rated []rating.Rated
	for _, r := range games {
		got, ok, err := s.Ratings().GameRatings(ctx, memberUserID(r.Game))
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			rated = append(rated, got)
		}
	}
	out := []any{all, rated}
	for _, season := range seasons {
		table, err := s.Ratings().LadderTable(ctx, kind, season.Name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, table)
	}
	return out
}

func ladderSnapshot(ls *rating.Ladders) any {
	out := []any{ls.AllTime.Table(), ls.AllTime.Games()}
	for _, l := range ls.Season {
		out = append(out, l.Table())
	}
	return out
}

// TestLadderIncrementalEqualsRebuild: the ladders stored game by game as
// rated games end (all-time and seasons, and each game's changes) are
// those a rating of all games from scratch gives, also after a seat is
// dropped from a finished game, a seat notify dropped, an old game
// imported (out of order) and new seasons.
func TestLadderIncrementalEqualsRebuild(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, c, _ := openTest(t, 4)
	start := c.Now()
	seasons := rating.Seasons{{Name: "first", Start: start}, {Name: "second", Start: start.Add(20 * time.Hour)}}
	if _, err := s.SetSeasons(ctx, seasons); err != nil {
		t.Fatal(err)
	}
	check := func(when string, want int) *rating.Ladders {
		t.Helper()
		games, err := s.RatedGames(ctx, gametest.ID)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := rating.BuildLadders(rating.DefaultModel(), seasons, games)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(ladderSnapshot(fresh), storedLadders(t, s, gametest.ID, seasons, fresh.AllTime.Games())); d != "" {
			t.Fatalf("%s: stored and rebuilt ladders differ (-rebuilt +stored):\n%s", when, d)
		}
		checkPlaces(t, s, gametest.ID, fresh, when)
		if want >= 0 && fresh.AllTime.Len() != want {
			t.Fatalf("%s: %d games rated, want %d", when, fresh.AllTime.Len(), want)
		}
		return fresh
	}
	r := rand.New(rand.NewPCG(5, 6))
	var ids []int64
	rated := 0
	for i := range 16 {
		n := 2 + r.IntN(3)
		members := r.Perm(6)[:n]
		var setup []func(int64)
		if i == 12 { // notify drops seat 1 after repeated timeouts
			setup = append(setup, func(id int64) {
				if err := s.Exec(`INSERT INTO seat_clocks (game_id, seat, dropped) VALUES (?, 1, TRUE)`, id); err != nil {
					t.Fatal(err)
				}
			})
		}
		ids = append(ids, playRated(t, s, c, members, uint64(100+i), i%7 != 3, setup...))
		if i%7 != 3 {
			rated++
		}
		check(fmt.Sprintf("after game %d", i+1), rated)
	}
	last := check("after every game", 14)
	if ch, ok := last.AllTime.Game(LadderGameID(ids[12])); !ok || !ch.Changes[1].Dropped || ch.Changes[1].Rank != maxRank(ch) {
		t.Errorf("the seat notify dropped does not rank last: %+v", ch.Changes)
	}
	if err := s.DropSeat(ctx, ids[len(ids)-1], 0, DropTimeout); err != nil {
		t.Fatal(err)
	}
	last = check("after a seat was dropped from a finished game", 14)
	ch, ok := last.AllTime.Game(LadderGameID(ids[len(ids)-1]))
	if !ok || !ch.Changes[0].Dropped || ch.Changes[0].Rank != maxRank(ch) || ch.Changes[1].Rank >= ch.Changes[0].Rank {
		t.Errorf("the player who timed out does not rank last: %+v", ch.Changes)
	}
	// An old game imported: it ended before every game rated so far.
	rec, err := s.Record(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	early := start.Add(-time.Hour)
	rec.Finished = &early
	var emails []string
	for _, p := range rec.Players {
		u, _ := s.User(ctx, memberUserID(p.ID))
		emails = append(emails, u.Email)
	}
	if _, err := s.ImportRecord(ctx, rec, ImportSpec{Emails: emails, Rated: true}); err != nil {
		t.Fatal(err)
	}
	check("after an old game was imported", 15)
	// New seasons: the season ladders are rated again.
	seasons = rating.Seasons{{Name: "only", Start: start.Add(10 * time.Hour)}}
	if changed, err := s.SetSeasons(ctx, seasons); err != nil || !changed {
		t.Fatalf("new seasons: changed %v, %v", changed, err)
	}
	check("after new seasons", 15)
}

func maxRank(r rating.Rated) int {
	m := 0
	for _, c := range r.Changes {
		m = max(m, c.Rank)
	}
	return m
}

// TestReliability: waits are measured from the game's previous move (or
// its start); the caretaker's move after a deadline passed is a timeout,
// not a move.
func TestReliability(t *testing.T) {
	t.Parallel()
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
			timeOut(t, s, g.ID, seat, pos.Seq, 0)
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
