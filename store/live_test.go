package store

import (
	"context"
	"testing"
	"time"

	"rondel/game/gametest"
)

// TestGameNews: a committed change of a game is news for that game's
// subscribers only (a move with its new count, a message); a refused move
// and a transaction that only reads the game under its lock are none. On
// PostgreSQL the news makes its way through NOTIFY and the listener.
func TestGameNews(t *testing.T) {
	t.Parallel()
	s, _, _ := openTest(t, 8)
	ctx := context.Background()
	g := startGame(t, s, 2, 3)
	other := startGame(t, s, 2, 4)
	news, stop := s.Subscribe(g.ID)
	defer stop()
	otherNews, stopOther := s.Subscribe(other.ID)
	defer stopOther()
	quiet := func(what string, ch <-chan GameNews) {
		t.Helper()
		select {
		case n := <-ch:
			t.Errorf("%s: news %+v", what, n)
		case <-time.After(300 * time.Millisecond):
		}
	}
	expect := func(what string, want GameNews) {
		t.Helper()
		select {
		case n := <-news:
			if n != want {
				t.Errorf("%s: news %+v, want %+v", what, n, want)
			}
		case <-time.After(2 * time.Second):
			t.Errorf("%s: no news", what)
		}
	}

	pos, _ := s.Current(ctx, g.ID)
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: 5, Move: mv}); err == nil {
		t.Fatal("a stale move was played")
	}
	quiet("a refused move", news)
	if _, err := s.AppendMove(ctx, Submit{GameID: g.ID, Seat: seat, Seq: 0, Move: mv}); err != nil {
		t.Fatal(err)
	}
	expect("a move", GameNews{GameID: g.ID, Moves: 1})
	quiet("another game's move", otherNews)

	if err := s.NotifyTx(ctx, func(tx *NotifyTx) error { _, err := tx.GameRow(g.ID); return err }); err != nil {
		t.Fatal(err)
	}
	quiet("a read under the lock", news)

	seats, _ := s.Seats(ctx, g.ID)
	if _, err := s.PostMessage(ctx, g.ID, seats[0].UserID, nil, "well played", 0); err != nil {
		t.Fatal(err)
	}
	expect("a message", GameNews{GameID: g.ID, Moves: 1})

	stop()
	stopOther()
	if n := s.Subscribers(); n != 0 {
		t.Errorf("%d subscribers after both ended", n)
	}
}

// TestNewsPayload: the NOTIFY payload reads back; anything else is no
// news (another program on the channel cannot crash the listener).
func TestNewsPayload(t *testing.T) {
	n := GameNews{GameID: 42, Moves: 7}
	if got, ok := parseNews(n.payload()); !ok || got != n {
		t.Errorf("payload %q reads as %+v %v", n.payload(), got, ok)
	}
	for _, bad := range []string{"", "42", "42:", ":7", "x:7", "42:y", "42:7:1", "9999999999999999999999:1"} {
		if got, ok := parseNews(bad); ok {
			t.Errorf("%q reads as %+v", bad, got)
		}
	}
}
