package notify

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// The people of the language tests: one language and time zone each.
var polyglots = []struct{ addr, name, lang, tz string }{
	{"a@example.org", "Ann", "en", "UTC"},
	{"b@example.org", "Bnn", "de", "Europe/Berlin"},
	{"c@example.org", "Cnn", "zh", "Asia/Shanghai"},
}

// polyglotEnv is an env whose first three members speak en, de and zh.
func polyglotEnv(t *testing.T, tweak func(*config.Config)) *env {
	e := newEnv(t, nil, tweak)
	for _, p := range polyglots {
		e.person(p.addr, p.name, p.lang, p.tz)
	}
	return e
}

// TestMailsSpeakTheirRecipientsLanguage: games whose players read English,
// German and Chinese send every kind of mail, and each mail is in its
// recipient's language: its greeting, its <html lang>, its subject, and no
// fixed phrase of another language's mails.
func TestMailsSpeakTheirRecipientsLanguage(t *testing.T) {
	t.Parallel()
	e := polyglotEnv(t, func(c *config.Config) { c.Notify.Timeout.DropAfter = 2 })
	// One game: start, reminders, timeouts (a seat dropped), an absence, the end.
	g := e.startGame(gametest.ID, "Tuesday club", 3, 7, game.Options{"votes": "true"})
	for range 4 { // each deadline: a reminder 4 hours before, then the timeout
		e.clk.Add(69 * time.Hour)
		e.tick()
		e.clk.Add(4 * time.Hour)
		e.tick()
	}
	if err := e.svc.DeclareAbsence(e.ctx, e.userID("c@example.org"), e.clk.Now().Add(time.Hour), e.clk.Now().Add(49*time.Hour)); err != nil {
		t.Fatal(err)
	}
	e.playOut(t, g)
	// Another: the seat of who times out is offered and taken, then the
	// game is abandoned.
	g2 := e.startGame(gametest.ID, "Wednesday club", 3, 8, game.Options{"votes": "false"})
	if err := e.svc.SetClock(e.ctx, g2.ID, e.cfg.Notify.Deadline, false, store.PolicySubstitute); err != nil {
		t.Fatal(err)
	}
	pos, _ := e.st.Current(e.ctx, g2.ID)
	late := polyglots[pos.State.ToAct()[0].Seat]
	e.clk.Add(73 * time.Hour)
	e.tick()
	token := offerToken(t, e.outbox(kindSubstitute))
	zed := e.person("z@example.org", "Zed", late.lang, late.tz) // the seat keeps its language
	if _, err := e.st.TakeSeat(e.ctx, token, zed, ""); err != nil {
		t.Fatal(err)
	}
	e.clk.Add(time.Duration(e.cfg.Notify.AbandonDays+1) * 24 * time.Hour)
	if err := e.svc.Abandoned(e.ctx); err != nil {
		t.Fatal(err)
	}
	// A daily digest in German.
	if err := e.st.UpdateProfile(e.ctx, e.userID("b@example.org"), "Bnn", "de", store.NotifyDaily); err != nil {
		t.Fatal(err)
	}
	g3 := storetest.StartGame(t, e.st, store.NewGame{Kind: gametest.ID, Name: "digest club", Seed: 2,
		Options: game.Options{"votes": "false"}, Players: []store.NewPlayer{{Name: "Bnn", Email: "b@example.org"}, {Name: "Ann", Email: "a@example.org"}}}, nil)
	if pos, _ := e.st.Current(e.ctx, g3.ID); pos.State.ToAct()[0].Seat != 0 { // Bnn must be asked
		mv, _, _ := pos.State.Caretaker(1)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g3.ID, Seat: 1, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	e.clk.Set(time.Date(e.clk.Now().Year(), e.clk.Now().Month(), e.clk.Now().Day()+1, 8, 0, 0, 0, time.UTC))
	if err := e.svc.Digests(e.ctx); err != nil {
		t.Fatal(err)
	}

	mails := e.outbox("")
	seen := map[string]map[string]bool{} // kind -> languages
	for _, m := range mails {
		u, err := e.st.User(e.ctx, m.UserID)
		if err != nil {
			t.Fatal(err)
		}
		kind := strings.SplitN(m.Kind, "-", 2)[0]
		if seen[kind] == nil {
			seen[kind] = map[string]bool{}
		}
		seen[kind][u.Language] = true
		checkLanguage(t, m, u.Language, u.Name())
	}
	want := map[string][]string{
		kindStart: words.Languages, kindTurn: words.Languages, kindReminder: words.Languages,
		kindTimeout: words.Languages, kindEnd: words.Languages, kindSubstitute: words.Languages,
		kindReplaced: words.Languages, kindAbandoned: words.Languages,
		kindAbsence: {"en", "de"}, kindDigest: {"de"},
	}
	for kind, langs := range want {
		for _, lang := range langs {
			if !seen[kind][lang] {
				t.Errorf("no %s mail in %s (seen %v)", kind, lang, seen[kind])
			}
		}
	}
	checkNoCodes(t, mails, nil)
	if dropped := e.outboxWith(kindTimeout, "bis zum Ende der Partie"); len(dropped) == 0 {
		t.Error("no German mail says that a seat was dropped to the caretaker")
	}
}

// checkLanguage checks that mail m to a reader of lang named name is in
// lang: greeting, <html lang>, and no fixed phrase of the other languages.
func checkLanguage(t *testing.T, m store.OutboxMail, lang, name string) {
	t.Helper()
	sp := speaker(lang, nil)
	if !strings.HasPrefix(m.TextBody, sp.T("mail.greeting", "name", name)) && !strings.HasPrefix(m.TextBody, sp.T("mail.greeting_all")) {
		t.Errorf("%s mail to a %s reader greets otherwise:\n%s", m.Kind, lang, m.TextBody)
	}
	if !strings.Contains(m.HTMLBody, `<html lang="`+lang+`">`) {
		t.Errorf("%s mail to a %s reader: the HTML part does not say lang=%q", m.Kind, lang, lang)
	}
	if !strings.HasPrefix(m.Subject, "Rondel · ") {
		t.Errorf("subject %q", m.Subject)
	}
	for _, other := range words.Languages {
		if other == lang {
			continue
		}
		if p := foreignPhrase(m.Subject+"\n"+m.TextBody+"\n"+m.HTMLBody, lang, other); p != "" {
			t.Errorf("%s mail to a %s reader says %q, from the %s mails:\n%s\n%s", m.Kind, lang, p, other, m.Subject, m.TextBody)
		}
	}
}

// foreignPhrase returns a fixed phrase of notify's messages in language
// other (one without placeholders, of some length) that s contains and
// that lang does not share, or "".
func foreignPhrase(s, lang, other string) string {
	cat := words.Default()
	mine, theirs := speaker(lang, nil), speaker(other, nil)
	for _, id := range cat.IDs(other) {
		if !strings.HasPrefix(id, "mail.") || len(cat.Placeholders(other, id)) > 0 || len(cat.PluralForms(other, id)) > 1 {
			continue
		}
		p := theirs.Term(id)
		if len([]rune(p)) < 4 || p == mine.Term(id) {
			continue
		}
		if strings.Contains(s, p) {
			return p
		}
	}
	return ""
}

var (
	urlRe   = regexp.MustCompile(`https?://\S+`)
	tagRe   = regexp.MustCompile(`<[^>]*>`)
	codeRes = []*regexp.Regexp{
		// a catalogue id, or a missing message's id in brackets
		regexp.MustCompile(`\b(mail|format|game|imperial|imperial2030|caesar|takeaway|record|store|pages)\.[a-z0-9_]+`),
		regexp.MustCompile(`\[[a-z0-9_-]+(\.[a-z0-9_-]+)+\]`),
		// the rondel's slot ids
		regexp.MustCompile(`\b(production|maneuver)[12]\b`),
		// template or formatting slips, or raw data
		regexp.MustCompile(`<no value>|\{\{|%!|map\[|&\{|"id":|"args"`),
	}
)

// checkNoCodes checks that no mail says an internal code: a message id, a
// slot id, a template slip, or one of codes (decision kinds, order ids,
// nation ids), outside its links.
func checkNoCodes(t *testing.T, mails []store.OutboxMail, codes []string) {
	t.Helper()
	res := codeRes
	for _, c := range codes {
		res = append(res, regexp.MustCompile(`\b`+regexp.QuoteMeta(c)+`\b`))
	}
	for _, m := range mails {
		htmlWords := html.UnescapeString(tagRe.ReplaceAllString(m.HTMLBody, " "))
		for part, s := range map[string]string{"subject": m.Subject, "text": m.TextBody, "html": htmlWords} {
			s = urlRe.ReplaceAllString(s, " ")
			for _, re := range res {
				if loc := re.FindStringIndex(s); loc != nil {
					t.Errorf("%s of %s mail %d says %q:\n%s", part, m.Kind, m.ID, s[loc[0]:loc[1]], s)
					break
				}
			}
		}
	}
}

func offerToken(t *testing.T, offers []store.OutboxMail) string {
	t.Helper()
	for _, m := range offers {
		if i := strings.Index(m.TextBody, "/notify/substitute/"); i >= 0 {
			return strings.Fields(m.TextBody[i+len("/notify/substitute/"):])[0]
		}
	}
	t.Fatal("no offer mail with a link")
	return ""
}

func (e *env) userID(addr string) int64 {
	e.t.Helper()
	u, err := e.st.UserByEmail(e.ctx, addr)
	if err != nil {
		e.t.Fatal(err)
	}
	return u.ID
}

// outboxWith lists the mails of a kind whose text contains s.
func (e *env) outboxWith(kind, s string) []store.OutboxMail {
	var out []store.OutboxMail
	for _, m := range e.outbox(kind) {
		if strings.Contains(m.TextBody, s) {
			out = append(out, m)
		}
	}
	return out
}

// TestPlayedGamesMailNoInternalCode plays games among readers of English,
// German and Chinese — moves of every kind, standing orders answering,
// timeouts answered by the caretaker — and reads every mail they sent: each
// is in its reader's language and says no internal code (a message id, a
// missing message, a slot id, a decision kind or order id such as
// "force-investor", a nation id such as "IT").
func TestPlayedGamesMailNoInternalCode(t *testing.T) {
	t.Parallel()
	games := []struct {
		id    string
		opts  game.Options
		moves int
	}{{gametest.ID, game.Options{"votes": "true", "size": "large"}, 300}, {"caesars-imperium", nil, 600}, {"imperial", nil, 1500}, {"imperial2030", nil, 1500}}
	if !gametest.Long() {
		games = games[:2]
	}
	for _, c := range games {
		t.Run(c.id, func(t *testing.T) {
			e := polyglotEnv(t, func(cf *config.Config) { cf.Notify.Timeout.DropAfter = 0 })
			g := e.startGame(c.id, "club", len(polyglots), 3, c.opts)
			codes := map[string]bool{}
			pos, _ := e.st.Current(e.ctx, g.ID)
			for i, spec := range store.OrdersOffered(pos.State) {
				codes[spec.ID] = true
				o := store.StandingOrder{GameID: g.ID, Seat: i % len(polyglots), Order: spec.ID}
				if spec.Param != nil {
					o.Param = spec.Param.Choices[0].Value
				}
				if err := e.st.AddStandingOrder(e.ctx, o); err != nil {
					t.Fatal(err)
				}
			}
			rnd := uint64(7)
			for i := 0; i < c.moves; i++ {
				pos, err := e.st.Current(e.ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if pos.State.Finished() {
					break
				}
				ds := pos.State.ToAct()
				for _, d := range ds {
					for _, code := range []string{d.Kind, d.Subject} {
						if internalLooking.MatchString(code) {
							codes[code] = true
						}
					}
				}
				if i%6 == 5 { // nobody moves: a reminder, then the caretaker
					e.clk.Add(70 * time.Hour)
					e.tick()
					e.clk.Add(3 * time.Hour)
					e.tick()
					continue
				}
				d := ds[i%len(ds)]
				legal := pos.State.LegalMoves(d.Seat)
				rnd = rnd*6364136223846793005 + 1442695040888963407
				mv := legal[int(rnd>>33)%len(legal)].Move
				if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
					mv, _, _ = pos.State.Caretaker(d.Seat) // a listed move refused on this path
					if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
						t.Fatal(err)
					}
				}
				e.clk.Add(time.Hour)
			}
			mails := e.outbox("")
			for _, m := range mails {
				u, _ := e.st.User(e.ctx, m.UserID)
				checkLanguage(t, m, u.Language, u.Name())
			}
			var list []string
			for code := range codes {
				list = append(list, code)
			}
			checkNoCodes(t, mails, list)
			moves, _ := e.st.Moves(e.ctx, g.ID)
			kinds := map[string]int{}
			for _, m := range mails {
				kinds[strings.SplitN(m.Kind, "-", 2)[0]]++
			}
			t.Logf("%s: %d moves, %d mails %v, codes looked for: %v", c.id, len(moves), len(mails), kinds, list)
			if kinds[kindTurn] < 5 || kinds[kindTimeout] == 0 {
				t.Errorf("too few mails to tell: %v", kinds)
			}
		})
	}
}

// internalLooking matches ids that no sentence contains: hyphenated or
// with an underscore or a digit ("force-investor", "production1"), or a
// two-letter code ("IT").
var internalLooking = regexp.MustCompile(`^([a-z]+[-_0-9][a-z0-9_-]*|[A-Z]{2})$`)
