package notify

import (
	"testing"
	"time"

	"rondel/store"
	"rondel/store/config"
)

// TestEverySeatTimesOutEveryTime plays whole games in which nobody ever
// moves: each deadline passes and the caretaker decides. They must finish,
// every move logged as the caretaker's with a reason, every timeout kept
// in the seats' records.
func TestEverySeatTimesOutEveryTime(t *testing.T) {
	games := []struct {
		id      string
		players int
	}{{"caesars-imperium", 3}, {"imperial", 4}, {"imperial2030", 3}}
	if testing.Short() {
		games = games[:1]
	}
	for _, c := range games {
		t.Run(c.id, func(t *testing.T) {
			e := newEnv(t, nil, func(cf *config.Config) {
				cf.Notify.Timeout.DropAfter = 0 // never dropped: every move is a timeout
				cf.Notify.Deadline = "24h"
			})
			g := e.startGame(c.id, "nobody home", c.players, 5, nil)
			start := time.Now()
			for i := 0; ; i++ {
				if i > 10000 {
					t.Fatal("the game did not finish")
				}
				row, _ := e.st.GameRow(e.ctx, g.ID)
				if row.Status == store.StatusFinished {
					break
				}
				e.clk.Add(24*time.Hour + time.Minute)
				if err := e.svc.Deadlines(e.ctx); err != nil {
					t.Fatal(err)
				}
			}
			moves, _ := e.st.Moves(e.ctx, g.ID)
			timeouts := 0
			for _, m := range moves {
				if m.By != store.ByCaretaker || len(m.Note) < len("timeout: x") {
					t.Fatalf("move %d: by %s, note %q", m.Seq, m.By, m.Note)
				}
			}
			for seat := range c.players {
				sc, _ := e.st.SeatClockOf(e.ctx, g.ID, seat)
				timeouts += sc.TotalTimeouts
			}
			if timeouts == 0 || timeouts > len(moves) {
				t.Errorf("%d timeouts recorded for %d moves", timeouts, len(moves))
			}
			if len(e.outbox(kindEnd)) != c.players {
				t.Errorf("%d end mails", len(e.outbox(kindEnd)))
			}
			open, _ := e.st.OpenDeadlines(e.ctx)
			if len(open) != 0 {
				t.Errorf("%d deadlines still open after the end", len(open))
			}
			t.Logf("%s: %d moves, %d timeouts, %v", c.id, len(moves), timeouts, time.Since(start).Round(time.Millisecond))
		})
	}
}
