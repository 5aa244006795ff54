package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game/gametest"
	"rondel/store"
)

// TestNewGameChoosesItsDeadlines: the creator picks the deadline preset,
// weekends and the timeout policy on the new-game form, and the game keeps
// them.
func TestNewGameChoosesItsDeadlines(t *testing.T) {
	t.Parallel()
	e, _, _ := notifyEnv(t)
	b := e.browser()
	b.signIn("cleo@example.org")
	_, doc := b.get("/games/new")
	if doc.Find(`select[name="preset"] option`).Length() < 2 || doc.Find(`select[name="policy"]`).Length() != 1 {
		t.Fatal("the new-game form offers no deadline choice")
	}
	set := map[string]string{"name": "Clocked", "game": gametest.ID, "name0": "Cleo", "email0": "cleo@example.org",
		"name1": "Dan", "email1": "dan@example.org", "preset": "24h", "weekends": "on", "policy": store.PolicySubstitute}
	code, _ := b.submit(doc, `form[action="/games"]`, set)
	if code != http.StatusOK {
		t.Fatalf("create: %d", code)
	}
	var id int64
	if _, err := fmt.Sscanf(b.last.Request.URL.Path, "/games/%d", &id); err != nil {
		t.Fatalf("after creating, the browser is at %s", b.last.Request.URL.Path)
	}
	gc, err := e.store.GameClockOf(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if gc.Preset != "24h" || !gc.SkipWeekends || gc.Policy != store.PolicySubstitute {
		t.Errorf("clock %+v, want 24h, weekends skipped, substitute", gc)
	}
	// Before everyone has accepted, the game's page of deadlines and orders
	// offers only the order every game has.
	code, page := b.get(fmt.Sprintf("/games/%d/notify", id))
	if opts := page.Find(`select[name="order"] option`); code != http.StatusOK || opts.Length() != 1 || opts.AttrOr("value", "") != "only-move" ||
		!strings.Contains(text(page), "once everyone has accepted") {
		t.Errorf("orders page of a game not started: %d, %d orders offered\n%s", code, opts.Length(), text(page))
	}
	set["preset"] = "no-such-preset"
	if code, _ := b.submit(doc, `form[action="/games"]`, set); code != http.StatusUnprocessableEntity {
		t.Errorf("an unknown preset gave %d, want 422", code)
	}
}

// TestNewGameFormSaysTheHourMinimum: the time bank's rule that every
// decision gets at least one hour, however empty the bank, is on the form.
func TestNewGameFormSaysTheHourMinimum(t *testing.T) {
	t.Parallel()
	e, _, _ := notifyEnv(t)
	b := e.browser()
	b.signIn("cleo@example.org")
	_, doc := b.get("/games/new")
	if got := doc.Find("fieldset").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return s.Find(`select[name="preset"]`).Length() > 0
	}).Text(); !strings.Contains(got, "at least one hour") {
		t.Errorf("the deadline choice does not say the one-hour minimum: %s", got)
	}
}
