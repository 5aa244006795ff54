package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mattn/go-sqlite3"
)

// gatedPool opens a pool of SQLite connections on a new file whose
// writers wait their turn at most wait, with a table t(id, v).
func gatedPool(t *testing.T, wait time.Duration) (*sql.DB, *writeGate) {
	t.Helper()
	db := openSQLite(DSN(filepath.Join(t.TempDir(), "gate.db"), wait), wait)
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(8)
	if _, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`); err != nil {
		t.Fatal(err)
	}
	var g *writeGate
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	conn.Raw(func(dc any) error { g = dc.(*cachingConn).gate; return nil })
	conn.Close()
	return db, g
}

// waitFor waits until n writers wait for their turn.
func waitFor(t *testing.T, g *writeGate, n int32) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); g.waiting.Load() != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d writers waiting, want %d", g.waiting.Load(), n)
		}
	}
}

// Writers that find another writing take their turns in the order they
// came, each as soon as the one before it ends, and every one writes.
func TestWritersTakeTurnsInOrder(t *testing.T) {
	db, g := gatedPool(t, 10*time.Second)
	first, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	order := make(chan int, 4)
	errs := make(chan error, 4)
	for i := 1; i <= 4; i++ {
		go func() {
			tx, err := db.Begin()
			if err != nil {
				errs <- err
				return
			}
			order <- i
			if _, err := tx.Exec(`INSERT INTO t (id, v) VALUES (?, 'w')`, i); err != nil {
				tx.Rollback()
				errs <- err
				return
			}
			errs <- tx.Commit()
		}()
		waitFor(t, g, int32(i)) // each queued before the next comes
	}
	if _, err := first.Exec(`INSERT INTO t (id, v) VALUES (0, 'first')`); err != nil {
		t.Fatal(err)
	}
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for want := 1; want <= 4; want++ {
		if got := <-order; got != want {
			t.Fatalf("writer %d took its turn when writer %d's was due", got, want)
		}
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM t`).Scan(&n); err != nil || n != 5 {
		t.Fatalf("%d rows (%v), want 5", n, err)
	}
}

// A writer that waits longer than the busy timeout is told the database is
// locked, as SQLite would tell it; readers meanwhile read; and the turn is
// free again once the writer ends, by rollback as by commit.
func TestWriterWaitsNoLongerThanTheBusyTimeout(t *testing.T) {
	db, g := gatedPool(t, 150*time.Millisecond)
	holder, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM t`).Scan(&n); err != nil {
		t.Fatalf("a reader beside a writer: %v", err)
	}
	start := time.Now()
	_, err = db.Begin()
	var se sqlite3.Error
	if !errors.As(err, &se) || se.Code != sqlite3.ErrBusy || !strings.Contains(err.Error(), "waiting to write") {
		t.Fatalf("a writer past the busy timeout: %v, want database is locked", err)
	}
	if waited := time.Since(start); waited < 150*time.Millisecond {
		t.Fatalf("gave up after %v, before the busy timeout", waited)
	}
	if g.waiting.Load() != 0 {
		t.Fatalf("%d still waiting", g.waiting.Load())
	}
	if err := holder.Rollback(); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatalf("the turn after a rollback: %v", err)
	}
	tx.Commit()
}

// A writer whose request ends while it waits gives up at once.
func TestWriterGivesUpWithItsContext(t *testing.T) {
	db, g := gatedPool(t, 10*time.Second)
	holder, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Rollback()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := db.BeginTx(ctx, nil)
		done <- err
	}()
	waitFor(t, g, 1)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("a writer whose context ended: %v", err)
	}
}

// A connection closed with its transaction open passes the turn on.
func TestClosedConnectionPassesTheTurn(t *testing.T) {
	wait := 5 * time.Second
	c := sqliteConnector{dsn: DSN(filepath.Join(t.TempDir(), "close.db"), wait), drv: &sqlite3.SQLiteDriver{}, schema: new(atomic.Int64), gate: newWriteGate(wait)}
	ctx := context.Background()
	a, err := c.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.(*cachingConn).BeginTx(ctx, driver.TxOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := c.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	short, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	tx, err := b.(*cachingConn).BeginTx(short, driver.TxOptions{})
	if err != nil {
		t.Fatalf("the turn after a closed connection: %v", err)
	}
	tx.Rollback()
}
