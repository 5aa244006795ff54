package board

import (
	"bytes"
	"embed"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The drawing of a map is data beside the map's rules data: a schematic
// grid, written in the data file as rows of two-letter region codes, so
// the file itself looks like the board. Every region is the set of cells
// holding its code; borders are where neighbouring cells differ.

//go:embed data/*-layout.yaml
var layoutFS embed.FS

// Layout places every region of one map on a grid of cells.
type Layout struct {
	Map    string            `yaml:"layout_of"`
	Cols   int               `yaml:"cols"`
	Rows   int               `yaml:"rows"`
	Codes  map[string]string `yaml:"codes"`  // two-letter code -> region id; ".." is an empty cell
	Labels map[string]string `yaml:"labels"` // region id -> shorter name to print
	Notes  []Note            `yaml:"notes"`
	Grid   string            `yaml:"grid"`

	cells []string       // region id per cell, row-major; "" for none
	boxes map[string]Box // region id -> largest rectangle of its cells
	order []string       // region ids in reading order of their first cell
}

// Note is a short text printed on the map, such as the Pacific wrap.
type Note struct {
	Text   string     `yaml:"text"`
	At     [2]float64 `yaml:"at"`     // col, row (fractions allowed)
	Anchor string     `yaml:"anchor"` // "start", "middle" or "end"
}

// Box is a rectangle of cells: where a region's name and pieces go.
type Box struct{ Col, Row, W, H int }

// layouts holds every embedded layout by map id; filled once at start-up
// and only read afterwards, like the boards.
var layouts, layoutsErr = parseLayouts()

func parseLayouts() (map[string]*Layout, error) {
	files, err := layoutFS.ReadDir("data")
	if err != nil {
		return nil, err
	}
	out := map[string]*Layout{}
	for _, f := range files {
		id := strings.TrimSuffix(f.Name(), "-layout.yaml")
		data, err := layoutFS.ReadFile("data/" + f.Name())
		if err != nil {
			return nil, err
		}
		l, err := ParseLayout(data)
		if err != nil {
			return nil, fmt.Errorf("layout of %q: %w", id, err)
		}
		out[id] = l
	}
	return out, nil
}

// LoadLayout returns the drawing of a map ("europe", "world2030"). Callers
// share it and must not change it; CheckLayout compares it with the board.
func LoadLayout(mapID string) (*Layout, error) {
	if layoutsErr != nil {
		return nil, layoutsErr
	}
	l, ok := layouts[mapID]
	if !ok {
		return nil, fmt.Errorf("no layout for map %q", mapID)
	}
	return l, nil
}

// ParseLayout reads a layout file strictly: unknown keys, unknown codes
// and rows of the wrong length are errors.
func ParseLayout(data []byte) (*Layout, error) {
	var l Layout
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&l); err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(l.Grid), "\n")
	if len(lines) != l.Rows {
		return nil, fmt.Errorf("grid has %d rows, want %d", len(lines), l.Rows)
	}
	for y, line := range lines {
		codes := strings.Fields(line)
		if len(codes) != l.Cols {
			return nil, fmt.Errorf("grid row %d has %d cells, want %d", y, len(codes), l.Cols)
		}
		for _, c := range codes {
			id, ok := l.Codes[c]
			if !ok && c != ".." {
				return nil, fmt.Errorf("grid row %d: unknown code %q", y, c)
			}
			l.cells = append(l.cells, id)
		}
	}
	l.boxes = map[string]Box{}
	for _, id := range l.cells {
		if _, seen := l.boxes[id]; id != "" && !seen {
			l.order = append(l.order, id)
			l.boxes[id] = l.largestBox(id)
		}
	}
	return &l, nil
}

// At returns the region id of a cell, "" outside the grid or for an empty cell.
func (l *Layout) At(col, row int) string {
	if col < 0 || row < 0 || col >= l.Cols || row >= l.Rows {
		return ""
	}
	return l.cells[row*l.Cols+col]
}

// Regions returns the region ids drawn, in reading order of their first cell.
func (l *Layout) Regions() []string { return l.order }

// BoxOf returns the largest rectangle of a region's cells.
func (l *Layout) BoxOf(region string) (Box, bool) {
	b, ok := l.boxes[region]
	return b, ok
}

// Runs returns a region's cells as horizontal runs (one Box per run of
// neighbouring cells in a row), for filling.
func (l *Layout) Runs(region string) []Box {
	var out []Box
	for y := 0; y < l.Rows; y++ {
		for x := 0; x < l.Cols; x++ {
			if l.At(x, y) != region {
				continue
			}
			w := 1
			for l.At(x+w, y) == region {
				w++
			}
			out = append(out, Box{Col: x, Row: y, W: w, H: 1})
			x += w - 1
		}
	}
	return out
}

// largestBox finds the largest rectangle inside a region, preferring one
// at least two cells each way (room for a name above the pieces); ties go
// to the wider, then the topmost, then the leftmost, so the result is fixed.
func (l *Layout) largestBox(region string) Box {
	var best Box
	roomy := func(b Box) bool { return b.W >= 2 && b.H >= 2 }
	better := func(b Box) bool {
		if roomy(b) != roomy(best) {
			return roomy(b)
		}
		a, ba := b.W*b.H, best.W*best.H
		if a != ba {
			return a > ba
		}
		return b.W > best.W
	}
	for y := 0; y < l.Rows; y++ {
		for x := 0; x < l.Cols; x++ {
			if l.At(x, y) != region {
				continue
			}
			maxW := 0
			for l.At(x+maxW, y) == region {
				maxW++
			}
			for h := 1; y+h <= l.Rows; h++ {
				w := 0
				for w < maxW && l.At(x+w, y+h-1) == region {
					w++
				}
				if w == 0 {
					break
				}
				maxW = w
				if b := (Box{x, y, w, h}); better(b) {
					best = b
				}
			}
		}
	}
	return best
}

// CheckLayout reports regions of the board without cells and codes naming
// no region of the board.
func (b *Board) CheckLayout(l *Layout) error {
	for _, id := range l.Codes {
		if _, ok := b.regionByID[id]; !ok {
			return fmt.Errorf("layout names %q, which is no region of %s", id, b.ID)
		}
	}
	for _, r := range b.Regions {
		if _, ok := l.boxes[r.ID]; !ok {
			return fmt.Errorf("region %s of %s has no cells in the layout", r.ID, b.ID)
		}
	}
	return nil
}
