package inbound

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"

	"github.com/emersion/go-smtp"
)

// LMTP is the listener a club's own mail server delivers replies to
// (RFC 2033): each recipient's copy goes to the handler, and the answer
// per recipient says whether it was taken (250) or should come again (451).
type LMTP struct {
	srv *smtp.Server
	ln  net.Listener
	log *slog.Logger
}

// ListenLMTP listens on addr (host:port, or a path with a "/" for a Unix
// socket) and serves in the background until Close.
func ListenLMTP(ctx context.Context, addr, domain string, h Handler, log *slog.Logger) (*LMTP, error) {
	if log == nil {
		log = slog.Default()
	}
	network := "tcp"
	if strings.Contains(addr, "/") {
		network = "unix"
		if err := os.Remove(addr); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("inbound: lmtp socket %s: %w", addr, err)
		}
	}
	ln, err := net.Listen(network, addr)
	if err != nil {
		return nil, fmt.Errorf("inbound: lmtp listen %s: %w", addr, err)
	}
	l := &LMTP{ln: ln, log: log}
	be := smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &lmtpSession{ctx: context.WithoutCancel(ctx), h: h, log: log}, nil
	})
	l.srv = smtp.NewServer(be)
	l.srv.LMTP = true
	l.srv.Domain = domain
	l.srv.MaxMessageBytes = MaxMessage
	l.srv.MaxRecipients = 20
	l.srv.ReadTimeout, l.srv.WriteTimeout = 2*time.Minute, 2*time.Minute
	go func() {
		if err := l.srv.Serve(ln); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			log.Error("inbound: lmtp", "err", err)
		}
	}()
	return l, nil
}

// Addr is where the listener listens.
func (l *LMTP) Addr() net.Addr { return l.ln.Addr() }

// Close stops listening and ends the connections.
func (l *LMTP) Close() error { return l.srv.Close() }

type lmtpSession struct {
	ctx   context.Context
	h     Handler
	log   *slog.Logger
	from  string
	rcpts []string
}

func (s *lmtpSession) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

func (s *lmtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.rcpts = append(s.rcpts, to)
	return nil
}

func (s *lmtpSession) Reset()        { s.from, s.rcpts = "", nil }
func (s *lmtpSession) Logout() error { return nil }

// Data is SMTP's; an LMTP server answers through LMTPData.
func (s *lmtpSession) Data(r io.Reader) error {
	return s.LMTPData(r, statusFunc(func(string, error) {}))
}

type statusFunc func(string, error)

func (f statusFunc) SetStatus(rcpt string, err error) { f(rcpt, err) }

// LMTPData hands each recipient's copy to the handler.
func (s *lmtpSession) LMTPData(r io.Reader, status smtp.StatusCollector) error {
	raw, err := io.ReadAll(io.LimitReader(r, MaxMessage+1))
	if err != nil {
		return err
	}
	if len(raw) > MaxMessage {
		return &smtp.SMTPError{Code: 552, EnhancedCode: smtp.EnhancedCode{5, 3, 4}, Message: "message too big"}
	}
	for _, rcpt := range s.rcpts {
		msg := append(envelope(s.from, rcpt), raw...)
		var res error
		if err := s.h(s.ctx, msg); err != nil {
			s.log.Warn("inbound: lmtp delivery not taken", "rcpt", rcpt, "err", err)
			res = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "not taken now, try again later"}
		}
		status.SetStatus(rcpt, res)
	}
	return nil
}
