package picture

import (
	"image"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The Go fonts (BSD licence, shipped with golang.org/x/image): they cover
// the digits and Latin letters a picture writes. Parsed once; the parsed
// fonts are never changed, and each render makes its own faces.
var goFonts = sync.OnceValues(func() ([2]*sfnt.Font, error) {
	var out [2]*sfnt.Font
	for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return out, err
		}
		out[i] = f
	}
	return out, nil
})

// faces are one render's font faces by size and weight.
type faces struct {
	fonts [2]*sfnt.Font
	made  map[[2]int]font.Face
}

func newFaces() (*faces, error) {
	fs, err := goFonts()
	if err != nil {
		return nil, err
	}
	return &faces{fonts: fs, made: map[[2]int]font.Face{}}, nil
}

func (f *faces) face(px float64, bold bool) font.Face {
	b := 0
	if bold {
		b = 1
	}
	key := [2]int{int(px*4 + 0.5), b}
	if fc, ok := f.made[key]; ok {
		return fc
	}
	fc, err := opentype.NewFace(f.fonts[b], &opentype.FaceOptions{Size: float64(key[0]) / 4, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	f.made[key] = fc
	return fc
}

// text writes a label, with its halo first.
func (r *raster) text(o Op) {
	fc := r.fonts.face(o.Size*r.k, o.Bold)
	if fc == nil || o.Text == "" {
		return
	}
	w := font.MeasureString(fc, o.Text)
	x := fixed.Int26_6(o.X * r.k * 64)
	switch o.Anchor {
	case "middle":
		x -= w / 2
	case "end":
		x -= w
	}
	y := fixed.Int26_6(o.Y * r.k * 64)
	if o.Halo != "" {
		d := fixed.Int26_6(max(1, r.k) * 64)
		src := image.NewUniform(colour(o.Halo))
		for _, off := range [][2]fixed.Int26_6{{-d, 0}, {d, 0}, {0, -d}, {0, d}, {-d, -d}, {d, d}, {-d, d}, {d, -d}} {
			dr := font.Drawer{Dst: r.img, Src: src, Face: fc, Dot: fixed.Point26_6{X: x + off[0], Y: y + off[1]}}
			dr.DrawString(o.Text)
		}
	}
	dr := font.Drawer{Dst: r.img, Src: image.NewUniform(colour(o.Fill)), Face: fc, Dot: fixed.Point26_6{X: x, Y: y}}
	dr.DrawString(o.Text)
}
