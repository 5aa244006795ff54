package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"github.com/pressly/goose/v3"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// versionTable is goose's bookkeeping table.
const versionTable = "goose_db_version"

// Schema errors: the server refuses to start on any of them.
var (
	ErrSchemaOld     = errors.New("the database schema is older than this Rondel: run `rondel migrate`")
	ErrSchemaNewer   = errors.New("the database schema is newer than this Rondel knows: use a newer Rondel")
	ErrSchemaUnknown = errors.New("the database holds tables Rondel did not create")
)

func (s *Store) provider() (*goose.Provider, error) {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(goose.DialectSQLite3, s.sql, sub, goose.WithDisableGlobalRegistry(true))
}

// SchemaState describes a database's schema against this build.
type SchemaState struct {
	Empty   bool    // no tables at all: a new file
	Current int64   // highest applied migration (0 if none)
	Latest  int64   // highest migration this build knows
	Applied []int64 // every applied version
}

// Schema reads the schema version without changing anything.
func (s *Store) Schema(ctx context.Context) (SchemaState, error) {
	var st SchemaState
	p, err := s.provider()
	if err != nil {
		return st, fmt.Errorf("store: migrations: %w", err)
	}
	src := p.ListSources()
	st.Latest = src[len(src)-1].Version
	var tables int
	if err := s.sql.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'`).Scan(&tables); err != nil {
		return st, fmt.Errorf("store: reading schema: %w", err)
	}
	if tables == 0 {
		st.Empty = true
		return st, nil
	}
	var hasGoose int
	if err := s.sql.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?`, versionTable).Scan(&hasGoose); err != nil {
		return st, fmt.Errorf("store: reading schema: %w", err)
	}
	if hasGoose == 0 {
		return st, ErrSchemaUnknown
	}
	rows, err := s.sql.QueryContext(ctx, `SELECT version_id FROM `+versionTable+` WHERE is_applied AND version_id > 0 ORDER BY version_id`)
	if err != nil {
		return st, fmt.Errorf("store: reading schema: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return st, err
		}
		st.Applied = append(st.Applied, v)
		st.Current = max(st.Current, v)
	}
	return st, rows.Err()
}

// check returns the schema error for st, if any; known reports whether a
// version belongs to this build.
func (st SchemaState) check(known func(int64) bool) error {
	for _, v := range st.Applied {
		if v > st.Latest {
			return fmt.Errorf("%w (database at version %d, this build knows up to %d)", ErrSchemaNewer, v, st.Latest)
		}
		if !known(v) {
			return fmt.Errorf("%w (migration %d is not one of this build's)", ErrSchemaUnknown, v)
		}
	}
	return nil
}

func (s *Store) knownVersion() (func(int64) bool, error) {
	p, err := s.provider()
	if err != nil {
		return nil, err
	}
	known := map[int64]bool{}
	for _, src := range p.ListSources() {
		known[src.Version] = true
	}
	return func(v int64) bool { return known[v] }, nil
}

// CheckSchema returns nil only if the schema is exactly this build's.
// With applyIfEmpty, a brand-new empty database is migrated first: that is
// the one case `rondel serve` creates the schema by itself.
func (s *Store) CheckSchema(ctx context.Context, applyIfEmpty bool) error {
	st, err := s.Schema(ctx)
	if err != nil {
		return err
	}
	if st.Empty && applyIfEmpty {
		_, err := s.Migrate(ctx)
		return err
	}
	known, err := s.knownVersion()
	if err != nil {
		return err
	}
	if err := st.check(known); err != nil {
		return err
	}
	if st.Current < st.Latest {
		return fmt.Errorf("%w (database at version %d, this build needs %d)", ErrSchemaOld, st.Current, st.Latest)
	}
	return nil
}

// Migrate applies every pending migration and returns their versions. It
// refuses a database with a newer or foreign schema.
func (s *Store) Migrate(ctx context.Context) ([]int64, error) {
	st, err := s.Schema(ctx)
	if err != nil {
		return nil, err
	}
	known, err := s.knownVersion()
	if err != nil {
		return nil, err
	}
	if err := st.check(known); err != nil {
		return nil, err
	}
	p, err := s.provider()
	if err != nil {
		return nil, err
	}
	res, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: migrating: %w", err)
	}
	var out []int64
	for _, r := range res {
		out = append(out, r.Source.Version)
	}
	if slices.Contains(out, derivedVersion) {
		// The derived tables are new: make them from the logs.
		var games int64
		if err := s.db.WithContext(ctx).Model(&Game{}).Count(&games).Error; err != nil {
			return out, err
		}
		if games > 0 {
			if _, err := s.Rebuild(ctx, nil); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// derivedVersion is the migration that made the derived tables
// (00052_derived.sql): migrating past it rebuilds them.
const derivedVersion = 52
