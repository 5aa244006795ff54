package notify

import (
	"net/mail"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
)

// TestMessageReplyToken: a message token says its numbers back; a turn
// token is no message token nor the other way round, and a changed
// letter is refused.
func TestMessageReplyToken(t *testing.T) {
	e := newEnv(t, nil, repliesOn)
	want := messageToken{Game: 77, User: 12, Partner: 9}
	tok := e.svc.messageReplyToken(want)
	if got, err := e.svc.parseMessageToken(strings.ToUpper(tok)); err != nil || got != want {
		t.Errorf("parseMessageToken = %+v, %v; want %+v", got, err, want)
	}
	if _, err := e.svc.ParseReplyToken(tok); err == nil {
		t.Error("a message token read as a turn token")
	}
	turn := e.svc.ReplyToken(DecisionLink{Game: 77, Seat: 1, Seq: 12, User: 9})
	if _, err := e.svc.parseMessageToken(turn); err == nil {
		t.Error("a turn token read as a message token")
	}
	for i := range tok {
		changed := tok[:i] + "b" + tok[i+1:]
		if tok[i] == 'b' {
			changed = tok[:i] + "c" + tok[i+1:]
		}
		if got, err := e.svc.parseMessageToken(changed); err == nil {
			t.Errorf("changed token %q accepted as %+v", changed, got)
		}
	}
}

// TestMessageReplies: a reply to the mail of a message is posted as a
// message, never read as moves — to the author alone when the message
// was private (the third player does not see it), else at the table —
// and a forged From posts nothing.
func TestMessageReplies(t *testing.T) {
	cases := []struct {
		name    string
		private bool
		from    string // "": Bob's own address
		posted  bool
		answer  string // words of the answer to Bob
		invite  string // what the message mail says of answering it
	}{
		{"private message answered alone", true, "", true, "sent to Ann alone", "your words go to Ann alone"},
		{"table message answered at the table", false, "", true, "posted at the table", "your words are posted at the table"},
		{"forged From", true, "mallory@evil.example", false, "could not check", "go to Ann alone"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, nil, repliesOn)
			g := e.startGame(gametest.ID, "Letters", 3, 5, game.Options{"votes": "false"})
			seats, _ := e.st.Seats(e.ctx, g.ID)
			ann, bob, cid := seats[0].UserID, seats[1].UserID, seats[2].UserID
			if err := e.st.SetMessageMail(e.ctx, bob, store.MessageMailEach); err != nil {
				t.Fatal(err)
			}
			var to *int
			if c.private {
				one := 1
				to = &one
			}
			if _, err := e.st.PostMessage(e.ctx, g.ID, ann, to, "Shall we share the sea?", 0); err != nil {
				t.Fatal(err)
			}
			var replyTo string
			for _, m := range e.outbox(kindMessage) {
				if m.UserID == bob && strings.Contains(m.TextBody, "share the sea") {
					replyTo = headers(m)["Reply-To"]
					if !strings.Contains(m.TextBody, c.invite) {
						t.Errorf("the message mail does not say %q:\n%s", c.invite, m.TextBody)
					}
				}
			}
			a, err := mail.ParseAddress(replyTo)
			if err != nil {
				t.Fatalf("the message mail's Reply-To %q: %v", replyTo, err)
			}
			u, _ := e.st.User(e.ctx, bob)
			from := c.from
			if from == "" {
				from = u.Email
			}
			moves := e.moves(g.ID)
			if err := e.svc.HandleReply(e.ctx, replyMail{From: from, To: a.Address, Body: "Gladly, the north is yours."}.raw()); err != nil {
				t.Fatal(err)
			}
			if e.moves(g.ID) != moves {
				t.Error("a reply to a message was played")
			}
			seen := func(user int64) bool {
				ms, err := e.st.Messages(e.ctx, g.ID, user)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range ms {
					if strings.HasPrefix(m.Body, "Gladly") {
						if m.UserID == nil || *m.UserID != bob || strings.Contains(m.Body, "wrote:") ||
							(c.private != (m.ToSeat != nil && *m.ToSeat == 0)) {
							t.Errorf("posted %+v", m)
						}
						return true
					}
				}
				return false
			}
			if got := seen(ann); got != c.posted {
				t.Errorf("Ann sees the reply: %v, want %v", got, c.posted)
			}
			if got := seen(cid); got != (c.posted && !c.private) {
				t.Errorf("the third player sees the reply: %v", got)
			}
			as := e.answers(bob)
			if len(as) != 1 || !strings.Contains(as[0].TextBody, c.answer) {
				t.Errorf("answers to Bob %+v, want one saying %q", as, c.answer)
			}
			if len(e.answers(ann)) != 0 {
				t.Error("the author was answered")
			}
		})
	}
}
