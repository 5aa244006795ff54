package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/wneessen/go-mail"

	"rondel/store"
	"rondel/store/config"
)

// SMTPTransport sends mail with go-mail: the due mails of a run over one
// connection (Open, session.go), a mail sent at once (Send) over its own.
type SMTPTransport struct {
	Server  config.SMTP
	From    string
	Timeout time.Duration
	Now     func() time.Time
}

// message builds the go-mail message of a queued mail: both parts and the
// thread and unsubscribe headers written when it was queued.
func (t SMTPTransport) message(m store.OutboxMail, parts ...inline) (*mail.Msg, error) {
	msg := mail.NewMsg()
	if err := msg.From(t.From); err != nil {
		return nil, fmt.Errorf("notify: sender %q: %w", t.From, err)
	}
	if err := msg.To(m.ToAddr); err != nil {
		return nil, fmt.Errorf("notify: recipient %q: %w", m.ToAddr, err)
	}
	msg.Subject(m.Subject)
	now := time.Now
	if t.Now != nil {
		now = t.Now
	}
	msg.SetDateWithValue(now())
	var h map[string]string
	if err := json.Unmarshal([]byte(m.Headers), &h); err != nil {
		return nil, fmt.Errorf("notify: mail %d headers: %w", m.ID, err)
	}
	// Generic headers (not preformatted ones), or go-mail adds a Message-ID
	// of its own beside ours.
	for _, name := range []mail.Header{mail.HeaderMessageID, mail.HeaderInReplyTo, mail.HeaderReferences,
		mail.HeaderListUnsubscribe, mail.HeaderListUnsubscribePost} {
		if v := h[string(name)]; v != "" {
			msg.SetGenHeader(name, v)
		}
	}
	if v := h["Reply-To"]; v != "" { // a turn mail's address to play by reply
		if err := msg.ReplyTo(v); err != nil {
			return nil, fmt.Errorf("notify: mail %d reply-to %q: %w", m.ID, v, err)
		}
	}
	msg.SetGenHeader(mail.Header("Auto-Submitted"), "auto-generated")
	msg.SetBodyString(mail.TypeTextPlain, m.TextBody)
	if m.HTMLBody != "" {
		msg.AddAlternativeString(mail.TypeTextHTML, m.HTMLBody)
		// Pictures the HTML shows by Content-ID: the message becomes
		// multipart/related around the two parts.
		for _, p := range parts {
			if err := msg.EmbedReader(p.Name, bytes.NewReader(p.Data), mail.WithFileContentID("<"+p.CID+">"),
				mail.WithFileContentType(mail.ContentType("image/png"))); err != nil {
				return nil, fmt.Errorf("notify: mail %d picture: %w", m.ID, err)
			}
		}
	}
	return msg, nil
}

func (t SMTPTransport) client() (*mail.Client, error) {
	opts := []mail.Option{mail.WithPort(t.Server.Port), mail.WithTimeout(t.timeout())}
	switch t.Server.TLS {
	case "tls":
		opts = append(opts, mail.WithSSL())
	case "none":
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	default:
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	}
	if t.Server.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover),
			mail.WithUsername(t.Server.Username), mail.WithPassword(t.Server.Password))
	}
	return mail.NewClient(t.Server.Host, opts...)
}

func (t SMTPTransport) timeout() time.Duration {
	if t.Timeout > 0 {
		return t.Timeout
	}
	return 30 * time.Second
}

// Deliver sends one mail. A refusal the server will repeat (a 5xx reply,
// an address it cannot even be given) is a *PermanentError.
func (t SMTPTransport) Deliver(ctx context.Context, m store.OutboxMail) error {
	return t.DeliverInline(ctx, m, nil)
}

// inlineTransport is a Transport that can add parts the HTML shows by
// Content-ID (the board's picture).
type inlineTransport interface {
	DeliverInline(ctx context.Context, m store.OutboxMail, parts []inline) error
}

// DeliverInline sends one mail with the inline parts its HTML refers to.
func (t SMTPTransport) DeliverInline(ctx context.Context, m store.OutboxMail, parts []inline) error {
	msg, err := t.message(m, parts...)
	if err != nil {
		return &PermanentError{Err: err}
	}
	c, err := t.client()
	if err != nil {
		return err
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		var se *mail.SendError
		if errors.As(err, &se) && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
			return &PermanentError{Err: err}
		}
		return err
	}
	return nil
}

// PermanentError is a refusal that sending again would only repeat: the
// mail is given up at once, not retried.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// IsPermanent reports whether a delivery error is a *PermanentError.
func IsPermanent(err error) bool {
	var pe *PermanentError
	return errors.As(err, &pe)
}

// LocalTransport keeps mail in the local outbox (/outbox) when no SMTP
// server is configured. The sender hands it claimed mails, which the
// outbox stores and marks sent in one transaction (exactly once).
type LocalTransport struct{ Outbox store.LocalOutbox }

// Deliver stores the plain-text part and the main link (for a mail not in
// the queue; queued mails go through Outbox.Deliver).
func (t LocalTransport) Deliver(ctx context.Context, m store.OutboxMail) error {
	return t.Outbox.Send(ctx, store.Mail{To: m.ToAddr, Subject: m.Subject, Body: m.TextBody, Link: mailHeaders(m)["X-Rondel-Link"]})
}
