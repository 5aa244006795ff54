package store

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"rondel/game"
)

// Summary is a game's derived summary row: where it stands, for lists of
// games and for the jobs, without a replay. It is written with every
// change of the game (a move, its start, its end) in that change's
// transaction, and Rebuild makes it again from the log.
type Summary struct {
	GameID     int64 `gorm:"primaryKey;autoIncrement:false"`
	Status     string
	Moves      int       // moves played
	LastMoveAt time.Time // the last move, else the start, else the creation
	Round      int       // the engine's round (game.Progresser), 0 if none
	Phase      string    // the engine's phase identifier, "" if none
	ToAct      string    // JSON []game.Decision: the open decisions while in play
}

// TableName pins the table the migration creates.
func (Summary) TableName() string { return "game_summaries" }

// Decisions decodes the open decisions (none if the JSON is broken; Verify
// reports that).
func (s *Summary) Decisions() []game.Decision {
	var out []game.Decision
	_ = json.Unmarshal([]byte(s.ToAct), &out)
	return out
}

// Snapshot is a game's state after Seq moves, as the engine encodes it.
type Snapshot struct {
	GameID    int64 `gorm:"primaryKey;autoIncrement:false"`
	Seq       int
	State     string
	StateHash string
}

// TableName pins the table the migration creates.
func (Snapshot) TableName() string { return "game_snapshots" }

// since is when a game last changed hands: the last move, else its start,
// else its creation.
func since(g *Game, last *time.Time) time.Time {
	switch {
	case last != nil:
		return last.UTC()
	case g.StartedAt != nil:
		return g.StartedAt.UTC()
	}
	return g.CreatedAt.UTC()
}

// summaryOf makes the summary of g after seq moves, the last made at last
// (nil: none), in state st (nil while the game is inviting), and the
// seats it waits for.
func summaryOf(g *Game, seq int, last *time.Time, st game.State) (*Summary, []int, error) {
	sum := &Summary{GameID: g.ID, Status: g.Status, Moves: seq, LastMoveAt: since(g, last), ToAct: "[]"}
	if st == nil {
		return sum, nil, nil
	}
	if p, ok := st.(game.Progresser); ok {
		pr := p.Progress()
		sum.Round, sum.Phase = pr.Round, pr.Phase
	}
	if g.Status != StatusActive {
		return sum, nil, nil
	}
	ds := st.ToAct()
	if len(ds) > 0 {
		b, err := json.Marshal(ds)
		if err != nil {
			return nil, nil, fmt.Errorf("store: game %d: decisions: %w", g.ID, err)
		}
		sum.ToAct = string(b)
	}
	return sum, waitingSeats(ds), nil
}

// waitingSeats are the seats asked to decide in ds, each once, in the
// order first asked: a game's rows of game_waits.
func waitingSeats(ds []game.Decision) []int {
	var waits []int
	for _, d := range ds {
		if !slices.Contains(waits, d.Seat) {
			waits = append(waits, d.Seat)
		}
	}
	return waits
}

// writeSummary stores a game's summary and the seats it waits for.
func writeSummary(tx *gorm.DB, sum *Summary, waits []int) error {
	if err := writeSummaryRow(tx, sum); err != nil {
		return err
	}
	return writeWaits(tx, sum.GameID, waits)
}

// writeSummaryRow stores a game's summary alone.
func writeSummaryRow(tx *gorm.DB, sum *Summary) error {
	if _, err := execSQL(tx, `INSERT INTO game_summaries (game_id, status, moves, last_move_at, round, phase, to_act)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET status = excluded.status, moves = excluded.moves,
			last_move_at = excluded.last_move_at, round = excluded.round, phase = excluded.phase, to_act = excluded.to_act`,
		sum.GameID, sum.Status, sum.Moves, sum.LastMoveAt, sum.Round, sum.Phase, sum.ToAct); err != nil {
		return fmt.Errorf("store: game %d summary: %w", sum.GameID, err)
	}
	noteMoves(tx, sum.GameID, sum.Moves)
	return nil
}

// writeWaits stores the seats a game waits for, each with whether it
// answers by itself.
func writeWaits(tx *gorm.DB, gameID int64, waits []int) error {
	if _, err := execSQL(tx, `DELETE FROM game_waits WHERE game_id = ?`, gameID); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	for _, seat := range waits {
		if _, err := execSQL(tx, `INSERT INTO game_waits (game_id, seat, auto) VALUES (?, ?, `+autoSQL+`)`,
			gameID, seat, gameID, seat, gameID, seat); err != nil {
			return fmt.Errorf("write summary: %w", err)
		}
	}
	return nil
}

// autoSQL says whether seat (game_id, seat: twice) answers by itself: it
// has standing orders, or the caretaker plays it.
const autoSQL = `EXISTS (SELECT 1 FROM standing_orders WHERE game_id = ? AND seat = ?)
	OR EXISTS (SELECT 1 FROM seat_clocks WHERE game_id = ? AND seat = ? AND dropped = TRUE)`

// refreshAuto brings a waiting seat's auto flag in step after its
// standing orders or its clock changed.
func refreshAuto(tx *gorm.DB, gameID int64, seat int) error {
	return wrapErr(tx.Exec(`UPDATE game_waits SET auto = `+autoSQL+` WHERE game_id = ? AND seat = ?`,
		gameID, seat, gameID, seat, gameID, seat).Error, "refresh auto (game %d)", gameID)
}

// setStatus keeps a summary's status in step with its game's (a start
// or an abandonment, which no move makes): no seat waits any more once
// the game is not in play.
func setStatus(tx *gorm.DB, gameID int64, status string) error {
	if err := tx.Exec(`UPDATE game_summaries SET status = ? WHERE game_id = ?`, status, gameID).Error; err != nil {
		return fmt.Errorf("set status (game %d): %w", gameID, err)
	}
	if status == StatusActive {
		return nil
	}
	if err := tx.Exec(`UPDATE game_summaries SET to_act = '[]' WHERE game_id = ?`, gameID).Error; err != nil {
		return fmt.Errorf("set status (game %d): %w", gameID, err)
	}
	return wrapErr(tx.Exec(`DELETE FROM game_waits WHERE game_id = ?`, gameID).Error, "set status (game %d)", gameID)
}

// readSummary returns a game's summary, or nil if it has none yet (a
// database from before summaries that was not rebuilt).
func readSummary(tx *gorm.DB, gameID int64) (*Summary, error) {
	sums, err := queryRows(tx, scanSummary, `SELECT `+summaryCols+` FROM game_summaries WHERE game_id = ?`, gameID)
	if err != nil || len(sums) == 0 {
		return nil, err
	}
	return &sums[0], nil
}

// encodeSnapshot makes the snapshot of st after seq moves.
func encodeSnapshot(gameID int64, seq int, st game.State) (*Snapshot, error) {
	b, err := st.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("store: encoding the state of game %d: %w", gameID, err)
	}
	return &Snapshot{GameID: gameID, Seq: seq, State: string(b), StateHash: hashJSON(b)}, nil
}

// writeSnapshot stores a game's snapshot in place of the one before.
func writeSnapshot(tx *gorm.DB, sn *Snapshot) error {
	return wrapErr(tx.Exec(`INSERT INTO game_snapshots (game_id, seq, state, state_hash) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, state_hash = excluded.state_hash`,
		sn.GameID, sn.Seq, sn.State, sn.StateHash).Error, "write snapshot")
}

// readSnapshot returns a game's snapshot, or nil if it has none.
func readSnapshot(tx *gorm.DB, gameID int64) (*Snapshot, error) {
	var sn Snapshot
	err := tx.Take(&sn, "game_id = ?", gameID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &sn, wrapErr(err, "read snapshot (game %d)", gameID)
}

// readSnapshotState is readSnapshot without the state's hash (which only
// verify reads), on the plain path (queryRows): a game page's first view
// reads its snapshot, and GORM's Take cost more than the read.
func readSnapshotState(tx *gorm.DB, gameID int64) (*Snapshot, error) {
	sns, err := queryRows(tx, scanSnapshotState, `SELECT seq, state FROM game_snapshots WHERE game_id = ?`, gameID)
	if err != nil || len(sns) == 0 {
		return nil, wrapErr(err, "read snapshot (game %d)", gameID)
	}
	sns[0].GameID = gameID
	return &sns[0], nil
}

func scanSnapshotState(rows *sql.Rows) (Snapshot, error) {
	var sn Snapshot
	err := rows.Scan(&sn.Seq, &sn.State)
	return sn, wrapErr(err, "scan snapshot")
}

// decodeSnapshot restores the state a snapshot holds.
func (s *Store) decodeSnapshot(g *Game, sn *Snapshot) (game.State, error) {
	eng, err := s.reg.Get(g.Kind)
	if err != nil {
		return nil, fmt.Errorf("decode snapshot: %w", err)
	}
	st, err := eng.DecodeState([]byte(sn.State))
	if err != nil {
		return nil, fmt.Errorf("store: game %d: the snapshot after move %d does not decode: %w", g.ID, sn.Seq, err)
	}
	return st, nil
}

// hashJSON is the SHA-256 of a state's JSON, hex encoded: what
// record.Hash gives for the state.
func hashJSON(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// deriveMove brings a game's derived data in step with move m, just
// appended in tx: the summary, the snapshot (every snapEvery moves and at
// the end), where the game stands after it (move_progress.go), the
// mover's reliability and, when the move ended a rated game, the ladders.
// prev is the summary before the move; waited the seats game_waits held
// before it (nil: not known, written again). It returns the new state's
// estimated size for the cache.
func (s *Store) deriveMove(tx *gorm.DB, g *Game, prev *Summary, m *Move, next game.State, waited []int) (int64, error) {
	at := m.At
	sum, waits, err := summaryOf(g, m.Seq, &at, next)
	if err != nil {
		return 0, err
	}
	if err := writeSummaryRow(tx, sum); err != nil {
		return 0, err
	}
	// A move after which the same seats are asked (a maneuver's next
	// step, a seat that decides twice) leaves game_waits as it was: its
	// auto flags are kept in step by refreshAuto whenever orders or
	// clocks change.
	if waited == nil || !slices.Equal(waited, waits) {
		if err := writeWaits(tx, g.ID, waits); err != nil {
			return 0, err
		}
	}
	var size int64
	// After a take-back the snapshot may hold the move it cancels, which
	// loading cannot replay forward from: it moves to the take-back.
	if m.Seq%s.snapEvery == 0 || next.Finished() || m.TakeBack {
		sn, err := encodeSnapshot(g.ID, m.Seq, next)
		if err != nil {
			return 0, err
		}
		if err := writeSnapshot(tx, sn); err != nil {
			return 0, err
		}
		size = stateBytes(len(sn.State))
	} else if c, ok := s.cache.get(g.ID); ok {
		size = c.size // a move changes a state's size little
	} else if b, err := next.MarshalJSON(); err == nil {
		size = stateBytes(len(b))
	}
	if err := writeProgress(tx, g.ID, m.Seq, next); err != nil {
		return 0, err
	}
	if err := countMoveOf(tx, g, m, prev.LastMoveAt); err != nil {
		return 0, err
	}
	if next.Finished() {
		// Once per game: the account replays the log, in this
		// transaction, so a finished game always has it.
		if err := s.writeAccount(tx, g); err != nil {
			return 0, err
		}
	}
	if err := s.rateFinished(tx, g); err != nil {
		return 0, err
	}
	return size, nil
}

// deriveGame makes every derived row of one game from its log, in place
// of what was stored (the summary, the seats it waits for, the snapshot,
// where it stood after each move), and returns its current state (nil
// while inviting). The ladders and reliabilities, which span games, are
// Rebuild's.
func (s *Store) deriveGame(tx *gorm.DB, g *Game) (game.State, error) {
	seq, at, err := lastMove(tx, g.ID)
	if err != nil {
		return nil, err
	}
	var st game.State
	if _, err := s.reg.Get(g.Kind); err != nil {
		// A kind this build does not host: what needs no replay.
		sum, _, err := summaryOf(g, seq, at, nil)
		if err != nil {
			return nil, err
		}
		return nil, writeSummary(tx, sum, nil)
	}
	if g.Started() {
		var along progressLog
		if st, along, err = s.replayAlong(tx, g, seq); err != nil {
			return nil, err
		}
		if err := writeGameProgress(tx, g.ID, along); err != nil {
			return nil, err
		}
		sn, err := encodeSnapshot(g.ID, seq, st)
		if err != nil {
			return nil, err
		}
		if err := writeSnapshot(tx, sn); err != nil {
			return nil, err
		}
	} else if err := tx.Exec(`DELETE FROM game_snapshots WHERE game_id = ?`, g.ID).Error; err != nil {
		return nil, fmt.Errorf("derive game: %w", err)
	} else if err := tx.Exec(`DELETE FROM move_progress WHERE game_id = ?`, g.ID).Error; err != nil {
		return nil, fmt.Errorf("derive game: %w", err)
	}
	if err := s.writeAccount(tx, g); err != nil {
		return nil, err
	}
	sum, waits, err := summaryOf(g, seq, at, st)
	if err != nil {
		return nil, err
	}
	return st, writeSummary(tx, sum, waits)
}

// deriveNew makes the derived data of a game that arrives with its log
// (an import): its own rows, its players' reliability from its moves,
// and its place on the ladders if it is over.
func (s *Store) deriveNew(tx *gorm.DB, g *Game) error {
	if _, err := s.deriveGame(tx, g); err != nil {
		return err
	}
	if err := countMovesOf(tx, g); err != nil {
		return err
	}
	return s.rateFinished(tx, g)
}

// countMovesOf counts every move of a game on its players' reliability.
func countMovesOf(tx *gorm.DB, g *Game) error {
	t := tally{}
	if err := tallyGame(tx, g, t); err != nil {
		return err
	}
	return t.add(tx)
}

// tallyGame counts a game's moves and timeouts into t, as they were
// counted when they happened (see reliability.go).
func tallyGame(tx *gorm.DB, g *Game, t tally) error {
	var seats []Seat
	if err := tx.Where("game_id = ?", g.ID).Order("seat").Find(&seats).Error; err != nil {
		return fmt.Errorf("tally game: %w", err)
	}
	holder := func(seat int) int64 {
		if seat >= 0 && seat < len(seats) {
			return seats[seat].UserID
		}
		return 0
	}
	rows, err := tx.Raw(`SELECT seat, at, by, user_id, take_back FROM moves WHERE game_id = ? ORDER BY seq`, g.ID).Rows()
	if err != nil {
		return fmt.Errorf("tally game: %w", err)
	}
	prev := since(g, nil)
	for rows.Next() {
		var seat int
		var at time.Time
		var by string
		var uid sql.NullInt64
		var back bool
		if err := rows.Scan(&seat, &at, &by, &uid, &back); err != nil {
			rows.Close()
			return fmt.Errorf("tally game: %w", err)
		}
		if by == ByPlayer && !back { // a take-back is no answer to a decision
			who := holder(seat)
			if uid.Valid {
				who = uid.Int64
			}
			if who != 0 {
				t.move(g.Kind, who, at.Sub(prev))
			}
		}
		prev = at
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("tally game: %w", err)
	}
	tr, err := tx.Raw(`SELECT seat, user_id FROM deadlines WHERE game_id = ? AND outcome = ?
		UNION ALL SELECT seat, 0 FROM seat_drops WHERE game_id = ? AND reason = ?`, g.ID, OutcomeTimeout, g.ID, DropTimeout).Rows()
	if err != nil {
		return fmt.Errorf("tally game: %w", err)
	}
	defer tr.Close()
	for tr.Next() {
		var seat int
		var uid int64
		if err := tr.Scan(&seat, &uid); err != nil {
			return fmt.Errorf("tally game: %w", err)
		}
		if uid == 0 {
			uid = holder(seat)
		}
		if uid != 0 {
			t.timeout(g.Kind, uid)
		}
	}
	return wrapErr(tr.Err(), "tally game")
}
