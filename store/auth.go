package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"rondel/game/words"
)

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
	return hex.EncodeToString(sum[:])
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
func (s *Store) RequestLogin(ctx context.Context, email, ip string, lim LoginLimits) (string, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	now := s.Now()
	token, hash := newToken()
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
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
func (s *Store) LoginUnsent(ctx context.Context, token string) error {
	return wrapErr(s.db.WithContext(ctx).Model(&LoginToken{}).Where("token_hash = ?", HashToken(token)).
		Updates(map[string]any{"unsent": true, "expires_at": s.Now()}).Error, "store: login unsent")
}

// ConsumeLogin uses a magic-link token once and returns its user, made on
// first sign-in.
func (s *Store) ConsumeLogin(ctx context.Context, token string) (*User, error) {
	now := s.Now()
	var u *User
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
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
func (s *Store) LoginTokenValid(ctx context.Context, token string) bool {
	var n int64
	s.db.WithContext(ctx).Model(&LoginToken{}).
		Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", HashToken(token), s.Now()).Count(&n)
	return n == 1
}

// CreateSession signs userID in and returns the cookie's secret.
func (s *Store) CreateSession(ctx context.Context, userID int64, ttl time.Duration) (string, error) {
	now := s.Now()
	token, hash := newToken()
	err := s.db.WithContext(ctx).Create(&Session{TokenHash: hash, UserID: userID, CreatedAt: now, ExpiresAt: now.Add(ttl)}).Error
	return token, wrapErr(err, "store: create session (user %d)", userID)
}

// SessionUser returns the user of a live session.
func (s *Store) SessionUser(ctx context.Context, token string) (*User, error) {
	// One query: every page asks it.
	// The time zone comes along: every page that shows a time needs it.
	users, err := queryRows(s.db.WithContext(ctx), scanUserZone, `SELECT `+userCols+`, COALESCE(p.time_zone, '')
		FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN notify_prefs p ON p.user_id = u.id
		WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`, HashToken(token), s.Now())
	if err != nil {
		return nil, err
	}
	if len(users) == 0 {
		return nil, ErrNotFound
	}
	return &users[0], nil
}

// RevokeSession ends one session.
func (s *Store) RevokeSession(ctx context.Context, token string) error {
	return wrapErr(s.db.WithContext(ctx).Model(&Session{}).Where("token_hash = ? AND revoked_at IS NULL", HashToken(token)).
		Update("revoked_at", s.Now()).Error, "store: revoke session")
}

// RevokeSessions ends every session of a user ("sign out everywhere").
func (s *Store) RevokeSessions(ctx context.Context, userID int64) error {
	return wrapErr(s.db.WithContext(ctx).Model(&Session{}).Where("user_id = ? AND revoked_at IS NULL", userID).
		Update("revoked_at", s.Now()).Error, "store: revoke sessions (user %d)", userID)
}

// User returns a user by id.
func (s *Store) User(ctx context.Context, id int64) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Take(&u, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &u, wrapErr(err, "store: user %d", id)
}

// UserByEmail returns a user by address.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Where("email = ?", email).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &u, wrapErr(err, "store: user by email")
}

// UpdateProfile changes a user's name, language and notification choice.
func (s *Store) UpdateProfile(ctx context.Context, userID int64, name, lang, notify string) error {
	switch notify {
	case NotifyEach, NotifyDaily, NotifyNone:
	default:
		return words.Fail(words.New("store.error.notify_choice").Lit("choice", notify))
	}
	name, err := CleanName(name, MaxDisplayName)
	if err != nil {
		return err
	}
	return wrapErr(s.db.WithContext(ctx).Model(&User{}).Where("id = ?", userID).
		Updates(map[string]any{"display_name": name, "language": lang, "language_chosen": true, "notify": notify}).Error, "store: update profile (user %d)", userID)
}

// ChooseLanguage sets the language a member chose (the switch at the foot
// of every page): it is theirs from now on, whatever their browser asks.
func (s *Store) ChooseLanguage(ctx context.Context, userID int64, lang string) error {
	if !slices.Contains(words.Languages, lang) {
		return words.Fail(words.New("store.error.language").Lit("language", lang))
	}
	return wrapErr(s.db.WithContext(ctx).Model(&User{}).Where("id = ?", userID).
		Updates(map[string]any{"language": lang, "language_chosen": true}).Error, "store: choose language (user %d)", userID)
}

// GuessLanguage sets the language of a member who has chosen none yet (the
// language their browser asks for as they sign in) and reports whether it
// did; a chosen language stays.
func (s *Store) GuessLanguage(ctx context.Context, userID int64, lang string) (bool, error) {
	if !slices.Contains(words.Languages, lang) {
		return false, nil
	}
	res := s.db.WithContext(ctx).Model(&User{}).Where("id = ? AND language_chosen = ? AND language <> ?", userID, false, lang).
		Update("language", lang)
	return res.RowsAffected == 1, wrapErr(res.Error, "store: guess language (user %d)", userID)
}

// InvitationInfo is an invitation with its game, for the page behind the link.
type InvitationInfo struct {
	Invitation Invitation
	Game       Game
	User       User
}

// Invitation looks an invitation up by its link's token, changing nothing.
func (s *Store) Invitation(ctx context.Context, token string) (*InvitationInfo, error) {
	db := s.db.WithContext(ctx)
	var inv Invitation
	err := db.Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", HashToken(token), s.Now()).Take(&inv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrTokenInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("store: invitation: %w", err)
	}
	out := &InvitationInfo{Invitation: inv}
	if err := db.Take(&out.Game, inv.GameID).Error; err != nil {
		return nil, fmt.Errorf("store: invitation: %w", err)
	}
	if out.Game.Status != StatusInviting {
		return nil, ErrTokenInvalid // cancelled or expired meanwhile
	}
	if err := db.Take(&out.User, inv.UserID).Error; err != nil {
		return nil, fmt.Errorf("store: invitation: %w", err)
	}
	return out, nil
}

// AcceptInvitation uses an invitation link once: the seat is accepted (the
// game starts if it was the last: g.Status is then active) and the invited
// user is returned to be signed in.
func (s *Store) AcceptInvitation(ctx context.Context, token string) (*User, *Game, error) {
	now := s.Now()
	var u User
	var g Game
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var inv Invitation
		err := tx.Where("token_hash = ? AND used_at IS NULL AND expires_at > ?", HashToken(token), now).Take(&inv).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrTokenInvalid
		}
		if err != nil {
			return err
		}
		if err := tx.Take(&g, inv.GameID).Error; err != nil {
			return err
		}
		if g.Status != StatusInviting {
			return ErrTokenInvalid // cancelled or expired meanwhile
		}
		if _, err := s.acceptSeat(tx, inv.GameID, inv.UserID, now); err != nil {
			return err
		}
		if err := tx.Take(&u, inv.UserID).Error; err != nil {
			return err
		}
		return tx.Take(&g, inv.GameID).Error
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: accept invitation: %w", err)
	}
	return &u, &g, nil
}
