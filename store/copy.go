package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gorm.io/gorm"
)

// CopyReport says what Copy moved.
type CopyReport struct {
	Tables int              // tables copied
	Rows   map[string]int64 // rows copied, by table
}

// copyBatch is how many rows one INSERT carries (PostgreSQL takes at most
// 65535 parameters a statement, SQLite 32766).
const copyBatch = 200

// ErrCopyTarget: the database copied to is not empty.
var ErrCopyTarget = errors.New("the database to copy to already holds a club: copy only into a new database")

// Copy copies every row of from into to, table by table, in one
// transaction on to: the logs, the accounts, the outbox and the derived
// rows as they are (not the pages' parts a build kept: page_parts.go).
// Both must be at this build's schema, to must hold no
// user nor game, and the ids stay what they were (links in mails sent
// before keep working). A PostgreSQL target's id sequences then start
// after the copied ids. Verify the target afterwards (rondel copy does).
func Copy(ctx context.Context, from, to *Store) (*CopyReport, error) {
	for _, st := range []*Store{from, to} {
		if err := st.CheckSchema(ctx, false); err != nil {
			return nil, fmt.Errorf("store: copy: %w", err)
		}
	}
	var n int64
	for _, t := range []string{"users", "games"} {
		if err := to.db.WithContext(ctx).Table(t).Count(&n).Error; err != nil {
			return nil, fmt.Errorf("store: copy: %w", err)
		}
		if n > 0 {
			return nil, ErrCopyTarget
		}
	}
	tables, err := from.copyTables(ctx)
	if err != nil {
		return nil, err
	}
	rep := &CopyReport{Rows: map[string]int64{}}
	err = to.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, t := range tables {
			bools, err := to.boolColumns(tx, t)
			if err != nil {
				return err
			}
			var each func([]string, []any) error
			if t == "moves" {
				each = from.moveForms(ctx)
			}
			n, err := copyTable(ctx, from.sql, tx, t, bools, each)
			if err != nil {
				return fmt.Errorf("copying %s: %w", t, err)
			}
			rep.Rows[t] = n
			rep.Tables++
			if to.pg {
				if err := resetIdentity(tx, t); err != nil {
					return fmt.Errorf("copying %s: %w", t, err)
				}
			}
		}
		// A finished game's kept names are each database's own JSON
		// (PostgreSQL's has spaces after the commas), which verify compares
		// as written: say them again in the target's form.
		return wrapErr(tx.Exec(`UPDATE games SET players = `+playersSQL(tx)).Error, "copying the players' names")
	})
	if err != nil {
		return rep, fmt.Errorf("store: %w", err)
	}
	return rep, nil
}

// copyTables lists the tables to copy, the ones others refer to first
// (users, then games); not goose's bookkeeping nor the health row.
func (s *Store) copyTables(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if s.pg {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	var names []string
	if err := s.db.WithContext(ctx).Raw(q).Scan(&names).Error; err != nil {
		return nil, fmt.Errorf("copy tables: %w", err)
	}
	// page_parts and page_zparts are caches of what a build drew: the
	// copy's server makes its own.
	names = slices.DeleteFunc(names, func(n string) bool {
		return n == versionTable || n == "health" || n == "page_parts" || n == "page_zparts"
	})
	rank := func(n string) int {
		switch n {
		case "users":
			return 0
		case "games":
			return 1
		}
		return 2
	}
	slices.SortFunc(names, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	return names, nil
}

// boolColumns names a table's BOOLEAN columns on PostgreSQL, where SQLite
// keeps a flag as 0 or 1 (nil on SQLite, which takes either).
func (s *Store) boolColumns(tx *gorm.DB, table string) (map[string]bool, error) {
	if !s.pg {
		return nil, nil
	}
	var cols []string
	err := tx.Raw(`SELECT column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ? AND data_type = 'boolean'`, table).Scan(&cols).Error
	out := map[string]bool{}
	for _, c := range cols {
		out[c] = true
	}
	return out, wrapErr(err, "bool columns")
}

// copyTable streams one table's rows from src into tx in batches; each,
// if set, may change a row before it is written (the moves are read in
// the order they were played for it).
func copyTable(ctx context.Context, src *sql.DB, tx *gorm.DB, table string, bools map[string]bool, each func(cols []string, vals []any) error) (int64, error) {
	q := `SELECT * FROM ` + table
	if each != nil && table == "moves" {
		q += ` ORDER BY game_id, seq`
	}
	rows, err := src.QueryContext(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("copy table: %w", err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, fmt.Errorf("copy table: %w", err)
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	head := `INSERT INTO ` + table + ` (` + strings.Join(quoted(cols), ", ") + `) VALUES `
	var batch []any
	var n, inBatch int64
	flush := func() error {
		if inBatch == 0 {
			return nil
		}
		vals := strings.TrimSuffix(strings.Repeat(one+", ", int(inBatch)), ", ")
		err := tx.Exec(head+vals, batch...).Error
		batch, inBatch = batch[:0], 0
		return err
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return n, fmt.Errorf("copy table: %w", err)
		}
		for i, c := range cols {
			if v, ok := vals[i].(int64); ok && bools[c] {
				vals[i] = v != 0
			}
		}
		if each != nil {
			if err := each(cols, vals); err != nil {
				return n, err
			}
		}
		batch = append(batch, vals...)
		n++
		inBatch++
		if inBatch == copyBatch {
			if err := flush(); err != nil {
				return n, fmt.Errorf("copy table: %w", err)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, fmt.Errorf("copy table: %w", err)
	}
	return n, wrapErr(flush(), "copy table")
}

// quoted double-quotes column names (a column may be called by, at, key).
func quoted(cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = `"` + strings.ReplaceAll(c, `"`, `""`) + `"`
	}
	return out
}

// resetIdentity moves a PostgreSQL table's id sequence past the copied
// ids, so the next row gets a new one (tables without one are left).
func resetIdentity(tx *gorm.DB, table string) error {
	var has int
	if err := tx.Raw(`SELECT count(*) FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ? AND column_name = 'id'`, table).Scan(&has).Error; err != nil || has == 0 {
		return wrapErr(err, "reset identity")
	}
	var seq sql.NullString
	if err := tx.Raw(`SELECT pg_get_serial_sequence(?, 'id')`, table).Scan(&seq).Error; err != nil || !seq.Valid {
		return wrapErr(err, "reset identity")
	}
	return wrapErr(tx.Exec(`SELECT setval(?, (SELECT COALESCE(MAX(id), 0) + 1 FROM `+table+`), false)`, seq.String).Error, "reset identity")
}
