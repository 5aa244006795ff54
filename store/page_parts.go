package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// A game's page parts kept in the database (migrations 00300, 00305, 00310):
// what handlers drew and said of a finished game, or of the position a
// game in play stands at, once, read back by every later first view in
// the same language by the same build. The store keeps the rows
// and drops a game's whenever its derived data is written again; what
// they hold is handlers' business.

// PageParts is one row: a game's parts in one language, made by one
// build.
type PageParts struct {
	GameID   int64
	Version  string // the build that made them
	Lang     string // "" marks a game with no parts to keep
	Status   string // the game's when they were made: StatusFinished or StatusActive
	Moves    int    // the game's move count when they were made
	Names    uint64 // its players' names, hashed
	MadeAt   time.Time
	Overview string
	Account  string
	Recent   string // the last moves in words
	Seats    string // each seat's board as a change to Board
	Board    string
	// SeatParts is each viewer's position strip and result (a finished
	// game's; "" in a game in play's, or a row made before 00310).
	SeatParts string
	// Z is the parts compressed, kept beside the row (page_zparts.go):
	// none, or one row every viewer reads and one per viewer.
	Z []ZRow
}

// PagePartsOf returns game gameID's parts in lang made by version (found
// false if none).
func (s *Store) PagePartsOf(ctx context.Context, gameID int64, version, lang string) (PageParts, bool, error) {
	return s.pageParts(ctx, gameID, version, lang, "", 0, 0)
}

// PagePartsAt returns game gameID's parts in lang made by version at
// moves moves with players' names names (found false if the row is of
// another move or names, or there is none). Read straight on the pool: a
// game page asks it. A row of another move (a game in play's, made
// before its last move) is passed over by the statement itself, its
// bulk left unread: the columns it is told by come first in the row.
func (s *Store) PagePartsAt(ctx context.Context, gameID int64, version, lang string, moves int, names uint64) (PageParts, bool, error) {
	return s.pageParts(ctx, gameID, version, lang, " AND moves = ? AND names = ?", moves, names)
}

// PageBoardAt is PagePartsAt's board, seats' changes and status alone
// (the rest of the row is read past, not copied): what the history page
// at a game's last move shows of it.
func (s *Store) PageBoardAt(ctx context.Context, gameID int64, version, lang string, moves int, names uint64) (PageParts, bool, error) {
	rows, err := readRowsCap(ctx, s, 1, func(r *sql.Rows) (PageParts, error) {
		p := PageParts{GameID: gameID, Version: version, Lang: lang, Moves: moves, Names: names}
		return p, r.Scan(&p.Seats, &p.Board, &p.Status)
	}, `SELECT seats, board, status FROM page_parts WHERE game_id = ? AND version = ? AND lang = ? AND moves = ? AND names = ?`,
		gameID, version, lang, moves, int64(names))
	if err != nil || len(rows) == 0 {
		return PageParts{}, false, wrapErr(err, "store: page board of game %d", gameID)
	}
	return rows[0], true, nil
}

func (s *Store) pageParts(ctx context.Context, gameID int64, version, lang, and string, moves int, names uint64) (PageParts, bool, error) {
	args := []any{gameID, version, lang}
	if and != "" {
		args = append(args, moves, int64(names))
	}
	rows, err := readRowsCap(ctx, s, 1, func(r *sql.Rows) (PageParts, error) {
		p := PageParts{GameID: gameID, Version: version, Lang: lang}
		var names int64
		err := r.Scan(&p.Moves, &names, &p.Overview, &p.Account, &p.Recent, &p.Seats, &p.Board, &p.Status, &p.SeatParts)
		p.Names = uint64(names)
		return p, err
	}, `SELECT moves, names, overview, account, recent, seats, board, status, seat_parts FROM page_parts WHERE game_id = ? AND version = ? AND lang = ?`+and,
		args...)
	if err != nil {
		return PageParts{}, false, fmt.Errorf("store: page parts of game %d: %w", gameID, err)
	}
	if len(rows) == 0 {
		return PageParts{}, false, nil
	}
	return rows[0], true, nil
}

// KeepPageParts stores p in place of the row of its game, version and
// language, if the game still has p's status (finished if p says none)
// and p.Moves moves (a row with no language, which marks a game done,
// whatever its moves: it takes the game's move count as it is, so a game
// in play is due again after its next move), else it keeps nothing and says ErrPagePartsStale:
// a game moved on, ended, taken up again or re-derived since p was made
// keeps nothing of it
// (its derived data's writes drop its rows in their transaction, and
// this statement sees either the game before or after them). The game's
// rows made by other builds go in the same transaction: after an upgrade
// the new build's rows take the room the old build's leave, game by game,
// instead of the file holding both builds' until the last game is made.
func (s *Store) KeepPageParts(ctx context.Context, p PageParts) error {
	if p.Status == "" {
		p.Status = StatusFinished
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`DELETE FROM page_parts WHERE game_id = ? AND version <> ?`, p.GameID, p.Version).Error; err != nil {
			return err
		}
		res := tx.Exec(`INSERT INTO page_parts (game_id, version, lang, status, moves, names, made_at, overview, account, recent, seats, board, seat_parts)
		SELECT ?, ?, ?, ?, CASE WHEN ? = '' THEN COALESCE(sm.moves, ?) ELSE ? END, ?, ?, ?, ?, ?, ?, ?, ? FROM games g LEFT JOIN game_summaries sm ON sm.game_id = g.id
		WHERE g.id = ? AND g.status = ? AND (? = '' OR sm.moves = ?)
		ON CONFLICT (game_id, version, lang) DO UPDATE SET status = excluded.status, moves = excluded.moves, names = excluded.names,
			made_at = excluded.made_at, overview = excluded.overview, account = excluded.account, recent = excluded.recent,
			seats = excluded.seats, board = excluded.board, seat_parts = excluded.seat_parts`,
			p.GameID, p.Version, p.Lang, p.Status, p.Lang, p.Moves, p.Moves, int64(p.Names), p.MadeAt.UTC(), p.Overview, p.Account, p.Recent, p.Seats, p.Board, p.SeatParts,
			p.GameID, p.Status, p.Lang, p.Moves)
		if res.Error == nil && res.RowsAffected == 0 {
			return ErrPagePartsStale
		}
		if res.Error != nil {
			return res.Error
		}
		return keepZRows(tx, p)
	})
	return wrapErr(err, "store: keep page parts of game %d", p.GameID)
}

// ErrPagePartsStale is KeepPageParts' refusal of parts made of a game that
// is not as they say (its status and move count): nothing is kept.
var ErrPagePartsStale = errors.New("store: the game is not as its page parts were made")

// PagePartsDue returns up to limit games that have no row made by
// version of them as they stand: the games whose parts the keeper makes
// next. Half of them at most (if any) are games in play whose last move
// was made before settled (the newest first: a position is kept once it
// has stood a while, not after each move of a game played briskly, whose
// pages the memory caches serve), the rest finished games with no row
// (the newest first).
func (s *Store) PagePartsDue(ctx context.Context, version string, limit int, settled time.Time) ([]int64, error) {
	scan := func(r *sql.Rows) (int64, error) {
		var id int64
		return id, r.Scan(&id)
	}
	ids, err := readRowsCap(ctx, s, (limit+1)/2, scan, `SELECT sm.game_id FROM game_summaries sm JOIN games g ON g.id = sm.game_id
		WHERE sm.status = ? AND sm.last_move_at < ? AND g.status = ?
		AND NOT EXISTS (SELECT 1 FROM page_parts p WHERE p.game_id = sm.game_id AND p.version = ? AND p.status = ? AND p.moves = sm.moves)
		ORDER BY sm.last_move_at DESC LIMIT ?`, StatusActive, settled.UTC(), StatusActive, version, StatusActive, (limit+1)/2)
	if err != nil {
		return nil, wrapErr(err, "store: games in play whose page parts are due")
	}
	if len(ids) >= limit {
		return ids, nil
	}
	done, err := readRowsCap(ctx, s, limit-len(ids), scan, `SELECT g.id FROM games g WHERE g.status = ?
		AND NOT EXISTS (SELECT 1 FROM page_parts p WHERE p.game_id = g.id AND p.version = ? AND p.status = ?)
		ORDER BY g.id DESC LIMIT ?`, StatusFinished, version, StatusFinished, limit-len(ids))
	return append(ids, done...), wrapErr(err, "store: finished games whose page parts are due")
}

// DropPagePartsNotOf removes up to limit games' rows made by any build but
// version (parts an earlier build made, which no page reads, of games this
// build has not made again), their compressed rows' too, and says how
// many rows it removed.
func (s *Store) DropPagePartsNotOf(ctx context.Context, version string, limit int) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, table := range []string{"page_parts", "page_zparts"} {
			res := tx.Exec(`DELETE FROM `+table+` WHERE version <> ? AND game_id IN
				(SELECT game_id FROM `+table+` WHERE version <> ? LIMIT ?)`, version, version, limit)
			if res.Error != nil {
				return res.Error
			}
			n += res.RowsAffected
		}
		return nil
	})
	return n, wrapErr(err, "store: drop old page parts")
}

// PlayersLanguages returns the languages of the members seated in a game,
// each once: the languages its kept page parts are made in.
func (s *Store) PlayersLanguages(ctx context.Context, gameID int64) ([]string, error) {
	langs, err := readRowsCap(ctx, s, 4, func(r *sql.Rows) (string, error) {
		var l string
		return l, r.Scan(&l)
	}, `SELECT DISTINCT u.language FROM seats st JOIN users u ON u.id = st.user_id WHERE st.game_id = ? ORDER BY u.language`, gameID)
	return langs, wrapErr(err, "store: languages of game %d's players", gameID)
}
