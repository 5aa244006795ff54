package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rondel/store"
)

// TestTakeBackMyMove: after a move its player, and only they, is offered
// "Take back my move"; pressing it puts the game back where it stood
// (their decision again) with the take-back logged as its own entry and
// the move marked taken back; a stale button, a second take-back and one
// after someone else acted are refused in words, writing nothing.
func TestTakeBackMyMove(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	me := tb.players[seat]
	doc := tb.gamePage(t, seat)
	if doc.Find("form.take-back").Length() != 0 {
		t.Fatal("a take-back is offered before any move")
	}
	first, _ := doc.Find(`form.move input[name=move]`).First().Attr("value")
	if code, doc := me.submit(doc, "form.move", map[string]string{"move": first}); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, text(doc))
	}
	before, _ := tb.e.store.StateAfter(context.Background(), tb.id, 0)
	for s := range tb.players {
		has := tb.gamePage(t, s).Find("form.take-back button").Length() == 1
		if has != (s == seat) {
			t.Errorf("seat %d: take-back offered %v", s, has)
		}
	}
	doc = tb.gamePage(t, seat)
	if got := strings.TrimSpace(doc.Find("form.take-back button").Text()); got != "Take back my move" {
		t.Errorf("button says %q", got)
	}
	staleSeq, _ := doc.Find("form.take-back input[name=seq]").Attr("value")
	code, doc := me.submit(doc, "form.take-back", nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "You took back your move 1") {
		t.Fatalf("take-back: %d %s", code, text(doc))
	}
	if doc.Find("form.move").Length() != 1 {
		t.Error("the player is not asked again after taking back")
	}
	pos, _ := tb.e.store.Current(context.Background(), tb.id)
	b1, _ := before.MarshalJSON()
	b2, _ := pos.State.MarshalJSON()
	if string(b1) != string(b2) || pos.Seq != 2 {
		t.Errorf("after the take-back: seq %d, state equal to the start: %v", pos.Seq, string(b1) == string(b2))
	}
	if got := doc.Find(".recent li.cancelled .tag").Text(); got != "taken back" {
		t.Errorf("recent moves do not mark the move taken back: %q", got)
	}
	if !strings.Contains(doc.Find(".recent li.took-back").Text(), "Took back move 1") {
		t.Errorf("recent moves do not show the take-back: %s", doc.Find(".recent").Text())
	}
	if _, doc := tb.players[(seat+1)%3].get(tb.path + "?took_back=1"); doc.Find("p.notice").Length() != 0 {
		t.Error("another player is told they took back a move")
	}
	_, hist := me.get(tb.path + "/history")
	if hist.Find("section.history li.cancelled").Length() != 1 || hist.Find("section.history li.cancelled .tag").Text() != "taken back" {
		t.Error("the history does not mark the move taken back")
	}

	// The same button again: the game changed; a take-back of the
	// take-back is refused.
	csrf := csrfOf(t, me)
	if code, doc := me.post(tb.path+"/takeback", url.Values{"csrf": {csrf}, "seq": {staleSeq}}); code != http.StatusConflict || !strings.Contains(text(doc), "The game changed") {
		t.Errorf("stale take-back: %d %s", code, text(doc))
	}
	if code, doc := me.post(tb.path+"/takeback", url.Values{"csrf": {csrf}, "seq": {"2"}}); code != http.StatusConflict || !strings.Contains(text(doc), "no move of yours") {
		t.Errorf("second take-back: %d %s", code, text(doc))
	}
	// Move again, someone else acts: the first player may no longer take back.
	doc = tb.gamePage(t, seat)
	first, _ = doc.Find(`form.move input[name=move]`).First().Attr("value")
	me.submit(doc, "form.move", map[string]string{"move": first})
	pos, _ = tb.e.store.Current(context.Background(), tb.id)
	next := pos.State.ToAct()[0].Seat
	if next == seat || pos.Seq != 3 {
		t.Fatalf("seat %d is to act at move %d", next, pos.Seq)
	}
	if _, err := tb.e.store.AppendMove(context.Background(), store.Submit{GameID: tb.id, Seat: next, Seq: pos.Seq,
		Move: pos.State.LegalMoves(next)[0].Move, UserID: pos.Seats[next].UserID}); err != nil {
		t.Fatal(err)
	}
	n := tb.moveCount(t)
	if tb.gamePage(t, seat).Find("form.take-back").Length() != 0 {
		t.Error("take-back offered after someone else acted")
	}
	if code, doc := me.post(tb.path+"/takeback", url.Values{"csrf": {csrf}, "seq": {"4"}}); code != http.StatusConflict || !strings.Contains(text(doc), "Someone else has acted") {
		t.Errorf("take-back after another's move: %d %s", code, text(doc))
	}
	// A watcher has no seat; no token is no take-back.
	dee := tb.e.browser()
	dee.signIn("dee@x.org")
	if code, _ := dee.post(tb.path+"/takeback", url.Values{"csrf": {csrfOf(t, dee)}, "seq": {"4"}}); code != http.StatusForbidden {
		t.Errorf("watcher: %d", code)
	}
	if code, _ := tb.players[next].post(tb.path+"/takeback", url.Values{"seq": {"4"}}); code != http.StatusForbidden {
		t.Errorf("no token: %d", code)
	}
	if tb.moveCount(t) != n {
		t.Error("a refused take-back wrote a row")
	}
}
