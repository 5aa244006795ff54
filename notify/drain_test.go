package notify

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"rondel/game/gametest"
	"rondel/store"
)

// TestDrainBacklog (RONDEL_LONG=1) queues a backlog of turn mails (2,000 in
// CI; the documented run sets RONDEL_DRAIN_MAILS=24000), copies of an
// Imperial turn mail with its board picture attached, each with a
// Message-ID of its own (RONDEL_DRAIN_GAME=takeaway: a mail of text and
// HTML only), and times the sender draining it into an SMTP sink in
// another process (sink_test.go), one mail at a time as the service sends
// (issue 20 item 5: under 60 s). Every mail queued must arrive exactly
// once, and each copy with the picture drawn. The figures are logged (go
// test -v), not asserted: a speed goal belongs to a documented run, not
// to a timed test.
func TestDrainBacklog(t *testing.T) {
	if !gametest.Long() {
		t.Skip("a long run: RONDEL_LONG=1")
	}
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("RONDEL_DRAIN_MAILS")); err == nil && v > 0 {
		n = v
	}
	sk := startSink(t)
	e := newEnv(t, &smtpServer{t: t, addr: sk.addr}, noQuiet)
	kind := "imperial"
	if v := os.Getenv("RONDEL_DRAIN_GAME"); v != "" {
		kind = v
	}
	e.startGame(kind, "drain", 3, 7, nil)
	turns := e.outbox(kindTurn)
	if len(turns) == 0 {
		t.Fatal("no turn mail to copy")
	}
	queueCopies(t, e, turns[0], n)
	want := map[string]int{} // Message-ID and recipient: times to arrive
	for _, m := range e.outbox("") {
		want[headers(m)["Message-ID"]+" to "+m.ToAddr]++ // all pending: nothing was sent yet
	}
	load0, w, c0 := loadAverage(), time.Now(), processCPU()
	for range n/1000 + 10 {
		if err := e.svc.SendDue(e.ctx); err != nil {
			t.Fatal(err)
		}
		if left, err := e.st.Outbox().Rows(e.ctx, store.OutboxPending, 1); err != nil || len(left) == 0 {
			break
		}
	}
	wall, cpu, load1 := time.Since(w), processCPU()-c0, loadAverage()
	got, sinkCPU := sk.stop(t)
	var pic string
	if in := e.svc.mailInlines(e.ctx, turns[0]); len(in) > 0 {
		sum := sha256.Sum256(in[0].Data)
		pic = hex.EncodeToString(sum[:])
	}
	checkSunk(t, got, want, pic)
	t.Logf("drained %d mails (%d bytes of text and HTML each) in %v, sender's CPU %v, the sink's (another process, all its life) %v: %.0f mails/s; load average %s, after %s",
		len(got), len(turns[0].TextBody)+len(turns[0].HTMLBody), wall.Round(time.Millisecond), cpu.Round(time.Millisecond),
		sinkCPU.Round(time.Millisecond), float64(len(got))/wall.Seconds(), load0, load1)
}

// queueCopies queues n copies of model, each with a Message-ID of its own.
func queueCopies(t *testing.T, e *env, model store.OutboxMail, n int) {
	h := headers(model)
	for done := 0; done < n; {
		err := e.st.NotifyTx(e.ctx, func(tx *store.NotifyTx) error {
			for i := 0; i < 1000 && done < n; i++ {
				m := model
				m.ID, m.Seq = 0, 1000+done
				h["Message-ID"] = fmt.Sprintf("<rondel.drain.%d@rondel.example>", done)
				b, _ := json.Marshal(h)
				m.Headers = string(b)
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
}

// checkSunk: the sink got each mail of want (by Message-ID and recipient)
// as many times as it says (once), and each copy with the picture whose
// SHA-256 is pic (none if "").
func checkSunk(t *testing.T, got []sinkMail, want map[string]int, pic string) {
	t.Helper()
	seen := map[string]int{}
	bad := 0
	for _, m := range got {
		seen[m.ID+" to "+m.To]++
		if bytes.HasPrefix([]byte(m.ID), []byte("<rondel.drain.")) && m.Pic != pic {
			bad++
		}
	}
	for id, k := range want {
		if seen[id] != k {
			t.Errorf("mail %s arrived %d times, want %d", id, seen[id], k)
		}
	}
	if len(got) != len(seen) || len(seen) != len(want) {
		t.Errorf("the sink got %d mails, %d different; %d were queued", len(got), len(seen), len(want))
	}
	if bad > 0 {
		t.Errorf("%d copies came without the picture drawn, or with another", bad)
	}
}

// loadAverage is the machine's load average (Linux), for the log.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := bytes.Fields(b)
	return string(bytes.Join(f[:min(3, len(f))], []byte(" ")))
}
