package store

import (
	"context"

	"gorm.io/gorm"

	"rondel/game/words"
)

// ErrSeatNotOffered is returned for an unknown or expired substitute link.
var ErrSeatNotOffered = words.Fail(words.New("mail.error.seat_gone"))

// TakeSeat gives a seat offered to substitutes (its link's token) to
// userID under name (their display name when empty): ChangeSubstituteSeated.
// The seat takes the name, so the game names the newcomer from now on; a
// person known only by address is given it as their display name.
func (s *Store) TakeSeat(ctx context.Context, token string, userID int64, name string) (int64, error) {
	sc0, err := s.SubstituteSeat(ctx, token)
	if err != nil {
		return 0, ErrSeatNotOffered
	}
	err = s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		t := cs.tx
		var g Game
		if err := lockGame(tx, sc0.GameID, &g); err != nil {
			return notFound(err)
		}
		sc, _, err := t.SeatClock(sc0.GameID, sc0.Seat)
		if err != nil {
			return err
		}
		if sc.SubstituteToken != HashToken(token) || sc.SubstituteUntil == nil || !t.now.Before(*sc.SubstituteUntil) || g.Status != StatusActive {
			return ErrSeatNotOffered
		}
		seats, err := t.Seats(g.ID)
		if err != nil {
			return err
		}
		if SeatOf(seats, userID) >= 0 {
			return words.Fail(words.New("mail.error.has_seat"))
		}
		old := seats[sc.Seat].Name
		name, err := newcomerName(t, userID, name)
		if err != nil {
			return err
		}
		// The newcomer plays the seat: the caretaker no longer does (a
		// resigned seat was played by the caretaker meanwhile).
		sc.SubstituteUntil, sc.SubstituteToken, sc.Timeouts, sc.Dropped = nil, "", 0, false
		if err := t.SaveSeatClock(sc); err != nil {
			return err
		}
		if err := t.replaceSeatUser(g.ID, sc.Seat, userID, name); err != nil {
			return err
		}
		n, _, err := lastMove(tx, g.ID)
		if err != nil {
			return err
		}
		return cs.emit(Change{Kind: ChangeSubstituteSeated, Cause: Cause{Kind: CausePlayer}, Game: g, Seat: sc.Seat,
			UserID: userID, Seq: n, OldName: old, NewName: name})
	})
	return sc0.GameID, err
}

// newcomerName is the name a substitute plays under: the one they gave,
// else their display name. Someone known only by address must give one,
// which becomes their display name.
func newcomerName(t *NotifyTx, userID int64, name string) (string, error) {
	name, err := CleanName(name, MaxSeatName)
	if err != nil {
		return "", words.Fail(words.New("mail.error.name_long").Count(MaxSeatName))
	}
	u, err := t.User(userID)
	if err != nil {
		return "", err
	}
	if name == "" {
		name = u.DisplayName
	}
	if name == "" {
		return "", words.Fail(words.New("mail.error.name_needed"))
	}
	if u.DisplayName == "" {
		return name, t.setDisplayName(userID, name)
	}
	return name, nil
}
