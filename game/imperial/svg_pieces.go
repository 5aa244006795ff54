package imperial

import (
	"strconv"

	"rondel/game/imperial/board"
	"rondel/game/picture"
)

// regionPieces lists what stands in a region: its factory site, its flag
// and each nation's units; the acting nation's units are ringed. The list
// is appended to items (a drawing's scratch, reused region by region).
func (s *State) regionPieces(items []piece, ri int, f sceneFor) []piece {
	acting := f.acting
	r := s.b.Regions[ri]
	region := picture.Attr{Name: "region", Value: r.ID}
	if r.Kind == board.Home {
		built := s.Factories[ri]
		kind, id := "armaments", "imp-fa0"
		if r.Shipyard() {
			kind, id = "shipyard", "imp-fs0"
		}
		if built {
			id = "imp-fa1"
			if r.Shipyard() {
				id = "imp-fs1"
			}
		}
		data := append(f.attrs(3), region, picture.Attr{Name: "factory", Value: kind}, picture.Attr{Name: "built", Value: strconv.FormatBool(built)})
		items = append(items, piece{width: 18, kind: pieceFactory, id: id, data: data})
	}
	if fl := s.Flags[ri]; fl >= 0 && r.Kind != board.Home {
		items = append(items, piece{width: 14, kind: pieceFlag, col: s.nationColour(fl)})
	}
	for ni := range s.Nations {
		st := s.Units[ni][ri]
		if st.empty() {
			continue
		}
		col := s.nationColour(ni)
		chip := func(unit, icon string, n int, hostile bool) piece {
			data := append(f.attrs(5), region, picture.Attr{Name: "nation", Value: s.nationID(ni)}, picture.Attr{Name: "unit", Value: unit}, picture.Attr{Name: "count", Value: strconv.Itoa(n)}, picture.Attr{Name: "hostile", Value: "true"})
			if !hostile {
				data = data[:4:4]
			}
			return unitChip(data, n, ni == acting, icon, col)
		}
		if n := st.Armies - st.Hostile; n > 0 {
			items = append(items, chip("army", "imp-al", int(n), false))
		}
		if st.Hostile > 0 {
			items = append(items, chip("army", "imp-as", int(st.Hostile), true))
		}
		if st.Fleets > 0 {
			items = append(items, chip("fleet", "imp-fl", int(st.Fleets), false))
		}
	}
	return items
}

// piece is one thing drawn in a region: its width and what draw places
// centred at (x, y). A value, not a closure: a board has dozens of them.
type piece struct {
	width float64
	kind  pieceKind
	id    string         // the symbol placed (a factory's, a unit's)
	col   string         // its colour (a flag's, a unit's)
	data  []picture.Attr // a factory's or a unit chip's group's data- attributes
	label string         // a chip's count, "" for one unit
	ring  bool           // the reader decides for these units
}

type pieceKind uint8

const (
	pieceUnits pieceKind = iota
	pieceFactory
	pieceFlag
)

// unitChip is a nation's group of one kind of unit: its icon and, for more
// than one, the count, in a group carrying what a click-to-act script
// needs (board.js frames and widens the group); ring: the reader decides
// for these units (the picture's decision mark). icon is the symbol
// placed, in colour col.
func unitChip(data []picture.Attr, n int, ring bool, icon, col string) piece {
	width := 20.0
	label := ""
	if n > 1 {
		label = strconv.Itoa(n)
		width += 7*float64(len(label)) + 1
	}
	return piece{width: width, kind: pieceUnits, id: icon, col: col, data: data, label: label, ring: ring}
}

// draw adds the piece to the scene centred at (x, y).
func (p *piece) draw(sc *picture.Scene, f sceneFor, x, y float64) {
	switch p.kind {
	case pieceFactory:
		sc.Add(picture.Group(p.data, append(f.kids(1), picture.Use(p.id, x, y, ""))...))
	case pieceFlag:
		sc.Add(picture.Use("imp-fg", x-4, y+7, p.col))
	default:
		x -= p.width/2 - 9
		// sized once: appending to nil grew and copied the large ops
		size := 1
		if p.ring {
			size++
		}
		if p.label != "" {
			size++
		}
		ops := f.kids(size)
		if p.ring {
			ops = append(ops, picture.Circle(x, y, 10.5, "", decisionColour, 2))
		}
		ops = append(ops, picture.Use(p.id, x, y, p.col))
		if p.label != "" {
			ops = append(ops, picture.Text(x+9, y+4.5, 12, p.label, colInk, "start", true).WithHalo("#fff"))
		}
		sc.Add(picture.Group(p.data, ops...))
	}
}

// decisionColour outlines what the reader decides for.
const decisionColour = "#c0392b"

const pieceGap = 2.0

// rowsOf breaks pieces into rows no wider than width: each row's end in
// items, appended to ends. Indexes, not slices of items: a slice of the
// caller's pieces kept in a slice that may grow made them escape (the
// drawing's scratch pieces, 1 KB, were on the heap every drawing).
func rowsOf(ends []int, items []piece, width float64) []int {
	for start := 0; start < len(items); {
		n, rowW := 0, 0.0
		for rest := items[start:]; n < len(rest) && (n == 0 || rowW+pieceGap+rest[n].width <= width); n++ {
			if n > 0 {
				rowW += pieceGap
			}
			rowW += rest[n].width
		}
		start += n
		ends = append(ends, start)
	}
	return ends
}

// rowAt is row k of items broken at ends (rowsOf).
func rowAt(items []piece, ends []int, k int) []piece {
	if k == 0 {
		return items[:ends[0]]
	}
	return items[ends[k-1]:ends[k]]
}

func rowWidth(row []piece) float64 {
	wd := 0.0
	for i, it := range row {
		if i > 0 {
			wd += pieceGap
		}
		wd += it.width
	}
	return wd
}
