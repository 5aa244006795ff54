package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"rondel/store"
	"rondel/store/storetest"
)

// "Your games" lists the games in play first, then those waiting for
// players, then the finished ones, newest end first, a page at a time:
// following "Older" and back with "Newer" shows every finished game once,
// and no finished game is among those in play.
func TestYourGamesSections(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	ann := e.browser()
	ann.signIn("a@example.org")
	annID := userID(t, e, "a@example.org")
	players := storetest.Players(2)

	var finished []int64 // newest end first
	for i := range dashFinishedPage + 5 {
		e.clock.Add(time.Hour)
		if i%10 == 0 { // some played to their end, the others cancelled
			g := storetest.StartGame(t, e.store, store.NewGame{Name: fmt.Sprint("played ", i), Seed: uint64(i + 1), CreatedBy: annID, Players: players}, nil)
			playToEnd(t, e, g.ID, uint64(i))
			finished = append([]int64{g.ID}, finished...)
			continue
		}
		g, _, err := e.store.CreateGame(ctx, store.NewGame{Name: fmt.Sprint("cancelled ", i), Kind: "takeaway", CreatedBy: annID, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.CancelGame(ctx, g.ID, annID); err != nil {
			t.Fatal(err)
		}
		finished = append([]int64{g.ID}, finished...)
	}
	e.clock.Add(time.Hour)
	inPlay := storetest.StartGame(t, e.store, store.NewGame{Name: "in play", CreatedBy: annID, Players: players}, nil)
	waiting, _, err := e.store.CreateGame(ctx, store.NewGame{Name: "waiting", Kind: "takeaway", CreatedBy: annID, Players: players})
	if err != nil {
		t.Fatal(err)
	}

	_, doc := ann.get("/")
	ids := func(sel *goquery.Selection) []int64 {
		var out []int64
		sel.Find(`tbody a[href^="/games/"]`).Each(func(_ int, a *goquery.Selection) {
			var id int64
			href, _ := a.Attr("href")
			fmt.Sscanf(href, "/games/%d", &id)
			out = append(out, id)
		})
		return out
	}
	sections := doc.Find("main section")
	if sections.Length() != 3 || sections.Eq(0).AttrOr("id", "") != "in-play" || sections.Eq(1).AttrOr("id", "") != "waiting" || sections.Eq(2).AttrOr("id", "") != "finished" {
		t.Fatalf("sections %d, want in play, waiting, finished in that order: %s", sections.Length(), text(doc))
	}
	if got := ids(sections.Eq(0)); len(got) != 1 || got[0] != inPlay.ID {
		t.Errorf("in play lists %v, want [%d]", got, inPlay.ID)
	}
	if got := ids(sections.Eq(1)); len(got) != 1 || got[0] != waiting.ID {
		t.Errorf("waiting lists %v, want [%d]", got, waiting.ID)
	}
	var seen []int64
	var pages []string
	for page := doc; ; {
		got := ids(page.Find("section#finished"))
		if len(got) > dashFinishedPage {
			t.Fatalf("a page lists %d finished games, more than %d", len(got), dashFinishedPage)
		}
		seen = append(seen, got...)
		older, ok := page.Find(`section#finished a[rel="next"]`).Attr("href")
		if !ok {
			break
		}
		if len(pages) > 5 {
			t.Fatalf("the pages do not end: %v", pages)
		}
		pages = append(pages, older)
		_, page = ann.get(older)
	}
	if fmt.Sprint(seen) != fmt.Sprint(finished) {
		t.Errorf("finished pages list %v,\nwant %v", seen, finished)
	}
	if len(pages) != 1 {
		t.Fatalf("%d finished games on %d pages, want 2 pages", len(finished), len(pages)+1)
	}
	code, last := ann.get(pages[0])
	if code != http.StatusOK || last.Find("section#in-play").Length() != 1 {
		t.Errorf("the second page lost the games in play: %d", code)
	}
	newer, ok := last.Find(`section#finished a[rel="prev"]`).Attr("href")
	if !ok {
		t.Fatal("the second page has no link back")
	}
	_, back := ann.get(newer)
	if got := ids(back.Find("section#finished")); fmt.Sprint(got) != fmt.Sprint(finished[:dashFinishedPage]) {
		t.Errorf("back from page 2 lists %v, want the first page %v", got, finished[:dashFinishedPage])
	}
	if strings.Contains(back.Find("section#finished").Text(), "in play") {
		t.Errorf("a game in play is among the finished ones")
	}
}

// userID is the id of the member with the address.
func userID(t *testing.T, e *env, addr string) int64 {
	t.Helper()
	u, err := e.store.UserByEmail(context.Background(), addr)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// playToEnd plays a take-away game with random legal moves to its end.
func playToEnd(t *testing.T, e *env, id int64, seed uint64) {
	t.Helper()
	ctx := context.Background()
	for i := range 500 {
		pos, err := e.store.Current(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if pos.State.Finished() {
			return
		}
		d := pos.State.ToAct()
		seat := d[0].Seat
		legal := pos.State.LegalMoves(seat)
		mv := legal[(int(seed)+i)%len(legal)].Move
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: id, Seat: seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end")
}
