package store

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"gorm.io/gorm"

	"rondel/game/words"
)

// Members: a member's profile and language, and the invitation link
// that seats an invited member (sign-in itself is signin.go).

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
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
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
		if _, err := s.acceptSeat(tx, cs, inv.GameID, inv.UserID, now); err != nil {
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
	s.afterCommit(ctx, done)
	return &u, &g, nil
}
