package notify

import (
	"bytes"
	"context"
	"errors"

	"github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"

	"rondel/store"
)

// sessionTransport is a Transport that can send a run of mails over one
// connection: a new SMTP session a mail (connect, greet, EHLO, QUIT) cost
// the sender and the server as much as the mail itself (issue 20 item 5).
type sessionTransport interface {
	Open() mailSession
}

// mailSession sends mails one at a time over a connection it opens when
// the first mail comes and opens again after losing it. It is used by one
// goroutine (the holder of the sending slot).
type mailSession interface {
	inlineTransport
	Close() error
}

// Open starts a session; nothing is dialled before its first mail.
func (t SMTPTransport) Open() mailSession { return &smtpSession{t: t} }

// smtpSession is one SMTP connection reused for the mails of a run.
type smtpSession struct {
	t   SMTPTransport
	c   *mail.Client // its settings (TLS, authentication, timeout)
	sc  *smtp.Client // the connection, nil until the first mail
	buf bytes.Buffer // the message being sent, reused
	out []byte       // buf as DATA (stuff), reused
	// pics are the pictures of the message being sent, written in
	// place of their stand-ins (standIns).
	pics []splice
}

// DeliverInline sends one mail over the session's connection. The result
// is the one-mail Deliver's: nil only once the server accepted this mail;
// a 5xx refusal is a *PermanentError. A connection found dead before the
// mail was begun (the server closed an idle session) is dialled again
// once for the same mail, which it could not have received; a mail the
// server refused leaves the connection for the next one, any other
// failure drops it, so the next mail starts on a fresh one.
func (s *smtpSession) DeliverInline(ctx context.Context, m store.OutboxMail, parts []inline) error {
	msg, err := s.t.message(m, s.standIns(parts)...)
	if err != nil {
		return &PermanentError{Err: err}
	}
	for try := 0; ; try++ {
		if err := s.dial(ctx); err != nil {
			return err
		}
		err := s.send(msg)
		if err == nil {
			return nil
		}
		var se *smtpStepError
		if !errors.As(err, &se) || se.code() == 0 {
			s.drop() // no reply from the server: the connection is in doubt
		}
		if try == 0 && se != nil && !se.sent && se.code() == 0 && se.step == "MAIL FROM" {
			continue // the connection was gone before this mail began
		}
		if se != nil && se.code() >= 500 && se.code() < 600 {
			return &PermanentError{Err: err}
		}
		return err
	}
}

func (s *smtpSession) dial(ctx context.Context) error {
	if s.sc != nil {
		return nil
	}
	c, err := s.t.client()
	if err != nil {
		return err
	}
	sc, err := c.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return err
	}
	s.c, s.sc = c, sc
	return nil
}

func (s *smtpSession) drop() {
	if s.sc != nil {
		_ = s.c.CloseWithSMTPClient(s.sc)
		s.c, s.sc = nil, nil
	}
}

// Close ends the session (QUIT); a session that sent nothing has nothing
// to close.
func (s *smtpSession) Close() error {
	if s.sc == nil {
		return nil
	}
	err := s.c.CloseWithSMTPClient(s.sc)
	s.c, s.sc = nil, nil
	return err
}
