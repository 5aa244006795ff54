package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rondel/store"
)

// SendDue delivers every due mail of the outbox. Rows are claimed first,
// so two senders never send one row; a failure is retried with
// exponential backoff until the attempt limit, then kept as failed.
func (s *Service) SendDue(ctx context.Context) error {
	lease := 5 * time.Minute
	for range 100 { // batches; the rest waits for the next run
		rows, err := s.st.ClaimOutbox(ctx, 20, lease)
		if err != nil || len(rows) == 0 {
			return err
		}
		for _, m := range rows {
			if err := s.transport.Deliver(ctx, m); err != nil {
				attempts := m.Attempts + 1
				backoff := time.Duration(s.cfg.Sender.BackoffSeconds) * time.Second << min(attempts-1, 20)
				giveUp := attempts >= s.cfg.Sender.MaxAttempts
				if giveUp {
					s.log.Error("notify: giving up a mail", "id", m.ID, "to", m.ToAddr, "attempts", attempts, "err", err)
				}
				if err := s.st.MarkFailed(ctx, m.ID, err, s.now().Add(backoff), giveUp); err != nil {
					return err
				}
				continue
			}
			if err := s.st.MarkSent(ctx, m.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// SyncGames queues the start mails and first deadlines of games that
// started without them (a missed hook, or a game older than notify).
func (s *Service) SyncGames(ctx context.Context) error {
	games, err := s.st.ActiveGames(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range games {
		errs = append(errs, s.syncGame(ctx, g.ID))
	}
	return errors.Join(errs...)
}

func (s *Service) syncGame(ctx context.Context, gameID int64) error {
	pos, err := s.st.Current(ctx, gameID)
	if err != nil || pos.State == nil || pos.Game.Status != store.StatusActive {
		return err
	}
	return s.st.NotifyTx(ctx, func(tx *store.NotifyTx) error {
		v, err := s.loadView(tx, gameID)
		if err != nil || v.clock.StartedMailed {
			return err
		}
		if later, err := tx.MovesSince(gameID, pos.Seq); err != nil || len(later) > 0 {
			return err // a move came in between: the next run catches up
		}
		names := ""
		for i, st := range v.seats {
			if i > 0 {
				names += ", "
			}
			names += st.Name
		}
		if err := s.mailEveryone(tx, v, 0, kindStart, fmt.Sprintf("Rondel · %s · the game begins", v.game.Name),
			fmt.Sprintf("%s has begun. Players: %s.", v.game.Name, names),
			"Deadlines: "+s.clockWords(v.clock)+". You get a mail whenever you must decide.",
			fmt.Sprintf("Standing orders (decisions the game takes for you) and, for the creator, the deadlines: %s/games/%d/notify", s.base, gameID)); err != nil {
			return err
		}
		if err := s.reconcile(tx, v, nil, pos.State, pos.Seq, -1, cause{}); err != nil {
			return err
		}
		v.clock.StartedMailed = true
		return tx.SaveGameClock(v.clock)
	})
}

// clockWords says how a game keeps time.
func (s *Service) clockWords(gc *store.GameClock) string {
	w := ""
	if gc.PerMoveSecs > 0 {
		w = span(time.Duration(gc.PerMoveSecs)*time.Second) + " per decision"
	} else {
		w = fmt.Sprintf("a time bank of %s, %s more after each move, at most %s",
			span(time.Duration(gc.BankSecs)*time.Second), span(time.Duration(gc.BonusSecs)*time.Second), span(time.Duration(gc.CapSecs)*time.Second))
	}
	if gc.SkipWeekends {
		w += ", weekends do not count"
	}
	return w
}

// AutoMoves makes the moves standing orders and dropped seats give, in
// every game in play.
func (s *Service) AutoMoves(ctx context.Context) error {
	games, err := s.st.ActiveGames(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range games {
		errs = append(errs, s.autoMoves(ctx, g.ID))
	}
	return errors.Join(errs...)
}

func (s *Service) autoMoves(ctx context.Context, gameID int64) error {
	for range 5000 {
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
			_, err = s.st.AppendMove(withCause(ctx, cause{kind: causeAuto, reason: note}),
				store.Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: mv, By: by, Note: note})
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
