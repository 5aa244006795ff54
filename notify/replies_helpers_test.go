package notify

import (
	"cmp"
	"crypto/rand"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"testing"

	"rondel/store"
	"rondel/store/config"
)

// The club of the reply tests: its mailbox and its mail server's name.
const (
	clubAddr  = "club@club.example"
	clubMX    = "mx.club.example"
	trustedAR = "Authentication-Results: " + clubMX + "; spf=pass smtp.mailfrom=%[1]s; dkim=pass header.d=%[2]s; dmarc=pass header.from=%[2]s\r\n"
)

// repliesOn turns playing by reply on, mails going out at once.
func repliesOn(c *config.Config) {
	c.Mail.Replies.Enabled = true
	c.Mail.Replies.Address = clubAddr
	c.Mail.Replies.AuthservID = clubMX
	c.Mail.Replies.LMTP.Addr = "127.0.0.1:0"
	c.Notify.QuietMinutes = 0
}

// replyMail is a reply as a player's mail program and the club's mail
// server shape it.
type replyMail struct {
	From, To, MessageID, Body string
	Auth                      string // the Authentication-Results line(s); "-" for none, "" for a passing one
	Extra                     string // more header lines
}

func (r replyMail) raw() []byte {
	_, domain, _ := splitAddress(r.From)
	auth := r.Auth
	switch auth {
	case "":
		auth = fmt.Sprintf(trustedAR, r.From, domain)
	case "-":
		auth = ""
	}
	id := r.MessageID
	if id == "" {
		id = fmt.Sprintf("<%s@mua.example>", rand.Text())
	}
	return []byte(auth + r.Extra + "From: Player <" + r.From + ">\r\nTo: " + r.To + "\r\nSubject: Re: your turn\r\n" +
		"Message-ID: " + id + "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(r.Body, "\n", "\r\n") + "\r\n\r\nOn Wed, 4 Mar 2026 Rondel <rondel@rondel.example> wrote:\r\n> It is your turn.\r\n")
}

// replyTo finds the Reply-To of the newest mail to user in game asking the
// decision at seq, as a player's mail program would answer it.
func (e *env) replyTo(gameID, user int64, seq int) string {
	e.t.Helper()
	rows, err := e.st.Outbox().Rows(e.ctx, "", 60) // newest first: the mails of the last turns
	if err != nil {
		e.t.Fatal(err)
	}
	for _, r := range rows {
		to := headers(r)["Reply-To"]
		if r.GameID != gameID || r.UserID != user || to == "" {
			continue
		}
		a, err := mail.ParseAddress(to)
		if err != nil {
			e.t.Fatalf("Reply-To %q: %v", to, err)
		}
		l, ok := e.svc.findToken(mail.Header{"To": {a.Address}})
		if ok && l.Seq == seq {
			return a.Address
		}
	}
	e.t.Fatalf("no mail to user %d asks the decision at move %d of game %d", user, seq, gameID)
	return ""
}

// moves is how many moves the game has.
func (e *env) moves(gameID int64) int {
	e.t.Helper()
	pos, err := e.st.Current(e.ctx, gameID)
	if err != nil {
		e.t.Fatal(err)
	}
	return pos.Seq
}

// answers are the answers to replies queued for user, oldest first.
func (e *env) answers(user int64) []store.OutboxMail {
	var out []store.OutboxMail
	for _, r := range e.outbox(kindReply) {
		if r.UserID == user {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b store.OutboxMail) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

func mustUser(t testing.TB, e *env, addr string) int64 {
	t.Helper()
	u, err := e.st.UserByEmail(e.ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}
