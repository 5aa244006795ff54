package notify

import (
	"fmt"
	"strings"
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

// TestEventNoticesAndCalendar: the club's webhook is told once of every
// round drawn and of the end (in its language), and an entrant's calendar
// feed holds the round's deadline.
func TestEventNoticesAndCalendar(t *testing.T) {
	e := newEnv(t, nil, nil)
	if err := e.st.Webhooks().AddForClub(e.ctx, &store.Webhook{URL: "https://chat.example/hook", Flavour: "discord", Hint: "chat.example", Language: "de"}); err != nil {
		t.Fatal(err)
	}
	ev, err := e.st.CreateEvent(e.ctx, store.NewEvent{Name: "Herbstliga", Kind: "takeaway", RoundDays: 7,
		Config: event.Config{Format: event.Swiss, Rounds: 2, Seats: 2, MinSeats: 2, MaxSeats: 2, Points: []int{1}, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i := range 4 {
		id := e.person(fmt.Sprintf("m%d@example.org", i), fmt.Sprintf("M%d", i), "en", "UTC")
		ids = append(ids, id)
		if err := e.st.Enter(e.ctx, ev.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.st.StartEvent(e.ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	notices := func() []string {
		var out []string
		for _, m := range e.outbox(kindNotice) {
			if m.GameID == 0 {
				out = append(out, m.Subject)
			}
		}
		return out
	}
	e.tick()
	e.tick()
	if got := notices(); len(got) != 1 || got[0] != "Herbstliga: Runde 1 ist ausgelost, ihre Partien haben begonnen." {
		t.Fatalf("after round 1: %q", got)
	}
	u, err := e.st.User(e.ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	feed, err := e.svc.CalendarFeed(e.ctx, *u)
	if err != nil || !strings.Contains(string(feed), "SUMMARY:Herbstliga: round 1 ends") {
		t.Fatalf("calendar: %v\n%s", err, feed)
	}
	for round := 1; round <= 2; round++ {
		tables, _ := e.st.EventTables(e.ctx, ev.ID)
		for _, tb := range tables {
			if tb.Round == round {
				if err := e.st.PlayOut(e.ctx, *tb.GameRef); err != nil {
					t.Fatal(err)
				}
			}
		}
		e.tick()
	}
	got := notices()
	if len(got) != 3 || !strings.HasPrefix(got[0], "Herbstliga ist beendet. Sieger: M") { // newest first
		t.Fatalf("notices: %q", got)
	}
}

// TestDeadlineScoreIsNotMailedAsAgreement: an event game still open when
// its round's deadline passes is ended and scored by the clock; its
// players hear that, not that everyone agreed to end it.
func TestDeadlineScoreIsNotMailedAsAgreement(t *testing.T) {
	e := newEnv(t, nil, nil)
	ev, err := e.st.CreateEvent(e.ctx, store.NewEvent{Name: "Deadline cup", Kind: "takeaway", RoundDays: 7, OnDeadline: store.DeadlineScore,
		Config: event.Config{Format: event.Swiss, Rounds: 1, Seats: 2, MinSeats: 2, MaxSeats: 2, Points: []int{1}, Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		id := e.person(fmt.Sprintf("d%d@example.org", i), fmt.Sprintf("D%d", i), "en", "UTC")
		if err := e.st.Enter(e.ctx, ev.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.st.StartEvent(e.ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	e.tick()
	if got := e.outbox(kindAgreed); len(got) != 0 {
		t.Fatalf("ended before the deadline: %d mails", len(got))
	}
	e.clk.Add(8 * 24 * time.Hour)
	e.tick()
	got := e.outbox(kindAgreed)
	if len(got) != 2 {
		t.Fatalf("%d end mails after the deadline, want one to each player", len(got))
	}
	for _, m := range got {
		if !strings.Contains(m.Subject, "scored at the round’s deadline") || strings.Contains(m.Subject, "agreement") {
			t.Errorf("%s: subject %q", m.ToAddr, m.Subject)
		}
		if !strings.Contains(m.TextBody, "deadline passed") || strings.Contains(m.TextBody, "agreed") {
			t.Errorf("%s: text says\n%s", m.ToAddr, m.TextBody)
		}
	}
}
