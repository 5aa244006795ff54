package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// SignIn is the part of the store that signs members in: magic links
// (login tokens, with limits on asking for them) and sessions. Reach it as
// store.SignIn(); its tables are login_tokens and sessions, and it makes a
// member (users) on a first sign-in.
type SignIn struct{ s *Store }

// SignIn returns the store's sign-in part.
func (s *Store) SignIn() SignIn { return SignIn{s} }

// Sign-in errors. ErrTokenInvalid deliberately does not say whether a
// token was unknown, expired or used.
var (
	ErrTokenInvalid = errors.New("this link has expired or was already used")
	ErrRateLimited  = errors.New("too many sign-in requests; please wait a while and try again")
)

// newToken returns a random secret for a link or cookie and its hash.
func newToken() (token, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("store: no randomness: %v", err)) // crypto/rand does not fail on Linux
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is how tokens are stored: only their SHA-256.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	var b [2 * sha256.Size]byte // every request's session check: one allocation, the string's
	hex.Encode(b[:], sum[:])
	return string(b[:])
}

// LoginLimits rate-limit magic-link requests. The limits per address are
// built so that a stranger cannot lock its owner out: PerAddress counts
// the links asked for an address from one client address only, and the
// higher PerAddressAll, which bounds the mail one address gets from all
// client addresses together, counts links never used and does not stop a
// client address from which a link for that address was used before (the
// owner's own).
type LoginLimits struct {
	TTL           time.Duration // how long a link works (15 minutes)
	Window        time.Duration // the window the limits count in
	PerAddress    int           // links per address and client address per window
	PerAddressAll int           // unused links per address from all client addresses (0: no bar)
	PerIP         int           // links per client address per window
}

// RequestLogin makes a magic-link token for email, unless the address or
// the IP asked too often (LoginLimits). It never looks at whether the
// address belongs to a member.
func (p SignIn) RequestLogin(ctx context.Context, email, ip string, lim LoginLimits) (string, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	now := p.s.Now()
	token, hash := newToken()
	err = p.s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := loginRoom(tx, email, ip, now.Add(-lim.Window), lim); err != nil {
			return err
		}
		return tx.Create(&LoginToken{TokenHash: hash, Email: email, IP: ip, CreatedAt: now, ExpiresAt: now.Add(lim.TTL)}).Error
	})
	if err != nil {
		return "", fmt.Errorf("store: request login: %w", err)
	}
	return token, nil
}

// loginRoom refuses a sign-in link past one of the limits. A link whose
// mail could not be sent does not use up the address's allowance (it
// still counts for the network).
func loginRoom(tx *gorm.DB, email, ip string, since time.Time, lim LoginLimits) error {
	var byIP, byAddrIP int64
	if err := tx.Model(&LoginToken{}).Where("ip = ? AND created_at > ?", ip, since).Count(&byIP).Error; err != nil {
		return fmt.Errorf("login room: %w", err)
	}
	if err := tx.Model(&LoginToken{}).Where("email = ? AND ip = ? AND created_at > ? AND unsent = ?", email, ip, since, false).
		Count(&byAddrIP).Error; err != nil {
		return fmt.Errorf("login room: %w", err)
	}
	if int(byIP) >= lim.PerIP || int(byAddrIP) >= lim.PerAddress {
		return ErrRateLimited
	}
	if lim.PerAddressAll <= 0 {
		return nil
	}
	var unused int64
	if err := tx.Model(&LoginToken{}).Where("email = ? AND created_at > ? AND unsent = ? AND used_at IS NULL", email, since, false).
		Count(&unused).Error; err != nil {
		return fmt.Errorf("login room: %w", err)
	}
	if int(unused) < lim.PerAddressAll {
		return nil
	}
	var known int64 // a link for this address was used from here: its owner
	if err := tx.Model(&LoginToken{}).Where("email = ? AND ip = ? AND used_at IS NOT NULL", email, ip).Limit(1).Count(&known).Error; err != nil {
		return fmt.Errorf("login room: %w", err)
	}
	if known == 0 {
		return ErrRateLimited
	}
	return nil
}

// LoginUnsent records that a sign-in link's mail could not be sent: the
// link never works, and it does not count against its address's limit.
func (p SignIn) LoginUnsent(ctx context.Context, token string) error {
	return wrapErr(p.s.db.WithContext(ctx).Model(&LoginToken{}).Where("token_hash = ?", HashToken(token)).
		Updates(map[string]any{"unsent": true, "expires_at": p.s.Now()}).Error, "store: login unsent")
}

// ConsumeLogin uses a magic-link token once and returns its user, made on
// first sign-in.
func (p SignIn) ConsumeLogin(ctx context.Context, token string) (*User, error) {
	now := p.s.Now()
	var u *User
	err := p.s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var lt LoginToken
		if err := tx.Where("token_hash = ?", HashToken(token)).Take(&lt).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrTokenInvalid
			}
			return err
		}
		res := tx.Model(&LoginToken{}).Where("id = ? AND used_at IS NULL AND expires_at > ?", lt.ID, now).Update("used_at", now)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrTokenInvalid
		}
		var err error
		u, err = findOrCreateUser(tx, lt.Email, "", "", now)
		return err
	})
	return u, wrapErr(err, "store: consume login")
}

// LoginTokenValid reports whether a magic link can still be used, without
// using it (for the GET page in front of the sign-in button).
func (p SignIn) LoginTokenValid(ctx context.Context, token string) bool {
	var n int64
	p.s.db.WithContext(ctx).Model(&LoginToken{}).
		Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", HashToken(token), p.s.Now()).Count(&n)
	return n == 1
}

// CreateSession signs userID in and returns the cookie's secret.
func (p SignIn) CreateSession(ctx context.Context, userID int64, ttl time.Duration) (string, error) {
	now := p.s.Now()
	token, hash := newToken()
	err := p.s.db.WithContext(ctx).Create(&Session{TokenHash: hash, UserID: userID, CreatedAt: now, ExpiresAt: now.Add(ttl)}).Error
	return token, wrapErr(err, "store: create session (user %d)", userID)
}

// SessionUser returns the user of a live session.
func (p SignIn) SessionUser(ctx context.Context, token string) (*User, error) {
	// One query: every page asks it.
	// The time zone comes along: every page that shows a time needs it.
	users, err := readRowsCap(ctx, p.s, 1, scanUserZone, `SELECT `+userCols+`, COALESCE(p.time_zone, '')
		FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN notify_prefs p ON p.user_id = u.id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`, HashToken(token), p.s.Now())
	if err != nil {
		return nil, err
	}
	if len(users) == 0 {
		return nil, ErrNotFound
	}
	return &users[0], nil
}

// RevokeSession ends one session.
func (p SignIn) RevokeSession(ctx context.Context, token string) error {
	return wrapErr(p.s.db.WithContext(ctx).Model(&Session{}).Where("token_hash = ? AND revoked_at IS NULL", HashToken(token)).
		Update("revoked_at", p.s.Now()).Error, "store: revoke session")
}

// RevokeSessions ends every session of a user ("sign out everywhere").
func (p SignIn) RevokeSessions(ctx context.Context, userID int64) error {
	return wrapErr(p.s.db.WithContext(ctx).Model(&Session{}).Where("user_id = ? AND revoked_at IS NULL", userID).
		Update("revoked_at", p.s.Now()).Error, "store: revoke sessions (user %d)", userID)
}
