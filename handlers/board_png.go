package handlers

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"html/template"
	"net/http"
	"sync"

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

// boardPNG serves the game's position as a PNG: to a signed-in member
// the seat's own view (its decision outlined) or a watcher's; to anyone
// at the signed address (board_link.go) the watcher's view, which a
// shared cache may keep; to anyone else what a page for members answers
// (sign in first).
func (s *Server) boardPNG(c *echo.Context) error {
	u := currentUser(c)
	if u == nil && !s.signedPicture(c) {
		return signInFirst(c)
	}
	pos, err := s.loadGame(c)
	if err != nil {
		return err
	}
	viewer := -1
	if u != nil {
		viewer = store.SeatOf(pos.Seats, u.ID)
	}
	h := c.Response().Header()
	if u == nil {
		tag := s.pictureTag(pos)
		h.Set("ETag", tag)
		h.Set("Cache-Control", "public, max-age=300")
		if tagListed(c.Request().Header.Get("If-None-Match"), tag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	b, err := s.positionPNG(pos, viewer)
	if err != nil {
		return err
	}
	if b == nil {
		return fail(http.StatusNotFound, "pages.error.no_board")
	}
	if u != nil {
		h.Set("Cache-Control", "private, max-age=60")
	}
	return c.Blob(http.StatusOK, "image/png", b)
}

// pictureTag is the entity tag of the watcher's picture of a position:
// the game, its move and when that move was made (a move taken back and
// replayed has the same count), and the server's run (another build may
// draw differently). The picture has no words, so nothing else.
func (s *Server) pictureTag(pos *store.Position) string {
	h := fnv.New128a()
	fmt.Fprintf(h, "%s\x00png\x00%d\x00%d\x00%d", s.runTag, pos.Game.ID, pos.Seq, pos.Since.UnixNano())
	return `"` + hex.EncodeToString(h.Sum(nil)) + `"`
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

// ogImage is the game page's Open Graph image: the watcher's picture
// at its signed address under base_url, so a link preview shows it.
type ogImage struct {
	Title         string // the game's name
	URL           string
	Width, Height int
	Alt           string
}

// pageImage is the Open Graph image of the game's page, nil for a game
// that draws no picture. Only the scene is made (no drawing), for the
// picture's height.
func (s *Server) pageImage(c *echo.Context, pos *store.Position) *ogImage {
	height := s.imageHeight(pos)
	if height <= 0 {
		return nil
	}
	sig := s.pictureSig(c.Request().Context(), pos.Game.ID)
	if sig == "" {
		return nil
	}
	return &ogImage{
		Title:  pos.Game.Name,
		URL:    s.cfg.PublicURL() + gamePath(pos.Game.ID) + "/board.png?k=" + sig,
		Width:  pictureWidth,
		Height: height,
		Alt:    s.reader(c).sp.T("pages.game.og_alt", "game", pos.Game.Name, "seq", pos.Seq),
	}
}

// pictureHeights are the pixel heights of pictures by map: a picture's
// size is its map's and its strip's, the same at every position, so the
// page need not draw the picture (6% of a first view) to say it. byGame
// holds them by kind of game, options and number of seats too (0: no
// picture), so a finished game's page need not decode its state to say
// it (store.CurrentDeferred).
type pictureHeights struct {
	mu     sync.Mutex
	byMap  map[string]int
	byGame map[string]int
}

// get is the height kept in m under key.
func (ph *pictureHeights) get(m *map[string]int, key string) (int, bool) {
	ph.mu.Lock()
	defer ph.mu.Unlock()
	h, ok := (*m)[key]
	return h, ok
}

// put keeps h in m under key.
func (ph *pictureHeights) put(m *map[string]int, key string, h int) {
	ph.mu.Lock()
	defer ph.mu.Unlock()
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[key] = h
}

// imageHeight is the height of pos's picture, 0 for a game that draws
// none (or whose deferred state cannot be read: the page goes without).
func (s *Server) imageHeight(pos *store.Position) int {
	key := fmt.Sprintf("%s\x00%s\x00%d", pos.Game.Kind, pos.Game.Options, len(pos.Seats))
	ph := &s.picHeights
	if pos.Deferred() {
		if h, ok := ph.get(&ph.byGame, key); ok {
			return h
		}
		if err := pos.LoadState(); err != nil {
			s.log.Warn("page image", "game", pos.Game.ID, "err", err)
			return 0
		}
	}
	h := 0
	if p, ok := pos.State.(game.Picturer); ok && pos.State != nil {
		h = s.pictureHeight(p, pos.State)
	}
	if pos.State != nil {
		ph.put(&ph.byGame, key, h)
	}
	return h
}

// pictureHeight is the height of st's picture at pictureWidth, 0 for none.
func (s *Server) pictureHeight(p game.Picturer, st game.State) int {
	l, ok := st.(game.Layerer)
	if !ok {
		return drawnHeight(p)
	}
	ph, id := &s.picHeights, l.MapID()
	if h, ok := ph.get(&ph.byMap, id); ok {
		return h
	}
	h := drawnHeight(p)
	ph.put(&ph.byMap, id, h)
	return h
}

func drawnHeight(p game.Picturer) int {
	sc := p.Picture(-1, nil)
	if sc == nil || sc.Width <= 0 || sc.Height <= 0 {
		return 0
	}
	return sc.PixelHeight(pictureWidth)
}
