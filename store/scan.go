package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Reading the rows every page reads (games, seats, summaries) with a
// plain column list and Scan: the ORM's reflection costs several times
// what SQLite spends finding them.

const gameCols = `id, game_id, name, options, seed, status, rated, result, created_by, created_at, started_at, finished_at, ending, open_seats`

func scanGame(rows *sql.Rows) (Game, error) {
	var gs gameScan
	err := rows.Scan(gs.dests()...)
	return gs.game(), wrapErr(err, "scan game")
}

// gameScan is where a row's gameCols are scanned to (dests), the
// nullable ones apart, and the Game they make (game).
type gameScan struct {
	g                 Game
	result            sql.NullString
	createdBy         sql.NullInt64
	started, finished sql.NullTime
}

func (s *gameScan) dests() []any {
	g := &s.g
	return []any{&g.ID, &g.Kind, &g.Name, &g.Options, &g.Seed, &g.Status, &g.Rated, &s.result, &s.createdBy, &g.CreatedAt,
		&s.started, &s.finished, &g.Ending, &g.OpenSeats}
}

func (s *gameScan) game() Game {
	g := s.g
	if s.result.Valid {
		g.Result = &s.result.String
	}
	if s.createdBy.Valid {
		g.CreatedBy = &s.createdBy.Int64
	}
	g.StartedAt, g.FinishedAt = nullTime(s.started), nullTime(s.finished)
	return g
}

const userCols = `u.id, u.email, u.display_name, u.language, u.language_chosen, u.notify, u.message_mail, u.no_mail_pictures, u.created_at`

func scanUser(rows *sql.Rows) (User, error) {
	var u User
	err := rows.Scan(&u.ID, &u.Email, &u.DisplayName, &u.Language, &u.LanguageChosen, &u.Notify, &u.MessageMail, &u.NoMailPictures, &u.CreatedAt)
	return u, wrapErr(err, "scan user")
}

// scanUserZone reads userCols and then the member's time zone.
func scanUserZone(rows *sql.Rows) (User, error) {
	var u User
	err := rows.Scan(&u.ID, &u.Email, &u.DisplayName, &u.Language, &u.LanguageChosen, &u.Notify, &u.MessageMail, &u.NoMailPictures, &u.CreatedAt, &u.TimeZone)
	return u, wrapErr(err, "scan user zone")
}

const seatCols = `id, game_id, seat, user_id, name, accepted_at`

func scanSeat(rows *sql.Rows) (Seat, error) {
	var st Seat
	var accepted sql.NullTime
	err := rows.Scan(&st.ID, &st.GameID, &st.Seat, &st.UserID, &st.Name, &accepted)
	st.AcceptedAt = nullTime(accepted)
	return st, wrapErr(err, "scan seat")
}

const importCols = `game_id, source, notes, imported_by, imported_at, rules`

func scanImport(rows *sql.Rows) (GameImport, error) {
	var imp GameImport
	var by sql.NullInt64
	err := rows.Scan(&imp.GameID, &imp.Source, &imp.Notes, &by, &imp.ImportedAt, &imp.Rules)
	if by.Valid {
		imp.ImportedBy = &by.Int64
	}
	return imp, wrapErr(err, "scan import")
}

const changeCols = `game_id, seat, kind, user_id, at, place, dropped, rank, mu_before, sigma_before, mu_after, sigma_after`

func scanChange(rows *sql.Rows) (changeRow, error) {
	var c changeRow
	err := rows.Scan(&c.GameID, &c.Seat, &c.Kind, &c.UserID, &c.At, &c.Place, &c.Dropped, &c.Rank, &c.MuBefore, &c.SigmaBefore, &c.MuAfter, &c.SigmaAfter)
	return c, wrapErr(err, "scan rating change")
}

const messageCols = `id, game_id, user_id, seat, name, to_seat, to_user_id, body, at`

func scanMessage(rows *sql.Rows) (Message, error) {
	var m Message
	var user, toUser sql.NullInt64
	var toSeat sql.NullInt32
	err := rows.Scan(&m.ID, &m.GameID, &user, &m.Seat, &m.Name, &toSeat, &toUser, &m.Body, &m.At)
	if user.Valid {
		m.UserID = &user.Int64
	}
	if toUser.Valid {
		m.ToUserID = &toUser.Int64
	}
	if toSeat.Valid {
		seat := int(toSeat.Int32)
		m.ToSeat = &seat
	}
	return m, wrapErr(err, "scan message")
}

const summaryCols = `game_id, status, moves, last_move_at, round, phase, to_act`

func scanSummary(rows *sql.Rows) (Summary, error) {
	var sm Summary
	err := rows.Scan(&sm.GameID, &sm.Status, &sm.Moves, &sm.LastMoveAt, &sm.Round, &sm.Phase, &sm.ToAct)
	sm.LastMoveAt = sm.LastMoveAt.UTC()
	return sm, wrapErr(err, "scan summary")
}

// prefixed writes each column of a list as p + column (a table's alias).
func prefixed(p, cols string) string {
	parts := strings.Split(cols, ", ")
	for i := range parts {
		parts[i] = p + parts[i]
	}
	return strings.Join(parts, ", ")
}

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// queryRows runs a query and reads each row with scan.
func queryRows[T any](db *gorm.DB, scan func(*sql.Rows) (T, error), query string, args ...any) ([]T, error) {
	return queryRowsCap(db, 0, scan, query, args...)
}

// queryRowsCap is queryRows with room for n rows made at once (a query
// with a LIMIT: its rows are not copied as the slice grows); no rows is
// nil, as from queryRows.
func queryRowsCap[T any](db *gorm.DB, n int, scan func(*sql.Rows) (T, error), query string, args ...any) ([]T, error) {
	rows, ok, err := plainQuery(db, query, args)
	if !ok {
		rows, err = db.Raw(query, args...).Rows()
	}
	return collectRows(rows, err, n, scan)
}

// readRowsCap is queryRowsCap for a statement the store runs on its own
// (in no transaction) for ctx: straight on the pool when it needs no
// GORM (plainQuery), without the session WithContext makes, which cost
// every such call five allocations and 800 bytes, more than the
// statement's own reading of a row.
func readRowsCap[T any](ctx context.Context, s *Store, n int, scan func(*sql.Rows) (T, error), query string, args ...any) ([]T, error) {
	if _, tracing := s.db.Logger.(traceLogger); tracing || !plainArgs(args) {
		return queryRowsCap(s.db.WithContext(ctx), n, scan, query, args...)
	}
	if s.pg {
		query = numbered(query)
	} else {
		// As each statement is stepped (stepContext): database/sql watches
		// a context that can end in a goroutine of its own per statement,
		// started and woken again for rows read in microseconds (a game
		// page runs seven).
		var err error
		if ctx, err = stepContext(ctx); err != nil {
			return nil, err
		}
	}
	rows, err := s.sql.QueryContext(ctx, query, args...)
	return collectRows(rows, err, n, scan)
}

// collectRows reads each of rows (err: the query's) with scan, with room
// for n made at once.
func collectRows[T any](rows *sql.Rows, err error, n int, scan func(*sql.Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, fmt.Errorf("query rows: %w", err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		if out == nil && n > 0 {
			out = make([]T, 0, n)
		}
		out = append(out, v)
	}
	return out, wrapErr(rows.Err(), "query rows")
}
