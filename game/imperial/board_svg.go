package imperial

import (
	"html"
	"strconv"
	"strings"
	"sync"

	"rondel/game/imperial/board"
	"rondel/game/picture"
	"rondel/game/words"
)

// The board picture: a banner saying who must act, the geographic map
// (board/data/*-shapes.json, made by board/mapgen) with every piece, and
// below it the rondel, the power and tax tracks, the nations' and the
// players' tables and a legend. One viewBox 1000 units wide, so the page
// can scale it; no text is smaller than 11 units. Every visible word
// comes from svg_words.go.

const (
	svgWidth     = 1000.0
	bannerHeight = 40.0
)

// mapGeom places the map's drawing on the picture.
type mapGeom struct {
	sh  *board.Shapes
	top float64
}

func (g mapGeom) height() float64 { return g.sh.Height }

// BoardSVG draws the position for viewer (a seat, or -1 for a spectator:
// everything in Imperial is public, so the viewer only changes emphasis),
// naming regions, nations and the open question in sp's language (nil:
// English). It draws a copy of the state that carries sp.
func (s *State) BoardSVG(viewer int, sp *words.Speaker) string {
	return s.drawingCopy(sp).drawBoard(viewer)
}

// speaker says the drawing's words (BoardSVG sets it on its copy).
func (s *State) speaker() *words.Speaker {
	if s.sp == nil {
		return words.English()
	}
	return s.sp
}

// nationName and regionName name a nation and a region for the drawing.
func (s *State) nationName(ni int) string { return s.speaker().Term(s.nationKey(ni)) }
func (s *State) regionName(r int) string  { return s.speaker().Term(s.regionKey(r)) }

// boardBytes is about what a board takes, so its builder is sized once
// rather than grown by copying: the whole drawing some 150 KB; a position
// layer over the map file what layerBytes says of its scene.
func (s *State) boardBytes(ops []picture.Op) int {
	if s.layered() {
		return s.layerBytes(ops)
	}
	return 192 << 10
}

// layerBytes is a little more than a position layer with the scene ops
// takes (15 to 33 KB on the 200-game club's pages, 7 to 30% more;
// German and Chinese words add some 1%): its map part writes some 70
// bytes an op (ops counted with their groups'), the banner and the
// panel some 6 KB and 350 bytes a bond cell. A flat 40 KB was a fifth
// of an Imperial game page's first view's bytes, much of it unused.
func (s *State) layerBytes(ops []picture.Op) int {
	cells := 0 // the players' bond cells: a nation's holders each
	for ni := range s.Nations {
		var held uint64
		for _, h := range s.Nations[ni].Bonds {
			if h >= 0 && h < 64 && held&(1<<h) == 0 {
				held |= 1 << h
				cells++
			}
		}
	}
	return 70*countOps(ops) + 7<<10 + 400*cells + 400*len(s.Players)
}

// countOps counts ops and their groups' ops.
func countOps(ops []picture.Op) int {
	n := len(ops)
	for i := range ops {
		n += countOps(ops[i].Ops)
	}
	return n
}

func (s *State) drawBoard(viewer int) string {
	sh, err := board.LoadShapes(s.b.ID)
	if err != nil {
		// Every embedded map has a drawing (tested); say so rather than panic.
		return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 40"><text x="10" y="25" font-size="14">` + html.EscapeString(err.Error()) + `</text></svg>`
	}
	g := mapGeom{sh: sh, top: bannerHeight}
	panelTop := g.top + g.height()
	height := panelTop + s.panelHeight()
	// the map's scene first: its size sizes the builder
	lent, _ := sceneMemory.Get().(*webLent)
	if lent == nil {
		lent = &webLent{}
	}
	ops := s.mapScene(g.sh, sceneFor{acting: -1, words: true, lent: lent}).Ops
	var w strings.Builder
	w.Grow(s.boardBytes(ops))
	// written piece by piece, not through fmt (issue 20: a first view's CPU)
	w.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	writeFixed(&w, svgWidth, 0)
	w.WriteByte(' ')
	writeFixed(&w, height, 0)
	writes(&w, `" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif" role="img" aria-labelledby="imp-board-title">`,
		`<title id="imp-board-title">`, html.EscapeString(s.boardTitle()), `</title>`)
	if s.layered() {
		w.WriteString(hatchDef + pieceDefs) // the anchors are the map's
	} else {
		w.WriteString(svgDefs + pieceDefs + `<defs>`)
		s.writeMapParts(&w, sh)
		w.WriteString(`</defs>`)
	}
	s.writeFlagPatterns(&w)
	w.WriteString(`<rect width="`)
	writeFixed(&w, svgWidth, 0)
	w.WriteString(`" height="`)
	writeFixed(&w, height, 0)
	w.WriteString(`" fill="` + colPaper + `"/>`)
	s.drawBanner(&w, viewer)
	s.drawMap(&w, g, ops)
	lent.release(ops)
	s.drawPanel(&w, panelTop, viewer)
	w.WriteString(`</svg>`)
	return w.String()
}

func (s *State) boardTitle() string {
	return s.say("title."+s.b.ID, s.Round)
}

// writeFixed writes v as fmt's %.Nf does (N: prec), without fmt.
func writeFixed(w *strings.Builder, v float64, prec int) {
	var buf [32]byte
	w.Write(strconv.AppendFloat(buf[:0], v, 'f', prec, 64))
}

// drawMap draws the map part of the board: the position's scene
// (board_scene.go, its ops) as SVG, over the map asset or with its own
// shapes.
func (s *State) drawMap(w *strings.Builder, g mapGeom, ops []picture.Op) {
	w.WriteString(`<g transform="translate(0 `)
	writeFixed(w, g.top, 0)
	w.WriteString(`)">`)
	url := ""
	if s.layered() {
		url = s.lay.url
	}
	if s.layered() {
		// the page's layer: its bytes are every view's (WriteStyled)
		picture.WriteStyled(w, ops, url, true)
	} else {
		picture.WriteOps(w, ops, url, false)
	}
	w.WriteString(`</g>`)
}

// webLent is the memory a web board's scene is built in, lent from one
// drawing to the next: the scene is some two hundred ops of 352 bytes
// (and its unit chips' groups their own ops and data), written out and
// dropped at once, so fresh memory each drawing was a tenth of a game
// page's first view's bytes (and collecting it its share of the CPU).
type webLent struct {
	ops    []picture.Op
	kids   slab[picture.Op]   // groups' children
	attrs  slab[picture.Attr] // groups' data- attributes
	points slab[[2]float64]   // lines' ends (callouts' leaders)
}

var sceneMemory sync.Pool // of *webLent

// release lends what the drawing used again; ops is the scene's slice.
// It is not cleared: the next drawing writes every op and attribute it
// takes whole (appending), and clearing some hundred KB of ops a drawing
// was 4% of a position layer's CPU. What the old ops refer to (the
// board's ids, colours and labels) stays reachable from the pool until
// the next drawing or the pool's item is collected.
func (l *webLent) release(ops []picture.Op) {
	l.ops = ops[:0]
	l.kids.reset()
	l.attrs.reset()
	l.points.reset()
	sceneMemory.Put(l)
}

// slab hands out short slices from chunks kept across drawings; a nil
// slab makes each slice (the mail's picture, whose scene is kept).
type slab[T any] struct {
	chunks [][]T // each taken from its start
	cur    int   // the chunk being taken from
}

// take returns a slice of length 0 and capacity n.
func (sl *slab[T]) take(n int) []T {
	if sl == nil {
		return make([]T, 0, n)
	}
	for {
		if sl.cur == len(sl.chunks) {
			sl.chunks = append(sl.chunks, make([]T, 0, max(128, n)))
		}
		c := sl.chunks[sl.cur]
		if cap(c)-len(c) >= n {
			sl.chunks[sl.cur] = c[:len(c)+n]
			return c[len(c) : len(c) : len(c)+n]
		}
		sl.cur++
	}
}

// reset takes from the start again (the slices handed out not cleared:
// see release).
func (sl *slab[T]) reset() {
	for i, c := range sl.chunks {
		sl.chunks[i] = c[:0]
	}
	sl.cur = 0
}
