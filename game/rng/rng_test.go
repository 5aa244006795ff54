package rng

import "testing"

func TestDeterministic(t *testing.T) {
	a, b := New(42), New(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed gave different values")
		}
	}
	// Pin the first value so that a change of algorithm (which would re-deal
	// every stored game) fails here.
	if got := New(1).Uint64(); got != 0x910a2dec89025cc1 {
		t.Fatalf("first value of seed 1 = %#x", got)
	}
}

func TestIntnRange(t *testing.T) {
	s := New(7)
	seen := make([]int, 6)
	for i := 0; i < 6000; i++ {
		v := s.Intn(6)
		if v < 0 || v >= 6 {
			t.Fatalf("Intn(6) = %d", v)
		}
		seen[v]++
	}
	for v, n := range seen {
		if n < 800 || n > 1200 {
			t.Errorf("value %d seen %d times of 6000", v, n)
		}
	}
}

func TestShufflePermutes(t *testing.T) {
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7}
	New(3).Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	if len(seen) != 8 {
		t.Fatalf("shuffle lost items: %v", xs)
	}
}
