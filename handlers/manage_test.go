package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
)

// gameStatus reads a game's status and ending.
func gameStatus(t *testing.T, e *env, id int64) (string, string) {
	t.Helper()
	g, err := e.store.GameRow(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Status, g.Ending
}

// csrfAt reads the CSRF token of the first form on a page b has open.
func csrfAt(t *testing.T, b *browser, path string) string {
	t.Helper()
	_, doc := b.get(path)
	v, ok := doc.Find(`input[name="csrf"]`).First().Attr("value")
	if !ok {
		t.Fatalf("no csrf on %s", path)
	}
	return v
}

func TestCancelGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ann := e.browser()
	ann.signIn("ann@x.org")
	path := ann.newGame("Friday", trio...)
	id := idGame(t, path)
	bob := e.browser()
	bob.signIn("bob@x.org")

	// Bob did not create it: refused, nothing changes.
	code, doc := bob.post(path+"/cancel", url.Values{"csrf": {csrfAt(t, bob, path)}})
	if code != http.StatusForbidden || !strings.Contains(text(doc), "Only the player who created this game") {
		t.Errorf("non-creator cancel: %d %s", code, text(doc))
	}
	if st, _ := gameStatus(t, e, id); st != store.StatusInviting {
		t.Fatalf("after a refused cancel the game is %s", st)
	}
	// Bob's page has no cancel button; Ann's has.
	if _, doc := bob.get(path); doc.Find(`form[action$="/cancel"]`).Length() != 0 {
		t.Error("a non-creator sees Cancel the game")
	}
	_, doc = ann.get(path)
	if !strings.Contains(doc.Find(`form[action$="/cancel"] button`).Text(), "Cancel the game") {
		t.Fatalf("creator's page: %s", text(doc))
	}
	code, doc = ann.submit(doc, `form[action$="/cancel"]`, nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "cancelled before it started") {
		t.Fatalf("cancel: %d %s", code, text(doc))
	}
	if st, end := gameStatus(t, e, id); st != store.StatusFinished || end != store.EndCancelled {
		t.Fatalf("cancelled game: %s %s", st, end)
	}
	if _, doc := bob.get("/"); !strings.Contains(doc.Find("tr:has(a[href=\""+path+"\"])").Text(), "cancelled") {
		t.Errorf("Bob's games do not say the game was cancelled: %s", text(doc))
	}
	// A game that never started has no record to download.
	if doc.Find(`a[href$="/export.json"]`).Length() != 0 {
		t.Error("a cancelled game offers its record")
	}
	if code, _ := ann.get(path + "/export.json"); code != http.StatusNotFound {
		t.Errorf("record of a cancelled game: %d", code)
	}
	for _, p := range []string{path + "/history", path + "/board.svg", path + "/log.txt", "/club", "/"} {
		if code, _ := bob.get(p); code >= 500 {
			t.Errorf("%s of a cancelled game: %d", p, code)
		}
	}
	// Cy's invitation no longer works; cancelling twice is refused.
	if code, _ := e.browser().get(pathOf(t, e.lastMailTo("cy@x.org").Link)); code != http.StatusNotFound {
		t.Errorf("invitation of a cancelled game: %d", code)
	}
	if code, _ := ann.post(path+"/cancel", url.Values{"csrf": {csrfAt(t, ann, path)}}); code != http.StatusConflict {
		t.Errorf("second cancel: %d", code)
	}
	verifyClean(t, e)
}

func TestCancelAfterStartRefused(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	code, doc := tb.players[0].post(tb.path+"/cancel", url.Values{"csrf": {csrfAt(t, tb.players[0], tb.path)}})
	if code != http.StatusConflict || !strings.Contains(text(doc), "no longer waiting for players") {
		t.Errorf("cancel after the start: %d %s", code, text(doc))
	}
	if st, _ := gameStatus(t, tb.e, tb.id); st != store.StatusActive {
		t.Errorf("the game is %s", st)
	}
}

func TestResendAndReplaceInvitation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ann := e.browser()
	ann.signIn("ann@x.org")
	path := ann.newGame("Friday", trio...)
	id := idGame(t, path)
	old := e.lastMailTo("bob@x.org").Link

	// The invitations run out: the creator's page says so.
	e.clock.Add(15 * 24 * 3600e9)
	_, doc := ann.get(path)
	if got := doc.Find(".invitations .alert").Length(); got != 2 {
		t.Fatalf("%d invitations marked as run out: %s", got, text(doc))
	}
	code, doc := ann.submit(doc, `form[action$="/invitations/resend"]:has(input[name="seat"][value="1"])`, nil)
	if code != http.StatusOK {
		t.Fatalf("resend: %d %s", code, text(doc))
	}
	fresh := e.lastMailTo("bob@x.org").Link
	if fresh == old {
		t.Fatal("no new invitation mail to Bob")
	}
	if code, _ := e.browser().get(pathOf(t, old)); code != http.StatusNotFound {
		t.Errorf("the old link still works: %d", code)
	}
	// Cy's seat goes to Dee.
	_, doc = ann.get(path)
	code, doc = ann.submit(doc, `form[action$="/invitations/replace"]:has(input[name="seat"][value="2"])`,
		map[string]string{"name": "Dee", "email": "dee@x.org"})
	if code != http.StatusOK || !strings.Contains(text(doc), "Dee") {
		t.Fatalf("replace: %d %s", code, text(doc))
	}
	// Hostile or wrong input: refused, nothing changes.
	csrf := csrfAt(t, ann, path)
	for _, f := range []url.Values{
		{"seat": {"0"}, "name": {"Eve"}, "email": {"eve@x.org"}},              // Ann accepted
		{"seat": {"-1"}, "name": {"Eve"}, "email": {"eve@x.org"}},             // no such seat
		{"seat": {"x<script>"}, "name": {"Eve"}, "email": {"eve@x.org"}},      // not a number
		{"seat": {"1"}, "name": {"Ann"}, "email": {"eve@x.org"}},              // a name taken
		{"seat": {"1"}, "name": {"Eve"}, "email": {"not an address"}},         // no address
		{"seat": {"1"}, "name": {strings.Repeat("E", 500)}, "email": {"e@x"}}, // too long
	} {
		f.Set("csrf", csrf)
		if code, doc := ann.post(path+"/invitations/replace", f); code < 400 || code >= 500 {
			t.Errorf("replace %v: %d %s", f, code, text(doc))
		}
	}
	seats, _ := e.store.Seats(context.Background(), id)
	if seats[1].Name != "Bob" || seats[2].Name != "Dee" {
		t.Errorf("seats after refusals: %+v", seats)
	}
	// Bob and Dee accept: the game starts.
	for _, addr := range []string{"bob@x.org", "dee@x.org"} {
		b := e.browser()
		_, doc := b.get(pathOf(t, e.lastMailTo(addr).Link))
		if code, doc := b.submit(doc, "main form", nil); code != http.StatusOK {
			t.Fatalf("%s accepts: %d %s", addr, code, text(doc))
		}
	}
	if st, _ := gameStatus(t, e, id); st != store.StatusActive {
		t.Errorf("after the new invitations the game is %s", st)
	}
	verifyClean(t, e)
}

func TestOpenSeatsJoin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ann := e.browser()
	ann.signIn("ann@x.org")
	_, doc := ann.get("/games/new")
	set := map[string]string{"name": "Open table", "order": "entered", "game": gametest.ID, "open_seats": "2",
		"name0": "Ann", "email0": "ann@x.org"}
	for i := 1; i < 6; i++ {
		set["name"+string(rune('0'+i))], set["email"+string(rune('0'+i))] = "", ""
	}
	code, doc := ann.submit(doc, `form[action="/games"]`, set)
	if code != http.StatusOK || !strings.Contains(text(doc), "2 seats are open") {
		t.Fatalf("create with open seats: %d %s", code, text(doc))
	}
	path := ann.last.Request.URL.Path
	id := idGame(t, path)

	bob, cy, dee := e.browser(), e.browser(), e.browser()
	bob.signIn("bob@x.org")
	cy.signIn("cy@x.org")
	dee.signIn("dee@x.org")
	_, doc = bob.get("/club")
	if doc.Find(`#open ~ div a[href="`+path+`"], section:has(#open) a[href="`+path+`"]`).Length() == 0 {
		t.Fatalf("the club page does not list the open game: %s", text(doc))
	}
	// Ann has a seat: she cannot take another.
	if code, doc := ann.post(path+"/join", url.Values{"csrf": {csrfAt(t, ann, path)}}); code != http.StatusConflict {
		t.Errorf("the creator joins: %d %s", code, text(doc))
	}
	if _, doc := ann.get("/club"); doc.Find(`form[action="`+path+`/join"]`).Length() != 0 {
		t.Error("the club page offers Ann a seat in a game she sits in")
	}
	_, doc = bob.get("/club") // Bob takes a seat from the club's page
	code, doc = bob.submit(doc, `form[action="`+path+`/join"]`, nil)
	if seats, _ := e.store.Seats(context.Background(), id); code != http.StatusOK || len(seats) != 1 {
		t.Fatalf("Bob's first press took a seat without asking: %d, %d seats", code, len(seats))
	}
	if code, doc := bob.submit(doc, `main form[action="`+path+`/join"]`, nil); code != http.StatusOK || bob.last.Request.URL.Path != path {
		t.Fatalf("Bob joins: %d %s", code, text(doc))
	}
	if code, _ := bob.post(path+"/join", url.Values{"csrf": {csrfAt(t, bob, path)}}); code != http.StatusConflict {
		t.Errorf("Bob joins twice: %d", code)
	}
	_, doc = cy.get(path)
	_, doc = cy.submit(doc, `form[action$="/join"]`, nil)
	if code, doc := cy.submit(doc, `main form[action$="/join"]`, nil); code != http.StatusOK {
		t.Fatalf("Cy joins: %d %s", code, text(doc))
	}
	if st, _ := gameStatus(t, e, id); st != store.StatusActive {
		t.Fatalf("full game is %s", st)
	}
	if _, doc := dee.get("/club"); doc.Find(`form[action="`+path+`/join"]`).Length() != 0 {
		t.Error("the club page offers a seat in a full game")
	}
	// Full: Dee is refused, nothing changes.
	if code, doc := dee.post(path+"/join", url.Values{"csrf": {csrfAt(t, dee, path)}}); code != http.StatusConflict {
		t.Errorf("joining a full game: %d %s", code, text(doc))
	}
	seats, _ := e.store.Seats(context.Background(), id)
	if len(seats) != 3 || seats[1].Name != "bob" || seats[2].Name != "cy" {
		t.Errorf("seats: %+v", seats)
	}
	// Hostile ids.
	for _, p := range []string{"/games/0/join", "/games/-4/join", "/games/abc/join", "/games/99999/join"} {
		if code, _ := dee.post(p, url.Values{"csrf": {csrfAt(t, dee, "/club")}}); code != http.StatusNotFound {
			t.Errorf("%s: %d", p, code)
		}
	}
	// A bad count of open seats is refused on the form.
	_, doc = ann.get("/games/new")
	set["open_seats"] = "-3"
	if code, doc := ann.submit(doc, `form[action="/games"]`, set); code != http.StatusUnprocessableEntity {
		t.Errorf("open_seats=-3: %d %s", code, text(doc))
	}
	verifyClean(t, e)
}

// verifyClean requires the derived data to equal a fresh rebuild.
func verifyClean(t *testing.T, e *env) {
	t.Helper()
	rep, err := e.store.Tools().Verify(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Problems {
		t.Errorf("verify: game %d: %s", p.GameID, p.What)
	}
}
