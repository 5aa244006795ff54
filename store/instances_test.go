package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rondel/game/gametest"
)

// Several instances of the service on one database: two *Store opened on
// it, each with its own connections and state cache, stand for two
// `rondel serve` processes. On SQLite they share a file; on PostgreSQL
// (RONDEL_TEST_STORE=postgres) a server, which is the case that matters.

// openTwo opens the test's database twice, both on one clock.
func openTwo(t *testing.T) (a, b *Store, c *gametest.Clock) {
	t.Helper()
	a, c, path := openWith(t, Options{Registry: gametest.Registry(), CacheBytes: 1 << 20})
	b, err := Open(path, Options{Registry: gametest.Registry(), Now: c.Now, CacheBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	if err := b.CheckSchema(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	return a, b, c
}

// TestHundredSubmitTheSameMoveOnTwoInstances: of 100 submissions of one
// move spread over two instances, exactly one is stored; the other 99 are
// told the game changed.
func TestHundredSubmitTheSameMoveOnTwoInstances(t *testing.T) {
	t.Parallel()
	a, b, _ := openTwo(t)
	ctx := context.Background()
	g := startGame(t, a, 3, 7)
	pos, err := b.Current(ctx, g.ID) // both caches hold the start
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Current(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	seat, mv, _ := gametest.FirstMove(pos.State)
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, 100)
	for i := range errs {
		st := []*Store{a, b}[i%2]
		wg.Go(func() {
			<-start
			_, errs[i] = st.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: 0, Move: mv})
		})
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
	if ok != 1 || changed != 99 {
		t.Errorf("%d stored and %d told the game changed; want 1 and 99", ok, changed)
	}
	for _, st := range []*Store{a, b} {
		if moves, _ := st.Moves(ctx, g.ID); len(moves) != 1 {
			t.Errorf("%d moves stored, want 1", len(moves))
		}
	}
	report, err := a.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Problems) > 0 {
		t.Errorf("verify after the race: %v", report.Problems)
	}
}

// TestInstancesTakeTurnsInOneGame: two instances play one game in turn,
// each move on the other instance than the last. Each reads the game as
// the other left it: its cached state is never served once the stored
// move count has moved on.
func TestInstancesTakeTurnsInOneGame(t *testing.T) {
	t.Parallel()
	a, b, c := openTwo(t)
	ctx := context.Background()
	g := startGame(t, a, 2, 11)
	for i := 0; ; i++ {
		st := []*Store{a, b}[i%2]
		pos, err := st.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pos.Seq != i {
			t.Fatalf("instance %d sees %d moves, want %d (a stale cache?)", i%2, pos.Seq, i)
		}
		if pos.State.Finished() {
			break
		}
		seat, mv, ok := gametest.FirstMove(pos.State)
		if !ok {
			t.Fatalf("no move at %d", i)
		}
		c.Add(time.Minute)
		if _, err := st.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: i, Move: mv}); err != nil {
			t.Fatalf("move %d on instance %d: %v", i+1, i%2, err)
		}
	}
	ra, _ := a.Current(ctx, g.ID)
	rb, _ := b.Current(ctx, g.ID)
	ja, _ := ra.State.MarshalJSON()
	jb, _ := rb.State.MarshalJSON()
	if string(ja) != string(jb) {
		t.Errorf("the instances disagree on the final state")
	}
}

// TestOutboxClaimedOnceAcrossInstances: senders on two instances drain
// one outbox; every mail is claimed by exactly one of them.
func TestOutboxClaimedOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	a, b, _ := openTwo(t)
	ctx := context.Background()
	startGame(t, a, 2, 3) // makes the players
	u, err := a.UserByEmail(ctx, "a@example.org")
	if err != nil {
		t.Fatal(err)
	}
	const n = 60
	for i := range n {
		m := &OutboxMail{Seq: i + 1, UserID: u.ID, Kind: "test", ToAddr: u.Email, Subject: fmt.Sprint("mail ", i), TextBody: "x"}
		if _, err := a.Outbox().Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	claims := make([]atomic.Int32, n+1)
	var wg sync.WaitGroup
	for w := range 6 {
		st := []*Store{a, b}[w%2]
		wg.Go(func() {
			for {
				m, err := st.Outbox().ClaimNext(ctx, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if m == nil {
					return
				}
				claims[m.Seq].Add(1)
				if err := st.Outbox().MarkSent(ctx, m.ID); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	for i := 1; i <= n; i++ {
		if got := claims[i].Load(); got != 1 {
			t.Errorf("mail %d claimed %d times, want once", i, got)
		}
	}
}

// TestExclusiveJobsRunOnOneInstance: while one instance runs a job, the
// other's run of the same job is skipped (on PostgreSQL; SQLite has one
// instance and always runs it), and a different job is not held up.
func TestExclusiveJobsRunOnOneInstance(t *testing.T) {
	t.Parallel()
	a, b, _ := openTwo(t)
	ctx := context.Background()
	inside, release := make(chan struct{}), make(chan struct{})
	done := make(chan bool)
	go func() {
		ran, err := a.Exclusive(ctx, "deadlines", func(context.Context) error {
			close(inside)
			<-release
			return nil
		})
		if err != nil {
			t.Error(err)
		}
		done <- ran
	}()
	<-inside
	ran, err := b.Exclusive(ctx, "deadlines", func(context.Context) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if want := !a.Postgres(); ran != want {
		t.Errorf("the second instance ran the held job: %v, want %v", ran, want)
	}
	if ran, err := b.Exclusive(ctx, "digests", func(context.Context) error { return nil }); err != nil || !ran {
		t.Errorf("another job: ran %v, %v", ran, err)
	}
	close(release)
	if !<-done {
		t.Error("the first instance did not run its job")
	}
	if ran, err := b.Exclusive(ctx, "deadlines", func(context.Context) error { return nil }); err != nil || !ran {
		t.Errorf("after the first ended: ran %v, %v", ran, err)
	}
}

// TestConcurrentGamesKeepTheDerivedRows: the same players play several
// rated games at once to their ends, each game's moves on alternating
// instances. The rows summed over games (each member's reliability, the
// ladder) count every move and every game: verify finds them equal to
// the logs.
func TestConcurrentGamesKeepTheDerivedRows(t *testing.T) {
	t.Parallel()
	a, b, _ := openTwo(t)
	ctx := context.Background()
	var games []*Game
	for i := range 4 {
		g, invites, err := a.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: fmt.Sprint("rated ", i), Seed: uint64(20 + i),
			Players: []NewPlayer{{Name: "Ann", Email: "a@example.org"}, {Name: "Bob", Email: "b@example.org"}}, Rated: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, inv := range invites {
			if _, _, err := a.AcceptInvitation(ctx, inv.Token); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, g)
	}
	var wg sync.WaitGroup
	for gi, g := range games {
		wg.Go(func() {
			for i := 0; i < 1000; i++ {
				st := []*Store{a, b}[(i+gi)%2]
				pos, err := st.Current(ctx, g.ID)
				if err != nil {
					t.Error(err)
					return
				}
				if pos.State.Finished() {
					return
				}
				seat, mv, ok := gametest.FirstMove(pos.State)
				if !ok {
					return
				}
				if _, err := st.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
					t.Errorf("game %d move %d: %v", g.ID, pos.Seq+1, err)
					return
				}
			}
		})
	}
	wg.Wait()
	report, err := b.Tools().Verify(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if report.Finished != len(games) {
		t.Errorf("%d of the %d games finished", report.Finished, len(games))
	}
	for _, p := range report.Problems {
		t.Error(p)
	}
}

// TestRenameOnAnotherInstance: a substitute takes a seat on one instance
// (a new name, no move); the other, which holds the game's state in its
// cache, shows the new name at once.
func TestRenameOnAnotherInstance(t *testing.T) {
	t.Parallel()
	a, b, _ := openTwo(t)
	ctx := context.Background()
	g := startGame(t, a, 2, 13)
	before, err := a.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if js, _ := before.State.MarshalJSON(); !strings.Contains(string(js), before.Seats[0].Name) {
		t.Skipf("the test game's state does not hold names: %s", js)
	}
	err = b.NotifyTx(ctx, func(tx *NotifyTx) error {
		return tx.replaceSeatUser(g.ID, 0, before.Seats[0].UserID, "Zed Newcomer")
	})
	if err != nil {
		t.Fatal(err)
	}
	after, err := a.Current(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if js, _ := after.State.MarshalJSON(); !strings.Contains(string(js), "Zed Newcomer") {
		t.Errorf("instance a still shows the old name: %s", js)
	}
}
