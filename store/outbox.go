package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// enqueue writes m unless its (game, seq, user, kind) is already queued,
// and reports whether it wrote it.
func enqueue(tx *gorm.DB, m *OutboxMail, now time.Time) (bool, error) {
	if m.Status == "" {
		m.Status = OutboxPending
	}
	if m.Headers == "" {
		m.Headers = "{}"
	}
	if m.NextAt.IsZero() {
		m.NextAt = now
	}
	m.ClaimedUntil = time.Time{}.UTC()
	m.CreatedAt = now
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(m)
	if res.Error != nil {
		return false, fmt.Errorf("store: queueing mail: %w", res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Enqueue queues one mail outside of a move (e.g. a digest) and reports
// whether it was new.
func (s *Store) Enqueue(ctx context.Context, m *OutboxMail) (bool, error) {
	return enqueue(s.db.WithContext(ctx), m, s.Now())
}

// ClaimOutbox takes up to limit due mails for lease: their claimed_until
// moves to now+lease in one immediate transaction, so another sender
// running at the same time skips them. A sender that dies leaves its rows
// to be claimed again once the lease ends.
func (s *Store) ClaimOutbox(ctx context.Context, limit int, lease time.Duration) ([]OutboxMail, error) {
	now := s.Now()
	var out []OutboxMail
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var ids []int64
		if err := tx.Model(&OutboxMail{}).Where("status = ? AND next_at <= ? AND claimed_until <= ?", OutboxPending, now, now).
			Order("next_at, id").Limit(limit).Pluck("id", &ids).Error; err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		if err := tx.Model(&OutboxMail{}).Where("id IN ? AND claimed_until <= ?", ids, now).
			Update("claimed_until", now.Add(lease)).Error; err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Order("next_at, id").Find(&out).Error
	})
	if err != nil {
		return nil, fmt.Errorf("store: claiming mail: %w", err)
	}
	return out, nil
}

// MarkSent records a delivered mail.
func (s *Store) MarkSent(ctx context.Context, id int64) error {
	now := s.Now()
	return s.db.WithContext(ctx).Model(&OutboxMail{}).Where("id = ?", id).
		Updates(map[string]any{"status": OutboxSent, "sent_at": now, "claimed_until": now, "last_error": ""}).Error
}

// MarkFailed records a failed attempt: the mail is tried again at retryAt,
// or given up (status failed, shown to the admin) when giveUp.
func (s *Store) MarkFailed(ctx context.Context, id int64, cause error, retryAt time.Time, giveUp bool) error {
	up := map[string]any{"attempts": gorm.Expr("attempts + 1"), "last_error": cause.Error(),
		"next_at": retryAt, "claimed_until": s.Now()}
	if giveUp {
		up["status"] = OutboxFailed
	}
	return s.db.WithContext(ctx).Model(&OutboxMail{}).Where("id = ?", id).Updates(up).Error
}

// RetryOutbox puts a given-up mail back in the queue (admin action).
func (s *Store) RetryOutbox(ctx context.Context, id int64) error {
	return s.db.WithContext(ctx).Model(&OutboxMail{}).Where("id = ? AND status = ?", id, OutboxFailed).
		Updates(map[string]any{"status": OutboxPending, "attempts": 0, "next_at": s.Now()}).Error
}

// OutboxRows lists queued mails with the given status ("" for all),
// newest first, for the admin page and tests.
func (s *Store) OutboxRows(ctx context.Context, status string, limit int) ([]OutboxMail, error) {
	q := s.db.WithContext(ctx).Order("id DESC")
	if status != "" {
		q = q.Where("status = ?", status)
	}
	if limit > 0 {
		q = q.Limit(limit)
	}
	var out []OutboxMail
	return out, q.Find(&out).Error
}

// OutboxMailByID returns one queued mail.
func (s *Store) OutboxMailByID(ctx context.Context, id int64) (*OutboxMail, error) {
	var m OutboxMail
	if err := s.db.WithContext(ctx).Take(&m, id).Error; err != nil {
		return nil, ErrNotFound
	}
	return &m, nil
}
