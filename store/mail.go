package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
)

// Mail is one message to one person. Link is the main action of the mail
// (a sign-in or invitation link, a game page), kept apart so a local
// outbox can log it and a sender can put it in an HTML button.
type Mail struct {
	To      string
	Subject string
	Body    string
	Link    string
	// Queue identity and fate, for a mailer with a durable queue (notify):
	// Kind and Key name the mail (sending the same one twice is a no-op),
	// GameID and UserID say what and whom it is about (0: none, or an
	// address without an account), TellUserID who hears if it finally
	// fails (0: the admins, -1: nobody), Once that a failed attempt is not
	// retried (the sender tells the person waiting), Expires when an unsent
	// mail is given up.
	Kind       string
	Key        string
	GameID     int64
	UserID     int64
	TellUserID int64
	Once       bool
	Expires    *time.Time
}

// Mailer sends mail. The service uses the local outbox below until notify/
// plugs in a real sender (SMTP).
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// LocalOutbox keeps every mail in the local_mail table, shown at /outbox,
// and prints each link to the log, so one person can play a whole game
// without any mail server.
type LocalOutbox struct {
	Store *Store
	Log   *slog.Logger
}

// Send stores m and logs its link.
func (o LocalOutbox) Send(ctx context.Context, m Mail) error {
	row := LocalMail{ToAddr: m.To, Subject: m.Subject, Body: m.Body, Link: m.Link, CreatedAt: o.Store.Now()}
	if err := o.Store.db.WithContext(ctx).Create(&row).Error; err != nil {
		return fmt.Errorf("store: local outbox: send: %w", err)
	}
	o.logged(row)
	return nil
}

func (o LocalOutbox) logged(row LocalMail) {
	if o.Log != nil {
		o.Log.Info("mail kept in the local outbox", "to", row.ToAddr, "subject", row.Subject, "link", row.Link, "outbox_id", row.ID)
	}
}

// Deliver moves a claimed mail of the durable queue into the local
// outbox exactly once: the local copy is written and the queued mail
// marked sent in one transaction, and only while it is still pending, so
// a crash or a second sender never makes two copies nor loses the mail.
func (o LocalOutbox) Deliver(ctx context.Context, m OutboxMail, link string) error {
	now := o.Store.Now()
	row := LocalMail{ToAddr: m.ToAddr, Subject: m.Subject, Body: m.TextBody, Link: link, CreatedAt: now}
	wrote := false
	err := o.Store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&OutboxMail{}).Where("id = ? AND status = ?", m.ID, OutboxPending).
			Updates(map[string]any{"status": OutboxSent, "sent_at": now, "claimed_until": now, "last_error": ""})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error // already delivered: nothing to do
		}
		wrote = true
		return tx.Create(&row).Error
	})
	if err == nil && wrote {
		o.logged(row)
	}
	return wrapErr(err, "store: local outbox: deliver")
}

// LocalMails returns the newest local mails, newest first.
func (s *Store) LocalMails(ctx context.Context, limit int) ([]LocalMail, error) {
	var out []LocalMail
	err := s.db.WithContext(ctx).Order("id DESC").Limit(limit).Find(&out).Error
	return out, wrapErr(err, "store: local mails")
}

// LocalMailByID returns one local mail.
func (s *Store) LocalMailByID(ctx context.Context, id int64) (*LocalMail, error) {
	var m LocalMail
	err := s.db.WithContext(ctx).Take(&m, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &m, wrapErr(err, "store: local mail by id %d", id)
}

// Dump returns a digest of a table's rows in id order, so tests can prove
// that a request changed nothing.
func (s *Store) Dump(ctx context.Context, table string) (string, error) {
	switch table {
	case "users", "games", "seats", "moves", "login_tokens", "sessions", "invitations", "local_mail":
	default:
		return "", errors.New("store: no table " + table)
	}
	var rows []map[string]any
	if err := s.db.WithContext(ctx).Table(table).Order("id").Find(&rows).Error; err != nil {
		return "", fmt.Errorf("store: dump: %w", err)
	}
	return fmt.Sprint(len(rows), rows), nil
}
