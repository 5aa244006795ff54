package imperial

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestNumAsStrconv: the panel's numbers are written as strconv wrote the
// value rounded to tenths, for every value the panel places (coordinates
// to 2,000 in hundredths), halves and their neighbours, negatives and
// numbers too large for the short way.
func TestNumAsStrconv(t *testing.T) {
	t.Parallel()
	old := func(f float64) string {
		return strconv.FormatFloat(float64(int64(f*10+0.5*sign(f)))/10, 'f', -1, 64)
	}
	for i := -20000; i <= 200000; i++ {
		for _, v := range []float64{float64(i) / 100, float64(i)/20 + 1e-9, float64(i)/20 - 1e-9, float64(i) * 0.05, float64(i) * 1.7} {
			if got, want := num(v), old(v); got != want {
				t.Fatalf("num(%v) = %q, strconv %q", v, got, want)
			}
		}
	}
	for _, v := range []float64{1e13, -1e13, 1e12 + 0.05, 0.04999999999999999, 0.49999999999999994, math.Copysign(0, -1), math.MaxInt32} {
		if got, want := num(v), old(v); got != want {
			t.Errorf("num(%v) = %q, strconv %q", v, got, want)
		}
	}
}

// TestWriteNumIsNum: writeNum writes what num says.
func TestWriteNumIsNum(t *testing.T) {
	t.Parallel()
	for i := -20000; i <= 200000; i++ {
		for _, v := range []float64{float64(i) / 100, float64(i)/20 + 1e-9, float64(i) * 1.7, float64(i) * 1e9} {
			var b strings.Builder
			writeNum(&b, v)
			if b.String() != num(v) {
				t.Fatalf("writeNum(%v) = %q, num %q", v, b.String(), num(v))
			}
		}
	}
}
