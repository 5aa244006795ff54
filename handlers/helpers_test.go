package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/config"
	"rondel/store/storetest"
)

// env is a running service on the take-away game.
type env struct {
	t     *testing.T
	store *store.Store
	srv   *Server
	ts    *httptest.Server
	clock *gametest.Clock
	cfg   config.Config
}

const testBase = "http://rondel.test"

func newEnv(t *testing.T, opts ...func(*Deps)) *env {
	t.Helper()
	return newEnvOn(t, gametest.Registry(), opts...)
}

// newEnvOn is newEnv hosting the games of reg.
func newEnvOn(t *testing.T, reg *game.Registry, opts ...func(*Deps)) *env {
	t.Helper()
	c := gametest.NewClock(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
	st := storetest.Open(t, store.Options{Registry: reg, Now: c.Now, CacheBytes: 16 << 20})
	cfg := config.Default()
	cfg.BaseURL = testBase
	d := Deps{Store: st, Config: cfg, Now: c.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, o := range opts {
		o(&d)
	}
	h, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &env{t: t, store: d.Store, srv: h, ts: ts, clock: c, cfg: d.Config}
}

// browser is one person's cookie jar, and the languages it asks for
// (Accept-Language; "" sends none).
type browser struct {
	e      *env
	client *http.Client
	last   *http.Response
	lang   string
	// plain: the browser takes no gzip (Accept-Encoding: identity); else
	// it takes it and the client unpacks it, as a browser does.
	plain bool
	// zipped: the last raw answer came as gzip.
	zipped bool
}

func (e *env) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{e: e, client: &http.Client{Jar: jar}}
}

func (b *browser) do(req *http.Request) (int, *goquery.Document) {
	b.e.t.Helper()
	if b.lang != "" {
		req.Header.Set("Accept-Language", b.lang)
	}
	if b.plain {
		req.Header.Set("Accept-Encoding", "identity")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b.last = resp
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return resp.StatusCode, doc
}

func (b *browser) get(path string) (int, *goquery.Document) {
	b.e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.e.ts.URL+path, nil)
	return b.do(req)
}

func (b *browser) post(path string, form url.Values) (int, *goquery.Document) {
	b.e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.e.ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

// submit fills the form found by sel as a browser would (hidden fields,
// checked boxes, selected options, typed values), applies set and posts it.
func (b *browser) submit(doc *goquery.Document, sel string, set map[string]string) (int, *goquery.Document) {
	b.e.t.Helper()
	form := doc.Find(sel).First()
	if form.Length() == 0 {
		b.e.t.Fatalf("no form %q on the page:\n%s", sel, text(doc))
	}
	vals := url.Values{}
	form.Find("input").Each(func(_ int, in *goquery.Selection) {
		name, _ := in.Attr("name")
		typ, _ := in.Attr("type")
		v, _ := in.Attr("value")
		if name == "" || ((typ == "radio" || typ == "checkbox") && !in.Is("[checked]")) {
			return
		}
		vals.Set(name, v)
	})
	form.Find("select").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		opt := s.Find("option[selected]").First()
		if opt.Length() == 0 {
			opt = s.Find("option").First()
		}
		v, _ := opt.Attr("value")
		vals.Set(name, v)
	})
	for k, v := range set {
		vals.Set(k, v)
	}
	action, _ := form.Attr("action")
	return b.post(action, vals)
}

func text(doc *goquery.Document) string {
	return strings.Join(strings.Fields(doc.Find("main").Text()), " ")
}

// lastMailTo returns the newest local mail to addr.
func (e *env) lastMailTo(addr string) store.LocalMail {
	e.t.Helper()
	mails, err := e.store.LocalMails(context.Background(), 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, m := range mails {
		if m.ToAddr == addr {
			return m
		}
	}
	e.t.Fatalf("no mail to %s", addr)
	return store.LocalMail{}
}

// pathOf strips the base URL of a mailed link.
func pathOf(t *testing.T, link string) string {
	t.Helper()
	if !strings.HasPrefix(link, testBase+"/") {
		t.Fatalf("link %q does not start with the base URL", link)
	}
	return strings.TrimPrefix(link, testBase)
}

// signIn signs b in as addr through the mailed link.
func (b *browser) signIn(addr string) {
	t := b.e.t
	t.Helper()
	_, doc := b.get("/signin")
	if code, doc := b.submit(doc, `form[action="/signin"]`, map[string]string{"email": addr}); code != http.StatusOK {
		t.Fatalf("sign-in request: %d %s", code, text(doc))
	}
	code, doc := b.get(pathOf(t, b.e.lastMailTo(addr).Link))
	if code != http.StatusOK {
		t.Fatalf("sign-in link: %d %s", code, text(doc))
	}
	code, doc = b.submit(doc, `main form`, nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "Your games") {
		t.Fatalf("after sign-in: %d %s", code, text(doc))
	}
}

// newGame has b create a take-away game among the given players
// (name=email pairs) in the entered order and returns its page path.
func (b *browser) newGame(name string, players ...[2]string) string {
	t := b.e.t
	t.Helper()
	_, doc := b.get("/games/new")
	set := map[string]string{"name": name, "order": "entered", "game": gametest.ID}
	for i := range 6 {
		set["name"+string(rune('0'+i))], set["email"+string(rune('0'+i))] = "", ""
	}
	for i, p := range players {
		set["name"+string(rune('0'+i))], set["email"+string(rune('0'+i))] = p[0], p[1]
	}
	code, doc := b.submit(doc, `form[action="/games"]`, set)
	if code != http.StatusOK {
		t.Fatalf("create game: %d %s", code, text(doc))
	}
	return b.last.Request.URL.Path
}
