package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The store speaks two dialects. SQLite is the default: one file, one
// instance. PostgreSQL lets several instances share one database; what
// differs between the two is kept here and in the migrations' twins
// (migrate.go). Everything else is plain SQL both accept.

// IsPostgres reports whether a configured database names a PostgreSQL
// server (a postgres:// or postgresql:// URL) rather than an SQLite file.
func IsPostgres(database string) bool {
	return strings.HasPrefix(database, "postgres://") || strings.HasPrefix(database, "postgresql://")
}

// Redact returns the database's name fit for logs and messages: a URL
// loses its password.
func Redact(database string) string {
	if !IsPostgres(database) {
		return database
	}
	u, err := url.Parse(database)
	if err != nil {
		return "postgres://…"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// Postgres reports whether the store is on PostgreSQL.
func (s *Store) Postgres() bool { return s.pg }

// Dialect names the store's database for /healthz: "sqlite" or "postgres".
func (s *Store) Dialect() string {
	if s.pg {
		return "postgres"
	}
	return "sqlite"
}

// openPostgres opens a pool of pgx connections on the server named by
// rawURL. Timestamps are read back in UTC, as SQLite's are, so a time
// means the same whichever database it came from. ReadOnly makes every
// transaction read-only.
func openPostgres(rawURL string, o Options) (gorm.Dialector, error) {
	cfg, err := pgx.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", Redact(rawURL), err)
	}
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	if cfg.RuntimeParams["application_name"] == "" {
		cfg.RuntimeParams["application_name"] = "rondel"
	}
	cfg.RuntimeParams["timezone"] = "UTC"
	// A statement waiting for a lock gives up after the busy timeout, as a
	// writer does on SQLite, instead of hanging a request for ever.
	cfg.RuntimeParams["lock_timeout"] = fmt.Sprint(o.BusyTimeout.Milliseconds())
	if o.ReadOnly {
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
	}
	utc := func(_ context.Context, c *pgx.Conn) error {
		c.TypeMap().RegisterType(&pgtype.Type{Name: "timestamptz", OID: pgtype.TimestamptzOID,
			Codec: &pgtype.TimestamptzCodec{ScanLocation: time.UTC}})
		return nil
	}
	db := stdlib.OpenDB(*cfg, stdlib.OptionAfterConnect(utc))
	return postgres.New(postgres.Config{Conn: db}), nil
}

// closeDialector closes the pool openPostgres or openSQLite made, when
// gorm.Open fails on it.
func closeDialector(d gorm.Dialector) {
	var conn gorm.ConnPool
	switch p := d.(type) {
	case *postgres.Dialector:
		conn = p.Conn
	case *sqlite.Dialector:
		conn = p.Conn
	}
	if db, ok := conn.(*sql.DB); ok {
		db.Close()
	}
}

// lockGame reads game id into g for a transaction that changes the
// game's course (a move, a take-back, a vote to end, the agreed end, a
// resignation, a seat taken or joined, a substitute, an abandonment):
// every such write calls it first, before it reads anything it decides
// on. On PostgreSQL it locks the game's row (SELECT … FOR UPDATE) until tx
// ends, so of two instances writing to one game the second waits, then
// reads what the first wrote (under READ COMMITTED each later statement
// sees it): the position a request was made on is checked against the
// game as it is. SQLite needs no lock: every write transaction begins
// IMMEDIATE and holds the whole database.
//
// The game's open pages hear of the change once tx commits (live.go); a
// transaction that only reads under the lock calls lockRow.
func lockGame(tx *gorm.DB, id int64, g *Game) error {
	touch(tx, id)
	return lockRow(tx, id, g)
}

// lockRow is lockGame for a transaction that reads the game under its
// lock but may leave it as it was.
func lockRow(tx *gorm.DB, id int64, g *Game) error {
	q := `SELECT ` + gameCols + ` FROM games WHERE id = ?`
	if onPostgres(tx) {
		q += ` FOR UPDATE`
	}
	// Read with a column list (scan.go): every change reads its game.
	games, err := queryRows(tx, scanGame, q, id)
	if err == nil && len(games) == 0 {
		err = gorm.ErrRecordNotFound
	}
	if err != nil {
		return wrapErr(err, "lock row %d", id)
	}
	*g = games[0]
	return nil
}

// skipLocked adds the clause that lets several instances claim rows
// (outbox mails, due deadlines) without waiting for or taking each
// other's: each locks the rows it reads and passes over those another
// holds. SQLite has no row locks and needs none: its writers take turns.
func (s *Store) skipLocked(tx *gorm.DB) *gorm.DB {
	if !s.pg {
		return tx
	}
	return tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate, Options: clause.LockingOptionsSkipLocked})
}

// isUniqueViolation recognises a refused duplicate: SQLite's message or
// PostgreSQL's SQLSTATE 23505 (gorm translates no errors here:
// TranslateError is off).
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	// SQLite: the constraint's message, or that of the trigger that
	// refuses a second move with one number (migration 00100).
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "already has a move with this number")
}

// Exclusive runs f unless another instance is running the job of the same
// name: on PostgreSQL f runs under a session advisory lock named after the
// job, taken without waiting (pg_try_advisory_lock), so of several
// instances whose timers fire together one runs the job and the others
// skip this tick. The lock lives on one connection: if the instance dies,
// the server drops the connection and the lock with it. On SQLite there is
// one instance: f always runs. ran reports whether f ran.
func (s *Store) Exclusive(ctx context.Context, job string, f func(context.Context) error) (ran bool, err error) {
	if !s.pg {
		return true, f(ctx)
	}
	conn, err := s.sql.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("store: job lock %s: %w", job, err)
	}
	defer conn.Close()
	key := jobLockKey(job)
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&got); err != nil {
		return false, fmt.Errorf("store: job lock %s: %w", job, err)
	}
	if !got {
		return false, nil
	}
	defer func() {
		// A fresh context: the job's may have ended, the lock must go.
		if _, uerr := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key); uerr != nil {
			// Unlock failed: close the connection itself (it holds the lock).
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return true, f(ctx)
}

// jobLockKey is the advisory lock's number for a job: FNV-1a of its name
// under a prefix of Rondel's own, so it does not meet other programs'
// locks on a shared server by chance.
func jobLockKey(job string) int64 {
	h := fnv.New64a()
	h.Write([]byte("rondel job: " + job))
	return int64(h.Sum64())
}

// onPostgres reports whether tx runs on PostgreSQL (for code that has the
// transaction but not the store).
func onPostgres(tx *gorm.DB) bool { return tx.Dialector.Name() == "postgres" }

// lockLadder serialises the changes to one kind's ladders: a rated game's
// end reads the ratings its players have and writes new ones, so on
// PostgreSQL two games of a kind ending at once on two instances take
// turns (a transaction-scoped advisory lock, released at commit). SQLite's
// writers take turns anyway.
func lockLadder(tx *gorm.DB, kind string) error {
	if !onPostgres(tx) {
		return nil
	}
	return wrapErr(tx.Exec(`SELECT pg_advisory_xact_lock(?)`, jobLockKey("ladder "+kind)).Error, "lock ladder")
}

// setupKey is what a cached state of the game must have been made with
// besides its move count: the seat names, which the state holds. Another
// instance on the same database may rename a seat (a substitute takes it)
// without a move; the instance that renames also forgets the game's state
// itself (stateCache.forget). One indexed read of a few rows.
func (s *Store) setupKey(tx *gorm.DB, gameID int64) (string, error) {
	var names []string
	err := tx.Model(&Seat{}).Where("game_id = ?", gameID).Order("seat").Pluck("name", &names).Error
	return strings.Join(names, "\x00"), wrapErr(err, "setup key (game %d)", gameID)
}

// seatsSetupKey is setupKey of a game's seats read whole, in seat order
// (gameSeats, Seats).
func seatsSetupKey(seats []Seat) string {
	names := make([]string, len(seats))
	for i, st := range seats {
		names[i] = st.Name
	}
	return strings.Join(names, "\x00")
}

// flag spells a flag's value in SQL the way the partial indexes on flags
// do in each dialect's migrations (game_waits_auto, game_clocks_unmailed):
// 1 and 0 on SQLite, whose planner uses a partial index only for a query
// that repeats the index's own literal (TRUE, which means 1 there, does
// not count); TRUE and FALSE on PostgreSQL, where flags are BOOLEAN.
func (s *Store) flag(v bool) string {
	switch {
	case s.pg && v:
		return "TRUE"
	case s.pg:
		return "FALSE"
	case v:
		return "1"
	}
	return "0"
}

// indexedBy names the index an SQLite query must walk (" INDEXED BY
// name"): without ANALYZE's statistics SQLite's planner may pick a worse
// one. PostgreSQL has no such clause and keeps statistics: "".
func (s *Store) indexedBy(name string) string {
	if s.pg {
		return ""
	}
	return " INDEXED BY " + name
}
