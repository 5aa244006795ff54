package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"rondel/notify"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/gametest"
	"rondel/store"
	"rondel/store/storetest"
)

// sentMails sends what is queued and returns every local mail, newest first.
func sentMails(t *testing.T, e *env) []store.LocalMail {
	t.Helper()
	ctx := context.Background()
	if err := e.srv.notify.(*notify.Service).SendDue(ctx); err != nil {
		t.Fatal(err)
	}
	mails, err := e.store.LocalMails(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return mails
}

// countMails counts the mails to addr whose subject holds what.
func countMails(mails []store.LocalMail, addr, what string) int {
	n := 0
	for _, m := range mails {
		if m.ToAddr == addr && strings.Contains(m.Subject, what) {
			n++
		}
	}
	return n
}

// Ending a 3-player game by agreement: the proposal goes to the two
// others, not the proposer; the second agreement goes only to the one
// still to agree, as an agreement; the end goes to each player once and
// says the game ended by agreement. Its page then asks nobody to act.
func TestAgreedEndMailsAndPage(t *testing.T) {
	tb := startTable(t, withNotify(t))
	e := tb.e
	addrs := []string{"ann@x.org", "bob@x.org", "cy@x.org"}
	before := map[string]int{}
	for _, m := range sentMails(t, e) {
		before[m.ToAddr]++
	}
	agree := func(seat int) {
		t.Helper()
		b := tb.players[seat]
		_, doc := b.get(tb.path)
		if code, doc := b.submit(doc, `form[action$="/end"]`, nil); code != http.StatusOK {
			t.Fatalf("seat %d agrees: %d %s", seat, code, text(doc))
		}
	}
	agree(0)
	mails := sentMails(t, e)
	for i, want := range []int{0, 1, 1} {
		if got := countMails(mails, addrs[i], "Ann proposes to end the game"); got != want {
			t.Errorf("%s got Ann's proposal %d times, want %d", addrs[i], got, want)
		}
	}
	agree(1)
	mails = sentMails(t, e)
	for i, want := range []int{0, 0, 1} {
		if got := countMails(mails, addrs[i], "Bob agrees to end the game too"); got != want {
			t.Errorf("%s got Bob's agreement %d times, want %d", addrs[i], got, want)
		}
		if got := countMails(mails, addrs[i], "Bob proposes"); got != 0 {
			t.Errorf("%s got Bob's agreement as a proposal", addrs[i])
		}
	}
	agree(2)
	mails = sentMails(t, e)
	after := map[string]int{}
	for _, m := range mails {
		after[m.ToAddr]++
	}
	for i, addr := range addrs {
		if got := countMails(mails, addr, "ended by agreement"); got != 1 {
			t.Errorf("%s got the end %d times", addr, got)
		}
		if got, want := after[addr]-before[addr], []int{1, 2, 3}[i]; got != want {
			t.Errorf("%s got %d mails about the agreement, want %d", addr, got, want)
		}
	}
	g, _ := e.store.GameRow(context.Background(), tb.id)
	if g.Ending != store.EndAgreed {
		t.Fatalf("the game did not end by agreement: %+v", g)
	}
	for seat := range 3 {
		doc := tb.gamePage(t, seat)
		if n := doc.Find("section.players li.to-act").Length(); n != 0 || strings.Contains(doc.Find("section.players").Text(), "to act") {
			t.Errorf("seat %d: a game ended by agreement says someone is to act: %s", seat, doc.Find("section.players").Text())
		}
	}
}

// An Imperial game ended by agreement: its board's banner says the game
// is over with the agreed places, not who was to act.
func TestAgreedEndBoardBanner(t *testing.T) {
	tb := gameTable(t, 12, nil, "imperial")
	e, ctx := tb.e, context.Background()
	before := string(mustRaw(t, tb.players[0], tb.path+"/board.svg"))
	if !strings.Contains(before, `fill="#`) || !strings.Contains(before, ">Round ") {
		t.Fatalf("the board in play has no turn banner: %.300s", before)
	}
	pos, err := e.store.Current(ctx, tb.id)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range pos.Seats {
		if _, err := e.store.AgreeToEnd(ctx, tb.id, st.UserID, pos.Seq); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{tb.path + "/board.svg", tb.path} {
		page := string(mustRaw(t, tb.players[1], path))
		if strings.Contains(page, ">Round ") || !strings.Contains(page, "Game over: 1.") {
			i := strings.Index(page, "<svg")
			t.Errorf("%s after an agreed end: %.400s", path, page[max(i, 0):])
		}
	}
}

func mustRaw(t *testing.T, b *browser, path string) []byte {
	t.Helper()
	code, data := b.raw(path)
	if code != http.StatusOK {
		t.Fatalf("%s: %d", path, code)
	}
	return data
}

// A resigned seat is marked on the game page: its player resigned, and
// the caretaker plays it.
func TestResignedSeatIsMarked(t *testing.T) {
	tb := startTable(t, withNotify(t))
	bob := tb.players[1]
	_, doc := bob.get(tb.path + "/resign")
	if code, doc := bob.submit(doc, "main form", nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, text(doc))
	}
	for seat := range 3 {
		doc := tb.gamePage(t, seat)
		var marks []string
		doc.Find("section.players li").Each(func(i int, li *goquery.Selection) {
			marks = append(marks, strings.TrimSpace(li.Find(".left-seat").Text()))
		})
		if len(marks) != 3 || marks[0] != "" || marks[2] != "" || !strings.Contains(marks[1], "resigned: the caretaker plays this seat") {
			t.Errorf("seat %d sees the seats marked %q", seat, marks)
		}
	}
}

// A one-click answer from a turn mail, once played, is confirmed as
// played when the turn goes on; no warning that it was for an earlier step.
func TestOneClickAnswerPlayedIsConfirmed(t *testing.T) {
	e, svc, _ := notifyEnvWith(t, func(*Deps) {})
	ctx := context.Background()
	// A game with votes: Bob votes on Ann's take and then takes, one turn.
	g := storetest.StartGame(t, e.store, store.NewGame{Name: "votes", Seed: 4, Options: game.Options{"votes": "true"},
		Players: []store.NewPlayer{{Name: "Ann", Email: "ann@x.org"}, {Name: "Bob", Email: "bob@x.org"}}}, nil)
	for {
		pos, err := e.store.Current(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		d := pos.State.ToAct()[0]
		if d.Kind == "vote" && d.Seat == 1 {
			break
		}
		var mv json.RawMessage
		for _, lm := range pos.State.LegalMoves(d.Seat) {
			next, _, err := pos.State.Apply(d.Seat, lm.Move)
			if err == nil && next.ToAct()[0].Kind == "vote" && next.ToAct()[0].Seat == 1 {
				mv = lm.Move
			}
		}
		if mv == nil {
			_, first, _ := gametest.FirstMove(pos.State)
			mv = json.RawMessage(first)
		}
		if pos.State.Finished() {
			t.Fatal("no vote for Bob")
		}
		if _, err := e.store.AppendMove(ctx, store.Submit{GameID: g.ID, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	var links []string
	for _, m := range sentMails(t, e) {
		if m.ToAddr == "bob@x.org" && strings.Contains(m.Body, "/notify/d/") {
			links = linkRE.FindAllString(m.Body, -1)
			break
		}
	}
	if len(links) < 2 {
		t.Fatalf("Bob's vote mail has no one-click answers: %v", links)
	}
	b := e.browser()
	_, doc := b.get(pathOf(t, links[1]))
	val, _ := doc.Find("form.chosen button").Attr("value")
	code, doc := b.submit(doc, "form.chosen", map[string]string{"move": val})
	if code != http.StatusOK || doc.Find("#decide").Length() != 1 {
		t.Fatalf("after the one-click answer: %d %s", code, text(doc))
	}
	if w := doc.Find(".notice.changed").Text(); w != "" {
		t.Errorf("a warning after the answer was played: %q", w)
	}
	if done := doc.Find("p.notice[role=status]").Text(); !strings.Contains(done, "Your answer from the mail was played") {
		t.Errorf("the page does not say the answer was played: %q", done)
	}
}
