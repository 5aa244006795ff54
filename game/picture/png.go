package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sort"
)

// PNG draws the scene width pixels wide and encodes it as a paletted PNG:
// the scene's own colours first, then the most common of the blends that
// smoothing makes at their edges. A board has few colours, so the file
// stays small (see docs/mail-pictures.md for the figures).
func PNG(s *Scene, width int) ([]byte, error) {
	img, err := Render(s, width)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, Paletted(img, s.colours())); err != nil {
		return nil, fmt.Errorf("picture: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// colours lists every colour the scene names, background first.
func (s *Scene) colours() []string {
	seen := map[string]bool{}
	out := []string{}
	add := func(c string) {
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	add(s.Background)
	add("#ffffff") // arrows' edges
	var walk func(ops []Op)
	walk = func(ops []Op) {
		for _, o := range ops {
			if f, ok := s.Flat[o.Fill]; ok {
				add(f)
			} else if o.Fill != Inherit {
				add(o.Fill)
			}
			add(o.Stroke)
			add(o.Halo)
			walk(o.Ops)
		}
	}
	walk(s.Ops)
	for _, id := range sortedKeys(s.Symbols) {
		walk(s.Symbols[id])
	}
	return out
}

func sortedKeys(m map[string][]Op) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func key(r, g, b uint8) uint32 { return uint32(r)<<16 | uint32(g)<<8 | uint32(b) }

// Paletted maps an opaque image onto at most 256 colours: base (the
// scene's colours) and the commonest other colours, each pixel to the
// nearest (no dithering: dots would cost more bytes than they save).
func Paletted(img *image.RGBA, base []string) *image.Paletted {
	pal := color.Palette{}
	index := map[uint32]uint8{}
	for _, c := range base {
		if len(pal) == 256 {
			break
		}
		cr, cg, cb := RGB(c)
		if _, ok := index[key(cr, cg, cb)]; !ok {
			index[key(cr, cg, cb)] = uint8(len(pal))
			pal = append(pal, color.RGBA{cr, cg, cb, 255})
		}
	}
	// Histogram of the other colours in buckets of 5 bits a channel.
	type bucket struct{ n, r, g, b int }
	hist := map[uint32]*bucket{}
	pix := img.Pix
	for i := 0; i+3 < len(pix); i += 4 {
		k := key(pix[i], pix[i+1], pix[i+2])
		if _, ok := index[k]; ok {
			continue
		}
		bk := uint32(pix[i]>>3)<<10 | uint32(pix[i+1]>>3)<<5 | uint32(pix[i+2]>>3)
		h := hist[bk]
		if h == nil {
			h = &bucket{}
			hist[bk] = h
		}
		h.n++
		h.r += int(pix[i])
		h.g += int(pix[i+1])
		h.b += int(pix[i+2])
	}
	buckets := make([]*bucket, 0, len(hist))
	for _, h := range hist {
		buckets = append(buckets, h)
	}
	sort.Slice(buckets, func(i, j int) bool {
		if buckets[i].n != buckets[j].n {
			return buckets[i].n > buckets[j].n
		}
		return buckets[i].r+buckets[i].g<<8+buckets[i].b<<16 < buckets[j].r+buckets[j].g<<8+buckets[j].b<<16
	})
	for _, h := range buckets {
		if len(pal) == 256 {
			break
		}
		pal = append(pal, color.RGBA{uint8(h.r / h.n), uint8(h.g / h.n), uint8(h.b / h.n), 255})
	}
	out := image.NewPaletted(img.Bounds(), pal)
	last, lastIdx := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+3 < len(pix); i, j = i+4, j+1 {
		k := key(pix[i], pix[i+1], pix[i+2])
		if k != last {
			idx, ok := index[k]
			if !ok {
				idx = uint8(nearest(pal, pix[i], pix[i+1], pix[i+2]))
				index[k] = idx
			}
			last, lastIdx = k, idx
		}
		out.Pix[j] = lastIdx
	}
	return out
}

func nearest(pal color.Palette, r, g, b uint8) int {
	best, bestD := 0, 1<<62
	for i, c := range pal {
		p := c.(color.RGBA)
		dr, dg, db := int(p.R)-int(r), int(p.G)-int(g), int(p.B)-int(b)
		// weighted a little towards green, as the eye is
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
