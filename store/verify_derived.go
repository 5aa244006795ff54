package store

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/go-cmp/cmp"
	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/record"
	"rondel/store/rating"
)

// Checking derived data against the logs: what Verify adds to its replay
// of every game. A difference is a problem like any other: `rondel
// rebuild` makes the derived data again.

// replayCapturing replays a record as record.Replay does, and returns
// besides the final state the JSON of the state after sn.Seq moves (nil
// when sn is nil or beyond the record), so a snapshot is checked without
// a second replay, and where the game stood after each row (move_progress).
func replayCapturing(reg *game.Registry, rec *record.Record, sn *Snapshot) (game.State, []byte, progressLog, error) {
	eng, err := reg.Get(rec.GameID)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("replay capturing: %w", err)
	}
	setup, err := rec.Setup()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("replay capturing: %w", err)
	}
	st, err := eng.New(setup)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("record: setting up: %w", err)
	}
	var at []byte
	along := make(progressLog, 0, len(rec.Moves)+1)
	along.played(st)
	capture := func(i int) error {
		if sn != nil && sn.Seq == i {
			at, err = st.MarshalJSON()
		}
		return err
	}
	if err := capture(0); err != nil {
		return nil, nil, nil, fmt.Errorf("replay capturing: %w", err)
	}
	live, err := record.Live(rec.Moves)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("replay capturing: %w", err)
	}
	f, fold := st.(game.Folder)
	for i, m := range rec.Moves {
		switch {
		case m.TakeBack:
			// The move before was skipped: st is already the state after this entry.
			along.tookBack()
		case !live[i]:
			// A move taken back later is skipped; where it left the game
			// and a snapshot right after it hold it, so it is replayed
			// alone on the side.
			next, _, err := st.Apply(m.Seat, m.Move)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("record: move %d (seat %d, %s): %w", i+1, m.Seat, m.Move, err)
			}
			along.played(next)
			if sn != nil && sn.Seq == i+1 {
				if at, err = next.MarshalJSON(); err != nil {
					return nil, nil, nil, fmt.Errorf("replay capturing: %w", err)
				}
			}
			continue
		case fold:
			err = f.Fold(m.Seat, m.Move)
		default:
			st, _, err = st.Apply(m.Seat, m.Move)
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("record: move %d (seat %d, %s): %w", i+1, m.Seat, m.Move, err)
		}
		if !m.TakeBack {
			along.played(st)
		}
		if err := capture(i + 1); err != nil {
			return nil, nil, nil, fmt.Errorf("replay capturing: %w", err)
		}
	}
	return st, at, along, nil
}

// checkDerived compares a game's summary, waiting seats and snapshot with
// st, its state after its seq moves (nil while inviting), and atSnap,
// the JSON of its state at its snapshot's move.
func (s *Store) checkDerived(tx *gorm.DB, g *Game, seq int, st game.State, atSnap []byte, problem func(string, ...any)) error {
	var last *Move
	if seq > 0 {
		var m Move
		if err := tx.Select("at").Where("game_id = ? AND seq = ?", g.ID, seq).Take(&m).Error; err != nil {
			return fmt.Errorf("check derived: %w", err)
		}
		last = &m
	}
	want, wantWaits, err := summaryOf(g, seq, lastAt(last), st)
	if err != nil {
		return err
	}
	got, err := readSummary(tx, g.ID)
	if err != nil {
		return err
	}
	if got == nil {
		problem("has no summary (rondel rebuild makes one)")
	} else {
		got.LastMoveAt = got.LastMoveAt.UTC()
		if d := cmp.Diff(want, got); d != "" {
			problem("its summary differs from its log (-log +stored):\n%s", d)
		}
	}
	type wait struct {
		Seat int
		Auto bool
	}
	var gotWaits, wantRows []wait
	if err := tx.Raw(`SELECT seat, auto FROM game_waits WHERE game_id = ? ORDER BY seat`, g.ID).Scan(&gotWaits).Error; err != nil {
		return fmt.Errorf("check derived: %w", err)
	}
	slices.Sort(wantWaits)
	for _, seat := range wantWaits {
		w := wait{Seat: seat}
		if err := tx.Raw(`SELECT `+autoSQL, g.ID, seat, g.ID, seat).Row().Scan(&w.Auto); err != nil {
			return fmt.Errorf("check derived: %w", err)
		}
		wantRows = append(wantRows, w)
	}
	if d := cmp.Diff(wantRows, gotWaits); d != "" {
		problem("the seats stored as asked to decide differ from its log (-log +stored):\n%s", d)
	}
	return s.checkSnapshot(tx, g, seq, st, atSnap, problem)
}

func lastAt(m *Move) *time.Time {
	if m == nil {
		return nil
	}
	t := m.At
	return &t
}

// checkSnapshot compares a game's snapshot with the replay's state at its
// seq (atSnap, nil if unknown: then it replays to it).
func (s *Store) checkSnapshot(tx *gorm.DB, g *Game, seq int, st game.State, atSnap []byte, problem func(string, ...any)) error {
	sn, err := readSnapshot(tx, g.ID)
	if err != nil {
		return err
	}
	switch {
	case st == nil && sn != nil:
		problem("is not under way but has a state snapshot")
		return nil
	case st == nil:
		return nil
	case sn == nil:
		problem("has no state snapshot (rondel rebuild makes one)")
		return nil
	case sn.Seq > seq:
		problem("its snapshot is after move %d, but it has %d moves", sn.Seq, seq)
		return nil
	case seq-sn.Seq > s.snapEvery:
		problem("its snapshot is %d moves behind (at most %d are replayed on loading)", seq-sn.Seq, s.snapEvery)
	}
	if hashJSON([]byte(sn.State)) != sn.StateHash {
		problem("its snapshot after move %d does not match its own hash", sn.Seq)
	}
	b := atSnap
	if b == nil {
		at, err := s.replayTo(tx, g, sn.Seq)
		if err != nil {
			problem("its first %d moves no longer replay: %v", sn.Seq, err)
			return nil
		}
		if b, err = at.MarshalJSON(); err != nil {
			return fmt.Errorf("check snapshot: %w", err)
		}
	}
	if string(b) != sn.State {
		problem("its snapshot after move %d differs from the replay (hash %.12s…, replay %.12s…)", sn.Seq, sn.StateHash, hashJSON(b))
	}
	return nil
}

// checkAcross compares what spans games with a fresh computation from
// the logs: every member's reliability and every kind's ladders; and
// that every game waiting for players has its summary.
func (s *Store) checkAcross(ctx context.Context, problem func(string, ...any)) error {
	db := s.db.WithContext(ctx)
	var inviting []Game
	if err := db.Where(unstartedSQL).Order("id").Find(&inviting).Error; err != nil {
		return fmt.Errorf("check across: %w", err)
	}
	for i := range inviting {
		g := &inviting[i]
		p := func(format string, args ...any) {
			problem("game %d (%s): "+format, append([]any{g.ID, g.Name}, args...)...)
		}
		if err := s.checkDerived(db, g, 0, nil, nil, p); err != nil {
			return err
		}
	}
	t, err := tallyAll(db)
	if err != nil {
		return err
	}
	want := t.rows()
	var got []reliabilityRow
	if err := db.Find(&got).Error; err != nil {
		return fmt.Errorf("check across: %w", err)
	}
	byKey := func(a, b reliabilityRow) int {
		if a.Kind != b.Kind {
			return cmpString(a.Kind, b.Kind)
		}
		return int(a.UserID - b.UserID)
	}
	slices.SortFunc(want, byKey)
	slices.SortFunc(got, byKey)
	if d := cmp.Diff(want, got); d != "" {
		problem("the stored reliabilities differ from the logs (-logs +stored):\n%s", d)
	}
	if err := checkSeatsEnd(db, problem); err != nil {
		return err
	}
	seasons, err := storedSeasons(db)
	if err != nil {
		return err
	}
	kinds, err := s.kinds(db)
	if err != nil {
		return err
	}
	for _, kind := range kinds {
		if err := s.checkLadders(ctx, kind, seasons, problem); err != nil {
			return err
		}
	}
	return nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// checkLadders compares a kind's stored ladders with a rating of its
// games from scratch.
func (s *Store) checkLadders(ctx context.Context, kind string, seasons rating.Seasons, problem func(string, ...any)) error {
	ls, err := buildLadders(s.db.WithContext(ctx), kind, seasons)
	if err != nil {
		problem("the %s ladder cannot be rated: %v", kind, err)
		return nil
	}
	compare := func(name, ladder string, l *rating.Ladder) error {
		got, err := s.Ratings().LadderTable(ctx, kind, ladder)
		if err != nil {
			return err
		}
		if d := cmp.Diff(l.Table(), got); d != "" {
			problem("the %s ladder (%s) differs from its games (-games +stored):\n%s", kind, name, d)
		}
		places, err := storedPlaces(s.db.WithContext(ctx), kind, ladder)
		if err != nil {
			return err
		}
		if d := cmp.Diff(placesOf(l.Table()), places); d != "" {
			problem("the %s ladder (%s): its stored places differ from its order (-order +stored):\n%s", kind, name, d)
		}
		return nil
	}
	if err := compare("all time", "", ls.AllTime); err != nil {
		return fmt.Errorf("check ladders: %w", err)
	}
	for i, l := range ls.Season {
		if err := compare("season "+ls.Seasons[i].Name, ls.Seasons[i].Name, l); err != nil {
			return fmt.Errorf("check ladders: %w", err)
		}
	}
	for _, r := range ls.AllTime.Games() {
		id := memberUserID(r.Game)
		got, ok, err := s.Ratings().GameRatings(ctx, id)
		if err != nil {
			return err
		}
		if !ok {
			problem("game %d is rated on the %s ladder but has no stored rating changes", id, kind)
			continue
		}
		if d := cmp.Diff(r, got); d != "" {
			problem("game %d: its stored rating changes differ from its games (-games +stored):\n%s", id, d)
		}
	}
	var stored int64
	if err := s.db.WithContext(ctx).Model(&changeRow{}).Where("kind = ?", kind).Distinct("game_id").Count(&stored).Error; err != nil {
		return fmt.Errorf("check ladders: %w", err)
	}
	if int(stored) != ls.AllTime.Len() {
		problem("the %s ladder has rating changes stored for %d games, its games rate %d", kind, stored, ls.AllTime.Len())
	}
	return nil
}
