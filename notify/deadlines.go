package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rondel/game/words"
	"rondel/store"
)

// Deadlines sends the reminders that are due and handles passed deadlines
// (a substitute offer or the caretaker's move). It reads only the
// deadlines with something due (Deadline.NextAt, by index).
func (s *Service) Deadlines(ctx context.Context) error {
	now := s.now()
	due, err := s.st.DueDeadlines(ctx, now)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		switch {
		case !d.DueAt.After(now):
			errs = append(errs, s.timeout(ctx, d))
		case d.MailAt != nil && !d.MailAt.After(now):
			errs = append(errs, s.mailHeld(ctx, d))
		case s.remindersPassed(d.DueAt, now) > d.Reminded:
			errs = append(errs, s.remind(ctx, d))
		default: // nothing due after all (a deadline from before NextAt)
			errs = append(errs, s.reschedule(ctx, d))
		}
	}
	return errors.Join(errs...)
}

// nextAt is when a running deadline next needs the job: a held-back turn
// mail, its next reminder, else its end.
func (s *Service) nextAt(d *store.Deadline) *time.Time {
	t := d.DueAt
	if d.Reminded < len(s.reminders) {
		t = d.DueAt.Add(-s.reminders[d.Reminded])
	}
	if d.MailAt != nil && d.MailAt.Before(t) {
		t = *d.MailAt
	}
	return &t
}

// reschedule sets a running deadline's NextAt.
func (s *Service) reschedule(ctx context.Context, d store.Deadline) error {
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		cur, err := tx.OpenDeadline(d.GameID, d.Seat)
		if err != nil || cur == nil || cur.ID != d.ID {
			return err
		}
		cur.NextAt = s.nextAt(cur)
		return tx.SaveDeadline(cur)
	})
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
		cur.NextAt = s.nextAt(cur)
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
		sp := speakerFor(u, v)
		var asked []string
		for _, dec := range pos.State.ToAct() {
			if dec.Seat == d.Seat {
				asked = append(asked, sp.Say(dec.Prompt))
			}
		}
		l := letter{sp: sp, Greeting: greeting(sp, u),
			Paras: []string{sp.T("mail.reminder.intro", "game", v.game.Name, "when", when(sp, cur.DueAt, tx.TimeZone(u.ID), tx.Now())),
				sp.Say(policyWords(v.clock))},
			Lists: []list{{sp.T("mail.turn.asked"), asked}},
			Main:  action{sp.T("mail.action.decision"), s.DecisionURL(DecisionLink{Game: v.game.ID, Seat: d.Seat, Seq: pos.Seq, User: u.ID, Choice: -1})}}
		// The position as it stands, the decision outlined (nothing marked
		// as changed: the turn mail marked that).
		l.Picture = s.letterPicture(sp, u, v, pos.State, d.Seat, pos.Seq, pos.Seq, asked)
		if l.ReplyTo = s.replyAddress(DecisionLink{Game: v.game.ID, Seat: d.Seat, Seq: pos.Seq, User: u.ID}); l.ReplyTo != "" {
			l.After = append(l.After, sp.T("mail.turn.reply"))
		}
		subject := gameSubject(sp, v.game.Name, sp.T("mail.reminder.subject", "left", span(cur.DueAt.Sub(tx.Now()))))
		row, err := s.outboxRow(v.game.ID, cur.AskedSeq, fmt.Sprintf("%s-%d-%d", kindReminder, cur.ID, n), u, subject, l)
		if err != nil {
			return err
		}
		_, err = tx.Enqueue(row)
		return err
	})
}

// policyWords says what happens if a reminded player does not decide.
func policyWords(gc *store.GameClock) words.Text {
	if gc.Policy == store.PolicySubstitute {
		return words.New("mail.reminder.then_substitute")
	}
	return words.New("mail.reminder.then_caretaker")
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
	// Another instance may have handled this deadline since it was read
	// (its caretaker's move closes it): one timeout, one turn.
	if cur, err := s.st.OpenDeadline(ctx, d.GameID, d.Seat); err != nil || cur == nil || cur.ID != d.ID {
		return err
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
		c := store.Cause{Kind: store.CauseTimeout, Why: why}
		if i > 0 {
			c.Kind = store.CauseTimeoutRest
		}
		_, err = s.st.AppendMove(ctx, store.Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: mv,
			By: store.ByCaretaker, Note: words.Encode(words.New("mail.note.timeout").Sub("why", why)), Cause: c})
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
		if err := s.saveSeatClock(tx, v, sc); err != nil {
			return err
		}
		// The deadline waits for the replacement: nothing is due before.
		if dl, err := tx.OpenDeadline(d.GameID, d.Seat); err != nil {
			return err
		} else if dl != nil {
			dl.NextAt = &until
			if err := tx.SaveDeadline(dl); err != nil {
				return err
			}
		}
		link := s.base + "/notify/substitute/" + token
		return s.mailEach(tx, v, d.AskedSeq, fmt.Sprintf("%s-%d", kindSubstitute, d.ID), func(u store.User, sp *words.Speaker) (string, []string) {
			return sp.T("mail.substitute.subject", "player", words.Seat(d.Seat)),
				[]string{sp.T("mail.substitute.offer", "player", words.Seat(d.Seat), "when", when(sp, until, tx.TimeZone(u.ID), tx.Now())),
					link, sp.T("mail.substitute.fallback")}
		})
	})
}

// ErrSeatNotOffered is returned for an unknown or expired substitute link.
var ErrSeatNotOffered = store.ErrSeatNotOffered

// mailReplaced restarts the clock of a seat a substitute took (a seat may
// change hands twice at one position) and tells everyone who plays it now.
func (s *Service) mailReplaced(tx *store.NotifyTx, c store.Change) error {
	v, err := s.loadView(tx, c.Game.ID)
	if err != nil {
		return err
	}
	dl, err := tx.OpenDeadline(v.game.ID, c.Seat)
	if err != nil {
		return err
	}
	seq, kind := 0, fmt.Sprintf("%s-%d", kindReplaced, c.Seat)
	if dl != nil {
		if err := tx.CloseDeadline(dl, store.OutcomeMoved); err != nil {
			return err
		}
		nd, err := s.openDeadline(tx, v, c.Seat, dl.AskedSeq, nil)
		if err != nil {
			return err
		}
		// Keyed by the new deadline: a seat may change hands twice
		// at one position.
		seq, kind = dl.AskedSeq, fmt.Sprintf("%s-%d", kindReplaced, nd.ID)
	}
	return s.mailEveryone(tx, v, seq, kind,
		words.New("mail.substitute.replaced_subject").Lit("new", c.NewName).Lit("old", c.OldName),
		words.New("mail.substitute.replaced").Lit("new", c.NewName).Lit("old", c.OldName))
}
