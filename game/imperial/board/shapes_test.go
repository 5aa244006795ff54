package board

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The drawing must not lie: two regions share a visible border exactly
// when the rules make them neighbours. These tests compute, from the
// outlines themselves, which regions share a stretch of border, add the
// explicit connectors (straits, canals) and the Pacific wrap (found
// again from the outlines' stretches along the left and right edges), and
// compare that with the engine's adjacency in both directions.

// minBorder is the shortest shared border, in drawing units, that counts
// as a border one can see (about 2 px on a 1000 px wide picture).
const minBorder = 2.0

type seg struct{ a, b [2]int } // end points in tenths of a unit, a < b

func (s seg) length() float64 {
	return math.Hypot(float64(s.b[0]-s.a[0]), float64(s.b[1]-s.a[1])) / 10
}

// parseRings reads the path data the generator writes: M x y, then l with
// relative steps, z closing each ring; all numbers in tenths.
func parseRings(d string) ([][][2]int, error) {
	var rings [][][2]int
	var cur [][2]int
	var nums []float64
	cmd := byte(0)
	var x, y int
	flush := func() error {
		switch cmd {
		case 'M':
			if len(nums) != 2 {
				return fmt.Errorf("M with %d numbers", len(nums))
			}
			x, y = tenth(nums[0]), tenth(nums[1])
			cur = [][2]int{{x, y}}
		case 'l':
			if len(nums)%2 != 0 {
				return fmt.Errorf("l with %d numbers", len(nums))
			}
			for i := 0; i < len(nums); i += 2 {
				x += tenth(nums[i])
				y += tenth(nums[i+1])
				cur = append(cur, [2]int{x, y})
			}
		}
		nums = nums[:0]
		return nil
	}
	for i := 0; i < len(d); {
		c := d[i]
		switch {
		case c == 'M' || c == 'l' || c == 'z':
			if err := flush(); err != nil {
				return nil, err
			}
			cmd = c
			if c == 'z' {
				rings = append(rings, cur)
				cur = nil
			}
			i++
		case c == ' ':
			i++
		default:
			j := i + 1
			for j < len(d) && (unicode.IsDigit(rune(d[j])) || d[j] == '.') {
				j++
			}
			v, err := strconv.ParseFloat(d[i:j], 64)
			if err != nil {
				return nil, fmt.Errorf("number %q: %w", d[i:j], err)
			}
			nums = append(nums, v)
			i = j
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(cur) > 0 {
		return nil, fmt.Errorf("ring not closed")
	}
	return rings, nil
}

func tenth(v float64) int { return int(math.Round(v * 10)) }

func segments(rings [][][2]int) map[seg]bool {
	out := map[seg]bool{}
	for _, r := range rings {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if a == b {
				continue
			}
			if b[0] < a[0] || (b[0] == a[0] && b[1] < a[1]) {
				a, b = b, a
			}
			out[seg{a, b}] = true
		}
	}
	return out
}

// inside reports whether a point lies inside the rings (even-odd).
func inside(rings [][][2]int, p [2]float64) bool {
	x, y := p[0]*10, p[1]*10
	in := false
	for _, r := range rings {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			ay, by := float64(a[1]), float64(b[1])
			if (ay > y) != (by > y) {
				if cx := float64(a[0]) + (y-ay)/(by-ay)*float64(b[0]-a[0]); x < cx {
					in = !in
				}
			}
		}
	}
	return in
}

// edgeSpans returns, per region, the stretches of the left (x = 0) or
// right (x = width) edge its outline runs along.
func edgeSpans(segs map[seg]bool, x int) [][2]int {
	var out [][2]int
	for s := range segs {
		if s.a[0] == x && s.b[0] == x {
			out = append(out, [2]int{s.a[1], s.b[1]})
		}
	}
	return out
}

func overlap(a, b [][2]int) float64 {
	n := 0
	for _, p := range a {
		for _, q := range b {
			if lo, hi := max(min(p[0], p[1]), min(q[0], q[1])), min(max(p[0], p[1]), max(q[0], q[1])); hi > lo {
				n += hi - lo
			}
		}
	}
	return float64(n) / 10
}

func TestShapesMatchAdjacency(t *testing.T) {
	for _, name := range []string{"europe", "world2030"} {
		t.Run(name, func(t *testing.T) {
			b := MustLoad(name)
			sh, err := LoadShapes(name)
			if err != nil {
				t.Fatal(err)
			}
			if len(sh.Regions) != len(b.Regions) {
				t.Errorf("%d shapes for %d regions", len(sh.Regions), len(b.Regions))
			}
			rings := map[string][][][2]int{}
			segs := map[string]map[seg]bool{}
			for _, rs := range sh.Regions {
				if _, ok := b.Region(rs.ID); !ok {
					t.Errorf("shape of %q, which is no region", rs.ID)
					continue
				}
				if _, dup := rings[rs.ID]; dup {
					t.Errorf("%s drawn twice", rs.ID)
				}
				rr, err := parseRings(rs.Path)
				if err != nil {
					t.Fatalf("%s: %v", rs.ID, err)
				}
				rings[rs.ID] = rr
				segs[rs.ID] = segments(rr)
			}
			// shared border length of every pair of passable regions
			type pair [2]string
			shared := map[pair]float64{}
			owner := map[seg][]string{}
			for id, ss := range segs {
				for s := range ss {
					owner[s] = append(owner[s], id)
				}
			}
			for s, ids := range owner {
				sort.Strings(ids)
				for i := range ids {
					for j := i + 1; j < len(ids); j++ {
						shared[pair{ids[i], ids[j]}] += s.length()
					}
				}
			}
			linked := map[pair]string{}
			for _, c := range sh.Connectors {
				k := pair{min(c.A, c.B), max(c.A, c.B)}
				if c.Kind == "wrap" {
					continue // found again from the outlines below
				}
				if !inside(rings[c.A], c.Ends[0]) || !inside(rings[c.B], c.Ends[1]) {
					t.Errorf("%s %s: its ends %v do not lie in %s and %s", c.Kind, c.Name, c.Ends, c.A, c.B)
				}
				linked[k] = c.Kind
			}
			wrapped := map[pair]bool{}
			if sh.Wrap {
				right := tenth(sh.Width)
				for _, a := range sh.Regions {
					for _, c := range sh.Regions {
						if o := overlap(edgeSpans(segs[a.ID], 0), edgeSpans(segs[c.ID], right)); o >= minBorder {
							k := pair{min(a.ID, c.ID), max(a.ID, c.ID)}
							linked[k] = "wrap"
							wrapped[k] = true
						}
					}
				}
				for _, c := range sh.Connectors {
					if c.Kind == "wrap" && !wrapped[pair{min(c.A, c.B), max(c.A, c.B)}] {
						t.Errorf("a wrap connector joins %s and %s, whose outlines do not meet across the edges", c.A, c.B)
					}
				}
			}
			pass := func(r *Region) bool { return r.Kind != Impassable }
			for i, r := range b.Regions {
				for j, o := range b.Regions {
					if j <= i || !pass(r) || !pass(o) {
						continue
					}
					k := pair{min(r.ID, o.ID), max(r.ID, o.ID)}
					l, how := shared[k], linked[k]
					switch adj := b.Adjacent(i, j); {
					case adj && l < minBorder && how == "":
						t.Errorf("%s and %s are neighbours in the rules, but share %.1f units of border and no connector", r.ID, o.ID, l)
					case !adj && l > 0:
						t.Errorf("%s and %s are no neighbours in the rules, but share %.1f units of border", r.ID, o.ID, l)
					case !adj && how != "":
						t.Errorf("%s and %s are no neighbours in the rules, but a %s joins them", r.ID, o.ID, how)
					}
				}
			}
		})
	}
}

// TestShapesPlaces: every region's name and pieces have a place on the
// map, and every port's anchor lies in its port sea.
func TestShapesPlaces(t *testing.T) {
	for _, name := range []string{"europe", "world2030"} {
		b := MustLoad(name)
		sh, err := LoadShapes(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range b.Regions {
			rs, ok := sh.Shape(r.ID)
			if !ok {
				t.Errorf("%s: %s is not drawn", name, r.ID)
				continue
			}
			rr, err := parseRings(rs.Path)
			if err != nil {
				t.Fatal(err)
			}
			if !inside(rr, rs.Anchor) {
				t.Errorf("%s: the anchor %v of %s is not inside it", name, rs.Anchor, r.ID)
			}
			for _, v := range []float64{rs.Label[0], rs.Box[0], rs.Box[0] + rs.Box[2]} {
				if v < 0 || v > sh.Width {
					t.Errorf("%s: %s is placed off the map (%v)", name, r.ID, rs.Box)
				}
			}
			if r.PortIdx >= 0 {
				sea := b.Regions[r.PortIdx].ID
				seaShape, _ := sh.Shape(sea)
				seaRings, _ := parseRings(seaShape.Path)
				if rs.Port == nil || !inside(seaRings, *rs.Port) {
					t.Errorf("%s: the port of %s is not drawn in %s", name, r.ID, sea)
				}
			}
		}
		if strings.TrimSpace(sh.Scenery.Land) == "" && name == "europe" {
			t.Errorf("%s: no scenery (Sicily, Sardinia ... are not regions)", name)
		}
	}
}

// TestEastAsiaNamesClear: on the 2030 map, where China's regions lie
// close, no region's name overlaps another's, and a region's first row of
// pieces (two pieces wide, below its name) covers no neighbour's name.
// The names are measured as the board draws them (12 px, about 7 px a
// letter).
func TestEastAsiaNamesClear(t *testing.T) {
	b := MustLoad("world2030")
	sh, err := LoadShapes("world2030")
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"kazakhstan", "afghanistan", "iran", "newdelhi", "urumqi", "mongolia", "beijing", "chongqing", "indochina"}
	type rect struct{ x0, y0, x1, y1 float64 }
	overlap := func(a, c rect) bool { return a.x0 < c.x1 && c.x0 < a.x1 && a.y0 < c.y1 && c.y0 < a.y1 }
	names, pieces := map[string]rect{}, map[string]rect{}
	for _, id := range ids {
		ri, ok := b.Region(id)
		rs, ok2 := sh.Shape(id)
		if !ok || !ok2 {
			t.Fatalf("no region %s", id)
		}
		w := float64(len([]rune(b.Regions[ri].Name)))*7 + 2
		l := rs.Label
		names[id] = rect{l[0] - w/2, l[1] - 6, l[0] + w/2, l[1] + 6}
		pieces[id] = rect{l[0] - 20, l[1] + 14, l[0] + 20, l[1] + 28}
	}
	for _, a := range ids {
		for _, c := range ids {
			if a == c {
				continue
			}
			if a < c && overlap(names[a], names[c]) {
				t.Errorf("the names of %s and %s overlap: %v %v", a, c, names[a], names[c])
			}
			if overlap(pieces[a], names[c]) {
				t.Errorf("the pieces of %s cover the name of %s: %v %v", a, c, pieces[a], names[c])
			}
		}
	}
}
