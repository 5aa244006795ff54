package inbound

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"rondel/store/config"
)

// IMAP reads a club mailbox: every unread message is handed to the
// handler and marked read once taken; then it waits in IDLE for new mail
// (renewed before servers end it, RFC 2177: 29 minutes), and after a
// broken connection it connects again, waiting longer each time.
type IMAP struct {
	Config  config.IMAP
	Handler Handler
	Log     *slog.Logger
	// Idle is how long one IDLE lasts before it is renewed (0: 25 min).
	Idle time.Duration
	// Backoff is the first wait before connecting again (0: 2 s); it
	// doubles up to 5 minutes and starts over after a good session.
	Backoff time.Duration
}

// Run reads the mailbox until ctx ends.
func (m *IMAP) Run(ctx context.Context) {
	if m.Log == nil {
		m.Log = slog.Default()
	}
	first := m.Backoff
	if first <= 0 {
		first = 2 * time.Second
	}
	wait := first
	for ctx.Err() == nil {
		began := time.Now()
		err := m.session(ctx)
		if ctx.Err() != nil {
			return
		}
		if time.Since(began) > time.Minute {
			wait = first // it worked for a while: the break is new
		}
		m.Log.Warn("inbound: imap connection ended, connecting again", "in", wait, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Minute)
	}
}

// dial connects as configured (tls, starttls or none).
func (m *IMAP) dial(opts *imapclient.Options) (*imapclient.Client, error) {
	addr := net.JoinHostPort(m.Config.Host, strconv.Itoa(m.Config.Port))
	switch m.Config.TLS {
	case "none":
		return imapclient.DialInsecure(addr, opts)
	case "starttls":
		return imapclient.DialStartTLS(addr, opts)
	default:
		return imapclient.DialTLS(addr, opts)
	}
}

// session is one connection: log in, select, then read and idle in turn.
func (m *IMAP) session(ctx context.Context) error {
	news := make(chan struct{}, 1)
	opts := &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case news <- struct{}{}:
				default:
				}
			}
		},
	}}
	c, err := m.dial(opts)
	if err != nil {
		return fmt.Errorf("inbound: imap connect: %w", err)
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	if err := c.Login(m.Config.Username, m.Config.Password).Wait(); err != nil {
		return fmt.Errorf("inbound: imap login: %w", err)
	}
	if _, err := c.Select(m.Config.Mailbox, nil).Wait(); err != nil {
		return fmt.Errorf("inbound: imap select %s: %w", m.Config.Mailbox, err)
	}
	idleFor := m.Idle
	if idleFor <= 0 {
		idleFor = 25 * time.Minute
	}
	for {
		if err := m.drain(ctx, c); err != nil {
			return err
		}
		idle, err := c.Idle()
		if err != nil {
			return fmt.Errorf("inbound: imap idle: %w", err)
		}
		select {
		case <-news:
		case <-time.After(idleFor):
		case <-ctx.Done():
		case <-c.Closed():
		}
		if err := errors.Join(idle.Close(), idle.Wait()); err != nil {
			return fmt.Errorf("inbound: imap idle: %w", err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// drain hands every unread message to the handler, one at a time, and
// marks each read once taken. A message the handler could not take stays
// unread and the session ends, so it comes again after the reconnect.
func (m *IMAP) drain(ctx context.Context, c *imapclient.Client) error {
	found, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		return fmt.Errorf("inbound: imap search: %w", err)
	}
	section := &imap.FetchItemBodySection{Peek: true}
	for _, uid := range found.AllUIDs() {
		set := imap.UIDSetNum(uid)
		sized, err := c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
		if err != nil {
			return fmt.Errorf("inbound: imap fetch size: %w", err)
		}
		if len(sized) == 1 && sized[0].RFC822Size <= MaxMessage {
			msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
			if err != nil {
				return fmt.Errorf("inbound: imap fetch: %w", err)
			}
			if len(msgs) == 1 {
				if err := m.Handler(ctx, msgs[0].FindBodySection(section)); err != nil {
					return fmt.Errorf("inbound: message %d not taken: %w", uid, err)
				}
			}
		} else {
			m.Log.Warn("inbound: imap message too big, skipped", "uid", uid)
		}
		seen := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
		if err := c.Store(set, seen, nil).Close(); err != nil {
			return fmt.Errorf("inbound: imap mark read: %w", err)
		}
	}
	return nil
}
