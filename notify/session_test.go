package notify

import (
	"bufio"
	"bytes"
	"fmt"
	"net/textproto"
	"strings"
	"testing"

	"rondel/store"
)

// queueMails queues n plain mails, to a0..a(n-1)@rondel.example unless
// to names some of them, and returns their ids.
func (e *env) queueMails(n int) []int64 {
	e.t.Helper()
	var ids []int64
	for i := range n {
		m := &store.OutboxMail{Kind: fmt.Sprintf("test-%d", i), ToAddr: fmt.Sprintf("a%d@rondel.example", i),
			Subject: fmt.Sprintf("mail %d", i), TextBody: "hello"}
		if _, err := e.st.Outbox().Enqueue(e.ctx, m); err != nil {
			e.t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	return ids
}

// receivedOnce checks that the server got each of the n mails exactly once.
func receivedOnce(t *testing.T, srv *smtpServer, n int) {
	t.Helper()
	seen := map[string]int{}
	for _, m := range srv.messages() {
		seen[m.Header.Get("Subject")]++
	}
	for i := range n {
		if c := seen[fmt.Sprintf("mail %d", i)]; c != 1 {
			t.Errorf("mail %d arrived %d times, want once", i, c)
		}
	}
	if got := len(srv.messages()); got != n {
		t.Errorf("the server got %d mails, want %d", got, n)
	}
}

func (e *env) row(id int64) *store.OutboxMail {
	e.t.Helper()
	m, err := e.st.Outbox().ByID(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}

// A run of due mails goes over one SMTP session, not one a mail.
func TestSendDueReusesOneSession(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, noQuiet)
	ids := e.queueMails(7)
	if err := e.svc.SendDue(e.ctx); err != nil {
		t.Fatal(err)
	}
	receivedOnce(t, srv, 7)
	if c := srv.connections(); c != 1 {
		t.Errorf("%d SMTP connections for a run of 7 mails, want 1", c)
	}
	for _, id := range ids {
		if m := e.row(id); m.Status != store.OutboxSent || m.Attempts != 0 {
			t.Errorf("mail %d: %s after %d failed attempts, want sent at the first", id, m.Status, m.Attempts)
		}
	}
}

// A connection the server drops between two mails is dialled again: the
// mail that found it dead goes out on the new one, and no mail is lost or
// sent twice.
func TestSendDueRedialsADroppedConnection(t *testing.T) {
	srv := startSMTP(t)
	srv.dropAt = 3
	e := newEnv(t, srv, noQuiet)
	ids := e.queueMails(6)
	if err := e.svc.SendDue(e.ctx); err != nil {
		t.Fatal(err)
	}
	receivedOnce(t, srv, 6)
	if c := srv.connections(); c != 2 {
		t.Errorf("%d SMTP connections, want 2 (one dropped after 3 mails, one dialled again)", c)
	}
	for _, id := range ids {
		if m := e.row(id); m.Status != store.OutboxSent || m.Attempts != 0 {
			t.Errorf("mail %d: %s after %d failed attempts, want sent at the first", id, m.Status, m.Attempts)
		}
	}
}

// A mail the server refuses fails alone: the rest of the run goes out on
// the same session, and the refused mail keeps the bookkeeping of a
// failure (a 5xx given up, a 4xx to retry later).
func TestSendDueRefusedMailDoesNotStopTheRun(t *testing.T) {
	srv := startSMTP(t)
	srv.refuseRcpt("a1@rondel.example", 550)
	srv.refuseRcpt("a3@rondel.example", 451)
	e := newEnv(t, srv, noQuiet)
	ids := e.queueMails(5)
	if err := e.svc.SendDue(e.ctx); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, m := range srv.messages() {
		got[m.To] = true
	}
	for _, i := range []int{0, 2, 4} {
		if !got[fmt.Sprintf("a%d@rondel.example", i)] {
			t.Errorf("mail %d was not sent after a refused one", i)
		}
		if m := e.row(ids[i]); m.Status != store.OutboxSent {
			t.Errorf("mail %d: %s, want sent", i, m.Status)
		}
	}
	if m := e.row(ids[1]); m.Status != store.OutboxFailed || m.Attempts != 1 {
		t.Errorf("the mail refused with 550: %s after %d attempts, want failed after 1", m.Status, m.Attempts)
	}
	if m := e.row(ids[3]); m.Status != store.OutboxPending || m.Attempts != 1 || !m.NextAt.After(e.clk.Now()) {
		t.Errorf("the mail refused with 451: %s after %d attempts, next at %v; want pending after 1, later than now", m.Status, m.Attempts, m.NextAt)
	}
	if c := srv.connections(); c != 1 {
		t.Errorf("%d SMTP connections, want 1: a refusal leaves the session usable", c)
	}
}

// Imperial turn mails sent over one session each carry the board picture,
// decoded equal to the picture drawn for them.
func TestSendDueSessionCarriesThePicture(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, noQuiet)
	e.startGame("imperial", "pictures", 3, 7, nil)
	turns := e.outbox(kindTurn)
	if len(turns) == 0 {
		t.Fatal("no turn mail")
	}
	want := e.svc.mailInlines(e.ctx, turns[0])
	if len(want) != 1 {
		t.Fatalf("the turn mail has %d pictures, want 1", len(want))
	}
	if err := e.svc.SendDue(e.ctx); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range srv.messages() {
		if decodeHeader(m.Header.Get("Subject")) != turns[0].Subject {
			continue
		}
		n++
		if len(m.Inline) != 1 || !bytes.Equal(m.Inline[0].Data, want[0].Data) {
			t.Errorf("a turn mail's picture differs from the board drawn (%d parts)", len(m.Inline))
		}
	}
	if n == 0 {
		t.Error("no turn mail arrived")
	}
	if c := srv.connections(); c != 1 {
		t.Errorf("%d SMTP connections, want 1", c)
	}
}

// dotStuff writes what net/textproto's DotWriter writes.
func TestDotStuffWritesWhatTheDotWriterWrites(t *testing.T) {
	for _, in := range []string{"", "a", "a\r\n", "a\nb", ".a\r\n..b\r\nc.\r\n", "\r\n.\r\n", "x\r\n.", "a\rb\n", "l1\r\nl2\n\n.\n",
		"Subject: x\r\n\r\n" + strings.Repeat("QUJD", 19) + "\r\n.\r\n"} {
		var want bytes.Buffer
		tw := textproto.NewWriter(bufio.NewWriter(&want))
		dw := tw.DotWriter()
		_, _ = dw.Write([]byte(in))
		_ = dw.Close()
		got := append(dotStuff([]byte("kept"), []byte(in)), ".\r\n"...)
		if string(got) != "kept"+want.String() {
			t.Errorf("%q: wrote %q, want %q", in, got, "kept"+want.String())
		}
	}
}
