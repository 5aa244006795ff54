package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"gorm.io/gorm"

	"rondel/game/event"
	"rondel/game/gametest"
)

// addMembers makes n members and returns their ids.
func addMembers(t testing.TB, s *Store, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	err := s.db.Transaction(func(tx *gorm.DB) error {
		for i := range n {
			u, err := findOrCreateUser(tx, fmt.Sprintf("p%02d@example.org", i+1), fmt.Sprintf("Player %02d", i+1), "en", s.Now())
			if err != nil {
				return err
			}
			ids[i] = u.ID
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// swissEvent creates a Swiss event of kind with members entered.
func swissEvent(t testing.TB, s *Store, kind string, members []int64, rounds, seats int) *Event {
	t.Helper()
	ctx := context.Background()
	e, err := s.CreateEvent(ctx, NewEvent{Name: "Autumn Swiss", Kind: kind, Rated: true, RoundDays: 14,
		Config: event.Config{Format: event.Swiss, Rounds: rounds, Seats: seats, MinSeats: seats - 1, MaxSeats: seats,
			Points: []int{4, 2, 1}, Seed: 20261128}})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range members {
		if err := s.Enter(ctx, e.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// TestEventSwissImperial plays a 16-player, 3-round Swiss of 4-player
// Imperial games to the end by the caretaker: every round is drawn when
// the last game of the one before ends, the standings equal a rebuild's
// and verify's, and the record exports, imports and exports the same.
func TestEventSwissImperial(t *testing.T) {
	s, _ := openReal(t)
	ctx := context.Background()
	members := addMembers(t, s, 16)
	e := swissEvent(t, s, "imperial", members, 3, 4)
	ids, err := s.StartEvent(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != 4 {
		t.Fatalf("round 1 started %d games, want 4", len(ids))
	}
	for round := 1; round <= 3; round++ {
		tables, err := s.EventTables(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var games []int64
		seen := map[int64]bool{}
		for _, tb := range tables {
			if tb.Round != round {
				continue
			}
			games = append(games, *tb.GameRef)
			for _, p := range tb.PlayerIDs() {
				if seen[p] {
					t.Fatalf("round %d seats %d twice", round, p)
				}
				seen[p] = true
			}
		}
		if len(games) != 4 || len(seen) != 16 {
			t.Fatalf("round %d: %d tables, %d players", round, len(games), len(seen))
		}
		for _, g := range games {
			row, err := s.GameRow(ctx, g)
			if err != nil || row.Status != StatusActive {
				t.Fatalf("round %d game %d: %v %+v", round, g, err, row)
			}
			if err := s.PlayOut(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		cur, err := s.EventRow(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantStatus, wantRound := EventRunning, round+1
		if round == 3 {
			wantStatus, wantRound = EventFinished, 3
		}
		if cur.Status != wantStatus || cur.Round != wantRound {
			t.Fatalf("after round %d: status %s round %d, want %s %d", round, cur.Status, cur.Round, wantStatus, wantRound)
		}
	}
	done, _ := s.EventRow(ctx, e.ID)
	st := done.StandingList()
	if len(st) != 16 {
		t.Fatalf("%d standings", len(st))
	}
	for _, x := range st {
		if x.Games != 3 {
			t.Errorf("entrant %d played %d games", x.ID, x.Games)
		}
	}
	// Derived data: spoil it, rebuild, get the same; verify finds nothing.
	if err := s.db.Model(&Event{}).Where("id = ?", e.ID).Update("standings", "[]").Error; err != nil {
		t.Fatal(err)
	}
	if err := s.db.Model(&EventTable{}).Where("event_id = ?", e.ID).Update("result", nil).Error; err != nil {
		t.Fatal(err)
	}
	rep, err := s.Tools().Verify(ctx, false)
	if err != nil || len(rep.Problems) == 0 {
		t.Fatalf("verify of spoiled standings: %v %v", err, rep)
	}
	if _, err := s.Tools().Rebuild(ctx, nil); err != nil {
		t.Fatal(err)
	}
	rebuilt, _ := s.EventRow(ctx, e.ID)
	if rebuilt.Standings != done.Standings {
		t.Fatalf("rebuilt standings differ:\n%s\n%s", rebuilt.Standings, done.Standings)
	}
	if rep, err := s.Tools().Verify(ctx, false); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify: %v %v", err, rep.Problems)
	}
	checkRoundTrip(t, s, e.ID)
}

// checkRoundTrip exports an event, imports it into a new store and
// exports it again: the same JSON and text.
func checkRoundTrip(t *testing.T, s *Store, eventID int64) {
	t.Helper()
	ctx := context.Background()
	rec, err := s.ExportEvent(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := json.Marshal(rec)
	var back EventRecord
	if err := json.Unmarshal(first, &back); err != nil {
		t.Fatal(err)
	}
	other, _ := openReal(t)
	imp, err := other.ImportEvent(ctx, &back, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec2, err := other.ExportEvent(ctx, imp.ID)
	if err != nil {
		t.Fatal(err)
	}
	second, _ := json.Marshal(rec2)
	if string(first) != string(second) {
		t.Fatalf("export → import → export differs:\n%s\n%s", first, second)
	}
	if EventText(rec) != EventText(rec2) {
		t.Fatal("the readable text differs")
	}
	// A record whose standings were changed is refused.
	back.Standings[0].Units++
	if _, err := other.ImportEvent(ctx, &back, 0); err == nil {
		t.Fatal("a record with false standings was imported")
	}
}

// TestEventLifecycle checks sign-up, withdrawal, the closing of the
// sign-up by DueEvents/RunEvent and a round's deadline, on the take-away
// game.
func TestEventLifecycle(t *testing.T) {
	s, clock, _ := openTest(t, 1024)
	ctx := context.Background()
	members := addMembers(t, s, 7)
	closes := s.Now().Add(48 * time.Hour)
	e, err := s.CreateEvent(ctx, NewEvent{Name: "Club night", Kind: gametest.ID, SignupCloses: &closes, RoundDays: 7,
		OnDeadline: DeadlineScore, Config: event.Config{Format: event.Swiss, Rounds: 2, Seats: 3, MinSeats: 2, MaxSeats: 3, Points: []int{3, 1}, Seed: 7}})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range members {
		if err := s.Enter(ctx, e.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Enter(ctx, e.ID, members[0]); err != nil {
		t.Fatalf("entering twice: %v", err)
	}
	if err := s.Withdraw(ctx, e.ID, members[6]); err != nil {
		t.Fatal(err)
	}
	if err := s.Withdraw(ctx, e.ID, members[6]); !errors.Is(err, ErrEventEntered) {
		t.Fatalf("withdrawing twice: %v", err)
	}
	if due, _ := s.DueEvents(ctx, s.Now()); len(due) != 0 {
		t.Fatalf("due before the sign-up closed: %v", due)
	}
	clock.Add(49 * time.Hour)
	due, err := s.DueEvents(ctx, s.Now())
	if err != nil || !reflect.DeepEqual(due, []int64{e.ID}) {
		t.Fatalf("due: %v %v", due, err)
	}
	ids, err := s.RunEvent(ctx, e.ID)
	if err != nil || len(ids) != 2 { // 6 entrants at tables of 3
		t.Fatalf("round 1: %v %v", ids, err)
	}
	if err := s.Enter(ctx, e.ID, members[6]); !errors.Is(err, ErrEventClosed) {
		t.Fatalf("late entry: %v", err)
	}
	// A withdrawal once it runs: the seat is left to the caretaker.
	if err := s.Withdraw(ctx, e.ID, members[0]); err != nil {
		t.Fatal(err)
	}
	left := 0
	for _, g := range ids {
		seats, _ := s.Seats(ctx, g)
		if SeatOf(seats, members[0]) >= 0 {
			l, _ := s.SeatsLeft(ctx, g)
			left += len(l)
		}
	}
	if left != 1 {
		t.Fatalf("withdrawn player's seats left: %d, want 1", left)
	}
	if due, _ := s.DueEvents(ctx, s.Now()); len(due) != 0 {
		t.Fatalf("due in round 1: %v", due)
	}
	// The round's deadline: its games are decided and round 2 drawn
	// without the withdrawn entrant.
	clock.Add(8 * 24 * time.Hour)
	if due, _ := s.DueEvents(ctx, s.Now()); len(due) != 1 {
		t.Fatalf("due at the deadline: %v", due)
	}
	if _, err := s.RunEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	// The round's last game to end drew round 2 (in its transaction).
	var ids2 []int64
	tables, _ := s.EventTables(ctx, e.ID)
	for _, tb := range tables {
		if tb.Round == 2 {
			ids2 = append(ids2, *tb.GameRef)
		}
	}
	if len(ids2) != 2 { // 5 active: tables of 3 and 2
		t.Fatalf("round 2 started %v", ids2)
	}
	cur, _ := s.EventRow(ctx, e.ID)
	if cur.Round != 2 || cur.Status != EventRunning {
		t.Fatalf("after the deadline: %+v", cur)
	}
	for _, g := range ids2 {
		seats, _ := s.Seats(ctx, g)
		if SeatOf(seats, members[0]) >= 0 {
			t.Fatal("a withdrawn entrant was drawn")
		}
		if err := s.PlayOut(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	cur, _ = s.EventRow(ctx, e.ID)
	if cur.Status != EventFinished {
		t.Fatalf("not finished: %+v", cur)
	}
	mine, err := s.EventsOf(ctx, members[1])
	if err != nil || len(mine) != 1 {
		t.Fatalf("member's events: %v %v", mine, err)
	}
	checkRoundTripSame(t, s, e.ID)
}

// checkRoundTripSame is checkRoundTrip within one store (the take-away
// game's registry).
func checkRoundTripSame(t *testing.T, s *Store, eventID int64) {
	t.Helper()
	ctx := context.Background()
	rec, err := s.ExportEvent(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	imp, err := s.ImportEvent(ctx, rec, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec2, _ := s.ExportEvent(ctx, imp.ID)
	a, _ := json.Marshal(rec)
	b, _ := json.Marshal(rec2)
	if string(a) != string(b) {
		t.Fatalf("round trip differs:\n%s\n%s", a, b)
	}
	// An imported event is an archive: even one recorded under way is
	// never due, drawn or entered.
	if err := s.db.Model(&Event{}).Where("id = ?", imp.ID).Update("status", EventRunning).Error; err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueEvents(ctx, s.Now()); len(due) != 0 {
		t.Fatalf("an imported event is due: %v", due)
	}
	if ids, err := s.RunEvent(ctx, imp.ID); err != nil || len(ids) != 0 {
		t.Fatalf("an imported event ran: %v %v", ids, err)
	}
	if err := s.Withdraw(ctx, imp.ID, rec.Entrants[0].ID); !errors.Is(err, ErrEventClosed) {
		t.Fatalf("withdrawing from an imported event: %v", err)
	}
	if err := s.db.Model(&Event{}).Where("id = ?", imp.ID).Update("status", EventFinished).Error; err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Tools().Verify(ctx, false); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("verify: %v %v", err, rep.Problems)
	}
}

// TestEventDrawFailureKeepsTheMove: when the next round cannot be drawn
// (here a broken configuration), the move that ends the round's last game
// is still played; the round stays due for the events job, which reports
// the error.
func TestEventDrawFailureKeepsTheMove(t *testing.T) {
	s, _, _ := openTest(t, 1024)
	ctx := context.Background()
	e := swissEvent(t, s, gametest.ID, addMembers(t, s, 6), 2, 3)
	ids, err := s.StartEvent(ctx, e.ID)
	if err != nil || len(ids) != 2 {
		t.Fatalf("%v %v", ids, err)
	}
	if err := s.db.Model(&Event{}).Where("id = ?", e.ID).Update("config", "{").Error; err != nil {
		t.Fatal(err)
	}
	for _, g := range ids {
		if err := s.PlayOut(ctx, g); err != nil {
			t.Fatalf("the game's last move was refused: %v", err)
		}
		if row, _ := s.GameRow(ctx, g); row.Status != StatusFinished {
			t.Fatalf("game %d: %s", g, row.Status)
		}
	}
	cur, _ := s.EventRow(ctx, e.ID)
	if cur.Round != 1 || cur.Status != EventRunning {
		t.Fatalf("event: round %d %s", cur.Round, cur.Status)
	}
	if due, _ := s.DueEvents(ctx, s.Now()); len(due) != 1 {
		t.Fatalf("due: %v", due)
	}
	if _, err := s.RunEvent(ctx, e.ID); err == nil {
		t.Fatal("the events job saw no error")
	}
}
