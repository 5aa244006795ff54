package caesar

import (
	"fmt"
	"math"

	"rondel/game"
	"rondel/game/picture"
	"rondel/game/words"
)

// The board as a picture (game.Picturer) for mails and previews: the web
// board's scene of the map (board_scene.go) rastered, with the changes
// ringed, and under it the score track and each player's points and roads
// left as numbers.
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
	var old *State
	if o, ok := before.(*State); ok && o != nil && o.b == s.b {
		old = o
	}
	sc := s.mapScene(sceneFor{old: old})
	h := sc.Height
	sc.Height += pictureTrack
	s.pictureTrack(sc, h, viewer)
	return sc
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
