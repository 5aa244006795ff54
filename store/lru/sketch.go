package lru

import "math/bits"

// sketch estimates how often each key was asked for lately: a count-min
// sketch of two rows of small counters indexed by different bits of the
// key's hash (a key's count is the smaller of its two, so another key
// sharing one of them rarely inflates it). Every so many additions all
// counts are halved, so what was read often long ago weighs less than
// what is read now.
type sketch struct {
	shift   uint // the hash's top bits index a row
	rows    [2][]uint8
	adds    int
	halveAt int
}

// newSketch sizes the rows for about window keys and halves the counts
// after as many additions. Halving after ten times as many kept the
// game pages' entries ahead of the history's for the first 20 s of
// history pages at the 200-game club (their CPU a fifth more than with
// no sketch); after one window the history pages got in as fast as
// before and kept more (0.84 ms a page against 0.95).
func newSketch(window int) *sketch {
	b := bits.Len(uint(max(window, 2) - 1))
	n := 1 << b
	return &sketch{shift: uint(64 - b), rows: [2][]uint8{make([]uint8, n), make([]uint8, n)}, halveAt: n}
}

func (s *sketch) slots(h uint64) (int, int) {
	// The second row's index comes from the hash's other end, mixed, so
	// two keys that share one slot seldom share the other.
	return int(h >> s.shift), int((h * 0x9e3779b97f4a7c15) >> s.shift)
}

func (s *sketch) add(h uint64) {
	i, j := s.slots(h)
	if s.rows[0][i] < 255 {
		s.rows[0][i]++
	}
	if s.rows[1][j] < 255 {
		s.rows[1][j]++
	}
	if s.adds++; s.adds >= s.halveAt {
		for _, r := range s.rows {
			for k := range r {
				r[k] >>= 1
			}
		}
		s.adds = 0
	}
}

func (s *sketch) count(h uint64) uint8 {
	i, j := s.slots(h)
	return min(s.rows[0][i], s.rows[1][j])
}

func (s *sketch) reset() {
	clear(s.rows[0])
	clear(s.rows[1])
	s.adds = 0
}
