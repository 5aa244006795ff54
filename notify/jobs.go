package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rondel/game/words"
	"rondel/store"
)

// SendDue delivers every due mail of the outbox, one at a time (see
// send.go): each is claimed for a short lease, sent, and marked. A run's
// mails share one SMTP session (session.go), closed when the run ends.
func (s *Service) SendDue(ctx context.Context) error {
	var sess mailSession
	if st, ok := s.transport.(sessionTransport); ok {
		sess = st.Open()
		defer sess.Close()
	}
	for range 1000 { // the rest waits for the next run
		m, _, err := s.sendOne(ctx, func() (*store.OutboxMail, error) { return s.st.Outbox().ClaimNext(ctx, sendLease) }, false, sess)
		if err != nil || m == nil {
			return err
		}
	}
	return nil
}

// sendOne claims a mail and delivers it while holding the instance's one
// sending slot, so that at most one mail of this instance is claimed and
// not yet marked sent at any moment: a crash sends at most that one again
// (README). Every kick, tick and Send waits its turn here. m is nil when
// claim found nothing. sess, when not nil, is the run's SMTP session.
func (s *Service) sendOne(ctx context.Context, claim func() (*store.OutboxMail, error), once bool, sess mailSession) (m *store.OutboxMail, cause, err error) {
	select {
	case s.sending <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, fmt.Errorf("notify: waiting to send: %w", ctx.Err())
	}
	defer func() { <-s.sending }()
	if m, err = claim(); err != nil || m == nil {
		return nil, nil, err
	}
	cause, err = s.deliverOnce(ctx, *m, once, sess)
	return m, cause, err
}

// SyncGames queues the start mails and first deadlines of games that
// started without them (a start whose after-commit step failed, or a game
// older than notify). It reads only those games (by index), so a run with
// nothing to send writes nothing.
func (s *Service) SyncGames(ctx context.Context) error {
	ids, err := s.st.GamesToStart(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, s.syncGame(ctx, id))
	}
	return errors.Join(errs...)
}

func (s *Service) syncGame(ctx context.Context, gameID int64) error {
	pos, err := s.st.Current(ctx, gameID)
	if err != nil || pos.State == nil || pos.Game.Status != store.StatusActive {
		return err
	}
	err = s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		v, err := s.loadView(tx, gameID)
		if err != nil || v.clock.StartedMailed {
			return err
		}
		if later, err := tx.MovesSince(gameID, pos.Seq); err != nil || len(later) > 0 {
			return err // a move came in between: the next run catches up
		}
		players := make([]words.Arg, len(v.seats))
		for i := range v.seats {
			players[i] = words.Seat(i)
		}
		if err := s.mailEveryone(tx, v, 0, kindStart, words.New("mail.start.subject"),
			words.New("mail.start.begun").Lit("game", v.game.Name).List("players", players...),
			words.New("mail.start.clock").Sub("clock", clockWords(v.clock)),
			words.New("mail.start.orders").Lit("url", fmt.Sprintf("%s/games/%d/notify", s.base, gameID))); err != nil {
			return err
		}
		if err := s.reconcile(tx, v, nil, pos.State, pos.Seq, -1, cause{}); err != nil {
			return err
		}
		v.clock.StartedMailed = true
		return tx.SaveGameClock(v.clock)
	})
	if err != nil {
		return err
	}
	return s.renderChange(ctx, gameID, nil) // the first turn mails
}

// clockWords says how a game keeps time.
func clockWords(gc *store.GameClock) words.Text {
	secs := func(n int64) words.Text { return span(time.Duration(n) * time.Second) }
	w := words.New("mail.clock.bank").Sub("bank", secs(gc.BankSecs)).Sub("bonus", secs(gc.BonusSecs)).Sub("cap", secs(gc.CapSecs))
	if gc.PerMoveSecs > 0 {
		w = words.New("mail.clock.per_move").Sub("span", secs(gc.PerMoveSecs))
	}
	if gc.SkipWeekends {
		w = words.New("mail.clock.weekends").Sub("clock", w)
	}
	return w
}

// AutoMoves makes the moves standing orders and dropped seats give, in
// the games in play where a seat asked to decide has standing orders or
// is dropped (found by index: other games are not looked at).
func (s *Service) AutoMoves(ctx context.Context) error {
	ids, err := s.st.GamesWithAutoMoves(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, s.autoMoves(ctx, id))
	}
	return errors.Join(errs...)
}

func (s *Service) autoMoves(ctx context.Context, gameID int64) error {
	for range 5000 {
		// Most games have no seat asked that answers by itself: one
		// indexed look, no loading.
		if auto, err := s.st.HasAutoMoves(ctx, gameID); err != nil || !auto {
			return err
		}
		pos, err := s.st.Current(ctx, gameID)
		if err != nil || pos.State == nil || pos.Game.Status != store.StatusActive || pos.State.Finished() {
			return err
		}
		moved := false
		for _, seat := range seatsToAct(pos) {
			orders, err := s.st.StandingOrders(ctx, gameID, seat)
			if err != nil {
				return err
			}
			sc, err := s.st.SeatClockOf(ctx, gameID, seat)
			if err != nil {
				return err
			}
			mv, by, note, ok := autoAnswer(pos.State, seat, orders, sc.Dropped)
			if !ok {
				continue
			}
			c := store.Cause{Kind: store.CauseCaretaker, Why: note}
			if by == store.ByStandingOrder {
				c.Kind = store.CauseStandingOrder
			}
			_, err = s.st.AppendMove(ctx,
				store.Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: mv, By: by, Note: words.Encode(note), Cause: c})
			if err != nil && !errors.Is(err, store.ErrGameChanged) {
				return fmt.Errorf("notify: automatic move in game %d: %w", gameID, err)
			}
			moved = true
			break
		}
		if !moved {
			return nil
		}
	}
	return nil
}

func seatsToAct(pos *store.Position) []int {
	var out []int
	seen := map[int]bool{}
	for _, d := range pos.State.ToAct() {
		if !seen[d.Seat] {
			seen[d.Seat] = true
			out = append(out, d.Seat)
		}
	}
	return out
}
