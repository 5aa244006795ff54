package notify

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/game/words"
	"rondel/store"
	"rondel/store/config"
)

// TestEverySeatTimesOutEveryTime plays whole games in which nobody ever
// moves: each deadline passes and the caretaker decides. They must finish,
// every move logged as the caretaker's with a reason, every timeout kept
// in the seats' records.
func TestEverySeatTimesOutEveryTime(t *testing.T) {
	t.Parallel()
	games := []struct {
		id      string
		players int
	}{{"caesars-imperium", 3}, {"imperial", 4}, {"imperial2030", 3}}
	if !gametest.Long() {
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
				if note := words.English().Say(words.Decode(m.Note)); m.By != store.ByCaretaker || !strings.HasPrefix(note, "timeout: ") || len(note) < len("timeout: x") {
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
			checkTurnMails(t, e, g.ID)
			open, _ := e.st.OpenDeadlines(e.ctx)
			if len(open) != 0 {
				t.Errorf("%d deadlines still open after the end", len(open))
			}
			t.Logf("%s: %d moves, %d timeouts, %v", c.id, len(moves), timeouts, time.Since(start).Round(time.Millisecond))
		})
	}
}

// checkTurnMails replays a game's log and checks that every seat whose
// turn began after a move (or at the start) got exactly one turn mail for
// it, and that no other turn mail was queued: none for the further steps
// of a turn. A turn begins when a seat is asked that was not asked
// before the move, or when the caretaker or a standing order moved for a
// seat that is still asked (none of these games has a quiet delay: no
// move is made on the web).
func checkTurnMails(t *testing.T, e *env, gameID int64) {
	t.Helper()
	row, _ := e.st.GameRow(e.ctx, gameID)
	seats, _ := e.st.Seats(e.ctx, gameID)
	setup, err := row.Setup(seats)
	if err != nil {
		t.Fatal(err)
	}
	gm, _ := e.st.Registry().Get(row.Kind)
	st, err := gm.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for s := range bySeat(st.ToAct()) {
		want[fmt.Sprintf("0/%d", seats[s].UserID)] = true
	}
	moves, _ := e.st.Moves(e.ctx, gameID)
	for _, m := range moves {
		before := bySeat(st.ToAct())
		if st, _, err = st.Apply(m.Seat, json.RawMessage(m.Move)); err != nil {
			t.Fatal(err)
		}
		if st.Finished() {
			break
		}
		for s := range bySeat(st.ToAct()) {
			if len(before[s]) == 0 || (s == m.Seat && m.By != store.ByPlayer) {
				want[fmt.Sprintf("%d/%d", m.Seq, seats[s].UserID)] = true
			}
		}
	}
	have := map[string]bool{}
	for _, r := range e.outbox(kindTurn) {
		if r.GameID == gameID {
			have[fmt.Sprintf("%d/%d", r.Seq, r.UserID)] = true
		}
	}
	missing, extra := 0, 0
	for k := range want {
		if !have[k] {
			missing++
		}
	}
	for k := range have {
		if !want[k] {
			extra++
		}
	}
	if missing > 0 || extra > 0 || len(want) == 0 {
		t.Errorf("turn mails: %d expected, %d queued, %d missing, %d for no new turn", len(want), len(have), missing, extra)
	}
}
