package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Webhook flavours: the JSON a chat's incoming webhook takes.
const (
	FlavourDiscord = "discord" // {"content": "..."}
	FlavourSlack   = "slack"   // {"text": "..."}
)

// Webhook is where turn notices of one game (GameID > 0) or of every game
// (GameID 0, the club's) are posted. URL is a secret: pages show Hint,
// logs show neither.
type Webhook struct {
	ID          int64
	GameID      int64
	URL         string `gorm:"column:url"`
	Hint        string
	Flavour     string
	Language    string
	CreatedBy   int64
	CreatedAt   time.Time
	PausedAt    *time.Time
	LastOKAt    *time.Time `gorm:"column:last_ok_at"`
	LastError   string
	LastErrorAt *time.Time
}

func (Webhook) TableName() string { return "webhooks" }

// Webhooks is the part of the store that keeps the chats' webhooks: one
// per game at most and the club's, each with how its last notice went.
// Reach it as store.Webhooks(); the notices themselves wait in the
// outbox (outbox.go), and NotifyTx.Webhooks reads them inside a move.
type Webhooks struct{ s *Store }

// Webhooks returns the store's webhook part.
func (s *Store) Webhooks() Webhooks { return Webhooks{s} }

// Failing reports whether the last attempt failed: a delivery forgets
// the failures before it (the outbox keeps them).
func (w Webhook) Failing() bool { return w.LastErrorAt != nil }

// SetForGame gives a game its webhook, or changes the one it has (its
// id stays, so notices waiting to be sent go to the new address). Setting
// it resumes it and forgets how earlier notices went.
func (hs Webhooks) SetForGame(ctx context.Context, w *Webhook) error {
	s := hs.s
	if w.GameID <= 0 {
		return errors.New("store: a game's webhook needs its game")
	}
	now := s.Now()
	return wrapErr(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var old Webhook
		err := tx.Take(&old, "game_id = ?", w.GameID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			w.ID, w.CreatedAt = 0, now
			return tx.Create(w).Error
		}
		if err != nil {
			return err
		}
		w.ID, w.CreatedAt = old.ID, now
		w.PausedAt, w.LastOKAt, w.LastError, w.LastErrorAt = nil, nil, "", nil
		return tx.Save(w).Error
	}), "store: set game webhook")
}

// AddForClub adds one of the club's webhooks.
func (hs Webhooks) AddForClub(ctx context.Context, w *Webhook) error {
	s := hs.s
	w.ID, w.GameID, w.CreatedAt = 0, 0, s.Now()
	return wrapErr(s.db.WithContext(ctx).Create(w).Error, "store: add club webhook")
}

// ByID returns one webhook, ErrNotFound if there is none.
func (hs Webhooks) ByID(ctx context.Context, id int64) (*Webhook, error) {
	s := hs.s
	var w Webhook
	err := s.db.WithContext(ctx).Take(&w, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &w, wrapErr(err, "store: webhook by id %d", id)
}

// OfGame returns a game's webhook, nil if it has none.
func (hs Webhooks) OfGame(ctx context.Context, gameID int64) (*Webhook, error) {
	s := hs.s
	var w Webhook
	err := s.db.WithContext(ctx).Take(&w, "game_id = ?", gameID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &w, wrapErr(err, "store: game webhook (game %d)", gameID)
}

// OfClub returns the club's webhooks in the order they were added.
func (hs Webhooks) OfClub(ctx context.Context) ([]Webhook, error) {
	s := hs.s
	var out []Webhook
	return out, wrapErr(s.db.WithContext(ctx).Where("game_id = 0").Order("id").Find(&out).Error, "store: club webhooks")
}

// Delete removes a webhook and, in the same transaction, gives up
// the notices still waiting for it: they are shown as failed, never
// posted (its id is never handed out again either, migration 110, so no
// later webhook can take them).
func (hs Webhooks) Delete(ctx context.Context, id int64) error {
	s := hs.s
	return wrapErr(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Delete(&Webhook{}, id).Error; err != nil {
			return fmt.Errorf("store: deleting webhook %d: %w", id, err)
		}
		// A notice's kind names its webhook: notice-<id>-<seat>, or
		// notice-test-<id> for a test (notify/notices.go).
		err := tx.Model(&OutboxMail{}).Where("status = ? AND (kind LIKE ? OR kind = ?)", OutboxPending,
			fmt.Sprintf("notice-%d-%%", id), fmt.Sprintf("notice-test-%d", id)).
			Updates(map[string]any{"status": OutboxFailed, "last_error": HookRemoved}).Error
		if err != nil {
			return fmt.Errorf("store: giving up webhook %d's notices: %w", id, err)
		}
		return nil
	}), "store: delete webhook %d", id)
}

// HookRemoved is why a notice whose webhook was deleted was not posted.
const HookRemoved = "the webhook was removed before this notice was sent"

// Resume lets a paused webhook take notices again.
func (hs Webhooks) Resume(ctx context.Context, id int64) error {
	s := hs.s
	return wrapErr(s.db.WithContext(ctx).Model(&Webhook{}).Where("id = ?", id).Update("paused_at", nil).Error, "store: resume webhook %d", id)
}

// Note records how a notice went: delivered (failed false), which
// clears the last failure, or not, with a short excerpt of why; pause stops further notices (a refusal
// the chat will repeat) and reports whether this call paused it.
func (hs Webhooks) Note(ctx context.Context, id int64, cause string, failed, pause bool) (paused bool, err error) {
	s := hs.s
	now := s.Now()
	if !failed {
		return false, wrapErr(s.db.WithContext(ctx).Model(&Webhook{}).Where("id = ?", id).
			Updates(map[string]any{"last_ok_at": now, "last_error": "", "last_error_at": nil}).Error, "store: note webhook %d", id)
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if pause {
			res := tx.Model(&Webhook{}).Where("id = ? AND paused_at IS NULL", id).Update("paused_at", now)
			if res.Error != nil {
				return res.Error
			}
			paused = res.RowsAffected == 1
		}
		return tx.Model(&Webhook{}).Where("id = ?", id).Updates(map[string]any{"last_error": cause, "last_error_at": now}).Error
	})
	return paused, wrapErr(err, "store: note webhook %d", id)
}

// Webhooks returns the webhooks that take a game's notices now: its own
// and the club's, unless paused.
func (t *NotifyTx) Webhooks(gameID int64) ([]Webhook, error) {
	out, err := queryRows(t.tx, scanWebhook, `SELECT `+webhookCols+` FROM webhooks WHERE game_id IN (0, ?) AND paused_at IS NULL ORDER BY id`, gameID)
	return out, wrapErr(err, "store: webhooks (game %d)", gameID)
}
