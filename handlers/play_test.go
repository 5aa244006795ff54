package handlers

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/gametest"
	"rondel/game/record"
	"rondel/store"
)

var trio = [][2]string{{"Ann", "ann@x.org"}, {"Bob", "bob@x.org"}, {"Cy", "cy@x.org"}}

// table is a started 3-player game with each player signed in.
type table struct {
	e       *env
	path    string
	id      int64
	players []*browser // by seat (seats as entered)
}

func startTable(t *testing.T, opts ...func(*Deps)) *table {
	e := newEnv(t, opts...)
	ann := e.browser()
	ann.signIn("ann@x.org")
	path := ann.newGame("Friday", trio...)
	id, _ := strconv.ParseInt(strings.TrimPrefix(path, "/games/"), 10, 64)
	tb := &table{e: e, path: path, id: id, players: []*browser{ann}}
	for _, p := range trio[1:] {
		b := e.browser()
		code, doc := b.get(pathOf(t, e.lastMailTo(p[1]).Link))
		if code != 200 {
			t.Fatalf("invitation page: %d %s", code, text(doc))
		}
		if code, doc = b.submit(doc, "main form", nil); code != 200 {
			t.Fatalf("accept: %d %s", code, text(doc))
		}
		tb.players = append(tb.players, b)
	}
	return tb
}

// toAct returns the seat whose turn it is (the first open decision).
func (tb *table) toAct(t *testing.T) int {
	pos, err := tb.e.store.Current(context.Background(), tb.id)
	if err != nil {
		t.Fatal(err)
	}
	return pos.State.ToAct()[0].Seat
}

func (tb *table) moveCount(t *testing.T) int {
	moves, err := tb.e.store.Moves(context.Background(), tb.id)
	if err != nil {
		t.Fatal(err)
	}
	return len(moves)
}

func TestCreateInviteAccept(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ann := e.browser()
	ann.signIn("ann@x.org")
	path := ann.newGame("Friday", trio...)
	_, doc := ann.get(path)
	if !strings.Contains(text(doc), "Waiting for everyone to accept") {
		t.Fatalf("new game page: %s", text(doc))
	}
	id, _ := strconv.ParseInt(strings.TrimPrefix(path, "/games/"), 10, 64)
	status := func() string {
		g, _ := e.store.GameRow(context.Background(), id)
		return g.Status
	}
	for i, p := range trio[1:] {
		m := e.lastMailTo(p[1])
		if !strings.Contains(m.Body, "Ann invites you") || !strings.Contains(m.Subject, "Friday") {
			t.Errorf("invitation mail: %s / %s", m.Subject, m.Body)
		}
		b := e.browser()
		ipath := pathOf(t, m.Link)
		_, doc := b.get(ipath)
		b.get(ipath) // GET twice: nothing is accepted by looking
		if status() != store.StatusInviting {
			t.Fatal("GET of the invitation changed the game")
		}
		if !strings.Contains(text(doc), "Take-away") {
			t.Errorf("invitation page: %s", text(doc))
		}
		code, _ := b.submit(doc, "main form", nil)
		if code != 200 || b.last.Request.URL.Path != path {
			t.Fatalf("accepting: %d at %s", code, b.last.Request.URL.Path)
		}
		want := store.StatusInviting
		if i == 1 {
			want = store.StatusActive
		}
		if status() != want {
			t.Errorf("after %d acceptances the game is %s, want %s", i+1, status(), want)
		}
		// The invited person is signed in: the dashboard lists the game.
		_, doc = b.get("/")
		if !strings.Contains(text(doc), "Friday") {
			t.Errorf("dashboard of %s: %s", p[0], text(doc))
		}
	}
	// Exactly the player to act sees "Your turn" on the dashboard.
	pos, _ := e.store.Current(context.Background(), id)
	turn := pos.State.ToAct()[0].Seat
	_, doc = ann.get("/")
	mine := doc.Find("tr.your-turn").Length() == 1
	if mine != (turn == 0) {
		t.Errorf("Ann's dashboard marks her turn %v, but seat %d is to act", mine, turn)
	}
	if want := "waiting for " + trio[turn][0]; turn != 0 && !strings.Contains(text(doc), want) {
		t.Errorf("Ann's dashboard does not say %q: %s", want, text(doc))
	}
}

func (tb *table) gamePage(t *testing.T, seat int) *goquery.Document {
	code, doc := tb.players[seat].get(tb.path)
	if code != 200 {
		t.Fatalf("game page: %d %s", code, text(doc))
	}
	return doc
}

func TestMoveAcceptedShowsEvents(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	doc := tb.gamePage(t, seat)
	if doc.Find("section.board svg").Length() != 1 {
		t.Error("no board drawn")
	}
	radios := doc.Find(`form.move input[type=radio][name=move]`)
	if radios.Length() == 0 {
		t.Fatalf("no move form for the player to act: %s", text(doc))
	}
	if doc.Find(`form.move fieldset legend`).First().Text() != "Pile A" {
		t.Errorf("moves not grouped by pile: %q", doc.Find("form.move legend").Text())
	}
	first, _ := radios.First().Attr("value")
	code, doc := tb.players[seat].submit(doc, "form.move", map[string]string{"move": first})
	if code != 200 {
		t.Fatalf("move: %d %s", code, text(doc))
	}
	happened := doc.Find("#happened").Text()
	if !strings.Contains(happened, "takes") {
		t.Errorf("the page does not say what happened: %s", text(doc))
	}
	if tb.moveCount(t) != 1 {
		t.Errorf("%d moves stored, want 1", tb.moveCount(t))
	}
	// Others see no form unless they must act.
	for s := range tb.players {
		doc := tb.gamePage(t, s)
		pos, _ := tb.e.store.Current(context.Background(), tb.id)
		must := false
		for _, d := range pos.State.ToAct() {
			must = must || d.Seat == s
		}
		if has := doc.Find("form.move").Length() == 1; has != must {
			t.Errorf("seat %d: form shown %v, must act %v", s, has, must)
		}
	}
	// The board alone, for zooming.
	code, _ = tb.players[0].get(tb.path + "/board.svg")
	if ct := tb.players[0].last.Header.Get("Content-Type"); code != 200 || !strings.HasPrefix(ct, "image/svg+xml") {
		t.Errorf("board.svg: %d %s", code, ct)
	}
	// History lists the move and shows the board after it.
	_, doc = tb.players[0].get(tb.path + "/history?at=1")
	if doc.Find("ol.moves > li").Length() != 1 || doc.Find(".board svg").Length() != 1 {
		t.Errorf("history: %s", text(doc))
	}
}

// formFor returns the move form data of the seat to act.
func (tb *table) formFor(t *testing.T, seat int) (seq string, csrf string, first string) {
	doc := tb.gamePage(t, seat)
	seq, _ = doc.Find(`form.move input[name=seq]`).Attr("value")
	csrf, _ = doc.Find(`form.move input[name=csrf]`).Attr("value")
	first, _ = doc.Find(`form.move input[name=move]`).First().Attr("value")
	return
}

func TestIllegalMoveRefusedWithReason(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	seq, csrf, _ := tb.formFor(t, seat)
	code, doc := tb.players[seat].post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {`{"pile":"A","take":3,"extra":true}`}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(doc), "not allowed") || !strings.Contains(text(doc), "not understood") {
		t.Errorf("illegal move: %d %s", code, text(doc))
	}
	code, doc = tb.players[seat].post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {`{"pile":"A","take":7}`}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(doc), "Take 1, 2 or 3 stones") {
		t.Errorf("too many stones: %d %s", code, text(doc))
	}
	if doc.Find(".request-id").Text() == "" {
		t.Error("error page without request id")
	}
	if tb.moveCount(t) != 0 {
		t.Error("an illegal move was written")
	}
}

func TestStaleFormRefused(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	seq, csrf, first := tb.formFor(t, seat)
	form := url.Values{"csrf": {csrf}, "seq": {seq}, "move": {first}}
	if code, doc := tb.players[seat].post(tb.path+"/move", form); code != 200 {
		t.Fatalf("first submission: %d %s", code, text(doc))
	}
	// The same form again (a double click, a second tab): not a double move.
	code, doc := tb.players[seat].post(tb.path+"/move", form)
	if code != http.StatusConflict || !strings.Contains(text(doc), "The game changed") {
		t.Errorf("stale form: %d %s", code, text(doc))
	}
	if doc.Find("section.board svg").Length() != 1 || !strings.Contains(text(doc), "What happened") {
		t.Errorf("the stale page does not show the new situation: %s", text(doc))
	}
	if tb.moveCount(t) != 1 {
		t.Errorf("%d moves stored, want 1", tb.moveCount(t))
	}
}

func TestMoveByWrongPersonRefused(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	seq, _, first := tb.formFor(t, seat)
	other := (seat + 1) % 3
	_, odoc := tb.players[other].get(tb.path)
	csrf, _ := odoc.Find(`input[name=csrf]`).First().Attr("value")
	code, doc := tb.players[other].post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {first}})
	if code != http.StatusForbidden || !strings.Contains(text(doc), "not your turn") || !strings.Contains(text(doc), trio[seat][0]) {
		t.Errorf("wrong seat: %d %s", code, text(doc))
	}
	// Someone without a seat at all.
	stranger := tb.e.browser()
	stranger.signIn("dan@x.org")
	_, sdoc := stranger.get(tb.path)
	csrf, _ = sdoc.Find(`input[name=csrf]`).First().Attr("value")
	code, doc = stranger.post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {first}})
	if code != http.StatusForbidden || !strings.Contains(text(doc), "no seat") {
		t.Errorf("stranger: %d %s", code, text(doc))
	}
	// Not signed in at all.
	anon := tb.e.browser()
	anon.get("/")
	code, _ = anon.post(tb.path+"/move", url.Values{"csrf": {csrfOf(t, anon)}, "seq": {seq}, "move": {first}})
	if code != http.StatusUnauthorized {
		t.Errorf("anonymous move: %d", code)
	}
	if tb.moveCount(t) != 0 {
		t.Error("a refused move was written")
	}
}

func TestCSRFRefused(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	seq, csrf, first := tb.formFor(t, seat)
	b := tb.players[seat]
	for name, form := range map[string]url.Values{
		"no token":    {"seq": {seq}, "move": {first}},
		"wrong token": {"csrf": {csrf + "x"}, "seq": {seq}, "move": {first}},
	} {
		code, doc := b.post(tb.path+"/move", form)
		if code != http.StatusForbidden || !strings.Contains(text(doc), "not sent from a page of this site") {
			t.Errorf("%s: %d %s", name, code, text(doc))
		}
	}
	// The right token from another site's page is refused too.
	req, _ := http.NewRequest(http.MethodPost, tb.e.ts.URL+tb.path+"/move",
		strings.NewReader(url.Values{"csrf": {csrf}, "seq": {seq}, "move": {first}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	if code, _ := b.do(req); code != http.StatusForbidden {
		t.Errorf("foreign origin: %d", code)
	}
	// Other POSTs are guarded the same way.
	for _, p := range []string{"/signout", "/games", "/settings", "/signin"} {
		if code, _ := b.post(p, url.Values{"email": {"a@x.org"}}); code != http.StatusForbidden {
			t.Errorf("POST %s without token: %d", p, code)
		}
	}
	if tb.moveCount(t) != 0 {
		t.Error("a move without a valid token was written")
	}
	if _, doc := b.get("/"); doc.Find(`form[action="/signout"]`).Length() == 0 {
		t.Error("the sign-out without token signed the player out")
	}
}

// snapshot is every table's row count and content digest.
func snapshot(t *testing.T, e *env) string {
	var b strings.Builder
	for _, tbl := range []string{"users", "games", "seats", "moves", "login_tokens", "sessions", "invitations", "local_mail"} {
		rows, err := e.store.Dump(context.Background(), tbl)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(tbl + ":" + rows + "\n")
	}
	return b.String()
}

func TestGETHasNoSideEffects(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	// A signed-in player who may move, a stranger and a visitor fetch every page.
	ann := tb.players[seat]
	mail := tb.e.lastMailTo("bob@x.org")
	paths := []string{"/", "/games/new", tb.path, tb.path + "/history", tb.path + "/history?at=0", tb.path + "?group=Pile+A",
		"/settings", "/outbox", "/outbox/1", "/healthz", tb.path + "/board.svg", tb.path + "/record.json", "/signin", pathOf(t, mail.Link), "/nope", "/games/999",
		"/signout", tb.path + "/move", tb.path + "/accept"}
	before := snapshot(t, tb.e)
	for _, b := range []*browser{ann, tb.e.browser()} {
		for _, p := range paths {
			b.get(p)
		}
	}
	if after := snapshot(t, tb.e); after != before {
		t.Errorf("GET requests changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if _, doc := ann.get("/"); doc.Find(`form[action="/signout"]`).Length() == 0 {
		t.Error("GET /signout signed the player out")
	}
}

func TestFinishedGameShowsScores(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	ctx := context.Background()
	for range 200 {
		pos, _ := tb.e.store.Current(ctx, tb.id)
		if pos.State.Finished() {
			break
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := tb.e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
			t.Fatal(err)
		}
	}
	// The downloaded record replays to the same final position.
	resp, err := tb.players[0].client.Get(tb.e.ts.URL + tb.path + "/record.json")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	rec, err := record.Decode(data)
	if err != nil {
		t.Fatalf("record: %v\n%s", err, data)
	}
	final, err := record.Replay(gametest.Registry(), rec)
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := record.Hash(final); h != rec.StateHash || rec.Result == nil || len(rec.Players) != 3 {
		t.Errorf("record hash %s, replayed %s; result %v", rec.StateHash, h, rec.Result)
	}
	doc := tb.gamePage(t, 0)
	rows := doc.Find("section.result tbody tr")
	if rows.Length() != 3 || !strings.Contains(doc.Find(".tie-break").Text(), "share a place") {
		t.Errorf("result: %s", text(doc))
	}
	if doc.Find("form.move").Length() != 0 {
		t.Error("a finished game still offers moves")
	}
}
