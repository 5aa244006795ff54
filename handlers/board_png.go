package handlers

import (
	"fmt"
	"html/template"
	"net/http"

	"github.com/labstack/echo/v5"

	"rondel/game"
	"rondel/game/picture"
	"rondel/store"
)

// The board as a picture (game.Picturer, PNG): for a link preview (the
// game page's Open Graph image) and for whoever wants the picture a mail
// shows. Drawn once per position and viewer and kept with the boards.

// pictureWidth matches the mails' pictures.
const pictureWidth = 1200

// boardPNG serves the game's position as a PNG: the seat's own view
// (its decision outlined), or a watcher's.
func (s *Server) boardPNG(c *echo.Context) error {
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	b, err := s.positionPNG(pos, store.SeatOf(pos.Seats, currentUser(c).ID))
	if err != nil {
		return err
	}
	if b == nil {
		return fail(http.StatusNotFound, "pages.error.no_board")
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=60")
	return c.Blob(http.StatusOK, "image/png", b)
}

// positionPNG draws a game's position for viewer (nil for a game that
// draws no picture), kept like the boards.
func (s *Server) positionPNG(pos *store.Position, viewer int) ([]byte, error) {
	p, ok := pos.State.(game.Picturer)
	if pos.State == nil || !ok {
		return nil, nil
	}
	key := boardKey{what: "png", game: pos.Game.ID, seq: pos.Seq, viewer: viewer}
	h, err := s.kept(key, func() (template.HTML, error) {
		b, err := picture.PNG(p.Picture(viewer, nil), pictureWidth)
		if err != nil {
			return "", fmt.Errorf("handlers: picture of game %d: %w", pos.Game.ID, err)
		}
		return template.HTML(b), nil // bytes kept as a string; served as image/png
	})
	return []byte(h), err
}

// ogImage is the address of the game's picture for the page's Open Graph
// tags, when the game draws one.
func ogImage(c *echo.Context, pos *store.Position) string {
	if _, ok := pos.State.(game.Picturer); !ok || pos.State == nil {
		return ""
	}
	return fmt.Sprintf("%s://%s%s/board.png", c.Scheme(), c.Request().Host, gamePath(pos.Game.ID))
}
