package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// The statements a move runs are short and SQLite runs a kept one in a
// few microseconds, but GORM's Raw and Exec spend more than that
// building each: they parse the text for its placeholders, add every
// argument through reflection and run the callback chain (about a tenth
// of a stored move's CPU). plainQuery and plainExec send such a
// statement straight to the connection GORM would use (the transaction's
// when there is one), written as GORM would have written it: the same
// text on SQLite, ? numbered $1, $2 ... on PostgreSQL. A statement with
// an argument GORM would rewrite (a slice it expands for IN ?, an
// expression) goes through GORM as before.

// plainQuery runs query on db's connection; ok false when its arguments
// need GORM.
func plainQuery(db *gorm.DB, query string, args []any) (rows *sql.Rows, ok bool, err error) {
	pool, q, ok := plainStatement(db, query, args)
	if !ok {
		return nil, false, nil
	}
	rows, err = pool.QueryContext(db.Statement.Context, q, args...)
	return rows, true, err
}

// execSQL runs a statement that returns no rows, without GORM's building
// when its arguments allow (plainQuery), and says how many rows it
// changed.
func execSQL(db *gorm.DB, query string, args ...any) (int64, error) {
	pool, q, ok := plainStatement(db, query, args)
	if !ok {
		res := db.Exec(query, args...)
		return res.RowsAffected, wrapErr(res.Error, "exec")
	}
	res, err := pool.ExecContext(db.Statement.Context, q, args...)
	if err != nil {
		return 0, fmt.Errorf("exec: %w", err)
	}
	n, err := res.RowsAffected()
	return n, wrapErr(err, "exec: rows affected")
}

// plainStatement is the connection and the text to send query with args
// to without GORM; ok false when GORM must build it.
func plainStatement(db *gorm.DB, query string, args []any) (gorm.ConnPool, string, bool) {
	pool := db.Statement.ConnPool
	if pool == nil || db.Statement.Context == nil || !plainArgs(args) {
		return nil, "", false
	}
	if _, tracing := db.Logger.(traceLogger); tracing {
		return nil, "", false // TraceQueries sees every statement through GORM's logger
	}
	if db.Dialector.Name() == "postgres" {
		return pool, numbered(query), true
	}
	return pool, query, true
}

// plainArgs reports whether GORM would hand every argument to the driver
// as it is: scalars, times, byte strings and pointers to scalars.
func plainArgs(args []any) bool {
	for _, a := range args {
		switch a.(type) {
		case nil, string, int, int64, bool, float64, time.Time, *time.Time, *int64, *string, []byte, json.RawMessage:
			continue
		}
		switch reflect.TypeOf(a).Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Float32, reflect.Float64, reflect.String:
		default:
			return false
		}
	}
	return true
}

// numbered writes query's ? placeholders as PostgreSQL's $1, $2 ..., as
// GORM's PostgreSQL dialect does (the store's statements have no ? of
// their own in a literal).
func numbered(query string) string {
	n := strings.Count(query, "?")
	if n == 0 {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 2*n)
	i := 0
	for {
		j := strings.IndexByte(query, '?')
		if j < 0 {
			b.WriteString(query)
			return b.String()
		}
		i++
		b.WriteString(query[:j])
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(i))
		query = query[j+1:]
	}
}

// scanOne reads the one row query returns into dest, as GORM's
// Row().Scan does (sql.ErrNoRows when there is none), without GORM's
// building when the arguments allow.
func scanOne(db *gorm.DB, query string, args []any, dest ...any) error {
	pool, q, ok := plainStatement(db, query, args)
	if !ok {
		return wrapErr(db.Raw(query, args...).Row().Scan(dest...), "scan one")
	}
	return wrapErr(pool.QueryRowContext(db.Statement.Context, q, args...).Scan(dest...), "scan one")
}
