package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"rondel/game/words"
)

// Managing a game before it starts: its creator cancels it, sends an
// invitation again or to someone else; members take its open seats.
// Each refusal is a sentence for the person who asked, and changes
// nothing.

// Refusals of managing a game.
var (
	ErrNotCreator  = words.Fail(words.New("club.error.not_creator"))
	ErrNotWaiting  = words.Fail(words.New("club.error.not_waiting"))
	ErrNoOpenSeat  = words.Fail(words.New("club.error.no_open_seat"))
	ErrHasSeat     = words.Fail(words.New("club.error.has_seat"))
	ErrSeatTaken   = words.Fail(words.New("club.error.seat_accepted"))
	ErrNoSuchSeat  = words.Fail(words.New("club.error.no_seat"))
	ErrNotInPlay   = words.Fail(words.New("club.error.not_in_play"))
	ErrNotPlaying  = words.Fail(words.New("club.error.not_playing"))
	ErrCannotEnd   = words.Fail(words.New("club.error.cannot_end"))
	ErrGameMovedOn = words.Fail(words.New("club.error.moved_on"))
)

// waitingGame locks a game that must still wait for players (lockGame),
// for its creator when creator is not 0: two members taking its open
// seats at once take turns, and the second sees the first's seat. A game
// no longer waiting comes back with ErrNotWaiting, so the caller can say
// why.
func waitingGame(tx *gorm.DB, gameID, creator int64) (*Game, error) {
	var g Game
	err := lockGame(tx, gameID, &g)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if creator != 0 && (g.CreatedBy == nil || *g.CreatedBy != creator) {
		return nil, ErrNotCreator
	}
	if g.Status != StatusInviting {
		return &g, ErrNotWaiting
	}
	return &g, nil
}

// endUnstarted ends a game that waits for players (cancelled, expired).
func (s *Store) endUnstarted(tx *gorm.DB, g *Game, ending string) error {
	now := s.Now()
	res := tx.Model(&Game{}).Where("id = ? AND status = ?", g.ID, StatusInviting).
		Updates(map[string]any{"status": StatusFinished, "ending": ending, "finished_at": now, "open_seats": 0})
	if res.Error != nil {
		return wrapErr(res.Error, "end unstarted")
	}
	if res.RowsAffected != 1 {
		return ErrNotWaiting
	}
	g.Status, g.Ending, g.FinishedAt, g.OpenSeats = StatusFinished, ending, &now, 0
	if err := endSeats(tx, g.ID); err != nil {
		return err
	}
	// Its open invitations no longer run out for anyone to hear of: out
	// of invitations_untold, so the hourly job never reads them again.
	if err := tx.Exec(`UPDATE invitations SET told_at = ? WHERE game_id = ? AND used_at IS NULL AND told_at IS NULL`,
		now, g.ID).Error; err != nil {
		return fmt.Errorf("end unstarted: %w", err)
	}
	_, err := s.deriveGame(tx, g)
	return err
}

// JoinGame gives userID one of a game's open seats, under their name,
// and starts the game when it was the last seat; started says so.
func (s *Store) JoinGame(ctx context.Context, gameID, userID int64) (started bool, err error) {
	now := s.Now()
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		g, err := waitingGame(tx, gameID, 0)
		if errors.Is(err, ErrNotWaiting) && g != nil && g.Status == StatusActive {
			return ErrNoOpenSeat // the last seat was taken: it started
		}
		if err != nil {
			return err
		}
		if g.OpenSeats <= 0 {
			return ErrNoOpenSeat
		}
		var u User
		if err := tx.Take(&u, userID).Error; err != nil {
			return err
		}
		var seats []Seat
		if err := tx.Where("game_id = ?", gameID).Order("seat").Find(&seats).Error; err != nil {
			return err
		}
		if SeatOf(seats, userID) >= 0 {
			return ErrHasSeat
		}
		name, err := seatName(u, seats)
		if err != nil {
			return err
		}
		res := tx.Model(&Game{}).Where("id = ? AND status = ? AND open_seats > 0", gameID, StatusInviting).
			Update("open_seats", gorm.Expr("open_seats - 1"))
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNoOpenSeat
		}
		seat := Seat{GameID: gameID, Seat: len(seats), UserID: userID, Name: name, AcceptedAt: &now}
		if err := tx.Create(&seat).Error; err != nil {
			return err
		}
		if started, err = s.startIfAllAccepted(tx, cs, gameID, now); err != nil || started {
			return err
		}
		_, err = s.deriveGame(tx, g) // still waiting: its summary stays
		return err
	})
	s.afterCommit(ctx, done)
	return started, err
}

// seatName is the name a member takes a seat under: their display name,
// else the part of their address before the @ (others never see the
// address). A name another seat has already is refused.
func seatName(u User, seats []Seat) (string, error) {
	raw := u.DisplayName
	if raw == "" {
		raw, _, _ = strings.Cut(u.Email, "@")
	}
	name, err := CleanName(raw, MaxSeatName)
	if err != nil || name == "" {
		return "", words.Fail(words.New("club.error.name_needed"))
	}
	for _, st := range seats {
		if strings.EqualFold(st.Name, name) {
			return "", words.Fail(words.New("club.error.name_taken").Lit("name", name))
		}
	}
	return name, nil
}

// openInvitationSeat reads a seat of a waiting game, for its creator,
// that nobody has accepted yet.
func openInvitationSeat(tx *gorm.DB, gameID, creator int64, seat int) (*Game, *Seat, error) {
	g, err := waitingGame(tx, gameID, creator)
	if err != nil {
		return nil, nil, err
	}
	var st Seat
	err = tx.Take(&st, "game_id = ? AND seat = ?", gameID, seat).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil, ErrNoSuchSeat
	}
	if err != nil {
		return nil, nil, fmt.Errorf("open invitation seat (game %d): %w", gameID, err)
	}
	if st.AcceptedAt != nil {
		return nil, nil, ErrSeatTaken
	}
	return g, &st, nil
}

// ResendInvitation makes a fresh link for a seat's invitation, valid for
// ttl from now, in place of the old one (which stops working), for the
// game's creator.
func (s *Store) ResendInvitation(ctx context.Context, gameID, creator int64, seat int, ttl time.Duration, lim Limits) (*Invite, error) {
	now := s.Now()
	var out *Invite
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, st, err := openInvitationSeat(tx, gameID, creator, seat)
		if err != nil {
			return err
		}
		if err := s.lockMember(tx, creator); err != nil {
			return err
		}
		if err := s.spend(tx, creator, actInvitation, 1, lim.InvitationsPerDay, now); err != nil {
			return err
		}
		var u User
		if err := tx.Take(&u, st.UserID).Error; err != nil {
			return err
		}
		token, err := renewInvitation(tx, gameID, u.ID, now, ttl)
		if err != nil {
			return err
		}
		out = &Invite{Seat: *st, User: u, Token: token}
		return nil
	})
	return out, wrapErr(err, "store: resend invitation (game %d)", gameID)
}

// renewInvitation gives (gameID, userID) an invitation with a new link,
// whether one was there or not, and returns the link's secret.
func renewInvitation(tx *gorm.DB, gameID, userID int64, now time.Time, ttl time.Duration) (string, error) {
	token, hash := newToken()
	if err := tx.Where("game_id = ? AND user_id = ?", gameID, userID).Delete(&Invitation{}).Error; err != nil {
		return "", fmt.Errorf("renew invitation (game %d): %w", gameID, err)
	}
	inv := Invitation{GameID: gameID, UserID: userID, TokenHash: hash, CreatedAt: now, ExpiresAt: now.Add(ttl)}
	return token, wrapErr(tx.Create(&inv).Error, "renew invitation (game %d)", gameID)
}

// ReplaceInvitation invites someone else to a seat nobody has accepted,
// for the game's creator: the old invitation stops working.
func (s *Store) ReplaceInvitation(ctx context.Context, gameID, creator int64, seat int, p NewPlayer, ttl time.Duration, lim Limits) (*Invite, error) {
	now := s.Now()
	var out *Invite
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, st, err := openInvitationSeat(tx, gameID, creator, seat)
		if err != nil {
			return err
		}
		ps, err := checkPlayers([]NewPlayer{p})
		if err != nil {
			return err
		}
		if len(ps) != 1 || ps[0].Name == "" {
			return words.Fail(words.New("club.error.name_needed"))
		}
		var seats []Seat
		if err := tx.Where("game_id = ? AND seat <> ?", gameID, seat).Find(&seats).Error; err != nil {
			return err
		}
		for _, o := range seats {
			if strings.EqualFold(o.Name, ps[0].Name) {
				return words.Fail(words.New("club.error.name_taken").Lit("name", ps[0].Name))
			}
		}
		if err := s.lockMember(tx, creator); err != nil {
			return err
		}
		fresh, err := newAddresses(tx, []string{ps[0].Email})
		if err != nil {
			return err
		}
		if err := s.spend(tx, creator, actInvitation, 1, lim.InvitationsPerDay, now); err != nil {
			return err
		}
		if err := s.spend(tx, creator, actAddress, fresh, lim.NewAddressesPerDay, now); err != nil {
			return err
		}
		u, err := findOrCreateUser(tx, ps[0].Email, ps[0].Name, languageOf(tx, creator), now)
		if err != nil {
			return err
		}
		if SeatOf(seats, u.ID) >= 0 {
			return ErrHasSeat
		}
		if err := tx.Where("game_id = ? AND user_id = ?", gameID, st.UserID).Delete(&Invitation{}).Error; err != nil {
			return err
		}
		st.UserID, st.Name = u.ID, ps[0].Name
		if err := tx.Model(&Seat{}).Where("id = ?", st.ID).Updates(map[string]any{"user_id": u.ID, "name": st.Name}).Error; err != nil {
			return err
		}
		token, err := renewInvitation(tx, gameID, u.ID, now, ttl)
		if err != nil {
			return err
		}
		out = &Invite{Seat: *st, User: *u, Token: token}
		return nil
	})
	return out, wrapErr(err, "store: replace invitation (game %d)", gameID)
}

// InvitationState is how one seat's invitation stands, for the game page.
type InvitationState struct {
	Seat      int
	ExpiresAt time.Time
	Expired   bool
	Failed    bool // its mail could not be delivered
}

// InvitationStates returns the open invitations of a game by seat, and
// whether each ran out or its mail failed: two indexed queries.
func (s *Store) InvitationStates(ctx context.Context, gameID int64) (map[int]InvitationState, error) {
	db := s.db.WithContext(ctx)
	type row struct {
		Seat      int
		UserID    int64
		ExpiresAt time.Time
	}
	var rows []row
	if err := db.Raw(`SELECT st.seat, st.user_id, i.expires_at FROM invitations i
		JOIN seats st ON st.game_id = i.game_id AND st.user_id = i.user_id
		WHERE i.game_id = ? AND i.used_at IS NULL`, gameID).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: invitation states (game %d): %w", gameID, err)
	}
	// The newest invitation mail to each person decides (one sent again
	// after a failure clears it).
	type mail struct {
		UserID int64
		Status string
	}
	var mails []mail
	if err := db.Raw(`SELECT user_id, status FROM outbox WHERE game_id = ? AND (kind = 'invite' OR kind LIKE 'invite-%')
		ORDER BY id`, gameID).Scan(&mails).Error; err != nil {
		return nil, fmt.Errorf("store: invitation states (game %d): %w", gameID, err)
	}
	failed := map[int64]bool{}
	for _, m := range mails {
		failed[m.UserID] = m.Status == OutboxFailed
	}
	now := s.Now()
	out := map[int]InvitationState{}
	for _, r := range rows {
		out[r.Seat] = InvitationState{Seat: r.Seat, ExpiresAt: r.ExpiresAt.UTC(), Expired: !now.Before(r.ExpiresAt), Failed: failed[r.UserID]}
	}
	return out, nil
}

// ExpiredInvitation is an invitation that ran out unused, whose creator
// is not told yet.
type ExpiredInvitation struct {
	ID       int64
	GameID   int64
	SeatName string
	Creator  *User // nil: the game has no creator
}

// ExpiredInvitations lists up to limit invitations of games still
// waiting for players that ran out by now and whose creator was not told.
func (s *Store) ExpiredInvitations(ctx context.Context, now time.Time, limit int) ([]ExpiredInvitation, error) {
	db := s.db.WithContext(ctx)
	type row struct {
		ID        int64
		GameID    int64
		SeatName  string
		CreatedBy *int64
	}
	var rows []row
	if err := db.Raw(`SELECT i.id, i.game_id, st.name AS seat_name, g.created_by FROM invitations i
		JOIN games g ON g.id = i.game_id
		JOIN seats st ON st.game_id = i.game_id AND st.user_id = i.user_id
		WHERE i.used_at IS NULL AND i.told_at IS NULL AND i.expires_at <= ? AND g.status = ?
		ORDER BY i.expires_at LIMIT ?`, now.UTC(), StatusInviting, limit).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: expired invitations: %w", err)
	}
	out := make([]ExpiredInvitation, 0, len(rows))
	for _, r := range rows {
		e := ExpiredInvitation{ID: r.ID, GameID: r.GameID, SeatName: r.SeatName}
		if r.CreatedBy != nil {
			u, err := s.User(ctx, *r.CreatedBy)
			if err != nil {
				return nil, err
			}
			e.Creator = u
		}
		out = append(out, e)
	}
	return out, nil
}

// StaleInvitingGames lists games still waiting for players that were
// made before cutoff and have had no working invitation since: no
// unused invitation runs out after cutoff, and no member joined.
func (s *Store) StaleInvitingGames(ctx context.Context, cutoff time.Time) ([]int64, error) {
	var out []int64
	err := s.db.WithContext(ctx).Raw(`SELECT g.id FROM games g WHERE g.status = ? AND g.created_at < ?
		AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.game_id = g.id AND i.used_at IS NULL AND i.expires_at > ?)
		AND NOT EXISTS (SELECT 1 FROM seats st WHERE st.game_id = g.id AND st.accepted_at > ?)
		ORDER BY g.id`, StatusInviting, cutoff.UTC(), cutoff.UTC(), cutoff.UTC()).Scan(&out).Error
	return out, wrapErr(err, "store: stale inviting games")
}
