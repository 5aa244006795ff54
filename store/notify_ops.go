package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// LinkKey returns the database's link-signing key, making it on first use.
func (s *Store) LinkKey(ctx context.Context) ([]byte, error) {
	db := s.db.WithContext(ctx)
	// Read first: a database opened read-only (a benchmark's, a copy's)
	// has its key, and the insert would fail there on every call.
	var key []byte
	err := db.Raw("SELECT key FROM notify_keys WHERE id = 1").Row().Scan(&key)
	if err == nil {
		return key, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: link key: %w", err)
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("store: link key: %w", err)
	}
	// Another instance may make it at the same time: the first one kept
	// is everyone's.
	if err := db.Exec("INSERT INTO notify_keys (id, key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", fresh).Error; err != nil {
		return nil, fmt.Errorf("store: link key: %w", err)
	}
	if err := db.Raw("SELECT key FROM notify_keys WHERE id = 1").Row().Scan(&key); err != nil {
		return nil, fmt.Errorf("store: link key: %w", err)
	}
	return key, nil
}

// NewSecret returns a random token and its hash.
func NewSecret() (token, hash string) { return newToken() }

// AddStandingOrder records a standing order (adding it twice is harmless),
// a change to the game (ChangeOrdersChanged): the order may answer an open
// decision now.
func (s *Store) AddStandingOrder(ctx context.Context, o StandingOrder) error {
	o.CreatedAt = s.Now()
	done, err := s.changeTx(ctx, o.CreatedAt, func(tx *gorm.DB, cs *changeSet) error {
		var g Game
		if err := lockGame(tx, o.GameID, &g); err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&o).Error; err != nil {
			return err
		}
		if err := refreshAuto(tx, o.GameID, o.Seat); err != nil {
			return err
		}
		n, _, err := lastMove(tx, o.GameID)
		if err != nil {
			return err
		}
		return cs.emit(Change{Kind: ChangeOrdersChanged, Cause: Cause{Kind: CausePlayer}, Game: g, Seat: o.Seat, Seq: n})
	})
	if err != nil {
		return wrapErr(err, "store: add standing order (game %d)", o.GameID)
	}
	s.afterCommit(ctx, done)
	return nil
}

// RemoveStandingOrder deletes one of a seat's standing orders.
func (s *Store) RemoveStandingOrder(ctx context.Context, gameID int64, seat int, id int64) error {
	return wrapErr(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ? AND game_id = ? AND seat = ?", id, gameID, seat).Delete(&StandingOrder{}).Error; err != nil {
			return err
		}
		return refreshAuto(tx, gameID, seat)
	}), "store: remove standing order (game %d)", gameID)
}

// StandingOrders returns a seat's standing orders.
func (s *Store) StandingOrders(ctx context.Context, gameID int64, seat int) ([]StandingOrder, error) {
	return standingOrders(s.db.WithContext(ctx), gameID, seat)
}

// standingOrders reads a seat's standing orders, oldest first.
func standingOrders(db *gorm.DB, gameID int64, seat int) ([]StandingOrder, error) {
	out, err := queryRows(db, scanStandingOrder, `SELECT `+standingOrderCols+` FROM standing_orders WHERE game_id = ? AND seat = ? ORDER BY id`, gameID, seat)
	return out, wrapErr(err, "store: standing orders (game %d)", gameID)
}

// AbsencesOf returns a person's absences ending after from.
func (s *Store) AbsencesOf(ctx context.Context, userID int64, from time.Time) ([]Absence, error) {
	var out []Absence
	return out, wrapErr(s.db.WithContext(ctx).Where("user_id = ? AND until_at > ?", userID, from).Order("from_at").Find(&out).Error, "store: absences of (user %d)", userID)
}

// AddAbsence records an absence; the caller checks the limits.
func (t *NotifyTx) AddAbsence(a *Absence) error {
	a.CreatedAt = t.now
	return wrapErr(t.tx.Create(a).Error, "store: add absence")
}

// AbsencesBetween returns a person's absences overlapping [from, until).
func (t *NotifyTx) AbsencesBetween(userID int64, from, until time.Time) ([]Absence, error) {
	var out []Absence
	return out, wrapErr(t.tx.Where("user_id = ? AND until_at > ? AND from_at < ?", userID, from, until).Order("from_at").Find(&out).Error, "store: absences between (user %d)", userID)
}

// SeatsOfUser returns every seat a person holds in games in play.
func (t *NotifyTx) SeatsOfUser(userID int64) ([]Seat, error) {
	var out []Seat
	return out, wrapErr(t.tx.Where("user_id = ? AND game_id IN (?)", userID,
		t.tx.Model(&Game{}).Select("id").Where("status = ?", StatusActive)).Order("game_id, seat").Find(&out).Error, "store: seats of user (user %d)", userID)
}

// SetTimeZone stores a person's time zone.
func (s *Store) SetTimeZone(ctx context.Context, userID int64, tz string) error {
	p := NotifyPref{UserID: userID, TimeZone: tz}
	return wrapErr(s.db.WithContext(ctx).Save(&p).Error, "store: set time zone (user %d)", userID)
}

// TimeZone returns a person's time zone ("UTC" unless set).
func (s *Store) TimeZone(ctx context.Context, userID int64) string {
	var p NotifyPref
	if s.db.WithContext(ctx).Take(&p, "user_id = ?", userID).Error != nil || p.TimeZone == "" {
		return "UTC"
	}
	return p.TimeZone
}

// Unsubscribe stops mail about one game (gameID > 0) or all (0).
func (s *Store) Unsubscribe(ctx context.Context, userID, gameID int64) error {
	u := Unsubscribe{UserID: userID, GameID: gameID, CreatedAt: s.Now()}
	return wrapErr(s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&u).Error, "store: unsubscribe (user %d)", userID)
}

// Resubscribe undoes Unsubscribe.
func (s *Store) Resubscribe(ctx context.Context, userID, gameID int64) error {
	return wrapErr(s.db.WithContext(ctx).Where("user_id = ? AND game_id = ?", userID, gameID).Delete(&Unsubscribe{}).Error, "store: resubscribe (user %d)", userID)
}

// IsUnsubscribed reports whether a person wants no mail about gameID.
func (s *Store) IsUnsubscribed(ctx context.Context, userID, gameID int64) bool {
	var n int64
	s.db.WithContext(ctx).Model(&Unsubscribe{}).Where("user_id = ? AND game_id IN (0, ?)", userID, gameID).Count(&n)
	return n > 0
}

// OpenDeadlines returns every running deadline, soonest first (for tests
// and tools: the jobs read DueDeadlines).
func (s *Store) OpenDeadlines(ctx context.Context) ([]Deadline, error) {
	var out []Deadline
	return out, wrapErr(s.db.WithContext(ctx).Where("closed_at IS NULL").Order("due_at, id").Find(&out).Error, "store: open deadlines")
}

// DueDeadlines returns the running deadlines with something due by now
// (a reminder or the deadline itself: NextAt), soonest first.
func (s *Store) DueDeadlines(ctx context.Context, now time.Time) ([]Deadline, error) {
	var out []Deadline
	return out, wrapErr(s.db.WithContext(ctx).Where("closed_at IS NULL AND next_at <= ?", now).Order("next_at, id").Find(&out).Error, "store: due deadlines")
}

// OpenDeadline returns a seat's running deadline, or nil.
func (s *Store) OpenDeadline(ctx context.Context, gameID int64, seat int) (*Deadline, error) {
	var out []Deadline
	err := s.db.WithContext(ctx).Where("game_id = ? AND seat = ? AND closed_at IS NULL", gameID, seat).Limit(1).Find(&out).Error
	if err != nil || len(out) == 0 {
		return nil, wrapErr(err, "store: open deadline (game %d)", gameID)
	}
	return &out[0], nil
}

// DeadlinesOf returns a game's deadlines, oldest first (for tests and pages).
func (s *Store) DeadlinesOf(ctx context.Context, gameID int64) ([]Deadline, error) {
	var out []Deadline
	return out, wrapErr(s.db.WithContext(ctx).Where("game_id = ?", gameID).Order("id").Find(&out).Error, "store: deadlines of (game %d)", gameID)
}

// SeatClockOf returns a seat's clock (zero values if none).
func (s *Store) SeatClockOf(ctx context.Context, gameID int64, seat int) (*SeatClock, error) {
	// On the plain path: every game page of a seated player reads it.
	rows, err := queryRowsCap(s.db.WithContext(ctx), 1, scanSeatClock, `SELECT `+seatClockCols+` FROM seat_clocks WHERE game_id = ? AND seat = ?`, gameID, seat)
	if err != nil {
		return nil, fmt.Errorf("store: seat clock of (game %d): %w", gameID, err)
	}
	if len(rows) == 0 {
		return &SeatClock{GameID: gameID, Seat: seat}, nil
	}
	return &rows[0], nil
}

// GameClockOf returns a game's clock, or nil.
func (s *Store) GameClockOf(ctx context.Context, gameID int64) (*GameClock, error) {
	var c GameClock
	err := s.db.WithContext(ctx).Take(&c, "game_id = ?", gameID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &c, wrapErr(err, "store: game clock of (game %d)", gameID)
}

// SubstituteSeat finds the seat offered by a substitute invitation token.
func (s *Store) SubstituteSeat(ctx context.Context, token string) (*SeatClock, error) {
	var c SeatClock
	err := s.db.WithContext(ctx).Take(&c, "substitute_token = ? AND substitute_token != ''", HashToken(token)).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &c, wrapErr(err, "store: substitute seat")
}

// FindOrCreateUser returns the user with the address, making one if needed.
func (t *NotifyTx) FindOrCreateUser(email, name string) (*User, error) {
	return findOrCreateUser(t.tx, email, name, "", t.now)
}

// GamesIdleSince returns games in play whose last move (or start) is
// before t, by their summaries.
func (s *Store) GamesIdleSince(ctx context.Context, t time.Time) ([]Game, error) {
	var out []Game
	err := s.db.WithContext(ctx).Where("id IN (?)",
		s.db.Model(&Summary{}).Select("game_id").Where("status = ? AND last_move_at < ?", StatusActive, t.UTC())).
		Where("status = ?", StatusActive).Order("id").Find(&out).Error
	return out, wrapErr(err, "store: games idle since")
}

// GamesToStart returns the games in play whose start mails are not
// queued yet (notify's clock says so, or the game has no clock at all).
func (s *Store) GamesToStart(ctx context.Context) ([]int64, error) {
	var out []int64
	err := s.db.WithContext(ctx).Raw(`SELECT g.id FROM game_clocks c JOIN games g ON g.id = c.game_id
		WHERE c.started_mailed = `+s.flag(false)+` AND g.status = ?
		UNION SELECT g.id FROM games g WHERE g.status = ? AND NOT EXISTS (SELECT 1 FROM game_clocks c WHERE c.game_id = g.id)
		ORDER BY 1`, StatusActive, StatusActive).Scan(&out).Error
	return out, wrapErr(err, "store: games to start")
}

// HasAutoMoves reports whether a seat asked to decide in a game has
// standing orders or is played by the caretaker.
func (s *Store) HasAutoMoves(ctx context.Context, gameID int64) (bool, error) {
	var n int64
	err := scanOne(s.db.WithContext(ctx), `SELECT count(*) FROM (SELECT 1 FROM game_waits WHERE game_id = ? AND auto = `+s.flag(true)+` LIMIT 1) AS found`,
		[]any{gameID}, &n)
	return n > 0, wrapErr(err, "store: has auto moves (game %d)", gameID)
}

// GamesWithAutoMoves returns the games in play where a seat asked to
// decide has a standing order or is played by the caretaker (dropped).
func (s *Store) GamesWithAutoMoves(ctx context.Context) ([]int64, error) {
	var out []int64
	err := s.db.WithContext(ctx).Raw(`SELECT DISTINCT game_id FROM game_waits WHERE auto = ` + s.flag(true) + ` ORDER BY game_id`).Scan(&out).Error
	return out, wrapErr(err, "store: games with auto moves")
}
