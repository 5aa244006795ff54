package notify

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
)

// Member X's webhook, whose chat is down, has notices waiting (a turn
// notice of X's game, a test notice) when X deletes it; member Y then adds
// a webhook to another game. Nothing of X's ever reaches Y's chat: the
// new webhook gets a new id (ids are never reused), and X's waiting
// notices were given up when the webhook was deleted.
func TestDeletedHookNoticesGoNowhere(t *testing.T) {
	e, _ := hookEnv(t)
	down, ys := newChat(t, answer{code: 502, body: "down"}), newChat(t)
	x := e.person("x@example.org", "Xena", "en", "UTC")
	y := e.person("y@example.org", "Yves", "en", "UTC")
	gx := e.startGame(gametest.ID, "TURNS-OF-X", 2, 3, game.Options{"votes": "false"})
	hx := e.addHook(down, gx.ID, "discord", "en", x)
	play(t, e, gx, 1) // a turn notice for X's webhook; the chat fails it
	if err := e.svc.TestWebhook(e.ctx, hx, gx.Name); err != nil {
		t.Fatal(err)
	}
	waiting := 0
	for _, r := range e.outbox(kindNotice) {
		if r.Status == store.OutboxPending {
			waiting++
		}
	}
	if waiting < 2 || len(down.posts()) == 0 {
		t.Fatalf("setting up: %d notices waiting, %d posts", waiting, len(down.posts()))
	}
	if err := e.st.Webhooks().Delete(e.ctx, hx.ID); err != nil {
		t.Fatal(err)
	}
	gy := e.startGame(gametest.ID, "games-of-y", 2, 4, game.Options{"votes": "false"})
	hy := e.addHook(ys, gy.ID, "discord", "en", y)
	if hy.ID == hx.ID {
		t.Errorf("Y's webhook got the id of X's deleted one (%d)", hx.ID)
	}
	play(t, e, gy, 1)
	for range 6 {
		e.clk.Add(time.Hour)
		e.tick()
	}
	for _, p := range ys.posts() {
		if s := fmt.Sprint(p.body); strings.Contains(s, "TURNS-OF-X") || strings.Contains(s, fmt.Sprintf("/games/%d", gx.ID)) {
			t.Errorf("Y's chat got X's notice: %s", s)
		}
	}
	if len(ys.accepted()) == 0 {
		t.Error("Y's chat got none of Y's own notices")
	}
	for _, r := range e.outbox(kindNotice) {
		if r.GameID == gx.ID && (r.Status != store.OutboxFailed || !strings.Contains(r.LastError, "removed")) {
			t.Errorf("X's notice after the delete: %s %q", r.Status, r.LastError)
		}
	}
}
