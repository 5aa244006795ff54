package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
)

// TestEventPages walks an event through its pages: a member may not
// organise unless the club allows it; the admin creates a Swiss event of
// the take-away game; members enter and one withdraws; the organiser
// starts it, round 1's games begin and the page shows the tables and
// whose turn it is; the games end and the standings show; the record
// downloads as JSON and text.
func TestEventPages(t *testing.T) {
	e := newEnv(t, func(d *Deps) { d.Config.Admins = []string{"chair@example.org"} })
	ctx := context.Background()
	member := e.browser()
	member.signIn("p1@example.org")
	if code, _ := member.get("/events/new"); code != http.StatusForbidden {
		t.Fatalf("a member's event form: %d", code)
	}
	chair := e.browser()
	chair.signIn("chair@example.org")
	_, doc := chair.get("/events/new")
	code, doc := chair.submit(doc, `form[action="/events"]`, map[string]string{"name": "Spring Swiss", "kind": gametest.ID,
		"rounds": "2", "seats": "3", "min_seats": "2", "max_seats": "3", "points": "3, 1", "round_days": "7"})
	if code != http.StatusOK || !strings.Contains(text(doc), "Spring Swiss") {
		t.Fatalf("creating: %d %s", code, text(doc))
	}
	events, _ := e.store.Events(ctx, 10)
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	path := fmt.Sprintf("/events/%d", events[0].ID)
	if _, doc := member.get("/club"); !strings.Contains(doc.Find("#events").Parent().Text(), "Spring Swiss") {
		t.Fatalf("the club's page lists no event: %s", text(doc))
	}
	// A refused setup says why and keeps the form.
	_, doc = chair.get("/events/new")
	if code, doc := chair.submit(doc, `form[action="/events"]`, map[string]string{"name": "Bad", "kind": gametest.ID,
		"seats": "7", "min_seats": "2", "max_seats": "7"}); code != http.StatusUnprocessableEntity || doc.Find(".error").Length() == 0 {
		t.Fatalf("a bad event: %d %s", code, text(doc))
	}
	players := []*browser{member}
	for i := 2; i <= 6; i++ {
		b := e.browser()
		b.signIn(fmt.Sprintf("p%d@example.org", i))
		players = append(players, b)
	}
	for _, b := range players {
		_, doc := b.get(path)
		if code, doc := b.submit(doc, `form[action$="/enter"]`, nil); code != http.StatusOK || doc.Find(`form[action$="/withdraw"]`).Length() != 1 {
			t.Fatalf("entering: %d %s", code, text(doc))
		}
	}
	_, doc = players[5].get(path)
	if !strings.Contains(text(doc), "6 entrants") {
		t.Fatalf("sign-up list: %s", text(doc))
	}
	if _, doc := players[5].submit(doc, `form[action$="/withdraw"]`, nil); !strings.Contains(text(doc), "5 entrants") {
		t.Fatalf("withdrawn before the start: %s", text(doc))
	}
	if _, doc := member.get(path); doc.Find(`form[action$="/start"]`).Length() != 0 {
		t.Fatal("a member who does not organise may start the event")
	}
	_, doc = chair.get(path)
	code, doc = chair.submit(doc, `form[action$="/start"]`, nil)
	if code != http.StatusOK || !strings.Contains(text(doc), "Round 1") || !strings.Contains(text(doc), "waiting for") {
		t.Fatalf("started: %d %s", code, text(doc))
	}
	if n := doc.Find(`table a[href^="/games/"]`).Length(); n != 2 {
		t.Fatalf("round 1 shows %d games, want 2 (5 entrants at tables of 3 and 2)", n)
	}
	tables, _ := e.store.EventTables(ctx, events[0].ID)
	for _, tb := range tables {
		if err := e.store.PlayOut(ctx, *tb.GameRef); err != nil {
			t.Fatal(err)
		}
	}
	_, doc = member.get(path)
	if !strings.Contains(text(doc), "Round 2") || doc.Find(`#standings`).Length() == 0 || doc.Find("tr.you").Length() != 1 {
		t.Fatalf("round 2 and standings: %s", text(doc))
	}
	_, doc = member.get("/events")
	if !strings.Contains(doc.Find("#mine").Parent().Text(), "Spring Swiss") {
		t.Fatalf("the member's events: %s", text(doc))
	}
	code, _ = member.get(path + "/export.json")
	if code != http.StatusOK || member.last.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("export: %d %s", code, member.last.Header.Get("Content-Type"))
	}
	rec, err := e.store.ExportEvent(ctx, events[0].ID)
	if err != nil || rec.Format != store.EventRecordFormat || len(rec.Rounds) != 2 {
		b, _ := json.Marshal(rec)
		t.Fatalf("record: %v %s", err, b)
	}
	first, _ := json.Marshal(rec)
	imported := chair.uploadRecord(first)
	again, err := e.store.ExportEvent(ctx, imported)
	if second, _ := json.Marshal(again); err != nil || string(first) != string(second) {
		t.Fatalf("export → import → export: %v\n%s\n%s", err, first, second)
	}
	if code, doc := member.get("/events"); doc.Find(`form[action="/events/import"]`).Length() != 0 || code != http.StatusOK {
		t.Fatal("a member is offered the import")
	}
	if code, _ := member.get(path + "/record.txt"); code != http.StatusOK {
		t.Fatalf("text record: %d", code)
	}
	if code, _ := member.get("/events/999"); code != http.StatusNotFound {
		t.Fatalf("no such event: %d", code)
	}
}

// uploadRecord posts an event record to the import form of the events
// page and returns the new event's id.
func (b *browser) uploadRecord(raw []byte) int64 {
	t := b.e.t
	t.Helper()
	_, doc := b.get("/events")
	csrf, ok := doc.Find(`form[action="/events/import"] input[name="csrf"]`).Attr("value")
	if !ok {
		t.Fatalf("no import form: %s", text(doc))
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("csrf", csrf)
	fw, _ := w.CreateFormFile("record", "event.json")
	fw.Write(raw)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, b.e.ts.URL+"/events/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	code, doc := b.do(req)
	var id int64
	if _, err := fmt.Sscanf(b.last.Request.URL.Path, "/events/%d", &id); code != http.StatusOK || err != nil {
		t.Fatalf("import: %d %s %s", code, b.last.Request.URL.Path, text(doc))
	}
	return id
}
