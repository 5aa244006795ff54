package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// openCaching opens a pool of caching SQLite connections on a new file,
// with a table t(id, v).
func openCaching(t *testing.T) *sql.DB {
	t.Helper()
	db := openSQLite(DSN(filepath.Join(t.TempDir(), "cache.db"), time.Second), time.Second)
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// onConn runs f on one connection of db, handing it the connection's cache.
func onConn(t *testing.T, db *sql.DB, f func(*sql.Conn, func() *cachingConn)) {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	cache := func() (c *cachingConn) {
		conn.Raw(func(dc any) error { c = dc.(*cachingConn); return nil })
		return c
	}
	f(conn, cache)
}

func TestStatementPreparedOnceAConnection(t *testing.T) {
	db := openCaching(t)
	ctx := context.Background()
	onConn(t, db, func(conn *sql.Conn, cache func() *cachingConn) {
		before := cache().prepared
		for i := 1; i <= 5; i++ {
			if _, err := conn.ExecContext(ctx, `INSERT INTO t (id, v) VALUES (?, ?)`, i, fmt.Sprint("v", i)); err != nil {
				t.Fatal(err)
			}
		}
		for i := 1; i <= 5; i++ {
			var v string
			if err := conn.QueryRowContext(ctx, `SELECT v FROM t WHERE id = ?`, i).Scan(&v); err != nil || v != fmt.Sprint("v", i) {
				t.Fatalf("row %d: %q, %v", i, v, err)
			}
		}
		if got := cache().prepared - before; got != 2 {
			t.Errorf("prepared %d statements for two texts run five times each, want 2", got)
		}
	})
}

// Every argument is bound again on each run: a NULL after a value, a
// value after a NULL.
func TestKeptStatementTakesNewArguments(t *testing.T) {
	db := openCaching(t)
	for i, v := range []any{"a", nil, "c", nil} {
		if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (?, ?)`, i, v); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for i := range 4 {
		var v sql.NullString
		if err := db.QueryRow(`SELECT v FROM t WHERE id = ?`, i).Scan(&v); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%v %s", v.Valid, v.String))
	}
	if want := "true a,false ,true c,false "; strings.Join(got, ",") != want {
		t.Errorf("read %q, want %q", strings.Join(got, ","), want)
	}
	// Too few arguments fail as the driver says, too many are ignored as
	// the driver ignores them, and the statement still runs afterwards.
	if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (?, ?)`, 9); err == nil || !strings.Contains(err.Error(), "not enough args") {
		t.Errorf("one argument of two: %v", err)
	}
	if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (?, ?)`, 10, "x"); err != nil {
		t.Fatal(err)
	}
}

// The same text read again while its first rows are still open (in one
// transaction) is prepared apart, and both read their own rows.
func TestSameStatementNestedInATransaction(t *testing.T) {
	db := openCaching(t)
	for i := range 3 {
		if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (?, ?)`, i, fmt.Sprint("v", i)); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	const q = `SELECT id, v FROM t WHERE id >= ? ORDER BY id`
	outer, err := tx.Query(q, 0)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for outer.Next() {
		var id int
		var v string
		if err := outer.Scan(&id, &v); err != nil {
			t.Fatal(err)
		}
		var n int
		inner, err := tx.Query(q, id)
		if err != nil {
			t.Fatal(err)
		}
		for inner.Next() {
			n++
		}
		inner.Close()
		seen = append(seen, fmt.Sprintf("%s:%d", v, n))
	}
	if err := outer.Err(); err != nil {
		t.Fatal(err)
	}
	outer.Close()
	if got := strings.Join(seen, " "); got != "v0:3 v1:2 v2:1" {
		t.Errorf("read %q", got)
	}
}

// A SELECT run with Exec is not kept stepped: the connection's next read
// sees what another connection wrote since (a statement left stepped
// would hold its read snapshot).
func TestExecOfAQueryHoldsNoSnapshot(t *testing.T) {
	db := openCaching(t)
	ctx := context.Background()
	db.Exec(`INSERT INTO t (id, v) VALUES (1, 'a'), (2, 'b')`)
	onConn(t, db, func(conn *sql.Conn, _ func() *cachingConn) {
		for range 2 {
			if _, err := conn.ExecContext(ctx, `SELECT v FROM t ORDER BY id`); err != nil {
				t.Fatal(err)
			}
		}
		other, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := other.ExecContext(ctx, `INSERT INTO t (id, v) VALUES (3, 'c')`); err != nil {
			t.Fatal(err)
		}
		other.Close()
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM t`).Scan(&n); err != nil || n != 3 {
			t.Errorf("count %d (%v), want 3", n, err)
		}
	})
}

// A connection keeps at most stmtCacheSize statements; one dropped while
// its rows are open is finalized when they close, and its rows read on.
func TestStatementCacheIsBounded(t *testing.T) {
	db := openCaching(t)
	db.Exec(`INSERT INTO t (id, v) VALUES (1, 'a'), (2, 'b')`)
	ctx := context.Background()
	onConn(t, db, func(conn *sql.Conn, cache func() *cachingConn) {
		rows, err := conn.QueryContext(ctx, `SELECT v FROM t ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		rows.Next()
		for i := range stmtCacheSize + 10 {
			var n int
			if err := conn.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*) + %d FROM t`, i)).Scan(&n); err != nil || n != 2+i {
				t.Fatalf("statement %d: %d, %v", i, n, err)
			}
		}
		if c := cache(); len(c.stmts) != stmtCacheSize || c.lru.Len() != stmtCacheSize {
			t.Errorf("kept %d statements (list %d), want %d", len(c.stmts), c.lru.Len(), stmtCacheSize)
		}
		var got []string
		for ok := true; ok; ok = rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			got = append(got, v)
		}
		if err := rows.Close(); err != nil || strings.Join(got, "") != "ab" {
			t.Errorf("rows read %q, closed with %v", got, err)
		}
	})
}

// Texts the cache passes to the driver: several statements in one (the
// driver runs them all), named arguments.
func TestUncachedTextsRunAsBefore(t *testing.T) {
	db := openCaching(t)
	if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (1, 'a'); INSERT INTO t (id, v) VALUES (2, 'b')`); err != nil {
		t.Fatal(err)
	}
	var v string
	if err := db.QueryRow(`SELECT v FROM t WHERE id = :id`, sql.Named("id", 2)).Scan(&v); err != nil || v != "b" {
		t.Errorf("named: %q, %v", v, err)
	}
	// A refused insert leaves its kept statement usable.
	for range 2 {
		if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (?, ?)`, 1, "dup"); err == nil || !isUniqueViolation(err) {
			t.Errorf("duplicate: %v", err)
		}
	}
	if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (?, ?)`, 3, "c"); err != nil {
		t.Fatal(err)
	}
	// A kept SELECT * reads the columns a later ALTER adds.
	q := `SELECT * FROM t WHERE id = ?`
	var id int
	if err := db.QueryRow(q, 1).Scan(&id, &v); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ALTER TABLE t ADD COLUMN w TEXT DEFAULT 'new'`); err != nil {
		t.Fatal(err)
	}
	var w string
	if err := db.QueryRow(q, 1).Scan(&id, &v, &w); err != nil || w != "new" {
		t.Errorf("after ALTER: %q, %v", w, err)
	}
}

// Only single statements that read or write rows are kept; anything else
// (DDL, PRAGMAs, a migration's text, whatever its leading comments) makes
// every connection drop what it kept.
func TestRowStatementsAreKept(t *testing.T) {
	for q, want := range map[string]bool{
		`SELECT 1`: true,
		"  -- a comment\n  insert into t VALUES (1, 'a')": true,
		`/* c */ (SELECT 1) UNION SELECT 2`:               true,
		`WITH x AS (SELECT 1) DELETE FROM t`:              true,
		`UPDATE t SET v = 'a;b'`:                          false,
		"-- +goose Up\nCREATE TABLE u (id INTEGER)":       false,
		`ALTER TABLE t ADD COLUMN w`:                      false,
		`PRAGMA foreign_keys`:                             false,
		`SELECT 1; SELECT 2`:                              false,
		"-- only a comment":                               false,
		``:                                                false,
	} {
		if got := rowStatement(q); got != want {
			t.Errorf("rowStatement(%q) = %v, want %v", q, got, want)
		}
	}
}

// A schema changed reaches the statements a connection kept as it reaches
// the driver's own: on the connection that changed it at once, on another
// from its second read (SQLite learns of another connection's change when
// it first steps a statement, after the columns were told).
func TestSchemaChangeReachesKeptStatements(t *testing.T) {
	db := openCaching(t)
	ctx := context.Background()
	db.Exec(`INSERT INTO t (id, v) VALUES (1, 'a')`)
	q := `SELECT * FROM t WHERE id = ?`
	var id int
	var v, w string
	onConn(t, db, func(conn *sql.Conn, cache func() *cachingConn) {
		if err := conn.QueryRowContext(ctx, q, 1).Scan(&id, &v); err != nil {
			t.Fatal(err)
		}
		onConn(t, db, func(other *sql.Conn, _ func() *cachingConn) {
			if err := other.QueryRowContext(ctx, q, 1).Scan(&id, &v); err != nil {
				t.Fatal(err)
			}
			if _, err := conn.ExecContext(ctx, "-- a migration\nALTER TABLE t ADD COLUMN w TEXT DEFAULT 'new'"); err != nil {
				t.Fatal(err)
			}
			if err := conn.QueryRowContext(ctx, q, 1).Scan(&id, &v, &w); err != nil || w != "new" {
				t.Errorf("after ALTER on the same connection: %q, %v", w, err)
			}
			other.QueryRowContext(ctx, q, 1).Scan(&id, &v, &w) // the driver's first read is stale too
			w = ""
			if err := other.QueryRowContext(ctx, q, 1).Scan(&id, &v, &w); err != nil || w != "new" {
				t.Errorf("second read after ALTER on another connection: %q, %v", w, err)
			}
		})
		if n := len(cache().stmts); n != 1 {
			t.Errorf("kept %d statements after the change, want 1 (the one read since)", n)
		}
	})
}

// TestStepContext: a statement is stepped under a context that cannot
// end (go-sqlite3 then steps it on the caller's goroutine), keeping the
// context's values; a context that has ended is refused.
func TestStepContext(t *testing.T) {
	type key struct{}
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "v"))
	got, err := stepContext(ctx)
	if err != nil || got.Done() != nil {
		t.Errorf("a live request's context is handed to the driver with its end (%v)", err)
	}
	if got.Value(key{}) != "v" {
		t.Error("the context's values are lost")
	}
	cancel()
	if _, err := stepContext(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("an ended context: %v, want context.Canceled", err)
	}
}

// TestEndedContextStopsAStatement: a request that has ended runs no
// further statement, read or write.
func TestEndedContextStopsAStatement(t *testing.T) {
	db := openSQLite(DSN(filepath.Join(t.TempDir(), "t.db"), time.Second), time.Second)
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE t (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	cancel()
	if _, err := conn.ExecContext(ctx, `INSERT INTO t VALUES (1)`); !errors.Is(err, context.Canceled) {
		t.Errorf("insert after the end: %v, want context.Canceled", err)
	}
	if _, err := conn.QueryContext(ctx, `SELECT x FROM t`); !errors.Is(err, context.Canceled) {
		t.Errorf("select after the end: %v, want context.Canceled", err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM t`).Scan(&n); err != nil || n != 0 {
		t.Errorf("rows after a refused insert: %d %v", n, err)
	}
}
