package notify

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"rondel/game"
	"rondel/game/picture"
	"rondel/game/words"
	"rondel/store"
)

// The board's picture in a mail. When a turn mail is queued (in the move's
// transaction) nothing is drawn: the letter's HTML refers to the picture by
// its Content-ID, and the row's X-Rondel-Picture header says which position
// to draw for whom. The sender draws it when it sends the mail (off the
// request path), through the engine's game.Picturer, and embeds it as an
// inline part of a multipart/related message. A picture has no words, so
// one picture serves every language; the last few are kept in memory, as
// the players of a game are told of the same position.

// pictureWidth is the picture's width in pixels; mails show it at half
// that, sharp on a phone's screen.
const (
	pictureWidth = 1200
	pictureShown = 600
)

// pictureHeader names the position to draw: "seq seat since cid".
const pictureHeader = "X-Rondel-Picture"

// mailPicture is the picture in a letter: its Content-ID, its alternative
// text, and the legend beside it in the reader's language.
type mailPicture struct {
	CID    string
	Alt    string
	Width  int
	Legend []legendLine
	Title  string // the legend's heading
	spec   pictureSpec
}

type legendLine struct {
	Colour string // "" for none
	Label  string
}

// markOrder: the legend names the marks in this order.
var markOrder = []string{picture.MarkDecision, picture.MarkMove, picture.MarkBattle, picture.MarkNew,
	picture.MarkFactory, picture.MarkFlag, picture.MarkRondel, picture.MarkRoad, picture.MarkCity}

// letterPicture prepares the picture of a turn letter, or nil when the
// game draws none or the member does not want pictures.
func (s *Service) letterPicture(sp *words.Speaker, u store.User, v *gameView, st game.State, seat, seq, since int, asked []string) *mailPicture {
	return s.gamePicture(sp, u, v.game, st, seat, seq, since, asked)
}

// gamePicture is letterPicture for a game known by its row (a digest's).
func (s *Service) gamePicture(sp *words.Speaker, u store.User, g store.Game, st game.State, seat, seq, since int, asked []string) *mailPicture {
	p, ok := st.(game.Picturer)
	if !ok || u.NoMailPictures {
		return nil
	}
	pic := &mailPicture{
		CID:   fmt.Sprintf("board.game%d.%d.seat%d@%s", g.ID, seq, seat, s.host),
		Alt:   sp.T("mail.picture.alt", "game", g.Name, "n", seq, "asked", strings.Join(asked, " ")),
		Width: pictureShown,
		Title: sp.T("mail.picture.legend"),
	}
	pic.spec = pictureSpec{seq: seq, seat: seat, since: since, cid: pic.CID, game: g.ID}
	marks := map[string]bool{}
	for _, m := range p.PictureMarks() {
		marks[m] = true
	}
	for _, m := range markOrder {
		if marks[m] {
			pic.Legend = append(pic.Legend, legendLine{Label: sp.T("mail.picture.mark." + m)})
		}
	}
	for _, k := range p.PictureKey() {
		pic.Legend = append(pic.Legend, legendLine{Colour: k.Colour, Label: sp.Say(k.Label)})
	}
	return pic
}

// pictureSpec is what the header says: the position and who looks, and
// the game when the mail is not a game's own (a digest).
type pictureSpec struct {
	seq, seat, since int
	cid              string
	game             int64
}

func (p pictureSpec) String() string {
	return fmt.Sprintf("%d %d %d %s %d", p.seq, p.seat, p.since, p.cid, p.game)
}

func parsePictureSpec(h string) (pictureSpec, bool) {
	f := strings.Fields(h)
	if len(f) != 4 && len(f) != 5 {
		return pictureSpec{}, false
	}
	var g int64
	if len(f) == 5 {
		v, err := strconv.ParseInt(f[4], 10, 64)
		if err != nil {
			return pictureSpec{}, false
		}
		g = v
	}
	var n [3]int
	for i := range n {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return pictureSpec{}, false
		}
		n[i] = v
	}
	return pictureSpec{seq: n[0], seat: n[1], since: n[2], cid: f[3], game: g}, true
}

// inline is a part of a mail its HTML shows by Content-ID.
type inline struct {
	CID  string
	Name string
	Data []byte
	B64  []byte // Data in base64 as MIME writes it (mimeBase64), if known
}

// pictures keeps the last pictures drawn, by game and position, with
// their base64: a position's picture goes to each of the game's players,
// and a backlog may carry it many times over (issue 20 item 5), so it is
// encoded once rather than in every message.
type pictures struct {
	mu   sync.Mutex
	keys []string
	png  map[string]drawn
}

type drawn struct{ png, b64 []byte }

const picturesKept = 16

func (c *pictures) get(key string) (drawn, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.png[key]
	return d, ok
}

func (c *pictures) put(key string, d drawn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.png == nil {
		c.png = map[string]drawn{}
	}
	if _, ok := c.png[key]; ok {
		return
	}
	if len(c.keys) == picturesKept {
		delete(c.png, c.keys[0])
		c.keys = c.keys[1:]
	}
	c.keys = append(c.keys, key)
	c.png[key] = d
}

// mailInlines draws the picture a queued mail refers to. A mail without
// one has none; a picture that cannot be drawn is left out (the HTML's
// alternative text and the text part still say everything) and logged.
func (s *Service) mailInlines(ctx context.Context, m store.OutboxMail) []inline {
	spec, ok := parsePictureSpec(mailHeaders(m)[pictureHeader])
	gameID := m.GameID
	if spec.game > 0 {
		gameID = spec.game
	}
	if !ok || gameID == 0 {
		return nil
	}
	d, err := s.board(ctx, gameID, spec.seq, spec.seat, spec.since)
	if err != nil {
		s.log.Warn("notify: no picture for a mail", "id", m.ID, "err", err)
		return nil
	}
	return []inline{{CID: spec.cid, Name: "board.png", Data: d.png, B64: d.b64}}
}

// boardPNG draws game's position after seq moves for seat (-1: a
// watcher), marking what changed since the position after since moves
// (since >= seq: nothing marked).
func (s *Service) boardPNG(ctx context.Context, gameID int64, seq, seat, since int) ([]byte, error) {
	d, err := s.board(ctx, gameID, seq, seat, since)
	return d.png, err
}

// board is boardPNG's picture with its base64 for a mail.
func (s *Service) board(ctx context.Context, gameID int64, seq, seat, since int) (drawn, error) {
	key := fmt.Sprintf("%d/%d/%d/%d", gameID, seq, seat, since)
	if d, ok := s.pics.get(key); ok {
		return d, nil
	}
	st, err := s.st.StateAfter(ctx, gameID, seq)
	if err != nil {
		return drawn{}, fmt.Errorf("notify: picture of game %d at %d: %w", gameID, seq, err)
	}
	p, ok := st.(game.Picturer)
	if !ok {
		return drawn{}, fmt.Errorf("notify: game %d draws no picture", gameID)
	}
	var before game.State
	if since >= 0 && since < seq {
		if before, err = s.st.StateAfter(ctx, gameID, since); err != nil {
			return drawn{}, fmt.Errorf("notify: picture of game %d at %d: %w", gameID, since, err)
		}
	}
	b, err := picture.PNG(p.Picture(seat, before), pictureWidth)
	if err != nil {
		return drawn{}, err
	}
	d := drawn{png: b, b64: mimeBase64(b)}
	s.pics.put(key, d)
	return d, nil
}

// mimeBase64 is b in base64 as go-mail writes a part's body: lines of 76
// characters, each (the last too) ended by CRLF.
func mimeBase64(b []byte) []byte {
	const line = 76
	enc := make([]byte, base64.StdEncoding.EncodedLen(len(b)))
	base64.StdEncoding.Encode(enc, b)
	out := make([]byte, 0, len(enc)+(len(enc)+line-1)/line*2)
	for len(enc) > 0 {
		n := min(line, len(enc))
		out = append(out, enc[:n]...)
		out = append(out, '\r', '\n')
		enc = enc[n:]
	}
	return out
}
