package main

import "math"

// Where a region's name and pieces go: the largest roomy rectangle inside
// its main piece of land or water, kept a little off its borders.

// mainPiece returns the cells of a region's largest 4-connected piece.
func (pa *painter) mainPiece(l int32) []bool {
	g := pa.g
	comp, sizes := g.components(func(i int) bool { return g.c[i] == l })
	best, bs := int32(-1), 0
	for c, n := range sizes {
		if n > bs {
			best, bs = int32(c), n
		}
	}
	mask := make([]bool, len(g.c))
	for i, c := range comp {
		mask[i] = c == best && best >= 0
	}
	return mask
}

// erode removes every cell within r cells of a cell outside the mask.
func erode(mask []bool, w, h int, r int) []bool {
	// distance to the nearest outside cell, two passes (chessboard metric)
	d := make([]int32, len(mask))
	big := int32(w + h)
	for i, m := range mask {
		if m {
			d[i] = big
		}
	}
	for y := range h {
		for x := range w {
			i := y*w + x
			if d[i] == 0 {
				continue
			}
			v := d[i]
			if x == 0 || y == 0 {
				v = 1
			} else {
				v = min(v, d[i-1]+1, d[i-w]+1, d[i-w-1]+1)
				if x+1 < w {
					v = min(v, d[i-w+1]+1)
				}
			}
			d[i] = v
		}
	}
	for y := h - 1; y >= 0; y-- {
		for x := w - 1; x >= 0; x-- {
			i := y*w + x
			if d[i] == 0 {
				continue
			}
			v := d[i]
			if x == w-1 || y == h-1 {
				v = 1
			} else {
				v = min(v, d[i+1]+1, d[i+w]+1, d[i+w+1]+1)
				if x > 0 {
					v = min(v, d[i+w-1]+1)
				}
			}
			d[i] = v
		}
	}
	out := make([]bool, len(mask))
	for i, v := range d {
		out[i] = int(v) > r
	}
	return out
}

// bestBox finds, among the maximal rectangles of the mask, the one of
// largest useful area: width times height, height counting only up to
// two thirds of the width (pieces are laid out in rows, under a name).
// It returns x, y, w, h in cells.
func bestBox(mask []bool, w, h int) (int, int, int, int) {
	heights := make([]int, w)
	var bx, by, bw, bh int
	best := -1.0
	type bar struct{ x, h int }
	for y := range h {
		for x := range w {
			if mask[y*w+x] {
				heights[x]++
			} else {
				heights[x] = 0
			}
		}
		// for each bar, its widest span at its height
		var stack []bar
		for x := 0; x <= w; x++ {
			hx := 0
			if x < w {
				hx = heights[x]
			}
			start := x
			for len(stack) > 0 && stack[len(stack)-1].h >= hx {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				rw := x - top.x
				if top.h > 0 {
					score := float64(rw) * math.Min(float64(top.h), float64(rw)*2/3)
					if score > best {
						best, bx, by, bw, bh = score, top.x, y-top.h+1, rw, top.h
					}
				}
				start = top.x
			}
			stack = append(stack, bar{start, hx})
		}
	}
	if bh > bw*2/3 && bw > 0 {
		// keep the middle of a tall box: the name and the pieces fit the top two thirds of the width
		nh := max(1, bw*2/3)
		by += (bh - nh) / 2
		bh = nh
	}
	return bx, by, bw, bh
}
