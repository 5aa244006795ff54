package handlers

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestAppendF1MatchesStrconv: the plot's own rounding in tenths writes
// every number as strconv (and so %.1f) does: the coordinates a plot
// draws, exact halves and numbers just beside them, the ends of its fast
// path, and random numbers of every size and sign.
func TestAppendF1MatchesStrconv(t *testing.T) {
	vs := []float64{0, math.Copysign(0, -1), 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.25, 2.5, 9.95, 99.95,
		0.049999999, 0.0500000001, 1e6 - 0.05, 1e6, 1e6 + 0.05, 1e-300, -0.04, -0.05, -1.25, -7.3,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}
	for n := 1; n <= 120; n++ { // every point of plots up to 120 values ...
		a := plotAxes{n: n, yMax: 1}
		for i := range n {
			x := a.x(i)
			vs = append(vs, x, x-4, x+5, x-1.8)
		}
	}
	for yMax := 1; yMax <= 400; yMax++ { // ... and every height up to 400
		a := plotAxes{n: 2, yMax: yMax}
		for v := 0; v <= yMax; v++ {
			y := a.y(v)
			vs = append(vs, y, y+4, y-5, y+1.8)
		}
	}
	r := rand.New(rand.NewPCG(20, 6))
	for range 200000 {
		vs = append(vs, r.Float64()*700, float64(r.IntN(1e7))/20, math.Float64frombits(r.Uint64()),
			(float64(r.IntN(2e6))+0.5)/10+float64(r.IntN(3)-1)*1e-12)
	}
	for _, v := range vs {
		want := strconv.FormatFloat(v, 'f', 1, 64)
		if got := string(appendF1(nil, v)); got != want {
			t.Errorf("appendF1(%v) = %q, want %q", v, got, want)
		}
	}
}

func BenchmarkAppendF1(b *testing.B) {
	var buf [32]byte
	for b.Loop() {
		for v := 14.0; v < 254; v += 0.37 {
			appendF1(buf[:0], v)
		}
	}
}
