package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/wneessen/go-mail"

	"rondel/store"
	"rondel/store/config"
)

// SMTPTransport sends mail with go-mail, one connection per batch.
type SMTPTransport struct {
	Server  config.SMTP
	From    string
	Timeout time.Duration
	Now     func() time.Time
}

// message builds the go-mail message of a queued mail: both parts and the
// thread and unsubscribe headers written when it was queued.
func (t SMTPTransport) message(m store.OutboxMail) (*mail.Msg, error) {
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
	msg.SetGenHeader(mail.Header("Auto-Submitted"), "auto-generated")
	msg.SetBodyString(mail.TypeTextPlain, m.TextBody)
	if m.HTMLBody != "" {
		msg.AddAlternativeString(mail.TypeTextHTML, m.HTMLBody)
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

// Deliver sends one mail.
func (t SMTPTransport) Deliver(ctx context.Context, m store.OutboxMail) error {
	msg, err := t.message(m)
	if err != nil {
		return err
	}
	c, err := t.client()
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// LocalTransport keeps mail in the local outbox (/outbox) when no SMTP
// server is configured.
type LocalTransport struct{ Outbox store.LocalOutbox }

// Deliver stores the plain-text part and the main link.
func (t LocalTransport) Deliver(ctx context.Context, m store.OutboxMail) error {
	var h map[string]string
	_ = json.Unmarshal([]byte(m.Headers), &h)
	return t.Outbox.Send(ctx, store.Mail{To: m.ToAddr, Subject: m.Subject, Body: m.TextBody, Link: h["X-Rondel-Link"]})
}

// Mailer sends the service's own mail (sign-in links, invitations) at once
// through a transport, for handlers when an SMTP server is configured.
type Mailer struct {
	Transport Transport
	Host      string // for the Message-ID
}

// Send delivers m now; the person waits for the link, so it is not queued.
func (m Mailer) Send(ctx context.Context, ml store.Mail) error {
	token, _ := store.NewSecret()
	h, _ := json.Marshal(map[string]string{"X-Rondel-Link": ml.Link,
		"Message-ID": fmt.Sprintf("<rondel.%s@%s>", token[:20], m.Host)})
	body := ml.Body
	if ml.Link != "" && !strings.Contains(body, ml.Link) {
		body += "\n\n" + ml.Link + "\n"
	}
	return m.Transport.Deliver(ctx, store.OutboxMail{ToAddr: ml.To, Subject: ml.Subject, TextBody: body, Headers: string(h)})
}
