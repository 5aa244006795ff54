package browser

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/caesar"
	"rondel/store"
)

// TestClubInChromium photographs the club's games page (open seats,
// games in play, finished games) and a waiting game's page as its creator
// sees it (invitations, one run out; Cancel the game), at a laptop's and
// a phone's width, with a game in play's page (Propose to end the game,
// Resign) and the resignation's confirmation, each checked by axe-core (WCAG 2 A and AA) and for
// fitting the phone's screen. Screenshots: testdata-artifacts/browser/club.
func TestClubInChromium(t *testing.T) {
	reg := game.NewRegistry(caesar.New())
	srv := serve(t, reg, true)
	ctx := context.Background()
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/club")

	done := srv.newGame(caesar.ID, "Tuesday club", 11, nil, 3)
	done.playUntil(func(game.Decision, []game.LegalMove) bool { return false })
	running := srv.newGame(caesar.ID, "Long evening", 12, nil, 4)
	n := 0
	running.playUntil(func(game.Decision, []game.LegalMove) bool { n++; return n > 6 })
	ann := running.seats[0].UserID
	for i, name := range []string{"Open table", "Newcomers welcome"} {
		if _, _, err := srv.st.CreateGame(ctx, store.NewGame{Kind: caesar.ID, Name: name, Seed: uint64(20 + i),
			Players: people[:1], CreatedBy: ann, OpenSeats: 2 + i}); err != nil {
			t.Fatal(err)
		}
	}
	waiting, _, err := srv.st.CreateGame(ctx, store.NewGame{Kind: caesar.ID, Name: "Waiting room", Seed: 30,
		Players: people[:3], CreatedBy: ann, InviteTTL: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond) // the invitations run out
	me := running.sessions[0]

	var tasks []task
	bob := running.sessions[1] // seated in no game with open seats: offered a seat
	for _, p := range []struct{ name, path string }{
		{"club", "/club"}, {"club-filtered", "/club?kind=" + caesar.ID + "&player=Bob"}, {"waiting-game", fmt.Sprintf("/games/%d", waiting.ID)},
		{"playing-game", running.path()}, {"resign", running.path() + "/resign"},
	} {
		for _, w := range []int{1280, 390} {
			name := fmt.Sprintf("%s-%d", p.name, w)
			who := me
			if strings.HasPrefix(p.name, "club") {
				who = bob
			}
			tasks = append(tasks, task{Name: name, Session: who, Path: p.path, Width: w, Height: 844, JS: true, Axe: true,
				Steps: []step{{Report: true}, {Axe: true}, {Shot: name}}})
		}
	}
	got := srv.act(dir, tasks)
	for _, tk := range tasks {
		s := got[tk.Name]
		if len(s.Errors) > 0 || len(s.Seen) < 2 {
			t.Fatalf("%s: %v", tk.Name, s.Errors)
		}
		for _, v := range s.Seen[1].Axe {
			t.Errorf("%s: axe: %s (%s): %s\n  %s", tk.Name, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
		}
		if s.Seen[0].ScrollWidth > tk.Width {
			t.Errorf("%s: the page is %d px wide in a %d px window", tk.Name, s.Seen[0].ScrollWidth, tk.Width)
		}
	}
}
