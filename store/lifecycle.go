package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"rondel/game"
)

// The lifecycle of a game beside its moves: cancelled before it starts,
// a seat resigned, an end proposed and agreed, a game abandoned or expired,
// an invitation run out. Each is one method here that locks the game,
// writes the change in one transaction and hands it to the observer
// (change.go), whoever calls it (a page, notify's jobs) and whether notify
// runs or not.

// lifecycle runs f under the game's lock in a change transaction and tells
// the observer after the commit.
func (s *Store) lifecycle(ctx context.Context, f func(tx *gorm.DB, cs *changeSet) error) error {
	done, err := s.changeTx(ctx, s.Now(), f)
	if err != nil {
		return err
	}
	s.afterCommit(ctx, done)
	return nil
}

// CancelGame ends a game that has not started, for its creator: its
// invitations and open seats stop working, and it is listed as cancelled
// (ChangeCancelled). It returns the game as it is now.
func (s *Store) CancelGame(ctx context.Context, gameID, creator int64) (*Game, error) {
	var g *Game
	err := s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var err error
		if g, err = waitingGame(tx, gameID, creator); err != nil {
			return err
		}
		if err := s.endUnstarted(tx, g, EndCancelled); err != nil {
			return err
		}
		return cs.emit(Change{Kind: ChangeCancelled, Cause: Cause{Kind: CausePlayer}, Game: *g, Seat: -1, UserID: creator})
	})
	return g, err
}

// ExpireGame ends a game that waited for players too long (ChangeExpired).
func (s *Store) ExpireGame(ctx context.Context, gameID int64) (*Game, error) {
	var g *Game
	err := s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var err error
		if g, err = waitingGame(tx, gameID, 0); err != nil {
			return err
		}
		if err := s.endUnstarted(tx, g, EndExpired); err != nil {
			return err
		}
		return cs.emit(Change{Kind: ChangeExpired, Cause: Cause{Kind: CauseTimeout}, Game: *g, Seat: -1})
	})
	return g, err
}

// TellExpiredInvitation records that an invitation ran out unused
// (ChangeInvitationExpired, once: an invitation told already changes
// nothing).
func (s *Store) TellExpiredInvitation(ctx context.Context, inv ExpiredInvitation) error {
	return s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var g Game
		if err := lockGame(tx, inv.GameID, &g); err != nil {
			return notFound(err)
		}
		res := tx.Model(&Invitation{}).Where("id = ? AND told_at IS NULL", inv.ID).Update("told_at", cs.tx.now)
		if res.Error != nil || res.RowsAffected != 1 {
			return res.Error
		}
		return cs.emit(Change{Kind: ChangeInvitationExpired, Cause: Cause{Kind: CauseTimeout}, Game: g, Seat: -1, Invitation: &inv})
	})
}

// notFound says ErrNotFound for a missing row.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}

// Resign records that userID leaves their seat in a game in play
// (ChangeResigned): the caretaker plays it from now on (a substitute may
// take it, TakeSeat), and on the ladder they rank last in this game. It
// returns the seat.
func (s *Store) Resign(ctx context.Context, gameID, userID int64) (int, error) {
	var seat int
	err := s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) (err error) {
		seat, err = s.resignIn(tx, cs, gameID, userID)
		return err
	})
	return seat, err
}

// resignIn is Resign inside a change transaction (also a withdrawal from
// a club event: events.go).
func (s *Store) resignIn(tx *gorm.DB, cs *changeSet, gameID, userID int64) (int, error) {
	g, seat, err := activeSeat(tx, gameID, userID)
	if err != nil {
		return 0, err
	}
	uid := userID
	if err := tx.Create(&SeatDrop{GameID: gameID, Seat: seat, Reason: DropResigned, At: cs.tx.now, UserID: &uid}).Error; err != nil {
		return 0, wrapErr(err, "resign (game %d)", gameID)
	}
	sc, _, err := cs.tx.SeatClock(gameID, seat)
	if err != nil {
		return 0, err
	}
	sc.Dropped = true
	if err := cs.tx.SaveSeatClock(sc); err != nil { // the caretaker answers for it now
		return 0, err
	}
	if err := tx.Exec(`DELETE FROM end_votes WHERE game_id = ? AND seat = ?`, gameID, seat).Error; err != nil {
		return 0, wrapErr(err, "resign (game %d)", gameID)
	}
	n, _, err := lastMove(tx, gameID)
	if err != nil {
		return 0, err
	}
	return seat, cs.emit(Change{Kind: ChangeResigned, Cause: Cause{Kind: CausePlayer}, Game: *g, Seat: seat, UserID: userID, Seq: n})
}

// AgreeToEnd records that userID agrees to end the game at its current
// position, seq (the position the player saw: a move since refuses):
// ChangeEndProposed. When every seat still played agrees, the game ends,
// scored by its engine as the end of the game, unrated: ChangeEndAgreed,
// and ended says so.
func (s *Store) AgreeToEnd(ctx context.Context, gameID, userID int64, seq int) (ended bool, err error) {
	err = s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		ended = false
		g, seat, err := activeSeat(tx, gameID, userID)
		if err != nil {
			return err
		}
		if ended, err = s.voteToEnd(cs.tx, g, seat, seq); err != nil {
			return err
		}
		c := Change{Kind: ChangeEndProposed, Cause: Cause{Kind: CausePlayer}, Game: *g, Seat: seat, UserID: userID, Seq: seq}
		if ended {
			c.Kind = ChangeEndAgreed
		}
		return cs.emit(c)
	})
	return ended, err
}

// voteToEnd records seat's vote at seq and ends the game when it was the
// last one needed.
func (s *Store) voteToEnd(t *NotifyTx, g *Game, seat, seq int) (bool, error) {
	now, _, err := lastMove(t.tx, g.ID)
	if err != nil {
		return false, err
	}
	if seq != now {
		return false, ErrGameMovedOn
	}
	st, err := s.stateAt(t.tx, g, now)
	if err != nil {
		return false, err
	}
	ender, ok := st.(game.Ender)
	if !ok {
		return false, ErrCannotEnd
	}
	if err := t.tx.Exec(`INSERT INTO end_votes (game_id, seat, seq, at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, seat) DO UPDATE SET seq = excluded.seq, at = excluded.at`, g.ID, seat, now, t.now).Error; err != nil {
		return false, wrapErr(err, "store: vote to end (game %d)", g.ID)
	}
	votes, err := endVotes(t.tx, g.ID)
	if err != nil {
		return false, err
	}
	left, err := leftSeats(t.tx, g.ID)
	if err != nil {
		return false, err
	}
	var n int64
	if err := t.tx.Model(&Seat{}).Where("game_id = ?", g.ID).Count(&n).Error; err != nil {
		return false, wrapErr(err, "store: vote to end (game %d)", g.ID)
	}
	for i := range int(n) {
		if !left[i] && !votes[i] {
			return false, nil // someone still to agree
		}
	}
	return true, t.endAgreed(g, now, st, ender.EndNow())
}

// EndIdleGame ends a game as abandoned (EndGame) if, under the game's
// lock, it is still idle: no move since before. A game listed as idle
// that a move reached meanwhile goes on; ended says whether it ended.
func (s *Store) EndIdleGame(ctx context.Context, gameID int64, before time.Time) (ended bool, err error) {
	err = s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		ended = false
		var g Game
		if err := lockGame(tx, gameID, &g); err != nil {
			return notFound(err)
		}
		sum, err := s.summaryFor(tx, &g)
		if err != nil || g.Status != StatusActive || !sum.LastMoveAt.Before(before) {
			return err
		}
		ended, err = s.abandon(cs, gameID)
		return err
	})
	return ended, err
}

// EndGame ends an active game without a result (abandoned:
// ChangeAbandoned); ended is false when it was not in play.
func (s *Store) EndGame(ctx context.Context, gameID int64) (ended bool, err error) {
	err = s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		ended, err = s.abandon(cs, gameID)
		return err
	})
	return ended, err
}

func (s *Store) abandon(cs *changeSet, gameID int64) (bool, error) {
	t := cs.tx
	var locked Game
	if err := lockGame(t.tx, gameID, &locked); err != nil {
		return false, notFound(err)
	}
	res := t.tx.Model(&Game{}).Where("id = ? AND status = ?", gameID, StatusActive).
		Updates(map[string]any{"status": StatusFinished, "finished_at": t.now})
	if res.Error != nil || res.RowsAffected != 1 {
		return false, wrapErr(res.Error, "store: abandon game %d", gameID)
	}
	var g Game
	if err := t.tx.Take(&g, gameID).Error; err != nil {
		return false, wrapErr(err, "store: abandon game %d", gameID)
	}
	if err := s.writeAccount(t.tx, &g); err != nil {
		return false, err
	}
	if err := setStatus(t.tx, gameID, StatusFinished); err != nil {
		return false, err
	}
	if err := endSeats(t.tx, gameID); err != nil {
		return false, err
	}
	n, _, err := lastMove(t.tx, gameID)
	if err != nil {
		return false, err
	}
	return true, cs.emit(Change{Kind: ChangeAbandoned, Cause: Cause{Kind: CauseTimeout}, Game: g, Seat: -1, Seq: n})
}
