package handlers

import (
	"context"
	"net/http"
	"rondel/notify"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// signInAs signs b in through the mailed link with b's own Accept-Language
// and returns the page after it.
func (b *browser) signInAs(t *testing.T, addr string) *goquery.Document {
	t.Helper()
	_, doc := b.get("/signin")
	if code, doc := b.submit(doc, `form[action="/signin"]`, map[string]string{"email": addr}); code != http.StatusOK {
		t.Fatalf("sign-in request: %d %s", code, text(doc))
	}
	_, doc = b.get(pathOf(t, b.e.lastMailTo(addr).Link))
	code, doc := b.submit(doc, `main form`, nil)
	if code != http.StatusOK {
		t.Fatalf("sign-in: %d %s", code, text(doc))
	}
	return doc
}

// A German browser reads German after signing in too, and the member's
// mail is German: the browser's language is their first, until they choose.
func TestBrowsersLanguageAfterSignIn(t *testing.T) {
	e := newEnv(t)
	b := e.browser()
	b.lang = "de-DE,de;q=0.9,en;q=0.8"
	doc := b.signInAs(t, "ute@x.org")
	if pageLang(doc) != "de" || !strings.Contains(text(doc), "Deine Partien") {
		t.Fatalf("after sign-in: <html lang=%q> %s", pageLang(doc), text(doc))
	}
	u, _ := e.store.UserByEmail(context.Background(), "ute@x.org")
	if u.Language != "de" || u.LanguageChosen {
		t.Errorf("stored %q, chosen %v", u.Language, u.LanguageChosen)
	}
	// Not chosen: a sign-in from a Chinese browser makes it Chinese.
	zh := e.browser()
	zh.lang = "zh-CN,zh;q=0.9"
	if doc := zh.signInAs(t, "ute@x.org"); pageLang(doc) != "zh" {
		t.Errorf("a second sign-in from a Chinese browser: %q", pageLang(doc))
	}
	// Chosen in Settings: a browser asking for another stays unheard.
	zh.setLanguage(t, "de")
	en := e.browser()
	en.lang = "en"
	if doc := en.signInAs(t, "ute@x.org"); pageLang(doc) != "de" {
		t.Errorf("a chosen language gave way to the browser's: %q", pageLang(doc))
	}
	// A browser that asks for nothing changes nothing.
	v := e.browser()
	v.lang = "zh"
	v.signInAs(t, "vera@x.org")
	none := e.browser()
	if doc := none.signInAs(t, "vera@x.org"); pageLang(doc) != "zh" {
		t.Errorf("a browser with no Accept-Language changed the guess: %q", pageLang(doc))
	}
}

// Someone a German member invites is a German member until they sign in:
// the invitation and the turn mails after it are German.
func TestInviteeTakesTheInvitersLanguage(t *testing.T) {
	e := newEnv(t, withNotify(t))
	ann := e.browser()
	ann.lang = "de"
	ann.signInAs(t, "ann@x.org")
	ann.newGame("Freitag", [2]string{"Ann", "ann@x.org"}, [2]string{"Bob", "bob@x.org"})
	m := e.lastMailTo("bob@x.org")
	if !strings.Contains(m.Subject, "Einladung") || !strings.Contains(m.Body, "Ann lädt dich") {
		t.Errorf("Bob's invitation: %s / %s", m.Subject, m.Body)
	}
	u, err := e.store.UserByEmail(context.Background(), "bob@x.org")
	if err != nil || u.Language != "de" || u.LanguageChosen {
		t.Fatalf("the invitee: %+v %v", u, err)
	}
	// Accepting from a browser that asks for nothing keeps German.
	bob := e.browser()
	_, doc := bob.get(pathOf(t, m.Link))
	if code, doc := bob.submit(doc, `main form`, nil); code != http.StatusOK || pageLang(doc) != "de" {
		t.Errorf("after accepting: %d %q", code, pageLang(doc))
	}
	// The game's mails to Bob are German too.
	if err := e.srv.notify.(*notify.Service).Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range sentMails(t, e) {
		if m.ToAddr == "bob@x.org" && !strings.Contains(m.Subject, "Einladung") {
			n++
			if !strings.Contains(m.Body, "Hallo Bob") {
				t.Errorf("a mail to Bob not in German: %s\n%s", m.Subject, m.Body)
			}
		}
	}
	if n == 0 {
		t.Error("no mail to Bob after the start")
	}
}

// The switch at the foot of every page changes the language and is
// remembered: for a visitor in a cookie (and kept as their choice when
// they sign in), for a member in their settings.
func TestFooterLanguageSwitch(t *testing.T) {
	e := newEnv(t)
	b := e.browser()
	b.lang = "en"
	_, doc := b.get("/signin?next=%2Fclub")
	if n := doc.Find(`footer form[action="/language"] select[name=lang] option`).Length(); n != 3 {
		t.Fatalf("the footer offers %d languages", n)
	}
	code, doc := b.submit(doc, `footer form[action="/language"]`, map[string]string{"lang": "zh"})
	if code != http.StatusOK || pageLang(doc) != "zh" || !strings.Contains(text(doc), "发送登录链接") {
		t.Fatalf("after switching to Chinese: %d %q %s", code, pageLang(doc), text(doc))
	}
	if b.last.Request.URL.RequestURI() != "/signin?next=%2Fclub" {
		t.Errorf("the switch went back to %s", b.last.Request.URL.RequestURI())
	}
	if _, doc := b.get("/"); pageLang(doc) != "zh" {
		t.Errorf("the choice is not remembered: %q", pageLang(doc))
	}
	// Signing in keeps the visitor's choice over the browser's, as chosen.
	doc = b.signInAs(t, "kim@x.org")
	u, _ := e.store.UserByEmail(context.Background(), "kim@x.org")
	if pageLang(doc) != "zh" || u.Language != "zh" || !u.LanguageChosen {
		t.Errorf("after signing in: page %q, stored %q chosen %v", pageLang(doc), u.Language, u.LanguageChosen)
	}
	// A member's switch is stored: another browser reads it.
	_, doc = b.get("/settings")
	if code, doc := b.submit(doc, `footer form[action="/language"]`, map[string]string{"lang": "de"}); code != http.StatusOK ||
		pageLang(doc) != "de" || !strings.Contains(text(doc), "Sprache") {
		t.Errorf("a member's switch: %d %q", code, pageLang(doc))
	}
	other := e.browser()
	other.lang = "en"
	if doc := other.signInAs(t, "kim@x.org"); pageLang(doc) != "de" {
		t.Errorf("another browser reads %q", pageLang(doc))
	}
	// Without the form's token nothing changes; a language Rondel does not
	// speak is refused.
	if code, _ := b.post("/language", map[string][]string{"lang": {"zh"}}); code != http.StatusForbidden {
		t.Errorf("no token: %d", code)
	}
	_, doc = b.get("/")
	if code, _ := b.submit(doc, `footer form[action="/language"]`, map[string]string{"lang": "fr"}); code != http.StatusBadRequest {
		t.Errorf("fr: %d", code)
	}
	if u, _ := e.store.UserByEmail(context.Background(), "kim@x.org"); u.Language != "de" {
		t.Errorf("stored %q", u.Language)
	}
}

// An invitation to someone new offers the other languages, one line each;
// the invitation opened through one speaks it, and accepting there makes it
// the new member's choice.
func TestInvitationOffersTheOtherLanguages(t *testing.T) {
	e := newEnv(t)
	ann := e.browser()
	ann.lang = "de"
	ann.signInAs(t, "ann@x.org")
	ann.newGame("Freitag", [2]string{"Ann", "ann@x.org"}, [2]string{"Bob", "bob@x.org"})
	m := e.lastMailTo("bob@x.org")
	zhLine := "中文: " + m.Link + "?lang=zh"
	if !strings.Contains(m.Body, "English: "+m.Link+"?lang=en") || !strings.Contains(m.Body, zhLine) || strings.Contains(m.Body, "?lang=de") {
		t.Fatalf("the invitation's other languages:\n%s", m.Body)
	}
	bob := e.browser()
	_, doc := bob.get(pathOf(t, m.Link) + "?lang=zh")
	if pageLang(doc) != "zh" || !strings.Contains(text(doc), "接受并登录") {
		t.Fatalf("the invitation in Chinese: %q %s", pageLang(doc), text(doc))
	}
	if code, doc := bob.submit(doc, `main form`, nil); code != http.StatusOK || pageLang(doc) != "zh" {
		t.Errorf("after accepting in Chinese: %d %q", code, pageLang(doc))
	}
	if u, _ := e.store.UserByEmail(context.Background(), "bob@x.org"); u.Language != "zh" || !u.LanguageChosen {
		t.Errorf("stored %q, chosen %v", u.Language, u.LanguageChosen)
	}
	// A member already known gets no choice: they have their language.
	ann.newGame("Samstag", [2]string{"Ann", "ann@x.org"}, [2]string{"Bob", "bob@x.org"})
	if m := e.lastMailTo("bob@x.org"); strings.Contains(m.Body, "?lang=") || !strings.Contains(m.Subject, "邀请") {
		t.Errorf("a member's invitation: %s\n%s", m.Subject, m.Body)
	}
}
