package notify

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

// playUntilAsked plays the caretaker's moves until userID's seat is asked
// anew, and returns the number of moves then.
func playUntilAsked(t *testing.T, e *env, g *store.Game, userID int64) int {
	t.Helper()
	for range 50 {
		pos, err := e.st.Current(e.ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		d := pos.State.ToAct()[0]
		if pos.Seats[d.Seat].UserID == userID && pos.Seq > 0 {
			return pos.Seq
		}
		mv, _, _ := pos.State.Caretaker(d.Seat)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the seat was never asked")
	return 0
}

// TestMessagesReachThePlayers: a member who chose a mail per message gets
// one for each message they may read (not their own, not others' private
// ones); the others find the new messages listed in their next turn mail
// ("3 new messages"), once; a digest lists them as well.
func TestMessagesReachThePlayers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.DigestHour = 7 })
	g := e.startGame(gametest.ID, "Tuesday", 3, 5, game.Options{"votes": "false"})
	seats, _ := e.st.Seats(e.ctx, g.ID)
	a, b, c := seats[0].UserID, seats[1].UserID, seats[2].UserID
	if err := e.st.SetMessageMail(e.ctx, c, store.MessageMailEach); err != nil {
		t.Fatal(err)
	}
	zero := 0
	post := func(from int64, to *int, text string) {
		t.Helper()
		if _, err := e.st.PostMessage(e.ctx, g.ID, from, to, text, 0); err != nil {
			t.Fatal(err)
		}
	}
	post(b, nil, "Hello table")
	post(b, nil, "<b>second</b>")
	post(c, &zero, "Psst, just you")
	post(a, nil, "Mine")

	each := e.outbox(kindMessage)
	if len(each) != 3 {
		t.Fatalf("%d mails per message, want 3 (to the member who asked for them)", len(each))
	}
	for _, m := range each {
		if m.UserID != c {
			t.Errorf("a mail per message to user %d, who did not ask for it", m.UserID)
		}
		if strings.Contains(m.TextBody, "Psst") {
			t.Error("the writer was mailed their own message")
		}
	}
	if !strings.Contains(each[1].HTMLBody, "&lt;b&gt;second&lt;/b&gt;") {
		t.Errorf("the HTML part does not escape the message:\n%s", each[1].HTMLBody)
	}

	seq := playUntilAsked(t, e, g, a)
	var turn *store.OutboxMail
	for _, m := range e.outbox(kindTurn) {
		if m.UserID == a && m.Seq == seq {
			turn = &m
		}
	}
	if turn == nil {
		t.Fatal("no turn mail")
	}
	for _, want := range []string{"3 new messages", "Bnn: Hello table", "Cnn (to you alone): Psst, just you"} {
		if !strings.Contains(turn.TextBody, want) {
			t.Errorf("the turn mail does not say %q:\n%s", want, turn.TextBody)
		}
	}
	if strings.Contains(turn.TextBody, "Mine") {
		t.Error("the turn mail lists the reader's own message")
	}
	// The next turn mail does not list them again.
	e.clk.Add(time.Hour)
	pos, _ := e.st.Current(e.ctx, g.ID)
	mv, _, _ := pos.State.Caretaker(pos.State.ToAct()[0].Seat)
	if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: pos.State.ToAct()[0].Seat, Seq: pos.Seq, Move: mv}); err != nil {
		t.Fatal(err)
	}
	seq = playUntilAsked(t, e, g, a)
	for _, m := range e.outbox(kindTurn) {
		if m.UserID == a && m.Seq == seq && strings.Contains(m.TextBody, "new message") {
			t.Errorf("messages listed twice:\n%s", m.TextBody)
		}
	}

	// Bob reads by digest: the digest lists what he was not told.
	u, _ := e.st.User(e.ctx, b)
	if err := e.st.UpdateProfile(e.ctx, b, u.DisplayName, "en", store.NotifyDaily); err != nil {
		t.Fatal(err)
	}
	post(a, nil, "For the digest")
	playUntilAsked(t, e, g, b)
	e.clk.Set(time.Date(2026, 3, 5, 7, 0, 0, 0, time.UTC))
	e.tick()
	ds := e.outbox(kindDigest)
	if len(ds) != 1 || !strings.Contains(ds[0].TextBody, "Tuesday: 1 new message") || !strings.Contains(ds[0].TextBody, "Ann: For the digest") {
		t.Fatalf("digest: %+v", ds)
	}
}

// A member who chose a mail for each message gets at most the writer's
// hourly limit of mails from one writer in one game: a flood past the
// limit is refused before anything is stored or queued.
func TestMessageFloodIsBounded(t *testing.T) {
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "flood", 2, 5, game.Options{"votes": "false"})
	seats, _ := e.st.Seats(e.ctx, g.ID)
	a, b := seats[0].UserID, seats[1].UserID
	if err := e.st.SetMessageMail(e.ctx, b, store.MessageMailEach); err != nil {
		t.Fatal(err)
	}
	refused := 0
	for i := range 50 {
		_, err := e.st.PostMessage(e.ctx, g.ID, a, nil, fmt.Sprintf("spam %d", i), e.cfg.Limits.MessagesPerHour)
		var we *words.Error
		switch {
		case err == nil:
		case errors.As(err, &we) && we.Msg.ID == "store.error.limit_message":
			refused++
		default:
			t.Fatal(err)
		}
	}
	limit := e.cfg.Limits.MessagesPerHour
	if mails := e.outbox(kindMessage); len(mails) != limit || refused != 50-limit {
		t.Errorf("%d mails for each message and %d refused, want %d and %d", len(mails), refused, limit, 50-limit)
	}
	if ms, _ := e.st.Messages(e.ctx, g.ID, b); len(ms) != limit {
		t.Errorf("%d messages stored, want %d", len(ms), limit)
	}
}
