package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"rondel/game"
)

// Current returns a game's current position: its summary says how many
// moves it has, and its state comes from the cache or its snapshot.
func (s *Store) Current(ctx context.Context, gameID int64) (*Position, error) {
	return s.current(ctx, gameID, false)
}

// CurrentDeferred is Current but for a finished game's state, which is
// read and decoded only when asked for (Position.LoadState): a finished
// game's page whose parts the keeper made shows nothing it does not find
// in them, and reading and decoding the snapshot was a tenth of such a
// page's CPU. A game in any other status comes as Current gives it.
func (s *Store) CurrentDeferred(ctx context.Context, gameID int64) (*Position, error) {
	return s.current(ctx, gameID, true)
}

func (s *Store) current(ctx context.Context, gameID int64, deferFinished bool) (*Position, error) {
	db := &lazyDB{s: s, ctx: ctx}
	epoch := s.cache.epoch() // before the seats, whose names key the cached state
	// A state the cache does not hold is loaded from the game's snapshot:
	// read with the game's row (most first views), unless it is deferred.
	held := s.cache.holds(gameID)
	r, err := readPosition(ctx, s, gameID, !held, deferFinished)
	if err != nil {
		return nil, err
	}
	g, sum := r.game, r.sum
	if sum == nil {
		if sum, err = s.summaryFor(db.get(), g); err != nil {
			return nil, err
		}
	}
	p := &Position{Game: g, Seats: r.seats, Seq: sum.Moves, Since: sum.LastMoveAt, Summary: sum}
	if !g.Started() {
		return p, nil
	}
	var snap *snapshotRead
	if r.snap.read {
		snap = &r.snap
	}
	// The seats' names are the setup key: read after the epoch, not again.
	setup := seatsSetupKey(r.seats)
	if deferFinished && !held && g.Status == StatusFinished {
		p.load = func() (game.State, error) {
			st, _, err := s.stateWith(db, g, sum.Moves, setup, epoch, nil)
			return st, err
		}
		return p, nil
	}
	if p.State, _, err = s.stateWith(db, g, sum.Moves, setup, epoch, snap); err != nil {
		return nil, err
	}
	return p, nil
}

// positionRead is what readPosition reads of a game.
type positionRead struct {
	game  *Game
	sum   *Summary // nil: the game has none
	snap  snapshotRead
	seats []Seat
}

// The statement of readPosition: the game's row with its summary and
// snapshot, then its seats, one row each, in one statement (every game
// page asks for all three; a statement of its own cost the seats more
// than reading them). A seat's row leaves the game's columns NULL and
// the game's row the seat's, which come from a join that finds no row
// (st.id = NULL: SQLite looks no row up for it, ON FALSE would scan every
// seat): SQLite gives a compound statement's columns the declared types
// of its first SELECT's, and the driver makes accepted_at a time only
// when it is declared one. A row whose first column (the game's id) is
// NULL is a seat's; the seats are put in order here, not by the
// statement (sorting a compound statement took SQLite a temporary
// B-tree). The ids the caller knows are not read: the driver spends
// more on each column of a statement than on each of its rows.
const (
	positionGameCols = `g.id, g.game_id, g.name, g.options, g.seed, g.status, g.rated, g.result, g.created_by, g.created_at, g.started_at, g.finished_at, g.ending, g.open_seats, ` +
		`s.status, s.moves, s.last_move_at, s.round, s.phase, s.to_act`
	positionSeatCols = `st.id, st.seat, st.user_id, st.name, st.accepted_at`
	// positionLeading is how many columns come before a seat's: the game's,
	// its summary's and its snapshot's two.
	positionLeading = 14 + 6 + 2
	positionSeats   = ` LEFT JOIN seats st ON st.id = NULL WHERE g.id = ?
		UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ` +
		positionSeatCols + ` FROM seats st WHERE st.game_id = ?`
	positionWithSnapshot = `SELECT ` + positionGameCols + `, sn.seq, sn.state, ` + positionSeatCols +
		` FROM games g LEFT JOIN game_summaries s ON s.game_id = g.id LEFT JOIN game_snapshots sn ON sn.game_id = g.id` + positionSeats
	// positionSnapshotUnlessFinished leaves a finished game's snapshot
	// unread (CurrentDeferred): SQLite reads a column's overflow pages only
	// when the statement asks for its value.
	positionSnapshotUnlessFinished = `SELECT ` + positionGameCols + `, sn.seq, CASE WHEN g.status = '` + StatusFinished + `' THEN NULL ELSE sn.state END, ` + positionSeatCols +
		` FROM games g LEFT JOIN game_summaries s ON s.game_id = g.id LEFT JOIN game_snapshots sn ON sn.game_id = g.id` + positionSeats
	positionNoSnapshot = `SELECT ` + positionGameCols + `, NULL, NULL, ` + positionSeatCols +
		` FROM games g LEFT JOIN game_summaries s ON s.game_id = g.id` + positionSeats
	positionCols = positionLeading + 5
)

// readPosition reads a game's row, its summary, its seats in order and,
// when withSnapshot, its snapshot, unless the game is finished and
// deferFinished (ErrNotFound: no such game).
func readPosition(ctx context.Context, s *Store, gameID int64, withSnapshot, deferFinished bool) (*positionRead, error) {
	q := positionNoSnapshot
	switch {
	case withSnapshot && deferFinished:
		q = positionSnapshotUnlessFinished
	case withSnapshot:
		q = positionWithSnapshot
	}
	out := &positionRead{}
	ps := newPositionScan()
	_, err := readRowsCap(ctx, s, 0, func(rows *sql.Rows) (struct{}, error) {
		// A row may be scanned again: the first scan only says whose it is.
		if err := rows.Scan(ps.which...); err != nil {
			return struct{}{}, fmt.Errorf("scan position row: %w", err)
		}
		if ps.first != nil {
			return struct{}{}, out.scanGame(rows, withSnapshot, deferFinished, &ps.sink)
		}
		if err := rows.Scan(ps.seatDests...); err != nil {
			return struct{}{}, fmt.Errorf("scan seat: %w", err)
		}
		if out.seats == nil {
			out.seats = make([]Seat, 0, 6)
		}
		out.seats = append(out.seats, ps.seatOf(gameID))
		return struct{}{}, nil
	}, q, gameID, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: game %d, its summary, snapshot and seats: %w", gameID, err)
	}
	if out.game == nil {
		return nil, ErrNotFound
	}
	slices.SortFunc(out.seats, func(a, b Seat) int { return a.Seat - b.Seat })
	return out, nil
}

// positionScan is where readPosition scans its rows to, made once for
// all of them: which says whose a row is (first, the game's id, is nil
// in a seat's), seatDests reads a seat's.
type positionScan struct {
	first, sink any // sink: the columns a row leaves NULL
	which       []any
	seatDests   []any
	seat        Seat
	accepted    sql.NullTime
}

func newPositionScan() *positionScan {
	ps := &positionScan{which: make([]any, positionCols), seatDests: make([]any, positionCols)}
	for i := range ps.which {
		ps.which[i], ps.seatDests[i] = &ps.sink, &ps.sink
	}
	ps.which[0] = &ps.first
	copy(ps.seatDests[positionLeading:], []any{&ps.seat.ID, &ps.seat.Seat, &ps.seat.UserID, &ps.seat.Name, &ps.accepted})
	return ps
}

// seatOf is the seat last scanned.
func (ps *positionScan) seatOf(gameID int64) Seat {
	st := ps.seat
	st.GameID, st.AcceptedAt = gameID, nullTime(ps.accepted)
	return st
}

// scanGame reads the game's row: gameCols, its summary's columns (all
// NULL when it has none), its snapshot's and the seat's (NULL).
func (r *positionRead) scanGame(rows *sql.Rows, withSnapshot, deferFinished bool, sink *any) error {
	var gs gameScan
	var moves, round, seq sql.NullInt64
	var last sql.NullTime
	var status, phase, toAct, state sql.NullString
	dests := append(gs.dests(), &status, &moves, &last, &round, &phase, &toAct, &seq, &state, sink, sink, sink, sink, sink)
	if err := rows.Scan(dests...); err != nil {
		return fmt.Errorf("scan game and summary: %w", err)
	}
	g := gs.game()
	r.game = &g
	if moves.Valid { // NOT NULL in every summary
		r.sum = &Summary{GameID: g.ID, Status: status.String, Moves: int(moves.Int64), LastMoveAt: last.Time.UTC(),
			Round: int(round.Int64), Phase: phase.String, ToAct: toAct.String}
	}
	if withSnapshot && (!deferFinished || g.Status != StatusFinished) {
		r.snap.read = true
		if seq.Valid {
			r.snap.sn = &Snapshot{GameID: g.ID, Seq: int(seq.Int64), State: state.String}
		}
	}
	return nil
}
