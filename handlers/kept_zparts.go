package handlers

import (
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"rondel/game/words"
	"rondel/handlers/gzjoin"
	"rondel/store"
)

// A kept page's large parts compressed once (store/page_zparts.go). A
// browser takes gzip; a first view of a game whose parts the keeper made
// reads these pieces, not the row's HTML, and goes out as one gzip member
// (gzjoin): the pieces as they were compressed, and what is the reader's
// own (the layout, the players, the talk, a form) uncompressed around
// them. A finished game's page so reads about 15 KB where its row is
// 118 KB, and writes 20-30 KB where its HTML is 100 KB.
//
// Only the kept parts are compressed, and they hold nothing secret (they
// are the same for every reader of the game): the reader's own text, the
// form token among it, goes uncompressed, so the length of the answer
// says nothing of a secret beside text an attacker chose (BREACH).
//
// A row's parts are written one after the other, each as the line
// "name crc length size\n" (the text's CRC-32 and length, the compressed
// size) and its compressed bytes.

// zLevel is how hard the keeper compresses (compress/flate's levels): the
// default, a fifth of the text, made once per game and position.
const zLevel = flate.DefaultCompression

// The parts' names. Every viewer's row: the overview and a finished
// game's account. A viewer's own: the board, the strip and the result
// (empty while the game is in play).
const (
	zOverview = "overview"
	zAccount  = "account"
	zBoard    = "board"
	zStrip    = "strip"
	zResult   = "result"
)

// writeZPart compresses text and writes it as part name.
func writeZPart(b *bytes.Buffer, name, text string) error {
	p, err := gzjoin.Compress(text, zLevel)
	if err != nil {
		return fmt.Errorf("handlers: compress %s: %w", name, err)
	}
	fmt.Fprintf(b, "%s %d %d %d\n", name, p.CRC, p.N, len(p.Z))
	b.Write(p.Z)
	return nil
}

// zPartOf finds part name in a row's parts; ok false if it is not there
// or the parts are not readable.
func zPartOf(parts []byte, name string) (gzjoin.Piece, bool) {
	for len(parts) > 0 {
		nl := bytes.IndexByte(parts, '\n')
		if nl < 0 {
			return gzjoin.Piece{}, false
		}
		f := strings.Fields(string(parts[:nl]))
		if len(f) != 4 {
			return gzjoin.Piece{}, false
		}
		crc, err1 := strconv.ParseUint(f[1], 10, 32)
		n, err2 := strconv.ParseUint(f[2], 10, 32)
		size, err3 := strconv.Atoi(f[3])
		rest := parts[nl+1:]
		if err1 != nil || err2 != nil || err3 != nil || size < 0 || size > len(rest) {
			return gzjoin.Piece{}, false
		}
		if f[0] == name {
			return gzjoin.Piece{Z: rest[:size:size], CRC: uint32(crc), N: uint32(n)}, true
		}
		parts = rest[size:]
	}
	return gzjoin.Piece{}, false
}

// zView is the compressed parts one viewer's page shows, in place of
// their HTML. A part the game does not have (a game in play's account)
// has no piece.
type zView struct {
	board, overview        gzjoin.Piece
	account, strip, result gzjoin.Piece
	finished               bool
	moves                  []moveView  // the last moves, oldest first
	last                   *store.Move // what a take-back asks of the last move (a game in play's)
}

// size counts the compressed bytes z holds.
func (z *zView) size() int {
	if z == nil {
		return 0
	}
	return len(z.board.Z) + len(z.overview.Z) + len(z.account.Z) + len(z.strip.Z) + len(z.result.Z) + 128*len(z.moves)
}

// zViewOf reads pos's compressed parts as viewer sees them, if the keeper
// made them with this build of the game as it is (nil if not, or if any
// part the page shows is missing or unreadable: the page then reads the
// row's HTML).
func (s *Server) zViewOf(ctx context.Context, sp *words.Speaker, pos *store.Position, viewer int) (*zView, error) {
	st := pos.Game.Status
	if s.pagesVersion == "" || !pos.Started() || st != store.StatusFinished && st != store.StatusActive {
		return nil, nil
	}
	row, ok, err := s.store.PageZAt(ctx, pos.Game.ID, s.pagesVersion, sp.Lang(), pos.Seq, namesHash(pos.Seats), viewer)
	if err != nil || !ok || row.Status != st {
		return nil, err
	}
	z := &zView{finished: st == store.StatusFinished}
	var okB, okO, okS, okR, okM, okL bool
	z.board, okB = zPartOf(row.Own, zBoard)
	z.overview, okO = zPartOf(row.Shared, zOverview)
	z.strip, okS = zPartOf(row.Own, zStrip)
	z.result, okR = zPartOf(row.Own, zResult)
	z.moves, okM = decodeMoveViews(row.Recent)
	z.last, okL = decodeLastMove(row.Last)
	if !okB || !okO || !okS || !okR || !okM || !okL {
		return nil, nil
	}
	if z.finished {
		var okA bool
		if z.account, okA = zPartOf(row.Shared, zAccount); !okA {
			return nil, nil
		}
	}
	return z, nil
}

// zSource is what the compressed rows are made of besides the row's
// overview and account: each viewer's board, strip and result (the
// viewer with no seat's first, then each seat's), the last moves
// (encodeMoveViews) and what a take-back asks of the last (encodeLastMove;
// a game in play's).
type zSource struct {
	boards, strips, results []string
	recent, last            string
}

// makeZRows compresses row's parts into its compressed rows: the parts
// every viewer shows, then each viewer's.
func makeZRows(row *store.PageParts, src zSource) error {
	var b bytes.Buffer
	if err := writeZPart(&b, zOverview, row.Overview); err != nil {
		return err
	}
	if row.Status == store.StatusFinished {
		if err := writeZPart(&b, zAccount, row.Account); err != nil {
			return err
		}
	}
	row.Z = append(row.Z[:0], store.ZRow{Viewer: store.ZShared, Recent: src.recent, Last: src.last, Parts: bytes.Clone(b.Bytes())})
	for i, board := range src.boards {
		b.Reset()
		for _, p := range []struct{ name, text string }{{zBoard, board}, {zStrip, src.strips[i]}, {zResult, src.results[i]}} {
			if err := writeZPart(&b, p.name, p.text); err != nil {
				return err
			}
		}
		row.Z = append(row.Z, store.ZRow{Viewer: i - 1, Parts: bytes.Clone(b.Bytes())})
	}
	return nil
}

// encodeLastMove writes what a take-back asks of the last of moves
// (store.CanTakeBack): its seat, its member (-1 for none), whether it is
// a take-back and who made it; "" if there are no moves.
func encodeLastMove(moves []store.Move) string {
	if len(moves) == 0 {
		return ""
	}
	m := moves[len(moves)-1]
	user, back := int64(-1), 0
	if m.UserID != nil {
		user = *m.UserID
	}
	if m.TakeBack {
		back = 1
	}
	return fmt.Sprintf("%d %d %d %s", m.Seat, user, back, m.By)
}

// decodeLastMove reads what encodeLastMove wrote: nil and ok for "" (no
// moves), ok false if s is not such.
func decodeLastMove(s string) (*store.Move, bool) {
	if s == "" {
		return nil, true
	}
	f := strings.SplitN(s, " ", 4)
	if len(f) != 4 {
		return nil, false
	}
	seat, err1 := strconv.Atoi(f[0])
	user, err2 := strconv.ParseInt(f[1], 10, 64)
	back, err3 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || err3 != nil || back < 0 || back > 1 {
		return nil, false
	}
	m := &store.Move{Seat: seat, By: f[3], TakeBack: back == 1}
	if user >= 0 {
		m.UserID = &user
	}
	return m, true
}

// inflate is a piece's text: what a page written other than as gzip
// shows of it (no page does today: a page with pieces is written as gzip;
// it would show the part all the same).
func inflate(p gzjoin.Piece) string {
	var b strings.Builder
	b.Grow(int(p.N))
	_, _ = io.Copy(&b, io.LimitReader(flate.NewReader(bytes.NewReader(p.Z)), int64(p.N)))
	return b.String()
}

// keptPart writes a kept part: its piece when the page is written as
// gzip and the part has one, else its HTML (the piece's text if the
// part's HTML was not read).
func (w pageHTML) keptPart(h template.HTML, z *gzjoin.Piece) {
	if z == nil || z.Z == nil {
		w.raw(string(h))
		return
	}
	if zw, ok := w.b.(*gzjoin.Writer); ok {
		zw.Piece(*z)
		return
	}
	w.raw(inflate(*z))
}

// piece is z's part name, nil if z has none (or is nil, or the part is
// empty: nothing to write).
func (z *zView) piece(name string) *gzjoin.Piece {
	if z == nil {
		return nil
	}
	var p *gzjoin.Piece
	switch name {
	case zBoard:
		p = &z.board
	case zOverview:
		p = &z.overview
	case zAccount:
		p = &z.account
	case zStrip:
		p = &z.strip
	case zResult:
		p = &z.result
	}
	if p == nil || p.Z == nil || p.N == 0 {
		return nil
	}
	return p
}

// hasBoard reports whether the page shows a board (as HTML or a piece).
func (p *gameView) hasBoard() bool { return p.Board != "" || p.Z.piece(zBoard) != nil }
