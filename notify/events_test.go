package notify

import (
	"fmt"
	"testing"
	"time"

	"rondel/game/event"
	"rondel/store"
)

// TestEventsJobOpens60 is issue 24's bound: when the sign-up of a Swiss
// event of 60 entrants at tables of 4 closes, the events job draws round
// 1 and opens its 15 Imperial games, each player's start mail (their
// table and its link) queued, within 60 s. The time is logged.
func TestEventsJobOpens60(t *testing.T) {
	e := newEnv(t, nil, nil)
	closes := e.clk.Now().Add(time.Hour)
	ev, err := e.st.CreateEvent(e.ctx, store.NewEvent{Name: "Imperial weekend", Kind: "imperial", SignupCloses: &closes,
		RoundDays: 14, Config: event.Config{Format: event.Swiss, Rounds: 4, Seats: 4, MinSeats: 3, MaxSeats: 5, Points: []int{4, 2, 1}, Seed: 60}})
	if err != nil {
		t.Fatal(err)
	}
	users := map[int64]string{}
	for i := range 60 {
		addr := fmt.Sprintf("entrant%02d@example.org", i+1)
		id := e.person(addr, fmt.Sprintf("Entrant %02d", i+1), "en", "UTC")
		users[id] = addr
		if err := e.st.Enter(e.ctx, ev.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.svc.Events(e.ctx); err != nil {
		t.Fatal(err)
	}
	if tables, _ := e.st.EventTables(e.ctx, ev.ID); len(tables) != 0 {
		t.Fatal("drawn before the sign-up closed")
	}
	e.clk.Add(time.Hour)
	start := time.Now()
	if err := e.svc.Events(e.ctx); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("60 entrants: round 1's 15 games opened and their start mails queued in %v", took)
	if took > 60*time.Second {
		t.Fatalf("took %v, over 60 s", took)
	}
	tables, err := e.st.EventTables(e.ctx, ev.ID)
	if err != nil || len(tables) != 15 {
		t.Fatalf("%d tables, %v", len(tables), err)
	}
	got := map[string]int{}
	for _, m := range e.outbox(kindStart) {
		got[m.ToAddr]++
	}
	for _, addr := range users {
		if got[addr] != 1 {
			t.Errorf("%s got %d start mails, want 1", addr, got[addr])
		}
	}
}
