package notify

import (
	"errors"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/letters"
)

func TestSignInAndInvitationMails(t *testing.T) {
	t.Parallel()
	const link = "https://rondel.example/signin/tok"
	cases := []struct {
		lang    string
		minutes int
		subject string
		has     []string
	}{
		{"en", 15, "Your Rondel sign-in link", []string{"Hello,", "within 15 minutes", "ignore this mail"}},
		{"en", 1, "Your Rondel sign-in link", []string{"within 1 minute to"}},
		{"de", 15, "Dein Anmeldelink für Rondel", []string{"Hallo,", "innerhalb von 15 Minuten", "beachte diese Mail"}},
		{"zh", 15, "你的 Rondel 登录链接", []string{"你好：", "请在15分钟内", "请忽略这封邮件"}},
		{"fr", 15, "Your Rondel sign-in link", nil}, // a language Rondel does not speak: English
	}
	for _, c := range cases {
		m := letters.SignInMail(c.lang, "x@example.org", link, c.minutes)
		if m.To != "x@example.org" || m.Link != link || m.Subject != c.subject || !strings.Contains(m.Body, "\n\n"+link+"\n\n") {
			t.Errorf("%s sign-in mail: %+v", c.lang, m)
		}
		for _, want := range c.has {
			if !strings.Contains(m.Body, want) {
				t.Errorf("%s sign-in mail lacks %q:\n%s", c.lang, want, m.Body)
			}
		}
		checkNoCodes(t, []store.OutboxMail{{Kind: "signin", Subject: m.Subject, TextBody: m.Body}}, nil)
	}

	inv := letters.Invitation{To: "dan@example.org", Name: "Dan", Inviter: "Cleo", Kind: words.New("takeaway.name"), Game: "Club night",
		Players: []string{"Cleo", "Dan", "Eve"}, Link: "https://rondel.example/invite/tok"}
	for lang, want := range map[string][2]string{
		"en": {"Invitation: Club night", "Cleo invites you to play Take-away (Club night) with Cleo, Dan and Eve."},
		"de": {"Einladung: Club night", "Cleo lädt dich zu einer Partie Wegnehmen („Club night“) mit Cleo, Dan und Eve ein."},
		"zh": {"邀请：Club night", "Cleo邀请你与Cleo、Dan和Eve一起玩"},
	} {
		inv.Lang = lang
		m := letters.InvitationMail(inv)
		if m.Subject != want[0] || !strings.Contains(m.Body, want[1]) || !strings.Contains(m.Body, inv.Link) || m.To != inv.To || m.Link != inv.Link {
			t.Errorf("%s invitation: %q\n%s", lang, m.Subject, m.Body)
		}
		if !strings.HasPrefix(m.Body, speaker(lang, nil).T("mail.greeting", "name", "Dan")) {
			t.Errorf("%s invitation greets otherwise:\n%s", lang, m.Body)
		}
	}
}

// A mail that finally fails is reported to its creator, or to the admins,
// each in their own language (an admin who is no member: English).
func TestUndeliveredReportInReadersLanguage(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	e := newEnv(t, srv, func(c *config.Config) { c.Admins = []string{"boss@example.org", "root@example.org"} })
	creator := e.person("cleo@example.org", "Cleo", "de", "Europe/Berlin")
	e.person("boss@example.org", "Boss", "zh", "Asia/Shanghai")
	srv.refuseRcpt("gone@example.org", 550)
	gone := e.user("gone@example.org", "")
	if err := e.svc.Send(e.ctx, store.Mail{To: gone.Email, Subject: "Einladung", Body: "b", Kind: "invite", UserID: gone.ID, TellUserID: creator}); !errors.Is(err, ErrNotSent) {
		t.Fatal(err)
	}
	if _, err := e.st.Outbox().Enqueue(e.ctx, &store.OutboxMail{UserID: gone.ID, Kind: "turn", ToAddr: gone.Email, Subject: "Your turn", TextBody: "b"}); err != nil {
		t.Fatal(err)
	}
	e.tick()
	want := map[string][2]string{
		"cleo@example.org": {"Rondel · eine Mail von dir wurde nicht zugestellt", "Die Mail „Einladung“ an gone@example.org wurde nicht zugestellt: der Mailserver hat sie abgelehnt: "},
		"boss@example.org": {"Rondel · 一封邮件未能送达", "发给gone@example.org的邮件“Your turn”未能送达：邮件服务器拒收："},
		"root@example.org": {"Rondel · a mail was not delivered", "The mail “Your turn” to gone@example.org was not delivered: the mail server refused it: "},
	}
	told := e.outbox(kindUndelivered)
	if len(told) != len(want) {
		t.Fatalf("%d reports, want %d", len(told), len(want))
	}
	for _, m := range told {
		w := want[m.ToAddr]
		if m.Subject != w[0] || !strings.Contains(m.TextBody, w[1]) {
			t.Errorf("report to %s: %q\n%s", m.ToAddr, m.Subject, m.TextBody)
		}
	}
	checkNoCodes(t, told, nil)
}

// notify's refusals are words a page can say in its reader's language,
// and still match their sentinel errors.
func TestRefusalsAreWords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "refusals", 3, 3, game.Options{"votes": "false"})
	u := e.userID("a@example.org")
	say := func(err error, lang string) string {
		t.Helper()
		var w *words.Error
		if !errors.As(err, &w) {
			t.Fatalf("%v is not words", err)
		}
		return speaker(lang, nil).Say(w.Msg)
	}
	err := e.svc.DeclareAbsence(e.ctx, u, epoch.Add(24*time.Hour), epoch.Add(30*24*time.Hour))
	if !errors.Is(err, ErrAbsenceTooLong) || say(err, "de") != "Eine Abwesenheit darf höchstens 14 Tage am Stück dauern." ||
		err.Error() != "An absence may last at most 14 days at once." {
		t.Errorf("a long absence: %v / %q", err, say(err, "de"))
	}
	err = e.svc.DeclareAbsence(e.ctx, u, epoch.Add(-48*time.Hour), epoch.Add(-24*time.Hour))
	if !errors.Is(err, ErrAbsenceDates) || say(err, "zh") != "缺席必须在开始之后、并在将来结束。" {
		t.Errorf("an absence in the past: %v", err)
	}
	err = e.svc.SetClock(e.ctx, g.ID, "no-such-preset", false, store.PolicyCaretaker)
	if say(err, "de") != "Es gibt keine Fristvorgabe „no-such-preset“." {
		t.Errorf("an unknown preset: %v", err)
	}
	if _, err = e.st.TakeSeat(e.ctx, "no-such-token", u, ""); !errors.Is(err, ErrSeatNotOffered) || say(err, "zh") != "这个座位已不再提供。" {
		t.Errorf("a seat not offered: %v", err)
	}
	pos, _ := e.st.Current(e.ctx, g.ID)
	if err = store.CheckOrder(pos.State, game.Order{ID: "no-such-order"}); say(err, "en") != "There is no standing order “no-such-order”." {
		t.Errorf("an unknown order: %v", err)
	}
}

func TestOrderAndClockWords(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	g := e.startGame(gametest.ID, "words", 2, 3, nil)
	pos, _ := e.st.Current(e.ctx, g.ID)
	de := speaker("de", nil)
	for o, want := range map[store.StandingOrder]string{
		{Order: store.OrderOnlyMove}:                    "Automatisch antworten, wenn nur ein Zug möglich ist",
		{Order: gametest.OrderVote, Param: "cheer"}:     "Bei einem Vielfachen von fünf immer jubeln",
		{Order: "retired-order", Param: "FR"}:           "retired-order FR (in dieser Partie nicht angeboten)",
		{Order: gametest.OrderVote, Param: "new-value"}: "",
	} {
		got := de.Say(store.DescribeOrder(pos.State, o))
		if want != "" && got != want {
			t.Errorf("%+v in German: %q, want %q", o, got, want)
		}
		if want == "" && !strings.Contains(got, "new-value") {
			t.Errorf("%+v: an unknown choice is shown as it is: %q", o, got)
		}
	}
	bank := &store.GameClock{BankSecs: 3 * 86400, BonusSecs: 86400, CapSecs: 7 * 86400, SkipWeekends: true}
	perMove := &store.GameClock{PerMoveSecs: 2 * 3600}
	for lang, want := range map[string][2]string{
		"en": {"a time bank of 3 days 0 hours, 1 day 0 hours more after each move, at most 7 days 0 hours, weekends do not count", "2 hours 0 minutes per decision"},
		"de": {"ein Zeitkonto: 3 Tage 0 Stunden, nach jedem Zug 1 Tag 0 Stunden mehr, höchstens 7 Tage 0 Stunden, Wochenenden zählen nicht", "2 Stunden 0 Minuten je Entscheidung"},
		"zh": {"时间储备3天0小时，每次行动后增加1天0小时，最多7天0小时，周末不计时", "每个决定2小时0分钟"},
	} {
		sp := speaker(lang, nil)
		if got := sp.Say(e.svc.ClockWords(bank)); got != want[0] {
			t.Errorf("%s bank: %q", lang, got)
		}
		if got := sp.Say(e.svc.ClockWords(perMove)); got != want[1] {
			t.Errorf("%s per move: %q", lang, got)
		}
	}
}

// Each of the catalogue's short forms of a question (mail.headline.<id>)
// shortens a question the catalogue has, with no argument that question
// lacks.
func TestHeadlinesShortenKnownQuestions(t *testing.T) {
	t.Parallel()
	cat := words.Default()
	n := 0
	for _, id := range cat.IDs("en") {
		prompt, ok := strings.CutPrefix(id, "mail.headline.")
		if !ok {
			continue
		}
		n++
		if !cat.Has("en", prompt) {
			t.Errorf("%s shortens %s, which the catalogue lacks", id, prompt)
			continue
		}
		for _, lang := range words.Languages {
			for _, p := range cat.Placeholders(lang, id) {
				if !strings.Contains(strings.Join(cat.Placeholders("en", prompt), " "), p) {
					t.Errorf("%s (%s) uses {{.%s}}, which %s does not give", id, lang, p, prompt)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no short forms of questions")
	}
}
