package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"rondel/game"
	"rondel/notify"
	"rondel/store"
	"rondel/store/storetest"
)

// chatServer is a webhook receiver in the test: it answers with code
// (204 unless set) and keeps what it was posted.
type chatServer struct {
	srv  *httptest.Server
	mu   sync.Mutex
	code int
	got  []map[string]any
}

func newChatServer(t *testing.T) *chatServer {
	c := &chatServer{code: http.StatusNoContent}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		raw, _ := io.ReadAll(r.Body)
		json.Unmarshal(raw, &body)
		c.mu.Lock()
		c.got = append(c.got, body)
		code := c.code
		c.mu.Unlock()
		w.WriteHeader(code)
		if code >= 400 {
			io.WriteString(w, `{"message": "Unknown Webhook"}`)
		}
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *chatServer) answer(code int) {
	c.mu.Lock()
	c.code = code
	c.mu.Unlock()
}

func (c *chatServer) posts() []map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]map[string]any(nil), c.got...)
}

const hookSecret = "/api/webhooks/77/TopSecretWebhookToken"

// hooksEnv is notifyEnv whose webhooks may post to this machine, Ann an
// admin, and a second game that Ann created, in play.
func hooksEnv(t *testing.T) (*env, *notify.Service, *store.Game) {
	t.Helper()
	e, svc, _ := notifyEnvWith(t, func(d *Deps) {
		d.Config.Notify.Webhooks.AllowLoopback = true
		d.Config.Admins = []string{"ann@example.org"}
	})
	ctx := context.Background()
	ann, err := e.store.UserByEmail(ctx, "ann@example.org")
	if err != nil {
		t.Fatal(err)
	}
	g := storetest.StartGame(t, e.store, store.NewGame{Name: "Ann's, with hooks", Seed: 5, Options: game.Options{"votes": "false"}, CreatedBy: ann.ID,
		Players: []store.NewPlayer{{Name: "Ann", Email: "ann@example.org"}, {Name: "Bob", Email: "bob@example.org"}}}, nil)
	return e, svc, g
}

func tick(t *testing.T, svc *notify.Service) {
	t.Helper()
	if err := svc.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// A game's creator sets its webhook on the game's notification page: the
// address is checked, kept secret (never shown again, never in a form),
// a test notice and turn notices reach the chat in the chosen language,
// a refusal pauses it and shows on the page and the admins' mail page,
// and the creator resumes or removes it. Nobody else may touch it.
func TestGameWebhookFromTheWeb(t *testing.T) {
	t.Parallel()
	e, svc, g := hooksEnv(t)
	ctx := context.Background()
	chat := newChatServer(t)
	path := fmt.Sprintf("/games/%d/notify", g.ID)
	ann := e.browser()
	ann.signIn("ann@example.org")
	code, doc := ann.get(path)
	if code != http.StatusOK || !strings.Contains(text(doc), "Turn notices in a chat") || !strings.Contains(text(doc), "No webhook is set.") {
		t.Fatalf("notification page: %d %s", code, text(doc))
	}
	form := `form[action="` + path + `/webhook"]`

	// Refused addresses: nothing stored, the reason said.
	for addr, why := range map[string]string{
		"http://chat.example.org/hook":  "must start with https://",
		"https://10.0.0.8/hook":         "not on this machine or an internal network",
		"https://chat.example.org/hook": "cannot tell the kind",
		"not a url":                     "not a webhook address",
	} {
		code, doc := ann.submit(doc, form, map[string]string{"url": addr, "kind": "auto"})
		if code != http.StatusBadRequest || !strings.Contains(text(doc), why) || strings.Contains(text(doc), addr) {
			t.Errorf("%q: %d %s", addr, code, text(doc))
		}
	}
	if h, _ := e.store.Webhooks().OfGame(ctx, g.ID); h != nil {
		t.Fatalf("a refused address was stored: %+v", h)
	}

	code, doc = ann.submit(doc, form, map[string]string{"url": chat.srv.URL + hookSecret, "kind": "slack", "language": "de"})
	page := doc.Text()
	if code != http.StatusOK || !strings.Contains(page, "Notices go to 127.0.0.1:") || !strings.Contains(page, "…oken (Slack (or compatible), Deutsch)") {
		t.Fatalf("after saving: %d %s", code, text(doc))
	}
	if html, _ := doc.Html(); strings.Contains(html, "TopSecret") {
		t.Error("the page shows the webhook's secret address")
	}
	if v, ok := doc.Find(`input[name="url"]`).Attr("value"); ok && v != "" {
		t.Errorf("the form is filled with %q", v)
	}

	// A test notice, through the queue.
	code, doc = ann.submit(doc, `form[action="`+path+`/webhook/test"]`, nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "A test notice is on its way") {
		t.Fatalf("test notice: %d %s", code, text(doc))
	}
	tick(t, svc)
	posts := chat.posts()
	if len(posts) != 1 || !strings.Contains(fmt.Sprint(posts[0]["text"]), "Testhinweis") {
		t.Fatalf("the chat got %v", posts)
	}

	// A turn: Ann or Bob is asked next; the chat refuses: paused, shown.
	chat.answer(http.StatusNotFound)
	pos, _ := e.store.Current(ctx, g.ID)
	seat := pos.State.ToAct()[0].Seat
	legal := pos.State.LegalMoves(seat)
	if _, err := e.store.AppendMove(ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: legal[0].Move}); err != nil {
		t.Fatal(err)
	}
	tick(t, svc)
	if posts = chat.posts(); len(posts) != 2 || !strings.Contains(fmt.Sprint(posts[1]["text"]), "ist gefragt") {
		t.Fatalf("turn notice: %v", posts)
	}
	_, doc = ann.get(path)
	if !strings.Contains(text(doc), "Paused since") || !strings.Contains(text(doc), "HTTP 404") {
		t.Errorf("a refused notice on the page: %s", text(doc))
	}
	_, mail := ann.get("/notify/mail")
	if m := text(mail); !strings.Contains(m, "webhook 127.0.0.1:") || !strings.Contains(m, "Unknown Webhook") || strings.Contains(m, "TopSecret") {
		t.Errorf("the admins' mail page: %s", m)
	}

	// Bob, a player but not the creator, may not change it.
	bob := e.browser()
	bob.signIn("bob@example.org")
	_, bdoc := bob.get(path)
	if bdoc.Find(form).Length() != 0 || !strings.Contains(text(bdoc), "Notices go to") {
		t.Errorf("Bob's view: %s", text(bdoc))
	}
	csrf := csrfOf(t, bob)
	for _, p := range []string{"", "/test", "/resume", "/delete"} {
		if code, _ := bob.post(path+"/webhook"+p, url.Values{"csrf": {csrf}, "url": {chat.srv.URL + "/x"}, "kind": {"slack"}}); code != http.StatusForbidden {
			t.Errorf("Bob posting %s: %d", p, code)
		}
	}

	code, doc = ann.submit(doc, `form[action="`+path+`/webhook/resume"]`, nil)
	if h, _ := e.store.Webhooks().OfGame(ctx, g.ID); code != http.StatusOK || h.PausedAt != nil {
		t.Errorf("resume: %d %+v", code, h)
	}
	code, doc = ann.submit(doc, `form[action="`+path+`/webhook/delete"]`, nil)
	if h, _ := e.store.Webhooks().OfGame(ctx, g.ID); code != http.StatusOK || h != nil || !strings.Contains(text(doc), "No webhook is set.") {
		t.Errorf("remove: %d %+v", code, h)
	}
	if code, _ := ann.post(path+"/webhook/test", url.Values{"csrf": {csrfOf(t, ann)}}); code != http.StatusNotFound {
		t.Errorf("testing a removed webhook: %d", code)
	}
}

// The club's webhooks are the admins': listed, added, tested and removed
// at /notify/webhooks; others are turned away.
func TestClubWebhooksForAdmins(t *testing.T) {
	t.Parallel()
	e, svc, _ := hooksEnv(t)
	chat := newChatServer(t)
	bob := e.browser()
	bob.signIn("bob@example.org")
	if code, _ := bob.get("/notify/webhooks"); code != http.StatusForbidden {
		t.Errorf("Bob sees the club's webhooks: %d", code)
	}
	if code, _ := bob.post("/notify/webhooks", url.Values{"csrf": {csrfOf(t, bob)}, "url": {chat.srv.URL + hookSecret}, "kind": {"discord"}}); code != http.StatusForbidden {
		t.Errorf("Bob adds a club webhook: %d", code)
	}
	ann := e.browser()
	ann.signIn("ann@example.org")
	code, doc := ann.get("/notify/webhooks")
	if code != http.StatusOK || !strings.Contains(text(doc), "No webhook is set.") {
		t.Fatalf("admin page: %d %s", code, text(doc))
	}
	code, doc = ann.submit(doc, `form[action="/notify/webhooks"]`, map[string]string{"url": chat.srv.URL + hookSecret, "kind": "discord"})
	if code != http.StatusOK || !strings.Contains(text(doc), "(Discord, English)") {
		t.Fatalf("after adding: %d %s", code, text(doc))
	}
	if html, _ := doc.Html(); strings.Contains(html, "TopSecret") {
		t.Error("the admin page shows the secret address")
	}
	hooks, _ := e.store.Webhooks().OfClub(context.Background())
	if len(hooks) != 1 || hooks[0].URL != chat.srv.URL+hookSecret {
		t.Fatalf("stored %+v", hooks)
	}
	hook := fmt.Sprintf("/notify/webhooks/%d", hooks[0].ID)
	if code, _ := bob.post(hook+"/delete", url.Values{"csrf": {csrfOf(t, bob)}}); code != http.StatusForbidden {
		t.Errorf("Bob removes a club webhook: %d", code)
	}
	code, _ = ann.submit(doc, `form[action="`+hook+`/test"]`, nil)
	tick(t, svc)
	if posts := chat.posts(); code != http.StatusOK || len(posts) != 1 || !strings.Contains(fmt.Sprint(posts[0]["content"]), "the club's games") {
		t.Fatalf("club test notice: %d %v", code, posts)
	}
	_, doc = ann.get("/notify/webhooks")
	if !strings.Contains(text(doc), "The last notice was delivered") {
		t.Errorf("after the test: %s", text(doc))
	}
	ann.submit(doc, `form[action="`+hook+`/delete"]`, nil)
	if hooks, _ := e.store.Webhooks().OfClub(context.Background()); len(hooks) != 0 {
		t.Errorf("after removing: %+v", hooks)
	}
	if code, _ := ann.post(hook+"/test", url.Values{"csrf": {csrfOf(t, ann)}}); code != http.StatusNotFound {
		t.Errorf("a removed club webhook: %d", code)
	}
}

// The calendar address is made on the settings page, shown once, read
// without a session as text/calendar, and refused (404) when wrong,
// replaced or stopped.
func TestCalendarFeedFromSettings(t *testing.T) {
	t.Parallel()
	e, _, g := notifyEnv(t)
	ctx := context.Background()
	ann := e.browser()
	ann.signIn("ann@example.org")
	_, doc := ann.get("/notify/settings")
	if !strings.Contains(text(doc), "You have no calendar address.") {
		t.Fatalf("settings: %s", text(doc))
	}
	code, doc := ann.submit(doc, `form[action="/notify/settings/calendar"]`, nil)
	feed, _ := doc.Find("input#feed").Attr("value")
	if code != http.StatusOK || !strings.HasPrefix(feed, testBase+"/calendar/") || !strings.HasSuffix(feed, ".ics") {
		t.Fatalf("after making: %d %q %s", code, feed, text(doc))
	}
	u, _ := e.store.UserByEmail(ctx, "ann@example.org")
	token := strings.TrimSuffix(strings.TrimPrefix(feed, testBase+"/calendar/"), ".ics")
	if f, _ := e.store.Calendar().FeedOf(ctx, u.ID); f == nil || f.TokenHash != store.HashToken(token) {
		t.Fatalf("stored %+v, not the secret's hash", f)
	}
	get := func(p string) (int, string, string) {
		t.Helper()
		resp, err := http.Get(e.ts.URL + p) // a calendar program: no cookies
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	feedPath := pathOf(t, feed)
	code, ctype, body := get(feedPath)
	if code != http.StatusOK || ctype != "text/calendar; charset=utf-8" || !strings.HasPrefix(body, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") ||
		!strings.HasSuffix(body, "END:VCALENDAR\r\n") {
		t.Fatalf("feed: %d %s %q", code, ctype, body)
	}
	// Ann's deadlines are her open decisions in the game.
	pos, _ := e.store.Current(ctx, g.ID)
	annAsked := false
	for _, d := range pos.State.ToAct() {
		annAsked = annAsked || pos.Seats[d.Seat].UserID == u.ID
	}
	if strings.Contains(body, "BEGIN:VEVENT\r\n") != annAsked || (annAsked && !strings.Contains(body, fmt.Sprintf("URL;VALUE=URI:%s/games/%d\r\n", testBase, g.ID))) {
		t.Errorf("Ann asked %v, feed:\n%s", annAsked, body)
	}
	if code, _, _ := get(strings.TrimSuffix(feedPath, ".ics")); code != http.StatusOK {
		t.Errorf("the address without .ics: %d", code)
	}
	for _, wrong := range []string{"/calendar/" + token[1:] + ".ics", "/calendar/x.ics", "/calendar/" + store.HashToken(token)} {
		if code, _, body := get(wrong); code != http.StatusNotFound || strings.Contains(body, "VCALENDAR") {
			t.Errorf("%s: %d", wrong, code)
		}
	}
	// Shown once: the page no longer holds it.
	_, doc = ann.get("/notify/settings")
	if html, _ := doc.Html(); strings.Contains(html, token) || !strings.Contains(text(doc), "You have a calendar address") {
		t.Errorf("settings after making: %s", text(doc))
	}
	// A new address: the old one stops working.
	_, doc = ann.submit(doc, `form[action="/notify/settings/calendar"]`, nil)
	feed2, _ := doc.Find("input#feed").Attr("value")
	if code, _, _ := get(feedPath); code != http.StatusNotFound || feed2 == feed {
		t.Errorf("the replaced address: %d", code)
	}
	if code, _, _ := get(pathOf(t, feed2)); code != http.StatusOK {
		t.Errorf("the new address: %d", code)
	}
	code, doc = ann.submit(doc, `form[action="/notify/settings/calendar/revoke"]`, nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "You have no calendar address.") {
		t.Errorf("after stopping: %d %s", code, text(doc))
	}
	if code, _, _ := get(pathOf(t, feed2)); code != http.StatusNotFound {
		t.Errorf("the stopped address: %d", code)
	}
}
