package store

import (
	"context"
	"testing"
	"time"

	"rondel/game/gametest"
)

// timeOut records that seat's deadline passed at the current position,
// as notify does before the caretaker moves.
func timeOut(t *testing.T, s *Store, gameID int64, seat, seq int, userID int64) {
	t.Helper()
	err := s.NotifyTx(context.Background(), func(tx *NotifyTx) error {
		d := &Deadline{GameID: gameID, Seat: seat, UserID: userID, AskedSeq: seq, AskedAt: tx.Now(), DueAt: tx.Now()}
		if err := tx.AddDeadline(d); err != nil {
			return err
		}
		return tx.CloseDeadline(d, OutcomeTimeout)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestTimeoutsCountTimeoutsNotCaretakerMoves: a player who timed out twice
// and was then dropped, the caretaker playing their seat to the end, has
// two timeouts on the ladder, not one per caretaker move.
func TestTimeoutsCountTimeoutsNotCaretakerMoves(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, c, _ := openTest(t, 4)
	g := startGame(t, s, 2, 9)
	seats, _ := s.Seats(ctx, g.ID)
	timeouts := 0
	for {
		c.Add(time.Hour)
		pos, _ := s.Current(ctx, g.ID)
		seat, mv, ok := gametest.FirstMove(pos.State)
		if !ok {
			break
		}
		by := ByPlayer
		if seat == 0 {
			by = ByCaretaker
			if timeouts < 2 {
				timeOut(t, s, g.ID, seat, pos.Seq, seats[0].UserID)
				timeouts++
			}
		}
		if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv, By: by}); err != nil {
			t.Fatal(err)
		}
	}
	rel, err := s.Reliabilities(ctx, gametest.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := rel[MemberID(seats[0].UserID)]; r.Timeouts != 2 || r.Moves != 0 {
		t.Errorf("the dropped player: %+v, want 2 timeouts and no moves of their own", r)
	}
	if r := rel[MemberID(seats[1].UserID)]; r.Timeouts != 0 || r.Moves == 0 {
		t.Errorf("the other player: %+v", r)
	}
}

// TestTimeoutsStayWithWhoTimedOut: a timeout counts for the person who
// held the seat then, not for the substitute who holds it now.
func TestTimeoutsStayWithWhoTimedOut(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _, _ := openTest(t, 4)
	g := startGame(t, s, 2, 9)
	seats, _ := s.Seats(ctx, g.ID)
	timeOut(t, s, g.ID, 0, 0, seats[0].UserID)
	err := s.NotifyTx(ctx, func(tx *NotifyTx) error {
		u, err := tx.FindOrCreateUser("sub@example.org", "Sub")
		if err != nil {
			return err
		}
		return tx.replaceSeatUser(g.ID, 0, u.ID, "Sub")
	})
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := s.Reliabilities(ctx, gametest.ID)
	if rel[MemberID(seats[0].UserID)].Timeouts != 1 {
		t.Errorf("the player who timed out: %+v", rel)
	}
	sub, _ := s.UserByEmail(ctx, "sub@example.org")
	if rel[MemberID(sub.ID)].Timeouts != 0 {
		t.Errorf("the substitute is charged with a timeout: %+v", rel)
	}
}
