// Package rng is the one source of randomness for the engines: a small
// seeded generator (SplitMix64) written out here so that a stored seed deals
// the same cards under every Go version.
package rng

// Source is a deterministic pseudo-random generator.
type Source struct{ state uint64 }

// New returns a generator for seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Uint64 returns the next value.
func (s *Source) Uint64() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a value in [0, n). n must be positive.
func (s *Source) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn of non-positive n")
	}
	// Rejection sampling keeps the result unbiased.
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		v := s.Uint64()
		if v < limit {
			return int(v % uint64(n))
		}
	}
}

// Shuffle permutes n items with swap (Fisher–Yates).
func (s *Source) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, s.Intn(i+1))
	}
}
