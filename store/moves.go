package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm"

	"rondel/game"
	"rondel/game/record"
	"rondel/game/words"
)

// ErrGameChanged matches a *GameChangedError: the move was made on a
// position that is no longer current.
var ErrGameChanged = errors.New("the game changed")

// GameChangedError says which position a move was made on and which is current.
type GameChangedError struct{ Expected, Current int }

func (e *GameChangedError) Error() string {
	return fmt.Sprintf("the game changed: the move was made after move %d, but the game is at move %d", e.Expected, e.Current)
}

// Is makes errors.Is(err, ErrGameChanged) true.
func (e *GameChangedError) Is(target error) bool { return target == ErrGameChanged }

// ErrNotActive is returned for a move in a game that is not in play.
var ErrNotActive = errors.New("the game is not in play")

// NotToActError is a move by a seat that has no open decision.
type NotToActError struct {
	Seat    int
	Waiting []game.Decision
}

func (e *NotToActError) Error() string {
	return fmt.Sprintf("seat %d has nothing to decide now", e.Seat)
}

// IllegalMoveError wraps the engine's refusal (usually a *game.RuleError).
type IllegalMoveError struct{ Err error }

func (e *IllegalMoveError) Error() string { return "illegal move: " + e.Err.Error() }
func (e *IllegalMoveError) Unwrap() error { return e.Err }

// Submit is a move to append.
type Submit struct {
	GameID int64
	Seat   int
	Seq    int // moves played when the move was chosen (the form's number)
	Move   json.RawMessage
	By     string // ByPlayer (default), ByCaretaker, ByStandingOrder
	UserID int64  // who submitted it (0: nobody, e.g. the caretaker)
	Note   string
	// Cause is why the move was made (the observer's to read); zero: the
	// one its By implies.
	Cause Cause
}

// Played is the outcome of an appended move.
type Played struct {
	Seq    int // the new move's number
	Events []game.Event
	State  game.State
}

// AppendMove checks and appends one move in a single immediate
// transaction: the expected seq must be current, the seat must have an
// open decision and the engine must accept the move. The game's derived
// data (summary, snapshot, ladder, reliability) and notify's mails are
// written in the same transaction. Nothing is written otherwise.
func (s *Store) AppendMove(ctx context.Context, sub Submit) (*Played, error) {
	if sub.By == "" {
		sub.By = ByPlayer
	}
	if sub.Cause.Kind == "" {
		sub.Cause = causeOfBy(sub.By)
	}
	now := s.Now()
	epoch := s.cache.epoch()
	var out Played
	var size int64
	var setup string
	done, err := s.changeTx(ctx, now, func(tx *gorm.DB, cs *changeSet) error {
		var g Game
		if err := lockGame(tx, sub.GameID, &g); err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return ErrNotFound
			}
			return err
		}
		if g.Status != StatusActive {
			return ErrNotActive
		}
		seats, err := gameSeats(tx, g.ID) // for the setup key and the observer
		if err != nil {
			return err
		}
		setup = seatsSetupKey(seats)
		if sub.By == ByPlayer && sub.UserID != 0 {
			if left, err := resigned(tx, g.ID, sub.Seat, sub.UserID); err != nil || left {
				return cmpErr(err, ErrNotPlaying) // the caretaker plays a seat its player resigned
			}
		}
		prev, err := s.summaryFor(tx, &g)
		if err != nil {
			return err
		}
		cur := prev.Moves
		if sub.Seq != cur {
			return &GameChangedError{Expected: sub.Seq, Current: cur}
		}
		st, _, err := s.stateAtSetup(tx, &g, cur, setup, epoch) // the seats' names read once
		if err != nil {
			return err
		}
		asked := st.ToAct()
		if !hasDecision(asked, sub.Seat) {
			return &NotToActError{Seat: sub.Seat, Waiting: asked}
		}
		next, events, err := st.Apply(sub.Seat, sub.Move)
		if err != nil {
			return &IllegalMoveError{Err: err}
		}
		row, err := storedMove(st, g.ID, cur+1, sub, events, now)
		if err != nil {
			return err
		}
		if row.ID, _, err = insertReturningID(tx, "moves", moveValueCols, "", moveValues(row)...); err != nil {
			if isUniqueViolation(err) {
				return &GameChangedError{Expected: sub.Seq, Current: cur + 1}
			}
			return err
		}
		before := g
		if next.Finished() {
			if err := finishGame(tx, &g, next.Result(), now); err != nil {
				return err
			}
			if err := sealFinal(tx, g.ID, cur+1, next, now); err != nil {
				return err
			}
			if err := s.eventGameEnded(tx, cs, &g, now); err != nil { // an event's table: the next round (events_run.go)
				return err
			}
		}
		if size, err = s.deriveMove(tx, &g, prev, row, next, waitingSeats(asked)); err != nil {
			return err
		}
		md := MoveDone{Game: before, Seats: seats, Before: st, After: next, Seat: sub.Seat, Seq: cur + 1,
			By: sub.By, Note: sub.Note, Events: events, Now: now, Cause: sub.Cause}
		if err := cs.emit(Change{Kind: ChangeMovePlayed, Cause: sub.Cause, Game: before, Seat: sub.Seat,
			UserID: sub.UserID, Seq: cur + 1, Move: &md}); err != nil {
			return err
		}
		out = Played{Seq: cur + 1, Events: events, State: next}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.cache.put(epoch, sub.GameID, out.Seq, setup, out.State, size)
	s.afterCommit(ctx, done)
	return &out, nil
}

// storedMove makes the row of the log that stores sub, a move sent now
// and applied to before (with events), in its stored form (storedForm).
func storedMove(before game.State, gameID int64, seq int, sub Submit, events []game.Event, at time.Time) (*Move, error) {
	canon, err := storedForm(before, nil, sub.Seat, sub.Move, false)
	if err != nil {
		return nil, err
	}
	sub.Move = canon
	return moveRow(gameID, seq, sub, events, at)
}

// storedForm is the form in which a move is stored in a game's log:
// every path that adds a move to a log (a page, a mail link, the
// caretaker, a standing order, an import, a copy) stores it in this
// form, the engine's own spelling of the move applied to before, so
// nothing a sender adds to a move is ever kept. A take-back entry carries
// no move.
//
// after is nil for a move sent now: one with fields of its own is
// refused, so its sender learns. A move of a record (an import, a copy)
// was applied already, giving after: fields the engine does not use are
// dropped instead (canonicalRecorded).
func storedForm(before, after game.State, seat int, move json.RawMessage, takeBack bool) (json.RawMessage, error) {
	if takeBack {
		return record.TakeBackMove, nil
	}
	canon, err := canonicalMove(before, seat, move)
	if err != nil && after != nil {
		canon, err = canonicalRecorded(before, after, seat, move, err)
	}
	if err != nil {
		return nil, &IllegalMoveError{Err: err}
	}
	return canon, nil
}

// moveRow is the row of a move as given (storedMove makes it canonical).
func moveRow(gameID int64, seq int, sub Submit, events []game.Event, now time.Time) (*Move, error) {
	var compact json.RawMessage
	if err := json.Unmarshal(sub.Move, &compact); err != nil {
		return nil, &IllegalMoveError{Err: game.Refuse("store.rule.move", words.New("store.error.move_not_json"))}
	}
	if events == nil {
		events = []game.Event{}
	}
	ev, err := json.Marshal(events)
	if err != nil {
		return nil, fmt.Errorf("move row (game %d): %w", gameID, err)
	}
	row := &Move{GameID: gameID, Seq: seq, Seat: sub.Seat, Move: string(sub.Move), Events: string(ev), At: now, By: sub.By, Note: sub.Note}
	if sub.UserID != 0 {
		row.UserID = &sub.UserID
	}
	return row, nil
}

// finishGame marks g finished with its result, in the database and in g.
func finishGame(tx *gorm.DB, g *Game, res *game.Result, now time.Time) error {
	up := map[string]any{"status": StatusFinished, "finished_at": now}
	g.Status, g.FinishedAt = StatusFinished, &now
	if res != nil {
		b, err := json.Marshal(res)
		if err != nil {
			return fmt.Errorf("finish game: %w", err)
		}
		r := string(b)
		up["result"], g.Result = r, &r
	}
	if err := tx.Model(&Game{}).Where("id = ?", g.ID).Updates(up).Error; err != nil {
		return wrapErr(err, "finish game")
	}
	return endSeats(tx, g.ID)
}

func hasDecision(asked []game.Decision, seat int) bool {
	for _, d := range asked {
		if d.Seat == seat {
			return true
		}
	}
	return false
}

// lastMove returns the number of moves of a game and when the last was made.
func lastMove(tx *gorm.DB, gameID int64) (int, *time.Time, error) {
	// Two columns on the plain path: GORM's Take read the whole row, the
	// move's events too, to give its number and time.
	rows, err := queryRowsCap(tx, 1, scanSeqAt, `SELECT seq, at FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT 1`, gameID)
	if err != nil {
		return 0, nil, fmt.Errorf("last move (game %d): %w", gameID, err)
	}
	if len(rows) == 0 {
		return 0, nil, nil
	}
	return rows[0].seq, &rows[0].at, nil
}

// seqAt is a move's number and time.
type seqAt struct {
	seq int
	at  time.Time
}

func scanSeqAt(r *sql.Rows) (seqAt, error) {
	var m seqAt
	return m, wrapErr(r.Scan(&m.seq, &m.at), "scan a move's number and time")
}

// buildRecord makes the game record of g from its rows, with its first
// upto moves (all when upto < 0).
func buildRecord(tx *gorm.DB, g *Game, upto int) (*record.Record, error) {
	setup, seats, err := setupOf(tx, g)
	if err != nil {
		return nil, err
	}
	rec := record.New(g.Kind, setup)
	for i := range rec.Players {
		rec.Players[i].ID = strconv.FormatInt(seats[i].UserID, 10)
	}
	rec.Started, rec.Finished, rec.Result = g.StartedAt, g.FinishedAt, g.GameResult()
	if g.Ending == EndAgreed {
		rec.Ending = record.EndingAgreed
	}
	q := tx.Where("game_id = ?", g.ID)
	if upto >= 0 {
		q = q.Where("seq <= ?", upto)
	}
	var rows []Move
	if err := q.Order("seq").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("build record: %w", err)
	}
	for i, m := range rows {
		if m.Seq != i+1 {
			return nil, fmt.Errorf("store: game %d: move %d is missing", g.ID, i+1)
		}
		at := m.At
		by := m.By
		if by == ByPlayer {
			by = ""
		}
		rec.Moves = append(rec.Moves, record.Move{Seat: m.Seat, Move: json.RawMessage(m.Move), At: &at, By: by, Note: m.Note, TakeBack: m.TakeBack})
	}
	return rec, nil
}

// Record returns the whole game record of a game (for export and replay).
func (s *Store) Record(ctx context.Context, gameID int64) (*record.Record, error) {
	g, err := s.GameRow(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if !g.Started() {
		return nil, ErrNotFound // no setup yet (a seat may be open): nothing to replay
	}
	return buildRecord(s.db.WithContext(ctx), g, -1)
}

// Position is a game as it stands.
type Position struct {
	Game    *Game
	Seats   []Seat
	Seq     int        // moves played
	Since   time.Time  // when the last move was made (or the game started)
	State   game.State // nil while the game is still inviting, or deferred (CurrentDeferred)
	Summary *Summary   // the game's summary row, as State gives it
	// load reads and decodes a state CurrentDeferred left for later.
	load func() (game.State, error)
}

// Deferred reports whether the position's state is left for LoadState
// (CurrentDeferred: a finished game's).
func (p *Position) Deferred() bool { return p.State == nil && p.load != nil }

// Started reports whether the game has a state: one given, or deferred.
func (p *Position) Started() bool { return p.State != nil || p.load != nil }

// LoadState reads and decodes a deferred state (nothing to do for any
// other position).
func (p *Position) LoadState() error {
	if !p.Deferred() {
		return nil
	}
	st, err := p.load()
	if err != nil {
		return fmt.Errorf("store: the state of game %d: %w", p.Game.ID, err)
	}
	p.State, p.load = st, nil
	return nil
}

// summaryFor returns a game's summary; a game without one (a database
// not rebuilt since summaries exist) gets one made from its log, which is
// not stored here (Rebuild or its next move stores it).
func (s *Store) summaryFor(tx *gorm.DB, g *Game) (*Summary, error) {
	sum, err := readSummary(tx, g.ID)
	if err != nil || sum != nil {
		return sum, err
	}
	seq, at, err := lastMove(tx, g.ID)
	if err != nil {
		return nil, err
	}
	var st game.State
	if g.Started() {
		if st, err = s.stateAt(tx, g, seq); err != nil {
			return nil, err
		}
	}
	sum, _, err = summaryOf(g, seq, at, st)
	return sum, err
}

// Moves returns a game's log in order.
func (s *Store) Moves(ctx context.Context, gameID int64) ([]Move, error) {
	var out []Move
	err := s.db.WithContext(ctx).Where("game_id = ?", gameID).Order("seq").Find(&out).Error
	return out, wrapErr(err, "store: moves (game %d)", gameID)
}

// MovesSince returns the moves after seq (for "what happened" and notify).
func (s *Store) MovesSince(ctx context.Context, gameID int64, seq int) ([]Move, error) {
	out, err := queryRows(s.db.WithContext(ctx), scanMove, `SELECT `+moveCols+` FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq`, gameID, seq)
	return out, wrapErr(err, "store: moves since (game %d)", gameID)
}

// EventList decodes a move's events.
func (m Move) EventList() []game.Event {
	ev, _ := game.ReadEvents([]byte(m.Events))
	return ev
}
