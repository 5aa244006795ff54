package handlers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"
)

// A game's picture at a signed address (/games/N/board.png?k=...) is
// served without a session: a chat's link preview is fetched by a
// crawler that is signed in nowhere. The signature is the one the mail
// links use (notify/links.go): HMAC-SHA256 with the database's link key
// (store.LinkKey), cut to 18 bytes, base64url. Its payload "b.<game>"
// differs in form from every mail link's, so neither stands for the
// other. It opens only the watcher's view of that one game: what any
// member watching sees, never a seat's private view.
//
// A chat's crawler fetches the address pasted, and a game's page is for
// members: it is sent to sign in. So the game page offers a link to share,
// /games/N?k=... (the same signature); the sign-in page it leads to when
// nobody is signed in names that game's picture and name as its Open
// Graph tags, and nothing else of the game. Without the signature the
// sign-in page names nothing.

// pictureKey holds the link key, read from the store on first use.
type pictureKey struct {
	mu  sync.Mutex
	key []byte
}

// get returns the link key, reading it once.
func (k *pictureKey) get(ctx context.Context, load func(context.Context) ([]byte, error)) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.key == nil {
		key, err := load(ctx)
		if err != nil {
			return nil, err
		}
		k.key = key
	}
	return k.key, nil
}

// signPicture signs "the watcher's picture of game" with key.
func signPicture(key []byte, game int64) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("b." + strconv.FormatInt(game, 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:18])
}

// pictureSig is the signature of game's picture ("" if the key cannot be
// read: then the page names no public picture).
func (s *Server) pictureSig(ctx context.Context, game int64) string {
	key, err := s.picKey.get(ctx, s.store.LinkKey)
	if err != nil {
		s.log.Error("handlers: link key for a picture", "error", err)
		return ""
	}
	return signPicture(key, game)
}

// signedPicture reports whether the request carries a valid signature
// for the picture of the game in its path.
func (s *Server) signedPicture(c *echo.Context) bool {
	id, err := gameIDParam(c)
	k := c.QueryParam("k")
	if err != nil || k == "" {
		return false
	}
	want := s.pictureSig(c.Request().Context(), id)
	return want != "" && hmac.Equal([]byte(want), []byte(k))
}

// shareLink is the game's page with its picture's signature, for chats.
func (s *Server) shareLink(ctx context.Context, game int64) string {
	sig := s.pictureSig(ctx, game)
	if sig == "" {
		return ""
	}
	return s.cfg.PublicURL() + gamePath(game) + "?k=" + sig
}

// sharedGame is the game a sign-in page's next address (a shared link,
// /games/N?k=...) names with a valid signature, 0 for none.
func (s *Server) sharedGame(ctx context.Context, next string) int64 {
	u, err := url.Parse(next)
	if err != nil || !strings.HasPrefix(u.Path, "/games/") {
		return 0
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(u.Path, "/games/"), 10, 64)
	k := u.Query().Get("k")
	if err != nil || id <= 0 || k == "" {
		return 0
	}
	want := s.pictureSig(ctx, id)
	if want == "" || !hmac.Equal([]byte(want), []byte(k)) {
		return 0
	}
	return id
}

// sharedPreview sets the Open Graph tags of a sign-in page reached from a
// shared link: the game's name and picture.
func (s *Server) sharedPreview(c *echo.Context, next string) {
	ctx := c.Request().Context()
	id := s.sharedGame(ctx, next)
	if id == 0 {
		return
	}
	pos, err := s.store.Current(ctx, id)
	if err != nil {
		return // no preview; the sign-in page is the same
	}
	if img := s.pageImage(c, pos); img != nil {
		c.Set(ogImageKey, img)
	}
}
