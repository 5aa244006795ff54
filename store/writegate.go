package store

import (
	"context"
	"database/sql/driver"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-sqlite3"
)

// SQLite lets one connection write at a time, and every transaction here
// begins IMMEDIATE (store.DSN): it takes the write lock at its start. A
// connection that finds the lock taken waits in SQLite's busy handler,
// which sleeps 1, 2, 5, 10, 15, 20, 25… ms between looks whatever happens
// meanwhile: under a stream of moves a writer often slept 10-25 ms after
// the lock was free, holding one of the pool's few connections, while the
// pages waited for a connection. The writers of one process therefore
// queue in Go before they begin: in arrival order, each woken the moment
// the one before it commits or rolls back. SQLite's busy timeout still
// orders this process's writers against another process's (a command run
// beside the server).

// writeGate is the turn to write of one pool's connections.
type writeGate struct {
	turn chan struct{} // holds a token while a transaction is open
	wait time.Duration // the longest a writer waits for its turn
	// waiting counts the writers waiting now (for tests and the load
	// tool's questions).
	waiting atomic.Int32
}

func newWriteGate(wait time.Duration) *writeGate {
	return &writeGate{turn: make(chan struct{}, 1), wait: wait}
}

// enter waits for the turn to write: at most g.wait, as SQLite's busy
// timeout would, and not after ctx ends. Waiters are served in the order
// they came (a channel's blocked senders are).
func (g *writeGate) enter(ctx context.Context) error {
	select {
	case g.turn <- struct{}{}:
		return nil
	default:
	}
	g.waiting.Add(1)
	defer g.waiting.Add(-1)
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.turn <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("store: waiting to write: %w", ctx.Err())
	case <-t.C:
		// What SQLite says when its busy timeout runs out ("database
		// is locked"), so callers see what they saw before.
		return fmt.Errorf("store: waiting to write: %w", sqlite3.Error{Code: sqlite3.ErrBusy})
	}
}

func (g *writeGate) leave() { <-g.turn }

// BeginTx begins a transaction once it is this connection's turn to
// write; the turn passes on when the transaction ends.
func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if err := c.gate.enter(ctx); err != nil {
		return nil, err
	}
	tx, err := c.SQLiteConn.BeginTx(ctx, opts)
	if err != nil {
		c.gate.leave()
		return nil, err
	}
	gt := &gatedTx{Tx: tx, c: c}
	c.open = gt
	return gt, nil
}

// Begin is BeginTx without a context (database/sql prefers BeginTx).
func (c *cachingConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

// gatedTx is a transaction holding its pool's turn to write.
type gatedTx struct {
	driver.Tx
	c    *cachingConn
	once sync.Once
}

func (t *gatedTx) Commit() error {
	defer t.end()
	return t.Tx.Commit()
}

func (t *gatedTx) Rollback() error {
	defer t.end()
	return t.Tx.Rollback()
}

// end passes the turn on, once, whichever way the transaction ended
// (committed, rolled back, or its connection closed under it).
func (t *gatedTx) end() {
	t.once.Do(func() {
		t.c.open = nil
		t.c.gate.leave()
	})
}
