package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"rondel/store"
)

// Cookie names of handlers/middleware.go.
const (
	sessionCookie = "rondel_session"
	csrfCookie    = "rondel_csrf"
)

// pages are the kinds of load run drives.
// floor is the floor server's page (floor.go), asked as game is.
var pages = []string{"game", "history", "dashboard", "ladder", "moves", "floor"}

// runOpts configure one run.
type runOpts struct {
	URL      string
	Dir      string // holds sessions.tsv and games.tsv
	Page     string
	Clients  int
	Duration time.Duration
	Seed     uint64
	Timeout  time.Duration // per request
	PID      int           // the server's process, for its CPU and memory (0: not measured)
}

// runResult is run's JSON line.
type runResult struct {
	Page      string         `json:"page"`
	Clients   int            `json:"clients"`
	DurationS float64        `json:"duration_s"`
	Requests  int            `json:"requests"`
	Errors    int            `json:"errors"`
	ByStatus  map[string]int `json:"errors_by_status,omitempty"`
	ReqPerS   float64        `json:"req_per_s"`
	P50       float64        `json:"p50_ms"`
	P95       float64        `json:"p95_ms"`
	P99       float64        `json:"p99_ms"`
	Max       float64        `json:"max_ms"`
	LoadAvg   string         `json:"load_avg"` // of the machine at the end (/proc/loadavg)
	// ClientCPU is this tool's own CPU a request: on one machine with the
	// server it is CPU the server does not get.
	ClientCPU float64 `json:"client_cpu_ms_per_req"`
	*moveResult
	*serverStats
}

// moveResult adds the moves page's counts: POSTs alone, accepted moves,
// and refusals because another client moved first (not errors).
type moveResult struct {
	Posts        int     `json:"posts"`
	Accepted     int     `json:"accepted"`
	Conflicts    int     `json:"conflicts"`
	AcceptedPerS float64 `json:"accepted_per_s"`
	PostP50      float64 `json:"post_p50_ms"`
	PostP95      float64 `json:"post_p95_ms"`
	PostP99      float64 `json:"post_p99_ms"`
	GamesOver    int     `json:"games_ended"`
}

func runLoad(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o runOpts
	fs.StringVar(&o.URL, "url", "http://localhost:8080", "the service's base `URL`")
	fs.StringVar(&o.Dir, "dir", ".", "`directory` of sessions.tsv and games.tsv (beside the seeded database)")
	fs.StringVar(&o.Page, "page", "game", "what to load: "+strings.Join(pages, ", "))
	fs.IntVar(&o.Clients, "clients", 10, "concurrent clients")
	fs.DurationVar(&o.Duration, "duration", 30*time.Second, "how long to run")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the clients' choices")
	fs.DurationVar(&o.Timeout, "timeout", 2*time.Minute, "per request")
	fs.IntVar(&o.PID, "pid", 0, "the server's process `id`: report its CPU per request and its memory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	// The clients hold little but the pages they read: a collector that
	// lets the heap grow to five times that runs a quarter as often, and
	// leaves the CPU to the server beside it.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	res, err := run(ctx, o)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(res)
}

// driver is what every client of a run shares.
type driver struct {
	o        runOpts
	http     *http.Client
	sessions map[int64]session
	users    []int64     // members with a session
	byCat    [][]gameRow // finished unrated, finished rated, in play (the non-empty ones)
	active   []gameRow
	kinds    []string
	mu       sync.Mutex
	over     map[int64]bool // games that ended during the run
}

func newDriver(o runOpts) (*driver, error) {
	if !slices.Contains(pages, o.Page) {
		return nil, fmt.Errorf("--page must be one of %s", strings.Join(pages, ", "))
	}
	if o.Clients < 1 || o.Duration <= 0 {
		return nil, errors.New("--clients and --duration must be positive")
	}
	sessions, err := readSessions(filepath.Join(o.Dir, sessionsFile))
	if err != nil {
		return nil, err
	}
	games, err := readGames(filepath.Join(o.Dir, gamesFile))
	if err != nil {
		return nil, err
	}
	d := &driver{o: o, sessions: sessions, over: map[int64]bool{}}
	for id := range sessions {
		d.users = append(d.users, id)
	}
	slices.Sort(d.users)
	var unrated, rated []gameRow
	for _, g := range games {
		if !slices.ContainsFunc(g.Users, func(u int64) bool { _, ok := sessions[u]; return ok }) {
			continue
		}
		switch {
		case g.Status == store.StatusActive:
			d.active = append(d.active, g)
		case g.Status == store.StatusFinished && g.Rated:
			rated = append(rated, g)
		case g.Status == store.StatusFinished:
			unrated = append(unrated, g)
		}
		if !slices.Contains(d.kinds, g.Kind) {
			d.kinds = append(d.kinds, g.Kind)
		}
	}
	for _, c := range [][]gameRow{unrated, rated, d.active} {
		if len(c) > 0 {
			d.byCat = append(d.byCat, c)
		}
	}
	switch {
	case len(d.users) == 0:
		return nil, errors.New("no sessions in " + sessionsFile)
	case o.Page == "moves" && len(d.active) == 0:
		return nil, errors.New("no game in play in " + gamesFile)
	case len(d.byCat) == 0:
		return nil, errors.New("no games in " + gamesFile)
	}
	tr := &http.Transport{MaxIdleConns: o.Clients, MaxIdleConnsPerHost: o.Clients, IdleConnTimeout: time.Minute}
	d.http = &http.Client{Transport: tr, Timeout: o.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return d, nil
}

// run drives the service with o.Clients clients for o.Duration.
func run(ctx context.Context, o runOpts) (*runResult, error) {
	d, err := newDriver(o)
	if err != nil {
		return nil, err
	}
	defer d.http.CloseIdleConnections()
	self0, err := cpuMillis(os.Getpid())
	if err != nil {
		return nil, err
	}
	var cpu0 float64
	if o.PID > 0 {
		if cpu0, err = cpuMillis(o.PID); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, o.Duration)
	defer cancel()
	clients := make([]*client, o.Clients)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range clients {
		c := &client{d: d, r: rand.New(rand.NewPCG(o.Seed, uint64(i))), errs: map[string]int{}}
		clients[i] = c
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				c.step()
			}
		}()
	}
	wg.Wait()
	res := d.result(clients, time.Since(start))
	if self1, err := cpuMillis(os.Getpid()); err == nil && res.Requests > 0 {
		res.ClientCPU = (self1 - self0) / float64(res.Requests)
	}
	if o.PID > 0 {
		cpu1, err := cpuMillis(o.PID)
		if err != nil {
			return nil, err
		}
		ss := &serverStats{CPUms: cpu1 - cpu0}
		if res.Requests > 0 {
			ss.CPUPerReq = ss.CPUms / float64(res.Requests)
		}
		if res.moveResult != nil && res.Accepted > 0 {
			ss.CPUPerAccept = ss.CPUms / float64(res.Accepted)
		}
		ss.RSSMB, ss.PeakMB = memoryMB(o.PID)
		res.serverStats = ss
	}
	return res, nil
}

func (d *driver) result(clients []*client, elapsed time.Duration) *runResult {
	res := &runResult{Page: d.o.Page, Clients: d.o.Clients, DurationS: elapsed.Seconds(), ByStatus: map[string]int{}, LoadAvg: loadAvg()}
	var all, posts []time.Duration
	mr := &moveResult{}
	for _, c := range clients {
		all = append(all, c.lat...)
		posts = append(posts, c.posts...)
		for k, n := range c.errs {
			res.ByStatus[k] += n
			res.Errors += n
		}
		mr.Accepted += c.accepted
		mr.Conflicts += c.conflicts
	}
	res.Requests = len(all)
	res.ReqPerS = float64(len(all)) / elapsed.Seconds()
	res.P50, res.P95, res.P99, res.Max = percentile(all, 0.50), percentile(all, 0.95), percentile(all, 0.99), percentile(all, 1)
	if d.o.Page == "moves" {
		mr.Posts = len(posts)
		mr.AcceptedPerS = float64(mr.Accepted) / elapsed.Seconds()
		mr.PostP50, mr.PostP95, mr.PostP99 = percentile(posts, 0.50), percentile(posts, 0.95), percentile(posts, 0.99)
		d.mu.Lock()
		mr.GamesOver = len(d.over)
		d.mu.Unlock()
		res.moveResult = mr
	}
	return res
}

// percentile of the samples in milliseconds (nearest rank).
func percentile(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	i := int(float64(len(d))*q+0.9999999) - 1
	return ms(d[min(max(i, 0), len(d)-1)])
}

// gameFor picks a game at random, the category first (finished, rated,
// in play), so every category weighs the same whatever its size.
func (d *driver) gameFor(r *rand.Rand) gameRow {
	c := d.byCat[r.IntN(len(d.byCat))]
	return c[r.IntN(len(c))]
}

// seated picks a member seated in g who has a session.
func (d *driver) seated(r *rand.Rand, g gameRow) int64 {
	for {
		u := g.Users[r.IntN(len(g.Users))]
		if _, ok := d.sessions[u]; ok {
			return u
		}
	}
}

func (d *driver) activeGame(r *rand.Rand) (gameRow, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.over) >= len(d.active) {
		return gameRow{}, false
	}
	for {
		g := d.active[r.IntN(len(d.active))]
		if !d.over[g.ID] {
			return g, true
		}
	}
}

func (d *driver) ended(id int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.over[id] = true
}
