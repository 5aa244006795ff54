package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Tools is the part of the store the operator's commands use: rondel
// rebuild (Rebuild) and rondel verify (Verify); rondel copy is Copy.
// Reach it as store.Tools(). They read and rewrite many games at once,
// so a server's pages never call them.
type Tools struct{ s *Store }

// Tools returns the store's operator tools.
func (s *Store) Tools() Tools { return Tools{s} }

// RebuildReport says what Rebuild made.
type RebuildReport struct {
	Games int           // games whose summary and snapshot were made
	Kinds int           // kinds of game whose ladders were rated again
	Took  time.Duration // how long it took
}

// rebuildBatch is how many games one transaction of Rebuild derives:
// short enough that a running server's moves wait little for the lock.
const rebuildBatch = 64

// Rebuild makes every derived row again from the logs, in place of what
// was stored: each game's summary, waiting seats and snapshot (a
// transaction for every few games), then, in one transaction, every
// member's reliability, every kind's ladders and every event's results
// and standings. It is safe while the
// service runs (each transaction reads what it derives from), and what
// it writes equals what the moves wrote incrementally, which Verify
// checks. progress, if not nil, is told after every batch.
func (t Tools) Rebuild(ctx context.Context, progress func(done, total int)) (*RebuildReport, error) {
	s := t.s
	start := time.Now()
	db := s.db.WithContext(ctx)
	var ids []int64
	if err := db.Model(&Game{}).Order("id").Pluck("id", &ids).Error; err != nil {
		return nil, fmt.Errorf("store: rebuild: %w", err)
	}
	rep := &RebuildReport{}
	for i := 0; i < len(ids); i += rebuildBatch {
		batch := ids[i:min(i+rebuildBatch, len(ids))]
		err := db.Transaction(func(tx *gorm.DB) error {
			for _, id := range batch {
				var g Game
				if err := tx.Take(&g, id).Error; err != nil {
					return err
				}
				if _, err := s.deriveGame(tx, &g); err != nil {
					return fmt.Errorf("game %d: %w", id, err)
				}
			}
			return nil
		})
		if err != nil {
			return rep, fmt.Errorf("store: rebuilding: %w", err)
		}
		rep.Games += len(batch)
		if progress != nil {
			progress(rep.Games, len(ids))
		}
	}
	err := db.Transaction(func(tx *gorm.DB) error {
		t, err := tallyAll(tx)
		if err != nil {
			return err
		}
		if err := tx.Exec(`DELETE FROM reliability`).Error; err != nil {
			return err
		}
		for _, r := range t.rows() {
			if err := putReliability(tx, r); err != nil {
				return err
			}
		}
		kinds, err := s.kinds(tx)
		if err != nil {
			return err
		}
		for _, kind := range kinds {
			if err := s.rebuildLadder(tx, kind); err != nil {
				return fmt.Errorf("the %s ladders: %w", kind, err)
			}
		}
		rep.Kinds = len(kinds)
		if err := rebuildEnds(tx); err != nil {
			return err
		}
		return s.rebuildEvents(tx) // events_derived.go
	})
	if err != nil {
		return rep, fmt.Errorf("store: rebuilding: %w", err)
	}
	s.cache.drop()
	rep.Took = time.Since(start)
	return rep, nil
}

// tallyAll counts every game's moves and timeouts on reliabilities.
func tallyAll(tx *gorm.DB) (tally, error) {
	var games []Game
	if err := tx.Where(startedSQL).Order("id").Find(&games).Error; err != nil {
		return nil, fmt.Errorf("tally all: %w", err)
	}
	t := tally{}
	for i := range games {
		if err := tallyGame(tx, &games[i], t); err != nil {
			return nil, fmt.Errorf("game %d: %w", games[i].ID, err)
		}
	}
	return t, nil
}

// kinds are the kinds of game this build hosts and any others stored
// (whose ladders then come out empty or stay as they are: their games
// cannot be checked without their engine).
func (s *Store) kinds(tx *gorm.DB) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, info := range s.reg.List() {
		seen[info.ID] = true
		out = append(out, info.ID)
	}
	var stored []string
	if err := tx.Model(&Game{}).Distinct("game_id").Pluck("game_id", &stored).Error; err != nil {
		return nil, fmt.Errorf("kinds: %w", err)
	}
	for _, k := range stored {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out, nil
}
