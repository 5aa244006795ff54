package imperial

import (
	"rondel/game"
	"rondel/game/imperial/board"
	"rondel/game/picture"
	"rondel/game/words"
)

// The board as a picture (game.Picturer) for mails and previews: the web
// board's scene of the map (board_scene.go) rastered, with the change
// marks, and under it a strip with the rondel and each nation's power
// points and treasury. No words: nations by their
// codes, the rest numbers; the legend and the description go beside the
// picture in the reader's language.

const stripHeight = 96.0

var _ game.Picturer = (*State)(nil)

// Picture draws the position for viewer; with before (this game's state at
// the viewer's last turn) it marks what changed since.
func (s *State) Picture(viewer int, before game.State) *picture.Scene {
	sh, err := board.LoadShapes(s.b.ID)
	if err != nil {
		// Every embedded map has a drawing (tested): an empty paper, not a panic.
		return &picture.Scene{Width: svgWidth, Height: 100, Background: colPaper}
	}
	var old *State
	if b, ok := before.(*State); ok && b != nil && b.b == s.b {
		old = b
	}
	acting := s.actingNation(viewer)
	// The web board's scene, with the decision ringed and the changed
	// regions ringed under the pieces; the strip under it.
	sc := s.mapScene(sh, sceneFor{acting: acting, under: func(sc *picture.Scene) {
		if old != nil {
			s.markRegions(sc, sh, old)
		}
	}})
	sc.Height += stripHeight
	if acting >= 0 {
		sc.Mark(picture.MarkDecision)
	}
	if old != nil {
		s.markMoves(sc, sh, old)
	}
	s.pictureStrip(sc, sh.Height, old, acting)
	return sc
}

// actingNation is the nation the viewer decides for now, -1 when none.
func (s *State) actingNation(viewer int) int {
	if viewer < 0 || s.Finished() {
		return -1
	}
	for _, d := range s.ToAct() {
		if d.Seat == viewer {
			return s.Turn
		}
	}
	return -1
}

// PictureKey names the nations by their colours (the picture writes their
// codes, which a sentence never says), the rondel's spaces by
// their colours, and the numbers under each nation.
func (s *State) PictureKey() []game.Swatch {
	var out []game.Swatch
	for ni := range s.Nations {
		out = append(out, game.Swatch{Colour: s.nationColour(ni),
			Label: words.New("imperial.board.picture_nation").Term("nation", s.nationKey(ni))})
	}
	for i, name := range slotNames {
		out = append(out, game.Swatch{Colour: rondelFills[i], Label: words.New(boardPhrase("slot." + name))})
	}
	return append(out, game.Swatch{Label: words.New("imperial.board.picture_numbers")})
}

// PictureMarks are the marks an Imperial picture may draw.
func (s *State) PictureMarks() []string {
	return []string{picture.MarkDecision, picture.MarkMove, picture.MarkBattle, picture.MarkNew,
		picture.MarkFactory, picture.MarkFlag, picture.MarkRondel}
}
