package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/game/gametest"
	"rondel/game/imperial"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/storetest"
)

// pageLang is the language a page says it is in.
func pageLang(doc *goquery.Document) string {
	l, _ := doc.Find("html").Attr("lang")
	return l
}

// A visitor reads the language their browser asks for, matched to the
// nearest Rondel speaks; anything else is English.
func TestSignedOutReadsTheBrowsersLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, c := range []struct{ header, lang, words string }{
		{"", "en", "Send me a sign-in link"},
		{"de", "de", "Anmeldelink schicken"},
		{"de-CH,de;q=0.9,en;q=0.8", "de", "Gib deine E-Mail-Adresse ein"},
		{"zh", "zh", "发送登录链接"},
		{"zh-CN,zh;q=0.9,en;q=0.8", "zh", "请输入你的电子邮件地址"},
		{"fr-FR,fr;q=0.9", "en", "Enter your email address"},
		{"en-GB,de;q=0.5", "en", "Sign in"},
	} {
		b := e.browser()
		b.lang = c.header
		code, doc := b.get("/")
		if code != http.StatusOK || pageLang(doc) != c.lang || !strings.Contains(text(doc), c.words) {
			t.Errorf("Accept-Language %q: %d, <html lang=%q>, %s", c.header, code, pageLang(doc), text(doc))
		}
		if got := b.last.Header.Get("Content-Language"); got != c.lang {
			t.Errorf("Accept-Language %q: Content-Language %q", c.header, got)
		}
		if !strings.Contains(b.last.Header.Get("Vary"), "Accept-Language") {
			t.Errorf("Accept-Language %q: the answer does not vary by it", c.header)
		}
		// An error page speaks the same language.
		if code, doc := b.get("/nope"); code != http.StatusNotFound || pageLang(doc) != c.lang {
			t.Errorf("Accept-Language %q: error page %d in %q", c.header, code, pageLang(doc))
		}
	}
}

// Signing in speaks the visitor's language all the way: the form, the
// answer, the mail and the page behind its link.
func TestSignInInTheVisitorsLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	b.lang = "de-AT,de;q=0.9"
	_, doc := b.get("/signin")
	code, doc := b.submit(doc, `form[action="/signin"]`, map[string]string{"email": "ute@x.org"})
	if code != http.StatusOK || pageLang(doc) != "de" || !strings.Contains(text(doc), "Schau in dein Postfach") {
		t.Fatalf("after asking for a link: %d %s", code, text(doc))
	}
	m := e.lastMailTo("ute@x.org")
	if !strings.Contains(m.Subject, "Anmeldelink") || !strings.Contains(m.Body, "Minuten") {
		t.Errorf("sign-in mail: %s / %s", m.Subject, m.Body)
	}
	code, doc = b.get(pathOf(t, m.Link))
	if code != http.StatusOK || pageLang(doc) != "de" || !strings.Contains(text(doc), "auf diesem Gerät anzumelden") {
		t.Errorf("the link's page: %d %s", code, text(doc))
	}
	// A wrong address is refused in the visitor's words.
	b.lang = "zh"
	_, doc = b.get("/signin")
	if code, doc := b.submit(doc, `form[action="/signin"]`, map[string]string{"email": "not an address"}); code != http.StatusBadRequest ||
		!strings.Contains(text(doc), "不像电子邮件地址") {
		t.Errorf("a wrong address: %d %s", code, text(doc))
	}
}

// A member reads the language of their setting, whatever the browser asks
// for; the settings page offers every language by its own name, and a
// change shows at once.
func TestMemberReadsTheirSetting(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	b.signIn("ann@x.org")
	b.lang = "zh"
	_, doc := b.get("/settings")
	if pageLang(doc) != "en" {
		t.Errorf("a member whose setting is English reads %q", pageLang(doc))
	}
	var offered []string
	doc.Find(`select[name=language] option`).Each(func(_ int, o *goquery.Selection) {
		v, _ := o.Attr("value")
		offered = append(offered, v+"="+o.Text())
	})
	if strings.Join(offered, " ") != "en=English de=Deutsch zh=中文" {
		t.Errorf("languages offered: %v", offered)
	}
	code, doc := b.submit(doc, `form[action="/settings"]`, map[string]string{"language": "de"})
	if code != http.StatusOK || pageLang(doc) != "de" || !strings.Contains(text(doc), "Gespeichert.") {
		t.Fatalf("after choosing German: %d <html lang=%q> %s", code, pageLang(doc), text(doc))
	}
	if sel, _ := doc.Find(`select[name=language] option[selected]`).Attr("value"); sel != "de" {
		t.Errorf("the form shows %q chosen", sel)
	}
	for _, header := range []string{"zh", "en", "", "fr"} {
		b.lang = header
		if _, doc := b.get("/"); pageLang(doc) != "de" || !strings.Contains(text(doc), "Deine Partien") {
			t.Errorf("Accept-Language %q: a German member reads %q: %s", header, pageLang(doc), text(doc))
		}
	}
	// A language Rondel does not speak is not stored.
	_, doc = b.get("/settings")
	b.submit(doc, `form[action="/settings"]`, map[string]string{"language": "fr"})
	if u, _ := e.store.UserByEmail(context.Background(), "ann@x.org"); u.Language != "en" {
		t.Errorf("language %q stored for a choice of fr", u.Language)
	}
}

// An invitation mail speaks the invited member's language; someone the
// invitation makes a member gets the language of whoever invites.
func TestInvitationInTheInviteesLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	bob := e.browser()
	bob.signIn("bob@x.org")
	_, doc := bob.get("/settings")
	bob.submit(doc, `form[action="/settings"]`, map[string]string{"language": "zh"})
	ann := e.browser()
	ann.signIn("ann@x.org")
	_, doc = ann.get("/settings")
	ann.submit(doc, `form[action="/settings"]`, map[string]string{"language": "de"})
	ann.newGame("Freitag", [2]string{"Ann", "ann@x.org"}, [2]string{"Bob", "bob@x.org"}, [2]string{"Cy", "cy@x.org"})
	if m := e.lastMailTo("bob@x.org"); !strings.Contains(m.Subject, "邀请") || !strings.Contains(m.Body, "Ann邀请你") {
		t.Errorf("Bob's invitation: %s / %s", m.Subject, m.Body)
	}
	m := e.lastMailTo("cy@x.org")
	if !strings.Contains(m.Subject, "Einladung") || !strings.Contains(m.Body, "Ann lädt dich zu einer Partie") {
		t.Errorf("Cy's invitation: %s / %s", m.Subject, m.Body)
	}
	cy := e.browser()
	cy.lang = "zh"
	if _, doc := cy.get(pathOf(t, m.Link)); pageLang(doc) != "zh" || !strings.Contains(text(doc), "接受并登录") {
		t.Errorf("the invitation's page for a visitor asking for Chinese: %s", text(doc))
	}
}

// internalCode finds words that are codes rather than words: a message
// id (said when the catalogue lacks it, or leaked), a decision kind, a
// space of the rondel by its id, an unfilled placeholder.
var internalCode = regexp.MustCompile(`\[[a-z0-9_]+\.[a-zA-Z0-9_.-]+\]|\b(pages|summary|format|game|store|takeaway|imperial|imperial2030|caesar|record|mail)\.[a-z_]+\.[a-zA-Z0-9_.-]+|force-investor|score-path|production[12]|maneuver[12]|\{\{|<no value>|%!`)

// shownText is what a reader sees of a page: its title, its text and the
// words of its attributes (labels for screen readers, placeholders, titles).
func shownText(doc *goquery.Document) string {
	var b strings.Builder
	b.WriteString(doc.Find("title").Text() + "\n")
	body := doc.Find("body")
	body.Find("script, style").Remove()
	b.WriteString(body.Text())
	body.Find("[aria-label], [placeholder], [title], optgroup[label], img[alt]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"aria-label", "placeholder", "title", "label", "alt"} {
			if v, ok := s.Attr(a); ok {
				b.WriteString("\n" + v)
			}
		}
	})
	return b.String()
}

// noCode fails when a page shows internal codes.
func noCode(t *testing.T, what string, doc *goquery.Document) {
	t.Helper()
	if m := internalCode.FindAllString(shownText(doc), 5); len(m) > 0 {
		t.Errorf("%s shows internal codes %q", what, m)
	}
}

// setLanguage sets b's member's language through the settings page.
func (b *browser) setLanguage(t *testing.T, lang string) {
	t.Helper()
	_, doc := b.get("/settings")
	if code, doc := b.submit(doc, `form[action="/settings"]`, map[string]string{"language": lang}); code != http.StatusOK || pageLang(doc) != lang {
		t.Fatalf("setting %s: %d %q", lang, code, pageLang(doc))
	}
}

// playToEnd plays the first legal move until the game ends.
func (tb *table) playToEnd(t *testing.T) {
	ctx := context.Background()
	for range 400 {
		pos, err := tb.e.store.Current(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := tb.e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end")
}

// Every page of a game, in play and finished, reads in each language with
// no internal code: the game page, its history, the ladder and the
// player's page, settings, your games and the new-game form.
func TestPlayedGamePagesShowNoCode(t *testing.T) {
	t.Parallel()
	tb := startTable(t, withNotify(t))
	pages := func(stage string) []string {
		out := []string{"/", "/games/new", "/settings", "/notify/settings", tb.path, tb.path + "/history", tb.path + "/history?at=1",
			tb.path + "/notify", "/club", "/club?month=x", "/ladder", "/ladder/" + gametest.ID, "/players/1"}
		if stage != "finished" {
			out = append(out, tb.path+"/resign") // the confirmation only: a GET
		}
		return out
	}
	visit := func(stage string) {
		for _, lang := range words.Languages {
			for seat, b := range tb.players {
				b.setLanguage(t, lang)
				for _, p := range pages(stage) {
					code, doc := b.get(p)
					if code != http.StatusOK || pageLang(doc) != lang {
						t.Errorf("%s %s as seat %d in %s: %d, lang %q", stage, p, seat, lang, code, pageLang(doc))
						continue
					}
					noCode(t, stage+" "+p+" in "+lang, doc)
				}
			}
		}
	}
	// Half-way: someone is asked, the others wait.
	ctx := context.Background()
	for range 3 {
		pos, _ := tb.e.store.Current(ctx, tb.id)
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := tb.e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
			t.Fatal(err)
		}
	}
	visit("in play")
	tb.playToEnd(t)
	visit("finished")
	// The readable log downloads in the reader's language, with no code.
	logs := map[string]string{}
	for _, lang := range words.Languages {
		tb.players[1].setLanguage(t, lang)
		code, data := tb.players[1].raw(tb.path + "/log.txt")
		if code != http.StatusOK || !strings.HasPrefix(string(data), "[Game ") {
			t.Fatalf("readable log in %s: %d %.200s", lang, code, data)
		}
		if m := internalCode.FindAllString(string(data), 5); len(m) > 0 {
			t.Errorf("readable log in %s shows internal codes %q", lang, m)
		}
		logs[lang] = string(data)
	}
	if logs["de"] == logs["en"] || logs["zh"] == logs["en"] || !strings.Contains(logs["de"], "Stein") {
		t.Errorf("the readable log does not change with the reader's language:\n%.400s", logs["de"])
	}
	// The finished game's page speaks the reader's words for its result.
	tb.players[0].setLanguage(t, "zh")
	doc := tb.gamePage(t, 0)
	if got := doc.Find("section.result h2").Text(); got != "最终结果" {
		t.Errorf("result heading in Chinese: %q", got)
	}
	if tie := doc.Find(".tie-break").Text(); !strings.Contains(tie, "平局判定") {
		t.Errorf("tie-break in Chinese: %q", tie)
	}
}

// gameTable is a 4-player game of kind (Imperial, Imperial 2030 or
// Cäsars Imperium) played some way in by random legal moves, with every
// seat signed in.
func gameTable(t *testing.T, moves int, opts game.Options, kind string) *table {
	e := newEnvOn(t, importRegistry(gametest.Game{}, imperial.New(), imperial.New2030(), caesar.New()), withNotify(t))
	players := []store.NewPlayer{{Name: "Ann", Email: "ann@x.org"}, {Name: "Bob", Email: "bob@x.org"},
		{Name: "Cy", Email: "cy@x.org"}, {Name: "Dora", Email: "dora@x.org"}}
	g := storetest.StartGame(t, e.store, store.NewGame{Kind: kind, Name: "Freitag", Seed: 5, Options: opts, Players: players}, nil)
	tb := &table{e: e, path: "/games/" + strconv.FormatInt(g.ID, 10), id: g.ID}
	for _, p := range players {
		b := e.browser()
		b.signIn(p.Email)
		tb.players = append(tb.players, b)
	}
	playRandom(t, e, g.ID, moves, rand.New(rand.NewPCG(uint64(moves), 3)))
	return tb
}

// An Imperial (and a Cäsars Imperium) game's pages show no internal code in any language, to any
// seat: its prompts, moves and groups, situation, events, the overview of
// the position (with the nations, regions and spaces of the rondel it
// reports by id), its history and its deadlines.
func TestGamesPagesShowNoCode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind  string
		opts  game.Options
		moves int
	}{{"imperial", nil, 60}, {"imperial", nil, 140}, {"imperial2030", nil, 90}, {caesar.ID, nil, 30}, {caesar.ID, nil, 400}} {
		tb := gameTable(t, c.moves, c.opts, c.kind)
		for _, lang := range words.Languages {
			for seat, b := range tb.players {
				b.setLanguage(t, lang)
				for _, p := range []string{tb.path, tb.path + "/history", tb.path + "/history?at=3", tb.path + "/notify", "/", "/ladder/" + c.kind} {
					code, doc := b.get(p)
					if code != http.StatusOK || pageLang(doc) != lang {
						t.Errorf("%s %s as seat %d in %s: %d, lang %q", c.kind, p, seat, lang, code, pageLang(doc))
						continue
					}
					noCode(t, fmt.Sprintf("%s after %d moves: %s in %s", c.kind, c.moves, p, lang), doc)
				}
			}
		}
	}
}

// Times on pages are in the member's time zone and the language's way;
// a visitor's in UTC.
func TestTimesInTheMembersZoneAndLanguage(t *testing.T) {
	t.Parallel()
	tb := startTable(t, withNotify(t))
	ctx := context.Background()
	pos, _ := tb.e.store.Current(ctx, tb.id)
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := tb.e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
		t.Fatal(err)
	}
	ann := tb.players[0]
	cell := func() string {
		_, doc := ann.get(tb.path + "/history")
		return strings.TrimSpace(doc.Find("ol.moves > li time").First().Text())
	}
	if got := cell(); got != "1 May 2026, 09:00 UTC" {
		t.Errorf("in UTC: %q", got)
	}
	_, doc := ann.get("/notify/settings")
	if code, doc := ann.submit(doc, `form[action="/notify/settings/timezone"]`, map[string]string{"tz": "Europe/Vienna"}); code != http.StatusOK {
		t.Fatalf("time zone: %d %s", code, text(doc))
	}
	for lang, want := range map[string]string{"en": "1 May 2026, 11:00 CEST", "de": "1.5.2026, 11:00 Uhr CEST", "zh": "2026年5月1日 11:00 CEST"} {
		ann.setLanguage(t, lang)
		if got := cell(); got != want {
			t.Errorf("in Vienna, %s: %q, want %q", lang, got, want)
		}
	}
}
