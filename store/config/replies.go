package config

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
)

// Replies configures playing by reply (docs/replies.md): turn mails say
// Reply-To club+<token>@domain, and the replies come in by IMAP from a
// club mailbox, or by LMTP from the club's own mail server, or both.
type Replies struct {
	// Enabled turns the whole thing on; off, turn mails carry no Reply-To
	// and nothing is read.
	Enabled bool `yaml:"enabled"`
	// Address is the club mailbox ("club@example.org"); replies go to
	// its plus-address club+<token>@example.org.
	Address string `yaml:"address"`
	// AuthservID names the mail server whose Authentication-Results
	// header is trusted (its authserv-id, e.g. "mx.example.org"); every
	// other such header is ignored.
	AuthservID string `yaml:"authserv_id"`
	// PerSenderHour is how many messages one sender may send in an hour;
	// beyond, they are dropped unanswered (no mail loop can last).
	PerSenderHour int      `yaml:"per_sender_hour"`
	IMAP          IMAP     `yaml:"imap"`
	LMTP          LMTPConf `yaml:"lmtp"`
}

// IMAP is the club mailbox Rondel reads (empty host: not read).
type IMAP struct {
	Host     string `yaml:"host"`
	Port     int    `yaml:"port"`
	TLS      string `yaml:"tls"` // tls, starttls or none
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	Mailbox  string `yaml:"mailbox"`
}

// LMTPConf is the LMTP listener the club's own mail server delivers to
// (empty addr: none). An addr with a "/" is a Unix socket.
type LMTPConf struct {
	Addr string `yaml:"addr"`
}

// EnvIMAPPassword overrides mail.replies.imap.password.
const EnvIMAPPassword = "RONDEL_IMAP_PASSWORD"

func defaultReplies() Replies {
	return Replies{PerSenderHour: 20, IMAP: IMAP{Port: 993, TLS: "tls", Mailbox: "INBOX"}}
}

func (r Replies) check() []error {
	var errs []error
	switch r.IMAP.TLS {
	case "tls", "starttls", "none":
	default:
		errs = append(errs, fmt.Errorf("mail.replies.imap.tls %q must be tls, starttls or none", r.IMAP.TLS))
	}
	if r.PerSenderHour <= 0 {
		errs = append(errs, errors.New("mail.replies.per_sender_hour must be positive"))
	}
	if !r.Enabled {
		return errs
	}
	if _, _, err := r.Split(); err != nil {
		errs = append(errs, err)
	}
	if r.AuthservID == "" {
		errs = append(errs, errors.New("mail.replies.authserv_id must name the mail server whose Authentication-Results are trusted"))
	}
	if r.IMAP.Host == "" && r.LMTP.Addr == "" {
		errs = append(errs, errors.New("mail.replies: set imap.host or lmtp.addr, or nothing comes in"))
	}
	return errs
}

// Split gives the club address's local part and domain ("club",
// "example.org").
func (r Replies) Split() (local, domain string, err error) {
	a, err := mail.ParseAddress(r.Address)
	i := -1
	if err == nil {
		i = strings.LastIndexByte(a.Address, '@')
	}
	if i <= 0 || strings.Contains(a.Address[:max(i, 0)], "+") {
		return "", "", fmt.Errorf("mail.replies.address %q must be a plain address like club@example.org", r.Address)
	}
	return a.Address[:i], a.Address[i+1:], nil
}
