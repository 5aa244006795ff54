package store

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"gorm.io/gorm"
)

// explain asks the database how it would run the statement build makes:
// SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with sequential
// scans and sorts priced out, so that a plan still holding one shows that
// no index can serve the statement (on a small table the planner would
// pick them anyway).
func explain(t *testing.T, s *Store, build func(tx *gorm.DB) *gorm.DB) []string {
	t.Helper()
	stmt := build(s.db.Session(&gorm.Session{DryRun: true})).Statement
	query, vars := stmt.SQL.String(), stmt.Vars
	ctx := context.Background()
	tx, err := s.sql.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	var rows *sql.Rows
	if s.pg {
		for _, set := range []string{"SET LOCAL enable_seqscan = off", "SET LOCAL enable_sort = off"} {
			if _, err := tx.ExecContext(ctx, set); err != nil {
				t.Fatal(err)
			}
		}
		rows, err = tx.QueryContext(ctx, "EXPLAIN "+query, vars...)
	} else {
		rows, err = tx.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, vars...)
	}
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var line string
		var err error
		if s.pg {
			err = rows.Scan(&line)
		} else {
			var id, parent, unused int
			err = rows.Scan(&id, &parent, &unused, &line)
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, line)
	}
	return out
}

// TestClaimReadsBoundedRows: the statements of a claim find their rows
// through the outbox's partial indexes, in the claim's order: neither
// reads the outbox whole nor sorts the pending mails, so a claim costs the
// same with 24,000 mails pending as with one (BenchmarkClaimNext). Before
// migration 00150, giving up expired mails read every pending row.
func TestClaimReadsBoundedRows(t *testing.T) {
	s, _, _ := openWith(t, Options{})
	fillOutbox(t, s, 2000)
	if s.pg { // PostgreSQL plans by statistics (SQLite has none here, as in service)
		if err := s.Exec("ANALYZE outbox"); err != nil {
			t.Fatal(err)
		}
	}
	now := s.Now()
	var found []OutboxMail
	cases := []struct {
		name  string
		index string
		build func(tx *gorm.DB) *gorm.DB
	}{
		{"give up expired", "outbox_expiring", func(tx *gorm.DB) *gorm.DB { return giveUpExpired(tx, now) }},
		{"claim next", "outbox_pending", func(tx *gorm.DB) *gorm.DB { return s.claimQuery(tx, 0, now).Find(&found) }},
		{"claim one", "", func(tx *gorm.DB) *gorm.DB { return s.claimQuery(tx, 7, now).Find(&found) }},
		{"failed mails", "outbox_failed", func(tx *gorm.DB) *gorm.DB {
			return tx.Where("status = '" + OutboxFailed + "'").Order("id DESC").Limit(200).Find(&found)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plan := strings.Join(explain(t, s, c.build), " | ")
			for _, bad := range []string{"SCAN outbox", "TEMP B-TREE", "Seq Scan", "Sort"} {
				if strings.Contains(plan, bad) && !strings.Contains(plan, "SCAN outbox USING INDEX "+c.index) {
					t.Errorf("plan has %q: %s", bad, plan)
				}
			}
			if c.index != "" && !strings.Contains(plan, c.index) {
				t.Errorf("plan does not use %s: %s", c.index, plan)
			}
		})
	}
}
