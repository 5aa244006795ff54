package notify

import (
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/config"
)

// A player who moved on the web a minute ago and whose turn begins again
// gets no turn mail at once: it is sent only when the turn is still open
// after the quiet delay (10 minutes by default), with a link that works;
// a turn played within the delay is never mailed. Someone who did not
// move on the web is mailed at once.
func TestQuietDelayHoldsTheTurnMail(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	if e.cfg.Notify.QuietMinutes != 10 {
		t.Fatalf("default quiet delay %d minutes, want 10", e.cfg.Notify.QuietMinutes)
	}
	g := e.startGame(gametest.ID, "quiet", 2, 3, game.Options{"votes": "false"})
	seats, _ := e.st.Seats(e.ctx, g.ID)
	mailsTo := func(seat int) []store.OutboxMail {
		var out []store.OutboxMail
		for _, m := range e.outbox(kindTurn) {
			if m.UserID == seats[seat].UserID {
				out = append(out, m)
			}
		}
		return out
	}
	// move plays the asked seat's first legal move, on the web (as its
	// holder) or not (a test's move, as from another program).
	move := func(web bool) int {
		t.Helper()
		pos, _ := e.st.Current(e.ctx, g.ID)
		seat, mv, _ := gametest.FirstMove(pos.State)
		sub := store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}
		if web {
			sub.UserID = seats[seat].UserID
		}
		if _, err := e.st.AppendMove(e.ctx, sub); err != nil {
			t.Fatal(err)
		}
		e.tick()
		return seat
	}
	a := move(true) // a's first turn, mailed at the start
	e.clk.Add(time.Minute)
	b := move(false) // b was mailed at once: b has not moved on the web
	if n := len(mailsTo(b)); n != 1 {
		t.Fatalf("b got %d turn mails, want 1", n)
	}
	if n := len(mailsTo(a)); n != 1 {
		t.Fatalf("a, who moved on the web a minute ago, got %d turn mails at once, want only the first", n)
	}
	e.clk.Add(9*time.Minute + 59*time.Second) // 10 minutes after a's move, a minute less after the turn began
	e.tick()
	if n := len(mailsTo(a)); n != 1 {
		t.Fatalf("a's mail was sent before the quiet delay was over (%d mails)", n)
	}
	e.clk.Add(time.Minute)
	e.tick()
	held := mailsTo(a)
	if len(held) != 2 {
		t.Fatalf("a's turn still open after the quiet delay: %d turn mails, want 2", len(held))
	}
	pos, _ := e.st.Current(e.ctx, g.ID)
	if held[0].Seq != pos.Seq && held[1].Seq != pos.Seq {
		t.Errorf("the held mail is not keyed by the turn (move %d): %d, %d", pos.Seq, held[0].Seq, held[1].Seq)
	}
	// Its link opens the decision.
	l := DecisionLink{Game: g.ID, Seat: a, Seq: pos.Seq, User: seats[a].UserID, Choice: -1}
	if chk, err := e.svc.CheckLink(e.ctx, l); err != nil || chk.State != LinkOpen {
		t.Fatalf("the held mail's link: %+v %v", chk, err)
	}
	// a plays on the web; b answers at once; a plays again within the
	// delay: that turn never mails, however long the clock then runs.
	move(true)
	e.clk.Add(2 * time.Minute)
	move(false)
	e.clk.Add(3 * time.Minute)
	move(true)
	for range 3 {
		e.clk.Add(30 * time.Minute)
		e.tick()
	}
	if n := len(mailsTo(a)); n != 2 {
		t.Errorf("a turn played within the quiet delay was mailed: %d turn mails, want 2", n)
	}
	if n := len(mailsTo(b)); n != 3 {
		t.Errorf("b, never on the web, got %d turn mails for 3 turns", n)
	}
}

// With quiet_minutes 0 every turn is mailed at once.
func TestNoQuietDelay(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.QuietMinutes = 0 })
	g := e.startGame(gametest.ID, "loud", 2, 3, game.Options{"votes": "false"})
	seats, _ := e.st.Seats(e.ctx, g.ID)
	for range 4 {
		pos, _ := e.st.Current(e.ctx, g.ID)
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv, UserID: seats[seat].UserID}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(e.outbox(kindTurn)); n != 5 {
		t.Errorf("%d turn mails for 5 turns", n)
	}
}
