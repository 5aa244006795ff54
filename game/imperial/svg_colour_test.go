package imperial

import (
	"fmt"
	"testing"
)

// TestMixWritesWhatFmtWrote: mix writes its hex by hand; it must say what
// fmt's "#%02x%02x%02x" said, for tints near both ends and between.
func TestMixWritesWhatFmtWrote(t *testing.T) {
	colours := []string{"#ffffff", "#000000", "#c0392b", "#1f4e79", "#0a0", "#e9e4d4"}
	for _, a := range colours {
		for _, b := range colours {
			for _, tint := range []float64{0, 0.25, 0.35, 0.38, 0.5, 0.88, 1} {
				ar, ag, ab := rgb(a)
				br, bg, bb := rgb(b)
				c := func(x, y float64) int { return int((x+(y-x)*tint)*255 + 0.5) }
				want := fmt.Sprintf("#%02x%02x%02x", c(ar, br), c(ag, bg), c(ab, bb))
				if got := mix(a, b, tint); got != want {
					t.Errorf("mix(%s, %s, %v) = %s, want %s", a, b, tint, got, want)
				}
			}
		}
	}
}
