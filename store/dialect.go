package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
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

// sqlDB is the pool under a Dialector opened by openPostgres (closed if
// gorm.Open fails).
func closeDialector(d gorm.Dialector) {
	if p, ok := d.(*postgres.Dialector); ok {
		if db, ok := p.Conn.(*sql.DB); ok {
			db.Close()
		}
	}
}

// takeGame reads game id into g for a transaction that changes it. On
// PostgreSQL it locks the game's row (SELECT … FOR UPDATE) until tx ends,
// so of two instances writing to one game the second waits, then reads
// what the first wrote: a move is checked and appended by one at a time.
// SQLite needs no lock: every write transaction begins IMMEDIATE and
// holds the whole database.
func (s *Store) takeGame(tx *gorm.DB, id int64, g *Game) error {
	if s.pg {
		tx = tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate})
	}
	return tx.Take(g, id).Error
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
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}
