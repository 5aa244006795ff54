package handlers

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
)

// Every page links the icon, which is served (an SVG of the rondel), and
// a browser asking /favicon.ico is sent to it.
func TestFavicon(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	_, doc := b.get("/")
	href, ok := doc.Find(`head link[rel="icon"]`).Attr("href")
	if !ok || href != "/static/favicon.svg" {
		t.Fatalf("the home page links no icon: %q", href)
	}
	for _, path := range []string{href, "/favicon.ico"} {
		resp, err := http.Get(e.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "image/svg+xml") || !bytes.Contains(body, []byte("<svg")) {
			t.Errorf("%s: %d %s %.80s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}
}

// A visitor's home page says what Rondel is before it asks for an
// address, in the visitor's language; a member's home is their games.
func TestHomeWelcomesVisitors(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for lang, want := range map[string]string{"en": "Welcome to Rondel", "de": "Willkommen bei Rondel", "zh": "欢迎来到 Rondel"} {
		b := e.browser()
		b.lang = lang
		code, doc := b.get("/")
		welcome := doc.Find("main section.welcome")
		if code != http.StatusOK || strings.TrimSpace(welcome.Find("h1").Text()) != want || welcome.Find("p").Length() < 2 {
			t.Errorf("%s: %d, welcome %q", lang, code, welcome.Text())
		}
		if doc.Find(`main form[action="/signin"] input[name="email"]`).Length() != 1 {
			t.Errorf("%s: the home page lost its sign-in form", lang)
		}
		if _, doc := b.get("/signin"); doc.Find("section.welcome").Length() != 0 {
			t.Errorf("%s: the sign-in page itself repeats the welcome", lang)
		}
	}
	b := e.browser()
	b.signIn("ann@x.org")
	if _, doc := b.get("/"); doc.Find("section.welcome").Length() != 0 {
		t.Errorf("a member's home page welcomes them as a visitor")
	}
}

// The README quotes the Content Security Policy every answer carries, as
// it is.
func TestReadmeQuotesTheCSP(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	resp, err := http.Get(e.ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if csp == "" || !bytes.Contains(readme, []byte("\n  "+csp+"\n")) {
		t.Errorf("README.md does not quote the policy on a line of its own:\n%s", csp)
	}
}
