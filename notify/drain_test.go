package notify

import (
	"os"
	"strconv"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/store"
)

// TestDrainBacklog (RONDEL_LONG=1) queues a backlog of turn mails (2,000 in
// CI; the documented run sets RONDEL_DRAIN_MAILS=24000), copies of an Imperial turn mail with its board
// picture attached (RONDEL_DRAIN_GAME=takeaway: a mail of text and HTML
// only), and times the sender draining it into a local
// SMTP server, one mail at a time as the service sends (issue 20 item 5:
// under 60 s). The figures are logged (go test -v), not asserted: a speed
// goal belongs to a documented run, not to a timed test.
func TestDrainBacklog(t *testing.T) {
	if !gametest.Long() {
		t.Skip("a long run: RONDEL_LONG=1")
	}
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("RONDEL_DRAIN_MAILS")); err == nil && v > 0 {
		n = v
	}
	srv := startSMTP(t)
	e := newEnv(t, srv, noQuiet)
	kind := "imperial"
	if v := os.Getenv("RONDEL_DRAIN_GAME"); v != "" {
		kind = v
	}
	e.startGame(kind, "drain", 3, 7, nil)
	turns := e.outbox(kindTurn)
	if len(turns) == 0 {
		t.Fatal("no turn mail to copy")
	}
	model := turns[0]
	for done := 0; done < n; {
		err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
			for i := 0; i < 1000 && done < n; i++ {
				m := model
				m.ID, m.Seq = 0, 1000+done
				if _, err := tx.Enqueue(&m); err != nil {
					return err
				}
				done++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	want := len(e.outbox("")) // all pending: nothing was sent yet
	w, c0 := time.Now(), processCPU()
	for range n/1000 + 10 {
		if err := e.svc.SendDue(e.ctx); err != nil {
			t.Fatal(err)
		}
		if len(srv.messages()) >= want {
			break
		}
	}
	wall, cpu := time.Since(w), processCPU()-c0
	if got := len(srv.messages()); got != want {
		t.Fatalf("the server got %d mails, want %d", got, want)
	}
	t.Logf("drained %d mails (%d bytes of text and HTML each) in %v, CPU %v (sender and sink in one process): %.0f mails/s",
		want, len(model.TextBody)+len(model.HTMLBody), wall.Round(time.Millisecond), cpu.Round(time.Millisecond), float64(want)/wall.Seconds())
}
