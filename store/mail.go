package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

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
		return err
	}
	if o.Log != nil {
		o.Log.Info("mail kept in the local outbox", "to", m.To, "subject", m.Subject, "link", m.Link, "outbox_id", row.ID)
	}
	return nil
}

// LocalMails returns the newest local mails, newest first.
func (s *Store) LocalMails(ctx context.Context, limit int) ([]LocalMail, error) {
	var out []LocalMail
	err := s.db.WithContext(ctx).Order("id DESC").Limit(limit).Find(&out).Error
	return out, err
}

// LocalMailByID returns one local mail.
func (s *Store) LocalMailByID(ctx context.Context, id int64) (*LocalMail, error) {
	var m LocalMail
	err := s.db.WithContext(ctx).Take(&m, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &m, err
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
		return "", err
	}
	return fmt.Sprint(len(rows), rows), nil
}
