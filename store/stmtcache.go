package store

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mattn/go-sqlite3"
)

// SQLite compiles every statement it is given (sqlite3_prepare_v2): the
// driver prepares a statement for each Exec and Query and finalizes it
// after, so a stored move spent about a sixth of its CPU compiling the
// same few dozen statements again. Each SQLite connection here keeps the
// statements it ran last, prepared, and runs a statement of the same text
// again with new arguments. The cache is per connection, below
// database/sql, so it serves transactions and single statements alike and
// never needs a second connection (preparing on the pool from inside a
// transaction could wait for a connection held by a writer that waits for
// this transaction's lock). GORM's PrepareStmt does not help here: it
// prepares a statement first met in a transaction on that transaction
// (Tx.PrepareContext), and database/sql prepares such a statement again
// in every later transaction (Tx.StmtContext).
//
// PostgreSQL needs none of this: pgx keeps each connection's statements
// prepared itself.

// stmtCacheSize is how many statements a connection keeps prepared. A
// stored move with its mails runs about forty distinct statements; the
// pages and jobs run others, and a compiled statement takes a few
// kilobytes of C memory, so four connections keep at most a few MB.
const stmtCacheSize = 96

// sqliteConnector opens SQLite connections that keep their statements
// (a driver.Connector for sql.OpenDB).
type sqliteConnector struct {
	dsn string
	drv *sqlite3.SQLiteDriver
	// schema counts the pool's statements that may have changed the
	// schema (schemaChange): a kept statement reads its columns as they
	// were when it was last run, and SQLite compiles it again for a new
	// schema only once stepped, so after a change each connection drops
	// what it kept.
	schema *atomic.Int64
	// gate queues the pool's writers (writegate.go).
	gate *writeGate
}

func (c sqliteConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, fmt.Errorf("store: connecting to SQLite: %w", err)
	}
	return &cachingConn{SQLiteConn: conn.(*sqlite3.SQLiteConn), stmts: map[string]*list.Element{}, lru: list.New(),
		schema: c.schema, seen: c.schema.Load(), gate: c.gate}, nil
}

func (c sqliteConnector) Driver() driver.Driver { return c.drv }

// openSQLite opens the pool of caching connections on dsn, whose writers
// wait their turn at most busy.
func openSQLite(dsn string, busy time.Duration) *sql.DB {
	return sql.OpenDB(sqliteConnector{dsn: dsn, drv: &sqlite3.SQLiteDriver{}, schema: new(atomic.Int64), gate: newWriteGate(busy)})
}

// cachingConn is an SQLite connection that keeps its recent statements
// prepared. Everything but Exec, Query and Close is the driver's own.
// database/sql never uses one connection from two goroutines at once.
type cachingConn struct {
	*sqlite3.SQLiteConn
	stmts  map[string]*list.Element // of *cachedStmt, by text
	lru    *list.List               // most recently used first
	schema *atomic.Int64            // the pool's (sqliteConnector.schema)
	seen   int64                    // its count when the kept statements were prepared
	// prepared counts the statements prepared for keeping (for tests).
	prepared int
	gate     *writeGate
	open     *gatedTx // the transaction holding the turn to write, if any
}

// cachedStmt is one kept statement. busy: rows read from it are open, so
// the same text run meanwhile is prepared apart (the driver's own way).
type cachedStmt struct {
	query string
	st    *sqlite3.SQLiteStmt
	nargs int
	// rows: it returns columns (a SELECT, a RETURNING, some PRAGMAs).
	// Exec leaves such a statement stepped but not reset, holding its
	// read, so Exec runs it the driver's way.
	rows    bool
	busy    bool
	evicted bool // dropped from the cache while busy: finalize on release
	// cols are its columns' names, kept for a text that names its
	// columns (nil for one with a *, whose columns a schema changed by
	// another process would change): the driver reads each name from
	// SQLite again, a string apiece, every time its rows are read, and a
	// game page runs a dozen statements.
	cols []string
}

// cacheable says whether query can be kept: one statement (the driver
// runs a text of several in turn) that reads or writes rows, its
// arguments all positional.
func cacheable(query string, args []driver.NamedValue) bool {
	if !rowStatement(query) {
		return false
	}
	for _, a := range args {
		if a.Name != "" {
			return false
		}
	}
	return true
}

// rowStatement says whether query is one statement that reads or writes
// rows (a SELECT, INSERT, UPDATE, DELETE, WITH or REPLACE), which leaves
// the schema as it was.
func rowStatement(query string) bool {
	if strings.IndexByte(query, ';') >= 0 {
		return false
	}
	switch strings.ToUpper(firstWord(query)) {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "REPLACE":
		return true
	}
	return false
}

// firstWord is the first word of query, past spaces, comments and
// opening brackets.
func firstWord(q string) string {
	for {
		q = strings.TrimLeft(q, " \t\r\n(")
		switch {
		case strings.HasPrefix(q, "--"):
			i := strings.IndexByte(q, '\n')
			if i < 0 {
				return ""
			}
			q = q[i+1:]
		case strings.HasPrefix(q, "/*"):
			i := strings.Index(q, "*/")
			if i < 0 {
				return ""
			}
			q = q[i+2:]
		default:
			end := strings.IndexFunc(q, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') })
			if end < 0 {
				return q
			}
			return q[:end]
		}
	}
}

// stmt returns the kept statement of query, preparing and keeping it if
// new; nil when query is not to be kept, is busy, or does not prepare (the
// driver's own path then says why, in its own words).
func (c *cachingConn) stmt(ctx context.Context, query string, args []driver.NamedValue) *cachedStmt {
	if !cacheable(query, args) {
		return nil
	}
	if n := c.schema.Load(); n != c.seen {
		c.dropAll()
		c.seen = n
	}
	if e, ok := c.stmts[query]; ok {
		cs := e.Value.(*cachedStmt)
		if cs.busy || cs.nargs != len(args) {
			return nil
		}
		c.lru.MoveToFront(e)
		return cs
	}
	ds, err := c.SQLiteConn.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	st := ds.(*sqlite3.SQLiteStmt)
	// Binding without stepping tells the columns; closing the rows resets.
	r, err := st.Query(nil)
	if err != nil {
		st.Close()
		return nil
	}
	c.prepared++
	cols := r.Columns()
	cs := &cachedStmt{query: query, st: st, nargs: st.NumInput(), rows: len(cols) > 0}
	if strings.IndexByte(query, '*') < 0 {
		cs.cols = slices.Clone(cols)
	}
	r.Close()
	c.stmts[query] = c.lru.PushFront(cs)
	if c.lru.Len() > stmtCacheSize {
		c.evict(c.lru.Back())
	}
	if cs.nargs != len(args) {
		return nil // the driver's own error, or its leaving extra arguments out
	}
	return cs
}

func (c *cachingConn) evict(e *list.Element) {
	cs := c.lru.Remove(e).(*cachedStmt)
	delete(c.stmts, cs.query)
	if cs.busy {
		cs.evicted = true
		return
	}
	cs.st.Close()
}

// dropAll drops every kept statement (those busy once released).
func (c *cachingConn) dropAll() {
	for c.lru.Len() > 0 {
		c.evict(c.lru.Back())
	}
}

// stepContext is the context a statement is stepped under: ctx without
// its end, or ctx's error if it has ended (the statement is then not
// run). go-sqlite3 steps a statement whose context can end in a goroutine
// of its own, one per row read and per statement run, so that it can
// interrupt it; our statements are short (pages of rows, one game's
// moves), and that goroutine, its channel and the switches to it and
// back cost a busy server several per cent of its CPU, more on pages of
// many rows. A request that ends stops at its next statement instead.
func stepContext(ctx context.Context) (context.Context, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return context.WithoutCancel(ctx), nil
}

// ExecContext runs query through its kept statement when it can.
func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	ctx, err := stepContext(ctx)
	if err != nil {
		return nil, err
	}
	cs := c.stmt(ctx, query, args)
	if cs == nil || cs.rows {
		res, err := c.SQLiteConn.ExecContext(ctx, query, args)
		if !rowStatement(query) { // it may have changed the schema
			c.schema.Add(1)
		}
		return res, err
	}
	return cs.st.ExecContext(ctx, args)
}

// QueryContext runs query through its kept statement when it can; the
// statement is busy until its rows are closed (closing resets it).
func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	ctx, err := stepContext(ctx)
	if err != nil {
		return nil, err
	}
	cs := c.stmt(ctx, query, args)
	if cs == nil {
		rows, err := c.SQLiteConn.QueryContext(ctx, query, args)
		if !rowStatement(query) { // it may have changed the schema
			c.schema.Add(1)
		}
		return rows, err
	}
	r, err := cs.st.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	cs.busy = true
	return &cachedRows{SQLiteRows: r.(*sqlite3.SQLiteRows), cs: cs, cols: cs.cols}, nil
}

// Close finalizes the kept statements, then closes the connection (SQLite
// keeps a connection with unfinalized statements open as a zombie).
func (c *cachingConn) Close() error {
	if c.open != nil {
		c.open.end() // SQLite rolls back what the closed connection left open
	}
	c.dropAll()
	return c.SQLiteConn.Close()
}

// cachedRows are a kept statement's rows: the driver's, column types and
// all, and closing them frees the statement for its next run.
type cachedRows struct {
	*sqlite3.SQLiteRows
	cs   *cachedStmt
	cols []string // the statement's kept names (cachedStmt.cols), if any
}

// Columns are the kept names when the statement has them (a copy: the
// caller may change what it is given), else the driver's.
func (r *cachedRows) Columns() []string {
	if r.cols == nil {
		return r.SQLiteRows.Columns()
	}
	return slices.Clone(r.cols)
}

func (r *cachedRows) Close() error {
	err := r.SQLiteRows.Close()
	if cs := r.cs; cs != nil {
		r.cs = nil
		cs.busy = false
		if cs.evicted {
			cs.st.Close()
		}
	}
	return err
}
