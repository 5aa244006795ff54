package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/event"
)

// Running an event: a game's end records its table's result and, when it
// was the round's last, draws the next round in the same transaction;
// the cron job (notify) starts events whose sign-up closed and decides
// rounds past their deadline.

// eventHistory reads an event's rounds as drawn and the results of its
// tables whose games ended.
func (s *Store) eventHistory(tx *gorm.DB, eventID int64) ([]event.Round, []event.Result, error) {
	tables, err := tablesOf(tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	var rounds []event.Round
	var results []event.Result
	for _, t := range tables {
		if len(rounds) == 0 || rounds[len(rounds)-1].Number != t.Round {
			rounds = append(rounds, event.Round{Number: t.Round})
		}
		r := &rounds[len(rounds)-1]
		r.Tables = append(r.Tables, event.Table{Players: t.PlayerIDs()})
		if t.Result != nil {
			var res event.Result
			if err := json.Unmarshal([]byte(*t.Result), &res); err != nil {
				return nil, nil, fmt.Errorf("event %d round %d table %d: %w", eventID, t.Round, t.TableNo, err)
			}
			results = append(results, res)
		}
	}
	return rounds, results, nil
}

// tableResult is the result of a table whose game ended with one (an
// abandoned game has none: nil).
func tableResult(t EventTable, g *Game) *string {
	r := g.GameResult()
	if g.Status != StatusFinished || r == nil || len(r.Places) != len(t.PlayerIDs()) {
		return nil
	}
	res := event.Result{Round: t.Round, Players: t.PlayerIDs(), Places: r.Places, Scores: r.Scores}
	if len(res.Scores) != len(res.Players) {
		res.Scores = make([]int, len(res.Players))
	}
	b, _ := json.Marshal(res)
	out := string(b)
	return &out
}

// computeStandings derives an event's standings from its tables' results.
func (s *Store) computeStandings(tx *gorm.DB, e *Event) (string, error) {
	ents, err := entrantsOf(tx, e.ID)
	if err != nil {
		return "", wrapErr(err, "store: compute standings")
	}
	ev, err := engineEvent(e, ents)
	if err != nil {
		return "", wrapErr(err, "store: compute standings")
	}
	_, results, err := s.eventHistory(tx, e.ID)
	if err != nil {
		return "", wrapErr(err, "store: compute standings")
	}
	st, err := ev.Standings(results)
	if err != nil {
		return "", wrapErr(err, "store: compute standings")
	}
	b, err := json.Marshal(st)
	return string(b), wrapErr(err, "store: compute standings")
}

// eventGameEnded is told, inside the transaction that ends a game, that
// it ended: if the game is an event's table, its result is recorded, the
// standings derived again, and when the round is complete the next round
// drawn (its games start in this transaction; notify's start-mail job
// finds them) or the event finished. One indexed read for other games.
func (s *Store) eventGameEnded(tx *gorm.DB, cs *changeSet, g *Game, now time.Time) error {
	var t EventTable
	err := tx.Where("game_ref = ?", g.ID).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return wrapErr(err, "store: event game ended")
	}
	var e Event
	if err := lockEvent(tx, t.EventID, &e); err != nil {
		return wrapErr(err, "store: event game ended")
	}
	if err := tx.Model(&EventTable{}).Where("event_id = ? AND round = ? AND table_no = ?", t.EventID, t.Round, t.TableNo).
		Update("result", tableResult(t, g)).Error; err != nil {
		return wrapErr(err, "store: event game ended")
	}
	// A draw that fails (a bug, an engine refusing a setup) must not
	// refuse the move that ended the game: its writes are undone to a
	// savepoint, and the events job, finding the round complete, tries
	// again and reports the error.
	if err := tx.SavePoint("event_round").Error; err != nil {
		return wrapErr(err, "store: event game ended")
	}
	told := len(cs.done)
	if _, err := s.advanceEvent(tx, cs, &e, now); err != nil {
		cs.done = cs.done[:told] // the games it started are undone
		return wrapErr(tx.RollbackTo("event_round").Error, "event game ended (game %d)", g.ID)
	}
	return nil
}

// advanceEvent writes e's standings and, when its round has no game in
// play, draws the next round or finishes the event. It returns the games
// it started.
func (s *Store) advanceEvent(tx *gorm.DB, cs *changeSet, e *Event, now time.Time) ([]int64, error) {
	st, err := s.computeStandings(tx, e)
	if err != nil {
		return nil, wrapErr(err, "store: advance event")
	}
	if err := tx.Model(&Event{}).Where("id = ?", e.ID).Update("standings", st).Error; err != nil {
		return nil, wrapErr(err, "store: advance event")
	}
	e.Standings = st
	if e.Status != EventRunning || e.Imported {
		return nil, nil
	}
	open, err := openGames(tx, e.ID, e.Round)
	if err != nil || len(open) > 0 {
		return nil, wrapErr(err, "store: advance event")
	}
	ents, err := entrantsOf(tx, e.ID)
	if err != nil {
		return nil, wrapErr(err, "store: advance event")
	}
	ev, err := engineEvent(e, ents)
	if err != nil {
		return nil, wrapErr(err, "store: advance event")
	}
	if e.Round < ev.Rounds() {
		ids, err := s.drawRound(tx, cs, e, e.Round+1, now)
		if !errors.Is(err, ErrEventFew) {
			return ids, wrapErr(err, "store: advance event")
		}
		// Too many withdrew to seat another round: the event ends here.
	}
	e.Status, e.FinishedAt = EventFinished, &now
	return nil, wrapErr(tx.Model(&Event{}).Where("id = ?", e.ID).
		Updates(map[string]any{"status": EventFinished, "finished_at": now, "round_deadline": nil}).Error, "finish event %d", e.ID)
}

// openGames are the games of an event's round still in play.
func openGames(tx *gorm.DB, eventID int64, round int) ([]int64, error) {
	var ids []int64
	err := tx.Raw(`SELECT g.id FROM event_tables t JOIN games g ON g.id = t.game_ref
		WHERE t.event_id = ? AND t.round = ? AND g.status <> ? ORDER BY g.id`, eventID, round, StatusFinished).Scan(&ids).Error
	return ids, wrapErr(err, "store: open games")
}

// DueEvents are the events with work to do at now: sign-up closed, a
// round past its deadline, or a round whose games all ended by a path
// that does not draw (an abandoned game). Read by the partial indexes.
func (s *Store) DueEvents(ctx context.Context, now time.Time) ([]int64, error) {
	var ids []int64
	err := s.db.WithContext(ctx).Raw(`SELECT id FROM events WHERE status = 'signup' AND signup_closes <= ?
		UNION SELECT id FROM events WHERE status = 'running' AND round_deadline <= ?
		UNION SELECT e.id FROM events e WHERE e.status = 'running' AND e.imported = FALSE AND NOT EXISTS (SELECT 1 FROM event_tables t
			JOIN games g ON g.id = t.game_ref WHERE t.event_id = e.id AND t.round = e.round AND g.status <> 'finished')
		ORDER BY 1`, now, now).Scan(&ids).Error
	return ids, wrapErr(err, "store: due events")
}

// RunEvent does an event's due work (DueEvents): starts it when its
// sign-up closed (an event too small to seat stays open, its closing
// time cleared, for the organiser to decide), decides a round past its
// deadline as the event says, and draws the next round when the current
// one is complete. It returns the games it started itself (a round a
// game's end draws starts in that game's transaction).
func (s *Store) RunEvent(ctx context.Context, eventID int64) ([]int64, error) {
	e, err := s.EventRow(ctx, eventID)
	if err != nil {
		return nil, wrapErr(err, "store: run event")
	}
	now := s.Now()
	if e.Status == EventSignup && e.SignupCloses != nil && !now.Before(*e.SignupCloses) {
		ids, err := s.StartEvent(ctx, eventID)
		if errors.Is(err, ErrEventFew) {
			err = s.db.WithContext(ctx).Model(&Event{}).Where("id = ?", eventID).Update("signup_closes", nil).Error
		}
		return ids, wrapErr(err, "store: run event")
	}
	if e.Status != EventRunning || e.Imported {
		return nil, nil
	}
	if e.RoundDeadline != nil && !now.Before(*e.RoundDeadline) {
		open, err := openGames(s.db.WithContext(ctx), e.ID, e.Round)
		if err != nil {
			return nil, wrapErr(err, "store: run event")
		}
		var ids []int64
		for _, gid := range open {
			more, err := s.decideAtDeadline(ctx, e, gid)
			if err != nil {
				return ids, fmt.Errorf("store: event %d game %d at the deadline: %w", e.ID, gid, err)
			}
			ids = append(ids, more...)
		}
		if len(ids) > 0 {
			return ids, nil
		}
	}
	var ids []int64
	err = s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var cur Event
		if err := lockEvent(tx, eventID, &cur); err != nil {
			return wrapErr(err, "store: run event")
		}
		ids, err = s.advanceEvent(tx, cs, &cur, now)
		return wrapErr(err, "store: run event")
	})
	return ids, wrapErr(err, "store: run event")
}

// decideAtDeadline ends one unfinished game of a round past its deadline:
// scored by its engine now (as if all agreed to end; unrated), or, when
// the event says so or the engine cannot score a position, played to the
// end by the caretaker. It returns the games a next round started.
func (s *Store) decideAtDeadline(ctx context.Context, e *Event, gameID int64) ([]int64, error) {
	if e.OnDeadline == DeadlineCaretaker {
		return nil, s.PlayOut(ctx, gameID)
	}
	var ids []int64
	scored := false
	err := s.lifecycle(ctx, func(tx *gorm.DB, cs *changeSet) error {
		var g Game
		if err := lockGame(tx, gameID, &g); err != nil || g.Status != StatusActive {
			return err
		}
		seq, _, err := lastMove(tx, gameID)
		if err != nil {
			return err
		}
		st, err := s.stateAt(tx, &g, seq)
		if err != nil {
			return err
		}
		ender, ok := st.(game.Ender)
		if !ok {
			return nil
		}
		now := cs.tx.now
		if err := cs.tx.endAgreed(&g, seq, st, ender.EndNow()); err != nil {
			return err
		}
		scored = true
		// Ended as if all agreed, by the round's clock: everyone gets the
		// result as for an agreed end.
		if err := cs.emit(Change{Kind: ChangeEndAgreed, Cause: Cause{Kind: CauseTimeout}, Game: g, Seat: -1, Seq: seq}); err != nil {
			return err
		}
		return s.eventGameEnded(tx, cs, &g, now)
	})
	if err != nil || scored {
		return ids, err
	}
	return nil, s.PlayOut(ctx, gameID)
}

// PlayOut has the caretaker play every open decision of a game until it
// ends, each move through AppendMove like any caretaker's move.
func (s *Store) PlayOut(ctx context.Context, gameID int64) error {
	for {
		pos, err := s.Current(ctx, gameID)
		if err != nil {
			return err
		}
		if pos.Game.Status != StatusActive || pos.State == nil || pos.State.Finished() {
			return nil
		}
		ds := pos.State.ToAct()
		if len(ds) == 0 {
			return fmt.Errorf("store: game %d: nobody to act in play", gameID)
		}
		seat := ds[0].Seat
		mv, _, err := pos.State.Caretaker(seat)
		if err != nil {
			return fmt.Errorf("store: game %d seat %d: caretaker: %w", gameID, seat, err)
		}
		_, err = s.AppendMove(ctx, Submit{GameID: gameID, Seat: seat, Seq: pos.Seq, Move: mv, By: ByCaretaker})
		if err != nil && !errors.Is(err, ErrGameChanged) {
			return err
		}
	}
}

// EventsToAnnounce are the events with news for the club's webhooks: a
// round drawn, or the end, not yet told. Imported events have none.
func (s *Store) EventsToAnnounce(ctx context.Context) ([]Event, error) {
	var out []Event
	err := s.db.WithContext(ctx).Where(`imported = ? AND ((status = ? AND announced < round) OR (status = ? AND announced <= round))`,
		false, EventRunning, EventFinished).Order("id").Find(&out).Error
	return out, wrapErr(err, "store: events to announce")
}

// AnnounceEvent records, in the transaction that queues the notices,
// that an event's news up to upto (EventsToAnnounce) was told.
func (t *NotifyTx) AnnounceEvent(eventID int64, upto int) error {
	return wrapErr(t.tx.Model(&Event{}).Where("id = ?", eventID).Update("announced", upto).Error, "store: announce event %d", eventID)
}

// RunningEventsOf are the events userID plays in (entered, not
// withdrawn) that are under way, for their calendar.
func (s *Store) RunningEventsOf(ctx context.Context, userID int64) ([]Event, error) {
	var out []Event
	err := s.db.WithContext(ctx).Where(`status = ? AND id IN (SELECT event_id FROM event_entrants WHERE user_id = ? AND withdrawn_at IS NULL)`,
		EventRunning, userID).Order("id").Find(&out).Error
	return out, wrapErr(err, "store: running events of")
}
