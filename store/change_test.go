package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/game/words"
)

// recorder is an Observer that writes down what it is told.
type recorder struct {
	mu      sync.Mutex
	in, out []string
	refuse  ChangeKind // InTx refuses changes of this kind
}

func said(c Change) string {
	return fmt.Sprintf("%s/%s/%d", c.Kind, c.Cause.Kind, c.Seat)
}

func (r *recorder) InTx(_ context.Context, tx *NotifyTx, c Change) error {
	if tx == nil || c.At.IsZero() || c.Game.ID == 0 {
		return fmt.Errorf("%s told without its transaction, time or game", c.Kind)
	}
	if c.Kind == r.refuse {
		return errors.New("refused")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.in = append(r.in, said(c))
	return nil
}

func (r *recorder) AfterCommit(_ context.Context, c Change) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.out = append(r.out, said(c))
}

// take returns what was told since the last call, in and after.
func (r *recorder) take() (in, out string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	in, out = strings.Join(r.in, " "), strings.Join(r.out, " ")
	r.in, r.out = nil, nil
	return in, out
}

// TestEveryChangeReachesTheObserverOnce makes each kind of change through
// its store method and checks that the one observer hears of it exactly
// once inside the transaction and once after the commit, with its cause;
// a change refused (by the store or by the observer) is told nothing after.
func TestEveryChangeReachesTheObserverOnce(t *testing.T) {
	t.Parallel()
	s, clk, _ := openTest(t, 0)
	ctx := context.Background()
	r := &recorder{}
	s.SetObserver(r)
	move := func(g *Game, sub Submit) {
		t.Helper()
		pos, err := s.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		sub.GameID, sub.Seat, sub.Seq, sub.Move = g.ID, seat, pos.Seq, mv
		if _, err := s.AppendMove(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	userOf := func(g *Game, seat int) int64 {
		seats, err := s.Seats(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return seats[seat].UserID
	}
	steps := []struct {
		name string
		do   func() error
		want string // what the observer hears, in and after alike
	}{
		{"started", func() error { startGame(t, s, 3, 1); return nil },
			"game-created/player/-1 game-started/player/-1"},
		{"a player's move", func() error { move(&Game{ID: 1}, Submit{UserID: userOf(&Game{ID: 1}, 0)}); return nil },
			"move-played/player/0"},
		{"taken back", func() error { _, err := s.TakeBack(ctx, 1, 0, 1, userOf(&Game{ID: 1}, 0)); return err },
			"taken-back/player/0"},
		{"by mail", func() error { move(&Game{ID: 1}, Submit{Cause: Cause{Kind: CauseMail}}); return nil },
			"move-played/mail/0"},
		{"timed out", func() error {
			move(&Game{ID: 1}, Submit{By: ByCaretaker, Cause: Cause{Kind: CauseTimeout, Why: words.New("x")}})
			return nil
		}, "move-played/timeout/1"},
		{"the caretaker", func() error { move(&Game{ID: 1}, Submit{By: ByCaretaker}); return nil },
			"move-played/caretaker/0"},
		{"a standing order", func() error { move(&Game{ID: 1}, Submit{By: ByStandingOrder}); return nil },
			"move-played/standing-order/2"},
		{"stale move", func() error {
			_, err := s.AppendMove(ctx, Submit{GameID: 1, Seat: 1, Seq: 0, Move: []byte(`{}`)})
			if !errors.Is(err, ErrGameChanged) {
				return fmt.Errorf("a stale move: %v", err)
			}
			return nil
		}, ""},
		{"message", func() error { _, err := s.PostMessage(ctx, 1, userOf(&Game{ID: 1}, 2), nil, "hello", 0); return err },
			"message-posted/player/2"},
		{"order", func() error { return s.AddStandingOrder(ctx, StandingOrder{GameID: 1, Seat: 1, Order: OrderOnlyMove}) },
			"orders-changed/player/1"},
		{"resigned", func() error { _, err := s.Resign(ctx, 1, userOf(&Game{ID: 1}, 2)); return err },
			"resigned/player/2"},
		{"substitute", func() error {
			token, hash := NewSecret()
			until := clk.Now().Add(time.Hour)
			if err := s.NotifyTx(ctx, func(tx *NotifyTx) error {
				return tx.SaveSeatClock(&SeatClock{GameID: 1, Seat: 2, SubstituteToken: hash, SubstituteUntil: &until})
			}); err != nil {
				return err
			}
			var id int64
			if err := s.NotifyTx(ctx, func(tx *NotifyTx) error {
				u, err := tx.FindOrCreateUser("zed@example.org", "Zed")
				id = u.ID
				return err
			}); err != nil {
				return err
			}
			_, err := s.TakeSeat(ctx, token, id, "")
			return err
		}, "substitute-seated/player/2"},
		{"proposed and agreed", func() error {
			g := startGame(t, s, 3, 3)
			r.take()
			for seat := range 3 {
				if _, err := s.AgreeToEnd(ctx, g.ID, userOf(g, seat), 0); err != nil {
					return err
				}
			}
			return nil
		}, "end-proposed/player/0 end-proposed/player/1 end-agreed/player/2"},
		{"abandoned", func() error {
			g := startGame(t, s, 2, 2)
			r.take()
			_, err := s.EndGame(ctx, g.ID)
			return err
		}, "abandoned/timeout/-1"},
		{"cancelled, expired, an invitation ran out", func() error {
			var gs []*Game
			for i := range 2 {
				g, _, err := s.CreateGame(ctx, NewGame{Kind: gametest.ID, Name: "Open", Seed: uint64(i), CreatedBy: userOf(&Game{ID: 1}, 0),
					InviteTTL: time.Hour, Players: []NewPlayer{{Name: "Ann", Email: "a@example.org"}, {Name: "Yan", Email: "y@example.org"}}})
				if err != nil {
					return err
				}
				gs = append(gs, g)
			}
			r.take()
			if _, err := s.CancelGame(ctx, gs[0].ID, userOf(&Game{ID: 1}, 0)); err != nil {
				return err
			}
			clk.Add(2 * time.Hour)
			gone, err := s.ExpiredInvitations(ctx, clk.Now(), 10)
			if err != nil || len(gone) != 1 {
				return fmt.Errorf("expired invitations: %v %v", gone, err)
			}
			for range 2 { // told once
				if err := s.TellExpiredInvitation(ctx, gone[0]); err != nil {
					return err
				}
			}
			_, err = s.ExpireGame(ctx, gs[1].ID)
			return err
		}, "cancelled/player/-1 invitation-expired/timeout/-1 expired/timeout/-1"},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		in, out := r.take()
		if in != st.want || out != st.want {
			t.Errorf("%s: told in the transaction %q, after the commit %q; want %q", st.name, in, out, st.want)
		}
	}
	// A change the observer refuses is not made, and not told after.
	r.refuse = ChangeMessagePosted
	if _, err := s.PostMessage(ctx, 1, userOf(&Game{ID: 1}, 0), nil, "refused", 0); err == nil {
		t.Error("a message the observer refused was posted")
	}
	if n, _ := s.CountMessages(ctx, 1, userOf(&Game{ID: 1}, 0)); n != 1 {
		t.Errorf("messages after a refused one: %d, want 1", n)
	}
	if in, out := r.take(); in != "" || out != "" {
		t.Errorf("a refused change was told: %q %q", in, out)
	}
}
