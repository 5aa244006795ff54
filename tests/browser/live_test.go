package browser

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/imperial"
	"rondel/store"
)

// TestLivePageInChromium: a player's open game page shows another
// player's move within 5 s without the player reloading it: the page's
// script (live.js) hears of the move on the game's stream and, nothing
// being typed or chosen, reloads itself. A player typing a message is not
// interrupted: the page shows the banner that links to the new position
// instead. The moves are played through the store (as another instance or
// a mail link would) once the page listens.
func TestLivePageInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New())
	srv := serve(t, reg, false)
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/live")
	r := srv.newGame("imperial", "Live club", 11, nil, 3)
	ctx := context.Background()

	// As soon as the page listens, another player moves.
	played := r.playWhenListening(ctx, 0)
	got := srv.act(dir, []task{{Name: "watcher", Session: r.sessions[r.notToAct(ctx)], Path: r.path(), Width: 1280, JS: true, Steps: []step{
		{Until: `#live-news[data-moves="1"]`, Within: 5000},
		{Report: true}, {Shot: "live-after-1280"},
	}}})
	if err := <-played; err != nil {
		t.Fatalf("the other player's move: %v", err)
	}
	// A moment after the next page listens, while its player types (the
	// first page's stream is gone first: the browser closed it).
	for deadline := time.Now().Add(5 * time.Second); r.st.Subscribers() > 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	played = r.playWhenListening(ctx, 2*time.Second)
	for k, v := range srv.act(dir, []task{{Name: "watcher typing", Session: r.sessions[r.notToAct(ctx)], Path: r.path(), Width: 390, Height: 844, JS: true, Axe: true, Steps: []step{
		{Fill: "#message-text", Value: "Half a thought"},
		{Until: `#live-news[data-moves="1"]:not([hidden])`, Within: 8000},
		{Report: true}, {Axe: true}, {Shot: "live-banner-390"},
	}}}) {
		got[k] = v
	}
	if err := <-played; err != nil {
		t.Fatalf("the second move: %v", err)
	}
	for name, n := range map[string]int{"watcher": 1, "watcher typing": 2} {
		seen := got[name].Seen
		if len(seen) != n || seen[0].URL != r.path() {
			t.Errorf("%s: %+v", name, seen)
			continue
		}
		for _, v := range seen[n-1].Axe {
			t.Errorf("%s: axe: %s (%s): %s\n  %s", name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
		}
	}
}

// notToAct is a seat that has no decision now.
func (r *gameRun) notToAct(ctx context.Context) int {
	pos, err := r.st.Current(ctx, r.gameID)
	if err != nil {
		r.t.Fatal(err)
	}
	return (pos.State.ToAct()[0].Seat + 1) % len(r.seats)
}

// playWhenListening waits until a page listens to the game's stream and
// then wait, and has the first seat to act play its first legal move; the
// channel says how that went.
func (r *gameRun) playWhenListening(ctx context.Context, wait time.Duration) <-chan error {
	out := make(chan error, 1)
	go func() {
		for deadline := time.Now().Add(2 * time.Minute); r.st.Subscribers() == 0; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				out <- context.DeadlineExceeded
				return
			}
		}
		time.Sleep(wait)
		pos, err := r.st.Current(ctx, r.gameID)
		if err != nil {
			out <- err
			return
		}
		seat := pos.State.ToAct()[0].Seat
		lm := pos.State.LegalMoves(seat)[0]
		_, err = r.st.AppendMove(ctx, store.Submit{GameID: r.gameID, Seat: seat, Seq: pos.Seq, Move: lm.Move, UserID: r.seats[seat].UserID})
		out <- err
	}()
	return out
}
