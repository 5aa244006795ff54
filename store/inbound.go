package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// InboundMail is one message that came in to play by reply (notify's
// reply handler): kept by its Message-ID so that no message is taken
// twice, and by sender for the per-sender rate limit.
type InboundMail struct {
	ID         int64
	MessageID  string
	Sender     string
	ReceivedAt time.Time
	Outcome    string // what was done with it, for the operator
}

// TakeInbound records a message that came in. taken is false when a
// message with the same Message-ID was taken before (a replay or a second
// delivery: nothing is done with it again). recent counts the sender's
// messages in the window before now, this one not included.
func (s *Store) TakeInbound(ctx context.Context, messageID, sender string, window time.Duration) (id int64, taken bool, recent int, err error) {
	now := s.Now()
	sender = strings.ToLower(strings.TrimSpace(sender))
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&InboundMail{}).Where("sender = ? AND received_at > ?", sender, now.Add(-window)).Count(&n).Error; err != nil {
			return err
		}
		recent = int(n)
		row := InboundMail{MessageID: messageID, Sender: sender, ReceivedAt: now}
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
		if res.Error != nil {
			return res.Error
		}
		taken, id = res.RowsAffected == 1, row.ID
		return nil
	})
	if err != nil {
		return 0, false, 0, fmt.Errorf("store: taking inbound mail: %w", err)
	}
	return id, taken, recent, nil
}

// NoteInbound keeps what was done with a message taken by TakeInbound.
func (s *Store) NoteInbound(ctx context.Context, id int64, outcome string) error {
	if err := s.db.WithContext(ctx).Model(&InboundMail{}).Where("id = ?", id).Update("outcome", outcome).Error; err != nil {
		return fmt.Errorf("store: noting inbound mail %d: %w", id, err)
	}
	return nil
}

// InboundMails lists the messages taken, oldest first (tests, operators).
func (s *Store) InboundMails(ctx context.Context) ([]InboundMail, error) {
	var out []InboundMail
	if err := s.db.WithContext(ctx).Order("id").Find(&out).Error; err != nil {
		return nil, fmt.Errorf("store: listing inbound mail: %w", err)
	}
	return out, nil
}

// ForgetInbound takes back a message taken by TakeInbound whose handling
// failed, so its next delivery is taken afresh.
func (s *Store) ForgetInbound(ctx context.Context, id int64) error {
	if err := s.db.WithContext(ctx).Delete(&InboundMail{}, id).Error; err != nil {
		return fmt.Errorf("store: forgetting inbound mail %d: %w", id, err)
	}
	return nil
}
