package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"rondel/game"
	"rondel/game/words"
	"rondel/store"
)

// playUntil plays the first legal move until stop accepts the position.
func (tb *table) playUntil(t *testing.T, stop func(st game.State) bool) game.State {
	ctx := context.Background()
	for range 2000 {
		pos, err := tb.e.store.Current(ctx, tb.id)
		if err != nil {
			t.Fatal(err)
		}
		if stop(pos.State) {
			return pos.State
		}
		d := pos.State.ToAct()[0]
		legal := pos.State.LegalMoves(d.Seat)
		mv := legal[pos.Seq%len(legal)].Move
		if _, err := tb.e.store.AppendMove(ctx, store.Submit{GameID: tb.id, Seat: d.Seat, Seq: pos.Seq, Move: mv}); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no such position in 2000 moves")
	return nil
}

// The game page gives the board's script every move the board shows,
// each naming things drawn on the page's board, with the words of the
// bar; the moves out of reach are there too, with why, and in the form
// as disabled choices. The script is our own file, the only script the
// page may run; a player with nothing to decide gets none.
func TestGamePageActsOnTheBoard(t *testing.T) {
	t.Parallel()
	tb := gameTable(t, 0, nil, "imperial")
	st := tb.playUntil(t, func(st game.State) bool {
		d := st.ToAct()[0]
		w, _ := st.(game.Withholder)
		return d.Kind == "rondel" && len(w.Withheld(d.Seat)) > 0
	})
	seat := st.ToAct()[0].Seat
	b := tb.players[seat]
	code, doc := b.get(tb.path)
	if code != http.StatusOK {
		t.Fatalf("game page: %d", code)
	}
	csp := b.last.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-eval") {
		t.Errorf("policy %q", csp)
	}
	// Our own files only, no inline code: the live page's (live.go),
	// the board's zoom and the board's clicks.
	var srcs []string
	doc.Find("script").Each(func(_ int, s *goquery.Selection) {
		srcs = append(srcs, s.AttrOr("src", "inline: "+strings.TrimSpace(s.Text())))
	})
	if strings.Join(srcs, " ") != "/static/live.js /static/zoom.js /static/board.js" {
		t.Errorf("scripts on the page: %q", srcs)
	}
	legal := map[string]game.LegalMove{}
	for _, m := range st.LegalMoves(seat) {
		legal[string(m.Move)] = m
	}
	withheld := st.(game.Withholder).Withheld(seat)
	en := words.English()
	moves, held := 0, 0
	doc.Find("#board-acts li").Each(func(_ int, li *goquery.Selection) {
		pick := li.AttrOr("data-pick", "")
		if doc.Find("section.board svg "+cssOf(t, pick)).Length() == 0 {
			t.Errorf("%q names nothing on the board", pick)
		}
		if why, ok := li.Attr("data-why"); ok {
			held++
			if why == "" || li.AttrOr("data-move", "") != "" {
				t.Errorf("a withheld move %q: why %q, move %q", li.Text(), why, li.AttrOr("data-move", ""))
			}
			return
		}
		moves++
		m, ok := legal[li.AttrOr("data-move", "")]
		if !ok || m.Board == nil || m.Board.Pick != pick || li.Text() != en.Say(m.Label) {
			t.Errorf("act %q (%s) is no legal move on the board", li.Text(), li.AttrOr("data-move", ""))
		}
	})
	if moves != len(legal) || held != len(withheld) {
		t.Errorf("%d moves and %d withheld for the script, want %d and %d", moves, held, len(legal), len(withheld))
	}
	if off := doc.Find("form.move .choice.off input[disabled]"); off.Length() != len(withheld) || doc.Find("form.move .choice.off .why").First().Text() != en.Say(withheld[0].Why) {
		t.Errorf("the form shows %d moves out of reach, the first because %q", off.Length(), doc.Find("form.move .choice.off .why").First().Text())
	}
	bar := doc.Find("#act-bar")
	for _, attr := range []string{"data-play", "data-cancel", "data-idle", "data-target", "data-again", "data-which", "data-sending", "data-off"} {
		if v := bar.AttrOr(attr, ""); v == "" || strings.HasPrefix(v, "[") {
			t.Errorf("the bar's %s reads %q", attr, v)
		}
	}
	if !strings.Contains(bar.AttrOr("data-off", ""), "{what}") || !strings.Contains(bar.AttrOr("data-off", ""), "{why}") {
		t.Errorf("the bar's data-off %q has no places for the move and why", bar.AttrOr("data-off", ""))
	}
	other := tb.players[(seat+1)%len(tb.players)]
	if _, doc := other.get(tb.path); doc.Find(`script[src="/static/board.js"], #board-acts, #act-bar`).Length() != 0 {
		t.Error("a player with nothing to decide gets the board's script")
	}
	resp, err := http.Get(tb.e.ts.URL + "/static/board.js")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("board.js: %d %q", resp.StatusCode, ct)
	}
}

// cssOf is a board reference as a CSS selector.
func cssOf(t *testing.T, ref string) string {
	pairs, err := game.ParseRef(ref)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range pairs {
		v, _ := json.Marshal(p[1])
		fmt.Fprintf(&b, "[data-%s=%s]", p[0], v)
	}
	return b.String()
}

// Without JavaScript a maneuver of many moves is a unit to pick, then its
// destinations, with "End the maneuver" a button on both pages; the
// button plays it even when a destination is checked.
func TestManeuverFormWithoutScript(t *testing.T) {
	t.Parallel()
	tb := gameTable(t, 0, nil, "imperial")
	end := words.English().Say(words.New("imperial.move.end_maneuver"))
	st := tb.playUntil(t, func(st game.State) bool {
		d := st.ToAct()[0]
		return d.Kind == "maneuver" && len(st.LegalMoves(d.Seat)) > radioLimit
	})
	seat := st.ToAct()[0].Seat
	b := tb.players[seat]
	_, doc := b.get(tb.path)
	picks := doc.Find("ul.pick a")
	if picks.Length() < 2 || doc.Find("form.move input[name=move]").Length() != 0 {
		t.Fatalf("%d units to pick, %d moves listed at once", picks.Length(), doc.Find("form.move input[name=move]").Length())
	}
	if doc.Find("form.move-now button").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == end }).Length() != 1 {
		t.Errorf("no button %q beside the units", end)
	}
	_, unit := b.get(picks.First().AttrOr("href", ""))
	radios := unit.Find("form.move input[type=radio][name=move]")
	if radios.Length() == 0 || radios.Length() > listLimit || unit.Find("form.move fieldset").Length() != 1 {
		t.Fatalf("the unit's page lists %d moves in %d groups", radios.Length(), unit.Find("form.move fieldset").Length())
	}
	button := unit.Find("form.move-now button").FilterFunction(func(_ int, s *goquery.Selection) bool { return s.Text() == end })
	if button.Length() != 1 {
		t.Fatalf("no button %q beside the unit's destinations", end)
	}
	// The radio's form and the button's are two: pressing the button
	// sends its move only.
	radios.First().SetAttr("checked", "checked")
	code, after := b.submit(unit, "form.move-now", map[string]string{"move": button.AttrOr("value", "")})
	if happened := after.Find("#happened").Text(); code != http.StatusOK || !strings.Contains(happened, "ended its maneuver") {
		t.Errorf("End the maneuver: %d %s", code, happened)
	}
}
