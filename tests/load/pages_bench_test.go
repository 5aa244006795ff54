package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"rondel/handlers"
	"rondel/store"
	"rondel/store/config"
)

// The pages' server time without the network or a load generator:
// each benchmark serves one kind of page in-process, on a seeded
// database given by -db (skipped without it), read only:
//
//	go test ./tests/load -run '^$' -bench Page -benchmem -db /tmp/club/club.db
//
// ns/op is the server's time per page; with -cpu 1 it is its CPU time.
// The games are chosen at random, each category (finished, rated, in
// play) as often, as the load tool's clients choose them, so caches hit
// as often as they do under load; BenchmarkFirstViewOfALongGame empties
// every cache before each view.

var benchDB = flag.String("db", "", "seeded database for the page benchmarks (tests/load seed)")

// keptPages makes the page benchmarks keep games' page parts (config
// cache.finished_pages and cache.in_play_pages, as rondel serve does):
// every finished game's, and every game in play's whose last move has
// stood a minute, are made before the benchmark, written into -db.
var keptPages = flag.Bool("pages", false, "keep games' page parts in -db (made before the benchmark) as rondel serve does")

// acceptGzip makes the page benchmarks ask as a browser asks, taking gzip
// (a kept game's page then comes made of its compressed parts); off, they
// ask for the page as it is, as before.
var acceptGzip = flag.Bool("gzip", false, "ask for pages as a browser does (Accept-Encoding: gzip)")

// benchPagesVersion is the build name the benchmarks keep page parts
// under: a hash of the test program, as rondel serve names its build, so
// a benchmark of another build never reads the parts this one kept
// (which it would show as its own, however it draws and says them now).
var benchPagesVersion = func() string {
	h := sha256.New()
	if path, err := os.Executable(); err == nil {
		if data, err := os.ReadFile(path); err == nil {
			h.Write(data)
		}
	}
	return "load-bench-" + hex.EncodeToString(h.Sum(nil)[:8])
}()

// keepAllPages makes every due game's page parts.
func keepAllPages(b testing.TB, h *handlers.Server) {
	for {
		n, err := h.KeepPages(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

type pageBench struct {
	h  http.Handler
	st *store.Store
	d  *driver
}

func openPageBench(b testing.TB) *pageBench {
	b.Helper()
	if *benchDB == "" {
		b.Skip("no -db: seed one with go run ./tests/load seed")
	}
	return servePages(b, *benchDB, "game", nil)
}

// servePages serves the club in db (read only unless withNotify is
// given: it attaches notify to the store and gives it to the pages), with
// the sessions and games listed beside -db, for the load pages of kind page.
func servePages(b testing.TB, db, page string, withNotify func(*store.Store, config.Config, *slog.Logger) handlers.Notifier) *pageBench {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := config.Default()
	st, err := store.Open(db, store.Options{Registry: registry(), CacheBytes: cfg.Cache.StateBytes(), Logger: log, ReadOnly: withNotify == nil && !*keptPages})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	if err := st.CheckSchema(context.Background(), false); err != nil {
		b.Fatal(err)
	}
	deps := handlers.Deps{Store: st, Config: cfg, Logger: log}
	if withNotify != nil {
		deps.Notify = withNotify(st, cfg, log)
	}
	if *keptPages {
		deps.PagesVersion, deps.KeepInPlay = benchPagesVersion, true
	}
	h, err := handlers.New(deps)
	if err != nil {
		b.Fatal(err)
	}
	if *keptPages {
		keepAllPages(b, h)
	}
	d, err := newDriver(runOpts{Dir: filepath.Dir(*benchDB), Page: page, Clients: 1, Duration: 1})
	if err != nil {
		b.Fatal(err)
	}
	return &pageBench{h: h, st: st, d: d}
}

// serve serves path as member u.
func (p *pageBench) serve(u int64, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.AddCookie(&http.Cookie{Name: sessionCookie, Value: p.d.sessions[u].Token})
	if *acceptGzip {
		req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	}
	w := httptest.NewRecorder()
	p.h.ServeHTTP(w, req)
	return w
}

// get serves path as member u and fails on anything but 200.
func (p *pageBench) get(b testing.TB, u int64, path string) int {
	w := p.serve(u, path)
	if w.Code != http.StatusOK {
		b.Fatalf("%s: %d", path, w.Code)
	}
	return w.Body.Len()
}

func (p *pageBench) run(b *testing.B, path func(r *rand.Rand) (int64, string)) {
	r := rand.New(rand.NewPCG(1, 2))
	bytes := 0
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		u, pth := path(r)
		bytes += p.get(b, u, pth)
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(bytes)/float64(b.N), "page-bytes")
}

// reportCPU reports the process's CPU time per operation since cpu: on
// a shared machine wall time per operation says more about the others'
// load than about the page.
func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

func BenchmarkPageGame(b *testing.B) {
	p := openPageBench(b)
	p.run(b, func(r *rand.Rand) (int64, string) {
		g := p.d.gameFor(r)
		return p.d.seated(r, g), fmt.Sprintf("/games/%d", g.ID)
	})
}

func BenchmarkPageHistory(b *testing.B) {
	p := openPageBench(b)
	p.run(b, func(r *rand.Rand) (int64, string) {
		g := p.d.gameFor(r)
		return p.d.seated(r, g), fmt.Sprintf("/games/%d/history", g.ID)
	})
}

func BenchmarkPageDashboard(b *testing.B) {
	p := openPageBench(b)
	p.run(b, func(r *rand.Rand) (int64, string) { return p.d.users[r.IntN(len(p.d.users))], "/" })
}

func BenchmarkPageLadder(b *testing.B) {
	p := openPageBench(b)
	p.run(b, func(r *rand.Rand) (int64, string) {
		return p.d.users[r.IntN(len(p.d.users))], "/ladder/" + p.d.kinds[r.IntN(len(p.d.kinds))]
	})
}

// BenchmarkFirstViewOfALongGame: the page of one of the longest games in
// play, with nothing cached (no state, no board): its snapshot is read
// and the moves after it replayed.
func BenchmarkFirstViewOfALongGame(b *testing.B) {
	p := openPageBench(b)
	long := slices.MaxFunc(p.d.active, func(a, c gameRow) int { return moveCount(b, p.st, a.ID) - moveCount(b, p.st, c.ID) })
	u := p.d.seated(rand.New(rand.NewPCG(1, 1)), long)
	b.ReportMetric(float64(moveCount(b, p.st, long.ID)), "moves")
	b.ResetTimer()
	var cpu time.Duration
	for i := range b.N {
		b.StopTimer()
		p.st.DropCache()
		// A new server: no board drawn yet.
		p2 := *p
		h, err := handlers.New(handlers.Deps{Store: p.st, Config: config.Default(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			b.Fatal(err)
		}
		p2.h = h
		b.StartTimer()
		c := cpuTime()
		p2.get(b, u, fmt.Sprintf("/games/%d", long.ID))
		cpu += cpuTime() - c
		_ = i
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

var moveCounts = map[int64]int{}

func moveCount(b *testing.B, st *store.Store, id int64) int {
	if n, ok := moveCounts[id]; ok {
		return n
	}
	pos, err := st.Current(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	moveCounts[id] = pos.Seq
	return pos.Seq
}

// BenchmarkPageClub: the club's games page, unfiltered, by kind, by
// month, by player (address), all three, and a page deep in the finished
// games: each list one indexed, paged read of the summaries.
func BenchmarkPageClub(b *testing.B) {
	p := openPageBench(b)
	ctx := context.Background()
	var emails []string
	for _, u := range p.d.users[:min(50, len(p.d.users))] {
		m, err := p.st.User(ctx, u)
		if err != nil {
			b.Fatal(err)
		}
		emails = append(emails, m.Email)
	}
	month := func(r *rand.Rand) string { return fmt.Sprintf("2026-%02d", 1+r.IntN(11)) }
	for _, v := range []struct {
		name string
		path func(r *rand.Rand) string
	}{
		{"all", func(*rand.Rand) string { return "/club" }},
		{"kind", func(r *rand.Rand) string { return "/club?kind=" + p.d.kinds[r.IntN(len(p.d.kinds))] }},
		{"month", func(r *rand.Rand) string { return "/club?month=" + month(r) }},
		{"player", func(r *rand.Rand) string { return "/club?player=" + emails[r.IntN(len(emails))] }},
		{"all-three", func(r *rand.Rand) string {
			return "/club?kind=" + p.d.kinds[r.IntN(len(p.d.kinds))] + "&month=" + month(r) + "&player=" + emails[r.IntN(len(emails))]
		}},
		{"page-200", func(*rand.Rand) string { return "/club?finished=200" }},
	} {
		b.Run(v.name, func(b *testing.B) {
			p.run(b, func(r *rand.Rand) (int64, string) { return p.d.users[r.IntN(len(p.d.users))], v.path(r) })
		})
	}
}

// BenchmarkPageFloor: the floor (floor.go), a minimal Echo + SQLite +
// html/template handler reading a game's row and seats, on the same
// games as BenchmarkPageGame: what a game page is compared with.
func BenchmarkPageFloor(b *testing.B) {
	p := openPageBench(b)
	db, err := sql.Open("sqlite3", "file:"+*benchDB+"?mode=ro")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	p.h = floorHandler(db)
	p.run(b, func(r *rand.Rand) (int64, string) {
		g := p.d.gameFor(r)
		return p.d.seated(r, g), fmt.Sprintf("/games/%d", g.ID)
	})
}

// BenchmarkPageGameReload: the game pages of a few views again and again
// (their parts kept, handlers/pagecache.go): what a page costs its
// reader beyond the position, as a club's players reload their games.
func BenchmarkPageGameReload(b *testing.B) {
	p := openPageBench(b)
	r := rand.New(rand.NewPCG(3, 4))
	type view struct {
		u    int64
		path string
	}
	var views []view
	for range 8 {
		g := p.d.gameFor(r)
		views = append(views, view{p.d.seated(r, g), fmt.Sprintf("/games/%d", g.ID)})
	}
	for _, v := range views {
		p.get(b, v.u, v.path) // made once
	}
	i := 0
	p.run(b, func(*rand.Rand) (int64, string) {
		i++
		return views[i%len(views)].u, views[i%len(views)].path
	})
}

// BenchmarkPageGameFirst: the game page of a random game as a view seen
// for the first time, as fifty clients among 10,000 games see nearly
// every page: the server's kept parts and the store's positions dropped
// before each, so the page reads the snapshot, replays, draws and says
// everything. Only the page's own CPU is counted.
func BenchmarkPageGameFirst(b *testing.B) { firstViews(b, "/games/%d") }

// BenchmarkPageHistoryFirst: the history of a random game, seen first.
func BenchmarkPageHistoryFirst(b *testing.B) { firstViews(b, "/games/%d/history") }

// BenchmarkPageGameFirstInPlay: the game page of a random game in play,
// seen first by one of its players, as the moves run's clients open it
// before each move (with its form of legal moves when the player is to act).
func BenchmarkPageGameFirstInPlay(b *testing.B) {
	firstViewsOf(b, "/games/%d", func(d *driver, r *rand.Rand) gameRow {
		g, _ := d.activeGame(r)
		return g
	})
}

// firstViews serves the page at format (of a game's id) of random games,
// each with nothing kept before it.
func firstViews(b *testing.B, format string) {
	firstViewsOf(b, format, func(d *driver, r *rand.Rand) gameRow { return d.gameFor(r) })
}

// firstViewsOf is firstViews of the games pick chooses.
func firstViewsOf(b *testing.B, format string, pick func(*driver, *rand.Rand) gameRow) {
	p := openPageBench(b)
	h := p.h.(*handlers.Server)
	r := rand.New(rand.NewPCG(1, 2))
	bytes := 0
	var cpu time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		p.st.DropCache()
		h.DropKept()
		g := pick(p.d, r)
		u := p.d.seated(r, g)
		b.StartTimer()
		c := cpuTime()
		bytes += p.get(b, u, fmt.Sprintf(format, g.ID))
		cpu += cpuTime() - c
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(bytes)/float64(b.N), "page-bytes")
}
