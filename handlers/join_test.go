package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rondel/game/gametest"
)

// The club's list of open seats says each game's time to decide and
// whether it is rated. Taking an open seat asks first, without a script:
// the first press shows
// the players at the table with their ladder ratings, the time to decide
// and whether the game is rated, and takes nothing; the second takes the
// seat.
func TestTakeASeatAsksFirst(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withNotify(t))
	ctx := context.Background()
	finishRated(t, e, 5, "ann@x.org", "bob@x.org") // Ann has a rating
	ann := e.browser()
	ann.signIn("ann@x.org")
	_, doc := ann.get("/games/new")
	set := map[string]string{"name": "Open table", "order": "entered", "game": gametest.ID, "open_seats": "1",
		"name0": "Ann", "email0": "ann@x.org", "preset": "24h", "rated": "on"}
	for i := 1; i < 6; i++ {
		set[fmt.Sprint("name", i)], set[fmt.Sprint("email", i)] = "", ""
	}
	if code, doc := ann.submit(doc, `form[action="/games"]`, set); code != http.StatusOK {
		t.Fatalf("create: %d %s", code, text(doc))
	}
	path := ann.last.Request.URL.Path
	id := idGame(t, path)

	cy := e.browser()
	cy.signIn("cy@x.org")
	_, doc = cy.get("/club")
	row := doc.Find(`a[href="` + path + `"]`).Closest("tr").Text()
	if !strings.Contains(row, "1 day 0 hours per decision · rated") {
		t.Errorf("the club's list of open seats does not say the clock and the rating: %s", row)
	}
	code, doc := cy.submit(doc, `form[action="`+path+`/join"]`, nil)
	if seats, _ := e.store.Seats(ctx, id); code != http.StatusOK || len(seats) != 1 {
		t.Fatalf("the first press took a seat: %d, %d seats", code, len(seats))
	}
	terms := doc.Find("main dl.join-terms").Text()
	for _, want := range []string{"Ann – rating ", "after 1 rated game", "1 day 0 hours per decision", "Rated: the result counts"} {
		if !strings.Contains(terms, want) {
			t.Errorf("the confirmation does not say %q: %s", want, terms)
		}
	}
	if doc.Find(`main form[action="`+path+`/join"] input[name="confirm"][value="yes"]`).Length() != 1 {
		t.Fatalf("the confirmation has no button that takes the seat: %s", text(doc))
	}
	if code, doc := cy.submit(doc, `main form[action="`+path+`/join"]`, nil); code != http.StatusOK || cy.last.Request.URL.Path != path {
		t.Fatalf("confirmed: %d %s", code, text(doc))
	}
	if seats, _ := e.store.Seats(ctx, id); len(seats) != 2 || seats[1].Name != "cy" {
		t.Errorf("after confirming, seats %+v", seats)
	}
}
