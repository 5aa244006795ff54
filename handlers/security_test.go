package handlers

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/storetest"
)

// TestHealthzNeedsAWritableDatabase: a database that answers but takes no
// writes is unhealthy.
func TestHealthzNeedsAWritableDatabase(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	code, body := e.browser().get("/healthz")
	if code != http.StatusOK {
		t.Fatalf("healthz on a writable database: %d", code)
	}
	if want := "database: " + e.store.Dialect() + "\nschema: "; !strings.Contains(body.Text(), want) {
		t.Errorf("healthz does not name the database: %q", body.Text())
	}
	path := storetest.Database(t)
	st, err := store.Open(path, store.Options{Registry: gametest.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CheckSchema(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	st.Close()
	ro := newEnv(t, func(d *Deps) {
		if d.Store, err = store.Open(path, store.Options{Registry: gametest.Registry(), ReadOnly: true}); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Store.Close() })
	})
	resp, err := http.Get(ro.ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("healthz on a read-only database: %s", resp.Status)
	}
}

// downMailer is a mail queue whose server does not answer.
type downMailer struct{ tried int }

func (m *downMailer) Send(context.Context, store.Mail) error {
	m.tried++
	return fmt.Errorf("%w: dial tcp: connection refused", store.ErrNotSent)
}

// TestSignInWhileMailIsDown: the page says the mail could not be sent, and
// trying again does not use up the address's limit.
func TestSignInWhileMailIsDown(t *testing.T) {
	t.Parallel()
	m := &downMailer{}
	e := newEnv(t, func(d *Deps) { d.Mailer = m })
	b := e.browser()
	for i := range e.cfg.Auth.PerAddress + 2 {
		_, doc := b.get("/signin")
		code, doc := b.submit(doc, `form[action="/signin"]`, map[string]string{"email": "ann@example.org"})
		if code != http.StatusServiceUnavailable || !strings.Contains(text(doc), "could not be sent") {
			t.Fatalf("attempt %d: %d %s", i+1, code, text(doc))
		}
	}
	a := e.cfg.Auth
	if _, err := e.store.SignIn().RequestLogin(context.Background(), "ann@example.org", "192.0.2.1",
		store.LoginLimits{TTL: a.LinkTTL(), Window: a.RateWindow(), PerAddress: a.PerAddress, PerAddressAll: a.PerAddressAll, PerIP: a.PerIP}); err != nil {
		t.Errorf("the address's limit was used up while mail was down: %v", err)
	}
}

// queueEnv is a service whose sign-in and invitation mails go through
// notify's durable queue, as `rondel serve` wires it.
func queueEnv(t *testing.T) *env {
	return newEnv(t, func(d *Deps) { d.Mailer = wireNotify(t, d) })
}

// TestInvitationsAndSignInGoThroughTheQueue: both are rows of the durable
// outbox; an invitation names its creator as the one to tell if it fails.
func TestInvitationsAndSignInGoThroughTheQueue(t *testing.T) {
	t.Parallel()
	e := queueEnv(t)
	b := e.browser()
	b.signIn("cleo@example.org")
	b.newGame("Queued", [2]string{"Cleo", "cleo@example.org"}, [2]string{"Dan", "dan@example.org"})
	rows, err := e.store.Outbox().Rows(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	cleo, _ := e.store.UserByEmail(context.Background(), "cleo@example.org")
	kinds := map[string]store.OutboxMail{}
	for _, r := range rows {
		kinds[strings.SplitN(r.Kind, "-", 2)[0]] = r
	}
	if r, ok := kinds["signin"]; !ok || r.Status != store.OutboxSent || r.ToAddr != "cleo@example.org" {
		t.Errorf("sign-in mail in the queue: %+v", r)
	}
	if r, ok := kinds["invite"]; !ok || r.Status != store.OutboxSent || r.ToAddr != "dan@example.org" || r.TellUserID != cleo.ID {
		t.Errorf("invitation in the queue: %+v", r)
	}
	if !strings.Contains(e.lastMailTo("dan@example.org").Body, "/invite/") {
		t.Error("the invitation did not reach the local outbox")
	}
}

// TestTooLargeBodySaysSo: a body over the limit gets a plain 413 page,
// not the form check's refusal, whether or not its length was given.
func TestTooLargeBodySaysSo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	big := url.Values{"email": {strings.Repeat("a", 2<<20)}}.Encode()
	for _, chunked := range []bool{false, true} {
		req, _ := http.NewRequest(http.MethodPost, e.ts.URL+"/signin", strings.NewReader(big))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if chunked {
			req.ContentLength = -1
			req.Body = io.NopCloser(struct{ io.Reader }{strings.NewReader(big)})
		}
		code, doc := e.browser().do(req)
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(text(doc), "larger than this site takes") {
			t.Errorf("chunked %v: %d %s", chunked, code, text(doc))
		}
	}
}

// TestNamesAreBoundedAndPlain: a game's, a seat's and a person's names
// lose control and bidirectional characters, and over-long ones are
// refused with the limit named.
func TestNamesAreBoundedAndPlain(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	b.signIn("cleo@example.org")
	path := b.newGame("Club\u202E night\t7", [2]string{"Cleo\u2066", "cleo@example.org"}, [2]string{"Dan\nDare", "dan@example.org"})
	var id int64
	fmt.Sscanf(path, "/games/%d", &id)
	g, _ := e.store.GameRow(context.Background(), id)
	seats, _ := e.store.Seats(context.Background(), id)
	if g.Name != "Club night 7" || seats[0].Name != "Cleo" || seats[1].Name != "Dan Dare" {
		t.Errorf("stored %q, %q, %q", g.Name, seats[0].Name, seats[1].Name)
	}
	_, doc := b.get("/games/new")
	set := map[string]string{"name": strings.Repeat("x", 81), "game": gametest.ID, "name0": "Cleo", "email0": "cleo@example.org", "name1": "Dan", "email1": "dan@example.org"}
	code, doc := b.submit(doc, `form[action="/games"]`, set)
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(doc), "at most 80 characters") {
		t.Errorf("an 81-character game name: %d %s", code, text(doc))
	}
	_, doc = b.get("/settings")
	code, doc = b.submit(doc, `form[action="/settings"]`, map[string]string{"name": strings.Repeat("é", 61)})
	if code != http.StatusBadRequest || !strings.Contains(text(doc), "at most 60 characters") {
		t.Errorf("a 61-character display name: %d %s", code, text(doc))
	}
	for typed, want := range map[string]string{"\u202ECleo\x1b Ray": "Cleo Ray", strings.Repeat("é", 60): strings.Repeat("é", 60)} {
		_, doc = b.get("/settings")
		b.submit(doc, `form[action="/settings"]`, map[string]string{"name": typed})
		if u, _ := e.store.UserByEmail(context.Background(), "cleo@example.org"); u.DisplayName != want {
			t.Errorf("display name %q stored as %q", typed, u.DisplayName)
		}
	}
}

// TestOutboxIsNotPublic: without SMTP the outbox, which holds sign-in
// links, is served to the loopback address and to admins only; there it
// signs one in as a mail's recipient.
func TestOutboxIsNotPublic(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(d *Deps) { d.Config.Admins = []string{"boss@example.org"} })
	from := func(remote string, header map[string]string, cookies []*http.Cookie) int {
		req := httptest.NewRequest(http.MethodGet, "/outbox", nil)
		req.RemoteAddr = remote
		for k, v := range header {
			req.Header.Set(k, v)
		}
		for _, c := range cookies {
			req.AddCookie(c)
		}
		w := httptest.NewRecorder()
		e.srv.ServeHTTP(w, req)
		return w.Code
	}
	if code := from("127.0.0.1:5000", nil, nil); code != http.StatusOK {
		t.Errorf("from loopback: %d", code)
	}
	if code := from("[::1]:5000", nil, nil); code != http.StatusOK {
		t.Errorf("from ::1: %d", code)
	}
	if code := from("203.0.113.9:5000", nil, nil); code != http.StatusForbidden {
		t.Errorf("from another machine: %d", code)
	}
	if code := from("127.0.0.1:5000", map[string]string{"X-Forwarded-For": "203.0.113.9"}, nil); code != http.StatusForbidden {
		t.Errorf("through a proxy on this machine: %d", code)
	}
	boss := e.browser()
	boss.signIn("boss@example.org")
	u, _ := url.Parse(e.ts.URL)
	if code := from("203.0.113.9:5000", nil, boss.client.Jar.Cookies(u)); code != http.StatusOK {
		t.Errorf("an admin from another machine: %d", code)
	}
	ann := e.browser()
	ann.signIn("ann@example.org")
	if code := from("203.0.113.9:5000", nil, ann.client.Jar.Cookies(u)); code != http.StatusForbidden {
		t.Errorf("a member from another machine: %d", code)
	}

	// Local play: sign in as a mail's recipient.
	b := e.browser()
	b.signIn("cleo@example.org")
	b.newGame("Alone", [2]string{"Cleo", "cleo@example.org"}, [2]string{"Dan", "dan@example.org"})
	mail := e.lastMailTo("dan@example.org")
	_, doc := b.get(fmt.Sprintf("/outbox/%d", mail.ID))
	code, doc := b.submit(doc, fmt.Sprintf(`form[action="/outbox/%d/signin"]`, mail.ID), nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "Alone") {
		t.Fatalf("signed in as the recipient: %d %s", code, text(doc))
	}
	if !strings.Contains(text(doc), "Your games") || !strings.Contains(text(doc), "Dan") {
		t.Errorf("not Dan's page: %s", text(doc))
	}
}
