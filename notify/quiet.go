package notify

import (
	"context"

	"rondel/game"
	"rondel/store"
)

// The quiet delay (notify.quiet_minutes): a player who has just moved on
// the web and whose turn begins again is probably still at the page, so
// the turn mail waits on the seat's deadline (MailAt). The Deadlines job
// sends it once the turn has stayed open that long with no move of theirs;
// a turn that ends before never mails. Each move of the same turn made in
// person starts the delay again.

// mailOrHold sends the turn mail of a seat whose turn begins (an intent,
// rendered after the commit: intents.go), or holds it back when the
// seat's holder moved on the web within the quiet delay.
func (s *Service) mailOrHold(tx *store.NotifyTx, v *gameView, seat, seq, since int, dl *store.Deadline) error {
	if s.quiet > 0 {
		at, ok, err := tx.LastWebMove(v.game.ID, seat, v.users[seat].ID, since)
		if err != nil {
			return err
		}
		if ok && v.now.Sub(at) < s.quiet {
			return s.holdMail(tx, dl)
		}
	}
	return s.intendTurn(tx, v, seat, seq, seq, since, dl)
}

// holdMail sets the held-back mail of a running deadline a quiet delay
// from now.
func (s *Service) holdMail(tx *store.NotifyTx, d *store.Deadline) error {
	t := tx.Now().Add(s.quiet)
	d.MailAt = &t
	d.NextAt = s.nextAt(d)
	return tx.SaveDeadline(d)
}

// mailHeld sends a held-back turn mail whose time has come, if the turn
// it was held for is still open: it says the seat's decisions as they
// stand now, and what happened since the seat's last move before the turn.
func (s *Service) mailHeld(ctx context.Context, d store.Deadline) error {
	pos, err := s.st.Current(ctx, d.GameID)
	if err != nil {
		return err
	}
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		cur, err := tx.OpenDeadline(d.GameID, d.Seat)
		if err != nil || cur == nil || cur.ID != d.ID || cur.MailAt == nil || cur.MailAt.After(tx.Now()) {
			return err // the turn ended, or moved on, meanwhile
		}
		if later, err := tx.MovesSince(d.GameID, pos.Seq); err != nil || len(later) > 0 {
			return err // a move came in between: the next run looks again
		}
		cur.MailAt = nil
		cur.NextAt = s.nextAt(cur)
		if err := tx.SaveDeadline(cur); err != nil {
			return err
		}
		v, err := s.loadView(tx, d.GameID)
		if err != nil || pos.State == nil || pos.State.Finished() {
			return err
		}
		var asked []game.Decision
		for _, dec := range pos.State.ToAct() {
			if dec.Seat == d.Seat {
				asked = append(asked, dec)
			}
		}
		if len(asked) == 0 {
			return nil
		}
		sortDecisions(asked)
		last, err := tx.LastMoveOf(d.GameID, d.Seat, cur.TurnSeq)
		if err != nil {
			return err
		}
		return s.mailTurnAt(tx, v, d.Seat, pos.State, asked, pos.Seq, cur.TurnSeq, max(last-1, 0), cur)
	})
}
