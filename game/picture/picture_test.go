package picture

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

func TestParsePath(t *testing.T) {
	for _, c := range []struct {
		d     string
		rings int
		first [][2]float64
	}{
		{"M0 0L10 0 10 10Z", 1, [][2]float64{{0, 0}, {10, 0}, {10, 10}}},
		{"M1 1l4 0 0 4-4 0zM20 20h5v5h-5z", 2, [][2]float64{{1, 1}, {5, 1}, {5, 5}, {1, 5}}},
		{"M0 0l1.5-2.5-3-.5z", 1, [][2]float64{{0, 0}, {1.5, -2.5}, {-1.5, -3}}},
		{"M0 0 C1 1 2 2 3 3", 0, nil}, // curves are not read: nothing drawn, no crash
		{"", 0, nil},
	} {
		got := parsePath(c.d)
		if len(got) != c.rings {
			t.Errorf("%q: %d rings, want %d", c.d, len(got), c.rings)
			continue
		}
		if c.first != nil && len(got[0]) != len(c.first) {
			t.Errorf("%q: first ring %v, want %v", c.d, got[0], c.first)
			continue
		}
		for i, p := range c.first {
			if got[0][i] != p {
				t.Errorf("%q: point %d is %v, want %v", c.d, i, got[0][i], p)
			}
		}
	}
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"M0 0L10 0 10 10Z", "M1 1l4 0 0 4-4 0z", "m", "M1e999 2", "M-.5.5l.5.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, d string) {
		_ = parsePath(d)
		_ = Inside(d, 1, 1)
		sc := &Scene{Width: 20, Height: 20, Background: "#ffffff"}
		sc.Add(Path(d, "#ff0000", "#000000", 1))
		if _, err := PNG(sc, 40); err != nil {
			t.Fatal(err)
		}
	})
}

// TestRenderColours: shapes land where they are drawn, in their colours,
// and the PNG is paletted with the scene's colours exact.
func TestRenderColours(t *testing.T) {
	sc := &Scene{Width: 100, Height: 50, Background: "#fbf8f1"}
	sc.Add(Rect(10, 10, 30, 30, "#2a62c9", "#111111", 1),
		Circle(70, 25, 15, "#d0312d", "", 0),
		Line(0, 48, 100, 48, "#2e8b3a", 2).Dashed(5),
		Arrow(45, 5, 95, 5, "#7b3fa0", 2),
		Text(70, 30, 12, "12", "#ffffff", "middle", true))
	b, err := PNG(sc, 200)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y int
		want string
	}{{50, 50, "#2a62c9"}, {2, 2, "#fbf8f1"}, {140, 25, "#d0312d"}, {122, 50, "#d0312d"}, {2, 96, "#2e8b3a"}, {12, 96, "#fbf8f1"}} {
		r, g, bl, _ := img.At(c.x, c.y).RGBA()
		got := "#" + strings.ToLower(string([]byte{hexd(r >> 12), hexd(r >> 8 & 15), hexd(g >> 12), hexd(g >> 8 & 15), hexd(bl >> 12), hexd(bl >> 8 & 15)}))
		if got != c.want {
			t.Errorf("pixel (%d, %d) is %s, want %s", c.x, c.y, got, c.want)
		}
	}
	if img.Bounds().Dx() != 200 || img.Bounds().Dy() != 100 {
		t.Errorf("size %v, want 200x100", img.Bounds().Size())
	}
}

func hexd(v uint32) byte { return "0123456789abcdef"[v&15] }

func TestSVGEscapes(t *testing.T) {
	sc := &Scene{Width: 10, Height: 10, Background: "#ffffff"}
	sc.Add(Text(1, 1, 5, `<a & "b">`, "#000000", "start", false))
	if s := SVG(sc); strings.Contains(s, "<a") || !strings.Contains(s, "&lt;a &amp;") {
		t.Errorf("text not escaped: %s", s)
	}
}

func TestCompare(t *testing.T) {
	a := &Scene{Width: 10, Height: 10, Background: "#ffffff"}
	b := &Scene{Width: 10, Height: 10, Background: "#ffffff"}
	b.Add(Rect(0, 0, 5, 10, "#000000", "", 0))
	pa, _ := PNG(a, 20)
	pb, _ := PNG(b, 20)
	if msg := Compare(pa, pa, 0); msg != "" {
		t.Errorf("an image differs from itself: %s", msg)
	}
	if msg := Compare(pa, pb, 0.1); msg == "" {
		t.Error("half the pixels changed and Compare saw nothing")
	}
}
