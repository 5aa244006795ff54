package caesar

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"rondel/game/picture"
	"rondel/game/words"
)

// playerFill are the drawing colours of playerColours.
var playerFill = map[string]string{
	"yellow": "#f2c81e", "purple": "#7d3c98", "black": "#222222", "white": "#ffffff", "cyan": "#22b8cf",
}

// trackHeight is the band below the map with the score track and legend.
const trackHeight = 110

// BoardSVG draws the map: routes with their road slots (filled in the
// builder's colour), cities with colour, value and treasure (claimed ones
// ringed in the claimer's colour), Rome, and below the score track with
// every player's points and roads left. viewer's legend entry is bold.
// sp says every word in the reader's language, players by the names it
// knows (their current names); all of it is escaped.
func (s *State) BoardSVG(viewer int, sp *words.Speaker) string {
	return s.drawBoard(viewer, sp, "")
}

// The board in two layers (game.Layerer, docs/maps.md): the land, the
// sea, the legend, the track's band and Rome never change during a game
// and are one SVG file per board side and language (MapSVG); a page draws
// the routes, the cities and the track over it (PositionSVG).

// MapID names the board side drawn.
func (s *State) MapID() string { return "caesar-" + s.b.ID }

// MapSVG draws the map file: its parts are definitions, by id (#land
// under the routes, #rome over them).
func (s *State) MapSVG(sp *words.Speaker) string {
	sp = s.boardSpeaker(sp)
	say := func(a words.Arg) string { return html.EscapeString(sp.Arg(a)) }
	var w strings.Builder
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d"><defs><g id="land">`, s.b.Width, s.b.Height+trackHeight)
	s.drawLand(&w, say)
	w.WriteString(`</g><g id="rome">`)
	s.drawRome(&w, say)
	w.WriteString(`</g></defs></svg>`)
	return w.String()
}

// PositionSVG draws the position over the map file at mapURL, as
// BoardSVG draws it whole.
func (s *State) PositionSVG(viewer int, sp *words.Speaker, mapURL string) string {
	return s.drawBoard(viewer, sp, mapURL)
}

func (s *State) boardSpeaker(sp *words.Speaker) *words.Speaker {
	if sp == nil {
		return words.English().WithNames(s.d.Players)
	}
	return sp
}

// drawBoard draws the board whole (mapURL "") or over the map file.
func (s *State) drawBoard(viewer int, sp *words.Speaker, mapURL string) string {
	b := s.b
	sp = s.boardSpeaker(sp)
	say := func(a words.Arg) string { return html.EscapeString(sp.Arg(a)) }
	// the map's scene first: its size sizes the builder
	lent, _ := sceneOps.Get().(*lentScene)
	if lent == nil {
		lent = &lentScene{}
	}
	ops := s.mapScene(sceneFor{sp: sp, lent: lent}).Ops
	var w strings.Builder
	w.Grow(s.boardBytes(ops, mapURL))
	h := b.Height + trackHeight
	fmt.Fprintf(&w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif" role="img" aria-label="%s">`,
		b.Width, h, b.Width, h, say(b.titleArg()))
	if mapURL == "" { // the map file's parts, here
		w.WriteString(`<defs><g id="land">`)
		s.drawLand(&w, say)
		w.WriteString(`</g><g id="rome">`)
		s.drawRome(&w, say)
		w.WriteString(`</g></defs>`)
	}
	if mapURL != "" {
		// the page's layer: its bytes are every view's (WriteStyled)
		picture.WriteStyled(&w, ops, mapURL, true)
	} else {
		picture.WriteOps(&w, ops, "", false)
	}
	// not cleared: the next scene writes every op it takes whole, and
	// clearing them was 4% of the layer's CPU; the old ops' strings stay
	// reachable from the pool until then
	lent.ops = lent.ops[:0]
	sceneOps.Put(lent)
	s.drawTrack(&w, viewer, sp)
	w.WriteString(`</svg>`)
	return w.String()
}

// boardBytes is a little more than the board with the scene ops takes,
// so its builder is sized once rather than grown by copying. The layer
// over the map file (22 to 34 KB on the 200-game club's pages; a flat 64
// KB left half of it unused) writes some 72 bytes an op (counted with
// their groups') with its header, and its score track 2 to 6 KB: a tick
// every five points, each player's marker and lines. The whole board
// adds the map file's parts.
func (s *State) boardBytes(ops []picture.Op, mapURL string) int {
	if mapURL == "" {
		return 64 << 10
	}
	_, limit := s.trackScale()
	return 76*countOps(ops) + 3<<10 + 1<<10*len(s.d.Players) + 40*limit
}

// countOps counts ops and their groups' ops.
func countOps(ops []picture.Op) int {
	n := len(ops)
	for i := range ops {
		n += countOps(ops[i].Ops)
	}
	return n
}

// sceneOps lends the web board the memory its scene's ops, its cities'
// children and its routes' ends are built in (mapScene): a scene of some
// hundred ops of 352 bytes, written out and dropped at once.
var sceneOps sync.Pool // of *lentScene

// drawLand draws what lies under the routes: the sea, the land, the
// track's band and the legend.
func (s *State) drawLand(w *strings.Builder, say func(words.Arg) string) {
	b := s.b
	bg := "#dcebf2"
	if b.Background != "" {
		bg = b.Background
	}
	fmt.Fprintf(w, `<rect width="%d" height="%d" fill="%s"/>`, b.Width, b.Height, bg)
	for _, sh := range b.Shapes {
		w.WriteString(`<polygon points="`)
		for i, p := range sh.pts {
			if i > 0 {
				w.WriteByte(' ')
			}
			fmt.Fprintf(w, "%d,%d", p[0], p[1])
		}
		fmt.Fprintf(w, `" fill="%s" stroke="#9db7c4" stroke-width="1"/>`, sh.Fill)
	}
	fmt.Fprintf(w, `<rect y="%d" width="%d" height="%d" fill="#f4efe4"/>`, b.Height, b.Width, trackHeight)
	s.drawLegend(w, say)
}

// drawRome draws Rome, over the routes' ends.
func (s *State) drawRome(w *strings.Builder, say func(words.Arg) string) {
	b := s.b
	fmt.Fprintf(w, `<circle cx="%d" cy="%d" r="17" fill="#8b1a1a" stroke="#f2d16b" stroke-width="3"/>`, b.Rome.X, b.Rome.Y)
	fmt.Fprintf(w, `<text x="%d" y="%d" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">%s</text>`,
		b.Rome.X, b.Rome.Y+4, say(words.Term("caesar.board.rome")))
}

func (s *State) nodePoint(id string) (float64, float64) {
	if id == Rome {
		return float64(s.b.Rome.X), float64(s.b.Rome.Y)
	}
	c := s.b.Cities[s.b.cityIdx[id]]
	return float64(c.X), float64(c.Y)
}

// drawLegend names the eight colour regions in the top left corner, the
// box as wide as the longest entry.
func (s *State) drawLegend(w *strings.Builder, say func(words.Arg) string) {
	lines := make([]string, len(s.b.Colours))
	width := 0
	for i, c := range s.b.Colours {
		lines[i] = say(words.Sub(words.New("caesar.board.legend").With("region", s.b.regionArg(c)).With("colour", colourArg(c.ID))))
		width = max(width, textWidth(html.UnescapeString(lines[i]), 10))
	}
	fmt.Fprintf(w, `<rect x="4" y="4" width="%d" height="%d" rx="4" fill="#ffffff" opacity="0.8"/>`, max(190, width+30), 6+15*len(s.b.Colours))
	for i, c := range s.b.Colours {
		y := 14 + i*15
		fmt.Fprintf(w, `<circle cx="14" cy="%d" r="5" fill="%s" stroke="#222" stroke-width="0.8"/>`, y, c.Fill)
		fmt.Fprintf(w, `<text x="24" y="%d" font-size="10" fill="#222">%s</text>`, y+4, lines[i])
	}
}

// drawTrack draws the score track (0 to a round number above the leader)
// with each player's marker, and a line per player with points and roads.
// Each element is made on the stack and written at once, never through
// fmt: some forty of them a board (issue 20: a first view's CPU);
// TestDrawTrackAsFmtWrote keeps it to what fmt wrote.
func (s *State) drawTrack(w *strings.Builder, viewer int, sp *words.Speaker) {
	top := s.b.Height
	left, right := 30.0, float64(s.b.Width-30)
	scores, limit := s.trackScale()
	x := func(p int) float64 { return left + (right-left)*float64(p)/float64(limit) }
	y := float64(top + 28)
	var room [256]byte
	b := append(room[:0], `<line x1="`...)
	b = fixed(b, left, 0, `" y1="`)
	b = fixed(b, y, 0, `" x2="`)
	b = fixed(b, right, 0, `" y2="`)
	b = fixed(b, y, 0, `" stroke="#6b5a3a" stroke-width="2"/>`)
	w.Write(b)
	for p := 0; p <= limit; p += 5 {
		tick := 4.0
		if p%10 == 0 {
			tick = 7
			b = append(room[:0], `<text x="`...)
			b = fixed(b, x(p), 1, `" y="`)
			b = fixed(b, y+18, 0, `" font-size="9" text-anchor="middle" fill="#444">`)
			b = append(strconv.AppendInt(b, int64(p), 10), `</text>`...)
			w.Write(b)
		}
		b = append(room[:0], `<line x1="`...)
		b = fixed(b, x(p), 1, `" y1="`)
		b = fixed(b, y-tick, 0, `" x2="`)
		b = fixed(b, x(p), 1, `" y2="`)
		b = fixed(b, y+tick, 0, `" stroke="#6b5a3a"/>`)
		w.Write(b)
	}
	// Markers on the same or nearby points sit side by side above the line,
	// staying inside the band (a stack would climb into the map).
	var placedRoom [8]float64
	placed := placedRoom[:0]
	for seat, p := range scores {
		cx := x(p)
		for slices.ContainsFunc(placed, func(o float64) bool { return math.Abs(o-cx) < 11 }) {
			cx += 11
		}
		placed = append(placed, cx)
		b = append(room[:0], `<circle cx="`...)
		b = fixed(b, cx, 1, `" cy="`)
		b = fixed(b, y-13, 0, `" r="6" fill="`)
		b = append(append(b, playerFill[playerColours[seat]]...), `" stroke="#111"/>`...)
		w.Write(b)
	}
	title := "caesar.board.track"
	if s.d.Over {
		title = "caesar.board.final"
	}
	b = append(room[:0], `<text x="`...)
	b = fixed(b, left, 0, `" y="`)
	b = append(strconv.AppendInt(b, int64(top+60), 10), `" font-size="11" fill="#222">`...)
	w.Write(b)
	writeEscaped(w, sp.T(title), `</text>`)
	for seat := range s.d.Players {
		lx := left + float64(seat)*float64(s.b.Width-60)/float64(len(s.d.Players))
		weight := "normal"
		if seat == viewer {
			weight = "bold"
		}
		marker := ""
		if seat == s.d.Turn && !s.d.Over {
			marker = " ◀"
		}
		// Two lines, so that five players with long names still fit side by side.
		b = append(room[:0], `<rect x="`...)
		b = fixed(b, lx, 0, `" y="`)
		b = append(strconv.AppendInt(b, int64(top+72), 10), `" width="12" height="12" fill="`...)
		b = append(append(b, playerFill[playerColours[seat]]...), `" stroke="#111"/><text x="`...)
		b = fixed(b, lx+17, 0, `" y="`)
		b = append(strconv.AppendInt(b, int64(top+82), 10), `" font-size="11" font-weight="`...)
		b = append(append(b, weight...), `" fill="#222">`...)
		w.Write(b)
		writeEscaped(w, shorten(sp.SeatName(seat), 22), marker, `</text>`)
		line := words.New("caesar.board.player").With("points", countText("caesar.count.points", scores[seat])).
			With("roads", countText("caesar.count.roads_left", s.d.RoadsLeft[seat]))
		b = append(room[:0], `<text x="`...)
		b = fixed(b, lx+17, 0, `" y="`)
		b = append(strconv.AppendInt(b, int64(top+97), 10), `" font-size="11" fill="#222">`...)
		w.Write(b)
		writeEscaped(w, sp.Say(line), `</text>`)
	}
}

// fixed appends v as fmt's %.<prec>f writes it, then then.
func fixed(b []byte, v float64, prec int, then string) []byte {
	return append(strconv.AppendFloat(b, v, 'f', prec, 64), then...)
}

// writeEscaped writes text escaped for HTML, then the rest as they are.
func writeEscaped(w *strings.Builder, text string, rest ...string) {
	w.WriteString(html.EscapeString(text))
	for _, r := range rest {
		w.WriteString(r)
	}
}

// textWidth estimates the drawn width of s at a font size: wide
// characters (Chinese) take about a full em, others a little over half.
func textWidth(s string, size int) int {
	w := 0.0
	for _, r := range s {
		if r >= 0x2e80 {
			w += float64(size)
		} else {
			w += 0.62 * float64(size)
		}
	}
	return int(math.Ceil(w))
}

// shorten cuts a name to n characters so the legend lines do not overlap.
func shorten(name string, n int) string {
	r := []rune(name)
	if len(r) <= n {
		return name
	}
	return string(r[:n-1]) + "…"
}

// trackScale is what the score track shows, on the board and in the
// picture alike: each player's points (the final totals once the game is
// over) and the track's length, 50 a lap.
func (s *State) trackScale() (scores []int, limit int) {
	scores = s.d.Track
	if s.d.Over {
		scores = make([]int, len(s.d.Final))
		for i, f := range s.d.Final {
			scores[i] = f.Total
		}
	}
	limit = 50
	for _, p := range scores {
		for p > limit {
			limit += 50
		}
	}
	return scores, limit
}
