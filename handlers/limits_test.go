package handlers

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"rondel/game/gametest"
	"rondel/store"
)

// A member past the club's daily limit of new addresses is told so in
// plain words on the new-game page, and the refused game leaves nothing:
// no game, no member made, no invitation mailed. The admins are exempt.
func TestNewGameLimits(t *testing.T) {
	e := newEnv(t, func(d *Deps) {
		d.Config.Limits.NewAddressesPerDay = 2
		d.Config.Admins = []string{"chair@x.org"}
	})
	ann := e.browser()
	ann.signIn("ann@x.org")
	ann.newGame("First", [2]string{"Ann", "ann@x.org"}, [2]string{"Bob", "bob@x.org"}, [2]string{"Cy", "cy@x.org"})
	_, doc := ann.get("/games/new")
	set := map[string]string{"name": "Second", "order": "entered", "game": gametest.ID,
		"name0": "Ann", "email0": "ann@x.org", "name1": "Dee", "email1": "dee@x.org"}
	code, doc := ann.submit(doc, `form[action="/games"]`, set)
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(doc), "at most 2 addresses new to this club a day") {
		t.Fatalf("past the limit: %d %s", code, text(doc))
	}
	if _, err := e.store.UserByEmail(context.Background(), "dee@x.org"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused game made Dee a member: %v", err)
	}
	mails, _ := e.store.LocalMails(context.Background(), 1000)
	for _, m := range mails {
		if m.ToAddr == "dee@x.org" {
			t.Error("Dee was mailed by a refused game")
		}
	}
	chair := e.browser()
	chair.signIn("chair@x.org")
	chair.newGame("Admin's", [2]string{"Chair", "chair@x.org"}, [2]string{"E", "e@x.org"}, [2]string{"F", "f@x.org"}, [2]string{"G", "g@x.org"})
	if e.lastMailTo("g@x.org").Link == "" {
		t.Error("the admin's invitation was not mailed")
	}
}
