package notify

import (
	"fmt"
	"strings"
	"testing"
)

// TestReplySecurity: a reply that fails any check plays nothing. A reply
// whose token is genuine but whose sender is not vouched for gets the
// member a confirmation link (at the member's own address, once per
// position); automatic mail, replays, unknown tokens and senders over
// their limit get no answer at all.
func TestReplySecurity(t *testing.T) {
	const move = "Pile B take 2"
	type want struct {
		answer string // "": none; else the answer's kind prefix
		why    string // words the answer holds
		bob    bool   // the answer goes to Bob (the token's member), not Ann
	}
	cases := []struct {
		name string
		mail func(e *env, ann, bob string) replyMail
		want want
	}{
		{"forged From", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "mallory@evil.example", To: ann, Body: move}
		}, want{kindReply + "-check", "another address", false}},
		{"From of the other player", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "b@example.org", To: ann, Body: move}
		}, want{kindReply + "-check", "another address", false}},
		{"the other seat's token", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: bob, Body: move}
		}, want{kindReply + "-check", "another address", true}},
		{"no token", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: clubAddr, Body: move}
		}, want{}},
		{"made-up token", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: "club+aaaaaaaaaaaaaaaaaaaaaaaaaa@club.example", Body: move}
		}, want{}},
		{"token changed in one letter", func(e *env, ann, bob string) replyMail {
			i := strings.IndexByte(ann, '@') - 1
			c := "b"
			if ann[i] == 'b' {
				c = "c"
			}
			return replyMail{From: "a@example.org", To: ann[:i] + c + ann[i+1:], Body: move}
		}, want{}},
		{"token of another club's domain", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: strings.Replace(ann, "club.example", "other.example", 1), Body: move}
		}, want{}},
		{"no Authentication-Results", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move, Auth: "-"}
		}, want{kindReply + "-check", "could not confirm", false}},
		{"Authentication-Results of another server", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move,
				Auth: "Authentication-Results: mx.evil.example; dmarc=pass header.from=example.org\r\n"}
		}, want{kindReply + "-check", "could not confirm", false}},
		{"trusted header below a forged failing one", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move,
				Auth: "Authentication-Results: " + clubMX + "; dmarc=fail header.from=example.org\r\n" +
					"Authentication-Results: " + clubMX + "; dmarc=pass header.from=example.org\r\n"}
		}, want{kindReply + "-check", "could not confirm", false}},
		{"DMARC fail", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move,
				Auth: "Authentication-Results: " + clubMX + "; spf=fail smtp.mailfrom=a@example.org; dkim=fail header.d=example.org; dmarc=fail header.from=example.org\r\n"}
		}, want{kindReply + "-check", "could not confirm", false}},
		{"DKIM pass of an unaligned domain", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move,
				Auth: "Authentication-Results: " + clubMX + "; dkim=pass header.d=evil.example; spf=pass smtp.mailfrom=x@evil.example\r\n"}
		}, want{kindReply + "-check", "could not confirm", false}},
		{"vacation answer", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move, Extra: "Auto-Submitted: auto-replied\r\n"}
		}, want{}},
		{"old vacation program", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move, Extra: "Precedence: bulk\r\n"}
		}, want{}},
		{"bounce", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "a@example.org", To: ann, Body: move, Extra: "Return-Path: <>\r\n"}
		}, want{}},
		{"Rondel's own mail come back", func(e *env, ann, bob string) replyMail {
			return replyMail{From: "rondel@rondel.example", To: ann, Body: move}
		}, want{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, nil, repliesOn)
			g := e.startGame("takeaway", "Replies", 2, 1, nil)
			annID, bobID := mustUser(t, e, "a@example.org"), mustUser(t, e, "b@example.org")
			ann := e.replyTo(g.ID, annID, 0)
			bob := e.svc.replyAddress(DecisionLink{Game: g.ID, Seat: 1, Seq: 0, User: bobID})
			if err := e.svc.HandleReply(e.ctx, c.mail(e, ann, bob).raw()); err != nil {
				t.Fatal(err)
			}
			if n := e.moves(g.ID); n != 0 {
				t.Fatalf("%d moves played", n)
			}
			got := append(e.answers(annID), e.answers(bobID)...)
			if c.want.answer == "" {
				if len(got) != 0 {
					t.Errorf("answered: %s %q", got[0].Kind, got[0].TextBody)
				}
				return
			}
			to, toAddr := annID, "a@example.org"
			if c.want.bob {
				to, toAddr = bobID, "b@example.org"
			}
			if len(got) != 1 || got[0].Kind != c.want.answer || got[0].UserID != to || got[0].ToAddr != toAddr ||
				!strings.Contains(got[0].TextBody, c.want.why) || c.want.bob == strings.Contains(got[0].TextBody, "/notify/d/") {
				t.Fatalf("answers %+v", got)
			}
		})
	}
}

// TestReplyReplayAndStale: the same message twice is taken once; a reply
// to a turn that has moved on is answered with the current decision and
// never played; a flood from one sender stops being answered.
func TestReplyReplayAndStale(t *testing.T) {
	e := newEnv(t, nil, repliesOn)
	g := e.startGame("takeaway", "Replies", 2, 1, nil)
	annID, bobID := mustUser(t, e, "a@example.org"), mustUser(t, e, "b@example.org")
	ann0 := e.replyTo(g.ID, annID, 0)
	first := replyMail{From: "a@example.org", To: ann0, Body: "Pile B take 1", MessageID: "<one@mua.example>"}
	for range 2 {
		if err := e.svc.HandleReply(e.ctx, first.raw()); err != nil {
			t.Fatal(err)
		}
	}
	if n := e.moves(g.ID); n != 1 {
		t.Fatalf("the same message twice: %d moves", n)
	}
	if n := len(e.answers(annID)); n != 1 {
		t.Errorf("the same message twice: %d answers", n)
	}
	// Bob plays; Ann answers the old mail again, with a new message.
	if err := e.svc.HandleReply(e.ctx, replyMail{From: "b@example.org", To: e.replyTo(g.ID, bobID, 1), Body: "Pile B take 1"}.raw()); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.HandleReply(e.ctx, replyMail{From: "a@example.org", To: ann0, Body: "Pile B take 1"}.raw()); err != nil {
		t.Fatal(err)
	}
	if n := e.moves(g.ID); n != 2 {
		t.Fatalf("a reply to an old turn: %d moves", n)
	}
	as := e.answers(annID)
	last := as[len(as)-1]
	if !strings.Contains(last.TextBody, "has moved on") || !strings.Contains(last.TextBody, "You are asked") {
		t.Errorf("stale reply answered:\n%s", last.TextBody)
	}
	// Bob left a multiple of five: Ann cheers or groans. A near miss to
	// the answer's own Reply-To is answered line by line, never played.
	if err := e.svc.HandleReply(e.ctx, replyMail{From: "a@example.org", To: e.replyTo(g.ID, annID, 2), Body: "Cheeer\n"}.raw()); err != nil {
		t.Fatal(err)
	}
	if n := e.moves(g.ID); n != 2 {
		t.Fatalf("a near miss played: %d moves", n)
	}
	as = e.answers(annID)
	if last := as[len(as)-1]; !strings.Contains(last.TextBody, "Nothing of your reply was played") || !strings.Contains(last.TextBody, "Did you mean: Cheer?") {
		t.Errorf("near miss answered:\n%s", last.TextBody)
	}
	// A flood: beyond the limit, nothing is read or answered.
	before := len(e.answers(annID))
	for i := range 30 {
		if err := e.svc.HandleReply(e.ctx, replyMail{From: "a@example.org", To: ann0, Body: fmt.Sprintf("take %d", i)}.raw()); err != nil {
			t.Fatal(err)
		}
	}
	if got := len(e.answers(annID)) - before; got >= e.cfg.Mail.Replies.PerSenderHour {
		t.Errorf("%d answers to a flood of 30, limit %d an hour", got, e.cfg.Mail.Replies.PerSenderHour)
	}
}
