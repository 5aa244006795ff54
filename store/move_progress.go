package store

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"rondel/game"
)

// Where a game stood after each row of its log (migration 00275): the
// round and the side whose turn it was, so a history page groups its
// moves without replaying. Row seq says the state after the first seq
// rows of the log (0: the setup); a page of moves from..to reads rows
// from-1..to-1. A take-back's row stands where the game stood before the
// move it cancels, the cancelled move's row where that move left it.
// Derived data: deriveMove writes each new row in the move's transaction,
// deriveGame a game's every row (a start, an import, rondel rebuild), and
// Verify compares them with a replay.

// progressOf is where st stands, as the history shows it: the round and
// the side; zero for a game without progress (game.Progresser).
func progressOf(st game.State) game.Progress {
	p, ok := st.(game.Progresser)
	if !ok {
		return game.Progress{}
	}
	pr := p.Progress()
	return game.Progress{Round: pr.Round, Side: pr.Side}
}

// progressLog is where a game stood after each row of its log, as a
// replay finds it: [i] after i rows.
type progressLog []game.Progress

// played notes the state after the next row, a move.
func (l *progressLog) played(st game.State) { *l = append(*l, progressOf(st)) }

// tookBack notes a take-back as the next row: the game stands where it
// stood before the move it cancels (which the caller checked is the row
// before it, a move).
func (l *progressLog) tookBack() { *l = append(*l, (*l)[len(*l)-2]) }

// progressAlong replays steps, a game's log from its setup st (fresh: a
// state nobody else holds), and returns its final state and where it
// stood after each row. A move that a take-back cancels is played on the
// side, since the game goes on from the state before it.
func progressAlong(gameID int64, st game.State, steps []step) (game.State, progressLog, error) {
	out := make(progressLog, 0, len(steps)+1)
	out.played(st)
	f, fold := st.(game.Folder)
	for i, m := range steps {
		var err error
		switch {
		case m.TakeBack:
			if i == 0 || steps[i-1].TakeBack {
				return nil, nil, fmt.Errorf("store: game %d: the take-back at move %d cancels no move", gameID, m.Seq)
			}
			out.tookBack()
			continue
		case i+1 < len(steps) && steps[i+1].TakeBack:
			var next game.State
			if next, _, err = st.Apply(m.Seat, json.RawMessage(m.Move)); err == nil {
				out.played(next)
			}
		case fold:
			err = f.Fold(m.Seat, json.RawMessage(m.Move))
			out.played(st)
		default:
			st, _, err = st.Apply(m.Seat, json.RawMessage(m.Move))
			out.played(st)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("store: game %d move %d no longer replays: %w", gameID, m.Seq, err)
		}
	}
	return st, out, nil
}

// writeProgress stores where a game stands after its seq-th row.
func writeProgress(tx *gorm.DB, gameID int64, seq int, st game.State) error {
	p := progressOf(st)
	_, err := execSQL(tx, `INSERT INTO move_progress (game_id, seq, round, side) VALUES (?, ?, ?, ?)`,
		gameID, seq, p.Round, p.Side) // on the move's plain path (plainsql.go)
	return wrapErr(err, "write progress (game %d move %d)", gameID, seq)
}

// progressBatch is how many rows one INSERT of writeGameProgress writes
// (four values each: well under either database's limit of parameters).
const progressBatch = 250

// writeGameProgress stores a game's whole progress log in place of what
// was stored.
func writeGameProgress(tx *gorm.DB, gameID int64, log progressLog) error {
	if err := tx.Exec(`DELETE FROM move_progress WHERE game_id = ?`, gameID).Error; err != nil {
		return fmt.Errorf("write game progress (game %d): %w", gameID, err)
	}
	for from := 0; from < len(log); from += progressBatch {
		part := log[from:min(from+progressBatch, len(log))]
		args := make([]any, 0, 4*len(part))
		for i, p := range part {
			args = append(args, gameID, from+i, p.Round, p.Side)
		}
		marks := strings.Repeat("(?, ?, ?, ?), ", len(part))
		if err := tx.Exec(`INSERT INTO move_progress (game_id, seq, round, side) VALUES `+marks[:len(marks)-2], args...).Error; err != nil {
			return fmt.Errorf("write game progress (game %d): %w", gameID, err)
		}
	}
	return nil
}

// readProgress returns where a game stood after each of its rows from
// `from` to `to` as stored, in order; fewer than asked when rows are
// missing (a database from before them, not rebuilt).
func readProgress(tx *gorm.DB, gameID int64, from, to int) (progressLog, error) {
	// A plain statement (plainsql.go): a history page reads its fifty rows
	// on every first view, and GORM's building of it was a fifth of that.
	out, err := queryRowsCap(tx, min(max(0, to-from+1), 1000), scanProgress,
		`SELECT round, side FROM move_progress WHERE game_id = ? AND seq >= ? AND seq <= ? ORDER BY seq`, gameID, from, to)
	return out, wrapErr(err, "read progress (game %d)", gameID)
}

func scanProgress(rows *sql.Rows) (game.Progress, error) {
	var p game.Progress
	err := rows.Scan(&p.Round, &p.Side)
	return p, wrapErr(err, "scan progress")
}

// checkProgress compares a game's stored progress after each row with
// want, a replay's.
func checkProgress(tx *gorm.DB, gameID int64, want progressLog, problem func(string, ...any)) error {
	got, err := readProgress(tx, gameID, 0, len(want))
	if err != nil {
		return err
	}
	if len(got) != len(want) {
		problem("has %d rows of where it stood stored, its log gives %d (rondel rebuild makes them)", len(got), len(want))
		return nil
	}
	for i := range want {
		if got[i] != want[i] {
			problem("where it stood after move %d differs from its log: stored %+v, replay gives %+v", i, got[i], want[i])
			return nil
		}
	}
	return nil
}
