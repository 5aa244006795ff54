package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/record"
	"rondel/store"
)

// downloadRecord is the game record a seat's player downloads.
func downloadRecord(t *testing.T, tb *table, seat int) *record.Record {
	t.Helper()
	resp, err := tb.players[seat].client.Get(tb.e.ts.URL + tb.path + "/record.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&raw); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("record: %d %v", resp.StatusCode, err)
	}
	rec, err := record.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func messageCount(t *testing.T, tb *table) int {
	t.Helper()
	var n int
	ms, err := tb.e.store.Messages(context.Background(), tb.id, 0)
	if err != nil {
		t.Fatal(err)
	}
	n = len(ms)
	return n
}

// TestMessagesAtTheTable: players write to the table or to one player;
// the page shows each message in order with who and when, escaped; a
// private one only to its writer and reader; a watcher reads the table's
// and cannot write; bad input is refused in words and writes nothing; the
// record a player downloads keeps what they may read.
func TestMessagesAtTheTable(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	ann, bob := tb.players[0], tb.players[1]
	doc := tb.gamePage(t, 0)
	if doc.Find(`#messages form.write button`).Text() != "Send message" {
		t.Fatalf("no Send message form: %s", text(doc))
	}
	hostile := "Hello <script>alert(1)</script>\nsecond line"
	code, doc := ann.submit(doc, "#messages form.write", map[string]string{"text": hostile})
	if code != http.StatusOK {
		t.Fatalf("send: %d %s", code, text(doc))
	}
	if doc.Find("#messages script").Length() != 0 {
		t.Fatal("a message's markup reached the page")
	}
	body := doc.Find("#messages .message .body").First().Text()
	if body != hostile {
		t.Errorf("message shown as %q, want %q", body, hostile)
	}
	if who := doc.Find("#messages .message .who").First().Text(); who != "Ann" {
		t.Errorf("writer shown as %q", who)
	}
	if when := doc.Find("#messages .message .meta small").First().Text(); !strings.Contains(when, "2026") {
		t.Errorf("no time shown: %q", when)
	}
	// Bob writes to Cy alone.
	code, doc = bob.submit(tb.gamePage(t, 1), "#messages form.write", map[string]string{"text": "Just between us", "to": "2"})
	if code != http.StatusOK {
		t.Fatalf("private send: %d %s", code, text(doc))
	}
	if got := doc.Find("#messages .message.private .to").Text(); got != "to Cy alone" {
		t.Errorf("the writer sees the private message as %q", got)
	}
	cyDoc := tb.gamePage(t, 2)
	if n := cyDoc.Find("#messages .message").Length(); n != 2 {
		t.Errorf("Cy sees %d messages, want 2", n)
	}
	if got := cyDoc.Find("#messages .message.private .to").Text(); got != "to you alone" {
		t.Errorf("the reader sees the private message as %q", got)
	}
	if strings.Contains(tb.gamePage(t, 0).Find("#messages").Text(), "Just between us") {
		t.Error("Ann reads Bob's private message to Cy")
	}
	order := []string{}
	cyDoc.Find("#messages .message .body").Each(func(_ int, s *goquery.Selection) { order = append(order, s.Text()) })
	if len(order) != 2 || order[0] != hostile || order[1] != "Just between us" {
		t.Errorf("messages not in order: %q", order)
	}

	// A watcher reads the table's messages only, and may not write.
	dee := tb.e.browser()
	dee.signIn("dee@x.org")
	code, doc = dee.get(tb.path)
	if code != http.StatusOK || doc.Find("#messages .message").Length() != 1 || doc.Find("#messages form.write").Length() != 0 {
		t.Errorf("watcher: %d, %d messages, form %d", code, doc.Find("#messages .message").Length(), doc.Find("#messages form.write").Length())
	}
	csrf, _ := doc.Find(`input[name=csrf]`).First().Attr("value")
	if code, doc := dee.post(tb.path+"/messages", url.Values{"csrf": {csrf}, "text": {"hi"}}); code != http.StatusForbidden || !strings.Contains(text(doc), "Only the players") {
		t.Errorf("watcher posting: %d %s", code, text(doc))
	}

	// Refusals write nothing and say why.
	token := csrfOf(t, ann)
	for name, c := range map[string]struct {
		form url.Values
		code int
		says string
	}{
		"empty":       {url.Values{"csrf": {token}, "text": {"  \n "}}, http.StatusBadRequest, "The message is empty"},
		"too long":    {url.Values{"csrf": {token}, "text": {strings.Repeat("x", store.MaxMessage+1)}}, http.StatusBadRequest, "at most 2,000 characters"},
		"no seat":     {url.Values{"csrf": {token}, "text": {"hi"}, "to": {"7"}}, http.StatusBadRequest, "no such player"},
		"to yourself": {url.Values{"csrf": {token}, "text": {"hi"}, "to": {"0"}}, http.StatusBadRequest, "no such player"},
		"not a seat":  {url.Values{"csrf": {token}, "text": {"hi"}, "to": {"x"}}, http.StatusBadRequest, "incomplete"},
		"no token":    {url.Values{"text": {"hi"}}, http.StatusForbidden, "not sent from a page of this site"},
	} {
		code, doc := ann.post(tb.path+"/messages", c.form)
		if code != c.code || !strings.Contains(text(doc), c.says) {
			t.Errorf("%s: %d %s", name, code, text(doc))
		}
	}
	if n := messageCount(t, tb); n != 1 {
		t.Errorf("%d table messages stored, want 1", n)
	}

	// The record keeps the messages its downloader may read.
	for seat, want := range map[int]int{0: 1, 1: 2, 2: 2} {
		rec := downloadRecord(t, tb, seat)
		if len(rec.Messages) != want {
			t.Errorf("seat %d's record has %d messages, want %d", seat, len(rec.Messages), want)
		}
	}
	all, err := tb.e.store.ExportRecord(context.Background(), tb.id)
	if err != nil || len(all.Messages) != 1 || all.Messages[0].Text != hostile || all.Messages[0].Name != "Ann" {
		t.Errorf("the command line's export: %v %+v", err, all.Messages)
	}
}

// TestMessageMailSetting: a member chooses how they hear of new messages.
func TestMessageMailSetting(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	b := e.browser()
	b.signIn("ann@x.org")
	_, doc := b.get("/settings")
	if v, _ := doc.Find(`#message_mail option[selected]`).Attr("value"); v != store.MessageMailTurn {
		t.Fatalf("default choice %q", v)
	}
	if code, doc := b.submit(doc, `main form[action="/settings"]`, map[string]string{"message_mail": "each"}); code != http.StatusOK {
		t.Fatalf("save: %d %s", code, text(doc))
	}
	_, doc = b.get("/settings")
	if v, _ := doc.Find(`#message_mail option[selected]`).Attr("value"); v != store.MessageMailEach {
		t.Errorf("after saving: %q", v)
	}
	if code, doc := b.submit(doc, `main form[action="/settings"]`, map[string]string{"message_mail": "hourly", "name": "Changed"}); code != http.StatusBadRequest || !strings.Contains(text(doc), "no mail choice “hourly”") {
		t.Errorf("an unknown choice: %d %s", code, text(doc))
	}
	if _, doc = b.get("/settings"); doc.Find("#name").AttrOr("value", "") == "Changed" {
		t.Error("a refused form saved the name")
	}
}
