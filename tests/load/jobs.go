package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"rondel/notify"
	"rondel/store"
	"rondel/store/config"
)

// jobLine is one periodic job timed once.
type jobLine struct {
	Job   string  `json:"job"`
	MS    float64 `json:"ms"`
	CPUMS float64 `json:"cpu_ms"`
	Error string  `json:"error,omitempty"`
}

// memLine ends the jobs output.
type memLine struct {
	RSSMB     float64 `json:"rss_mb"`
	PeakRSSMB float64 `json:"peak_rss_mb"`
	Now       string  `json:"clock"`
	Games     int     `json:"games_in_play"`
	LoadAvg   string  `json:"load_avg"`
}

func runJobs(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("jobs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "SQLite database `file` made by seed, or the postgres:// URL of a club copied there (rondel copy)")
	now := fs.String("now", "", "the jobs' clock, RFC 3339, or \"real\" (default: a minute after the time seed.json was seeded for, else real)")
	cache := fs.Int("cache-mb", config.Default().Cache.StateMB, "megabytes of game states the store keeps (cache.state_mb)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *db == "" {
		return fmt.Errorf("need --db")
	}
	clock, err := jobsClock(*db, *now)
	if err != nil {
		return err
	}
	if _, err := os.Stat(*db); err != nil && !store.IsPostgres(*db) {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	st, err := store.Open(*db, store.Options{Registry: registry(), Now: clock, CacheBytes: int64(*cache) << 20, Logger: log})
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.CheckSchema(ctx, false); err != nil {
		return err
	}
	// As cmd_serve_notify.go builds it, with the local outbox (no SMTP).
	svc, err := notify.New(ctx, notify.Options{Store: st, Config: config.Default(), Logger: log})
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	// The jobs of notify/cron.go, in its order.
	for _, j := range []struct {
		name string
		run  func(context.Context) error
	}{
		{"outbox", svc.SendDue},
		{"start mails", svc.SyncGames},
		{"standing orders", svc.AutoMoves},
		{"deadlines", svc.Deadlines},
		{"digests", svc.Digests},
		{"abandoned games", svc.Abandoned},
	} {
		t, cpu := time.Now(), cpuTime()
		err := j.run(ctx)
		line := jobLine{Job: j.name, MS: ms(time.Since(t)), CPUMS: ms(cpuTime() - cpu)}
		if err != nil {
			line.Error = err.Error()
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	active, err := st.CountGames(ctx, store.StatusActive)
	if err != nil {
		return err
	}
	rss, peak := memory()
	return enc.Encode(memLine{RSSMB: rss, PeakRSSMB: peak, Now: clock().Format(time.RFC3339), Games: active, LoadAvg: loadAvg()})
}

// jobsClock: by default the jobs run a minute after the seeded history
// ends, when nothing is due yet in a freshly seeded database.
func jobsClock(db, flagNow string) (func() time.Time, error) {
	switch flagNow {
	case "real":
		return time.Now, nil
	case "":
		dir := filepath.Dir(db)
		if store.IsPostgres(db) {
			dir = "." // a club copied to PostgreSQL: seed.json where the tool runs
		}
		data, err := os.ReadFile(filepath.Join(dir, seedFile))
		if err != nil {
			return time.Now, nil
		}
		var s seedSummary
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", seedFile, err)
		}
		t := s.Now.Add(time.Minute)
		return func() time.Time { return t }, nil
	}
	t, err := time.Parse(time.RFC3339, flagNow)
	if err != nil {
		return nil, fmt.Errorf("--now: %w", err)
	}
	return func() time.Time { return t }, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// memory reads the resident set size and its peak from /proc, in MB.
func memory() (rss, peak float64) {
	fh, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 64)
		if err != nil {
			continue
		}
		switch name {
		case "VmRSS":
			rss = kb / 1024
		case "VmHWM":
			peak = kb / 1024
		}
	}
	return rss, peak
}

// loadAvg is the machine's load average over 1, 5 and 15 minutes: the
// load generator and other work share the cores with the server.
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:min(3, len(f))], " ")
}
