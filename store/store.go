package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"rondel/game"
	"rondel/store/lru"
)

// DefaultSnapshotEvery is how many moves may follow a stored snapshot.
const DefaultSnapshotEvery = 32

// Options configure a Store.
type Options struct {
	// Registry holds the games whose logs can be replayed.
	Registry *game.Registry
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// CacheBytes bounds the memory the replayed states kept in memory may
	// take, in bytes (0: no cache).
	CacheBytes int64
	// SnapshotEvery is how many moves may follow a game's stored state
	// snapshot before it is refreshed (default 32): loading a game that is
	// not in the cache replays at most this many moves.
	SnapshotEvery int
	// BusyTimeout is how long a writer waits for the lock (default 5s).
	BusyTimeout time.Duration
	// Logger receives store messages; slog.Default() when nil.
	Logger *slog.Logger
	// ReadOnly opens the database for reading only (inspection tools);
	// every write then fails, and /healthz says so.
	ReadOnly bool
}

// Store is the database of one Rondel service.
type Store struct {
	db    *gorm.DB
	sql   *sql.DB
	reg   *game.Registry
	now   func() time.Time
	cache *stateCache
	log   *slog.Logger
	// snapEvery: see Options.SnapshotEvery.
	snapEvery int

	// observer sees every change to a game, in its transaction and
	// after the commit (change.go; notify's).
	observer Observer

	// progress keeps pages of history's progress (history.go).
	progress *lru.Cache[progressKey, []game.Progress]
	// ended keeps finished games as "your games" lists them (yourgames.go).
	ended *lru.Cache[int64, YourGame]

	// pg: the database is PostgreSQL (shared by several instances), not
	// an SQLite file (dialect.go).
	pg bool
	// pgURL is the PostgreSQL server's, for the live news listener; news
	// hands live news of games to subscribers (live.go).
	pgURL string
	news  *broker
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

// Open opens the database named by path: a PostgreSQL URL
// (postgres://… or postgresql://…) or else an SQLite file, created if
// needed. It does not touch the schema: call CheckSchema or Migrate next.
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
	if o.SnapshotEvery <= 0 {
		o.SnapshotEvery = DefaultSnapshotEvery
	}
	pg := IsPostgres(path)
	var dial gorm.Dialector
	if pg {
		d, err := openPostgres(path, o)
		if err != nil {
			return nil, err
		}
		dial = d
	} else {
		dsn := DSN(path, o.BusyTimeout)
		if o.ReadOnly {
			dsn += "&mode=ro"
		} else if err := checkWritable(path); err != nil {
			return nil, err
		}
		// Connections that keep their statements prepared (stmtcache.go).
		dial = sqlite.New(sqlite.Config{DSN: dsn, Conn: openSQLite(dsn, o.BusyTimeout)})
	}
	name := Redact(path)
	db, err := gorm.Open(dial, &gorm.Config{
		SkipDefaultTransaction: true,
		Logger:                 logger.Discard,
		NowFunc:                func() time.Time { return o.Now().UTC() },
	})
	if err != nil {
		closeDialector(dial)
		return nil, fmt.Errorf("store: opening %s: %w", name, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if pg {
		// The server serves many clients: a pool as wide as a busy
		// instance needs, idle connections kept for reuse.
		sqlDB.SetMaxOpenConns(16)
		sqlDB.SetMaxIdleConns(8)
	} else {
		// A few connections let readers run beside the one writer WAL allows.
		sqlDB.SetMaxOpenConns(4)
		sqlDB.SetMaxIdleConns(4)
	}
	if err := sqlDB.Ping(); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("store: opening %s: %w", name, err)
	}
	return &Store{db: db, sql: sqlDB, reg: o.Registry, now: o.Now, cache: newStateCache(o.CacheBytes), log: o.Logger,
		snapEvery: o.SnapshotEvery, progress: lru.NewSecondSight[progressKey, []game.Progress](progressCacheBytes, lru.Window), pg: pg,
		ended: lru.NewSecondSight[int64, YourGame](endedBytes, 4*lru.Window),
		pgURL: path, news: newBroker()}, nil
}

// Close closes the database (and the live news listener).
func (s *Store) Close() error {
	s.stopListener()
	return s.sql.Close()
}

// Ping reports whether the database answers (for /healthz).
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return wrapErr(s.sql.QueryRowContext(ctx, "SELECT 1").Scan(&one), "store: ping")
}

// CheckWrite writes the health row: an error means the database does not
// take writes now (a read-only file, a full disk), so /healthz fails.
func (s *Store) CheckWrite(ctx context.Context) error {
	err := s.db.WithContext(ctx).Exec(`INSERT INTO health (id, checked_at) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`, s.Now()).Error
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotWritable, err)
	}
	return nil
}

// ErrNotWritable: the database (or the directory it lives in) cannot be
// written.
var ErrNotWritable = errors.New("the database cannot be written")

// checkWritable says plainly, before SQLite fails with "unable to open
// database file" or, later, "attempt to write a readonly database", that
// the database's directory or file cannot be written: SQLite keeps its
// write-ahead log and shared-memory files (-wal, -shm) beside the
// database, so the directory must be writable too.
func checkWritable(path string) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".rondel-write-check-*")
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: the database's directory %s does not exist: create it, or give another --db", dir)
	}
	if err != nil {
		return fmt.Errorf("store: %w: the directory %s cannot be written (%v). Rondel keeps its journal files (%s-wal, %s-shm) beside the database, so the directory must be writable by the user running Rondel, not only the file",
			ErrNotWritable, dir, err, filepath.Base(path), filepath.Base(path))
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
		g, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return fmt.Errorf("store: %w: the database file %s cannot be written (%v): make it writable by the user running Rondel", ErrNotWritable, path, err)
		}
		g.Close()
	}
	return nil
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
	if s.pg {
		return out, nil
	}
	for _, p := range []string{"journal_mode", "busy_timeout", "foreign_keys", "synchronous"} {
		var v string
		if err := s.sql.QueryRowContext(ctx, "PRAGMA "+p).Scan(&v); err != nil {
			return nil, fmt.Errorf("store: pragma %s: %w", p, err)
		}
		out[p] = v
	}
	return out, nil
}

// Exec runs a raw statement (for tests and maintenance tools); its
// placeholders are ?, on either database.
func (s *Store) Exec(query string, args ...any) error {
	return wrapErr(s.db.Exec(query, args...).Error, "store: exec")
}
