package handlers

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The decision link of a player who has since resigned opens the game but
// does not say they are to act (the caretaker plays the seat): their
// line says they resigned, and no move is offered.
func TestResignedPlayersLink(t *testing.T) {
	e, _, g := notifyEnv(t)
	ctx := context.Background()
	m, links := turnMail(t, e)
	u, err := e.store.UserByEmail(ctx, m.ToAddr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.Resign(ctx, g.ID, u.ID); err != nil {
		t.Fatal(err)
	}
	_, doc := e.browser().get(pathOf(t, links[0]))
	var mine *goquery.Selection
	doc.Find("section.players li").Each(func(_ int, li *goquery.Selection) {
		if strings.Contains(li.Text(), "(you)") {
			mine = li
		}
	})
	if mine == nil {
		t.Fatalf("no line of the link's player: %s", text(doc))
	}
	line := strings.Join(strings.Fields(mine.Text()), " ")
	if strings.Contains(line, "to act") || !strings.Contains(line, "resigned") {
		t.Errorf("the resigned player's line says %q", line)
	}
	if doc.Find("form.move, form.move-now, form.chosen").Length() != 0 {
		t.Error("a move is offered to a player who resigned")
	}
}
