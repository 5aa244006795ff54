package handlers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
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
