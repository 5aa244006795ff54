package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// Compare decodes two PNGs and says how they differ: "" when they have
// the same size and at most the fraction tol of their pixels differ by
// more than a little (for golden-image tests: a change of rasteriser may
// move an edge, not a region's colour).
func Compare(want, got []byte, tol float64) string {
	a, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "stored image: " + err.Error()
	}
	b, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "new image: " + err.Error()
	}
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", b.Bounds().Size(), a.Bounds().Size())
	}
	n, diff := 0, 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			n++
			if far(a, b, x, y) {
				diff++
			}
		}
	}
	if f := float64(diff) / float64(n); f > tol {
		return fmt.Sprintf("%d of %d pixels differ (%.3f%%, at most %.3f%% allowed)", diff, n, 100*f, 100*tol)
	}
	return ""
}

func far(a, b image.Image, x, y int) bool {
	ar, ag, ab, _ := a.At(x, y).RGBA()
	br, bg, bb, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) bool { return p>>8 > q>>8+40 || q>>8 > p>>8+40 }
	return d(ar, br) || d(ag, bg) || d(ab, bb)
}
