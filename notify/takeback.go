package notify

import (
	"fmt"

	"rondel/game/words"
	"rondel/store"
)

// observeTakeBack keeps the deadlines in step with a take-back and answers
// the mails the cancelled move caused with one short mail each. The seat
// that took back is asked again at once: its deadline starts afresh, and a
// time bank gives back the bonus the cancelled move earned (the time it
// used stays used), so that moving and taking back earns no time.
func (s *Service) observeTakeBack(tx *store.NotifyTx, v *gameView, m store.MoveDone) error {
	if v.clock.PerMoveSecs == 0 && v.clock.BonusSecs > 0 {
		sc, err := s.seatClock(tx, v, m.Seat)
		if err != nil {
			return err
		}
		sc.BankSecs = max(sc.BankSecs-v.clock.BonusSecs, 0)
		if err := s.saveSeatClock(tx, v, sc); err != nil {
			return err
		}
	}
	if err := s.reconcile(tx, v, m.Before.ToAct(), m.After, m.Seq, m.Seat, cause{kind: causeTakeBack}); err != nil {
		return err
	}
	// A turn mail of the cancelled move not yet rendered (its render
	// failed, or a crash came between) is not sent at all: nobody was told
	// of that position, so nobody needs telling it is gone.
	if err := tx.DropMailIntents(v.game.ID, m.Seq-1); err != nil {
		return err
	}
	told, err := tx.MailedAbout(v.game.ID, m.Seq-1)
	if err != nil {
		return err
	}
	mover := v.seats[m.Seat].UserID
	for _, u := range v.users {
		if !told[u.ID] || u.ID == mover {
			continue
		}
		ok, err := s.wantsMail(tx, u, v.game.ID, false)
		if err != nil || !ok {
			if err != nil {
				return err
			}
			continue
		}
		sp := speakerFor(u, v)
		l := letter{sp: sp, Greeting: greeting(sp, u),
			Paras: []string{sp.T("mail.takeback.body", "player", sp.SeatName(m.Seat), "n", m.Seq-1)},
			Main:  action{sp.T("mail.action.game"), fmt.Sprintf("%s/games/%d", s.base, v.game.ID)}}
		subject := gameSubject(sp, v.game.Name, sp.Say(words.New("mail.takeback.subject").Seat("player", m.Seat)))
		row, err := s.outboxRow(v.game.ID, m.Seq, kindTakeBack, u, subject, l)
		if err != nil {
			return err
		}
		if _, err := tx.Enqueue(row); err != nil {
			return err
		}
	}
	return nil
}
