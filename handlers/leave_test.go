package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"rondel/notify"
	"strconv"
	"strings"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
)

// TestResign: a GET only asks; the POST gives the seat to the caretaker,
// who plays it to the end; on the ladder the one who resigned is
// marked as having left (ranks last); the derived data equal a rebuild.
func TestResign(t *testing.T) {
	t.Parallel()
	tb := startTable(t, withNotify(t))
	e, ctx := tb.e, context.Background()
	if err := e.store.Exec(`UPDATE games SET rated = TRUE WHERE id = ?`, tb.id); err != nil {
		t.Fatal(err)
	}
	bob := tb.players[1]
	_, doc := bob.get(tb.path)
	link := doc.Find(`a[href$="/resign"]`)
	if link.Length() != 1 {
		t.Fatalf("no Resign link on Bob's page: %s", text(doc))
	}
	code, doc := bob.get(tb.path + "/resign")
	if code != http.StatusOK || !strings.Contains(doc.Find("main form button").Text(), "Resign") {
		t.Fatalf("confirmation page: %d %s", code, text(doc))
	}
	if left, _ := e.store.SeatClockOf(ctx, tb.id, 1); left.Dropped {
		t.Fatal("looking at the confirmation resigned")
	}
	// Someone without a seat cannot resign; a finished or unknown game neither.
	dee := e.browser()
	dee.signIn("dee@x.org")
	if code, _ := dee.post(tb.path+"/resign", url.Values{"csrf": {csrfAt(t, dee, "/club")}}); code != http.StatusForbidden {
		t.Errorf("resign without a seat: %d", code)
	}
	if code, _ := dee.get(tb.path + "/resign"); code != http.StatusForbidden {
		t.Errorf("confirmation without a seat: %d", code)
	}
	code, doc = bob.submit(doc, "main form", nil)
	if code != http.StatusOK || doc.Find(`a[href$="/resign"]`).Length() != 0 {
		t.Fatalf("after resigning: %d %s", code, text(doc))
	}
	if code, _ := bob.post(tb.path+"/resign", url.Values{"csrf": {csrfAt(t, bob, tb.path)}}); code != http.StatusForbidden {
		t.Errorf("resigning twice: %d", code)
	}
	// Bob no longer moves: no form, and a move he sends anyway is refused.
	// (The others' moves are the caretaker's here: after a person's move
	// the caretaker would answer for Bob's seat at once.)
	for tb.toAct(t) != 1 {
		pos, _ := e.store.Current(ctx, tb.id)
		seat, mv, _ := gametest.FirstMove(pos.State)
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv), By: store.ByCaretaker}); err != nil {
			t.Fatal(err)
		}
	}
	if _, doc := bob.get(tb.path); doc.Find("form.move, form.move-now").Length() != 0 {
		t.Error("Bob resigned but is offered a move")
	}
	pos, _ := e.store.Current(ctx, tb.id)
	_, mv, _ := gametest.FirstMove(pos.State)
	before := tb.moveCount(t)
	if code, doc := bob.post(tb.path+"/move", url.Values{"csrf": {csrfAt(t, bob, tb.path)}, "seq": {strconv.Itoa(pos.Seq)}, "move": {string(mv)}}); code != http.StatusForbidden {
		t.Errorf("a resigned player's move: %d %s", code, text(doc))
	}
	if tb.moveCount(t) != before {
		t.Fatal("a resigned player's move was played")
	}
	if err := e.srv.notify.(*notify.Service).SendDue(ctx); err != nil {
		t.Fatal(err)
	}
	// Cy is told (the resignation's mail need not be the last one sent to
	// Cy: a turn mail queued at the same instant may follow it).
	mails, err := e.store.LocalMails(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	told := 0
	for _, m := range mails {
		if m.ToAddr == "cy@x.org" && strings.Contains(m.Subject, "Bob resigned") {
			told++
		}
	}
	if told != 1 {
		t.Errorf("Cy was told of Bob's resignation %d times", told)
	}
	// Play to the end: the caretaker answers for Bob.
	byCaretaker := 0
	for range 200 {
		pos, err := e.store.Current(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			break
		}
		seat, mv, _ := gametest.FirstMove(pos.State)
		if seat == 1 {
			if err := e.srv.notify.(*notify.Service).Tick(ctx); err != nil {
				t.Fatal(err)
			}
			byCaretaker++
			if tb.moveCount(t) == pos.Seq {
				t.Fatal("the caretaker did not play the resigned seat")
			}
			continue
		}
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
			t.Fatal(err)
		}
	}
	if byCaretaker == 0 {
		t.Fatal("Bob was never to act")
	}
	rated, err := e.store.RatedGames(ctx, gametest.ID)
	if err != nil || len(rated) != 1 {
		t.Fatalf("rated games: %v %v", rated, err)
	}
	bobID, _ := e.store.UserByEmail(ctx, "bob@x.org")
	for _, p := range rated[0].Players {
		if p.Dropped != (p.Member == store.MemberID(bobID.ID)) {
			t.Errorf("on the ladder %s dropped=%v", p.Member, p.Dropped)
		}
	}
	verifyClean(t, e)
}

// TestEndByAgreement: every player must agree at one position; a move
// in between cancels the agreement; the end is scored by the engine and
// not rated.
func TestEndByAgreement(t *testing.T) {
	t.Parallel()
	tb := startTable(t, withNotify(t))
	e, ctx := tb.e, context.Background()
	if err := e.store.Exec(`UPDATE games SET rated = TRUE WHERE id = ?`, tb.id); err != nil {
		t.Fatal(err)
	}
	agree := func(seat int) (int, string) {
		b := tb.players[seat]
		_, doc := b.get(tb.path)
		if doc.Find(`form[action$="/end"]`).Length() == 0 {
			t.Fatalf("seat %d has no end form: %s", seat, text(doc))
		}
		code, doc := b.submit(doc, `form[action$="/end"]`, nil)
		return code, text(doc)
	}
	_, doc := tb.players[0].get(tb.path)
	if got := doc.Find(`form[action$="/end"] button`).Text(); got != "Propose to end the game" {
		t.Fatalf("button: %q", got)
	}
	if code, page := agree(0); code != http.StatusOK || !strings.Contains(page, "Ann agrees to end the game now") {
		t.Fatalf("Ann proposes: %d %s", code, page)
	}
	if _, doc := tb.players[1].get(tb.path); !strings.Contains(doc.Find(".notice.changed").Text(), "proposes to end the game") ||
		doc.Find(`form[action$="/end"] button`).Text() != "Agree to end the game" {
		t.Errorf("Bob's page after Ann's proposal: %s", text(doc))
	}
	// A stale form (made before a move) is refused.
	csrf := csrfAt(t, tb.players[1], tb.path)
	pos, _ := e.store.Current(ctx, tb.id)
	seat, mv, _ := gametest.FirstMove(pos.State)
	if _, err := e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: seat, Seq: pos.Seq, Move: json.RawMessage(mv)}); err != nil {
		t.Fatal(err)
	}
	if code, _ := tb.players[1].post(tb.path+"/end", url.Values{"csrf": {csrf}, "seq": {"0"}}); code != http.StatusConflict {
		t.Errorf("a stale proposal: %d", code)
	}
	for _, bad := range []string{"", "-1", "x", "99999999999999999999"} {
		if code, _ := tb.players[1].post(tb.path+"/end", url.Values{"csrf": {csrf}, "seq": {bad}}); code != http.StatusConflict {
			t.Errorf("seq %q: %d", bad, code)
		}
	}
	// The move cancelled Ann's agreement: all three agree anew.
	for s := range 3 {
		if code, page := agree(s); code != http.StatusOK {
			t.Fatalf("seat %d agrees: %d %s", s, code, page)
		}
	}
	g, _ := e.store.GameRow(ctx, tb.id)
	if g.Status != store.StatusFinished || g.Ending != store.EndAgreed || g.Rated || g.GameResult() == nil {
		t.Fatalf("after everyone agreed: %+v", g)
	}
	_, doc = tb.players[2].get(tb.path)
	if !strings.Contains(text(doc), "agreed to end this game early") || doc.Find("section.result").Length() != 1 {
		t.Errorf("finished page: %s", text(doc))
	}
	if rated, _ := e.store.RatedGames(ctx, gametest.ID); len(rated) != 0 {
		t.Errorf("an agreed end is rated: %v", rated)
	}
	if code, _ := tb.players[0].post(tb.path+"/end", url.Values{"csrf": {csrfAt(t, tb.players[0], tb.path)}, "seq": {"1"}}); code != http.StatusConflict {
		t.Errorf("agreeing after the end: %d", code)
	}
	verifyClean(t, e)
}
