package notify

import (
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/store"
)

func TestDescribeMove(t *testing.T) {
	seats := []store.Seat{{Seat: 0, Name: "Ann"}, {Seat: 1, Name: "Bob"}}
	cases := []struct {
		m    store.Move
		want string
	}{
		{store.Move{Seat: 0, Events: `[{"text":"Ann did not invest"},{"text":"The investor card passes to Bob"}]`},
			"Ann did not invest. The investor card passes to Bob."},
		{store.Move{Seat: 1, Events: `[{"text":"Italy moved to taxation."}]`}, "Bob: Italy moved to taxation."},
		{store.Move{Seat: 1, Events: `[]`}, "Bob moved."},
		{store.Move{Seat: 1, Events: `[]`, By: store.ByCaretaker, Note: "timeout: no battle"}, "Bob moved. (by the caretaker: timeout: no battle)"},
		{store.Move{Seat: 0, Events: `[{"text":"No battle"}]`, By: store.ByStandingOrder, Note: "Never demand a battle against France"},
			"Ann: No battle. (by standing order: Never demand a battle against France)"},
	}
	for _, c := range cases {
		if got := describeMove(c.m, seats); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestHeadlineAndSpan(t *testing.T) {
	if got := headline(game.Decision{Prompt: "Choose Italy's space on the rondel"}); got != "Italy to move" {
		t.Errorf("headline %q", got)
	}
	long := game.Decision{Prompt: strings.Repeat("word ", 40)}
	if got := headline(long); len(got) > 80 || !strings.HasSuffix(got, "...") {
		t.Errorf("long headline %q", got)
	}
	for d, want := range map[time.Duration]string{
		72 * time.Hour:                  "3 days 0 hours",
		25*time.Hour + 30*time.Minute:   "1 day 1 hour",
		4 * time.Hour:                   "4 hours 0 minutes",
		59*time.Minute + 40*time.Second: "1 hour 0 minutes",
		90 * time.Second:                "2 minutes",
	} {
		if got := span(d); got != want {
			t.Errorf("span(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestLinksAreSignedAndBound(t *testing.T) {
	s := &Service{key: []byte("k1"), base: "https://x"}
	l := DecisionLink{Game: 3, Seat: 1, Seq: 17, User: 9, Choice: 2}
	tok := s.Token(l)
	if got, err := s.ParseToken(tok); err != nil || got != l {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	other := &Service{key: []byte("k2")}
	if _, err := other.ParseToken(tok); err == nil {
		t.Error("a token signed with another key was accepted")
	}
	for _, bad := range []string{"", ".", "d.3.1.17.9.2", strings.Replace(tok, ".17.", ".18.", 1), tok + "x", "u.9.3." + strings.Split(tok, ".")[6]} {
		if _, err := s.ParseToken(bad); err == nil {
			t.Errorf("token %q accepted", bad)
		}
	}
	ut := s.UnsubscribeToken(9, 3)
	if u, g, err := s.ParseUnsubscribe(ut); err != nil || u != 9 || g != 3 {
		t.Errorf("unsubscribe round trip: %d %d %v", u, g, err)
	}
	if _, _, err := s.ParseUnsubscribe(strings.Replace(ut, "u.9.", "u.8.", 1)); err == nil {
		t.Error("an altered unsubscribe token was accepted")
	}
}

func FuzzParseToken(f *testing.F) {
	s := &Service{key: []byte("fuzz")}
	f.Add(s.Token(DecisionLink{Game: 1, Seat: 0, Seq: 2, User: 3, Choice: -1}))
	f.Add("d.1.2.3.4.5.abc")
	f.Add(s.UnsubscribeToken(1, 0))
	f.Fuzz(func(t *testing.T, tok string) {
		if l, err := s.ParseToken(tok); err == nil && s.Token(l) != tok {
			t.Errorf("accepted %q, which is not the token of %+v", tok, l)
		}
		if u, g, err := s.ParseUnsubscribe(tok); err == nil && s.UnsubscribeToken(u, g) != tok {
			t.Errorf("accepted %q as an unsubscribe token", tok)
		}
	})
}
