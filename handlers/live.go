package handlers

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// Live game pages: GET /games/:id/events is a stream of Server-Sent
// Events. It says "hello" with the game's move count when it opens and
// "moved" with the new count whenever the game changes (a move, a
// take-back, a message, the end); the page's script (static/live.js)
// offers the new position then. News comes from the store (store/live.go):
// in process on SQLite, through PostgreSQL's LISTEN/NOTIFY across
// instances. A stream is bounded: so many per member and per address, a
// lifetime after which the browser connects again, and it ends when the
// server stops.

// Bounds of the streams; a Server's live holds its own copy (tests
// shorten them).
const (
	liveStreamsPerMember = 8
	liveStreamsPerIP     = 32
	liveLifetime         = 10 * time.Minute
	liveHeartbeat        = 25 * time.Second
	// liveRetry is how long the browser waits before it connects again
	// after a stream ended, in milliseconds.
	liveRetry = 5000
)

// liveStreams counts the open streams and ends them on shutdown.
type liveStreams struct {
	perMember, perIP int
	lifetime         time.Duration
	heartbeat        time.Duration

	mu      sync.Mutex
	members map[int64]int
	ips     map[string]int
	done    chan struct{}
	closing sync.Once
}

func newLiveStreams() *liveStreams {
	return &liveStreams{perMember: liveStreamsPerMember, perIP: liveStreamsPerIP, lifetime: liveLifetime,
		heartbeat: liveHeartbeat, members: map[int64]int{}, ips: map[string]int{}, done: make(chan struct{})}
}

// streamBounds are one stream's lifetime and heartbeat.
type streamBounds struct{ lifetime, heartbeat time.Duration }

// admit counts a new stream of member from ip; ok is false when either
// has its most open already. release uncounts it.
func (l *liveStreams) admit(member int64, ip string) (b streamBounds, release func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.members[member] >= l.perMember || l.ips[ip] >= l.perIP {
		return b, nil, false
	}
	b = streamBounds{l.lifetime, l.heartbeat}
	l.members[member]++
	l.ips[ip]++
	return b, func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.members[member]--; l.members[member] <= 0 {
			delete(l.members, member)
		}
		if l.ips[ip]--; l.ips[ip] <= 0 {
			delete(l.ips, ip)
		}
	}, true
}

// bound sets the bounds of the streams opened from now on (tests).
func (l *liveStreams) bound(perMember, perIP int, b streamBounds) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.perMember, l.perIP, l.lifetime, l.heartbeat = perMember, perIP, b.lifetime, b.heartbeat
}

// CloseStreams ends every live stream and refuses new ones: call it when
// the server begins to shut down (http.Server.RegisterOnShutdown), so the
// drain does not wait for pages that would stay open for ever.
func (s *Server) CloseStreams() { s.live.closing.Do(func() { close(s.live.done) }) }

// gameEvents serves a game's stream of news.
func (s *Server) gameEvents(c *echo.Context) error {
	ctx := c.Request().Context()
	id, err := gameIDParam(c)
	if err != nil {
		return err
	}
	select {
	case <-s.live.done:
		return fail(http.StatusServiceUnavailable, "pages.error.streams")
	default:
	}
	bounds, release, ok := s.live.admit(currentUser(c).ID, c.RealIP())
	if !ok {
		return fail(http.StatusTooManyRequests, "pages.error.streams")
	}
	defer release()
	// Subscribe before reading the count: a change in between is news.
	news, stop := s.store.Subscribe(id)
	defer stop()
	pos, err := s.store.Current(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return fail(http.StatusNotFound, "pages.error.no_game")
	} else if err != nil {
		return err
	}
	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: pass each event on at once
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(format string, args ...any) error {
		// The server's write timeout bounds a page, not a stream: each
		// write gets its own.
		_ = rc.SetWriteDeadline(time.Now().Add(bounds.heartbeat + 10*time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return err
		}
		return rc.Flush()
	}
	if err := send("retry: %d\nevent: hello\ndata: %d\n\n", liveRetry, pos.Seq); err != nil {
		return nil // the browser left
	}
	return s.streamNews(c, bounds, news, send)
}

// streamNews sends news and heartbeats until the browser leaves, the
// stream's lifetime ends or the server stops.
func (s *Server) streamNews(c *echo.Context, b streamBounds, news <-chan store.GameNews, send func(string, ...any) error) error {
	end := time.NewTimer(b.lifetime)
	defer end.Stop()
	beat := time.NewTicker(b.heartbeat)
	defer beat.Stop()
	var err error
	for err == nil {
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-s.live.done:
			return nil
		case <-end.C:
			return nil // the browser connects again after liveRetry
		case <-beat.C:
			err = send(": still here\n\n") // a comment keeps proxies from closing it
		case n := <-news:
			err = send("event: moved\ndata: %d\n\n", n.Moves)
		}
	}
	if !errors.Is(err, io.EOF) {
		s.log.Debug("live stream ended", "error", err)
	}
	return nil
}
