package notify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/config"
)

// chat is a webhook receiver running in the test: it answers each post
// with the next of its scripted answers (the last one repeats) and keeps
// every post it got.
type chat struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	answers []answer
	got     []posted
}

type answer struct {
	code   int
	body   string
	header map[string]string
}

type posted struct {
	path string
	body map[string]any
	code int // what the chat answered
}

func newChat(t *testing.T, answers ...answer) *chat {
	c := &chat{t: t, answers: answers}
	c.srv = httptest.NewServer(http.HandlerFunc(c.serve))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *chat) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	if err := json.Unmarshal(raw, &body); err != nil || r.Header.Get("Content-Type") != "application/json" || r.Method != http.MethodPost {
		c.t.Errorf("the chat got %s %q (%s): %v", r.Method, raw, r.Header.Get("Content-Type"), err)
	}
	c.mu.Lock()
	a := answer{code: http.StatusNoContent}
	if n := len(c.got); n < len(c.answers) {
		a = c.answers[n]
	} else if len(c.answers) > 0 {
		a = c.answers[len(c.answers)-1]
	}
	c.got = append(c.got, posted{path: r.URL.Path, body: body, code: a.code})
	c.mu.Unlock()
	for k, v := range a.header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(a.code)
	io.WriteString(w, a.body)
}

func (c *chat) posts() []posted {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]posted(nil), c.got...)
}

// accepted are the posts the chat took (2xx).
func (c *chat) accepted() []posted {
	var out []posted
	for _, p := range c.posts() {
		if p.code >= 200 && p.code < 300 {
			out = append(out, p)
		}
	}
	return out
}

// secretPath is the webhook's secret, as Discord puts it in the path.
const secretPath = "/api/webhooks/123456/SeCrEtToKeN-must-not-leak"

// hookEnv is a notify service whose webhooks may post to this machine,
// logging into a buffer (to prove the secret is never logged).
func hookEnv(t *testing.T) (*env, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	var mu sync.Mutex
	e := newEnv(t, nil, func(c *config.Config) { c.Notify.Webhooks.AllowLoopback = true })
	e.svc.log = slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return e, &logs
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// addHook checks and stores a webhook to c: the club's (game 0) or a game's.
func (e *env) addHook(c *chat, gameID int64, flavour, lang string, by int64) store.Webhook {
	e.t.Helper()
	addr, flav, hint, err := e.svc.CheckWebhook(c.srv.URL+secretPath, flavour)
	if err != nil {
		e.t.Fatal(err)
	}
	h := store.Webhook{GameID: gameID, URL: addr, Flavour: flav, Hint: hint, Language: lang, CreatedBy: by}
	if gameID > 0 {
		err = e.st.Webhooks().SetForGame(e.ctx, &h)
	} else {
		err = e.st.Webhooks().AddForClub(e.ctx, &h)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return h
}

// noSecret fails if the webhook's secret shows in the log or anywhere in
// the outbox (addresses, texts, headers, errors).
func noSecret(t *testing.T, e *env, logs *bytes.Buffer) {
	t.Helper()
	if strings.Contains(logs.String(), "SeCrEtToKeN") {
		t.Errorf("the log holds the webhook's secret:\n%s", logs)
	}
	rows, _ := e.st.Outbox().Rows(e.ctx, "", 0)
	for _, r := range rows {
		if strings.Contains(fmt.Sprint(r), "SeCrEtToKeN") {
			t.Errorf("outbox row %d holds the webhook's secret: %+v", r.ID, r)
		}
	}
}

func (e *env) hook(id int64) *store.Webhook {
	e.t.Helper()
	h, err := e.st.Webhooks().ByID(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return h
}

// A chat that is down answers 5xx twice, then recovers: the notice is
// retried with the sender's backoff and delivered exactly once; every
// newly asked seat gets one notice, at the moments turn mails go out, and
// a notice links to the game, never to a decision.
func TestTurnNoticeSurvivesAnOutage(t *testing.T) {
	t.Parallel()
	e, logs := hookEnv(t)
	c := newChat(t, answer{code: 502, body: "bad gateway"}, answer{code: 503, body: "<html>down</html>"}, answer{code: 204})
	h := e.addHook(c, 0, "discord", "en", 0)
	if h.Flavour != store.FlavourDiscord || strings.Contains(h.Hint, "SeCrEt") {
		t.Fatalf("hook %+v", h)
	}
	g := e.startGame(gametest.ID, "Friday, 8pm; @everyone", 2, 3, game.Options{"votes": "false"})
	notices := e.outbox(kindNotice)
	if len(notices) != 1 {
		t.Fatalf("%d notices queued at the start, want 1", len(notices))
	}
	e.tick()
	if n := len(c.posts()); n != 1 {
		t.Fatalf("%d posts after the first run, want 1", n)
	}
	row := e.outbox(kindNotice)[0]
	if row.Status != store.OutboxPending || row.Attempts != 1 || !strings.Contains(row.LastError, "HTTP 502: bad gateway") {
		t.Fatalf("after a 502: %+v", row)
	}
	e.tick() // not due yet: the backoff holds it
	if n := len(c.posts()); n != 1 {
		t.Fatalf("%d posts before the backoff ended", n)
	}
	e.clk.Add(61 * time.Second)
	e.tick()
	if row = e.outbox(kindNotice)[0]; row.Attempts != 2 || !strings.Contains(row.LastError, "HTTP 503") || !e.hook(h.ID).Failing() {
		t.Fatalf("after a 503: %+v", row)
	}
	e.clk.Add(121 * time.Second)
	e.tick()
	for range 3 {
		e.clk.Add(time.Hour)
		e.tick()
	}
	if row = e.outbox(kindNotice)[0]; row.Status != store.OutboxSent {
		t.Fatalf("after the chat came back: %+v", row)
	}
	got := c.accepted()
	if len(got) != 1 || len(c.posts()) != 3 {
		t.Fatalf("the chat took %d notices in %d posts, want 1 in 3", len(got), len(c.posts()))
	}
	if got[0].path != secretPath {
		t.Errorf("posted to %s", got[0].path)
	}
	content, _ := got[0].body["content"].(string)
	link := fmt.Sprintf("https://rondel.example/games/%d", g.ID)
	for _, want := range []string{"Rondel · Friday, 8pm; @everyone · ", "nn is asked: Take", "Deadline: ", link} {
		if !strings.Contains(content, want) {
			t.Errorf("notice %q lacks %q", content, want)
		}
	}
	if strings.Contains(content, "/notify/") || !strings.HasSuffix(content, "\n"+link) {
		t.Errorf("notice %q: a decision link, or the game's not last", content)
	}
	if m, _ := json.Marshal(got[0].body["allowed_mentions"]); string(m) != `{"parse":[]}` {
		t.Errorf("allowed_mentions %s: @everyone in a name would ping the channel", m)
	}
	if hk := e.hook(h.ID); hk.Failing() || hk.LastOKAt == nil {
		t.Errorf("the webhook's record after recovery: %+v", hk)
	}

	// Play on: each seat newly asked gets one notice, like its turn mail.
	play(t, e, g, 4)
	turns, notes := map[int]int{}, map[int]int{}
	for _, m := range e.outbox(kindTurn) {
		turns[m.Seq]++
	}
	for _, m := range e.outbox(kindNotice) {
		notes[m.Seq]++
		if m.Status != store.OutboxSent {
			t.Errorf("notice %d: %s", m.ID, m.Status)
		}
	}
	if fmt.Sprint(turns) != fmt.Sprint(notes) || len(turns) != 5 {
		t.Errorf("turn mails by move %v, notices %v", turns, notes)
	}
	if len(c.accepted()) != 5 {
		t.Errorf("the chat took %d notices, want 5", len(c.accepted()))
	}
	noSecret(t, e, logs)
}

// A refusal the chat will repeat (404: the webhook was deleted) fails the
// notice at once, pauses the webhook (no more notices are queued), tells
// who set it, and shows the failure on the webhook and in the outbox.
func TestRefusedNoticeFailsAndPauses(t *testing.T) {
	t.Parallel()
	e, logs := hookEnv(t)
	c := newChat(t, answer{code: 404, body: `{"message": "Unknown Webhook", "code": 10015}`})
	owner := e.person("owner@example.org", "Olga", "de", "Europe/Berlin")
	g := e.startGame(gametest.ID, "refused", 2, 3, game.Options{"votes": "false"})
	h := e.addHook(c, g.ID, "slack", "en", owner)
	play(t, e, g, 1)
	if p := c.posts(); len(p) != 1 || p[0].body["text"] == nil || p[0].body["content"] != nil {
		t.Fatalf("Slack's kind of post: %+v", p)
	}
	rows := e.outbox(kindNotice)
	if len(rows) != 1 || rows[0].Status != store.OutboxFailed || rows[0].Attempts != 1 {
		t.Fatalf("notice after a 404: %+v", rows)
	}
	if !strings.Contains(rows[0].LastError, `HTTP 404: {"message": "Unknown Webhook"`) {
		t.Errorf("last error %q", rows[0].LastError)
	}
	hk := e.hook(h.ID)
	if hk.PausedAt == nil || !hk.Failing() || !strings.Contains(hk.LastError, "404") {
		t.Errorf("webhook after a refusal: %+v", hk)
	}
	told := e.outbox(kindHookPaused)
	if len(told) != 1 || told[0].UserID != owner || !strings.Contains(told[0].TextBody, "Zughinweise") ||
		!strings.Contains(told[0].TextBody, fmt.Sprintf("/games/%d/notify", g.ID)) {
		t.Errorf("the owner was told: %+v", told)
	}
	failed, _ := e.st.Outbox().Rows(e.ctx, store.OutboxFailed, 0)
	if len(failed) != 1 || failed[0].ID != rows[0].ID || !strings.HasPrefix(failed[0].ToAddr, "webhook 127.0.0.1:") {
		t.Errorf("failed rows for the admin page: %+v", failed)
	}
	// Paused: the next turns queue no notice until it is resumed.
	play(t, e, g, 2)
	if n := len(e.outbox(kindNotice)); n != 1 {
		t.Errorf("%d notices while paused", n)
	}
	if err := e.st.Webhooks().Resume(e.ctx, h.ID); err != nil {
		t.Fatal(err)
	}
	play(t, e, g, 1)
	if n := len(e.outbox(kindNotice)); n != 2 {
		t.Errorf("%d notices after resuming, want 2", n)
	}
	noSecret(t, e, logs)
}

func play(t *testing.T, e *env, g *store.Game, n int) {
	t.Helper()
	for range n {
		pos, _ := e.st.Current(e.ctx, g.ID)
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := e.st.AppendMove(e.ctx, store.Submit{GameID: g.ID, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	e.tick()
}
