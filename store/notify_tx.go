package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// NotifyTx reads and writes notify's tables inside one transaction.
type NotifyTx struct {
	tx  *gorm.DB
	now time.Time
	s   *Store
	// renamed lists games whose seats were renamed: their cached states
	// are forgotten once the transaction ends.
	renamed []int64
	// carry is what the observer hands from InTx to the change's
	// AfterCommit (Carry, Change.Carried).
	carry any
}

// Carry hands v to the AfterCommit of the change being observed
// (Change.Carried): what the observer read or decided inside the
// transaction that its after-commit step would otherwise read again.
func (t *NotifyTx) Carry(v any) { t.carry = v }

// Now is the transaction's clock reading.
func (t *NotifyTx) Now() time.Time { return t.now }

// NotifyTx runs f in one immediate transaction.
func (s *Store) NotifyTx(ctx context.Context, f func(tx *NotifyTx) error) error {
	now := s.Now()
	var renamed []int64
	err := s.gameTx(ctx, func(tx *gorm.DB) error {
		t := &NotifyTx{tx: tx, now: now, s: s}
		defer func() { renamed = t.renamed }()
		return f(t)
	})
	for _, id := range renamed {
		s.cache.forget(id)
	}
	return err
}

// Enqueue queues a mail unless the same notification is queued already.
func (t *NotifyTx) Enqueue(m *OutboxMail) (bool, error) { return enqueue(t.tx, m, t.now) }

// User returns one user.
func (t *NotifyTx) User(id int64) (*User, error) {
	var u User
	if err := t.tx.Take(&u, id).Error; err != nil {
		return nil, fmt.Errorf("store: user %d: %w", id, err)
	}
	return &u, nil
}

// Users returns the users of ids, in any order, in one query.
func (t *NotifyTx) Users(ids []int64) ([]User, error) {
	if len(ids) == 0 {
		return []User{}, nil
	}
	// The list written out, as GORM would expand it, so that the
	// statement needs no GORM (plainsql.go).
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.Repeat("?,", len(ids))
	out, err := queryRows(t.tx, scanUser, `SELECT `+userCols+` FROM users u WHERE u.id IN (`+marks[:len(marks)-1]+`)`, args...)
	if out == nil {
		out = []User{}
	}
	return out, wrapErr(err, "store: users %v", ids)
}

// GameRow returns a game, locked on PostgreSQL until the transaction
// ends (see lockGame): notify reads it before acting on the game.
func (t *NotifyTx) GameRow(id int64) (*Game, error) {
	var g Game
	if err := lockRow(t.tx, id, &g); err != nil {
		return nil, err
	}
	return &g, nil
}

// Seats returns a game's seats in order.
func (t *NotifyTx) Seats(gameID int64) ([]Seat, error) { return gameSeats(t.tx, gameID) }

// gameSeats reads a game's seats, in order (none: empty, not nil), with a
// column list (scan.go): a move and its mail read them.
func gameSeats(tx *gorm.DB, gameID int64) ([]Seat, error) {
	out, err := queryRows(tx, scanSeat, `SELECT `+seatCols+` FROM seats WHERE game_id = ? ORDER BY seat`, gameID)
	if out == nil {
		out = []Seat{}
	}
	return out, wrapErr(err, "store: seats (game %d)", gameID)
}

// GameClock returns the game's clock, or nil when it has none yet.
func (t *NotifyTx) GameClock(gameID int64) (*GameClock, error) {
	cs, err := queryRows(t.tx, scanGameClock, `SELECT `+gameClockCols+` FROM game_clocks WHERE game_id = ?`, gameID)
	if err != nil || len(cs) == 0 {
		return nil, wrapErr(err, "store: game clock (game %d)", gameID)
	}
	return &cs[0], nil
}

// SaveGameClock writes the game's clock.
func (t *NotifyTx) SaveGameClock(c *GameClock) error {
	return wrapErr(t.tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(c).Error, "store: save game clock")
}

// SeatClock returns a seat's clock and whether it has a row yet (zero
// values when not).
func (t *NotifyTx) SeatClock(gameID int64, seat int) (*SeatClock, bool, error) {
	c := SeatClock{GameID: gameID, Seat: seat}
	err := t.tx.Take(&c, "game_id = ? AND seat = ?", gameID, seat).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &c, false, nil
	}
	return &c, err == nil, wrapErr(err, "store: seat clock (game %d)", gameID)
}

// SeatClocks returns the seat clocks a game has rows for.
func (t *NotifyTx) SeatClocks(gameID int64) ([]SeatClock, error) {
	out, err := queryRows(t.tx, scanSeatClock, `SELECT `+seatClockCols+` FROM seat_clocks WHERE game_id = ?`, gameID)
	if out == nil {
		out = []SeatClock{}
	}
	return out, wrapErr(err, "store: seat clocks (game %d)", gameID)
}

// SaveSeatClock writes a seat's clock.
// (An upsert: seat 0 looks like an unset key to GORM's Save.)
func (t *NotifyTx) SaveSeatClock(c *SeatClock) error {
	if err := t.tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(c).Error; err != nil {
		return fmt.Errorf("store: save seat clock: %w", err)
	}
	return refreshAuto(t.tx, c.GameID, c.Seat) // the caretaker may play it now
}

// OpenDeadline returns the seat's running deadline, or nil.
func (t *NotifyTx) OpenDeadline(gameID int64, seat int) (*Deadline, error) {
	var d Deadline
	err := t.tx.Take(&d, "game_id = ? AND seat = ? AND closed_at IS NULL", gameID, seat).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &d, wrapErr(err, "store: open deadline (game %d)", gameID)
}

// OpenDeadlines returns every running deadline of a game.
func (t *NotifyTx) OpenDeadlines(gameID int64) ([]Deadline, error) {
	var out []Deadline
	return out, wrapErr(t.tx.Where("game_id = ? AND closed_at IS NULL", gameID).Order("seat").Find(&out).Error, "store: open deadlines (game %d)", gameID)
}

// SeatDeadlines returns, in one query, a game's running deadlines (by
// seat) and, for each seat that had one, the move count its latest
// deadline was asked at (what LastAskedSeq says).
func (t *NotifyTx) SeatDeadlines(gameID int64) (open []Deadline, lastAsked map[int]int, err error) {
	rows, err := queryRows(t.tx, scanDeadline, `SELECT `+deadlineCols+` FROM deadlines WHERE game_id = ? AND (closed_at IS NULL OR
		id IN (SELECT max(id) FROM deadlines WHERE game_id = ? GROUP BY seat)) ORDER BY seat, id`, gameID, gameID)
	if err != nil {
		return nil, nil, fmt.Errorf("store: seat deadlines (game %d): %w", gameID, err)
	}
	lastAsked = map[int]int{}
	for _, d := range rows {
		lastAsked[d.Seat] = d.AskedSeq // ordered by id: the latest wins
		if d.ClosedAt == nil {
			open = append(open, d)
		}
	}
	return open, lastAsked, nil
}

// AddDeadline starts a seat's clock. A running deadline without NextAt is
// next due at its end.
func (t *NotifyTx) AddDeadline(d *Deadline) error {
	defaultNext(d)
	if d.ID != 0 {
		return wrapErr(t.tx.Create(d).Error, "store: add deadline")
	}
	// Written without GORM's Create (every move that passes the turn adds one).
	ids, err := queryRows(t.tx, scanID, `INSERT INTO deadlines (`+deadlineValueCols+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, deadlineValues(d)...)
	if err == nil && len(ids) != 1 {
		err = fmt.Errorf("%d ids returned", len(ids))
	}
	if err != nil {
		return fmt.Errorf("store: add deadline: %w", err)
	}
	d.ID = ids[0]
	return nil
}

// deadlineValues are d's columns after its id (deadlineValueCols).
func deadlineValues(d *Deadline) []any {
	return []any{d.GameID, d.Seat, d.UserID, d.AskedSeq, d.TurnSeq, d.AskedAt, d.DueAt, d.Reminded, d.ClosedAt, d.Outcome, d.NextAt, d.MailAt}
}

// SaveDeadline writes a changed deadline.
func (t *NotifyTx) SaveDeadline(d *Deadline) error {
	defaultNext(d)
	return wrapErr(t.tx.Save(d).Error, "store: save deadline")
}

func defaultNext(d *Deadline) {
	if d.ClosedAt == nil && d.NextAt == nil {
		due := d.DueAt
		d.NextAt = &due
	}
}

// CloseDeadline stops a seat's clock with an outcome. A timeout counts
// on the reliability of who held the seat. Of the seat's other closed
// deadlines only the timeouts are kept (for rebuilding reliabilities):
// the table then grows with timeouts, not with every move.
func (t *NotifyTx) CloseDeadline(d *Deadline, outcome string) error {
	now := t.now
	d.ClosedAt, d.Outcome, d.NextAt = &now, outcome, nil
	// Every column written, as GORM's Save writes them, without its
	// building; a row not there (Save would insert it) goes to Save.
	n, err := execSQL(t.tx, `UPDATE deadlines SET game_id = ?, seat = ?, user_id = ?, asked_seq = ?, turn_seq = ?, asked_at = ?, due_at = ?,
		reminded = ?, closed_at = ?, outcome = ?, next_at = ?, mail_at = ? WHERE id = ?`, append(deadlineValues(d), d.ID)...)
	if err == nil && n == 0 {
		err = t.tx.Save(d).Error
	}
	if err != nil {
		return fmt.Errorf("store: close deadline: %w", err)
	}
	if outcome == OutcomeTimeout {
		if err := countTimeoutOf(t.tx, d.GameID, d.Seat, d.UserID); err != nil {
			return err
		}
	}
	_, err = execSQL(t.tx, `DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND id < ? AND closed_at IS NOT NULL AND outcome <> ?`,
		d.GameID, d.Seat, d.ID, OutcomeTimeout)
	return wrapErr(err, "store: close deadline")
}

// StandingOrders returns a seat's standing orders.
func (t *NotifyTx) StandingOrders(gameID int64, seat int) ([]StandingOrder, error) {
	return standingOrders(t.tx, gameID, seat)
}

// Absences returns a person's absences that end after from.
func (t *NotifyTx) Absences(userID int64, from time.Time) ([]Absence, error) {
	out, err := queryRows(t.tx, scanAbsence, `SELECT `+absenceCols+` FROM absences WHERE user_id = ? AND until_at > ? ORDER BY from_at`, userID, from)
	if out == nil {
		out = []Absence{}
	}
	return out, wrapErr(err, "store: absences (user %d)", userID)
}

// TimeZone returns a person's time zone name ("UTC" unless set).
func (t *NotifyTx) TimeZone(userID int64) string {
	var zone string
	if scanOne(t.tx, `SELECT time_zone FROM notify_prefs WHERE user_id = ?`, []any{userID}, &zone) != nil || zone == "" {
		return "UTC"
	}
	return zone
}

// Unsubscribed reports whether a person wants no mail about gameID.
func (t *NotifyTx) Unsubscribed(userID, gameID int64) (bool, error) {
	var n int64
	err := scanOne(t.tx, `SELECT count(*) FROM unsubscribes WHERE user_id = ? AND game_id IN (0, ?)`, []any{userID, gameID}, &n)
	return n > 0, wrapErr(err, "store: unsubscribed (user %d)", userID)
}

// MovesSince returns a game's moves after seq.
func (t *NotifyTx) MovesSince(gameID int64, seq int) ([]Move, error) {
	out, err := queryRows(t.tx, scanMove, `SELECT `+moveCols+` FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq`, gameID, seq)
	if out == nil {
		out = []Move{}
	}
	return out, wrapErr(err, "store: moves since (game %d)", gameID)
}

// MoveCount returns how many moves a game has.
func (t *NotifyTx) MoveCount(gameID int64) (int, error) {
	n, _, err := lastMove(t.tx, gameID)
	return n, err
}

// LastAskedSeq returns the move number at which seat was last asked to
// decide before now (0 if never), so a mail can say what happened since.
func (t *NotifyTx) LastAskedSeq(gameID int64, seat int) (int, error) {
	var d Deadline
	err := t.tx.Where("game_id = ? AND seat = ?", gameID, seat).Order("id DESC").Limit(1).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, nil
	}
	return d.AskedSeq, wrapErr(err, "store: last asked seq (game %d)", gameID)
}

// setDisplayName sets a person's display name.
func (t *NotifyTx) setDisplayName(userID int64, name string) error {
	name, err := CleanName(name, MaxDisplayName)
	if err != nil {
		return err
	}
	return wrapErr(t.tx.Model(&User{}).Where("id = ?", userID).Update("display_name", name).Error, "store: set display name (user %d)", userID)
}

// replaceSeatUser gives a seat to another person (a substitute, TakeSeat) under
// their name. The name is part of the setup a game replays from, so the
// game's pages, board and new log lines name the newcomer; the events
// stored with earlier moves keep the name of who made them.
func (t *NotifyTx) replaceSeatUser(gameID int64, seat int, userID int64, name string) error {
	name, err := CleanName(name, MaxSeatName)
	if err != nil {
		return err
	}
	if name == "" {
		return errors.New("a seat needs a name")
	}
	var n int64
	if err := t.tx.Model(&Seat{}).Where("game_id = ? AND seat <> ? AND name = ?", gameID, seat, name).Count(&n).Error; err != nil {
		return fmt.Errorf("store: replace seat user (game %d): %w", gameID, err)
	}
	if n > 0 {
		return fmt.Errorf("another player of this game is called %s: choose another name", name)
	}
	t.renamed = append(t.renamed, gameID)
	if err := t.tx.Model(&Seat{}).Where("game_id = ? AND seat = ?", gameID, seat).
		Updates(map[string]any{"user_id": userID, "name": name}).Error; err != nil {
		return fmt.Errorf("store: replace seat user (game %d): %w", gameID, err)
	}
	// The names are part of the state: its snapshot is made again.
	var g Game
	if err := lockGame(t.tx, gameID, &g); err != nil {
		return err
	}
	_, err = t.s.deriveGame(t.tx, &g)
	return err
}

// LastWebMove returns when seat last moved in person as userID (from a
// page or a mail link, not the caretaker or a standing order) after move
// number after; ok false when it did not. Only the moves after after are
// read.
func (t *NotifyTx) LastWebMove(gameID int64, seat int, userID int64, after int) (at time.Time, ok bool, err error) {
	ats, err := queryRows(t.tx, scanTime, `SELECT at FROM moves WHERE game_id = ? AND seq > ? AND seat = ? AND user_id = ? AND "by" = ?
		ORDER BY seq DESC LIMIT 1`, gameID, after, seat, userID, ByPlayer)
	if err != nil || len(ats) == 0 {
		return time.Time{}, false, wrapErr(err, "store: last web move (game %d)", gameID)
	}
	return ats[0], true, nil
}

// LastMoveOf returns the number of seat's last move up to seq (0 if none).
func (t *NotifyTx) LastMoveOf(gameID int64, seat, seq int) (int, error) {
	var m Move
	err := t.tx.Select("seq").Where("game_id = ? AND seq <= ? AND seat = ?", gameID, seq, seat).
		Order("seq DESC").Limit(1).Take(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, nil
	}
	return m.Seq, wrapErr(err, "store: last move of (game %d)", gameID)
}

// MailedAbout returns who was mailed (or queued a mail) because of move seq
// of a game: the members a take-back of that move answers. Webhook notices
// are not mail.
func (t *NotifyTx) MailedAbout(gameID int64, seq int) (map[int64]bool, error) {
	var ids []int64
	if err := t.tx.Raw(`SELECT DISTINCT user_id FROM outbox WHERE game_id = ? AND seq = ? AND user_id <> 0 AND kind NOT LIKE 'notice-%'`,
		gameID, seq).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("store: mailed about (game %d): %w", gameID, err)
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}
