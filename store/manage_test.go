package store

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"rondel/game/gametest"
	"rondel/game/record"
)

// agreeAll has every seat of g agree to end it at its current position.
func agreeAll(t *testing.T, s *Store, g *Game) bool {
	t.Helper()
	ctx := context.Background()
	seats, err := s.Seats(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	seq, _, _ := lastMove(s.db, g.ID)
	var ended bool
	for _, st := range seats {
		var err error
		if ended, err = s.AgreeToEnd(ctx, g.ID, st.UserID, seq); err != nil {
			t.Fatal(err)
		}
	}
	return ended
}

func cleanVerify(t *testing.T, s *Store) {
	t.Helper()
	rep, err := s.Tools().Verify(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Problems {
		t.Errorf("verify: game %d: %s", p.GameID, p.What)
	}
}

// TestAgreedEndRoundTrip: a game ended by agreement verifies, rebuilds to
// the same derived rows, exports a record that replays to its result,
// and that record imports as the same kind of ending.
func TestAgreedEndRoundTrip(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	g := startGame(t, s, 3, 9)
	if err := s.Exec(`UPDATE games SET rated = TRUE WHERE id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		pos, _ := s.Current(ctx, g.ID)
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
			t.Fatal(err)
		}
	}
	if !agreeAll(t, s, g) {
		t.Fatal("every seat agreed but the game goes on")
	}
	cleanVerify(t, s)
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cleanVerify(t, s)
	rec, err := s.ExportRecord(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Ending != record.EndingAgreed || rec.Result == nil {
		t.Fatalf("record: ending %q result %v", rec.Ending, rec.Result)
	}
	b, _ := json.Marshal(rec)
	var back record.Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	imp, err := s.ImportRecord(ctx, &back, ImportSpec{Name: "Again", Emails: []string{"x@example.org", "y@example.org", "z@example.org"}, Rated: true})
	if err != nil {
		t.Fatal(err)
	}
	if imp.Status != StatusFinished || imp.Ending != EndAgreed || imp.Rated {
		t.Errorf("imported: %s %q rated=%v", imp.Status, imp.Ending, imp.Rated)
	}
	cleanVerify(t, s)
	// A changed result no longer checks.
	back.Result.Scores[0] += 100
	if _, err := s.ImportRecord(ctx, &back, ImportSpec{Emails: []string{"x@example.org", "y@example.org", "z@example.org"}}); err == nil {
		t.Error("a record with a made-up agreed result was imported")
	}
}

// TestCancelledAndJoinedGamesVerify: games that never started (cancelled)
// and games filled from open seats keep derived data equal to a rebuild.
func TestCancelledAndJoinedGamesVerify(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	person := func(addr string) int64 {
		var id int64
		if err := s.NotifyTx(ctx, func(tx *NotifyTx) error {
			u, err := tx.FindOrCreateUser(addr, "")
			id = u.ID
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	ann := &User{ID: person("a@example.org")}
	var ids []int64
	for i := range 3 {
		g, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "Open", Seed: uint64(i),
			Players: []NewPlayer{{Name: "Ann", Email: "a@example.org"}}, OpenSeats: 2, CreatedBy: ann.ID})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	joiners := []int64{person("b@example.org"), person("c@example.org"), person("d@example.org")}
	// Game 0 fills and starts; game 1 is cancelled half-full; game 2 waits.
	if started, err := s.JoinGame(ctx, ids[0], joiners[0]); err != nil || started {
		t.Fatalf("first join: %v %v", started, err)
	}
	if started, err := s.JoinGame(ctx, ids[0], joiners[1]); err != nil || !started {
		t.Fatalf("second join: %v %v", started, err)
	}
	if _, err := s.JoinGame(ctx, ids[0], joiners[2]); !errors.Is(err, ErrNoOpenSeat) {
		t.Errorf("joining a game its joiners filled and started: %v", err)
	}
	if _, err := s.JoinGame(ctx, ids[1], joiners[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CancelGame(ctx, ids[1], joiners[0]); !errors.Is(err, ErrNotCreator) {
		t.Errorf("a joiner cancels: %v", err)
	}
	if _, err := s.CancelGame(ctx, ids[1], ann.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.JoinGame(ctx, ids[1], joiners[1]); !errors.Is(err, ErrNotWaiting) {
		t.Errorf("joining a cancelled game: %v", err)
	}
	cleanVerify(t, s)
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cleanVerify(t, s)
	open, _, err := s.OpenGames(ctx, ClubPage{}, 10)
	if err != nil || len(open) != 1 || open[0].Game.ID != ids[2] {
		t.Errorf("open games: %v %v", open, err)
	}
}

// TestAgreementWithoutResigned: a seat that resigned has no say; the
// others' agreement ends the game; a resigned player can neither agree
// nor resign again, and someone without a seat neither.
func TestAgreementWithoutResigned(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 0)
	ctx := context.Background()
	g := startGame(t, s, 3, 4)
	seats, _ := s.Seats(ctx, g.ID)
	if err := func() error { _, err := s.Resign(ctx, g.ID, seats[2].UserID); return err }(); err != nil {
		t.Fatal(err)
	}
	agree := func(uid int64) (bool, error) {
		return s.AgreeToEnd(ctx, g.ID, uid, 0)
	}
	if _, err := agree(seats[2].UserID); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("the resigned player agrees: %v", err)
	}
	if err := func() error { _, err := s.Resign(ctx, g.ID, seats[2].UserID); return err }(); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("resigning twice: %v", err)
	}
	if _, err := agree(9999); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("someone without a seat agrees: %v", err)
	}
	if ended, err := agree(seats[0].UserID); err != nil || ended {
		t.Fatalf("first agreement: %v %v", ended, err)
	}
	if ended, err := agree(seats[1].UserID); err != nil || !ended {
		t.Fatalf("the last player still playing agrees: %v %v", ended, err)
	}
	cleanVerify(t, s)
}
