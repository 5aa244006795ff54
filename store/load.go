package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"

	"gorm.io/gorm"

	"rondel/game"
)

// Loading a game's state: from the cache, else from its snapshot and the
// few moves after it, and only as a last resort (a database not rebuilt
// since snapshots exist, a snapshot that no longer decodes) by replaying
// the whole log. Moves are read without their events, which only pages
// showing the log need.

// step is one move as a replay needs it.
type step struct {
	Seq      int
	Seat     int
	Move     string
	TakeBack bool
}

// readSteps returns a game's moves after seq `after` up to `upto` (all
// when upto < 0), in order.
func readSteps(tx *gorm.DB, gameID int64, after, upto int) ([]step, error) {
	q := `SELECT seq, seat, move, take_back FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq`
	args := []any{gameID, after}
	if upto >= 0 {
		q = `SELECT seq, seat, move, take_back FROM moves WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq`
		args = append(args, upto)
	}
	// On the plain path (queryRows): every game page's first view reads
	// the moves after the snapshot, and GORM's building of the statement
	// cost more than reading the few rows. Room for them all is made at
	// once when their number is known.
	room := 0
	if upto >= 0 {
		room = min(max(upto-after, 0), maxStepsRoom)
	}
	out, err := queryRowsCap(tx, room, scanStep, q, args...)
	return out, wrapErr(err, "read steps (game %d)", gameID)
}

// maxStepsRoom bounds the room readSteps makes at first (a whole
// replay's thousands of moves grow the slice as they come).
const maxStepsRoom = 256

func scanStep(rows *sql.Rows) (step, error) {
	var m step
	err := rows.Scan(&m.Seq, &m.Seat, &m.Move, &m.TakeBack)
	return m, wrapErr(err, "scan step")
}

// liveSteps drops from steps (the rows after a base state) every take-back
// and the move it cancels. ok is false when a take-back cancels a move the
// base state already holds: then the state must come from further back.
func liveSteps(steps []step) (out []step, ok bool) {
	if !slices.ContainsFunc(steps, func(m step) bool { return m.TakeBack }) {
		return steps, true // most reads: nothing taken back, nothing to copy
	}
	out = make([]step, 0, len(steps))
	for _, m := range steps {
		if !m.TakeBack {
			out = append(out, m)
			continue
		}
		if len(out) == 0 || out[len(out)-1].Seq != m.Seq-1 {
			return nil, false
		}
		out = out[:len(out)-1]
	}
	return out, true
}

// applySteps plays steps on st. A fresh state (decoded or set up just
// now, held by nobody else) is folded in place when the engine can.
func applySteps(gameID int64, st game.State, fresh bool, steps []step) (game.State, error) {
	f, fold := st.(game.Folder)
	for _, m := range steps {
		var err error
		if fresh && fold {
			err = f.Fold(m.Seat, json.RawMessage(m.Move))
		} else {
			st, _, err = st.Apply(m.Seat, json.RawMessage(m.Move))
		}
		if err != nil {
			return nil, fmt.Errorf("store: game %d move %d no longer replays: %w", gameID, m.Seq, err)
		}
	}
	return st, nil
}

// setupOf reads a game's seats and the setup they and its row describe.
func setupOf(tx *gorm.DB, g *Game) (game.Setup, []Seat, error) {
	var seats []Seat
	if err := tx.Where("game_id = ?", g.ID).Order("seat").Find(&seats).Error; err != nil {
		return game.Setup{}, nil, fmt.Errorf("setup of: %w", err)
	}
	setup, err := g.Setup(seats)
	return setup, seats, err
}

// initialState sets a game up as its seats and options say.
func (s *Store) initialState(tx *gorm.DB, g *Game) (game.State, error) {
	setup, _, err := setupOf(tx, g)
	if err != nil {
		return nil, err
	}
	eng, err := s.reg.Get(g.Kind)
	if err != nil {
		return nil, fmt.Errorf("initial state: %w", err)
	}
	st, err := eng.New(setup)
	if err != nil {
		return nil, fmt.Errorf("store: game %d: setting up: %w", g.ID, err)
	}
	return st, nil
}

// replayTo replays a game's first seq moves from its setup.
func (s *Store) replayTo(tx *gorm.DB, g *Game, seq int) (game.State, error) {
	st, steps, err := s.fromSetup(tx, g, seq)
	if err != nil {
		return nil, err
	}
	live, ok := liveSteps(steps)
	if !ok {
		return nil, fmt.Errorf("store: game %d: a take-back in its first %d moves cancels no move", g.ID, seq)
	}
	return applySteps(g.ID, st, true, live)
}

// replayAlong is replayTo that also says where the game stood after each
// row of its log (for move_progress).
func (s *Store) replayAlong(tx *gorm.DB, g *Game, seq int) (game.State, progressLog, error) {
	st, steps, err := s.fromSetup(tx, g, seq)
	if err != nil {
		return nil, nil, err
	}
	return progressAlong(g.ID, st, steps)
}

// fromSetup sets a game up and reads its first seq log rows, all of them.
func (s *Store) fromSetup(tx *gorm.DB, g *Game, seq int) (game.State, []step, error) {
	st, err := s.initialState(tx, g)
	if err != nil {
		return nil, nil, err
	}
	steps, err := readSteps(tx, g.ID, 0, seq)
	if err != nil {
		return nil, nil, err
	}
	if len(steps) != seq {
		return nil, nil, fmt.Errorf("store: game %d: %d of its first %d moves are stored", g.ID, len(steps), seq)
	}
	for i, m := range steps {
		if m.Seq != i+1 {
			return nil, nil, fmt.Errorf("store: game %d: move %d is missing", g.ID, i+1)
		}
	}
	return st, steps, nil
}

// fromSnapshot restores a game's state after seq moves from its snapshot
// and the moves after it; ok is false when the snapshot cannot serve
// (none, one after seq, or one that no longer decodes).
func (s *Store) fromSnapshot(tx *lazyDB, g *Game, seq int, pre *snapshotRead) (st game.State, size int64, ok bool, err error) {
	sn := (*Snapshot)(nil)
	if pre != nil && pre.read {
		sn = pre.sn
	} else if sn, err = readSnapshotState(tx.get(), g.ID); err != nil {
		return nil, 0, false, err
	}
	if sn == nil || sn.Seq > seq {
		return nil, 0, false, nil
	}
	st, err = s.decodeSnapshot(g, sn)
	if err != nil {
		s.log.Warn("replaying the whole game instead", "game", g.ID, "error", err)
		return nil, 0, false, nil
	}
	if sn.Seq == seq {
		// The snapshot is the position (every finished game's is): no
		// moves after it to read.
		return st, stateBytes(len(sn.State)), true, nil
	}
	steps, err := readSteps(tx.get(), g.ID, sn.Seq, seq)
	if err != nil {
		return nil, 0, false, err
	}
	if len(steps) != seq-sn.Seq {
		return nil, 0, false, nil // read while the game moved on
	}
	live, ok := liveSteps(steps)
	if !ok {
		return nil, 0, false, nil // a take-back of the snapshot's own move
	}
	st, err = applySteps(g.ID, st, true, live)
	return st, stateBytes(len(sn.State)), err == nil, err
}

// stateAt returns the state of g after seq moves and its estimated size
// in memory: from the cache when it holds that position or an earlier
// one (the moves between are applied), else from the snapshot, else by a
// whole replay. Inside AppendMove's transaction the snapshot is never
// more than Options.SnapshotEvery moves behind, so the write lock is
// never held for a whole replay once the database has its snapshots.
func (s *Store) stateAt(tx *gorm.DB, g *Game, seq int) (game.State, error) {
	st, _, err := s.sizedStateAt(tx, g, seq)
	return st, err
}

func (s *Store) sizedStateAt(tx *gorm.DB, g *Game, seq int) (game.State, int64, error) {
	epoch := s.cache.epoch()
	setup, err := s.setupKey(tx, g.ID)
	if err != nil {
		return nil, 0, err
	}
	return s.stateAtSetup(tx, g, seq, setup, epoch)
}

// stateAtSetup is sizedStateAt for a caller that read the game's setup
// key (setupKey) in the same transaction already, after it took the
// cache's epoch.
func (s *Store) stateAtSetup(tx *gorm.DB, g *Game, seq int, setup string, epoch uint64) (game.State, int64, error) {
	return s.stateWith(&lazyDB{db: tx}, g, seq, setup, epoch, nil)
}

// lazyDB is a handle on the database made when a statement first needs
// it (get): db, or one for ctx. A game page's state is most often in the
// cache or its snapshot, read already, and then needs none; making one
// (WithContext) costs five allocations and 800 bytes.
type lazyDB struct {
	s   *Store
	ctx context.Context
	db  *gorm.DB
}

func (l *lazyDB) get() *gorm.DB {
	if l.db == nil {
		l.db = l.s.db.WithContext(l.ctx)
	}
	return l.db
}

// snapshotRead is a game's snapshot read with its row (sn nil: it has
// none), for stateWith.
type snapshotRead struct {
	sn   *Snapshot
	read bool
}

// stateWith is stateAtSetup with the game's snapshot already read when
// pre is not nil.
func (s *Store) stateWith(tx *lazyDB, g *Game, seq int, setup string, epoch uint64, pre *snapshotRead) (game.State, int64, error) {
	if c, ok := s.cache.get(g.ID); ok && c.seq <= seq && c.setup == setup {
		if c.seq == seq {
			return c.state, c.size, nil
		}
		steps, err := readSteps(tx.get(), g.ID, c.seq, seq)
		if err != nil {
			return nil, 0, err
		}
		if live, ok := liveSteps(steps); ok && len(steps) == seq-c.seq {
			st, err := applySteps(g.ID, c.state, false, live)
			if err != nil {
				return nil, 0, err
			}
			s.cache.put(epoch, g.ID, seq, setup, st, c.size)
			return st, c.size, nil
		}
	}
	st, size, ok, err := s.fromSnapshot(tx, g, seq, pre)
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		if st, err = s.replayTo(tx.get(), g, seq); err != nil {
			return nil, 0, err
		}
		b, err := st.MarshalJSON()
		if err != nil {
			return nil, 0, fmt.Errorf("sized state at: %w", err)
		}
		size = stateBytes(len(b))
	}
	s.cache.put(epoch, g.ID, seq, setup, st, size)
	return st, size, nil
}

// StateAfter returns a game's state after its first n moves (for the
// history viewer): from the snapshot when n is at or after it, else by
// replaying from the start. The cache is neither read nor filled.
func (s *Store) StateAfter(ctx context.Context, gameID int64, n int) (game.State, error) {
	g, err := s.GameRow(ctx, gameID)
	if err != nil {
		return nil, err
	}
	db := s.db.WithContext(ctx)
	st, _, ok, err := s.fromSnapshot(&lazyDB{db: db}, g, n, nil)
	if err != nil || ok {
		return st, err
	}
	return s.replayTo(db, g, n)
}
