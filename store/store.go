// Package store keeps Rondel's data in SQLite through GORM: users, games,
// seats, the append-only move log, sign-in tokens, sessions, invitations and
// the local mailbox. The state of a game is never stored: it is the replay of
// its moves through the engine, with a bounded cache of replayed states.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"rondel/game"
)

// Options configure a Store.
type Options struct {
	// Registry holds the games whose logs can be replayed.
	Registry *game.Registry
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// CacheSize bounds the replayed states kept in memory (0: no cache).
	CacheSize int
	// BusyTimeout is how long a writer waits for the lock (default 5s).
	BusyTimeout time.Duration
	// Logger receives store messages; slog.Default() when nil.
	Logger *slog.Logger
}

// Store is the database of one Rondel service.
type Store struct {
	db    *gorm.DB
	sql   *sql.DB
	reg   *game.Registry
	now   func() time.Time
	cache *stateCache
	log   *slog.Logger

	// observer sees every move inside its transaction (notify's outbox).
	observer MoveObserver
}

// DSN returns the go-sqlite3 connection string for path: WAL journal,
// busy timeout, foreign keys on and every transaction BEGIN IMMEDIATE, so
// that a read-then-write transaction takes the write lock at its start and
// never fails half-way with SQLITE_BUSY.
func DSN(path string, busy time.Duration) string {
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_busy_timeout", fmt.Sprint(busy.Milliseconds()))
	q.Set("_foreign_keys", "on")
	q.Set("_txlock", "immediate")
	q.Set("_synchronous", "NORMAL")
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database file at path. It does not
// touch the schema: call CheckSchema or Migrate next.
func Open(path string, o Options) (*Store, error) {
	if o.Registry == nil {
		o.Registry = game.NewRegistry()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.BusyTimeout == 0 {
		o.BusyTimeout = 5 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	db, err := gorm.Open(sqlite.Open(DSN(path, o.BusyTimeout)), &gorm.Config{
		SkipDefaultTransaction: true,
		Logger:                 logger.Discard,
		NowFunc:                func() time.Time { return o.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	// A few connections let readers run beside the one writer WAL allows.
	sqlDB.SetMaxOpenConns(4)
	sqlDB.SetMaxIdleConns(4)
	if err := sqlDB.Ping(); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	return &Store{db: db, sql: sqlDB, reg: o.Registry, now: o.Now, cache: newStateCache(o.CacheSize), log: o.Logger}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.sql.Close() }

// Ping reports whether the database answers (for /healthz).
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.sql.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Registry returns the games this store can replay.
func (s *Store) Registry() *game.Registry { return s.reg }

// Now returns the store's clock reading in UTC.
func (s *Store) Now() time.Time { return s.now().UTC() }

// DropCache forgets every replayed state; the next read replays from the log.
func (s *Store) DropCache() { s.cache.drop() }

// Pragmas returns the effective connection settings, for tests and checks.
func (s *Store) Pragmas(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	for _, p := range []string{"journal_mode", "busy_timeout", "foreign_keys", "synchronous"} {
		var v string
		if err := s.sql.QueryRowContext(ctx, "PRAGMA "+p).Scan(&v); err != nil {
			return nil, fmt.Errorf("store: pragma %s: %w", p, err)
		}
		out[p] = v
	}
	return out, nil
}

// Exec runs a raw statement (for tests and maintenance tools).
func (s *Store) Exec(query string, args ...any) error {
	_, err := s.sql.Exec(query, args...)
	return err
}
