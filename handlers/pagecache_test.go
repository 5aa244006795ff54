package handlers

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"testing"
)

// rawGet is path as b's browser gets it: status and body as sent.
func rawGet(t *testing.T, b *browser, path string) (int, string) {
	t.Helper()
	resp, err := b.client.Get(b.e.ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestKeptPartsRenderTheFreshPage: a game page (and a history page) rendered from the kept
// parts of its position is byte for byte the page made with nothing
// kept, for every player, move after move (the page after a move, with
// what happened, included); a reload reuses the parts (nothing new
// kept), each seat's view is kept once, and a move makes new ones. A view
// is kept the second time it is made, not the first (lru.NewSecondSight).
func TestKeptPartsRenderTheFreshPage(t *testing.T) {
	tb := startTable(t)
	srv := tb.e.srv
	for move := range 4 {
		srv.pageParts.Clear()
		for _, p := range tb.players {
			for _, path := range []string{tb.path, fmt.Sprintf("%s?played=%d", tb.path, max(1, tb.moveCount(t))), tb.path + "/history", tb.path + "/history?at=0"} {
				srv.pageParts.Clear()
				srv.sharedParts.Clear()
				srv.boards.Clear()
				code, fresh := rawGet(t, p, path)
				if code != http.StatusOK {
					t.Fatalf("move %d, %s: %d", move, path, code)
				}
				if n := srv.pageParts.Len() + srv.sharedParts.Len(); n != 0 {
					t.Errorf("move %d, %s: a first view kept %d parts (want none until made twice)", move, path, n)
				}
				rawGet(t, p, path) // made a second time: kept
				kept := srv.pageParts.Len() + srv.sharedParts.Len()
				code, again := rawGet(t, p, path)
				if code != http.StatusOK || again != fresh {
					t.Errorf("move %d, %s: the page from kept parts differs from the fresh one (%d)", move, path, code)
				}
				if now := srv.pageParts.Len() + srv.sharedParts.Len(); now != kept || kept == 0 {
					t.Errorf("move %d, %s: %d parts kept, %d after a reload (want some, and no new ones)", move, path, kept, now)
				}
			}
		}
		srv.pageParts.Clear()
		for range 2 {
			for _, p := range tb.players {
				rawGet(t, p, tb.path)
			}
		}
		if got := srv.pageParts.Len(); got != len(tb.players) {
			t.Errorf("move %d: %d views kept after every player looked twice, want one per seat (%d)", move, got, len(tb.players))
		}
		seat := tb.toAct(t)
		seq, csrf, first := tb.formFor(t, seat)
		if first == "" { // a question: its answers are buttons
			first, _ = tb.gamePage(t, seat).Find(`form.move-now button[name=move]`).First().Attr("value")
		}
		if code, doc := tb.players[seat].post(tb.path+"/move", url.Values{"seq": {seq}, "csrf": {csrf}, "move": {first}}); code != http.StatusOK {
			t.Fatalf("move %d by seat %d (seq %q): %d %s", move, seat, seq, code, text(doc))
		}
	}
}

// TestGamePageAnswers304: the game page carries a tag of what it shows;
// a reload with it is answered 304 with no body; another player, a
// notice, or a move played since gets the page again.
func TestGamePageAnswers304(t *testing.T) {
	tb := startTable(t)
	ann, bob := tb.players[0], tb.players[1]
	code, tag, n := getTagged(t, ann, tb.path, "")
	if code != http.StatusOK || tag == "" || n == 0 {
		t.Fatalf("game page: %d, tag %q, %d bytes", code, tag, n)
	}
	if code, again, n := getTagged(t, ann, tb.path, tag); code != http.StatusNotModified || n != 0 || again != tag {
		t.Errorf("again with its tag: %d, %d bytes, tag %q (want 304, none, %q)", code, n, again, tag)
	}
	if code, other, _ := getTagged(t, bob, tb.path, tag); code != http.StatusOK || other == tag {
		t.Errorf("another player with Ann's tag: %d, tag %q (want 200, a tag of his own)", code, other)
	}
	seat := tb.toAct(t)
	seq, csrf, first := tb.formFor(t, seat)
	if code, doc := tb.players[seat].post(tb.path+"/move", url.Values{"seq": {seq}, "csrf": {csrf}, "move": {first}}); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, text(doc))
	}
	if code, now, n := getTagged(t, ann, tb.path, tag); code != http.StatusOK || now == tag || n == 0 {
		t.Errorf("after a move with the old tag: %d, %d bytes, tag %q (want 200, a new tag)", code, n, now)
	}
	// A page with a notice (here: the confirmation of a take-back that did
	// not happen is not said, so use the page after the move) is its own.
	_, plain, _ := getTagged(t, ann, tb.path, "")
	if code, withPlayed, _ := getTagged(t, ann, tb.path+"?played=1", plain); code != http.StatusOK || withPlayed == plain {
		t.Errorf("the page after a move with the plain page's tag: %d, tag %q (want 200, its own tag)", code, withPlayed)
	}
}
