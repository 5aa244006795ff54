package handlers

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"

	"rondel/game/words"
	"rondel/store"
)

// A finished game never changes again, yet each first view of it drew its
// board, said its overview, read and said its account and its last moves: at the
// 10,000-game club, whose readers mostly open games nobody opened since
// the server started, that was most of a finished game's page. A game in
// play stands at one position between two moves, often for a day, and
// each first view of it drew the board and said the overview again. So
// the keeper (KeepPages, run in the background by rondel serve) makes
// them once per game and position, in each of its players' languages, and
// the store keeps them (store/page_parts.go); a page reads them back in
// one row. A game in play is made once its last move has stood
// inPlaySettle, so a game played briskly is not drawn again after each
// move (the memory caches serve its pages then), and its row says its
// move count: after the next move its pages make their parts as before
// until the keeper makes the new position's.
//
// They are what this build draws and says: a row holds the build's
// version (Deps.PagesVersion: a hash of the program), and a page uses a
// row only when its version, language, the game's status, move count and
// players' names are the page's own, else it makes the parts as before. A
// new build makes new rows, each in place of the game's rows of other
// builds.
//
// The board differs from seat to seat (a player's own rows are bold and
// say "you"), so a row holds the board as a reader with no seat sees it
// and, for each seat, the part of the board that differs: about a
// kilobyte where a whole board is 25-40 KB.

// inPlaySettle is how long a game in play's last move stands before the
// keeper keeps its position's parts.
const inPlaySettle = time.Minute

// storedParts is a game's kept parts as a page reads them.
type storedParts struct {
	row store.PageParts
}

// moves is a finished game's last moves in words; ok false if the row's
// are not readable, or it keeps none (a game in play's: the page reads
// its last move, which a take-back needs).
func (f *storedParts) moves() ([]moveView, bool) {
	if f == nil || f.row.Status != store.StatusFinished {
		return nil, false
	}
	return decodeMoveViews(f.row.Recent)
}

// storedPartsOf returns pos's kept parts in sp's language, if the keeper
// made them with this build for the game as it is.
func (s *Server) storedPartsOf(ctx context.Context, sp *words.Speaker, pos *store.Position) (*storedParts, error) {
	st := pos.Game.Status
	if s.pagesVersion == "" || !pos.Started() || st != store.StatusFinished && st != store.StatusActive {
		return nil, nil
	}
	row, ok, err := s.store.PagePartsAt(ctx, pos.Game.ID, s.pagesVersion, sp.Lang(), pos.Seq, namesHash(pos.Seats))
	if err != nil || !ok || row.Status != st {
		return nil, err
	}
	return &storedParts{row: row}, nil
}

// keptBoard is the board of pos as it stands, for viewer (-1: no seat),
// as the keeper kept it; ok false if it kept none of the game as it is.
// The history page at the last move shows it: the board the game page
// shows, but for a game ended by agreement (the game page shows the
// concluded position, the history the last move's).
func (s *Server) keptBoard(ctx context.Context, sp *words.Speaker, pos *store.Position, viewer int) (template.HTML, bool, error) {
	st := pos.Game.Status
	if s.pagesVersion == "" || pos.State == nil || pos.Game.Ending == store.EndAgreed || st != store.StatusFinished && st != store.StatusActive {
		return "", false, nil
	}
	row, ok, err := s.store.PageBoardAt(ctx, pos.Game.ID, s.pagesVersion, sp.Lang(), pos.Seq, namesHash(pos.Seats))
	if err != nil || !ok || row.Status != st {
		return "", false, err
	}
	b, ok := (&storedParts{row: row}).board(viewer)
	return b, ok, nil
}

// board is the board as viewer sees it (-1: no seat); ok false if the
// row does not hold it (a seat the game did not have when it was made).
func (f *storedParts) board(viewer int) (template.HTML, bool) {
	if f == nil {
		return "", false
	}
	if viewer < 0 {
		return template.HTML(f.row.Board), true
	}
	b, ok := applySeatChange(f.row.Board, f.row.Seats, viewer)
	return template.HTML(b), ok
}

// finishedParts is a finished game's parts as viewer (-1: no seat) sees
// them, all from the row (its board, overview, account, last moves, and
// the viewer's strip and result): ok false if the row lacks any of them,
// and the page reads the game's state to make them.
func (f *storedParts) finishedParts(viewer int) (*positionParts, bool) {
	if f == nil || f.row.Status != store.StatusFinished {
		return nil, false
	}
	b, ok := f.board(viewer)
	if !ok {
		return nil, false
	}
	strip, result, ok := seatPartsOf(f.row.SeatParts, viewer)
	if !ok {
		return nil, false
	}
	moves, ok := f.moves()
	if !ok {
		return nil, false
	}
	p := &positionParts{Board: b, Overview: template.HTML(f.row.Overview), moves: moves, stored: true, seatStored: true}
	p.kept.Account, p.kept.Strip, p.kept.Result = template.HTML(f.row.Account), template.HTML(strip), template.HTML(result)
	return p, true
}

// A row's seat parts are each viewer's strip and result, the viewer with
// no seat first, then the seats in order, each written as "S R\n", the
// strip's S bytes and the result's R bytes.

// writeSeatParts writes viewer's strip and result (the next viewer's).
func writeSeatParts(b *strings.Builder, strip, result template.HTML) {
	fmt.Fprintf(b, "%d %d\n", len(strip), len(result))
	b.WriteString(string(strip))
	b.WriteString(string(result))
}

// seatPartsOf is viewer's strip and result in a row's seat parts; ok
// false if they do not hold them (none kept, or a seat the game did not
// have when they were made).
func seatPartsOf(parts string, viewer int) (strip, result string, ok bool) {
	for i := -1; ; i++ {
		nl := strings.IndexByte(parts, '\n')
		if nl < 0 {
			return "", "", false
		}
		a, b, found := strings.Cut(parts[:nl], " ")
		n, err1 := strconv.Atoi(a)
		m, err2 := strconv.Atoi(b)
		rest := parts[nl+1:]
		if !found || err1 != nil || err2 != nil || n < 0 || m < 0 || n > len(rest) || m > len(rest)-n {
			return "", "", false
		}
		if i == viewer {
			return rest[:n], rest[n : n+m], true
		}
		parts = rest[n+m:]
	}
}

// A seat's change to the base board is written as "P S N\n" and N bytes:
// the seat's board is the base's first P bytes, those N bytes, and the
// base's last S bytes. The seats' changes follow each other in order.

// seatChange writes how board differs from base.
func seatChange(b *strings.Builder, base, board string) {
	p := 0
	for p < len(base) && p < len(board) && base[p] == board[p] {
		p++
	}
	q := 0
	for q < len(base)-p && q < len(board)-p && base[len(base)-1-q] == board[len(board)-1-q] {
		q++
	}
	mid := board[p : len(board)-q]
	fmt.Fprintf(b, "%d %d %d\n", p, q, len(mid))
	b.WriteString(mid)
}

// applySeatChange is seat's board, made from base and the seats' changes.
func applySeatChange(base, changes string, seat int) (string, bool) {
	for i := 0; ; i++ {
		nl := strings.IndexByte(changes, '\n')
		if nl < 0 {
			return "", false
		}
		f := strings.Fields(changes[:nl])
		if len(f) != 3 {
			return "", false
		}
		p, err1 := strconv.Atoi(f[0])
		q, err2 := strconv.Atoi(f[1])
		n, err3 := strconv.Atoi(f[2])
		rest := changes[nl+1:]
		if err1 != nil || err2 != nil || err3 != nil || p < 0 || q < 0 || n < 0 || n > len(rest) || p+q > len(base) {
			return "", false
		}
		if i == seat {
			var b strings.Builder
			b.Grow(p + n + q)
			b.WriteString(base[:p])
			b.WriteString(rest[:n])
			b.WriteString(base[len(base)-q:])
			return b.String(), true
		}
		changes = rest[n:]
	}
}

// keepBatch is how many games the keeper makes the parts of in one go.
const keepBatch = 8

// KeepPages makes and stores the parts of up to keepBatch games that have
// none made by this build of them as they stand (finished games, and
// games in play whose last move has stood inPlaySettle), and says how
// many games it did: 0 when none are due (or the pages are not kept).
func (s *Server) KeepPages(ctx context.Context) (int, error) {
	if s.pagesVersion == "" {
		return 0, nil
	}
	var settled time.Time // none in play: none moved before the zero time
	if s.keepInPlay {
		settled = s.now().Add(-inPlaySettle)
	}
	ids, err := s.store.PagePartsDue(ctx, s.pagesVersion, keepBatch, settled)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := s.keepGamePages(ctx, id); err != nil {
			if ctx.Err() != nil {
				return 0, err
			}
			if errors.Is(err, store.ErrPagePartsStale) {
				continue // moved on or ended meanwhile: due again as it is now
			}
			// Its pages make their parts as before; it is not due again
			// (a row with no language marks it done whatever its moves).
			s.log.Warn("keep pages", "game", id, "err", err)
			if err := s.keepNoParts(ctx, id); err != nil {
				return 0, err
			}
		}
	}
	return len(ids), nil
}

// DropOldPages removes up to n games' parts made by other builds and says
// how many rows it removed.
func (s *Server) DropOldPages(ctx context.Context, n int) (int64, error) {
	if s.pagesVersion == "" {
		return 0, nil
	}
	return s.store.DropPagePartsNotOf(ctx, s.pagesVersion, n)
}

// noParts is the row that marks a game with no parts to keep as it is
// (status, moves).
func (s *Server) noParts(id int64, status string, moves int) store.PageParts {
	return store.PageParts{GameID: id, Version: s.pagesVersion, Status: status, Moves: moves, MadeAt: s.now()}
}

// keepNoParts marks a game whose parts could not be made done as it
// stands now: a game in play at its move count (it is due again after
// its next move), a finished one for good.
func (s *Server) keepNoParts(ctx context.Context, id int64) error {
	g, err := s.store.GameRow(ctx, id)
	if err != nil {
		return err
	}
	err = s.store.KeepPageParts(ctx, s.noParts(id, g.Status, -1))
	if errors.Is(err, store.ErrPagePartsStale) {
		return nil // neither finished nor in play: never due
	}
	return err
}

// keepGamePages makes a game's parts as it stands in each of its players'
// languages, as a page makes them (parts, keep), and stores them.
func (s *Server) keepGamePages(ctx context.Context, id int64) error {
	pos, err := s.store.Current(ctx, id)
	if err != nil {
		return err
	}
	st := pos.Game.Status
	if st != store.StatusFinished && st != store.StatusActive {
		return nil // a game inviting or ended unplayed is never due
	}
	if pos.State == nil {
		return s.store.KeepPageParts(ctx, s.noParts(id, st, pos.Seq))
	}
	langs, err := s.store.PlayersLanguages(ctx, id)
	if err != nil {
		return err
	}
	// A reader's language is the catalogue's match of theirs (langOf).
	cat, seen := words.Default(), map[string]bool{}
	var in []string
	for _, l := range langs {
		if m := cat.Match(l); !seen[m] {
			seen[m] = true
			in = append(in, m)
		}
	}
	if len(in) == 0 { // no member seated: the default language
		in = append(in, cat.Match())
	}
	for _, lang := range in {
		row, err := s.makeStoredParts(ctx, pos, lang)
		if err != nil {
			return err
		}
		if err := s.store.KeepPageParts(ctx, row); err != nil {
			return err
		}
	}
	return nil
}

// makeStoredParts draws and says pos's parts in lang: a finished game's
// board, overview, account, last moves and each viewer's strip and
// result, a game in play's board and overview.
func (s *Server) makeStoredParts(ctx context.Context, pos *store.Position, lang string) (store.PageParts, error) {
	r := s.readers.get(lang, "UTC", s.now)
	sp := r.sp.WithNames(seatNames(pos.Seats))
	row := store.PageParts{GameID: pos.Game.ID, Version: s.pagesVersion, Lang: lang, Status: pos.Game.Status, Moves: pos.Seq,
		Names: namesHash(pos.Seats), MadeAt: s.now(), Overview: string(s.overviewHTML(pos, sp))}
	_, st := positionBoardKey(pos, -1, sp, true)
	row.Board = string(s.pageBoardOf(st, -1, sp))
	boards := []string{row.Board} // the viewer with no seat's, then each seat's
	var b strings.Builder
	for seat := range pos.Seats {
		board := string(s.pageBoardOf(st, seat, sp))
		seatChange(&b, row.Board, board)
		boards = append(boards, board)
	}
	row.Seats = b.String()
	b.Reset()
	var strips, results []string
	for viewer := -1; viewer < len(pos.Seats); viewer++ {
		g, res := glanceAndResult(pos, viewer, sp)
		strip, result := stripHTML(r, g), resultHTML(r, res)
		writeSeatParts(&b, strip, result)
		strips, results = append(strips, string(strip)), append(results, string(result))
	}
	moves, err := s.store.RecentMoves(ctx, pos.Game.ID, max(0, pos.Seq-recentMoves))
	if err != nil {
		return row, err
	}
	recent := encodeMoveViews(moveViews(sp, moves, pos.Seats))
	if row.Status != store.StatusFinished {
		// The row of HTML keeps a game in play's board and overview alone
		// (its page reads the rest); the compressed rows keep its strips,
		// last moves and what a take-back asks of the last one too.
		return row, makeZRows(&row, zSource{boards, strips, results, recent, encodeLastMove(moves)})
	}
	a, err := s.accountOf(ctx, sp, pos.Game)
	if err != nil {
		return row, err
	}
	row.Account = string(accountHTML(r, a))
	row.SeatParts = b.String()
	row.Recent = recent
	return row, makeZRows(&row, zSource{boards, strips, results, recent, ""})
}
