package store

import (
	"context"
	"testing"
	"time"
)

// BenchmarkEventStart60 opens round 1 of a Swiss event of 60 entrants at
// tables of 4 (15 Imperial games) through StartEvent: the draw, every
// game created, started, its first state and snapshot derived, in one
// transaction. Issue 24 asks for under 60 s on the 2-core machine.
func BenchmarkEventStart60(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		s, _, _ := openWith(b, Options{Registry: realRegistry(), CacheBytes: 8 << 20})
		e := swissEvent(b, s, "imperial", addMembers(b, s, 60), 5, 4)
		b.StartTimer()
		ids, err := s.StartEvent(context.Background(), e.ID)
		if err != nil || len(ids) != 15 {
			b.Fatalf("%v %v", ids, err)
		}
	}
}

// TestEventStart60Bound is the benchmark's bound as a test: 60 entrants'
// round 1 opens within 60 s (measured once, logged).
func TestEventStart60Bound(t *testing.T) {
	s, _ := openReal(t)
	e := swissEvent(t, s, "imperial", addMembers(t, s, 60), 5, 4)
	start := time.Now()
	ids, err := s.StartEvent(context.Background(), e.ID)
	took := time.Since(start)
	if err != nil || len(ids) != 15 {
		t.Fatalf("%v %v", ids, err)
	}
	t.Logf("60 entrants: 15 games of round 1 opened in %v", took)
	if took > 60*time.Second {
		t.Fatalf("round 1 took %v to open, over 60 s", took)
	}
}
