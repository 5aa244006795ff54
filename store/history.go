package store

import (
	"context"
	"encoding/json"
	"fmt"

	"rondel/game"
)

// progressKey names a page of a game's history: its moves from..to.
type progressKey struct {
	game     int64
	from, to int
}

// progressCacheBytes bounds the pages of progress kept: a page of 50 moves
// costs a few kilobytes, and the log never changes under one, so a page
// is worked out once while it is read.
const progressCacheBytes = 2 << 20

// MovesProgress returns where the game stood when each of its moves from
// `from` to `to` was made (game.Progress: the round and whose turn it
// was; no phase), for a page of its history: as stored (move_progress.go),
// else, where rows are missing (a database not rebuilt since they exist),
// the state before `from` (from the snapshot when it lies at or before,
// else replayed from the start, folding), then the page's moves. Nil for
// a game without progress when replayed.
func (s *Store) MovesProgress(ctx context.Context, gameID int64, from, to int) ([]game.Progress, error) {
	if from < 1 || to < from {
		return nil, nil
	}
	stored, err := readProgress(s.db.WithContext(ctx), gameID, from-1, to-1)
	if err != nil || len(stored) == to-from+1 {
		return stored, err
	}
	key := progressKey{gameID, from, to}
	if p, ok := s.progress.Get(key); ok {
		return p, nil
	}
	st, err := s.StateAfter(ctx, gameID, from-1)
	if err != nil {
		return nil, err
	}
	if _, ok := st.(game.Progresser); !ok {
		return nil, nil
	}
	steps, err := readSteps(s.db.WithContext(ctx), gameID, from-1, to)
	if err != nil {
		return nil, err
	}
	// StateAfter's state is made for this call alone: fold into it.
	f, fold := st.(game.Folder)
	out := make([]game.Progress, 0, len(steps))
	for _, m := range steps {
		out = append(out, progressOf(st))
		if m.Seq == to {
			break // the last move's outcome is not needed
		}
		if m.TakeBack {
			// The state without the cancelled move (rare: loaded afresh,
			// so it is again this call's own to fold into).
			if st, err = s.StateAfter(ctx, gameID, m.Seq); err != nil {
				return nil, err
			}
			f, fold = st.(game.Folder)
			continue
		}
		if fold {
			err = f.Fold(m.Seat, json.RawMessage(m.Move))
		} else {
			st, _, err = st.Apply(m.Seat, json.RawMessage(m.Move))
		}
		if err != nil {
			return nil, fmt.Errorf("store: game %d move %d no longer replays: %w", gameID, m.Seq, err)
		}
	}
	if len(out) == to-from+1 { // a whole page: the moves were all there
		size := int64(0)
		for _, p := range out {
			size += 48 + int64(len(p.Phase)+len(p.Side))
		}
		s.progress.Put(key, out, size)
	}
	return out, nil
}
