package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"rondel/handlers"
	"rondel/store"
	"rondel/store/config"
)

func init() {
	commands["serve"] = command{"start the web service (default)", runServe}
}

// loadConfig reads --config (if given) and applies the environment.
func loadConfig(fs *flag.FlagSet, args []string) (config.Config, error) {
	path := fs.String("config", "", "YAML configuration `file` (see config.example.yaml); none: defaults")
	addr := fs.String("addr", "", "listen on `HOST:PORT` (overrides the configuration)")
	db := fs.String("db", "", "SQLite database `file`, or a postgres:// URL (overrides the configuration)")
	if err := fs.Parse(args); err != nil {
		return config.Config{}, err
	}
	cfg, err := config.Load(*path, os.Getenv)
	if err != nil {
		return cfg, err
	}
	if *addr != "" {
		cfg.Addr = *addr
	}
	if *db != "" {
		cfg.Database = *db
	}
	return cfg, cfg.Check()
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.Log.Level))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	if limit := memoryLimit(cfg, os.Getenv); limit > 0 {
		debug.SetMemoryLimit(limit)
	}
	gcPct := gcPercent(cfg, os.Getenv)
	if gcPct > 0 {
		debug.SetGCPercent(gcPct)
	}
	// No heap profile is ever taken of the service, and its sampling
	// buckets took 2-4 MB under the memory limit (docs/performance.md,
	// issue 20 session 6): room the collector's headroom is better off with.
	runtime.MemProfileRate = 0
	turns, procs := serveProcs(&cfg.Limits, os.Getenv)
	st, err := store.Open(cfg.Database, store.Options{Registry: registry(), CacheBytes: cfg.Cache.StateBytes(), Logger: log})
	if err != nil {
		return err
	}
	defer st.Close()
	// A new, empty database file gets the schema here; an existing one must
	// already be at this build's version (`rondel migrate` upgrades it).
	if err := st.CheckSchema(ctx, true); err != nil {
		return fmt.Errorf("%s: %w", store.Redact(cfg.Database), err)
	}
	deps, stopJobs, err := startNotify(ctx, cfg, st, log)
	if err != nil {
		return err
	}
	defer stopJobs()
	if cfg.Cache.FinishedPages {
		deps.PagesVersion = pagesVersion(log)
		deps.KeepInPlay = cfg.Cache.InPlayPages
	}
	h, err := handlers.New(deps)
	if err != nil {
		return err
	}
	if deps.PagesVersion != "" {
		// Stopped and waited for before the store closes (deferred above).
		kctx, stopKeeper := context.WithCancel(ctx)
		kept := make(chan struct{})
		go func() {
			defer close(kept)
			keepPages(kctx, h, log)
		}()
		defer func() { stopKeeper(); <-kept }()
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 2 * time.Minute}
	srv.RegisterOnShutdown(h.CloseStreams) // open live pages must not hold up the drain
	log.Info("Rondel is running", "url", "http://"+ln.Addr().String(), "database", store.Redact(cfg.Database), "games", len(registry().List()),
		"pages_at_once", turns, "procs", procs, "gc_percent", gcPct)
	warnLocalMail(cfg, log, stderr)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests under way")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}

// memoryLimit is the soft memory limit serve gives the Go runtime: the
// configured memory_mb, unless GOMEMLIMIT is set (the runtime has read it
// already, and the environment wins) or the setting is 0 (no limit).
func memoryLimit(cfg config.Config, getenv func(string) string) int64 {
	if getenv("GOMEMLIMIT") != "" {
		return 0
	}
	return cfg.MemoryLimit()
}

// gcPercent is the collector's percent serve sets (0: it sets none, and
// the runtime keeps what it has): the configured gc_percent under a
// memory limit (memory_mb, or GOMEMLIMIT), unless GOGC is set (the
// runtime has read it already, and the environment wins). Without a
// limit Go's own 100 stays: a heap free to grow five times what is live
// would have nothing to stop it.
func gcPercent(cfg config.Config, getenv func(string) string) int {
	if getenv("GOGC") != "" || cfg.MemoryLimit() == 0 && getenv("GOMEMLIMIT") == "" {
		return 0
	}
	return cfg.GCPercent
}

// warnLocalMail says where mail goes without an SMTP server, and warns
// loudly (a banner on stderr besides the log) when Rondel listens beyond
// this machine: nobody else receives a sign-in link then, and the outbox
// that holds them is shown only on this machine and to admins.
func warnLocalMail(cfg config.Config, log *slog.Logger, stderr io.Writer) {
	if !cfg.LocalMail() {
		return
	}
	log.Info("no SMTP server configured: mail stays in the local outbox, shown on this machine and to admins", "outbox", cfg.PublicURL()+"/outbox")
	if host, _, _ := net.SplitHostPort(cfg.Addr); isLoopback(host) {
		return
	}
	log.Warn("Rondel listens beyond this machine without an SMTP server: nobody else receives sign-in links or invitations; configure mail.smtp before opening Rondel to others", "addr", cfg.Addr)
	fmt.Fprintf(stderr, "\n"+
		"************************************************************************\n"+
		"* WARNING: Rondel listens on %s without an SMTP server.\n"+
		"* Every mail, sign-in links included, stays in the local outbox, which\n"+
		"* is shown only on this machine and to admins: nobody else can sign in.\n"+
		"* Configure mail.smtp (see config.example.yaml) before inviting others.\n"+
		"************************************************************************\n\n", cfg.Addr)
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
