package handlers

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// pagesAtOnce sets how many pages the server works on at once and how
// long one waits for its turn.
func pagesAtOnce(n, waitSeconds int) func(*Deps) {
	return func(d *Deps) {
		d.Config.Limits.RequestsAtOnce = n
		d.Config.Limits.RequestWaitSeconds = waitSeconds
	}
}

// waitingPages waits until n pages wait for their turn.
func waitingPages(t *testing.T, a *admission, n int32) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); a.waiting.Load() != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d pages waiting, want %d", a.waiting.Load(), n)
		}
	}
}

// A page that finds every turn taken waits for one and is then answered;
// meanwhile the health check, static files and changes are answered at
// once; and the page's turn is free again once it is answered.
func TestPagesTakeTurns(t *testing.T) {
	e := newEnv(t, pagesAtOnce(1, 30))
	a := e.srv.admission
	a.turns <- struct{}{} // another page holds the only turn
	got := make(chan int, 1)
	go func() {
		resp, err := http.Get(e.ts.URL + "/signin")
		if err != nil {
			got <- 0
			return
		}
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	waitingPages(t, a, 1)
	quick := &http.Client{Timeout: 5 * time.Second}
	for _, req := range []struct{ method, path string }{
		{http.MethodGet, "/healthz"}, {http.MethodGet, "/static/favicon.svg"}, {http.MethodPost, "/language"},
	} {
		r, _ := http.NewRequest(req.method, e.ts.URL+req.path, strings.NewReader("lang=de"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := quick.Do(r)
		if err != nil {
			t.Fatalf("%s %s while a page waits: %v", req.method, req.path, err)
		}
		resp.Body.Close()
	}
	select {
	case code := <-got:
		t.Fatalf("the page was answered (%d) while every turn was taken", code)
	default:
	}
	<-a.turns // the other page is done
	if code := <-got; code != http.StatusOK {
		t.Fatalf("the waiting page: %d, want 200", code)
	}
	if n := len(a.turns); n != 0 {
		t.Fatalf("%d turns still taken after the page was answered", n)
	}
}

// A page that waits longer than request_wait_seconds is told the server
// is busy, in plain words, with when to try again.
func TestBusyAfterTheWait(t *testing.T) {
	e := newEnv(t, pagesAtOnce(1, 1))
	e.srv.admission.turns <- struct{}{}
	defer func() { <-e.srv.admission.turns }()
	start := time.Now()
	resp, err := http.Get(e.ts.URL + "/signin")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" {
		t.Fatalf("%d, Retry-After %q; want 503, 5", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if !strings.Contains(string(body), "The server is busy") || !strings.Contains(string(body), "Nothing was changed") {
		t.Fatalf("the busy page says: %.400s", body)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("told busy after %v, before the second it may wait", waited)
	}
	if e.srv.admission.waiting.Load() != 0 {
		t.Fatal("a page still counted waiting")
	}
}

// A page's turn passes on at its first byte, once, so sending it to a
// slow reader holds up nobody.
func TestTurnPassesAtTheFirstByte(t *testing.T) {
	for _, first := range []string{"header", "write", "flush"} {
		a := newAdmission(1, time.Second)
		a.turns <- struct{}{}
		w := &admittedWriter{ResponseWriter: httptest.NewRecorder(), a: a}
		switch first {
		case "header":
			w.WriteHeader(http.StatusOK)
		case "write":
			w.Write([]byte("<!doctype html>"))
		case "flush":
			w.Flush()
		}
		if len(a.turns) != 0 {
			t.Fatalf("%s: the turn is still held", first)
		}
		a.turns <- struct{}{} // the next page's turn
		w.Write([]byte("more"))
		w.pass()
		if len(a.turns) != 1 {
			t.Fatalf("%s: a page passed a turn twice", first)
		}
	}
}
