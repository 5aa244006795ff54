package notify

import (
	"errors"
	"strings"
	"testing"
	"time"

	"rondel/store"
	"rondel/store/config"
)

// user makes (or finds) a person.
func (e *env) user(addr, name string) store.User {
	e.t.Helper()
	var u store.User
	if err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
		p, err := tx.FindOrCreateUser(addr, name)
		if err == nil {
			u = *p
		}
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
	return u
}

func (e *env) localMails() []store.LocalMail {
	e.t.Helper()
	got, err := e.st.LocalMails(e.ctx, 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	return got
}

func signinMail(e *env, to string) store.Mail {
	exp := e.clk.Now().Add(15 * time.Minute)
	return store.Mail{To: to, Subject: "Your Rondel sign-in link", Body: "Open the link.", Link: "https://rondel.example/signin/tok",
		Kind: "signin", Key: to, TellUserID: -1, Once: true, Expires: &exp}
}

// TestOwnMailsGoThroughTheQueue: a sign-in link and an invitation are
// queued in the durable outbox like game mail, delivered at once, and in
// local mode land in the local outbox exactly once.
func TestOwnMailsGoThroughTheQueue(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	if err := e.svc.Send(e.ctx, signinMail(e, "new@example.org")); err != nil {
		t.Fatal(err)
	}
	rows := e.outbox("signin")
	if len(rows) != 1 || rows[0].Status != store.OutboxSent || rows[0].UserID != 0 {
		t.Fatalf("sign-in mail in the queue: %+v", rows)
	}
	if got := e.localMails(); len(got) != 1 || got[0].Link != "https://rondel.example/signin/tok" {
		t.Fatalf("local outbox: %+v", got)
	}
	// Sending the same mail again (same kind and key) is a no-op.
	if err := e.svc.Send(e.ctx, signinMail(e, "new@example.org")); err != nil {
		t.Fatal(err)
	}
	e.tick()
	if got := e.localMails(); len(got) != 1 {
		t.Fatalf("%d local copies, want 1", len(got))
	}
}

// TestLocalOutboxIsExactlyOnce: however often a queued mail is handed to
// the local outbox (a second sender, a retry after a crash), it is kept
// once and marked sent in the same transaction.
func TestLocalOutboxIsExactlyOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	u := e.user("a@example.org", "Ann")
	if _, err := e.st.Outbox().Enqueue(e.ctx, &store.OutboxMail{UserID: u.ID, Kind: "test", ToAddr: u.Email, Subject: "s", TextBody: "b"}); err != nil {
		t.Fatal(err)
	}
	m, err := e.st.Outbox().ClaimNext(e.ctx, sendLease)
	if err != nil || m == nil {
		t.Fatalf("claim: %v %v", m, err)
	}
	out := store.LocalOutbox{Store: e.st}
	for range 3 {
		if err := out.Deliver(e.ctx, *m, ""); err != nil {
			t.Fatal(err)
		}
	}
	e.clk.Add(sendLease + time.Second)
	e.tick()
	if got := e.localMails(); len(got) != 1 {
		t.Fatalf("%d local copies, want 1", len(got))
	}
	if rows := e.outbox("test"); rows[0].Status != store.OutboxSent {
		t.Fatalf("status %s", rows[0].Status)
	}
}

// TestOneMailAtATime: a sender that dies holds only the mail it was
// sending, for a short lease; the others go out at once, and the one in
// flight goes out again when its lease ends (at least once).
func TestOneMailAtATime(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	u := e.user("a@example.org", "Ann")
	for i := range 3 {
		if _, err := e.st.Outbox().Enqueue(e.ctx, &store.OutboxMail{Seq: i, UserID: u.ID, Kind: "test", ToAddr: u.Email, Subject: "s", TextBody: "b"}); err != nil {
			t.Fatal(err)
		}
	}
	crashed, err := e.st.Outbox().ClaimNext(e.ctx, sendLease) // a sender that dies now
	if err != nil || crashed == nil {
		t.Fatal(err)
	}
	e.tick()
	if n := len(srv.messages()); n != 2 {
		t.Fatalf("%d mails sent while one was in flight, want the other 2", n)
	}
	if sendLease > 5*time.Minute {
		t.Errorf("lease %v: a crash would hold the mail too long", sendLease)
	}
	e.clk.Add(sendLease + time.Second)
	e.tick()
	if n := len(srv.messages()); n != 3 {
		t.Fatalf("%d mails after the lease, want 3", n)
	}
}

// TestSignInWhileSMTPIsDown: the link's mail fails at once, is not
// retried (the person was told on the page), and nobody else is told.
func TestSignInWhileSMTPIsDown(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, func(c *config.Config) { c.Admins = []string{"boss@example.org"} })
	srv.down()
	err := e.svc.Send(e.ctx, signinMail(e, "new@example.org"))
	if !errors.Is(err, ErrNotSent) {
		t.Fatalf("send while SMTP is down: %v", err)
	}
	if rows := e.outbox("signin"); len(rows) != 1 || rows[0].Status != store.OutboxFailed {
		t.Fatalf("queue: %+v", rows)
	}
	srv.up()
	e.clk.Add(time.Hour)
	e.tick()
	if n := len(srv.messages()); n != 0 {
		t.Errorf("%d mails went out later (a dead sign-in link, or a report)", n)
	}
}

// TestFailedInvitationIsRetriedThenReported: an invitation that cannot be
// sent stays queued and is retried; once the last attempt fails, its
// creator is told by mail.
func TestFailedInvitationIsRetriedThenReported(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, nil)
	creator := e.user("cleo@example.org", "Cleo")
	guest := e.user("dan@example.org", "Dan")
	inv := store.Mail{To: guest.Email, Subject: "Invitation: Club night", Body: "Come and play.", Link: "https://rondel.example/invite/x",
		Kind: "invite", GameID: 0, UserID: guest.ID, TellUserID: creator.ID}

	// A retry succeeds once the server is back.
	srv.down()
	if err := e.svc.Send(e.ctx, inv); !errors.Is(err, ErrNotSent) {
		t.Fatalf("first attempt: %v", err)
	}
	if rows := e.outbox("invite"); rows[0].Status != store.OutboxPending || rows[0].Attempts != 1 {
		t.Fatalf("after one failure: %+v", rows[0])
	}
	srv.up()
	e.clk.Add(time.Hour)
	e.tick()
	if got := srv.messages(); len(got) != 1 || got[0].To != guest.Email {
		t.Fatalf("after the retry: %+v", got)
	}

	// Another that never gets through: the creator is told.
	inv.Key, inv.UserID = "2", guest.ID
	srv.down()
	_ = e.svc.Send(e.ctx, inv)
	for range e.cfg.Notify.Sender.MaxAttempts + 2 {
		e.clk.Add(24 * time.Hour)
		e.tick()
	}
	rows := e.outbox("invite-2")
	if len(rows) != 1 || rows[0].Status != store.OutboxFailed || rows[0].Attempts != e.cfg.Notify.Sender.MaxAttempts {
		t.Fatalf("the undeliverable invitation: %+v", rows)
	}
	told := e.outbox(kindUndelivered)
	if len(told) != 1 || told[0].ToAddr != creator.Email || !strings.Contains(told[0].TextBody, guest.Email) {
		t.Fatalf("report to the creator: %+v", told)
	}
	srv.up()
	e.clk.Add(time.Hour)
	e.tick()
	if got := srv.messages(); len(got) != 2 || got[1].To != creator.Email {
		t.Fatalf("the report was not delivered: %+v", got)
	}
}

// TestPermanentRefusalIsNotRetried: a 5xx reply gives the mail up at the
// first attempt; the creator of an invitation, or for other mail the
// admins, are told. A 4xx reply is retried.
func TestPermanentRefusalIsNotRetried(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, func(c *config.Config) { c.Admins = []string{"boss@example.org"} })
	creator := e.user("cleo@example.org", "Cleo")
	srv.refuseRcpt("gone@example.org", 550)
	srv.refuseRcpt("busy@example.org", 451)
	gone := e.user("gone@example.org", "")
	busy := e.user("busy@example.org", "")
	inv := store.Mail{To: gone.Email, Subject: "Invitation", Body: "b", Kind: "invite", UserID: gone.ID, TellUserID: creator.ID}
	if err := e.svc.Send(e.ctx, inv); !errors.Is(err, ErrNotSent) {
		t.Fatalf("refused invitation: %v", err)
	}
	if _, err := e.st.Outbox().Enqueue(e.ctx, &store.OutboxMail{UserID: gone.ID, Kind: "turn", ToAddr: gone.Email, Subject: "Your turn", TextBody: "b"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.st.Outbox().Enqueue(e.ctx, &store.OutboxMail{UserID: busy.ID, Kind: "turn", ToAddr: busy.Email, Subject: "Your turn", TextBody: "b"}); err != nil {
		t.Fatal(err)
	}
	e.tick()
	for _, m := range append(e.outbox("invite"), e.outbox("turn")...) {
		switch m.ToAddr {
		case gone.Email:
			if m.Status != store.OutboxFailed || m.Attempts != 1 {
				t.Errorf("refused with 550: %s after %d attempts", m.Status, m.Attempts)
			}
		case busy.Email:
			if m.Status != store.OutboxPending || m.Attempts != 1 {
				t.Errorf("refused with 451: %s after %d attempts", m.Status, m.Attempts)
			}
		}
	}
	told := map[string]bool{}
	for _, m := range e.outbox(kindUndelivered) {
		told[m.ToAddr] = true
	}
	if !told[creator.Email] || !told["boss@example.org"] || len(told) != 2 {
		t.Errorf("told about the refusals: %v, want the creator and the admin", told)
	}
}
