package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/logger"
)

// TraceQueries calls f with every statement the store runs through its
// ORM from now on, its arguments written in (nil: stop). For tests and
// tools that check query plans; set it before the store is in use.
func (s *Store) TraceQueries(f func(sql string)) {
	if f == nil {
		s.db.Config.Logger = logger.Discard
		return
	}
	s.db.Config.Logger = traceLogger{f: f}
}

// QueryPlan returns the lines of SQLite's EXPLAIN QUERY PLAN for a
// statement: how it finds its rows ("SEARCH t USING INDEX ...", or "SCAN
// t" when it reads a whole table).
func (s *Store) QueryPlan(ctx context.Context, query string) ([]string, error) {
	rows, err := s.sql.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query)
	if err != nil {
		return nil, fmt.Errorf("store: query plan: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, fmt.Errorf("store: query plan: %w", err)
		}
		out = append(out, detail)
	}
	return out, wrapErr(rows.Err(), "store: query plan")
}

// traceLogger is a GORM logger that hands each statement to f.
type traceLogger struct {
	logger.Interface
	f func(string)
}

func (l traceLogger) LogMode(logger.LogLevel) logger.Interface { return l }
func (l traceLogger) Info(context.Context, string, ...any)     {}
func (l traceLogger) Warn(context.Context, string, ...any)     {}
func (l traceLogger) Error(context.Context, string, ...any)    {}
func (l traceLogger) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	sql, _ := fc()
	l.f(sql)
}
