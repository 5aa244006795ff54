package notify

import (
	"bytes"
	"errors"
	"fmt"
	"net/textproto"

	"github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// send writes one message to the session's connection: MAIL FROM, RCPT
// TO, DATA. The message is rendered into a buffer the session reuses,
// the pictures' base64 put in their stand-ins' places (standIns), and
// dot-stuffed (dotStuff) into a second buffer written to the connection
// at once: go-mail's DATA writer (net/textproto's) handles every byte on
// its own and was a quarter of a drain's CPU with the board picture
// attached, and a 4 KB buffer made some 40 writes of a message
// (docs/performance.md).
func (s *smtpSession) send(msg *mail.Msg) error {
	from, err := msg.GetSender(false)
	if err != nil {
		return &smtpStepError{step: "sender", err: err}
	}
	rcpts, err := msg.GetRecipients()
	if err != nil {
		return &smtpStepError{step: "recipients", err: err}
	}
	s.buf.Reset()
	if _, err := msg.WriteTo(&s.buf); err != nil {
		return &smtpStepError{step: "writing the message", err: err}
	}
	if err := s.stuff(); err != nil {
		return &smtpStepError{step: "writing the message", err: err}
	}
	sc := s.sc
	if err := sc.UpdateDeadline(s.t.timeout()); err != nil {
		return &smtpStepError{step: "MAIL FROM", err: err}
	}
	if err := sc.Mail(from); err != nil {
		return s.refused("MAIL FROM", err)
	}
	for _, r := range rcpts {
		if err := sc.Rcpt(r); err != nil {
			return s.refused("RCPT TO", err)
		}
	}
	if err := s.data(sc); err != nil {
		se := s.refused("DATA", err)
		se.sent = true
		return se
	}
	return nil
}

// data sends DATA, the message and its end, and reads the server's
// verdict on it.
func (s *smtpSession) data(sc *smtp.Client) error {
	tc := sc.Text
	id, err := tc.Cmd("DATA")
	if err != nil {
		return err
	}
	tc.StartResponse(id)
	_, _, err = tc.ReadResponse(354)
	tc.EndResponse(id)
	if err != nil {
		return err
	}
	if _, err := tc.W.Write(s.out); err != nil { // at once: tc.W is empty
		return err
	}
	if err := tc.W.Flush(); err != nil {
		return err
	}
	_, _, err = tc.ReadResponse(250)
	return err
}

// refused ends a transaction the server refused a step of (RSET), so the
// session can carry the next mail.
func (s *smtpSession) refused(step string, err error) *smtpStepError {
	se := &smtpStepError{step: step, err: err}
	if se.code() != 0 {
		if rerr := s.sc.Reset(); rerr != nil {
			se.err = errors.Join(err, rerr)
		}
	}
	return se
}

// smtpStepError is a failed step of sending one mail.
type smtpStepError struct {
	step string
	err  error
	sent bool // the message itself had been begun
}

func (e *smtpStepError) Error() string { return fmt.Sprintf("notify: SMTP %s: %v", e.step, e.err) }
func (e *smtpStepError) Unwrap() error { return e.err }

// code is the server's reply code, 0 when it gave none (the connection
// failed).
func (e *smtpStepError) code() int {
	var te *textproto.Error
	if errors.As(e.err, &te) {
		return te.Code
	}
	return 0
}

// stuff makes s.out the DATA of the message in s.buf: each picture's
// base64 in its stand-in's line, the rest dot-stuffed, and the end.
func (s *smtpSession) stuff() error {
	b, out := s.buf.Bytes(), s.out[:0]
	for _, p := range s.pics {
		i := bytes.Index(b, p.line) // the line, with the end of the one before
		if i < 0 {
			return errors.New("notify: a picture's stand-in is not in the message")
		}
		out = dotStuff(out, b[:i+1])
		out = append(out, p.b64...) // lines of base64 begin with no dot
		b = b[i+len(p.line):]
	}
	if len(b) > 0 || len(out) == 0 {
		out = dotStuff(out, b)
	}
	s.out = append(out, ".\r\n"...)
	return nil
}

// dotStuff appends b to dst as the body of SMTP DATA (RFC 5321 4.5.2):
// every line ends in CRLF (a bare LF becomes one), a line that begins
// with a dot gets a second one, and the last line is ended. It writes
// what net/textproto's DotWriter writes, a line at a time instead of a
// byte.
func dotStuff(dst, b []byte) []byte {
	if len(b) == 0 {
		return append(dst, "\r\n"...) // an empty body is an empty line
	}
	for len(b) > 0 {
		line := b
		next := len(b)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, next = b[:i], i+1
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) > 0 && line[0] == '.' {
			dst = append(dst, '.')
		}
		dst = append(dst, line...)
		dst = append(dst, '\r', '\n')
		b = b[next:]
	}
	return dst
}
