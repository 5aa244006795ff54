package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Calendar is the part of the store behind a member's calendar feed: its
// secret address (calendar_feeds) and the deadlines the feed lists. Reach
// it as store.Calendar().
type Calendar struct{ s *Store }

// Calendar returns the store's calendar part.
func (s *Store) Calendar() Calendar { return Calendar{s} }

// CalendarFeed is a person's secret calendar address: only the hash of its
// secret is kept, so it is shown once, when made.
type CalendarFeed struct {
	UserID    int64 `gorm:"primaryKey;autoIncrement:false"`
	TokenHash string
	CreatedAt time.Time
	ReadAt    *time.Time
}

func (CalendarFeed) TableName() string { return "calendar_feeds" }

// NewFeed makes a person's calendar secret, replacing the one they
// had (whose address stops working), and returns it.
func (c Calendar) NewFeed(ctx context.Context, userID int64) (string, error) {
	token, hash := newToken()
	f := CalendarFeed{UserID: userID, TokenHash: hash, CreatedAt: c.s.Now()}
	err := c.s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"token_hash", "created_at", "read_at"}),
	}).Create(&f).Error
	if err != nil {
		return "", fmt.Errorf("store: new calendar feed (user %d): %w", userID, err)
	}
	return token, nil
}

// RevokeFeed forgets a person's calendar secret: its address stops
// working.
func (c Calendar) RevokeFeed(ctx context.Context, userID int64) error {
	return wrapErr(c.s.db.WithContext(ctx).Delete(&CalendarFeed{}, "user_id = ?", userID).Error, "store: revoke calendar feed (user %d)", userID)
}

// FeedOf returns a person's calendar feed, nil if they have none.
func (c Calendar) FeedOf(ctx context.Context, userID int64) (*CalendarFeed, error) {
	var f CalendarFeed
	err := c.s.db.WithContext(ctx).Take(&f, "user_id = ?", userID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &f, wrapErr(err, "store: calendar feed (user %d)", userID)
}

// calendarReadEvery is how stale a feed's read_at may get before a read
// writes it again: a calendar polling every few minutes costs no write.
const calendarReadEvery = time.Hour

// FeedUser returns the person whose calendar secret token is, and
// notes the read; ErrNotFound for a secret nobody has (wrong or revoked).
func (c Calendar) FeedUser(ctx context.Context, token string) (*User, error) {
	if token == "" {
		return nil, ErrNotFound
	}
	var f CalendarFeed
	err := c.s.db.WithContext(ctx).Take(&f, "token_hash = ?", HashToken(token)).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: the user of a calendar feed: %w", err)
	}
	now := c.s.Now()
	if f.ReadAt == nil || now.Sub(*f.ReadAt) >= calendarReadEvery {
		if err := c.s.db.WithContext(ctx).Model(&CalendarFeed{}).Where("user_id = ?", f.UserID).Update("read_at", now).Error; err != nil {
			return nil, fmt.Errorf("store: the user of a calendar feed: %w", err)
		}
	}
	return c.s.User(ctx, f.UserID)
}

// OpenDeadlinesOf returns the running deadlines of the seats a person holds
// now in games in play, the soonest first; not those of a seat the
// caretaker plays for good (dropped), which has nothing to decide.
func (c Calendar) OpenDeadlinesOf(ctx context.Context, userID int64) ([]Deadline, error) {
	var out []Deadline
	err := c.s.db.WithContext(ctx).Table("deadlines AS d").Select("d.*").
		Joins("JOIN seats AS s ON s.game_id = d.game_id AND s.seat = d.seat").
		Joins("JOIN games AS g ON g.id = d.game_id").
		Joins("LEFT JOIN seat_clocks AS c ON c.game_id = d.game_id AND c.seat = d.seat").
		Where("d.closed_at IS NULL AND s.user_id = ? AND g.status = ? AND COALESCE(c.dropped, FALSE) = FALSE", userID, StatusActive).
		Order("d.due_at, d.id").Find(&out).Error
	return out, wrapErr(err, "store: open deadlines (user %d)", userID)
}
