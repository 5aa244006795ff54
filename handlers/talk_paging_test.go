package handlers

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Table talk is paged: the game page shows the newest messages_per_page,
// with an "Older messages" link (a plain link: no script) to the page
// before them, and from there back to the newest. A player past
// messages_per_hour in a game is refused in words (429) and nothing is
// stored; an hour later they write again.
func TestTalkPagingAndLimit(t *testing.T) {
	tb := startTable(t, func(d *Deps) { d.Config.Limits.MessagesPerPage, d.Config.Limits.MessagesPerHour = 3, 4 })
	ann, bob := tb.players[0], tb.players[1]
	say := func(b *browser, text string) (int, *goquery.Document) {
		t.Helper()
		doc := tb.gamePage(t, 0)
		if b == bob {
			doc = tb.gamePage(t, 1)
		}
		return b.submit(doc, "#messages form.write", map[string]string{"text": text})
	}
	for i := 1; i <= 4; i++ {
		if code, doc := say(ann, fmt.Sprintf("ann-%d", i)); code != http.StatusOK {
			t.Fatalf("message %d: %d %s", i, code, text(doc))
		}
		// All on one page: counted from the page itself.
		if doc := tb.gamePage(t, 1); i <= 3 && !strings.Contains(text(doc), fmt.Sprintf("Messages (%d)", i)) {
			t.Errorf("after %d messages the page does not count them: %s", i, text(doc))
		}
	}
	code, doc := say(ann, "ann-5")
	if code != http.StatusTooManyRequests || !strings.Contains(text(doc), "You have written 4 messages in this game in the last hour") {
		t.Fatalf("past the hourly limit: %d %s", code, text(doc))
	}
	if n := messageCount(t, tb); n != 4 {
		t.Fatalf("%d messages stored, want 4", n)
	}
	for i := 1; i <= 3; i++ { // Bob has his own allowance
		if code, doc := say(bob, fmt.Sprintf("bob-%d", i)); code != http.StatusOK {
			t.Fatalf("Bob's message %d: %d %s", i, code, text(doc))
		}
	}
	tb.e.clock.Add(61 * 60e9)
	if code, doc := say(ann, "ann-5"); code != http.StatusOK {
		t.Fatalf("an hour later: %d %s", code, text(doc))
	}
	bodies := func(doc *goquery.Document) string {
		return strings.Join(doc.Find("#messages .talk .body").Map(func(_ int, s *goquery.Selection) string { return s.Text() }), " ")
	}
	// 8 messages, pages of 3, newest first: 3, 3, 2.
	doc = tb.gamePage(t, 2)
	want := []string{"bob-2 bob-3 ann-5", "ann-3 ann-4 bob-1", "ann-1 ann-2"}
	for i, w := range want {
		if got := bodies(doc); got != w {
			t.Fatalf("page %d shows %q, want %q", i+1, got, w)
		}
		if !strings.Contains(text(doc), "Messages (8)") {
			t.Errorf("page %d does not count all 8 messages: %s", i+1, text(doc))
		}
		older := doc.Find(`#messages a[href*="before="]`)
		if (older.Length() == 1) != (i < len(want)-1) {
			t.Fatalf("page %d: %d older links", i+1, older.Length())
		}
		if newest := doc.Find(`#messages p.paging a[href$="#messages"]:not([href*="before="])`).Length(); (newest == 1) != (i > 0) {
			t.Errorf("page %d: %d links to the newest", i+1, newest)
		}
		if older.Length() == 0 {
			break
		}
		href, _ := older.Attr("href")
		if older.Text() != "Older messages" {
			t.Errorf("the link says %q", older.Text())
		}
		var code int
		if code, doc = tb.players[2].get(strings.TrimSuffix(href, "#messages")); code != http.StatusOK {
			t.Fatalf("older page: %d", code)
		}
	}
}
