package notify

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

func TestDescribeMove(t *testing.T) {
	t.Parallel()
	en := words.English().WithNames([]string{"Ann", "Bob"})
	cheer := words.New("takeaway.event.cheer").Seat("player", 1)
	order := words.New("takeaway.order.vote").Term("vote", "takeaway.order.cheer")
	cases := []struct {
		m    store.Move
		want string
	}{
		// Events stored before words were data read as they were written.
		{store.Move{Seat: 0, Events: `[{"text":"Ann did not invest"},{"text":"The investor card passes to Bob"}]`},
			"Ann did not invest. The investor card passes to Bob."},
		{store.Move{Seat: 1, Events: `[{"text":"Italy moved to taxation."}]`}, "Bob: Italy moved to taxation."},
		{store.Move{Seat: 1, Events: `[]`}, "Bob moved."},
		{store.Move{Seat: 1, Events: `[]`, By: store.ByCaretaker, Note: "timeout: no battle"}, "Bob moved. (by the caretaker: timeout: no battle)"},
		{store.Move{Seat: 0, Events: `[{"text":"No battle"}]`, By: store.ByStandingOrder, Note: "Never demand a battle against France"},
			"Ann: No battle. (by standing order: Never demand a battle against France)"},
		// Events and notes as words: seats named as they are named now.
		{store.Move{Seat: 1, Events: eventsJSON(t, cheer), By: store.ByStandingOrder, Note: words.Encode(order)},
			"Bob cheers. (by standing order: Always cheer at a multiple of five)"},
		{store.Move{Seat: 1, Events: `[]`, By: store.ByCaretaker, Note: words.Encode(words.New("mail.note.timeout").Sub("why", words.New("takeaway.caretaker")))},
			"Bob moved. (by the caretaker: timeout: the caretaker makes the first legal move)"},
		{store.Move{Seat: 1, Events: `[]`, By: store.ByCaretaker}, "Bob moved. (by the caretaker)"},
		{store.Move{Seat: 5, Events: `[]`}, "Player 6 moved."},
	}
	for _, c := range cases {
		if got := describeMove(en, c.m); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	de := speaker("de", []string{"Ann", "Bob"})
	if got, want := describeMove(de, store.Move{Seat: 1, Events: eventsJSON(t, cheer)}), "Bob jubelt."; got != want {
		t.Errorf("in German: %q, want %q", got, want)
	}
	zh := speaker("zh", []string{"Ann", "Bob"})
	if got := describeMove(zh, store.Move{Seat: 1, Events: `[]`, By: store.ByCaretaker}); got != "Bob已行动。（由代管执行）" {
		t.Errorf("in Chinese: %q", got)
	}
}

func eventsJSON(t *testing.T, msgs ...words.Text) string {
	t.Helper()
	var ev []game.Event
	for _, m := range msgs {
		ev = append(ev, game.Event{Msg: m})
	}
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestHeadlineAndSpan(t *testing.T) {
	t.Parallel()
	en := words.English()
	vote := game.Decision{Prompt: words.New("takeaway.prompt.vote")}
	if got := headline(en, vote); got != "Cheer or groan?" {
		t.Errorf("headline %q", got)
	}
	take := game.Decision{Prompt: words.New("takeaway.prompt.take")}
	if got := headline(en, take); got != "Take 1 to 3 stones from one pile" {
		t.Errorf("a headline keeps no full stop: %q", got)
	}
	if got := headline(speaker("zh", nil), take); strings.HasSuffix(got, "。") || got == "" {
		t.Errorf("a Chinese headline keeps no full stop: %q", got)
	}
	long := game.Decision{Prompt: words.Raw(strings.Repeat("word ", 40))}
	if got := headline(en, long); utf8.RuneCountInString(got) > maxHeadline || !strings.HasSuffix(got, "…") {
		t.Errorf("long headline %q", got)
	}
	longZh := game.Decision{Prompt: words.Raw(strings.Repeat("圆饼图", 40))}
	if got := headline(en, longZh); utf8.RuneCountInString(got) != maxHeadline || !utf8.ValidString(got) {
		t.Errorf("a long Chinese headline is cut inside a character or not at all: %q", got)
	}
	for d, want := range map[time.Duration][3]string{
		72 * time.Hour:                  {"3 days 0 hours", "3 Tage 0 Stunden", "3天0小时"},
		25*time.Hour + 30*time.Minute:   {"1 day 1 hour", "1 Tag 1 Stunde", "1天1小时"},
		4 * time.Hour:                   {"4 hours 0 minutes", "4 Stunden 0 Minuten", "4小时0分钟"},
		59*time.Minute + 40*time.Second: {"1 hour 0 minutes", "1 Stunde 0 Minuten", "1小时0分钟"},
		90 * time.Second:                {"2 minutes", "2 Minuten", "2分钟"},
	} {
		for i, lang := range words.Languages {
			if got := speaker(lang, nil).Say(span(d)); got != want[i] {
				t.Errorf("span(%v) in %s = %q, want %q", d, lang, got, want[i])
			}
		}
	}
}

// A moment reads in the reader's time zone and language.
func TestMoment(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 7, 12, 0, 0, 0, time.UTC) // a Saturday
	now := at.Add(-(72*time.Hour + 30*time.Minute))
	for _, c := range []struct{ lang, tz, want string }{
		{"en", "Europe/Vienna", "Sat 7 Mar 2026, 13:00 CET (in 3 days 0 hours)"},
		{"de", "Europe/Vienna", "Sa., 7.3.2026, 13:00 Uhr CET (noch 3 Tage 0 Stunden)"},
		{"zh", "Asia/Shanghai", "周六 2026年3月7日 20:00 CST（还剩3天0小时）"},
		{"en", "Not/AZone", "Sat 7 Mar 2026, 12:00 UTC (in 3 days 0 hours)"},
	} {
		if got := when(speaker(c.lang, nil), at, c.tz, now); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.lang, c.tz, got, c.want)
		}
	}
	if got := when(speaker("de", nil), at, "UTC", at.Add(time.Minute)); got != "Sa., 7.3.2026, 12:00 Uhr UTC (abgelaufen)" {
		t.Errorf("a passed deadline: %q", got)
	}
}

func TestLinksAreSignedAndBound(t *testing.T) {
	t.Parallel()
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
