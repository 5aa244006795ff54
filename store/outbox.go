package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Outbox is the part of the store the sender works on: the mails and chat
// notices waiting to go out (outbox_mails), claimed under a lease, marked
// sent or failed. A move's mails are queued inside its transaction
// (NotifyTx.Enqueue); Enqueue here queues one outside of any move. Reach
// it as store.Outbox().
type Outbox struct{ s *Store }

// Outbox returns the store's outbox part.
func (s *Store) Outbox() Outbox { return Outbox{s} }

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
	if m.ID != 0 {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(m)
		if res.Error != nil {
			return false, fmt.Errorf("store: queueing mail: %w", res.Error)
		}
		return res.RowsAffected == 1, nil
	}
	// A turn mail is queued with every move that passes the turn: written
	// as GORM's Create wrote it, without its building. A mail queued
	// already (the same notification) is left out and says so.
	id, ok, err := insertReturningID(tx, "outbox", outboxValueCols, " ON CONFLICT DO NOTHING", outboxValues(m)...)
	if err != nil {
		return false, fmt.Errorf("store: queueing mail: %w", err)
	}
	if ok {
		m.ID = id
	}
	return ok, nil
}

// Enqueue queues one mail outside of a move (e.g. a digest) and reports
// whether it was new.
func (o Outbox) Enqueue(ctx context.Context, m *OutboxMail) (bool, error) {
	s := o.s
	return enqueue(s.db.WithContext(ctx), m, s.Now())
}

// ClaimNext takes the most due mail for lease: its claimed_until moves to
// now+lease in one immediate transaction, so another sender running at
// the same time skips it. One mail at a time, with a lease a little longer
// than one send may take: a sender that dies leaves at most the mail it
// was sending to be claimed (and sent) again once the lease ends. Mails
// whose time ran out first (expires_at) are given up on the way. Nil
// when nothing is due.
func (o Outbox) ClaimNext(ctx context.Context, lease time.Duration) (*OutboxMail, error) {
	s := o.s
	return s.claim(ctx, 0, lease)
}

// ClaimMail takes one given mail for lease, as ClaimNext does (to send a
// mail someone waits for at once); nil if it is not pending or another
// sender holds it.
func (o Outbox) ClaimMail(ctx context.Context, id int64, lease time.Duration) (*OutboxMail, error) {
	s := o.s
	return s.claim(ctx, id, lease)
}

// pendingMail is the condition of the partial indexes outbox_pending and
// outbox_expiring (migration 00150), written out rather than bound: a
// planner chooses a partial index only for a query whose WHERE says what
// the index's says, and a placeholder's value is not known when it plans.
const pendingMail = "status = '" + OutboxPending + "'"

// giveUpExpired marks failed the pending mails whose time ran out (read
// through outbox_expiring: only those).
func giveUpExpired(tx *gorm.DB, now time.Time) *gorm.DB {
	return tx.Model(&OutboxMail{}).Where(pendingMail+" AND expires_at IS NOT NULL AND expires_at <= ?", now).
		Updates(map[string]any{"status": OutboxFailed, "last_error": "not sent before it expired", "claimed_until": now})
}

// claimQuery selects the mail to claim: the given one, or the most due.
// It walks outbox_pending in its order and stops at the first row not
// held by another sender's lease, so it reads the mails in flight (one
// per instance) and one more, however long the backlog.
func (s *Store) claimQuery(tx *gorm.DB, id int64, now time.Time) *gorm.DB {
	q := tx.Where(pendingMail+" AND claimed_until <= ?", now)
	if id != 0 {
		q = q.Where("id = ?", id)
	} else {
		q = q.Where("next_at <= ?", now)
	}
	return s.skipLocked(q).Order("next_at, id").Limit(1)
}

func (s *Store) claim(ctx context.Context, id int64, lease time.Duration) (*OutboxMail, error) {
	now := s.Now()
	var out *OutboxMail
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := giveUpExpired(tx, now).Error; err != nil {
			return err
		}
		var m OutboxMail
		err := s.claimQuery(tx, id, now).Take(&m).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		m.ClaimedUntil = now.Add(lease)
		if err := tx.Model(&OutboxMail{}).Where("id = ?", m.ID).Update("claimed_until", m.ClaimedUntil).Error; err != nil {
			return err
		}
		out = &m
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: claiming mail: %w", err)
	}
	return out, nil
}

// MarkSent records a delivered mail.
func (o Outbox) MarkSent(ctx context.Context, id int64) error {
	s := o.s
	now := s.Now()
	return wrapErr(s.db.WithContext(ctx).Model(&OutboxMail{}).Where("id = ?", id).
		Updates(map[string]any{"status": OutboxSent, "sent_at": now, "claimed_until": now, "last_error": ""}).Error, "store: mark sent %d", id)
}

// MarkFailed records a failed attempt: the mail is tried again at retryAt,
// or given up (status failed, shown to the admins) when giveUp.
func (o Outbox) MarkFailed(ctx context.Context, id int64, cause error, retryAt time.Time, giveUp bool) error {
	s := o.s
	up := map[string]any{"attempts": gorm.Expr("attempts + 1"), "last_error": cause.Error(),
		"next_at": retryAt, "claimed_until": s.Now()}
	if giveUp {
		up["status"] = OutboxFailed
	}
	return wrapErr(s.db.WithContext(ctx).Model(&OutboxMail{}).Where("id = ?", id).Updates(up).Error, "store: mark failed %d", id)
}

// Retry puts a given-up mail back in the queue (admin action). A
// mail that had expired (a sign-in link) stays given up.
func (o Outbox) Retry(ctx context.Context, id int64) error {
	s := o.s
	now := s.Now()
	return wrapErr(s.db.WithContext(ctx).Model(&OutboxMail{}).
		Where("id = ? AND status = ? AND (expires_at IS NULL OR expires_at > ?)", id, OutboxFailed, now).
		Updates(map[string]any{"status": OutboxPending, "attempts": 0, "next_at": now}).Error, "store: retry outbox %d", id)
}

// Rows lists queued mails with the given status ("" for all),
// newest first, for the admin page and tests. The status is written
// into the statement (it is one of three words) so that the failed ones
// are read through their partial index, outbox_failed; the others walk
// the table from its newest row, where pending and sent mails are.
func (o Outbox) Rows(ctx context.Context, status string, limit int) ([]OutboxMail, error) {
	s := o.s
	q := s.db.WithContext(ctx).Order("id DESC")
	switch status {
	case "":
	case OutboxPending, OutboxSent, OutboxFailed:
		q = q.Where("status = '" + status + "'")
	default:
		return nil, fmt.Errorf("store: listing mails: no status %q", status)
	}
	if limit > 0 {
		q = q.Limit(limit)
	}
	var out []OutboxMail
	return out, wrapErr(q.Find(&out).Error, "store: outbox rows")
}

// ByID returns one queued mail.
func (o Outbox) ByID(ctx context.Context, id int64) (*OutboxMail, error) {
	s := o.s
	var m OutboxMail
	err := s.db.WithContext(ctx).Take(&m, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: outbox mail %d: %w", id, err)
	}
	return &m, nil
}
