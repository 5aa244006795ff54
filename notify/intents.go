package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rondel/game"
	"rondel/store"
)

// Turn mails after the commit (issue 20 item 5). A move's transaction
// decides who gets a turn mail (mailOrHold) but writes only a compact
// intent (store.MailIntent): the seat, the position and turn the mail
// says, where its log starts, the deadline it names. Rendering the mail
// (its text and HTML, the log, the board picture's reference) follows the
// commit: AfterCommit renders the intents of the change's game in one
// transaction that deletes them (renderChange), and the intents job takes
// those a crash left between commit and render, each claimed under a
// lease and deleted in the transaction that queues its mail. Either way
// an intent is queued once, whichever instance renders it. A render that
// fails leaves the intent, with its error, for the job; the move stands.

// intentLease is how long a renderer holds an intent: far longer than a
// render takes, short enough that a crash delays the mail little.
const intentLease = 2 * time.Minute

// intentRetry is how long a failed render waits before the next try.
const intentRetry = time.Minute

// errClaimLost: the lease ran out and another renderer claimed the intent.
var errClaimLost = errors.New("notify: mail intent claimed by another renderer")

// intendTurn writes, in the move's transaction, the turn mail a seat is
// to get: who the mail is for and what position, turn and log it says.
// A holder who wants no turn mails gets no intent.
func (s *Service) intendTurn(tx *store.NotifyTx, v *gameView, seat, seq, turn, since int, dl *store.Deadline) error {
	if v.users[seat].Notify != store.NotifyEach {
		return nil
	}
	err := tx.AddMailIntent(&store.MailIntent{GameID: v.game.ID, Seat: seat, Seq: seq, TurnSeq: turn, Since: since, DueAt: dl.DueAt})
	v.intended = v.intended || err == nil
	return err
}

// turnMails is what a move's transaction hands to its after-commit render
// (store.NotifyTx.Carry) when it wrote intents: the game's view it read
// and the position after the move, so that the render need not read them
// again.
type turnMails struct {
	view  gameView
	seq   int
	state game.State
}

// carryTurnMails hands the move's view and position to AfterCommit when
// the move wrote turn-mail intents.
func (s *Service) carryTurnMails(tx *store.NotifyTx, v *gameView, m store.MoveDone) {
	if v.intended {
		tx.Carry(&turnMails{view: *v, seq: m.Seq, state: m.After})
	}
}

// RenderIntents is the intents job: it renders the intents nobody holds,
// oldest first (those a crash left, those whose render failed).
func (s *Service) RenderIntents(ctx context.Context) error {
	_, err := s.renderIntents(ctx, 0)
	return err
}

// renderIntents renders the free intents of one game (gameID > 0) or of
// any, up to a bound per run, and says how many it queued; a failed one
// is left for a later run.
func (s *Service) renderIntents(ctx context.Context, gameID int64) (int, error) {
	var errs []error
	done := 0
	for range 1000 {
		in, err := s.st.ClaimMailIntent(ctx, gameID, intentLease)
		if err != nil || in == nil {
			return done, errors.Join(append(errs, err)...)
		}
		if err := s.renderIntent(ctx, *in); err != nil {
			errs = append(errs, err, s.st.ReleaseMailIntent(ctx, *in, err, s.now().Add(intentRetry)))
			continue
		}
		done++
	}
	return done, errors.Join(errs...)
}

// renderChange renders the intents a change of gameID left, after its
// commit: in one transaction that takes them (no lease: a rollback puts
// them back) and reads the game's view once. When that fails, or an
// intent says another position than the current one, the claimed path
// (renderIntents) renders them one by one and keeps a failure's error.
func (s *Service) renderChange(ctx context.Context, gameID int64, carried any) error {
	var err error
	if tm, ok := carried.(*turnMails); ok {
		err = s.renderCarried(ctx, gameID, tm)
	} else {
		err = s.renderTaken(ctx, gameID)
	}
	if err == nil {
		return nil
	}
	_, err = s.renderIntents(ctx, gameID)
	return err
}

// errNotCurrent: an intent says a position other than the cached one.
var errNotCurrent = errors.New("notify: mail intent not at the current position")

func (s *Service) renderTaken(ctx context.Context, gameID int64) error {
	if some, err := s.st.HasMailIntents(ctx, gameID); err != nil || !some {
		return err
	}
	pos, err := s.st.Current(ctx, gameID)
	if err != nil || pos.State == nil {
		return errors.Join(err, errNotCurrent)
	}
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		ins, err := tx.TakeMailIntents(gameID)
		if err != nil || len(ins) == 0 {
			return err
		}
		v, err := s.loadView(tx, gameID)
		if err != nil {
			return err
		}
		for _, in := range ins {
			if in.Seq != pos.Seq {
				return errNotCurrent
			}
			if s.renderFault != nil {
				if err := s.renderFault(in); err != nil {
					return err
				}
			}
			if err := s.mailIntent(tx, v, pos.State, in); err != nil {
				return err
			}
		}
		return nil
	})
}

// renderCarried is renderTaken with the view and position the move's
// transaction handed over (turnMails): it locks the game's row, as
// loadView would, and reads its seats again, reading the whole view
// only when a seat changed hands since.
func (s *Service) renderCarried(ctx context.Context, gameID int64, tm *turnMails) error {
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		ins, err := tx.TakeMailIntents(gameID)
		if err != nil || len(ins) == 0 {
			return err
		}
		v, err := s.carriedView(tx, gameID, tm)
		if err != nil {
			return err
		}
		for _, in := range ins {
			if in.Seq != tm.seq {
				return errNotCurrent
			}
			if s.renderFault != nil {
				if err := s.renderFault(in); err != nil {
					return err
				}
			}
			if err := s.mailIntent(tx, v, tm.state, in); err != nil {
				return err
			}
		}
		return nil
	})
}

// carriedView is the game's view for the render: the carried one, with
// the game's row read (and locked) again, unless its seats changed.
func (s *Service) carriedView(tx *store.NotifyTx, gameID int64, tm *turnMails) (*gameView, error) {
	g, err := tx.GameRow(gameID)
	if err != nil {
		return nil, err
	}
	seats, err := tx.Seats(gameID)
	if err != nil {
		return nil, err
	}
	if len(seats) != len(tm.view.seats) {
		return s.loadView(tx, gameID)
	}
	for i := range seats {
		if a, b := seats[i], tm.view.seats[i]; a.ID != b.ID || a.UserID != b.UserID || a.Name != b.Name {
			return s.loadView(tx, gameID)
		}
	}
	v := tm.view
	v.game, v.seats, v.now = *g, seats, tx.Now()
	v.clocks = nil // read again: they may have changed since the commit
	return &v, nil
}

// renderIntent queues a claimed intent's mail and deletes the intent in
// one transaction. The mail says the position after in.Seq moves and the
// moves up to it, as it would have said in the move's transaction.
func (s *Service) renderIntent(ctx context.Context, in store.MailIntent) error {
	if s.renderFault != nil {
		if err := s.renderFault(in); err != nil {
			return err
		}
	}
	st, err := s.stateAfter(ctx, in.GameID, in.Seq)
	if err != nil {
		return fmt.Errorf("notify: mail intent %d: %w", in.ID, err)
	}
	err = s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		if ok, err := tx.FinishMailIntent(in); err != nil || !ok {
			if err == nil {
				err = errClaimLost
			}
			return err
		}
		v, err := s.loadView(tx, in.GameID)
		if err != nil {
			return err
		}
		return s.mailIntent(tx, v, st, in)
	})
	return wrapNotify(err, "mail intent %d (game %d, seat %d)", in.ID, in.GameID, in.Seat)
}

// mailIntent queues an intent's turn mail: the seat's decisions at st
// (the position after in.Seq moves), its log up to in.Seq, and times
// said as at the move ("in 3 days"), as the mail queued in the move's
// transaction said them.
func (s *Service) mailIntent(tx *store.NotifyTx, v *gameView, st game.State, in store.MailIntent) error {
	asked := sortedDecisions(bySeat(st.ToAct())[in.Seat])
	if len(asked) == 0 {
		return nil // nothing to ask at that position (cannot happen)
	}
	v.now = in.MadeAt
	return s.mailTurnAt(tx, v, in.Seat, st, asked, in.Seq, in.TurnSeq, in.Since, &store.Deadline{DueAt: in.DueAt})
}

// stateAfter is a game's position after seq moves: the cached current one
// when no move followed (the after-commit case), else from the log.
func (s *Service) stateAfter(ctx context.Context, gameID int64, seq int) (game.State, error) {
	pos, err := s.st.Current(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if pos.Seq == seq && pos.State != nil {
		return pos.State, nil
	}
	return s.st.StateAfter(ctx, gameID, seq)
}

// wrapNotify names the operation that failed.
func wrapNotify(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("notify: "+format+": %w", append(args, err)...)
}
