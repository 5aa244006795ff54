package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"sort"
	"time"

	"gorm.io/gorm"

	"rondel/game"
)

// Lists of games for pages and jobs, read from the summaries: no game is
// replayed to list it.

// Listing is one game on a member's list: the game, where it stands and
// its seats.
type Listing struct {
	Game    Game
	Summary Summary
	Seats   []Seat
}

// GamesOfUser returns the games userID has a seat in, newest first, with
// their summaries and seats: three queries, whatever the number of games.
func (s *Store) GamesOfUser(ctx context.Context, userID int64) ([]Listing, error) {
	db := s.db.WithContext(ctx)
	games, err := s.GamesOf(ctx, userID)
	if err != nil || len(games) == 0 {
		return nil, err
	}
	const mine = `(SELECT game_id FROM seats WHERE user_id = ?)`
	sums, err := queryRows(db, scanSummary, `SELECT `+summaryCols+` FROM game_summaries WHERE game_id IN `+mine, userID)
	if err != nil {
		return nil, err
	}
	seats, err := queryRows(db, scanSeat, `SELECT `+seatCols+` FROM seats WHERE game_id IN `+mine+` ORDER BY game_id, seat`, userID)
	if err != nil {
		return nil, err
	}
	return s.joinListings(db, games, sums, seats)
}

// joinListings puts games together with their summaries and seats, read
// by the caller in one query each; a game without a summary (not rebuilt
// since summaries exist) gets one made from its log.
func (s *Store) joinListings(db *gorm.DB, games []Game, sums []Summary, seats []Seat) ([]Listing, error) {
	bySum := make(map[int64]Summary, len(sums))
	for _, sm := range sums {
		bySum[sm.GameID] = sm
	}
	bySeat := map[int64][]Seat{}
	for _, st := range seats {
		bySeat[st.GameID] = append(bySeat[st.GameID], st)
	}
	out := make([]Listing, 0, len(games))
	for _, g := range games {
		sm, ok := bySum[g.ID]
		if !ok {
			p, err := s.summaryFor(db, &g)
			if err != nil {
				return nil, err
			}
			sm = *p
		}
		out = append(out, Listing{Game: g, Summary: sm, Seats: bySeat[g.ID]})
	}
	return out, nil
}

// GamesOf returns the games userID has a seat in, newest first.
func (s *Store) GamesOf(ctx context.Context, userID int64) ([]Game, error) {
	return queryRows(s.db.WithContext(ctx), scanGame, `SELECT `+gameCols+` FROM games
		WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY created_at DESC, id DESC`, userID)
}

// MovesPage returns up to limit moves of a game before move `before`
// (all moves when before <= 0), newest first: a page of its history, with
// what the history shows of each (historyMoveCols; the move itself, its
// note, its id and who sent it are left empty: read for fifty moves on
// every first view, they were a cost nothing used).
func (s *Store) MovesPage(ctx context.Context, gameID int64, before, limit int) ([]Move, error) {
	if before <= 0 {
		before = math.MaxInt32 // every seq is below it
	}
	// Room for the page made at once (a Move is 150 bytes: growing the
	// slice to fifty copied them five times), and the game's id not read
	// fifty times: it is the one asked for.
	out, err := queryRowsCap(s.db.WithContext(ctx), min(limit, 1000), scanHistoryMove, `SELECT `+historyMoveCols+` FROM moves WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
		gameID, before, limit)
	for i := range out {
		out[i].GameID = gameID
	}
	return out, wrapErr(err, "store: moves page (game %d)", gameID)
}

// historyMoveCols are the columns of a move the history shows (and its
// game_id, known).
const historyMoveCols = `seq, seat, events, at, "by", take_back`

func scanHistoryMove(rows *sql.Rows) (Move, error) {
	var m Move
	err := rows.Scan(&m.Seq, &m.Seat, &m.Events, &m.At, &m.By, &m.TakeBack)
	return m, wrapErr(err, "scan history move")
}

// RecentMoves returns a game's moves after seq, oldest first, with what
// a game page shows of each: the columns the history reads and who made
// it (a take-back is offered on the last move by its own player). The
// move itself, its note and its id are left empty: every first view of a
// game reads its last moves, and every column is a call into SQLite a
// row (MovesSince reads them all).
func (s *Store) RecentMoves(ctx context.Context, gameID int64, seq int) ([]Move, error) {
	// Room for the last moves a game page shows made at once (the moves
	// are wide: growing the slice copied them three times).
	out, err := readRowsCap(ctx, s, recentMovesRoom, scanRecentMove, `SELECT `+historyMoveCols+`, user_id FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq`,
		gameID, seq)
	for i := range out {
		out[i].GameID = gameID
	}
	return out, wrapErr(err, "store: recent moves (game %d)", gameID)
}

// recentMovesRoom is how many rows RecentMoves makes room for at first:
// the six a game page shows, a take-back or two more.
const recentMovesRoom = 8

func scanRecentMove(rows *sql.Rows) (Move, error) {
	var m Move
	var user sql.NullInt64
	err := rows.Scan(&m.Seq, &m.Seat, &m.Events, &m.At, &m.By, &m.TakeBack, &user)
	if user.Valid {
		m.UserID = &user.Int64
	}
	return m, wrapErr(err, "scan recent move")
}

// Pending is one open decision of a person in a game in play: what notify
// needs for "your turn" mails, reminders and caretaker timeouts.
type Pending struct {
	Game     Game
	Seat     Seat
	User     User
	Decision game.Decision
	Seq      int        // moves played; a caretaker move is made on this position
	Since    time.Time  // since when the game waits
	Due      *time.Time // the seat's running deadline, if any (PendingOf)
}

// Pending lists every open decision of every game in play, oldest first
// (for tools and tests: it reads every game in play; the jobs read
// PendingOf for the people they mail).
func (s *Store) Pending(ctx context.Context) ([]Pending, error) {
	db := s.db.WithContext(ctx)
	rows, err := db.Raw(`SELECT w.game_id, w.seat, st.user_id FROM game_waits w
		JOIN seats st ON st.game_id = w.game_id AND st.seat = w.seat ORDER BY w.game_id, w.seat`).Rows()
	if err != nil {
		return nil, fmt.Errorf("store: open decisions: %w", err)
	}
	type wait struct {
		game   int64
		seat   int
		userID int64
	}
	var ws []wait
	for rows.Next() {
		var w wait
		if err := rows.Scan(&w.game, &w.seat, &w.userID); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: open decisions: %w", err)
		}
		ws = append(ws, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: open decisions: %w", err)
	}
	users := map[int64]*User{}
	var out []Pending
	for i := 0; i < len(ws); {
		j := i
		asked := map[int]int64{} // seat → holder
		for ; j < len(ws) && ws[j].game == ws[i].game; j++ {
			asked[ws[j].seat] = ws[j].userID
		}
		id := ws[i].game
		i = j
		g, err := s.GameRow(ctx, id)
		if err != nil {
			return nil, err
		}
		if g.Status != StatusActive {
			continue
		}
		seats, err := s.Seats(ctx, id)
		if err != nil {
			return nil, err
		}
		sum, err := s.summaryFor(db, g)
		if err != nil {
			return nil, err
		}
		for _, d := range sum.Decisions() {
			uid, ok := asked[d.Seat]
			if !ok {
				continue
			}
			if d.Seat < 0 || d.Seat >= len(seats) {
				return nil, fmt.Errorf("store: game %d asks seat %d, which does not exist", id, d.Seat)
			}
			u, ok := users[uid]
			if !ok {
				if u, err = s.User(ctx, uid); err != nil {
					return nil, err
				}
				users[uid] = u
			}
			out = append(out, Pending{Game: *g, Seat: seats[d.Seat], User: *u, Decision: d, Seq: sum.Moves, Since: sum.LastMoveAt})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Since.Before(out[j].Since) })
	return out, nil
}

// CountGames counts the games with a status.
func (s *Store) CountGames(ctx context.Context, status string) (int, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Game{}).Where("status = ?", status).Count(&n).Error
	return int(n), wrapErr(err, "store: count games")
}

// UsersAwaitingMail lists the people with mail setting notify who are
// asked to decide in a game in play and have no mail of kind numbered seq
// yet (not about one game): the daily digests still to queue today. One
// indexed query, so a day's later runs cost next to nothing.
func (s *Store) UsersAwaitingMail(ctx context.Context, notify, kind string, seq int) ([]int64, error) {
	var out []int64
	err := s.db.WithContext(ctx).Raw(`SELECT DISTINCT u.id FROM users u
		JOIN seats st ON st.user_id = u.id
		JOIN game_waits w ON w.game_id = st.game_id AND w.seat = st.seat
		WHERE u.notify = ? AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.game_id = 0 AND o.seq = ? AND o.user_id = u.id AND o.kind = ?)
		ORDER BY u.id`, notify, seq, kind).Scan(&out).Error
	return out, wrapErr(err, "store: users awaiting mail")
}

// PendingOf lists one person's open decisions in games in play, oldest
// first, each with its seat's running deadline: one query.
func (s *Store) PendingOf(ctx context.Context, userID int64) ([]Pending, error) {
	db := s.db.WithContext(ctx)
	u, err := s.User(ctx, userID)
	if err != nil {
		return nil, err
	}
	type row struct {
		g   Game
		st  Seat
		sm  Summary
		due *time.Time
	}
	rows, err := queryRows(db, func(rs *sql.Rows) (row, error) {
		var r row
		var result sql.NullString
		var createdBy sql.NullInt64
		var started, finished, accepted, due sql.NullTime
		err := rs.Scan(&r.g.ID, &r.g.Kind, &r.g.Name, &r.g.Options, &r.g.Seed, &r.g.Status, &r.g.Rated, &result, &createdBy,
			&r.g.CreatedAt, &started, &finished, &r.g.Ending, &r.g.OpenSeats,
			&r.st.ID, &r.st.GameID, &r.st.Seat, &r.st.UserID, &r.st.Name, &accepted,
			&r.sm.GameID, &r.sm.Status, &r.sm.Moves, &r.sm.LastMoveAt, &r.sm.Round, &r.sm.Phase, &r.sm.ToAct, &due)
		if result.Valid {
			r.g.Result = &result.String
		}
		if createdBy.Valid {
			r.g.CreatedBy = &createdBy.Int64
		}
		r.g.StartedAt, r.g.FinishedAt, r.st.AcceptedAt, r.due = nullTime(started), nullTime(finished), nullTime(accepted), nullTime(due)
		r.sm.LastMoveAt = r.sm.LastMoveAt.UTC()
		return r, err
	}, `SELECT `+prefixed("g.", gameCols)+`, `+prefixed("st.", seatCols)+`, `+prefixed("sm.", summaryCols)+`, d.due_at
		FROM seats st
		JOIN game_waits w ON w.game_id = st.game_id AND w.seat = st.seat
		JOIN games g ON g.id = st.game_id
		JOIN game_summaries sm ON sm.game_id = st.game_id
		LEFT JOIN deadlines d ON d.game_id = st.game_id AND d.seat = st.seat AND d.closed_at IS NULL
		WHERE st.user_id = ? AND g.status = ? ORDER BY sm.last_move_at, g.id`, userID, StatusActive)
	if err != nil {
		return nil, err
	}
	var out []Pending
	for _, r := range rows {
		for _, d := range r.sm.Decisions() {
			if d.Seat == r.st.Seat {
				out = append(out, Pending{Game: r.g, Seat: r.st, User: *u, Decision: d, Seq: r.sm.Moves, Since: r.sm.LastMoveAt, Due: r.due})
			}
		}
	}
	return out, nil
}
