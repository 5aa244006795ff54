package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"rondel/store"
)

// TestChangesReachTheObserverAfterCommit: what a page changes reaches the
// store's observer once committed, in order, and a stale move nothing.
func TestChangesReachTheObserverAfterCommit(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var calls []string
	record := func(s string) { mu.Lock(); calls = append(calls, s); mu.Unlock() }
	tb := startTable(t, func(d *Deps) {
		d.Store.SetObserver(store.ObserverFuncs{After: func(ctx context.Context, c store.Change) {
			if c.Kind == store.ChangeMovePlayed {
				if moves, _ := d.Store.Moves(ctx, c.Game.ID); len(moves) != c.Seq {
					t.Errorf("told of the move before it was stored")
				}
			}
			record(string(c.Kind))
		}})
	})
	seat := tb.toAct(t)
	seq, csrf, first := tb.formFor(t, seat)
	tb.players[seat].post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {first}})
	tb.players[seat].post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {seq}, "move": {first}}) // stale: no change
	if got := strings.Join(calls, ","); got != "game-created,game-started,move-played" {
		t.Errorf("changes told: %s", got)
	}
}

func TestCookiesSecureUnderTLS(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	h := e.ts.Config.Handler
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "https://rondel.test/signin", nil))
	cookies := rec.Result().Cookies()
	if len(cookies) == 0 || !cookies[0].Secure || !cookies[0].HttpOnly {
		t.Errorf("cookies over TLS: %+v", cookies)
	}
}

// TestBadMovesNeverFail5xx posts odd input as a move: each is refused
// with a 4xx page and nothing is written.
func TestBadMovesNeverFail5xx(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	seat := tb.toAct(t)
	seq, csrf, _ := tb.formFor(t, seat)
	bad := []string{"", " ", "null", "[]", "{}", "7", `"x"`, "{", strings.Repeat("[", 10000), "\xff\xfe", `{"pile":"A","take":1e400}`,
		`{"pile":"A","take":-1}`, `{"pile":"A","take":"1"}`, strings.Repeat("a", 500_000)}
	for _, mv := range bad {
		for _, sq := range []string{seq, "-1", "x", "99999999999999999999"} {
			code, doc := tb.players[seat].post(tb.path+"/move", url.Values{"csrf": {csrf}, "seq": {sq}, "move": {mv}})
			if code < 400 || code >= 500 {
				t.Errorf("move %.20q seq %s: %d %s", mv, sq, code, text(doc))
			}
		}
	}
	if tb.moveCount(t) != 0 {
		t.Error("a bad move was written")
	}
}
