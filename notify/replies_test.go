package notify

import (
	"strings"
	"testing"
	"time"

	"rondel/game/words"
	"rondel/store"
)

// TestReplyToken: a token says its decision back, in any case; any
// change to it, or a token made with another key, is refused.
func TestReplyToken(t *testing.T) {
	e := newEnv(t, nil, repliesOn)
	l := DecisionLink{Game: 12345, Seat: 2, Seq: 678, User: 91011, Choice: -1}
	tok := e.svc.ReplyToken(l)
	if len(tok) > 40 || strings.ToLower(tok) != tok {
		t.Errorf("token %q: want at most 40 small letters and digits", tok)
	}
	for _, in := range []string{tok, strings.ToUpper(tok)} {
		if got, err := e.svc.ParseReplyToken(in); err != nil || got != l {
			t.Errorf("ParseReplyToken(%q) = %+v, %v; want %+v", in, got, err, l)
		}
	}
	for i := range tok {
		for _, c := range "a7" {
			changed := tok[:i] + string(c) + tok[i+1:]
			if changed == tok {
				continue
			}
			if got, err := e.svc.ParseReplyToken(changed); err == nil {
				t.Errorf("changed token %q accepted as %+v", changed, got)
			}
		}
	}
	other := newEnv(t, nil, repliesOn) // another database: another key
	if _, err := other.svc.ParseReplyToken(tok); err == nil {
		t.Error("a token of another club accepted")
	}
	for _, bad := range []string{"", "a", "club", tok[:len(tok)-1], tok + "a"} {
		if _, err := e.svc.ParseReplyToken(bad); err == nil {
			t.Errorf("token %q accepted", bad)
		}
	}
	addr := e.svc.replyAddress(l)
	if !strings.HasPrefix(addr, "club+"+tok+"@club.example") {
		t.Errorf("reply address %q", addr)
	}
}

// TestTurnMailHasReplyTo: with replies on, the turn mail's Reply-To names
// its decision and the mail says one may answer with the move; off, it
// has none.
func TestTurnMailHasReplyTo(t *testing.T) {
	for _, on := range []bool{true, false} {
		tweak := repliesOn
		if !on {
			tweak = nil
		}
		e := newEnv(t, nil, tweak)
		g := e.startGame("takeaway", "Replies", 2, 1, nil)
		turns := e.outbox(kindTurn)
		if len(turns) == 0 {
			t.Fatal("no turn mail")
		}
		to := headers(turns[0])["Reply-To"]
		if !on {
			if to != "" || strings.Contains(turns[0].TextBody, "answer this mail") {
				t.Errorf("replies off: Reply-To %q", to)
			}
			continue
		}
		user := turns[0].UserID
		if got := e.replyTo(g.ID, user, 0); got != to {
			t.Errorf("Reply-To %q, want the token of move 0: %q", to, got)
		}
		if !strings.Contains(turns[0].TextBody, "answer this mail with your move") {
			t.Errorf("the turn mail does not say one may answer it:\n%s", turns[0].TextBody)
		}
		// The reminder of the same decision plays at the same address.
		e.clk.Add(71 * time.Hour)
		e.tick()
		rs := e.outbox(kindReminder)
		if len(rs) == 0 || headers(rs[0])["Reply-To"] != to || !strings.Contains(rs[0].TextBody, "answer this mail with your move") {
			t.Fatalf("reminders %d, Reply-To of the first %q, want %q", len(rs), headers(rs[0])["Reply-To"], to)
		}
		if err := e.svc.HandleReply(e.ctx, replyMail{From: rs[0].ToAddr, To: to, Body: "Pile B take 1"}.raw()); err != nil || e.moves(g.ID) != 1 {
			t.Errorf("the reply to the reminder was not played: %v", err)
		}
	}
}

// TestReplyPlays: a reply with the move plays it through the store's one
// path, as the member, the log saying it came by reply; the answer says
// what was played in the words of the history, in the member's language.
func TestReplyPlays(t *testing.T) {
	srv := startSMTP(t)
	e := newEnv(t, srv, repliesOn)
	g := e.startGame("takeaway", "Replies", 2, 1, nil)
	ann := mustUser(t, e, "a@example.org")
	if err := e.st.UpdateProfile(e.ctx, ann, "Ann", "de", store.NotifyEach); err != nil {
		t.Fatal(err)
	}
	to := e.replyTo(g.ID, ann, 0)
	if err := e.svc.HandleReply(e.ctx, replyMail{From: "a@example.org", To: to, Body: "Hallo,\n\nHaufen B 2 nehmen\n\nAnn"}.raw()); err != nil {
		t.Fatal(err)
	}
	rows, err := e.st.MovesSince(e.ctx, g.ID, 0)
	if err != nil || len(rows) != 1 {
		in, _ := e.st.InboundMails(e.ctx)
		t.Fatalf("moves: %v %v; inbound %+v", rows, err, in)
	}
	m := rows[0]
	if m.Seat != 0 || m.By != store.ByPlayer || m.UserID == nil || *m.UserID != ann || !strings.Contains(m.Move, `"take":2`) ||
		words.Decode(m.Note).ID != "mail.note.mail_reply" {
		t.Errorf("played %+v", m)
	}
	e.tick()
	got := srv.messages()
	var answer *received
	for i := range got {
		if strings.Contains(got[i].Header.Get("Message-Id"), ".reply-") {
			answer = &got[i]
		}
	}
	if answer == nil {
		t.Fatalf("no answer among %d mails", len(got))
	}
	if answer.To != "a@example.org" || answer.Header.Get("Auto-Submitted") != "auto-generated" {
		t.Errorf("answer to %s, Auto-Submitted %q", answer.To, answer.Header.Get("Auto-Submitted"))
	}
	sp := speaker("de", []string{"Ann", "Bnn"})
	want := describeMove(sp, m)
	if !strings.Contains(answer.Text, sp.T("mail.reply.played")) || !strings.Contains(answer.Text, want) {
		t.Errorf("answer does not say %q in German:\n%s", want, answer.Text)
	}
	if e.svc.HandleReply(e.ctx, replyMail{From: "a@example.org", To: to, Body: "Haufen B 1 nehmen"}.raw()) != nil || e.moves(g.ID) != 1 {
		t.Error("a second reply to the same decision was played")
	}
}
