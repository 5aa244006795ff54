package handlers

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"hash/maphash"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"rondel/store"
)

// Validators for the pages that depend only on the game's position and
// on who reads them (the board and the history): a reload of an
// unchanged game is answered 304 Not Modified before anything is read
// beyond the game's position, and nothing is drawn or rendered.
//
// The tag is a hash of everything such a page shows: the game, the move
// it shows and when the last move was made (a move taken back and
// replayed has the same count), the game's name and status, who reads
// (seat, member, name, session's form token) and in what words (language,
// zone), the players' names, and the server's run (newRunTag: another
// build may draw differently). The game page cannot be tagged before it
// is made: it shows messages, deadlines and times relative to now, so it
// changes without a move. Its tag is a hash of the page as rendered
// (bodyTag), compared before the page is sent. No Last-Modified: a date
// alone cannot say that a reader's language or a player's name changed.

// newRunTag is a random word for this run of the server, part of every
// tag, so a restart (perhaps a new build) makes every tag stale.
func newRunTag() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// bodyTag is the weak entity tag of a rendered page: a hash of its bytes,
// seeded per run of the server (a tag of another run never matches).
func (s *Server) bodyTag(body []byte) string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], maphash.Bytes(s.tagSeed, body))
	return `W/"p` + hex.EncodeToString(b[:]) + `"`
}

// positionTag is the weak entity tag of a page of pos for the request's
// reader; parts are what else the page depends on (the move shown, the
// page of the list).
func (s *Server) positionTag(c *echo.Context, kind string, pos *store.Position, parts ...any) string {
	r := s.reader(c)
	h := fnv.New128a()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\x00%d\x00%s\x00%s\x00%s\x00%s\x00",
		s.runTag, kind, pos.Game.ID, pos.Seq, pos.Since.UnixNano(), pos.Game.Name, pos.Game.Status, r.sp.Lang(), r.zone)
	for _, st := range pos.Seats {
		fmt.Fprintf(h, "%d\x00%d\x00%s\x00", st.Seat, st.UserID, st.Name)
	}
	if u := currentUser(c); u != nil {
		fmt.Fprintf(h, "%d\x00%s\x00%d\x00", u.ID, u.Name(), store.SeatOf(pos.Seats, u.ID))
	}
	fmt.Fprintf(h, "%s\x00%t\x00", csrfToken(c), s.local)
	for _, p := range parts {
		fmt.Fprintf(h, "%v\x00", p)
	}
	return `W/"` + hex.EncodeToString(h.Sum(nil)) + `"`
}

// notModified sets tag as the response's ETag and reports whether the
// request already holds it (If-None-Match), in which case it has
// answered 304 with no body. The answer may be kept by the reader's
// browser only, and asked again each time (private, no-cache).
func notModified(c *echo.Context, tag string) (bool, error) {
	h := c.Response().Header()
	h.Set("ETag", tag)
	h.Set("Cache-Control", "private, no-cache")
	h.Add("Vary", "Accept-Language, Cookie, Accept-Encoding")
	if !tagListed(c.Request().Header.Get("If-None-Match"), tag) {
		return false, nil
	}
	return true, c.NoContent(http.StatusNotModified)
}

// tagListed reports whether an If-None-Match value names tag, compared
// weakly (RFC 9110 13.1.2: W/ aside, the quoted strings equal).
func tagListed(header, tag string) bool {
	want := strings.TrimPrefix(tag, "W/")
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}
