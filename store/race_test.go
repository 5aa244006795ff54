package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"rondel/game/gametest"
)

// Races between writes that change a game's course, on two instances of
// the store sharing one database (openTwo): the case that matters is
// PostgreSQL (RONDEL_TEST_STORE=postgres), where each instance has its
// own connections and only the game's row lock (lockGame) makes the two
// writes take turns. Every trial sends the two writes at the same instant;
// whichever goes first, the game must end up as one of the two orders
// would leave it, and each writer must hear a plain answer. Sized to run
// in seconds; each failure names its trial.

// raceTrials is how many times each race is run.
const raceTrials = 25

// slowObserver holds each move's transaction open a little after the
// move is written, as notify's observer does while it queues the move's
// mails: the window in which a write that does not wait for the game's
// lock slips in.
func slowObserver(s *Store) {
	s.SetObserver(ObserverFuncs{In: func(_ context.Context, _ *NotifyTx, c Change) error {
		if c.Kind == ChangeMovePlayed {
			time.Sleep(5 * time.Millisecond)
		}
		return nil
	}})
}

// together runs fs at once (released by one signal) and waits for all.
func together(fs ...func()) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, f := range fs {
		wg.Go(func() {
			<-start
			f()
		})
	}
	close(start)
	wg.Wait()
}

// seatUsers returns the user id of each seat of a game.
func seatUsers(t *testing.T, s *Store, gameID int64) []int64 {
	t.Helper()
	seats, err := s.Seats(context.Background(), gameID)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int64, len(seats))
	for i, st := range seats {
		out[i] = st.UserID
	}
	return out
}

// agree has userID agree to end a game at move seq, through st.
func agree(st *Store, gameID, userID int64, seq int) (ended bool, err error) {
	return st.AgreeToEnd(context.Background(), gameID, userID, seq)
}

// TestLastVoteRacesMove: in a two-player game each player has agreed to
// end it once, one of them at a position a move has made stale (so a row
// of theirs exists already and the new vote updates it). At move n the
// player to move has agreed; the other player's vote at n (the last one
// needed) and that player's move at n are sent at once, through two
// instances. Either the game ends by agreement at n and the move is
// refused, or the move is stored and the vote is refused as made on a
// position that changed: never both, and never a vote that answers
// "recorded" and does nothing.
func TestLastVoteRacesMove(t *testing.T) {
	a, b, _ := openTwo(t)
	slowObserver(a)
	ctx := context.Background()
	both := 0
	for trial := range raceTrials {
		g := startGame(t, a, 2, uint64(100+trial))
		users := seatUsers(t, a, g.ID)
		pos, err := a.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		q, mv, _ := gametest.FirstMove(pos.State)
		if ended, err := agree(a, g.ID, users[q], pos.Seq); err != nil || ended {
			t.Fatalf("trial %d: the first vote: %v %v", trial, ended, err)
		}
		if _, err := a.AppendMove(ctx, Submit{GameID: g.ID, Seat: q, Seq: pos.Seq, Move: mv, UserID: users[q]}); err != nil {
			t.Fatal(err)
		}
		if pos, err = a.Current(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		p, mv, _ := gametest.FirstMove(pos.State)
		if p == q {
			t.Fatalf("trial %d: seat %d moves twice", trial, p)
		}
		if ended, err := agree(a, g.ID, users[p], pos.Seq); err != nil || ended {
			t.Fatalf("trial %d: the second vote: %v %v", trial, ended, err)
		}
		var ended bool
		var voteErr, moveErr error
		together(
			func() { ended, voteErr = agree(b, g.ID, users[q], pos.Seq) }, // q's row from move 0 is updated
			func() {
				_, moveErr = a.AppendMove(ctx, Submit{GameID: g.ID, Seat: p, Seq: pos.Seq, Move: mv, UserID: users[p]})
			},
		)
		moves, _ := a.Moves(ctx, g.ID)
		row, _ := a.GameRow(ctx, g.ID)
		switch {
		case voteErr == nil && ended && errors.Is(moveErr, ErrNotActive):
			if row.Ending != EndAgreed || len(moves) != pos.Seq {
				t.Errorf("trial %d: agreed first, but the game is %q with %d moves", trial, row.Ending, len(moves))
			}
		case moveErr == nil && errors.Is(voteErr, ErrGameMovedOn):
			if row.Status != StatusActive || len(moves) != pos.Seq+1 {
				t.Errorf("trial %d: moved first, but the game is %q with %d moves", trial, row.Status, len(moves))
			}
		case moveErr == nil && voteErr == nil:
			both++
			t.Errorf("trial %d: both counted (vote ended=%v): the game is %q %q with %d moves", trial, ended, row.Status, row.Ending, len(moves))
		default:
			t.Errorf("trial %d: vote: ended=%v %v; move: %v", trial, ended, voteErr, moveErr)
		}
	}
	if both > 0 {
		t.Logf("%d of %d trials counted both the vote and the move", both, raceTrials)
	}
	cleanVerify(t, a)
}

// toLastMove plays g's first legal moves until the next one ends it, and
// returns that position and its last move.
func toLastMove(t *testing.T, s *Store, g *Game) (*Position, int, []byte) {
	t.Helper()
	ctx := context.Background()
	for range 500 {
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, ok := gametest.FirstMove(pos.State)
		if !ok {
			t.Fatal("nobody can move")
		}
		next, _, err := pos.State.Apply(seat, mv)
		if err != nil {
			t.Fatal(err)
		}
		if next.Finished() {
			return pos, seat, mv
		}
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game does not end")
	return nil, 0, nil
}

// TestResignRacesMove: the player whose move ends a game makes it and, on
// the other instance, resigns (and reads the game, as notify's Resign
// does to write its mails), at once. Either the move ends the game and
// the resignation is refused (the game is over), or the resignation
// counts and the move is refused (the caretaker plays the seat): never a
// resignation recorded in a game its move has finished.
func TestResignRacesMove(t *testing.T) {
	a, b, _ := openTwo(t)
	ctx := context.Background()
	both := 0
	for trial := range raceTrials {
		a.SetObserver(nil) // quick to the last move
		g := startGame(t, a, 2, uint64(200+trial))
		users := seatUsers(t, a, g.ID)
		pos, p, mv := toLastMove(t, a, g)
		slowObserver(a)
		var resignErr, moveErr error
		together(
			func() {
				_, resignErr = b.Resign(ctx, g.ID, users[p])
			},
			func() {
				_, moveErr = a.AppendMove(ctx, Submit{GameID: g.ID, Seat: p, Seq: pos.Seq, Move: mv, UserID: users[p]})
			},
		)
		row, _ := a.GameRow(ctx, g.ID)
		left, _ := a.Resigned(ctx, g.ID, p, users[p])
		switch {
		case resignErr == nil && errors.Is(moveErr, ErrNotPlaying):
			if row.Status != StatusActive || !left {
				t.Errorf("trial %d: resigned first, but the game is %q (resigned: %v)", trial, row.Status, left)
			}
		case moveErr == nil && errors.Is(resignErr, ErrNotInPlay):
			if row.Status != StatusFinished || left {
				t.Errorf("trial %d: moved first, but the game is %q (resigned: %v)", trial, row.Status, left)
			}
		case moveErr == nil && resignErr == nil:
			both++
			t.Errorf("trial %d: both counted: the game is %q and seat %d resigned: %v", trial, row.Status, p, left)
		default:
			t.Errorf("trial %d: resign: %v; move: %v", trial, resignErr, moveErr)
		}
	}
	if both > 0 {
		t.Logf("%d of %d trials counted both the resignation and the move that ended the game", both, raceTrials)
	}
	cleanVerify(t, a)
}

// TestJoinersRaceForOpenSeats: three members take a game's two open
// seats at once, through two instances: exactly two get one, the game
// starts, and the third is told the game has no open seat left.
func TestJoinersRaceForOpenSeats(t *testing.T) {
	a, b, _ := openTwo(t)
	ctx := context.Background()
	person := func(addr string) int64 {
		var id int64
		if err := a.NotifyTx(ctx, func(tx *NotifyTx) error {
			u, err := tx.FindOrCreateUser(addr, "")
			id = u.ID
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	ann := person("ann@example.org")
	joiners := []int64{person("bob@example.org"), person("cy@example.org"), person("di@example.org")}
	for trial := range raceTrials {
		g, _, err := a.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: fmt.Sprint("Open ", trial), Seed: uint64(trial),
			Players: []NewPlayer{{Name: "Ann", Email: "ann@example.org"}}, OpenSeats: 2, CreatedBy: ann})
		if err != nil {
			t.Fatal(err)
		}
		errs := make([]error, len(joiners))
		var fs []func()
		for i, u := range joiners {
			st := []*Store{a, b}[i%2]
			fs = append(fs, func() { _, errs[i] = st.JoinGame(ctx, g.ID, u) })
		}
		together(fs...)
		seated, full := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				seated++
			case errors.Is(err, ErrNoOpenSeat):
				full++
			default:
				t.Errorf("trial %d: a joiner: %v", trial, err)
			}
		}
		row, _ := a.GameRow(ctx, g.ID)
		seats, _ := a.Seats(ctx, g.ID)
		if seated != 2 || full != 1 || len(seats) != 3 || row.Status != StatusActive {
			t.Errorf("trial %d: %d seated, %d told the game is full; %d seats, game %q (want 2, 1, 3, active)",
				trial, seated, full, len(seats), row.Status)
		}
	}
	cleanVerify(t, a)
}

// TestAbandonKeepsAGameMovedSince: the abandonment job lists the idle
// games, then ends each in a transaction of its own; a game a move reached
// in between is idle no more and goes on.
func TestAbandonKeepsAGameMovedSince(t *testing.T) {
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	g := startGame(t, s, 2, 3)
	c.Add(48 * time.Hour)
	cutoff := c.Now().Add(-24 * time.Hour)
	idle, err := s.GamesIdleSince(ctx, cutoff)
	if err != nil || len(idle) != 1 {
		t.Fatalf("idle games: %v %v", idle, err)
	}
	pos, _ := s.Current(ctx, g.ID)
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
		t.Fatal(err)
	}
	var ended bool
	if ended, err = s.EndIdleGame(ctx, g.ID, cutoff); err != nil || ended {
		t.Fatalf("a game moved since it was listed idle: ended %v, %v", ended, err)
	}
	c.Add(48 * time.Hour)
	if ended, err = s.EndIdleGame(ctx, g.ID, c.Now().Add(-24*time.Hour)); err != nil || !ended {
		t.Fatalf("a game idle for two days: ended %v, %v", ended, err)
	}
	cleanVerify(t, s)
}
