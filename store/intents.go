package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// A MailIntent is a turn mail a move decided to send, written in the
// move's transaction instead of the mail itself (migration 00250): what
// cannot be recomputed after the commit (the position and turn it says,
// where the seat's log starts, the deadline it names). notify renders it
// after the commit, in one transaction that deletes it (FinishMailIntent),
// so each is queued once; a lease (ClaimedUntil) keeps two renderers off
// one intent, and Claims names the lease, so that a renderer whose lease
// ran out and was given to another cannot finish it too.
type MailIntent struct {
	ID           int64 `gorm:"primaryKey"`
	GameID       int64
	Seat         int
	Seq          int // the position the mail says: after Seq moves
	TurnSeq      int // the turn it is keyed by in the outbox
	Since        int // the seat's log starts after this move
	DueAt        time.Time
	MadeAt       time.Time
	ClaimedUntil time.Time
	Claims       int
	LastError    string
}

// TableName is the intents' table.
func (MailIntent) TableName() string { return "mail_intents" }

// AddMailIntent writes a turn mail to render after the commit.
func (t *NotifyTx) AddMailIntent(in *MailIntent) error {
	in.ID, in.Claims, in.LastError = 0, 0, ""
	in.MadeAt, in.ClaimedUntil = t.now, time.Time{}.UTC()
	var err error
	in.ID, _, err = insertReturningID(t.tx, "mail_intents", mailIntentValueCols, "", mailIntentValues(in)...)
	return wrapErr(err, "store: mail intent (game %d, seat %d)", in.GameID, in.Seat)
}

// ClaimMailIntent takes the oldest intent no renderer holds, of one game
// (gameID > 0: the after-commit step of its change) or of any (the job),
// for lease. It reads the intents held by other renderers and one more
// (see claimQuery). Nil when there is none.
func (s *Store) ClaimMailIntent(ctx context.Context, gameID int64, lease time.Duration) (*MailIntent, error) {
	now := s.Now()
	var out *MailIntent
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Where("claimed_until <= ?", now)
		if gameID > 0 {
			q = q.Where("game_id = ?", gameID)
		}
		var in MailIntent
		err := s.skipLocked(q).Order("id").Limit(1).Take(&in).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		// Conditional: a renderer that read the same row meanwhile (on
		// PostgreSQL the lock above already kept it off) claims nothing.
		res := tx.Model(&MailIntent{}).Where("id = ? AND claims = ?", in.ID, in.Claims).
			Updates(map[string]any{"claimed_until": now.Add(lease), "claims": in.Claims + 1})
		if res.Error != nil || res.RowsAffected != 1 {
			return res.Error
		}
		in.ClaimedUntil, in.Claims = now.Add(lease), in.Claims+1
		out = &in
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: claiming mail intent: %w", err)
	}
	return out, nil
}

// FinishMailIntent deletes a claimed intent inside the transaction that
// queues its mail, and reports whether the claim still held: false, and
// the caller must queue nothing, when the lease ran out and another
// renderer claimed it since.
func (t *NotifyTx) FinishMailIntent(in MailIntent) (bool, error) {
	n, err := execSQL(t.tx, `DELETE FROM mail_intents WHERE id = ? AND claims = ?`, in.ID, in.Claims)
	if err != nil {
		return false, fmt.Errorf("store: finishing mail intent %d: %w", in.ID, err)
	}
	return n == 1, nil
}

// ReleaseMailIntent gives up a claim whose rendering failed: the intent
// is tried again from retryAt, with the error kept for the operator.
func (s *Store) ReleaseMailIntent(ctx context.Context, in MailIntent, cause error, retryAt time.Time) error {
	return wrapErr(s.db.WithContext(ctx).Model(&MailIntent{}).Where("id = ? AND claims = ?", in.ID, in.Claims).
		Updates(map[string]any{"claimed_until": retryAt, "last_error": cause.Error()}).Error, "store: releasing mail intent %d", in.ID)
}

// MailIntents lists the intents not yet rendered, oldest first (tests and
// the operator).
func (s *Store) MailIntents(ctx context.Context) ([]MailIntent, error) {
	var out []MailIntent
	return out, wrapErr(s.db.WithContext(ctx).Order("id").Find(&out).Error, "store: mail intents")
}

// TakeMailIntents deletes and returns, inside the transaction that will
// queue their mails, the intents of a game no renderer holds (the
// after-commit step of its change: no lease needed, since a rollback
// puts them back). On PostgreSQL rows another renderer has locked are
// passed over; SQLite's writers take turns.
func (t *NotifyTx) TakeMailIntents(gameID int64) ([]MailIntent, error) {
	q := `SELECT ` + mailIntentCols + ` FROM mail_intents WHERE game_id = ? AND claimed_until <= ? ORDER BY id`
	if t.s.pg {
		q += ` FOR UPDATE SKIP LOCKED` // as skipLocked
	}
	out, err := queryRows(t.tx, scanMailIntent, q, gameID, t.now)
	if err != nil || len(out) == 0 {
		return nil, wrapErr(err, "store: mail intents (game %d)", gameID)
	}
	for _, in := range out {
		ok, err := t.FinishMailIntent(in)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("store: mail intent %d taken meanwhile", in.ID)
		}
	}
	return out, nil
}

// DropMailIntents deletes, in a take-back's transaction, the intents of
// the position taken back (after seq moves): their turn mails would ask
// for decisions that no longer stand. A renderer holding one finds its
// claim lost and queues nothing.
func (t *NotifyTx) DropMailIntents(gameID int64, seq int) error {
	return wrapErr(t.tx.Where("game_id = ? AND seq = ?", gameID, seq).Delete(&MailIntent{}).Error,
		"store: dropping mail intents (game %d, move %d)", gameID, seq)
}

// HasMailIntents reports whether a game has intents no renderer holds: one
// indexed read, so that a change that left none costs no transaction.
func (s *Store) HasMailIntents(ctx context.Context, gameID int64) (bool, error) {
	var n int64
	err := scanOne(s.db.WithContext(ctx), `SELECT count(*) FROM (SELECT 1 FROM mail_intents WHERE game_id = ? AND claimed_until <= ? LIMIT 1) AS found`,
		[]any{gameID, s.Now()}, &n)
	return n > 0, wrapErr(err, "store: mail intents (game %d)", gameID)
}
