package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rondel/game"
	"rondel/game/gametest"
)

// TestEventFormOptionsClockLate: the organiser picks the game's option,
// the clock preset and late entries on the event form; every table's game
// has that option and that clock; once the event runs, a member who has
// not entered is offered the late entry and enters.
func TestEventFormOptionsClockLate(t *testing.T) {
	e := newEnv(t, func(d *Deps) { d.Config.Admins = []string{"chair@example.org"} }, withNotify(t))
	ctx := context.Background()
	chair := e.browser()
	chair.signIn("chair@example.org")
	_, doc := chair.get("/events/new")
	field := optionFieldName(gametest.ID, "size")
	if doc.Find(`select[name="`+field+`"]`).Length() != 1 || doc.Find(`select[name="preset"] option`).Length() < 2 ||
		doc.Find(`input[name="late"]`).Length() != 1 {
		t.Fatal("the event form offers no game options, clock or late entries")
	}
	code, doc := chair.submit(doc, `form[action="/events"]`, map[string]string{"name": "Late Swiss", "kind": gametest.ID,
		"rounds": "2", "seats": "3", "min_seats": "2", "max_seats": "3", "points": "3, 1", "round_days": "7",
		field: "large", "preset": "24h", "late": "1"})
	if code != http.StatusOK {
		t.Fatalf("creating: %d %s", code, text(doc))
	}
	events, _ := e.store.Events(ctx, 10)
	if len(events) != 1 || !events[0].LateEntries || events[0].ClockPreset != "24h" {
		t.Fatalf("events %+v", events)
	}
	path := fmt.Sprintf("/events/%d", events[0].ID)
	for i := 1; i <= 4; i++ {
		b := e.browser()
		b.signIn(fmt.Sprintf("p%d@example.org", i))
		_, doc := b.get(path)
		if code, doc := b.submit(doc, `form[action$="/enter"]`, nil); code != http.StatusOK {
			t.Fatalf("entering: %d %s", code, text(doc))
		}
	}
	_, doc = chair.get(path)
	if code, doc := chair.submit(doc, `form[action$="/start"]`, nil); code != http.StatusOK {
		t.Fatalf("start: %d %s", code, text(doc))
	}
	tables, _ := e.store.EventTables(ctx, events[0].ID)
	if len(tables) != 2 {
		t.Fatalf("%d tables", len(tables))
	}
	for _, tb := range tables {
		row, err := e.store.GameRow(ctx, *tb.GameRef)
		if err != nil {
			t.Fatal(err)
		}
		var opts game.Options
		_ = json.Unmarshal([]byte(row.Options), &opts)
		gc, err := e.store.GameClockOf(ctx, row.ID)
		if err != nil || gc == nil || gc.Preset != "24h" || opts["size"] != "large" {
			t.Errorf("game %d: options %s, clock %+v %v; want size large, 24h", row.ID, row.Options, gc, err)
		}
	}
	late := e.browser()
	late.signIn("p5@example.org")
	_, doc = late.get(path)
	if !strings.Contains(text(doc), "Late entries are open") {
		t.Fatalf("no late entry offered: %s", text(doc))
	}
	if code, doc := late.submit(doc, `form[action$="/enter"]`, nil); code != http.StatusOK || doc.Find(`form[action$="/withdraw"]`).Length() != 1 {
		t.Fatalf("late entry: %d %s", code, text(doc))
	}
}
