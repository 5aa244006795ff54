package store

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"rondel/game"
	"rondel/game/event"
	"rondel/game/gametest"
)

// clockWatcher is an Observer that notes the clock preset each created
// game was made with (notify turns it into the game's clock).
type clockWatcher struct {
	mu     sync.Mutex
	preset map[int64]string
}

func (w *clockWatcher) InTx(_ context.Context, _ *NotifyTx, c Change) error {
	if c.Kind == ChangeGameCreated {
		w.mu.Lock()
		w.preset[c.Game.ID] = c.Clock
		w.mu.Unlock()
	}
	return nil
}

func (w *clockWatcher) AfterCommit(context.Context, Change) {}

// TestEventOptionsClockLateEntry: an event's options and clock preset go
// with every table's game; a late entrant (allowed) enters while round 1
// is played and is seated in round 2 with no points; once the last round
// is drawn, or when the event takes no late entries, entering is refused.
func TestEventOptionsClockLateEntry(t *testing.T) {
	for _, late := range []bool{true, false} {
		s, clock, _ := openTest(t, 1024)
		w := &clockWatcher{preset: map[int64]string{}}
		s.SetObserver(w)
		ctx := context.Background()
		members := addMembers(t, s, 8)
		e, err := s.CreateEvent(ctx, NewEvent{Name: "Late night", Kind: gametest.ID, RoundDays: 7, OnDeadline: DeadlineScore,
			Options: game.Options{"size": "large"}, ClockPreset: "24h", LateEntries: late,
			Config: event.Config{Format: event.Swiss, Rounds: 2, Seats: 3, MinSeats: 2, MaxSeats: 3, Points: []int{3, 1}, Seed: 11}})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range members[:6] {
			if err := s.Enter(ctx, e.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		ids, err := s.StartEvent(ctx, e.ID)
		if err != nil || len(ids) != 2 {
			t.Fatalf("round 1: %v %v", ids, err)
		}
		for _, g := range ids {
			row, err := s.GameRow(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			var opts game.Options
			if err := json.Unmarshal([]byte(row.Options), &opts); err != nil || opts["size"] != "large" {
				t.Errorf("game %d options %s, want size large", g, row.Options)
			}
			if w.preset[g] != "24h" {
				t.Errorf("game %d made with clock %q, want 24h", g, w.preset[g])
			}
		}
		err = s.Enter(ctx, e.ID, members[6])
		if !late {
			if !errors.Is(err, ErrEventClosed) {
				t.Fatalf("late entry not allowed: %v, want closed", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("late entry: %v", err)
		}
		clock.Add(8 * 24 * time.Hour) // round 1's deadline: round 2 drawn
		if _, err := s.RunEvent(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		tables, _ := s.EventTables(ctx, e.ID)
		seated, r2 := false, 0
		for _, tb := range tables {
			if tb.Round != 2 {
				continue
			}
			r2++
			for _, id := range tb.PlayerIDs() {
				seated = seated || id == members[6]
			}
		}
		if !seated || r2 != 3 { // 7 entrants at tables of 3, 2 and 2
			t.Fatalf("round 2: %d tables, late entrant seated %v", r2, seated)
		}
		if err := s.Enter(ctx, e.ID, members[7]); !errors.Is(err, ErrEventClosed) {
			t.Fatalf("entry after the last round was drawn: %v, want closed", err)
		}
	}
}
