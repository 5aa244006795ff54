package handlers

import (
	"context"
	"fmt"
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
	e := newEnv(t, tweak, func(d *Deps) { svc = wireNotify(t, d) })
	ctx := context.Background()
	g := storetest.StartGame(t, e.store, store.NewGame{Name: "links", Seed: 4, Options: game.Options{"votes": "false"},
		Players: []store.NewPlayer{{Name: "Ann", Email: "ann@example.org"}, {Name: "Bob", Email: "bob@example.org"}}}, nil)
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

// A one-click answer in a turn mail opens the game page itself (board,
// situation, the decision's forms) as the mail's recipient, without
// signing in; the answer is offered for confirmation. GET changes
// nothing; the confirmed move is the recipient's; the used link then says
// in plain words that the turn is over and links to the game.
func TestDecisionLinkFromMail(t *testing.T) {
	t.Parallel()
	e, _, g := notifyEnv(t)
	ctx := context.Background()
	m, links := turnMail(t, e)
	if len(links) < 2 {
		t.Fatalf("links: %v", links)
	}
	choice := pathOf(t, links[1]) // the first one-click answer
	b := e.browser()              // not signed in: the link is enough
	before, _ := e.store.Dump(ctx, "moves")
	code, doc := b.get(choice)
	if code != http.StatusOK || doc.Find("#decide").Length() != 1 || doc.Find("section.board svg").Length() != 1 ||
		doc.Find("section.players").Length() != 1 || doc.Find("p.situation").Length() != 1 {
		t.Fatalf("GET link: %d, not the game page at the decision: %s", code, text(doc))
	}
	if via := doc.Find("p.via").Text(); !strings.Contains(via, "You are playing as") {
		t.Errorf("the page does not say whom the link lets play: %q", via)
	}
	confirm := doc.Find("form.chosen button")
	if !strings.HasPrefix(confirm.Text(), "Confirm: ") {
		t.Fatalf("no confirmation of the mail's answer: %s", text(doc))
	}
	if act, _ := doc.Find("form.chosen").Attr("action"); act != choice+"/move" {
		t.Errorf("the confirmation posts to %q", act)
	}
	if after, _ := e.store.Dump(ctx, "moves"); after != before {
		t.Fatal("GET changed the game")
	}
	// The board alone, for a phone, opens from the link too.
	if href, _ := doc.Find("section.board p.full a").Attr("href"); href != choice+"/board.svg" {
		t.Errorf("the board alone is at %q", href)
	} else if code, _ := b.get(href); code != http.StatusOK || !strings.HasPrefix(b.last.Header.Get("Content-Type"), "image/svg+xml") {
		t.Errorf("the board alone from the link: %d %s", code, b.last.Header.Get("Content-Type"))
	}
	val, _ := confirm.Attr("value")
	code, doc = b.submit(doc, "form.chosen", map[string]string{"move": val})
	if code != http.StatusOK || !strings.Contains(text(doc), "Your turn is over") || doc.Find("#happened").Length() != 1 || doc.Find("#decide").Length() != 0 {
		t.Fatalf("confirm: %d %s", code, text(doc))
	}
	moves, _ := e.store.Moves(ctx, g.ID)
	if len(moves) != 1 || moves[0].By != store.ByPlayer || moves[0].UserID == nil {
		t.Fatalf("moves after confirm: %+v", moves)
	}
	if u, _ := e.store.User(ctx, *moves[0].UserID); u.Email != m.ToAddr {
		t.Errorf("the move was made as %s, the mail went to %s", u.Email, m.ToAddr)
	}
	// Replayed: the same POST again, and the page again.
	_, doc = b.get("/signin") // any page, for a fresh CSRF cookie value
	csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
	if code, _ := b.post(choice+"/move", url.Values{"csrf": {csrf}, "seq": {"0"}, "move": {val}}); code != http.StatusGone {
		t.Errorf("replayed POST: %d, want 410", code)
	}
	code, doc = b.get(choice)
	if code != http.StatusGone || !strings.Contains(text(doc), "This link has expired") || !strings.Contains(text(doc), "turn of yours that is over") {
		t.Errorf("used link GET: %d %s", code, text(doc))
	}
	if href, _ := doc.Find("main a").Attr("href"); href != fmt.Sprintf("/games/%d", g.ID) {
		t.Errorf("the expired link's page links to %q, not the game", href)
	}
	if moves, _ := e.store.Moves(ctx, g.ID); len(moves) != 1 {
		t.Errorf("%d moves after the replay", len(moves))
	}
}

func TestForgedDecisionLinksAreRefused(t *testing.T) {
	t.Parallel()
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
		if code != http.StatusForbidden || !strings.Contains(text(doc), "not valid") {
			t.Errorf("%s: GET %d, want 403: %s", name, code, text(doc))
		}
		_, doc = b.get("/signin")
		csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
		for _, end := range []string{"/move", "/continue"} {
			if code, _ := b.post(path+end, url.Values{"csrf": {csrf}, "seq": {"0"}, "move": {`{"pile":"A","take":1}`}}); code != http.StatusForbidden {
				t.Errorf("%s: POST %s %d, want 403", name, end, code)
			}
		}
	}
	if moves, _ := e.store.Moves(context.Background(), g.ID); len(moves) != 0 {
		t.Errorf("a forged link moved: %+v", moves)
	}
}

// A genuine link opened while another player is signed in on the
// browser changes nothing and offers, with a plain button, to sign out
// and continue as the mail's recipient; pressing it opens the game page
// at the decision as the recipient.
func TestDecisionLinkOffersTheRecipient(t *testing.T) {
	t.Parallel()
	e, _, g := notifyEnv(t)
	m, links := turnMail(t, e)
	p := pathOf(t, links[0])
	other, recipient := "ann@example.org", "Bob"
	if m.ToAddr == other {
		other, recipient = "bob@example.org", "Ann"
	}
	ob := e.browser()
	ob.signIn(other)
	code, doc := ob.get(p)
	if code != http.StatusOK || !strings.Contains(text(doc), "This link was sent to "+recipient) || doc.Find("#decide").Length() != 0 {
		t.Fatalf("another player's link: %d %s", code, text(doc))
	}
	btn := doc.Find(`form[action="` + p + `/continue"] button`)
	if !strings.Contains(btn.Text(), "continue as "+recipient) {
		t.Fatalf("no button to continue as %s: %s", recipient, text(doc))
	}
	if href, _ := doc.Find(`main a[href^="/games/"]`).Attr("href"); href != fmt.Sprintf("/games/%d", g.ID) {
		t.Errorf("no way to stay and open the game: %q", href)
	}
	// A move posted anyway is refused with the same offer.
	csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
	if code, doc := ob.post(p+"/move", url.Values{"csrf": {csrf}, "seq": {"0"}, "move": {`{"pile":"A","take":1}`}}); code != http.StatusForbidden ||
		doc.Find(`form[action="`+p+`/continue"]`).Length() != 1 {
		t.Errorf("a move by someone else: %d %s", code, text(doc))
	}
	code, doc = ob.submit(doc, `form[action="`+p+`/continue"]`, nil)
	if code != http.StatusOK || doc.Find("#decide").Length() != 1 || !strings.Contains(doc.Find("p.via").Text(), recipient) {
		t.Fatalf("after continuing as %s: %d %s", recipient, code, text(doc))
	}
	if code, _ := ob.get("/settings"); ob.last.Request.URL.Path != "/signin" {
		t.Errorf("the browser is still signed in as %s (%d %s)", other, code, ob.last.Request.URL.Path)
	}
	if moves, _ := e.store.Moves(context.Background(), g.ID); len(moves) != 0 {
		t.Errorf("the offer moved: %+v", moves)
	}
}

func otherSeat(s string) string {
	if s == "0" {
		return "1"
	}
	return "0"
}

func TestOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
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

// A link opened without signing in speaks the recipient's language, as
// their mail did, whatever the browser asks for; so does an expired one.
func TestDecisionLinkSpeaksTheRecipientsLanguage(t *testing.T) {
	t.Parallel()
	e, _, g := notifyEnv(t)
	ctx := context.Background()
	m, links := turnMail(t, e)
	u, err := e.store.UserByEmail(ctx, m.ToAddr)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.UpdateProfile(ctx, u.ID, u.DisplayName, "de", u.Notify); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.lang = "en"
	p := pathOf(t, links[0])
	code, doc := b.get(p)
	if code != http.StatusOK || pageLang(doc) != "de" || !strings.Contains(doc.Find("p.via").Text(), "Du spielst als") {
		t.Fatalf("the link's page: %d <html lang=%q> %s", code, pageLang(doc), text(doc))
	}
	noCode(t, "link page (de)", doc)
	val, _ := doc.Find("form.move-now button[name=move], #move-form input[name=move]").First().Attr("value")
	seq, _ := doc.Find(`#decide input[name="seq"]`).First().Attr("value")
	csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
	if code, doc := b.post(p+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {val}}); code != http.StatusOK || !strings.Contains(text(doc), "Dein Zug ist zu Ende") {
		t.Fatalf("after the move: %d %s", code, text(doc))
	}
	code, doc = b.get(p)
	if code != http.StatusGone || pageLang(doc) != "de" || !strings.Contains(text(doc), "Dieser Link ist abgelaufen") {
		t.Errorf("the expired link: %d <html lang=%q> %s", code, pageLang(doc), text(doc))
	}
	noCode(t, "expired link (de)", doc)
	if moves, _ := e.store.Moves(ctx, g.ID); len(moves) != 1 {
		t.Errorf("%d moves", len(moves))
	}
}

// Bad input through a link's page is refused in words and writes nothing.
func TestDecisionLinkRefusesBadInput(t *testing.T) {
	t.Parallel()
	e, _, g := notifyEnv(t)
	_, links := turnMail(t, e)
	p := pathOf(t, links[0])
	b := e.browser()
	_, doc := b.get(p)
	csrf, _ := doc.Find(`input[name="csrf"]`).Attr("value")
	for _, c := range []struct {
		seq, move string
		code      int
	}{
		{"x", `{"pile":"A","take":1}`, http.StatusBadRequest},
		{"0", "", http.StatusBadRequest},
		{"0", "not json", http.StatusUnprocessableEntity},
		{"0", `{"pile":"Z","take":9}`, http.StatusUnprocessableEntity},
		{"7", `{"pile":"A","take":1}`, http.StatusConflict}, // a form from another position
	} {
		code, doc := b.post(p+"/move", url.Values{"csrf": {csrf}, "seq": {c.seq}, "move": {c.move}})
		if code != c.code || !strings.Contains(text(doc), "ritten") && !strings.Contains(text(doc), "changed") {
			t.Errorf("seq %q move %q: %d (want %d) %s", c.seq, c.move, code, c.code, text(doc))
		}
	}
	if moves, _ := e.store.Moves(context.Background(), g.ID); len(moves) != 0 {
		t.Errorf("bad input moved: %+v", moves)
	}
}
