package notify

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rondel/store"
)

// inFlight is a mail server that notes, at each mail it takes, how many
// rows of the outbox are claimed and not yet marked sent: the mails a
// crash at that moment would have sent again.
type inFlight struct {
	st      *store.Store
	now     func() time.Time
	mu      sync.Mutex
	worst   int
	sending atomic.Int32
	most    int32
	n       atomic.Int32
}

func (f *inFlight) Deliver(ctx context.Context, m store.OutboxMail) error {
	cur := f.sending.Add(1)
	defer f.sending.Add(-1)
	rows, err := f.st.Outbox().Rows(ctx, store.OutboxPending, 0)
	if err != nil {
		return err
	}
	claimed := 0
	for _, r := range rows {
		if r.ClaimedUntil.After(f.now()) {
			claimed++
		}
	}
	f.mu.Lock()
	f.worst, f.most = max(f.worst, claimed), max(f.most, cur)
	f.mu.Unlock()
	time.Sleep(time.Millisecond) // the server takes its time
	f.n.Add(1)
	return nil
}

// The README promises that a crash sends at most one mail twice: the
// sender of an instance has at most one mail claimed and unsent at any
// moment, however many moves and sign-ins kick it at once.
func TestOneMailInFlight(t *testing.T) {
	e := newEnv(t, nil, nil)
	srv := &inFlight{st: e.st, now: e.clk.Now}
	svc, err := New(e.ctx, Options{Store: e.st, Config: e.cfg, Transport: srv, Background: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	const n = 24
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 { // a sign-in link: queued and sent at once
				_ = svc.Send(e.ctx, store.Mail{To: fmt.Sprintf("p%d@example.org", i), Subject: "s", Body: "b", Kind: "signin", Key: fmt.Sprint(i)})
				return
			}
			row := &store.OutboxMail{GameID: 1, Seq: i, Kind: "turn", ToAddr: fmt.Sprintf("p%d@example.org", i), Subject: "s", TextBody: "b"}
			if _, err := e.st.Outbox().Enqueue(e.ctx, row); err != nil {
				t.Error(err)
			}
			svc.kick(e.ctx) // as each move's hook does
		}()
	}
	wg.Wait()
	svc.kicks.Wait()
	if err := svc.SendDue(e.ctx); err != nil {
		t.Fatal(err)
	}
	if got := srv.n.Load(); got != n {
		t.Fatalf("%d mails sent, want %d", got, n)
	}
	if srv.worst > 1 || srv.most > 1 {
		t.Errorf("up to %d mails claimed and unsent at once, %d handed to the server at once; a crash then sends them all again", srv.worst, srv.most)
	}
}

// gated is a mail server that holds every mail until the gate opens.
type gated struct {
	gate chan struct{}
	in   chan struct{} // a mail reached the server
	n    atomic.Int32
}

func (g *gated) Deliver(ctx context.Context, m store.OutboxMail) error {
	select {
	case g.in <- struct{}{}:
	default:
	}
	<-g.gate
	g.n.Add(1)
	return nil
}

// Moves that kick the sender while it is busy start no goroutine each
// (they would only wait for the one sending slot, and piled up by the
// thousand under load), yet every mail they queued goes out without
// another tick.
func TestKicksCoalesce(t *testing.T) {
	e := newEnv(t, nil, nil)
	srv := &gated{gate: make(chan struct{}), in: make(chan struct{}, 1)}
	svc, err := New(e.ctx, Options{Store: e.st, Config: e.cfg, Transport: srv, Background: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	queue := func(i int) {
		row := &store.OutboxMail{GameID: 1, Seq: i, Kind: "turn", ToAddr: fmt.Sprintf("p%d@example.org", i), Subject: "s", TextBody: "b"}
		if _, err := e.st.Outbox().Enqueue(e.ctx, row); err != nil {
			t.Fatal(err)
		}
		svc.kick(e.ctx) // as each move's hook does
	}
	queue(0)
	<-srv.in // the first run holds the slot, its mail at the server
	before := runtime.NumGoroutine()
	const n = 200
	for i := 1; i <= n; i++ {
		queue(i)
	}
	if grew := runtime.NumGoroutine() - before; grew > 10 {
		t.Errorf("%d kicks while the sender was busy started %d goroutines", n, grew)
	}
	close(srv.gate)
	svc.kicks.Wait()
	if got := srv.n.Load(); got != n+1 {
		t.Fatalf("%d mails sent by the kicks, want %d", got, n+1)
	}
}
