package handlers

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

// The game page reads the seats the caretaker plays once: the players'
// list, the resigned mark and the resigned player's own page (no move
// form) all come from that one read of seat_drops.
func TestGamePageReadsLeftSeatsOnce(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var drops []string
	tracing := false
	tb := startTable(t, withNotify(t), func(d *Deps) {
		d.Store.TraceQueries(func(q string) {
			mu.Lock()
			defer mu.Unlock()
			if tracing && strings.Contains(q, "seat_drops") {
				drops = append(drops, q)
			}
		})
	})
	bob := tb.players[1]
	_, doc := bob.get(tb.path + "/resign")
	if code, doc := bob.submit(doc, "main form", nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, text(doc))
	}
	for seat, want := range map[int]bool{0: false, 1: true} {
		mu.Lock()
		tracing, drops = true, nil
		mu.Unlock()
		doc := tb.gamePage(t, seat)
		mu.Lock()
		tracing = false
		n := len(drops)
		mu.Unlock()
		if n != 1 {
			t.Errorf("seat %d: the game page read seat_drops %d times, want once: %q", seat, n, drops)
		}
		mark := doc.Find("section.players li").Eq(1).Find(".left-seat").Text()
		if !strings.Contains(mark, "resigned") {
			t.Errorf("seat %d: Bob's seat is marked %q", seat, mark)
		}
		if got := doc.Find("#decide form.move").Length() > 0 || doc.Find(`form[action$="/resign"]`).Length() > 0; want && got {
			t.Errorf("Bob, who resigned, is offered a move or to resign again")
		}
	}
}
