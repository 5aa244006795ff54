package store

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/record"
)

// Why a take-back is refused: each a catalogue key the pages say.
const (
	TakeBackNothing = "store.takeback.nothing"   // no move, or the last entry is a take-back
	TakeBackOthers  = "store.takeback.others"    // someone else acted since
	TakeBackNotMade = "store.takeback.not_made"  // the caretaker or a standing order made it
	TakeBackReveals = "store.takeback.reveals"   // the move showed something hidden
	TakeBackOver    = "store.takeback.game_over" // the move ended the game
)

// TakeBackRefusedError says why a move cannot be taken back.
type TakeBackRefusedError struct{ Why string }

func (e *TakeBackRefusedError) Error() string { return "the move cannot be taken back: " + e.Why }

// CanTakeBack says whether the member userID, holding seat, may take back
// last (the game's last log row, nil if none): "" if so, else why not. The
// rules' part (game.Revealer) is TakeBack's to ask.
func CanTakeBack(last *Move, seat int, userID int64) string {
	switch {
	case last == nil || last.TakeBack:
		return TakeBackNothing
	case last.Seat != seat:
		return TakeBackOthers
	case last.By != ByPlayer || last.UserID == nil:
		return TakeBackNotMade
	case *last.UserID != userID:
		return TakeBackOthers // the seat changed hands since
	}
	return ""
}

// TakeBack appends a take-back of the last move, made by userID for seat
// on the position seq (the form's number), in one immediate transaction:
// the game then stands where it stood before that move. Derived data and
// notify's mails are written as for a move (the observer learns it is a
// take-back); a snapshot is written after every take-back, so that no
// snapshot holds a cancelled move when loading replays forward from it.
func (s *Store) TakeBack(ctx context.Context, gameID int64, seat, seq int, userID int64) (*Played, error) {
	now := s.Now()
	epoch := s.cache.epoch()
	var out Played
	var size int64
	var setup string
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		var g Game
		// On PostgreSQL the game's row stays locked until the end, so a
		// move on another instance waits for the take-back (dialect.go).
		if err := lockGame(tx, gameID, &g); err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		if g.Status != StatusActive {
			if g.Status == StatusFinished {
				return &TakeBackRefusedError{Why: TakeBackOver}
			}
			return ErrNotActive
		}
		var err error
		if setup, err = s.setupKey(tx, g.ID); err != nil {
			return err
		}
		prev, err := s.summaryFor(tx, &g)
		if err != nil {
			return err
		}
		cur := prev.Moves
		if seq != cur {
			return &GameChangedError{Expected: seq, Current: cur}
		}
		last, err := lastRow(tx, gameID)
		if err != nil {
			return err
		}
		if why := CanTakeBack(last, seat, userID); why != "" {
			return &TakeBackRefusedError{Why: why}
		}
		before, err := s.stateAt(tx, &g, cur)
		if err != nil {
			return err
		}
		restored, err := s.stateAt(tx, &g, cur-1)
		if err != nil {
			return err
		}
		if r, ok := restored.(game.Revealer); ok && r.Reveals(seat, []byte(last.Move)) {
			return &TakeBackRefusedError{Why: TakeBackReveals}
		}
		row := &Move{GameID: gameID, Seq: cur + 1, Seat: seat, Move: string(record.TakeBackMove), Events: "[]",
			At: now, By: ByPlayer, UserID: &userID, TakeBack: true}
		if err := tx.Create(row).Error; err != nil {
			if isUniqueViolation(err) {
				return &GameChangedError{Expected: seq, Current: cur + 1}
			}
			return err
		}
		if size, err = s.deriveMove(tx, &g, prev, row, restored, nil); err != nil {
			return err
		}
		cause := Cause{Kind: CausePlayer}
		md := MoveDone{Game: g, Before: before, After: restored, Seat: seat, Seq: cur + 1,
			By: ByPlayer, TakeBack: true, Now: now, Cause: cause}
		if err := cs.emit(Change{Kind: ChangeTakenBack, Cause: cause, Game: g, Seat: seat, UserID: userID,
			Seq: cur + 1, Move: &md}); err != nil {
			return err
		}
		out = Played{Seq: cur + 1, State: restored}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(epoch, gameID, out.Seq, setup, out.State, size)
	s.afterCommit(ctx, done)
	return &out, nil
}

// lastRow returns a game's last log row, nil if it has none.
func lastRow(tx *gorm.DB, gameID int64) (*Move, error) {
	var m Move
	err := tx.Where("game_id = ?", gameID).Order("seq DESC").Limit(1).Take(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &m, wrapErr(err, "last row (game %d)", gameID)
}

// LastMove returns a game's last log row, nil if it has none.
func (s *Store) LastMove(ctx context.Context, gameID int64) (*Move, error) {
	return lastRow(s.db.WithContext(ctx), gameID)
}
