// Package config is the service's configuration: a struct with defaults
// that run Rondel with no setup, read strictly from YAML (unknown keys are
// errors), with secrets overridable from the environment.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is every setting of `rondel serve`. config.example.yaml documents
// each field; a test checks the two agree.
type Config struct {
	Addr     string `yaml:"addr"`
	BaseURL  string `yaml:"base_url"`
	Database string `yaml:"database"`
	Log      Log    `yaml:"log"`
	Cache    Cache  `yaml:"cache"`
	// MemoryMB is a soft limit on the Go runtime's memory, in MiB
	// (runtime/debug.SetMemoryLimit): near it the garbage collector runs
	// more often instead of letting the heap grow to twice what is live.
	// 0: no limit. The GOMEMLIMIT environment variable wins when set.
	MemoryMB int `yaml:"memory_mb"`
	// GCPercent is how far the heap grows past what is live before the
	// collector runs, in percent (runtime/debug.SetGCPercent, Go's GOGC),
	// while under the memory limit: with a limit, the limit rather than
	// this sets how often it runs at the default caches. It applies only
	// with a limit (memory_mb or GOMEMLIMIT); without one Go's 100 does.
	// The GOGC environment variable wins when set.
	GCPercent int    `yaml:"gc_percent"`
	Auth      Auth   `yaml:"auth"`
	Mail      Mail   `yaml:"mail"`
	Notify    Notify `yaml:"notify"`
	Limits    Limits `yaml:"limits"`
	// TrustedProxies are the addresses (IPs or CIDR ranges) of the
	// proxies in front of Rondel, whose forwarding headers are believed.
	TrustedProxies []string `yaml:"trusted_proxies"`
	// Admins are the addresses of the club's administrators (they may
	// import games); Seasons are the ladder seasons. See club.go.
	Admins  []string `yaml:"admins"`
	Seasons []Season `yaml:"seasons"`
	// MembersOrganiseEvents lets every member create club events
	// (tournaments, leagues); otherwise only the admins may.
	MembersOrganiseEvents bool `yaml:"members_organise_events"`
}

// Log configures log/slog.
type Log struct {
	Level  string `yaml:"level"`  // debug, info, warn, error
	Format string `yaml:"format"` // text or json
}

// Cache bounds the memory kept for speed, in megabytes (MiB).
type Cache struct {
	StateMB int `yaml:"state_mb"` // game states loaded from the database
	BoardMB int `yaml:"board_mb"` // boards drawn for pages
	PageMB  int `yaml:"page_mb"`  // game pages' parts per position and view
	// FinishedPages keeps finished games' boards, overviews and accounts
	// as drawn and said, in the database (handlers/kept_pages.go);
	// InPlayPages, with it, games in play's boards and overviews, of the
	// position each stands at.
	FinishedPages bool `yaml:"finished_pages"`
	InPlayPages   bool `yaml:"in_play_pages"`
}

// StateBytes is the bound of the state cache in bytes.
func (c Cache) StateBytes() int64 { return int64(c.StateMB) << 20 }

// BoardBytes is the bound of the board cache in bytes.
func (c Cache) BoardBytes() int64 { return int64(c.BoardMB) << 20 }

// MemoryLimit is the soft limit for the Go runtime in bytes, 0 for none.
func (c Config) MemoryLimit() int64 { return int64(c.MemoryMB) << 20 }

// PageBytes is the bound of the game pages' parts in bytes.
func (c Cache) PageBytes() int64 { return int64(c.PageMB) << 20 }

// Auth sets sign-in limits.
type Auth struct {
	LinkMinutes       int `yaml:"link_minutes"`
	SessionDays       int `yaml:"session_days"`
	InviteDays        int `yaml:"invite_days"`
	RateWindowMinutes int `yaml:"rate_window_minutes"`
	PerAddress        int `yaml:"per_address"`
	PerAddressAll     int `yaml:"per_address_all"`
	PerIP             int `yaml:"per_ip"`
}

// Mail configures outgoing mail.
type Mail struct {
	From    string  `yaml:"from"`
	SMTP    SMTP    `yaml:"smtp"`
	Replies Replies `yaml:"replies"`
}

// SMTP is the mail server; with no host, mail stays in the local outbox.
type SMTP struct {
	Host     string `yaml:"host"`
	Port     int    `yaml:"port"`
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	TLS      string `yaml:"tls"` // starttls, tls or none
}

// Default returns the settings used when there is no file.
func Default() Config {
	return Config{
		Addr:           "localhost:8080",
		Database:       "rondel.db",
		Log:            Log{Level: "info", Format: "text"},
		Cache:          Cache{StateMB: 8, BoardMB: 4, PageMB: 8, FinishedPages: true, InPlayPages: true},
		MemoryMB:       100,
		GCPercent:      400,
		Auth:           Auth{LinkMinutes: 15, SessionDays: 30, InviteDays: 14, RateWindowMinutes: 60, PerAddress: 5, PerAddressAll: 20, PerIP: 20},
		Mail:           Mail{From: "Rondel <rondel@localhost>", SMTP: SMTP{Port: 587, TLS: "starttls"}, Replies: defaultReplies()},
		Notify:         defaultNotify(),
		Limits:         defaultLimits(),
		TrustedProxies: []string{},
		Admins:         []string{},
		Seasons:        []Season{},
	}
}

// Environment variables that override secrets (so they stay out of files).
const (
	EnvSMTPUsername = "RONDEL_SMTP_USERNAME"
	EnvSMTPPassword = "RONDEL_SMTP_PASSWORD"
)

// Load reads path (none: the defaults), then the environment overrides,
// and checks the result.
func Load(path string, getenv func(string) string) (Config, error) {
	c := Default()
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return c, fmt.Errorf("config: %w", err)
		}
		if c, err = Parse(data); err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
	}
	if getenv != nil {
		if v := getenv(EnvSMTPUsername); v != "" {
			c.Mail.SMTP.Username = v
		}
		if v := getenv(EnvSMTPPassword); v != "" {
			c.Mail.SMTP.Password = v
		}
		if v := getenv(EnvIMAPPassword); v != "" {
			c.Mail.Replies.IMAP.Password = v
		}
	}
	return c, c.Check()
}

// Parse decodes YAML over the defaults, refusing unknown keys.
func Parse(data []byte) (Config, error) {
	c := Default()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	// An empty file (io.EOF) means all defaults.
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return c, err
	}
	return c, nil
}

// Check validates the settings.
func (c Config) Check() error {
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("addr %q: %w", c.Addr, err))
	}
	if c.BaseURL != "" {
		if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("base_url %q must be an http or https URL", c.BaseURL))
		}
	}
	if c.Database == "" {
		errs = append(errs, errors.New("database must name a file"))
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("log.level %q must be debug, info, warn or error", c.Log.Level))
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		errs = append(errs, fmt.Errorf("log.format %q must be text or json", c.Log.Format))
	}
	a := c.Auth
	for name, v := range map[string]int{"cache.state_mb": c.Cache.StateMB + 1, "cache.board_mb": c.Cache.BoardMB + 1, "cache.page_mb": c.Cache.PageMB + 1, "memory_mb": c.MemoryMB + 1, "gc_percent": c.GCPercent, "auth.link_minutes": a.LinkMinutes, "auth.session_days": a.SessionDays,
		"auth.invite_days": a.InviteDays, "auth.rate_window_minutes": a.RateWindowMinutes, "auth.per_address": a.PerAddress, "auth.per_address_all": a.PerAddressAll, "auth.per_ip": a.PerIP} {
		if v <= 0 {
			errs = append(errs, fmt.Errorf("%s must be positive", name))
			if strings.HasPrefix(name, "cache.") || name == "memory_mb" {
				errs[len(errs)-1] = fmt.Errorf("%s must not be negative", name)
			}
		}
	}
	switch c.Mail.SMTP.TLS {
	case "starttls", "tls", "none":
	default:
		errs = append(errs, fmt.Errorf("mail.smtp.tls %q must be starttls, tls or none", c.Mail.SMTP.TLS))
	}
	errs = append(errs, c.Mail.Replies.check()...)
	errs = append(errs, c.Notify.check()...)
	errs = append(errs, c.Limits.check()...)
	if _, err := c.Proxies(); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, c.checkClub()...)
	return errors.Join(errs...)
}

// PublicURL is the base of links in mails: base_url, or http://addr.
func (c Config) PublicURL() string {
	if c.BaseURL != "" {
		return strings.TrimRight(c.BaseURL, "/")
	}
	return "http://" + c.Addr
}

// LocalMail reports whether mail stays in the local outbox (no SMTP host).
func (c Config) LocalMail() bool { return c.Mail.SMTP.Host == "" }

// Durations of the auth settings.
func (a Auth) LinkTTL() time.Duration    { return time.Duration(a.LinkMinutes) * time.Minute }
func (a Auth) SessionTTL() time.Duration { return time.Duration(a.SessionDays) * 24 * time.Hour }
func (a Auth) InviteTTL() time.Duration  { return time.Duration(a.InviteDays) * 24 * time.Hour }
func (a Auth) RateWindow() time.Duration { return time.Duration(a.RateWindowMinutes) * time.Minute }

// Proxies are the trusted proxies as address ranges (a single address is
// a range of one).
func (c Config) Proxies() ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range c.TrustedProxies {
		if pr, err := netip.ParsePrefix(p); err == nil {
			out = append(out, pr.Masked())
			continue
		}
		a, err := netip.ParseAddr(p)
		if err != nil {
			return nil, fmt.Errorf("trusted_proxies: %q is neither an IP address nor a CIDR range", p)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
