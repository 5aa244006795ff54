package handlers

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rondel/store"
	"rondel/store/pgtest"
	"rondel/store/storetest"
)

// sse is one event read from a stream: its name and data; a comment
// (heartbeat) has the name ":".
type sse struct{ name, data string }

// stream is an open events stream as a browser reads it.
type stream struct {
	resp   *http.Response
	events chan sse
}

// openStream opens url's stream with b's cookies; the events it reads
// arrive on events, which is closed when the stream ends.
func openStream(t *testing.T, b *browser, url string) (*stream, int) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := b.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, resp.StatusCode
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("stream answered as %q", ct)
	}
	s := &stream{resp: resp, events: make(chan sse, 64)}
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		var ev sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					s.events <- ev
				}
				ev = sse{}
			case strings.HasPrefix(line, ":"):
				ev.name = ":"
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return s, http.StatusOK
}

// next returns the next event other than a heartbeat, failing the test
// when none comes within wait.
func (s *stream) next(t *testing.T, wait time.Duration) sse {
	t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				t.Fatal("the stream ended")
			}
			if ev.name != ":" {
				return ev
			}
		case <-deadline:
			t.Fatalf("no event within %v", wait)
		}
	}
}

// ended reports whether the stream ends within wait.
func (s *stream) ended(wait time.Duration) bool {
	deadline := time.After(wait)
	for {
		select {
		case _, ok := <-s.events:
			if !ok {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// playFirst has seat's player play the first move offered on their page.
func (tb *table) playFirst(t *testing.T, seat int) {
	t.Helper()
	doc := tb.gamePage(t, seat)
	first, _ := doc.Find(`form.move input[name=move]`).First().Attr("value")
	if code, doc := tb.players[seat].submit(doc, "form.move", map[string]string{"move": first}); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, text(doc))
	}
}

// TestLiveMoveArrives: a player's open page (its stream) hears of another
// player's move within a second, with the new move count, then of a
// message and of a take-back; the page itself names its stream.
func TestLiveMoveArrives(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	mover := tb.toAct(t)
	watcher := (mover + 1) % len(tb.players)
	doc := tb.gamePage(t, watcher)
	src, ok := doc.Find("[data-live]").Attr("data-live")
	if !ok || src != tb.path+"/events" {
		t.Fatalf("the game page names no stream (data-live %q)", src)
	}
	s, code := openStream(t, tb.players[watcher], tb.e.ts.URL+src)
	if code != http.StatusOK {
		t.Fatalf("stream: %d", code)
	}
	if ev := s.next(t, time.Second); ev != (sse{"hello", "0"}) {
		t.Fatalf("first event %+v, want hello 0", ev)
	}
	tb.playFirst(t, mover)
	if ev := s.next(t, time.Second); ev != (sse{"moved", "1"}) {
		t.Fatalf("after the move: %+v, want moved 1", ev)
	}
	if _, err := tb.e.store.PostMessage(context.Background(), tb.id, mustUser(t, tb.e, "ann@x.org"), nil, "well played", 0); err != nil {
		t.Fatal(err)
	}
	if ev := s.next(t, time.Second); ev != (sse{"moved", "1"}) {
		t.Fatalf("after a message: %+v, want moved 1", ev)
	}
	doc = tb.gamePage(t, mover)
	if code, doc := tb.players[mover].submit(doc, "form.take-back", nil); code != http.StatusOK {
		t.Fatalf("take-back: %d %s", code, text(doc))
	}
	if ev := s.next(t, time.Second); ev.name != "moved" || ev.data == "1" {
		t.Fatalf("after the take-back: %+v, want moved with a new count", ev)
	}
}

func mustUser(t *testing.T, e *env, addr string) int64 {
	t.Helper()
	u, err := e.store.UserByEmail(context.Background(), addr)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// TestLiveAcrossInstances (PostgreSQL): two instances of the service on
// one database; a page watching through the second hears within a second
// of a move played through the first (LISTEN/NOTIFY).
func TestLiveAcrossInstances(t *testing.T) {
	if !pgtest.Enabled() {
		t.Skip("news crosses instances on PostgreSQL only (RONDEL_TEST_STORE=postgres)")
	}
	t.Parallel()
	db := storetest.Database(t)
	tb := startTable(t, func(d *Deps) {
		d.Store = storetest.OpenFile(t, db, store.Options{Now: d.Now, CacheBytes: 16 << 20})
	})
	other := storetest.OpenFile(t, db, store.Options{Now: tb.e.clock.Now})
	h, err := New(Deps{Store: other, Config: tb.e.cfg, Now: tb.e.clock.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts2 := httptest.NewServer(h)
	t.Cleanup(ts2.Close)
	mover := tb.toAct(t)
	watcher := (mover + 1) % len(tb.players)
	// Both servers are on 127.0.0.1: the watcher's session cookie goes to both.
	s, code := openStream(t, tb.players[watcher], ts2.URL+tb.path+"/events")
	if code != http.StatusOK {
		t.Fatalf("stream on the second instance: %d", code)
	}
	if ev := s.next(t, time.Second); ev != (sse{"hello", "0"}) {
		t.Fatalf("first event %+v, want hello 0", ev)
	}
	start := time.Now()
	tb.playFirst(t, mover)
	if ev := s.next(t, time.Second); ev != (sse{"moved", "1"}) {
		t.Fatalf("after the move on the first instance: %+v, want moved 1", ev)
	}
	t.Logf("the move's page and the news on the other instance took %v", time.Since(start).Round(time.Millisecond))
}

// TestLiveBounds: a member has at most 8 streams open (the 9th is refused
// with 429 until one closes); a stream ends after its lifetime and sends
// heartbeats meanwhile; a stranger's or a missing game's stream is refused.
func TestLiveBounds(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	url := tb.e.ts.URL + tb.path + "/events"
	ann := tb.players[0]
	var open []*stream
	for i := range liveStreamsPerMember {
		s, code := openStream(t, ann, url)
		if code != http.StatusOK {
			t.Fatalf("stream %d: %d", i+1, code)
		}
		s.next(t, time.Second)
		open = append(open, s)
	}
	if _, code := openStream(t, ann, url); code != http.StatusTooManyRequests {
		t.Fatalf("stream %d: %d, want 429", liveStreamsPerMember+1, code)
	}
	if _, code := openStream(t, tb.players[1], url); code != http.StatusOK {
		t.Fatalf("another member's stream: %d", code)
	}
	open[0].resp.Body.Close()
	if !open[0].ended(time.Second) {
		t.Fatal("a closed stream does not end")
	}
	admitted := false
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline) && !admitted; {
		// The server notices the closed stream on its own time.
		_, code := openStream(t, ann, url)
		admitted = code == http.StatusOK
		time.Sleep(20 * time.Millisecond)
	}
	if !admitted {
		t.Fatal("no new stream after one was closed")
	}
	if code, _ := tb.e.browser().get(tb.path + "/events"); code != http.StatusOK {
		// Signed out: sent to the sign-in page (a 200 after the redirect).
		t.Fatalf("signed out: %d", code)
	}
	if _, code := openStream(t, tb.players[1], tb.e.ts.URL+"/games/999999/events"); code != http.StatusNotFound {
		t.Fatalf("a missing game's stream: %d, want 404", code)
	}

	tb.e.srv.live.bound(liveStreamsPerMember, liveStreamsPerIP, streamBounds{lifetime: 300 * time.Millisecond, heartbeat: 50 * time.Millisecond})
	s, _ := openStream(t, tb.players[2], url)
	s.next(t, time.Second)
	select {
	case ev := <-s.events:
		if ev.name != ":" {
			t.Fatalf("got %+v, want a heartbeat", ev)
		}
	case <-time.After(time.Second):
		t.Fatal("no heartbeat")
	}
	if !s.ended(2 * time.Second) {
		t.Fatal("the stream outlives its lifetime")
	}
}

// TestLiveStreamsPerAddress: one address (a club's NAT, or one person
// with many accounts) has its most streams open, whoever signed in.
func TestLiveStreamsPerAddress(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	tb.e.srv.live.bound(liveStreamsPerMember, 2, streamBounds{lifetime: liveLifetime, heartbeat: liveHeartbeat})
	url := tb.e.ts.URL + tb.path + "/events"
	for i, b := range tb.players {
		want := http.StatusOK
		if i == 2 {
			want = http.StatusTooManyRequests
		}
		if _, code := openStream(t, b, url); code != want {
			t.Errorf("member %d's stream from the one address: %d, want %d", i+1, code, want)
		}
	}
}

// TestLiveShutdown: when the server stops (http.Server.Shutdown, as on
// SIGTERM, with CloseStreams registered as cmd_serve does) every open
// stream ends, so the drain finishes at once, and new ones are refused.
func TestLiveShutdown(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	ts := httptest.NewUnstartedServer(tb.e.srv)
	ts.Config.RegisterOnShutdown(tb.e.srv.CloseStreams)
	ts.Start()
	t.Cleanup(ts.Close)
	url := ts.URL + tb.path + "/events"
	a, _ := openStream(t, tb.players[0], url)
	b, _ := openStream(t, tb.players[1], url)
	a.next(t, time.Second)
	b.next(t, time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ts.Config.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown with open streams: %v", err)
	}
	if !a.ended(time.Second) || !b.ended(time.Second) {
		t.Fatal("open streams outlive the shutdown")
	}
	// The same service behind another listener refuses new streams.
	if _, code := openStream(t, tb.players[0], tb.e.ts.URL+tb.path+"/events"); code != http.StatusServiceUnavailable {
		t.Fatalf("a stream after the shutdown began: %d, want 503", code)
	}
}

// TestLiveOutlivesServerTimeouts: a stream outlasts the server's read and
// write timeouts (cmd_serve sets 30 s and 60 s), which bound a page, not a
// stream, and still carries news after them.
func TestLiveOutlivesServerTimeouts(t *testing.T) {
	t.Parallel()
	tb := startTable(t)
	ts := httptest.NewUnstartedServer(tb.e.srv)
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = 100*time.Millisecond, 100*time.Millisecond
	ts.Start()
	t.Cleanup(ts.Close)
	mover := tb.toAct(t)
	watcher := (mover + 1) % len(tb.players)
	s, code := openStream(t, tb.players[watcher], ts.URL+tb.path+"/events")
	if code != http.StatusOK {
		t.Fatalf("stream: %d", code)
	}
	s.next(t, time.Second)
	time.Sleep(400 * time.Millisecond)
	tb.playFirst(t, mover)
	if ev := s.next(t, time.Second); ev != (sse{"moved", "1"}) {
		t.Fatalf("after the timeouts: %+v, want moved 1", ev)
	}
}
