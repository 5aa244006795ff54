package caesar

import (
	"fmt"
	"math"

	"rondel/game"
	"rondel/game/picture"
	"rondel/game/words"
)

// The board as a picture (game.Picturer) for mails and previews: the same
// land and sea, routes, road slots, cities and Rome as BoardSVG, and under
// it the score track and each player's points and roads left as numbers.
// No words: the legend and the description go beside the picture in the
// reader's language.

const pictureTrack = 96.0 // numbers large enough to read on a phone

var _ game.Picturer = (*State)(nil)

// decisionColour outlines what the reader decides.
const decisionColour = "#c0392b"

// Picture draws the position for viewer; with before (this game's state
// at the viewer's last turn) it rings the roads built and the cities
// claimed since.
func (s *State) Picture(viewer int, before game.State) *picture.Scene {
	b := s.b
	bg := "#dcebf2"
	if b.Background != "" {
		bg = b.Background
	}
	w, h := float64(b.Width), float64(b.Height)
	sc := &picture.Scene{Width: w, Height: h + pictureTrack, Background: "#f4efe4"}
	sc.Add(picture.Rect(0, 0, w, h, bg, "", 0))
	for _, sh := range b.Shapes {
		pts := make([][2]float64, len(sh.pts))
		for i, p := range sh.pts {
			pts[i] = [2]float64{float64(p[0]), float64(p[1])}
		}
		sc.Add(picture.Poly(pts, sh.Fill, "#9db7c4", 1))
	}
	var old *State
	if o, ok := before.(*State); ok && o != nil && o.b == s.b {
		old = o
	}
	for ri := range b.Routes {
		s.pictureRoute(sc, ri, old)
	}
	sc.Add(picture.Circle(float64(b.Rome.X), float64(b.Rome.Y), 17, "#8b1a1a", "#f2d16b", 3))
	for ci := range b.Cities {
		s.pictureCity(sc, ci, old)
	}
	s.pictureTrack(sc, h, viewer)
	return sc
}

func (s *State) pictureRoute(sc *picture.Scene, ri int, old *State) {
	r := s.b.Routes[ri]
	x1, y1 := s.nodePoint(r.A)
	x2, y2 := s.nodePoint(r.B)
	if r.Sea {
		sc.Add(picture.Line(x1, y1, x2, y2, "#4f86a8", 2.5).Dashed(6))
	} else {
		sc.Add(picture.Line(x1, y1, x2, y2, "#a08a62", 3))
	}
	a := math.Atan2(y2-y1, x2-x1)
	ca, sa := math.Cos(a), math.Sin(a)
	fill, stroke := "#fbf8f0", "#8c7b5a"
	o := s.d.Built[ri]
	if o >= 0 {
		fill, stroke = playerFill[playerColours[o]], "#111111"
	}
	for k := 1; k <= r.Roads; k++ {
		f := float64(k) / float64(r.Roads+1)
		cx, cy := x1+(x2-x1)*f, y1+(y2-y1)*f
		var pts [][2]float64
		for _, c := range [][2]float64{{-9, -4}, {9, -4}, {9, 4}, {-9, 4}} {
			pts = append(pts, [2]float64{cx + c[0]*ca - c[1]*sa, cy + c[0]*sa + c[1]*ca})
		}
		op := picture.Poly(pts, fill, stroke, 1.2)
		if o < 0 {
			op = op.Dashed(2.5)
		}
		sc.Add(op)
	}
	if old != nil && o >= 0 && old.d.Built[ri] < 0 {
		mx, my := (x1+x2)/2, (y1+y2)/2
		sc.Add(picture.Circle(mx, my, 14, "", "#e67e22", 3))
		sc.Mark(picture.MarkRoad)
	}
}

func (s *State) pictureCity(sc *picture.Scene, ci int, old *State) {
	c := s.b.Cities[ci]
	x, y := float64(c.X), float64(c.Y)
	fill := s.b.Colours[s.b.colorIdx[c.Colour]].Fill
	if owner := s.d.Owner[ci]; owner >= 0 {
		sc.Add(picture.Circle(x, y, 17, playerFill[playerColours[owner]], "#111111", 1),
			picture.Circle(x, y, 11, fill, "#111111", 1))
		if old != nil && old.d.Owner[ci] < 0 {
			sc.Add(picture.Circle(x, y, 22, "", "#e67e22", 3))
			sc.Mark(picture.MarkCity)
		}
	} else {
		sc.Add(picture.Circle(x, y, 13, fill, "#222222", 1.5))
		if s.d.Treasures[ci] == Gold {
			sc.Add(picture.Rect(x-6, y-27, 12, 8, "#f5c518", "#555555", 0.8))
		}
	}
	if c.ID == s.d.Pending {
		sc.Add(picture.Circle(x, y, 23, "", decisionColour, 2.5).Dashed(5))
		sc.Mark(picture.MarkDecision)
	}
	sc.Add(picture.Text(x, y+4.5, 13, fmt.Sprint(c.Value), "#ffffff", "middle", true).WithHalo("#000000"))
}

// pictureTrack draws the score line with each player's marker, and a box
// per player with points and roads left; the reader's box is outlined
// when it is their turn.
func (s *State) pictureTrack(sc *picture.Scene, top float64, viewer int) {
	scores, limit := s.trackScale()
	left, right := 20.0, sc.Width/2-10
	x := func(p int) float64 { return left + (right-left)*float64(p)/float64(limit) }
	y := top + 50
	sc.Add(picture.Line(left, y, right, y, "#6b5a3a", 2))
	for p := 0; p <= limit; p += 10 {
		sc.Add(picture.Line(x(p), y-6, x(p), y+6, "#6b5a3a", 1), picture.Text(x(p), y+30, 20, fmt.Sprint(p), "#444444", "middle", false))
	}
	var placed []float64
	for seat, p := range scores {
		cx := x(p)
		for i := 0; i < len(placed); i++ {
			if math.Abs(placed[i]-cx) < 17 {
				cx += 17
				i = -1
			}
		}
		placed = append(placed, cx)
		sc.Add(picture.Circle(cx, y-16, 9, playerFill[playerColours[seat]], "#111111", 1.5))
	}
	n := float64(len(s.d.Players))
	bw := (sc.Width/2 - 10) / max(n, 1)
	for seat := range s.d.Players {
		bx := sc.Width/2 + float64(seat)*bw
		edge, width := "#111111", 1.0
		if seat == viewer && seat == s.d.Turn && !s.d.Over {
			edge, width = decisionColour, 3
			sc.Mark(picture.MarkDecision)
		}
		col := playerFill[playerColours[seat]]
		sc.Add(picture.Rect(bx, top+8, bw-6, 80, "#ffffff", edge, width),
			picture.Rect(bx+5, top+14, 18, 18, col, "#111111", 1),
			picture.Text(bx+(bw-6)/2+8, top+42, 28, fmt.Sprint(scores[seat]), "#222222", "middle", true),
			picture.Text(bx+(bw-6)/2+8, top+76, 22, fmt.Sprint(s.d.RoadsLeft[seat]), "#444444", "middle", false))
	}
}

// PictureKey names the players by their colours and says what the numbers
// under the track are.
func (s *State) PictureKey() []game.Swatch {
	var out []game.Swatch
	for seat := range s.d.Players {
		out = append(out, game.Swatch{Colour: playerFill[playerColours[seat]], Label: words.New("caesar.board.picture_player").Seat("player", seat)})
	}
	return append(out, game.Swatch{Label: words.New("caesar.board.picture_numbers")})
}

// PictureMarks are the marks a Caesar picture may draw.
func (s *State) PictureMarks() []string {
	return []string{picture.MarkDecision, picture.MarkRoad, picture.MarkCity}
}
