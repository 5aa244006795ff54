package store

import (
	"context"
	"database/sql"
	"reflect"
	"testing"
)

// A kept statement's rows name its columns as the driver does, every run,
// whatever a caller did with the names it was given; a text with a * asks
// the driver each time.
func TestKeptStatementNamesItsColumns(t *testing.T) {
	db := openCaching(t)
	ctx := context.Background()
	if _, err := db.Exec(`INSERT INTO t (id, v) VALUES (1, 'a')`); err != nil {
		t.Fatal(err)
	}
	onConn(t, db, func(conn *sql.Conn, cache func() *cachingConn) {
		for _, c := range []struct {
			query string
			want  []string
			kept  bool
		}{
			{`SELECT id, v AS value, COALESCE(v, '') FROM t WHERE id = ?`, []string{"id", "value", "COALESCE(v, '')"}, true},
			{`SELECT * FROM t WHERE id = ?`, []string{"id", "v"}, false},
		} {
			for run := range 3 {
				rows, err := conn.QueryContext(ctx, c.query, 1)
				if err != nil {
					t.Fatal(err)
				}
				cols, err := rows.Columns()
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(cols, c.want) {
					t.Errorf("%s, run %d: columns %q, want %q", c.query, run, cols, c.want)
				}
				cols[0] = "changed by the caller"
				n := 0
				for rows.Next() {
					n++
				}
				rows.Close()
				if n != 1 {
					t.Errorf("%s, run %d: %d rows, want 1", c.query, run, n)
				}
			}
			e, ok := cache().stmts[c.query]
			if !ok {
				t.Fatalf("%s is not kept", c.query)
			}
			if kept := e.Value.(*cachedStmt).cols != nil; kept != c.kept {
				t.Errorf("%s: names kept %v, want %v", c.query, kept, c.kept)
			}
		}
	})
}
