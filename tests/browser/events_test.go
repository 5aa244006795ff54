package browser

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/event"
	"rondel/game/imperial"
	"rondel/store"
	"rondel/store/config"
)

// TestEventsInChromium photographs the pages of club events (issue 24):
// an event's sign-up, a Swiss round in play, the standings after a round
// played to the end by the caretaker, the list of events and the form of
// a new one, at a laptop's and a phone's width, each checked by axe-core
// (WCAG 2 A and AA) and for fitting the phone's screen. Screenshots:
// testdata-artifacts/browser/events.
func TestEventsInChromium(t *testing.T) {
	reg := game.NewRegistry(imperial.New())
	srv := serve(t, reg, true, func(c *config.Config) { c.MembersOrganiseEvents = true })
	ctx := context.Background()
	dir, _ := filepath.Abs("../../testdata-artifacts/browser/events")
	names := []string{"Ann", "Bob", "Cy", "Dora", "Eve", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena"}
	var ids []int64
	if err := srv.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		for _, n := range names {
			u, err := tx.FindOrCreateUser(strings.ToLower(n)+"@example.org", n)
			if err != nil {
				return err
			}
			ids = append(ids, u.ID)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	session, err := srv.st.SignIn().CreateSession(ctx, ids[0], time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	newEvent := func(name string, entrants int, seed uint64) *store.Event {
		closes := time.Now().Add(72 * time.Hour)
		e, err := srv.st.CreateEvent(ctx, store.NewEvent{Name: name, Kind: "imperial", RoundDays: 14, SignupCloses: &closes, CreatedBy: ids[0],
			Config: event.Config{Format: event.Swiss, Rounds: 3, Seats: 4, MinSeats: 3, MaxSeats: 5, Points: []int{4, 2, 1}, Seed: seed}})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids[:entrants] {
			if err := srv.st.Enter(ctx, e.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	signup := newEvent("Winter Swiss", 7, 1)
	inPlay := newEvent("Imperial weekend", 12, 2)
	if _, err := srv.st.StartEvent(ctx, inPlay.ID); err != nil {
		t.Fatal(err)
	}
	standings := newEvent("Autumn Swiss", 8, 3)
	if _, err := srv.st.StartEvent(ctx, standings.ID); err != nil {
		t.Fatal(err)
	}
	tables, err := srv.st.EventTables(ctx, standings.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		if err := srv.st.PlayOut(ctx, *tb.GameRef); err != nil {
			t.Fatal(err)
		}
	}
	var tasks []task
	for _, p := range []struct{ name, path string }{
		{"signup", fmt.Sprintf("/events/%d", signup.ID)}, {"round-in-play", fmt.Sprintf("/events/%d", inPlay.ID)},
		{"standings", fmt.Sprintf("/events/%d", standings.ID)}, {"events", "/events"}, {"new-event", "/events/new"},
	} {
		for _, w := range []int{1280, 390} {
			name := fmt.Sprintf("%s-%d", p.name, w)
			tasks = append(tasks, task{Name: name, Session: session, Path: p.path, Width: w, Height: 844, JS: true, Axe: true,
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
