package picture

import "strconv"

// parsePath reads SVG path data made of straight lines (M, L, H, V, Z and
// their relative forms, as the map generator writes) into rings. Anything
// else ends the parse: what was read is drawn, nothing crashes.
func parsePath(d string) [][]pt {
	var rings [][]pt
	var cur []pt
	var x, y, sx, sy float64
	cmd := byte(0)
	i := 0
	num := func() (float64, bool) {
		for i < len(d) && (d[i] == ' ' || d[i] == ',' || d[i] == '\n' || d[i] == '\t') {
			i++
		}
		j := i
		if j < len(d) && (d[j] == '-' || d[j] == '+') {
			j++
		}
		dot := false
		for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' && !dot || d[j] == 'e') {
			if d[j] == '.' {
				dot = true
			}
			j++
		}
		if j == i {
			return 0, false
		}
		v, err := strconv.ParseFloat(d[i:j], 64)
		if err != nil || v > 1e6 || v < -1e6 { // no drawing is that large
			return 0, false
		}
		i = j
		return v, true
	}
	flush := func() {
		if len(cur) > 2 {
			rings = append(rings, cur)
		}
		cur = nil
	}
	for {
		for i < len(d) && (d[i] == ' ' || d[i] == ',' || d[i] == '\n' || d[i] == '\t') {
			i++
		}
		if i >= len(d) {
			break
		}
		if c := d[i]; c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			cmd = c
			i++
			if cmd == 'Z' || cmd == 'z' {
				flush()
				x, y = sx, sy
				continue
			}
		}
		rel := cmd >= 'a'
		switch cmd | 0x20 {
		case 'm', 'l':
			a, ok1 := num()
			b, ok2 := num()
			if !ok1 || !ok2 {
				flush()
				return rings
			}
			if rel {
				a, b = x+a, y+b
			}
			x, y = a, b
			if cmd|0x20 == 'm' {
				flush()
				sx, sy = x, y
				cmd = 'L' | (cmd & 0x20) // later pairs are lines
			}
			cur = append(cur, pt{x, y})
		case 'h', 'v':
			a, ok := num()
			if !ok {
				flush()
				return rings
			}
			switch {
			case cmd == 'h':
				x += a
			case cmd == 'H':
				x = a
			case cmd == 'v':
				y += a
			default:
				y = a
			}
			cur = append(cur, pt{x, y})
		default:
			flush()
			return rings
		}
	}
	flush()
	return rings
}

// Inside reports whether (x, y) lies inside the path's rings (even-odd).
func Inside(d string, x, y float64) bool {
	in := false
	for _, ring := range parsePath(d) {
		for i, p := range ring {
			q := ring[(i+1)%len(ring)]
			if (p[1] > y) != (q[1] > y) && x < p[0]+(y-p[1])*(q[0]-p[0])/(q[1]-p[1]) {
				in = !in
			}
		}
	}
	return in
}

// Bounds is the box around the path's rings.
func Bounds(d string) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = 1e18, 1e18, -1e18, -1e18
	for _, ring := range parsePath(d) {
		for _, p := range ring {
			x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
		}
	}
	return
}
