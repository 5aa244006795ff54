package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestCalendarFeedSecret(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	g := startGame(t, s, 2, 1)
	seats, _ := s.Seats(ctx, g.ID)
	ann := seats[0].UserID
	if f, err := s.Calendar().FeedOf(ctx, ann); f != nil || err != nil {
		t.Fatalf("a feed before any was made: %+v %v", f, err)
	}
	tok, err := s.Calendar().NewFeed(ctx, ann)
	if err != nil || len(tok) < 40 {
		t.Fatalf("secret %q %v", tok, err)
	}
	f, _ := s.Calendar().FeedOf(ctx, ann)
	if f.TokenHash == tok || f.TokenHash != HashToken(tok) || f.ReadAt != nil {
		t.Errorf("stored %+v: not the secret's hash", f)
	}
	u, err := s.Calendar().FeedUser(ctx, tok)
	if err != nil || u.ID != ann {
		t.Fatalf("the secret's owner: %+v %v", u, err)
	}
	f, _ = s.Calendar().FeedOf(ctx, ann)
	read := *f.ReadAt
	c.Add(10 * time.Minute)
	s.Calendar().FeedUser(ctx, tok)
	if f, _ = s.Calendar().FeedOf(ctx, ann); !f.ReadAt.Equal(read) {
		t.Error("a read within the hour was written")
	}
	c.Add(time.Hour)
	s.Calendar().FeedUser(ctx, tok)
	if f, _ = s.Calendar().FeedOf(ctx, ann); !f.ReadAt.After(read) {
		t.Error("a read after an hour was not noted")
	}
	for _, wrong := range []string{"", tok + "x", tok[1:], HashToken(tok)} {
		if _, err := s.Calendar().FeedUser(ctx, wrong); !errors.Is(err, ErrNotFound) {
			t.Errorf("secret %q: %v, want ErrNotFound", wrong, err)
		}
	}
	// A new secret replaces the old; revoking ends it.
	tok2, _ := s.Calendar().NewFeed(ctx, ann)
	if _, err := s.Calendar().FeedUser(ctx, tok); !errors.Is(err, ErrNotFound) {
		t.Errorf("the replaced secret: %v", err)
	}
	if f, _ = s.Calendar().FeedOf(ctx, ann); f.ReadAt != nil {
		t.Error("a new secret keeps the old one's last read")
	}
	if err := s.Calendar().RevokeFeed(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Calendar().FeedUser(ctx, tok2); !errors.Is(err, ErrNotFound) {
		t.Errorf("the revoked secret: %v", err)
	}
}

func TestOpenDeadlinesOf(t *testing.T) {
	t.Parallel()
	s, c, _ := openTest(t, 0)
	ctx := context.Background()
	g, other := startGame(t, s, 2, 1), startGame(t, s, 2, 2)
	seats, _ := s.Seats(ctx, g.ID)
	ann, bob := seats[0].UserID, seats[1].UserID
	due := c.Now().Add(48 * time.Hour)
	add := func(gameID int64, seat int, due time.Time) *Deadline {
		d := &Deadline{GameID: gameID, Seat: seat, AskedAt: c.Now(), DueAt: due}
		if err := s.NotifyTx(ctx, func(tx *NotifyTx) error { return tx.AddDeadline(d) }); err != nil {
			t.Fatal(err)
		}
		return d
	}
	late := add(g.ID, 0, due)
	soon := add(other.ID, 0, due.Add(-time.Hour)) // Ann holds seat 0 of both games
	add(g.ID, 1, due)                             // Bob's
	closed := add(other.ID, 1, due)
	s.NotifyTx(ctx, func(tx *NotifyTx) error { return tx.CloseDeadline(closed, OutcomeMoved) })
	got, err := s.Calendar().OpenDeadlinesOf(ctx, ann)
	if err != nil || len(got) != 2 || got[0].ID != soon.ID || got[1].ID != late.ID {
		t.Fatalf("Ann's open deadlines: %+v %v", got, err)
	}
	if got, _ := s.Calendar().OpenDeadlinesOf(ctx, bob); len(got) != 1 || got[0].Seat != 1 {
		t.Errorf("Bob's: %+v", got)
	}
	// A seat the caretaker plays for good has nothing for its holder.
	s.NotifyTx(ctx, func(tx *NotifyTx) error {
		return tx.SaveSeatClock(&SeatClock{GameID: other.ID, Seat: 0, Dropped: true})
	})
	if got, _ := s.Calendar().OpenDeadlinesOf(ctx, ann); len(got) != 1 || got[0].ID != late.ID {
		t.Errorf("with a dropped seat: %+v", got)
	}
	// A finished game has no deadlines to keep.
	s.Exec("UPDATE games SET status = ? WHERE id = ?", StatusFinished, g.ID)
	if got, _ := s.Calendar().OpenDeadlinesOf(ctx, ann); len(got) != 0 {
		t.Errorf("in a finished game: %+v", got)
	}
}
