package handlers

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v5"

	"rondel/game/words"
)

// Pages take turns. A page is CPU work; with more pages in hand than the
// machine has CPUs, Go shares the CPUs among them all, so every page
// takes as long as all of them together and the costly ones (a finished
// game's first view) far longer: at 50 readers on two CPUs a game page's
// 99th percentile was three times its median. With a few in hand at once
// and the rest queued in order of arrival, a page waits for those before
// it and then runs at full speed: the same throughput, a much shorter
// tail, and less memory live at once (limits.requests_at_once).
//
// A page holds its turn while it is made, not while it is sent: the
// turn passes on at its first byte (pages are rendered into a buffer and
// written at once), so a slow phone does not hold up the club.
//
// Not queued: what changes a game (a POST: the database writes one at a
// time in order already, store/writegate.go, and a page queued behind a
// move would only wait longer), static files and maps (cheap, cached),
// the health check, and a game's live stream (open for minutes).

type admission struct {
	turns chan struct{}
	wait  time.Duration
	// waiting counts the pages waiting for their turn now (tests).
	waiting atomic.Int32
}

func newAdmission(atOnce int, wait time.Duration) *admission {
	return &admission{turns: make(chan struct{}, atOnce), wait: wait}
}

// unqueued are the routes that never wait for a turn.
var unqueued = map[string]bool{
	"/healthz": true, "/static/*": true, "/maps/:file": true, "/favicon.ico": true, "/games/:id/events": true,
}

func (s *Server) admit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		m := c.Request().Method
		if m != http.MethodGet && m != http.MethodHead || unqueued[c.Path()] {
			return next(c)
		}
		if err := s.admission.enter(c); err != nil {
			return err
		}
		w := &admittedWriter{ResponseWriter: c.Response(), a: s.admission}
		c.SetResponse(w)
		defer func() {
			c.SetResponse(w.ResponseWriter)
			w.pass()
		}()
		return next(c)
	}
}

// enter waits for a turn: at once if one is free, else in order behind
// those already waiting, at most a.wait, and not after the reader left.
func (a *admission) enter(c *echo.Context) error {
	select {
	case a.turns <- struct{}{}:
		return nil
	default:
	}
	a.waiting.Add(1)
	defer a.waiting.Add(-1)
	t := time.NewTimer(a.wait)
	defer t.Stop()
	select {
	case a.turns <- struct{}{}:
		return nil
	case <-c.Request().Context().Done():
		return &pageError{Code: http.StatusServiceUnavailable, Title: words.New("pages.error.busy.title"), Msg: words.New("pages.error.busy.msg")}
	case <-t.C:
		c.Response().Header().Set("Retry-After", "5")
		return &pageError{Code: http.StatusServiceUnavailable, Title: words.New("pages.error.busy.title"), Msg: words.New("pages.error.busy.msg")}
	}
}

// admittedWriter passes its page's turn on at the first byte written.
type admittedWriter struct {
	http.ResponseWriter
	a      *admission
	passed bool
}

func (w *admittedWriter) pass() {
	if !w.passed {
		w.passed = true
		<-w.a.turns
	}
}

func (w *admittedWriter) WriteHeader(code int) {
	w.pass()
	w.ResponseWriter.WriteHeader(code)
}

func (w *admittedWriter) Write(b []byte) (int, error) {
	w.pass()
	return w.ResponseWriter.Write(b)
}

func (w *admittedWriter) Flush() {
	w.pass()
	http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap lets echo and http.ResponseController reach the response below.
func (w *admittedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
