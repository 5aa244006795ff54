package store

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"time"

	"rondel/game/record"
)

// EngineVersion names the Rondel build, written into exported records and
// sealed final states so a difference found later can be traced to the
// build that made it: the module version, or the VCS revision it was
// built from ("dev" when neither is known, as in tests).
func EngineVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "rondel dev"
	}
	v := info.Main.Version
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		v = rev[:min(12, len(rev))]
		if dirty {
			v += "+modified"
		}
	}
	if v == "" || v == "(devel)" {
		v = "dev"
	}
	return "rondel " + v
}

// MemberID is the stable id of a member in records: it never changes,
// whatever name the member later takes.
func MemberID(userID int64) string { return strconv.FormatInt(userID, 10) }

// ExportRecord returns a game's complete record: the log with who made
// each move and when, the result, the engine version and the hash of the
// state the moves lead to (the final state once the game is over). The
// hash comes from a fresh replay, not the cache, so an export always says
// what the current engine makes of the log.
func (s *Store) ExportRecord(ctx context.Context, gameID int64) (*record.Record, error) {
	rec, err := s.Record(ctx, gameID)
	if err != nil {
		return nil, err
	}
	rec.Engine = EngineVersion()
	table, err := s.Messages(ctx, gameID, 0)
	if err != nil {
		return nil, err
	}
	rec.Messages = recordMessages(table)
	st, err := record.Replay(s.reg, rec)
	if err != nil {
		return nil, fmt.Errorf("store: game %d no longer replays: %w", gameID, err)
	}
	if rec.StateHash, err = record.Hash(st); err != nil {
		return nil, fmt.Errorf("store: export record (game %d): %w", gameID, err)
	}
	return rec, nil
}

// ExportRecordFor is ExportRecord with the messages member userID may
// read: those to the table and the private ones they wrote or read
// (userID 0: the table's only, as ExportRecord gives).
func (s *Store) ExportRecordFor(ctx context.Context, gameID, userID int64) (*record.Record, error) {
	rec, err := s.ExportRecord(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if userID == 0 {
		return rec, nil
	}
	ms, err := s.Messages(ctx, gameID, userID)
	if err != nil {
		return nil, err
	}
	rec.Messages = recordMessages(ms)
	return rec, nil
}

// recordMessages are messages as a record keeps them.
func recordMessages(ms []Message) []record.Message {
	var out []record.Message
	for _, m := range ms {
		out = append(out, record.Message{From: m.Seat, Name: m.Name, To: m.ToSeat, At: m.At.UTC(), Text: m.Body})
	}
	return out
}

// ExportFilter chooses the games of an archive. Zero fields do not filter.
type ExportFilter struct {
	Since    time.Time // games created at or after
	Finished bool      // finished games only
	UserID   int64     // games this member has a seat in
	Kind     string    // one kind of game (registry id)
	Rated    bool      // rated games only
	// From and To bound the finishing time: [From, To). Zero: unbounded.
	From, To time.Time
}

// ExportGames lists the ids of the games a filter selects, oldest first.
func (s *Store) ExportGames(ctx context.Context, f ExportFilter) ([]int64, error) {
	q := s.db.WithContext(ctx).Model(&Game{}).Where(startedSQL)
	if !f.Since.IsZero() {
		q = q.Where("created_at >= ?", f.Since.UTC())
	}
	if f.Finished {
		q = q.Where("status = ?", StatusFinished)
	}
	if f.UserID != 0 {
		q = q.Where("id IN (?)", s.db.Model(&Seat{}).Select("game_id").Where("user_id = ?", f.UserID))
	}
	if f.Kind != "" {
		q = q.Where("game_id = ?", f.Kind)
	}
	if f.Rated {
		q = q.Where("rated = ?", true)
	}
	if !f.From.IsZero() {
		q = q.Where("finished_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		q = q.Where("finished_at < ?", f.To.UTC())
	}
	var ids []int64
	err := q.Order("created_at, id").Pluck("id", &ids).Error
	return ids, wrapErr(err, "store: export games")
}

// WriteNDJSON writes the records of the given games, one JSON document a
// line (ndjson), for a club's archive. A game that no longer replays is
// written without a hash rather than left out, and named in the error
// returned after all games are written.
func (s *Store) WriteNDJSON(ctx context.Context, w io.Writer, ids []int64) error {
	enc := json.NewEncoder(w)
	var broken []int64
	for _, id := range ids {
		rec, err := s.ExportRecord(ctx, id)
		if err != nil {
			if rec, err = s.Record(ctx, id); err != nil {
				return err
			}
			rec.Engine = EngineVersion()
			broken = append(broken, id)
		}
		if err := enc.Encode(rec); err != nil {
			return fmt.Errorf("store: write ndjson: %w", err)
		}
	}
	if len(broken) > 0 {
		return fmt.Errorf("store: games %v no longer replay; they were written without a state hash", broken)
	}
	return nil
}
