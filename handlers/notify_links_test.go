package handlers

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"rondel/game"
	"rondel/notify"
	"rondel/store"
	"rondel/store/storetest"
)

// notifyEnv is a running service with notify wired in, and a started
// two-player take-away game whose first turn mail sits in the outbox.
func notifyEnv(t *testing.T) (*env, *notify.Service, *store.Game) {
	t.Helper()
	return notifyEnvWith(t, func(*Deps) {})
}

// notifyEnvWith is notifyEnv with a change to the service's dependencies
// (made before notify is built).
func notifyEnvWith(t *testing.T, tweak func(*Deps)) (*env, *notify.Service, *store.Game) {
	t.Helper()
	var svc *notify.Service
	e := newEnv(t, tweak, func(d *Deps) {
		var err error
		svc, err = notify.New(context.Background(), notify.Options{Store: d.Store, Config: d.Config, Logger: d.Logger})
		if err != nil {
			t.Fatal(err)
		}
		d.Notify = svc
		d.Hooks = Hooks{GameCreated: svc.GameCreated, GameStarted: svc.GameStarted, MovePlayed: svc.MovePlayed}
	})
	ctx := context.Background()
	g := storetest.StartGame(t, e.store, store.NewGame{Name: "links", Seed: 4, Options: game.Options{"votes": "false"},
		Players: []store.NewPlayer{{Name: "Ann", Email: "ann@example.org"}, {Name: "Bob", Email: "bob@example.org"}}}, nil)
	svc.GameStarted(ctx, g.ID)
	if err := svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	return e, svc, g
}

var linkRE = regexp.MustCompile(`https?://\S+/notify/d/\S+`)

// turnMail returns the newest local mail that holds decision links.
func turnMail(t *testing.T, e *env) (store.LocalMail, []string) {
	t.Helper()
	mails, _ := e.store.LocalMails(context.Background(), 100)
	for _, m := range mails {
		if links := linkRE.FindAllString(m.Body, -1); len(links) > 0 {
			return m, links
		}
	}
	t.Fatal("no mail with decision links")
	return store.LocalMail{}, nil
}

func TestDecisionLinkFromMail(t *testing.T) {
	e, _, g := notifyEnv(t)
	ctx := context.Background()
	_, links := turnMail(t, e)
	if len(links) < 2 {
		t.Fatalf("links: %v", links)
	}
	choice := pathOf(t, links[1]) // the first one-click answer
	b := e.browser()              // not signed in: the link is enough
	before, _ := e.store.Dump(ctx, "moves")
	code, doc := b.get(choice)
	if code != http.StatusOK || !strings.Contains(text(doc), "Confirm") {
		t.Fatalf("GET link: %d %s", code, text(doc))
	}
	if after, _ := e.store.Dump(ctx, "moves"); after != before {
		t.Fatal("GET changed the game")
	}
	code, doc = b.submit(doc, "main form", nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "Move made") {
		t.Fatalf("confirm: %d %s", code, text(doc))
	}
	moves, _ := e.store.Moves(ctx, g.ID)
	if len(moves) != 1 || moves[0].By != store.ByPlayer || moves[0].UserID == nil {
		t.Fatalf("moves after confirm: %+v", moves)
	}
	// Replayed: the same POST again, and the page again.
	_, doc = b.get("/signin") // any page, for a fresh CSRF cookie value
	csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
	if code, _ := b.post(choice, url.Values{"csrf": {csrf}}); code != http.StatusGone {
		t.Errorf("replayed POST: %d, want 410", code)
	}
	if code, _ := b.get(choice); code != http.StatusGone {
		t.Errorf("used link GET: %d, want 410", code)
	}
	if moves, _ := e.store.Moves(ctx, g.ID); len(moves) != 1 {
		t.Errorf("%d moves after the replay", len(moves))
	}
}

func TestForgedDecisionLinksAreRefused(t *testing.T) {
	e, _, g := notifyEnv(t)
	_, links := turnMail(t, e)
	p := pathOf(t, links[1])
	i := strings.LastIndexByte(p, '.')
	parts := strings.Split(p[len("/notify/d/"):i], ".") // d, game, seat, seq, user, choice
	sig := p[i+1:]
	flip := "A"
	if sig[0] == 'A' {
		flip = "B"
	}
	forged := map[string]string{
		"signature changed":     p[:i+1] + flip + sig[1:],
		"other seat, same sig":  "/notify/d/" + strings.Join([]string{parts[0], parts[1], otherSeat(parts[2]), parts[3], parts[4], parts[5]}, ".") + "." + sig,
		"other choice same sig": "/notify/d/" + strings.Join([]string{parts[0], parts[1], parts[2], parts[3], parts[4], otherSeat(parts[5])}, ".") + "." + sig,
		"garbage":               "/notify/d/nonsense",
	}
	b := e.browser()
	for name, path := range forged {
		code, doc := b.get(path)
		if code != http.StatusForbidden {
			t.Errorf("%s: GET %d, want 403: %s", name, code, text(doc))
		}
		_, doc = b.get("/signin")
		csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
		if code, _ := b.post(path, url.Values{"csrf": {csrf}, "choice": {"0"}}); code != http.StatusForbidden {
			t.Errorf("%s: POST %d, want 403", name, code)
		}
	}
	// The genuine link, opened by another signed-in player, is refused too.
	m, _ := turnMail(t, e)
	other := "ann@example.org"
	if m.ToAddr == other {
		other = "bob@example.org"
	}
	ob := e.browser()
	ob.signIn(other)
	if code, doc := ob.get(p); code != http.StatusForbidden {
		t.Errorf("another player's link: %d %s", code, text(doc))
	}
	if moves, _ := e.store.Moves(context.Background(), g.ID); len(moves) != 0 {
		t.Errorf("a forged link moved: %+v", moves)
	}
}

func otherSeat(s string) string {
	if s == "0" {
		return "1"
	}
	return "0"
}

func TestOneClickUnsubscribe(t *testing.T) {
	e, _, g := notifyEnv(t)
	m, _ := turnMail(t, e)
	re := regexp.MustCompile(`https?://\S+/notify/unsubscribe/\S+`)
	links := re.FindAllString(m.Body, -1)
	if len(links) != 2 {
		t.Fatalf("unsubscribe links: %v", links)
	}
	ctx := context.Background()
	users, _ := e.store.Seats(ctx, g.ID)
	u, _ := e.store.User(ctx, users[0].UserID)
	if m.ToAddr != u.Email {
		u, _ = e.store.User(ctx, users[1].UserID)
	}
	// A mail program posts with no cookie and no form token (RFC 8058).
	req, _ := http.NewRequest(http.MethodPost, e.ts.URL+pathOf(t, links[0]), strings.NewReader("List-Unsubscribe=One-Click"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !e.store.IsUnsubscribed(ctx, u.ID, g.ID) {
		t.Fatalf("one-click unsubscribe: %d, unsubscribed %v", resp.StatusCode, e.store.IsUnsubscribed(ctx, u.ID, g.ID))
	}
	if e.store.IsUnsubscribed(ctx, u.ID, g.ID+1) {
		t.Error("unsubscribing from one game stopped all mail")
	}
	// Other POSTs still need the form token.
	req, _ = http.NewRequest(http.MethodPost, e.ts.URL+"/signout", nil)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a POST without a form token elsewhere: %v %v", resp.StatusCode, err)
	}
}
