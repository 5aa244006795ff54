package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// fillOutbox queues n pending mails to one user, all due, in one
// statement per thousand (a backlog after an outage of the SMTP server).
func fillOutbox(t testing.TB, s *Store, n int) {
	t.Helper()
	now := s.Now().UTC()
	if err := s.Exec(`INSERT INTO users (id, email, created_at) VALUES (1, 'a@example.org', ?)`, now); err != nil {
		t.Fatal(err)
	}
	for start := 0; start < n; start += 1000 {
		var rows []string
		var args []any
		for i := start; i < min(n, start+1000); i++ {
			rows = append(rows, "(?, 1, 'test', 'a@example.org', 's', 'x', 'pending', ?, ?, ?)")
			args = append(args, i+1, now.Add(-time.Duration(n-i)*time.Second), time.Time{}.UTC(), now)
		}
		if err := s.Exec(`INSERT INTO outbox (seq, user_id, kind, to_addr, subject, text_body, status, next_at, claimed_until, created_at) VALUES `+
			strings.Join(rows, ", "), args...); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkClaimNext claims and marks sent the most due mail of a backlog
// of pending mails, as the sender does for each mail it sends: its cost
// does not grow with the backlog (compare the sub-benchmarks).
func BenchmarkClaimNext(b *testing.B) {
	for _, n := range []int{100, 24000} {
		b.Run(fmt.Sprint("pending=", n), func(b *testing.B) {
			s, _, _ := openWith(b, Options{})
			fillOutbox(b, s, n+b.N)
			ctx := context.Background()
			b.ResetTimer()
			for range b.N {
				m, err := s.Outbox().ClaimNext(ctx, time.Minute)
				if err != nil || m == nil {
					b.Fatal(m, err)
				}
				if err := s.Outbox().MarkSent(ctx, m.ID); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
