package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// An event's derived data: each table's result (its game's) and the
// standings. Rebuild makes them again from the games; Verify checks them.

// deriveEvent returns what e's tables' results and standings must be:
// the results by table (round, table number).
func (s *Store) deriveEvent(tx *gorm.DB, e *Event) (map[[2]int]*string, error) {
	tables, err := tablesOf(tx, e.ID)
	if err != nil {
		return nil, err
	}
	want := map[[2]int]*string{}
	for _, t := range tables {
		if t.GameRef == nil {
			want[[2]int{t.Round, t.TableNo}] = t.Result // imported: the record's
			continue
		}
		var g Game
		if err := tx.Take(&g, *t.GameRef).Error; err != nil {
			return nil, fmt.Errorf("game %d: %w", *t.GameRef, err)
		}
		want[[2]int{t.Round, t.TableNo}] = tableResult(t, &g)
	}
	return want, nil
}

// rebuildEvents writes every event's table results and standings again
// from its games.
func (s *Store) rebuildEvents(tx *gorm.DB) error {
	var events []Event
	if err := tx.Order("id").Find(&events).Error; err != nil {
		return wrapErr(err, "store: rebuild events")
	}
	for i := range events {
		e := &events[i]
		want, err := s.deriveEvent(tx, e)
		if err != nil {
			return fmt.Errorf("event %d: %w", e.ID, err)
		}
		for k, r := range want {
			if err := tx.Model(&EventTable{}).Where("event_id = ? AND round = ? AND table_no = ?", e.ID, k[0], k[1]).
				Update("result", r).Error; err != nil {
				return wrapErr(err, "store: rebuild events")
			}
		}
		st, err := s.computeStandings(tx, e)
		if err != nil {
			return fmt.Errorf("event %d: %w", e.ID, err)
		}
		if err := tx.Model(&Event{}).Where("id = ?", e.ID).Update("standings", st).Error; err != nil {
			return wrapErr(err, "store: rebuild events")
		}
	}
	return nil
}

// checkEvents reports every event whose stored table results or
// standings differ from what its games give.
func (s *Store) checkEvents(ctx context.Context, problem func(string, ...any)) error {
	tx := s.db.WithContext(ctx)
	var events []Event
	if err := tx.Order("id").Find(&events).Error; err != nil {
		return wrapErr(err, "store: check events")
	}
	for i := range events {
		e := &events[i]
		want, err := s.deriveEvent(tx, e)
		if err != nil {
			problem("event %d: %v", e.ID, err)
			continue
		}
		tables, err := tablesOf(tx, e.ID)
		if err != nil {
			return wrapErr(err, "store: check events")
		}
		for _, t := range tables {
			if w := want[[2]int{t.Round, t.TableNo}]; !sameText(w, t.Result) {
				problem("event %d round %d table %d: its result is not its game's", e.ID, t.Round, t.TableNo)
			}
		}
		st, err := s.computeStandings(tx, e)
		if err != nil {
			problem("event %d: %v", e.ID, err)
			continue
		}
		if st != e.Standings {
			problem("event %d: its standings are not the ones its games give", e.ID)
		}
	}
	return nil
}

func sameText(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
