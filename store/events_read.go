package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// Reading events for pages and jobs.

// EventRow returns an event by id.
func (s *Store) EventRow(ctx context.Context, id int64) (*Event, error) {
	var e Event
	err := s.db.WithContext(ctx).Take(&e, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &e, wrapErr(err, "store: event row")
}

// Events lists the club's events, newest first.
func (s *Store) Events(ctx context.Context, limit int) ([]Event, error) {
	var out []Event
	err := s.db.WithContext(ctx).Order("id DESC").Limit(limit).Find(&out).Error
	return out, wrapErr(err, "store: events")
}

// EventsOf lists the events userID entered, newest first.
func (s *Store) EventsOf(ctx context.Context, userID int64) ([]Event, error) {
	var out []Event
	err := s.db.WithContext(ctx).Where("id IN (SELECT event_id FROM event_entrants WHERE user_id = ?)", userID).
		Order("id DESC").Find(&out).Error
	return out, wrapErr(err, "store: events of")
}

// Entrants are an event's entrants in seed order.
func (s *Store) Entrants(ctx context.Context, eventID int64) ([]EventEntrant, error) {
	return entrantsOf(s.db.WithContext(ctx), eventID)
}

func entrantsOf(tx *gorm.DB, eventID int64) ([]EventEntrant, error) {
	var out []EventEntrant
	err := tx.Where("event_id = ?", eventID).Order("seed").Find(&out).Error
	return out, wrapErr(err, "store: entrants of")
}

// EventTables are an event's tables, by round and table.
func (s *Store) EventTables(ctx context.Context, eventID int64) ([]EventTable, error) {
	return tablesOf(s.db.WithContext(ctx), eventID)
}

func tablesOf(tx *gorm.DB, eventID int64) ([]EventTable, error) {
	var out []EventTable
	err := tx.Where("event_id = ?", eventID).Order("round, table_no").Find(&out).Error
	return out, wrapErr(err, "store: tables of")
}

// EventGames are an event's games with their summaries and seats, by
// game id: three indexed queries, whatever the number of tables.
func (s *Store) EventGames(ctx context.Context, eventID int64) (map[int64]Listing, error) {
	db := s.db.WithContext(ctx)
	const ours = `(SELECT game_ref FROM event_tables WHERE event_id = ?)`
	games, err := queryRows(db, scanGame, `SELECT `+gameCols+` FROM games WHERE id IN `+ours, eventID)
	if err != nil || len(games) == 0 {
		return nil, err
	}
	sums, err := queryRows(db, scanSummary, `SELECT `+summaryCols+` FROM game_summaries WHERE game_id IN `+ours, eventID)
	if err != nil {
		return nil, err
	}
	seats, err := queryRows(db, scanSeat, `SELECT `+seatCols+` FROM seats WHERE game_id IN `+ours+` ORDER BY game_id, seat`, eventID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Listing, len(games))
	for _, g := range games {
		out[g.ID] = Listing{Game: g}
	}
	for _, sm := range sums {
		l := out[sm.GameID]
		l.Summary = sm
		out[sm.GameID] = l
	}
	for _, st := range seats {
		l := out[st.GameID]
		l.Seats = append(l.Seats, st)
		out[st.GameID] = l
	}
	return out, nil
}

// ActiveEvents are the events signing up or under way, newest first,
// for the club's games page.
func (s *Store) ActiveEvents(ctx context.Context, limit int) ([]Event, error) {
	var out []Event
	err := s.db.WithContext(ctx).Where("status IN ?", []string{EventSignup, EventRunning}).Order("id DESC").Limit(limit).Find(&out).Error
	return out, wrapErr(err, "store: active events")
}
