package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"rondel/handlers"
	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
)

// BenchmarkMoveCycle is what the load tool's moves run asks of the server
// for one accepted move, in-process, on a copy of the -db club with
// notify attached as `rondel serve` attaches it: the game page read by
// one of its players to find a form (by others too when that one has
// nothing to decide), the POST of a move from it, and the page its
// answer sends the player to. One op is one accepted move; cpu-ms/op is
// the whole cycle's CPU and get-, post- and after-cpu-ms/move its parts.
func BenchmarkMoveCycle(b *testing.B) {
	p := openMoveBench(b)
	r := rand.New(rand.NewPCG(5, 6))
	var get, post, after time.Duration
	ctx := context.Background() // its phases labelled for -cpuprofile: get, post, after
	b.ResetTimer()
	for range b.N {
		for {
			g, ok := p.d.activeGame(r)
			if !ok {
				b.Fatal("every game of the club has ended")
			}
			u, form := p.formOf(b, r, g, &get)
			if form == nil {
				p.d.ended(g.ID) // nobody has a decision: over, or waiting on nobody with a session
				continue
			}
			c := cpuTime()
			var w *httptest.ResponseRecorder
			pprof.Do(ctx, pprof.Labels("phase", "post"), func(context.Context) { w = p.post(u, g.ID, form, form.moves[r.IntN(len(form.moves))]) })
			post += cpuTime() - c
			if w.Code != http.StatusSeeOther {
				b.Fatalf("game %d: move answered %d: %.300s", g.ID, w.Code, w.Body.String())
			}
			c = cpuTime()
			pprof.Do(ctx, pprof.Labels("phase", "after"), func(context.Context) { p.get(b, u, w.Header().Get("Location")) })
			after += cpuTime() - c
			break
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64((get+post+after).Microseconds())/1000/n, "cpu-ms/op")
	b.ReportMetric(float64(get.Microseconds())/1000/n, "get-cpu-ms/move")
	b.ReportMetric(float64(post.Microseconds())/1000/n, "post-cpu-ms/move")
	b.ReportMetric(float64(after.Microseconds())/1000/n, "after-cpu-ms/move")
}

// csrfBench is the CSRF cookie the benchmark's browser keeps.
const csrfBench = "benchmark-csrf-token-0123456789"

// openMoveBench serves a writable copy of the -db club (its sessions and
// games lists read from beside it) with notify observing the store.
func openMoveBench(b *testing.B) *pageBench {
	b.Helper()
	if *benchDB == "" {
		b.Skip("no -db: seed one with go run ./tests/load seed")
	}
	db := filepath.Join(b.TempDir(), "club.db")
	copyFile(b, *benchDB, db)
	return servePages(b, db, "moves", func(st *store.Store, cfg config.Config, log *slog.Logger) handlers.Notifier {
		svc, err := notify.New(context.Background(), notify.Options{Store: st, Config: cfg, Logger: log})
		if err != nil {
			b.Fatal(err)
		}
		return svc
	})
}

// copyFile copies a seeded database (checkpointed: no -wal beside it).
func copyFile(b *testing.B, from, to string) {
	data, err := os.ReadFile(from)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o600); err != nil {
		b.Fatal(err)
	}
}

// formOf reads g's page as its players, as the load client does, until
// one has a move form; nil when none has. The server's CPU is added to
// cpu, the reading of the pages is not.
func (p *pageBench) formOf(b *testing.B, r *rand.Rand, g gameRow, cpu *time.Duration) (int64, *moveForm) {
	users := append([]int64(nil), g.Users...)
	r.Shuffle(len(users), func(i, j int) { users[i], users[j] = users[j], users[i] })
	for _, u := range users {
		if _, ok := p.d.sessions[u]; !ok {
			continue
		}
		c := cpuTime()
		var w *httptest.ResponseRecorder
		pprof.Do(context.Background(), pprof.Labels("phase", "get"), func(context.Context) { w = p.serve(u, fmt.Sprintf("/games/%d", g.ID)) })
		*cpu += cpuTime() - c
		if w.Code != http.StatusOK {
			b.Fatalf("game %d: %d", g.ID, w.Code)
		}
		page := parseGamePage(w.Body.Bytes())
		if page.form != nil {
			return u, page.form
		}
		if page.seats > 0 && len(page.toAct) == 0 {
			return 0, nil
		}
	}
	return 0, nil
}

// post sends move from form as member u.
func (p *pageBench) post(u, gameID int64, form *moveForm, move string) *httptest.ResponseRecorder {
	values := url.Values{"csrf": {csrfBench}, "seq": {form.seq}, "move": {move}}
	req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/games/%d/move", gameID), strings.NewReader(values.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: p.d.sessions[u].Token})
	req.AddCookie(&http.Cookie{Name: csrfCookie, Value: csrfBench})
	w := httptest.NewRecorder()
	p.h.ServeHTTP(w, req)
	return w
}
