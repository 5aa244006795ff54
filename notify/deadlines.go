package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rondel/store"
)

// Deadlines sends the reminders that are due and handles passed deadlines
// (a substitute offer or the caretaker's move).
func (s *Service) Deadlines(ctx context.Context) error {
	open, err := s.st.OpenDeadlines(ctx)
	if err != nil {
		return err
	}
	now := s.now()
	var errs []error
	for _, d := range open {
		if d.DueAt.After(now) {
			if s.remindersPassed(d.DueAt, now) > d.Reminded {
				errs = append(errs, s.remind(ctx, d))
			}
			continue
		}
		errs = append(errs, s.timeout(ctx, d))
	}
	return errors.Join(errs...)
}

// remind queues the latest due reminder of a deadline (earlier ones that
// were missed are not sent late).
func (s *Service) remind(ctx context.Context, d store.Deadline) error {
	pos, err := s.st.Current(ctx, d.GameID)
	if err != nil {
		return err
	}
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		cur, err := tx.OpenDeadline(d.GameID, d.Seat)
		if err != nil || cur == nil || cur.ID != d.ID {
			return err // closed meanwhile
		}
		n := s.remindersPassed(cur.DueAt, tx.Now())
		if n <= cur.Reminded {
			return nil
		}
		cur.Reminded = n
		if err := tx.SaveDeadline(cur); err != nil {
			return err
		}
		v, err := s.loadView(tx, d.GameID)
		if err != nil {
			return err
		}
		u := v.users[d.Seat]
		if ok, err := s.wantsMail(tx, u, v.game.ID, false); err != nil || !ok {
			return err
		}
		var asked []string
		for _, dec := range pos.State.ToAct() {
			if dec.Seat == d.Seat {
				asked = append(asked, dec.Prompt)
			}
		}
		l := letter{Greeting: "Hello " + u.Name() + ",",
			Paras: []string{fmt.Sprintf("A reminder: %s is waiting for you. Your deadline is %s.", v.game.Name, when(cur.DueAt, tx.TimeZone(u.ID), tx.Now())),
				"If you do not decide by then, " + s.policyWords(v.clock) + "."},
			Lists: []list{{"You are asked:", asked}},
			Main:  action{"Open your decision", s.DecisionURL(DecisionLink{Game: v.game.ID, Seat: d.Seat, Seq: pos.Seq, User: u.ID, Choice: -1})}}
		subject := fmt.Sprintf("Rondel · %s · reminder: %s left", v.game.Name, span(cur.DueAt.Sub(tx.Now())))
		row, err := s.outboxRow(v.game.ID, cur.AskedSeq, fmt.Sprintf("%s-%d-%d", kindReminder, cur.ID, n), u, subject, l)
		if err != nil {
			return err
		}
		_, err = tx.Enqueue(row)
		return err
	})
}

func (s *Service) policyWords(gc *store.GameClock) string {
	if gc.Policy == store.PolicySubstitute {
		return "your seat is offered to a replacement, and the caretaker moves for you if nobody takes it"
	}
	return "the caretaker makes its documented default move for you"
}

// timeout handles a passed deadline.
func (s *Service) timeout(ctx context.Context, d store.Deadline) error {
	pos, err := s.st.Current(ctx, d.GameID)
	if err != nil {
		return err
	}
	if pos.State == nil || pos.Game.Status != store.StatusActive {
		return nil
	}
	gc, err := s.st.GameClockOf(ctx, d.GameID)
	if err != nil || gc == nil {
		return err
	}
	sc, err := s.st.SeatClockOf(ctx, d.GameID, d.Seat)
	if err != nil {
		return err
	}
	if gc.Policy == store.PolicySubstitute && !sc.Dropped {
		if sc.SubstituteUntil == nil {
			return s.offerSeat(ctx, d)
		}
		if s.now().Before(*sc.SubstituteUntil) {
			return nil // waiting for a replacement
		}
	}
	return s.caretakerTurn(ctx, d.GameID, d.Seat)
}

// caretakerTurn makes the caretaker's move for a timed-out seat, and keeps
// making it while the same decisions stay open (one timeout, one turn).
func (s *Service) caretakerTurn(ctx context.Context, gameID int64, seat int) error {
	var timedOut map[string]bool
	for i := range 500 {
		pos, err := s.st.Current(ctx, gameID)
		if err != nil || pos.State == nil || pos.Game.Status != store.StatusActive || pos.State.Finished() {
			return err
		}
		open := map[string]bool{}
		for _, d := range pos.State.ToAct() {
			if d.Seat == seat {
				open[d.Kind+"\x00"+d.Subject] = true
			}
		}
		if i == 0 {
			timedOut = open
		} else if !overlaps(open, timedOut) {
			return nil
		}
		if len(open) == 0 {
			return nil
		}
		mv, why, err := pos.State.Caretaker(seat)
		if err != nil {
			return fmt.Errorf("notify: game %d seat %d: caretaker: %w", gameID, seat, err)
		}
		c := cause{kind: causeTimeout, reason: why}
		if i > 0 {
			c.kind = causeContinue
		}
		_, err = s.st.AppendMove(withCause(ctx, c), store.Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: mv,
			By: store.ByCaretaker, Note: "timeout: " + why})
		if errors.Is(err, store.ErrGameChanged) {
			return nil // someone moved meanwhile; the next run looks again
		}
		if err != nil {
			return fmt.Errorf("notify: game %d seat %d: caretaker move: %w", gameID, seat, err)
		}
	}
	return nil
}

func overlaps(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// offerSeat starts the substitute flow: everyone gets an invitation link
// to pass on to a replacement; the game waits until the limit.
func (s *Service) offerSeat(ctx context.Context, d store.Deadline) error {
	token, hash := store.NewSecret()
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		v, err := s.loadView(tx, d.GameID)
		if err != nil {
			return err
		}
		sc, err := s.seatClock(tx, v, d.Seat)
		if err != nil || sc.SubstituteUntil != nil {
			return err
		}
		until := tx.Now().Add(time.Duration(v.clock.SubstituteSecs) * time.Second)
		sc.SubstituteUntil, sc.SubstituteToken = &until, hash
		if err := tx.SaveSeatClock(sc); err != nil {
			return err
		}
		name := v.seats[d.Seat].Name
		link := s.base + "/notify/substitute/" + token
		return s.mailEveryone(tx, v, d.AskedSeq, fmt.Sprintf("%s-%d", kindSubstitute, d.ID),
			fmt.Sprintf("Rondel · %s · %s's seat needs a replacement", v.game.Name, name),
			fmt.Sprintf("%s did not decide in time. Their seat is offered to a replacement until %s: pass this invitation link to someone who will play on:", name, when(until, "UTC", tx.Now())),
			link,
			"If nobody takes the seat by then, the caretaker makes its default move.")
	})
}

// ErrSeatNotOffered is returned for an unknown or expired substitute link.
var ErrSeatNotOffered = errors.New("this seat is no longer offered")

// TakeSeat gives an offered seat to userID and tells everyone.
func (s *Service) TakeSeat(ctx context.Context, token string, userID int64) (int64, error) {
	sc0, err := s.st.SubstituteSeat(ctx, token)
	if err != nil {
		return 0, ErrSeatNotOffered
	}
	err = s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		v, err := s.loadView(tx, sc0.GameID)
		if err != nil {
			return err
		}
		sc, err := s.seatClock(tx, v, sc0.Seat)
		if err != nil {
			return err
		}
		if sc.SubstituteToken != store.HashToken(token) || sc.SubstituteUntil == nil || !tx.Now().Before(*sc.SubstituteUntil) || v.game.Status != store.StatusActive {
			return ErrSeatNotOffered
		}
		for _, st := range v.seats {
			if st.UserID == userID {
				return errors.New("you already have a seat in this game")
			}
		}
		old := v.seats[sc.Seat].Name
		sc.SubstituteUntil, sc.SubstituteToken, sc.Timeouts = nil, "", 0
		if err := tx.SaveSeatClock(sc); err != nil {
			return err
		}
		if err := tx.ReplaceSeatUser(v.game.ID, sc.Seat, userID); err != nil {
			return err
		}
		dl, err := tx.OpenDeadline(v.game.ID, sc.Seat)
		if err != nil {
			return err
		}
		seq, kind := 0, fmt.Sprintf("%s-%d", kindReplaced, sc.Seat)
		if dl != nil {
			if err := tx.CloseDeadline(dl, store.OutcomeMoved); err != nil {
				return err
			}
			nd, err := s.openDeadline(tx, v, sc.Seat, dl.AskedSeq)
			if err != nil {
				return err
			}
			// Keyed by the new deadline: a seat may change hands twice
			// at one position.
			seq, kind = dl.AskedSeq, fmt.Sprintf("%s-%d", kindReplaced, nd.ID)
		}
		if v, err = s.loadView(tx, sc0.GameID); err != nil {
			return err
		}
		u := v.users[sc.Seat]
		return s.mailEveryone(tx, v, seq, kind,
			fmt.Sprintf("Rondel · %s · %s replaces %s", v.game.Name, u.Name(), old),
			fmt.Sprintf("%s now plays the seat of %s.", u.Name(), old))
	})
	return sc0.GameID, err
}
