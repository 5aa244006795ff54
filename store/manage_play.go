package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gorm.io/gorm"

	"rondel/game"
)

// Leaving a game in play: a player resigns (the caretaker plays the
// seat until a substitute takes it; on the ladder the one who resigned
// ranks last), or all players agree to end the game now (scored as the
// rule book scores the end, never rated). notify runs these in the
// transaction that queues their mails.

// activeSeat locks a game in play (lockGame) and reads userID's seat in
// it, refused when they hold none or left it. What it reads is read under
// the lock, so a move another instance makes meanwhile is either seen or
// waits.
func activeSeat(tx *gorm.DB, gameID, userID int64) (*Game, int, error) {
	var g Game
	err := lockGame(tx, gameID, &g)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, err
	}
	if g.Status != StatusActive {
		return nil, 0, ErrNotInPlay
	}
	var seats []Seat
	if err := tx.Where("game_id = ?", gameID).Order("seat").Find(&seats).Error; err != nil {
		return nil, 0, fmt.Errorf("active seat (game %d): %w", gameID, err)
	}
	seat := SeatOf(seats, userID)
	if seat < 0 {
		return nil, 0, ErrNotPlaying
	}
	left, err := leftSeats(tx, gameID)
	if err != nil {
		return nil, 0, err
	}
	if left[seat] {
		return nil, 0, ErrNotPlaying
	}
	return &g, seat, nil
}

// leftSeats are a game's seats nobody plays any more: resigned or
// dropped, so the caretaker plays them.
func leftSeats(tx *gorm.DB, gameID int64) (map[int]bool, error) {
	var seats []int
	if err := tx.Raw(`SELECT seat FROM seat_clocks WHERE game_id = ? AND dropped = TRUE
		UNION SELECT seat FROM seat_drops WHERE game_id = ?`, gameID, gameID).Scan(&seats).Error; err != nil {
		return nil, fmt.Errorf("left seats (game %d): %w", gameID, err)
	}
	out := map[int]bool{}
	for _, s := range seats {
		out[s] = true
	}
	return out, nil
}

// SeatsLeft says of each seat of a game that the caretaker plays (its
// player resigned, or it was dropped after missed deadlines) whether its
// player resigned; a seat a substitute took is played again.
func (s *Store) SeatsLeft(ctx context.Context, gameID int64) (map[int]bool, error) {
	// Straight on the pool (readRowsCap): every game page reads it, and GORM's
	// Scan wrote out each statement with its values for its trace.
	dropped, err := readRowsCap(ctx, s, 0, scanSeatNumber, `SELECT seat FROM seat_clocks WHERE game_id = ? AND dropped = TRUE`, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: seats left (game %d): %w", gameID, err)
	}
	if len(dropped) == 0 {
		return map[int]bool{}, nil // most games: no second statement
	}
	resignedSeats, err := readRowsCap(ctx, s, 0, scanSeatNumber, `SELECT d.seat FROM seat_drops d JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat AND s.user_id = d.user_id
		WHERE d.game_id = ? AND d.reason = ?`, gameID, DropResigned)
	if err != nil {
		return nil, fmt.Errorf("store: seats left (game %d): %w", gameID, err)
	}
	out := map[int]bool{}
	for _, st := range dropped {
		out[st] = slices.Contains(resignedSeats, st)
	}
	return out, nil
}

// scanSeatNumber reads a row of one seat number.
func scanSeatNumber(r *sql.Rows) (int, error) {
	var n int
	return n, wrapErr(r.Scan(&n), "scan a seat number")
}

// resigned reports whether userID resigned seat of a game (a substitute
// who took it since plays it).
func resigned(tx *gorm.DB, gameID int64, seat int, userID int64) (bool, error) {
	var n int64
	err := tx.Model(&SeatDrop{}).Where("game_id = ? AND seat = ? AND reason = ? AND user_id = ?", gameID, seat, DropResigned, userID).Count(&n).Error
	return n > 0, wrapErr(err, "resigned (game %d)", gameID)
}

// Resigned reports whether userID resigned their seat in a game.
func (s *Store) Resigned(ctx context.Context, gameID int64, seat int, userID int64) (bool, error) {
	return resigned(s.db.WithContext(ctx), gameID, seat, userID)
}

// cmpErr is err, else other.
func cmpErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}

// EndVotes returns the seats that agree to end a game at its current
// position (a vote made before the last move no longer counts).
func (s *Store) EndVotes(ctx context.Context, gameID int64) (map[int]bool, error) {
	return endVotes(s.db.WithContext(ctx), gameID)
}

func endVotes(tx *gorm.DB, gameID int64) (map[int]bool, error) {
	// One plain statement (every game page asks): the votes made at the
	// game's last move, 0 before its first.
	seats, err := queryRows(tx, scanSeatNumber, `SELECT seat FROM end_votes WHERE game_id = ?
		AND seq = (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?)`, gameID, gameID)
	if err != nil {
		return nil, fmt.Errorf("end votes (game %d): %w", gameID, err)
	}
	out := make(map[int]bool, len(seats))
	for _, s := range seats {
		out[s] = true
	}
	return out, nil
}

// EndVoters returns, inside notify's transaction, the seats that agree to
// end a game at its current position and the seats nobody plays any more
// (who need not agree).
func (t *NotifyTx) EndVoters(gameID int64) (agreed, left map[int]bool, err error) {
	if agreed, err = endVotes(t.tx, gameID); err != nil {
		return nil, nil, err
	}
	left, err = leftSeats(t.tx, gameID)
	return agreed, left, err
}

// CanEndEarly reports whether a kind of game can be ended by agreement:
// its engine scores a position as the end of the game (game.Ender).
func (s *Store) CanEndEarly(st game.State) bool {
	_, ok := st.(game.Ender)
	return ok
}

// endAgreed ends a game by agreement with the engine's score of its
// position: unrated, its final state sealed like any finished game's.
func (t *NotifyTx) endAgreed(g *Game, seq int, st game.State, res *game.Result) error {
	if res == nil {
		return ErrCannotEnd
	}
	b, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("store: game %d: the agreed result: %w", g.ID, err)
	}
	r := string(b)
	upd := t.tx.Model(&Game{}).Where("id = ? AND status = ?", g.ID, StatusActive).
		Updates(map[string]any{"status": StatusFinished, "ending": EndAgreed, "rated": false, "result": r, "finished_at": t.now})
	if upd.Error != nil {
		return wrapErr(upd.Error, "end agreed")
	}
	if upd.RowsAffected != 1 {
		return ErrNotInPlay
	}
	now := t.now
	g.Status, g.Ending, g.Rated, g.Result, g.FinishedAt = StatusFinished, EndAgreed, false, &r, &now
	if err := endSeats(t.tx, g.ID); err != nil {
		return err
	}
	// Its summary and snapshot from the state in hand (what deriveGame
	// would make by replaying the whole log).
	_, last, err := lastMove(t.tx, g.ID)
	if err != nil {
		return err
	}
	sum, _, err := summaryOf(g, seq, last, st)
	if err != nil {
		return err
	}
	if err := writeSummary(t.tx, sum, nil); err != nil {
		return err
	}
	sn, err := encodeSnapshot(g.ID, seq, st)
	if err != nil {
		return err
	}
	if err := writeSnapshot(t.tx, sn); err != nil {
		return err
	}
	// Its account, as any end stores it (verify compares).
	if err := t.s.writeAccount(t.tx, g); err != nil {
		return err
	}
	t.renamed = append(t.renamed, g.ID) // its cached state says "in play"
	return sealFinal(t.tx, g.ID, seq, st, t.now)
}
