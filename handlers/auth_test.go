package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestSignInFlow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	code, doc := b.get("/")
	if code != 200 || doc.Find(`form[action="/signin"] input[name=email]`).Length() != 1 {
		t.Fatalf("home for a visitor: %d %s", code, text(doc))
	}
	_, doc = b.submit(doc, `form[action="/signin"]`, map[string]string{"email": "Ann@Example.org"})
	known := text(doc)
	if !strings.Contains(known, "Check your mail") {
		t.Fatalf("after asking for a link: %s", known)
	}
	m := e.lastMailTo("ann@example.org")
	path := pathOf(t, m.Link)

	// GET of the link changes nothing: it can be opened twice.
	for range 2 {
		if code, doc := b.get(path); code != 200 || doc.Find(`main form[method=post]`).Length() != 1 {
			t.Fatalf("link page: %d %s", code, text(doc))
		}
	}
	_, doc = b.get(path)
	code, doc = b.submit(doc, "main form", nil)
	if code != 200 || !strings.Contains(text(doc), "Your games") {
		t.Fatalf("signed in: %d %s", code, text(doc))
	}
	var session *http.Cookie
	for _, c := range b.last.Request.Response.Cookies() {
		if c.Name == sessionCookie {
			session = c
		}
	}
	if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode || session.Secure {
		t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, not Secure over plain http", session)
	}

	// The link works once.
	other := e.browser()
	other.get("/signin") // for the CSRF cookie
	code, doc = other.post(path, url.Values{"csrf": {csrfOf(t, other)}})
	if code != http.StatusNotFound || !strings.Contains(text(doc), "does not work any more") {
		t.Errorf("second use: %d %s", code, text(doc))
	}

	// Sign out revokes the session in the database.
	_, doc = b.get("/")
	code, doc = b.submit(doc, `form[action="/signout"]`, nil)
	if code != 200 || doc.Find(`form[action="/signin"]`).Length() != 1 {
		t.Fatalf("after sign out: %d %s", code, text(doc))
	}
	if _, err := e.store.SignIn().SessionUser(context.Background(), session.Value); err == nil {
		t.Error("the session still works after signing out")
	}
}

func csrfOf(t *testing.T, b *browser) string {
	u, _ := url.Parse(b.e.ts.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == csrfCookie {
			return c.Value
		}
	}
	t.Fatal("no csrf cookie")
	return ""
}

func TestSignInDoesNotRevealAccounts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.browser().signIn("known@x.org")
	answer := func(addr string) (int, string) {
		b := e.browser()
		_, doc := b.get("/signin")
		code, doc := b.submit(doc, `form[action="/signin"]`, map[string]string{"email": addr})
		return code, strings.ReplaceAll(text(doc), addr, "ADDR")
	}
	c1, known := answer("known@x.org")
	c2, unknown := answer("stranger@x.org")
	if c1 != c2 || known != unknown {
		t.Errorf("answers differ:\n%d %s\n%d %s", c1, known, c2, unknown)
	}
}

func TestSignInRateLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	b.get("/signin")
	for i := 0; i < e.cfg.Auth.PerAddress; i++ {
		if code, doc := b.post("/signin", url.Values{"email": {"a@x.org"}, "csrf": {csrfOf(t, b)}}); code != 200 {
			t.Fatalf("request %d: %d %s", i, code, text(doc))
		}
	}
	code, doc := b.post("/signin", url.Values{"email": {"a@x.org"}, "csrf": {csrfOf(t, b)}})
	if code != http.StatusTooManyRequests || !strings.Contains(text(doc), "Too many") {
		t.Errorf("over the limit: %d %s", code, text(doc))
	}
	e.clock.Add(e.cfg.Auth.RateWindow() + time.Minute)
	if code, _ := b.post("/signin", url.Values{"email": {"a@x.org"}, "csrf": {csrfOf(t, b)}}); code != 200 {
		t.Errorf("after the window: %d", code)
	}
}

func TestExpiredLinkRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	_, doc := b.get("/signin")
	b.submit(doc, `form[action="/signin"]`, map[string]string{"email": "late@x.org"})
	path := pathOf(t, e.lastMailTo("late@x.org").Link)
	_, doc = b.get(path)
	e.clock.Add(16 * time.Minute)
	code, doc := b.submit(doc, "main form", nil)
	if code != http.StatusNotFound || doc.Find(".request-id").Text() == "" {
		t.Errorf("expired link: %d %s", code, text(doc))
	}
}
