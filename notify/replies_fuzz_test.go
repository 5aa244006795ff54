package notify

import (
	"net/mail"
	"strings"
	"testing"
)

// FuzzHandleReply: from any message, HandleReply neither panics nor
// fails, and a move is played only when the message carries the seat's
// genuine token, comes from the seat's member and holds the club server's
// passing Authentication-Results.
func FuzzHandleReply(f *testing.F) {
	e := newEnv(f, nil, repliesOn)
	g := e.startGame("takeaway", "Fuzz", 2, 1, nil)
	ann := mustUser(f, e, "a@example.org")
	to := e.replyTo(g.ID, ann, 0)
	f.Add(replyMail{From: "a@example.org", To: to, Body: "Pile B take 2", MessageID: "<seed@x>"}.raw())
	f.Add(replyMail{From: "a@example.org", To: to, Body: "Good luck", MessageID: "<seed2@x>", Auth: "Authentication-Results: " + clubMX + "; dmarc=pass (\r\n"}.raw())
	f.Add([]byte("From: \r\nTo: " + to + "\r\n\r\n"))
	f.Add([]byte("Authentication-Results: ;;;===\r\nAuthentication-Results: " + clubMX + "; dkim=pass header.d=\r\n\r\nx"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		e := *e
		e.t = t // f's helpers may not be called in the target
		before := e.moves(g.ID)
		if err := e.svc.HandleReply(e.ctx, raw); err != nil {
			t.Fatalf("HandleReply: %v", err)
		}
		if e.moves(g.ID) == before {
			return
		}
		m, err := mail.ReadMessage(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatalf("a move played from an unreadable message: %v", err)
		}
		l, ok := e.svc.findToken(m.Header)
		_, domain, _ := splitAddress(fromAddress(m.Header))
		if pass, _ := authenticated(m.Header, clubMX, domain); !ok || !pass || !strings.EqualFold(fromAddress(m.Header), e.emailOfSeat(g.ID, l.Seat)) {
			t.Fatalf("a move played from %q", raw)
		}
	})
}
