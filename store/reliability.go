package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Reliability is how a member keeps to the pace of their games of a kind.
type Reliability struct {
	Timeouts   int           // deadlines they let pass, plus games the club recorded they timed out of
	Moves      int           // moves they made themselves
	MedianMove time.Duration // median time from the game's previous move to theirs
}

// Reliability is kept per (kind, member) as moves are made and deadlines
// pass, in the same transaction (see countMove and countTimeout), so the
// ladder reads one row per member. A member's waits are kept as a
// histogram of waits rounded to two significant digits of seconds (the
// median is then within 5% of the exact one, and the row stays small
// however many moves they make); the median is stored beside it.
//
// What counts: a move the player made (By == ByPlayer; not the
// caretaker's, not a standing order's), for the member who pressed the
// button (the move's user) or else the seat's holder; its wait is the
// time since the game's previous move or its start. A timeout is a
// deadline that passed (notify closes it as "timeout" when the caretaker
// moves), counted for whoever held the seat then, and a game the club
// recorded they timed out of (seat_drops).

// waitBucket rounds a wait to two significant digits of seconds.
func waitBucket(d time.Duration) int64 {
	secs := int64(max(d, 0) / time.Second)
	mag := int64(1)
	for secs/mag >= 100 {
		mag *= 10
	}
	return (secs + mag/2) / mag * mag
}

// waits is a histogram: bucket (seconds) → count. It is stored as
// "bucket:count" pairs in increasing order of bucket, separated by
// commas: read and written for every move a member makes, so a format
// that needs no general parser.
type waits map[int64]int

func decodeWaits(s string) (waits, error) {
	w := waits{}
	if s == "" {
		return w, nil
	}
	for _, pair := range strings.Split(s, ",") {
		b, n, ok := strings.Cut(pair, ":")
		bucket, err1 := strconv.ParseInt(b, 10, 64)
		count, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("store: waits %q are not bucket:count pairs", pair)
		}
		w[bucket] += count
	}
	return w, nil
}

func (w waits) sorted() []int64 {
	keys := make([]int64, 0, len(w))
	for k := range w {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (w waits) encode() string {
	var b []byte
	for i, k := range w.sorted() {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, k, 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(w[k]), 10)
	}
	return string(b)
}

// median is the median wait in seconds: the middle bucket, or the mean
// of the two middle ones.
func (w waits) median() int64 {
	n := 0
	for _, c := range w {
		n += c
	}
	if n == 0 {
		return 0
	}
	keys := w.sorted()
	at := func(i int) int64 { // the i-th smallest wait
		for _, k := range keys {
			if i < w[k] {
				return k
			}
			i -= w[k]
		}
		return keys[len(keys)-1]
	}
	if n%2 == 1 {
		return at(n / 2)
	}
	return int64(math.Round(float64(at(n/2-1)+at(n/2)) / 2))
}

// reliabilityRow is one stored row.
type reliabilityRow struct {
	Kind       string
	UserID     int64
	Moves      int
	Timeouts   int
	Waits      string
	MedianSecs int64
}

func (reliabilityRow) TableName() string { return "reliability" }

// tally counts moves, waits and timeouts by (kind, member) before they
// are added to the stored rows (or, by Rebuild, replace them).
type tally map[tallyKey]*tallyCount

type tallyKey struct {
	kind   string
	userID int64
}

type tallyCount struct {
	moves, timeouts int
	waits           waits
}

func (t tally) at(kind string, userID int64) *tallyCount {
	k := tallyKey{kind, userID}
	c := t[k]
	if c == nil {
		c = &tallyCount{waits: waits{}}
		t[k] = c
	}
	return c
}

func (t tally) move(kind string, userID int64, wait time.Duration) {
	c := t.at(kind, userID)
	c.moves++
	c.waits[waitBucket(wait)]++
}

func (t tally) timeout(kind string, userID int64) { t.at(kind, userID).timeouts++ }

// add adds the tally to the stored rows.
// On PostgreSQL each row is locked before it is read (made first if
// need be), in one order, so moves of one member in two games on two
// instances add to it one after the other instead of one overwriting the
// other's count.
func (t tally) add(tx *gorm.DB) error {
	keys := slices.SortedFunc(maps.Keys(t), func(a, b tallyKey) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.userID, b.userID))
	})
	pg := onPostgres(tx)
	for _, k := range keys {
		c := t[k]
		var row reliabilityRow
		q := `SELECT moves, timeouts, waits FROM reliability WHERE kind = ? AND user_id = ?`
		if pg {
			if _, err := execSQL(tx, `INSERT INTO reliability (kind, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, k.kind, k.userID); err != nil {
				return fmt.Errorf("reliability: add tally: %w", err)
			}
			q += ` FOR UPDATE`
		}
		err := scanOne(tx, q, []any{k.kind, k.userID}, &row.Moves, &row.Timeouts, &row.Waits)
		if err != nil && !isNoRows(err) {
			return fmt.Errorf("reliability: add tally: %w", err)
		}
		merged, median, err := mergeWaits(row.Waits, c.waits)
		if err != nil {
			return fmt.Errorf("store: reliability of member %d: %w", k.userID, err)
		}
		row = reliabilityRow{Kind: k.kind, UserID: k.userID, Moves: row.Moves + c.moves, Timeouts: row.Timeouts + c.timeouts,
			Waits: merged, MedianSecs: median}
		if err := putReliability(tx, row); err != nil {
			return err
		}
	}
	return nil
}

func putReliability(tx *gorm.DB, r reliabilityRow) error {
	_, err := execSQL(tx, `INSERT INTO reliability (kind, user_id, moves, timeouts, waits, median_secs) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (kind, user_id) DO UPDATE SET moves = excluded.moves, timeouts = excluded.timeouts,
			waits = excluded.waits, median_secs = excluded.median_secs`,
		r.Kind, r.UserID, r.Moves, r.Timeouts, r.Waits, r.MedianSecs)
	return wrapErr(err, "put reliability")
}

// rows is the tally as stored rows.
func (t tally) rows() []reliabilityRow {
	out := make([]reliabilityRow, 0, len(t))
	for k, c := range t {
		out = append(out, reliabilityRow{Kind: k.kind, UserID: k.userID, Moves: c.moves, Timeouts: c.timeouts,
			Waits: c.waits.encode(), MedianSecs: c.waits.median()})
	}
	return out
}

// countMoveOf counts a move just appended to g, the game's previous move
// (or start) having been at prev.
func countMoveOf(tx *gorm.DB, g *Game, m *Move, prev time.Time) error {
	if m.By != ByPlayer || m.TakeBack {
		return nil
	}
	uid, err := moverOf(tx, g.ID, m)
	if err != nil || uid == 0 {
		return err
	}
	t := tally{}
	t.move(g.Kind, uid, m.At.Sub(prev))
	return t.add(tx)
}

// moverOf is who made a move: the member who pressed the button, else the
// seat's holder.
func moverOf(tx *gorm.DB, gameID int64, m *Move) (int64, error) {
	if m.UserID != nil {
		return *m.UserID, nil
	}
	return seatHolder(tx, gameID, m.Seat)
}

// seatHolder is the member holding a seat now (0 if there is no such seat).
func seatHolder(tx *gorm.DB, gameID int64, seat int) (int64, error) {
	var uid int64
	err := scanOne(tx, `SELECT user_id FROM seats WHERE game_id = ? AND seat = ?`, []any{gameID, seat}, &uid)
	if err != nil && !isNoRows(err) {
		return 0, fmt.Errorf("seat holder (game %d): %w", gameID, err)
	}
	return uid, nil
}

// countTimeoutOf counts a timeout in a game for userID, or the seat's
// holder when 0.
func countTimeoutOf(tx *gorm.DB, gameID int64, seat int, userID int64) error {
	var kind string
	if err := tx.Raw(`SELECT game_id FROM games WHERE id = ?`, gameID).Row().Scan(&kind); err != nil {
		return fmt.Errorf("count timeout of (game %d): %w", gameID, err)
	}
	if userID == 0 {
		var err error
		if userID, err = seatHolder(tx, gameID, seat); err != nil || userID == 0 {
			return err
		}
	}
	t := tally{}
	t.timeout(kind, userID)
	return t.add(tx)
}

// Reliabilities returns the reliability of every member who played a
// game of one kind, by member id: one row each.
func (s *Store) Reliabilities(ctx context.Context, kind string) (map[string]Reliability, error) {
	type row struct {
		userID int64
		r      Reliability
	}
	rows, err := queryRows(s.db.WithContext(ctx), func(rs *sql.Rows) (row, error) {
		var r row
		var median int64
		err := rs.Scan(&r.userID, &r.r.Moves, &r.r.Timeouts, &median)
		r.r.MedianMove = time.Duration(median) * time.Second
		return r, err
	}, `SELECT user_id, moves, timeouts, median_secs FROM reliability WHERE kind = ?`, kind)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Reliability, len(rows))
	for _, r := range rows {
		out[MemberID(r.userID)] = r.r
	}
	return out, nil
}
