package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"rondel/store/rating"
)

// A page of a ladder read by key: the rows after (or before) a place,
// found in the index ladder_ratings_order from the key and read by their
// stored places (ladder_place.go), so a deep page reads the rows it
// shows, as the first does (no OFFSET). The ladder's order is
// rating.RankTable's: ordinal descending, then the member id as text.

// LadderKey is a place on a ladder: a member's ordinal and id (as text).
type LadderKey struct {
	Ordinal float64
	Member  string
}

// String is the key as a link carries it.
func (k LadderKey) String() string {
	return strconv.FormatFloat(k.Ordinal, 'g', -1, 64) + "~" + k.Member
}

// ParseLadderKey reads a key from a link.
func ParseLadderKey(s string) (LadderKey, error) {
	o, m, ok := strings.Cut(s, "~")
	f, err := strconv.ParseFloat(o, 64)
	if !ok || err != nil || m == "" {
		return LadderKey{}, fmt.Errorf("store: ladder key %q", s)
	}
	if _, err := strconv.ParseInt(m, 10, 64); err != nil {
		return LadderKey{}, fmt.Errorf("store: ladder key %q", s)
	}
	return LadderKey{Ordinal: f, Member: m}, nil
}

// LadderSeek says where a page starts: after a key (the next page), from a
// key (that place and below), or before it (the previous page, still
// listed best first).
type LadderSeek int

const (
	LadderAfter LadderSeek = iota
	LadderFrom
	LadderBefore
)

// LadderSlice is a page of a ladder and where it stands.
type LadderSlice struct {
	// Best first, ranked as LadderPage ranks them, with what a ladder
	// page shows of each: no Rating (mu and sigma; the page shows the
	// ordinal) and of the reliability no Moves.
	Rows  []LadderRow
	First int // the place (1 for the best) of Rows[0]
	Total int // places on the ladder
}

// ladderColumns are what a ladder page shows of a row: the member's id,
// games, wins, timeouts and median seconds (whole numbers) and name (the
// display name, else the address, as User.Name), written by the database
// as one text, and the ordinal. Each value read is several calls into the
// driver and a value boxed, a hundred rows a page: as seven values they
// were a fifth of the page's CPU (docs/performance.md). The name comes last,
// so it is the rest of the text whatever it holds; the ordinal is its own
// value, read exactly as stored and indexed (the key must match it).
const ladderColumns = `CAST(r.user_id AS TEXT) || ' ' || CAST(r.games AS TEXT) || ' ' || CAST(r.wins AS TEXT) || ' ' ||
			CAST(COALESCE(rel.timeouts, 0) AS TEXT) || ' ' || CAST(COALESCE(rel.median_secs, 0) AS TEXT) || ' ' ||
			CASE WHEN u.display_name <> '' THEN u.display_name ELSE u.email END, r.ordinal
		FROM ladder_ratings r JOIN users u ON u.id = r.user_id
		LEFT JOIN reliability rel ON rel.kind = r.kind AND rel.user_id = r.user_id`

// LadderPageAt returns up to limit places of a kind's ladder ("" for all
// time, else a season's name) seeking from key (nil: from the top). The
// key's place is found in the ladder's order (placeNear), the rows read
// by their stored places from it, the total is the last place: index
// seeks all, so a page costs the same on a ladder of any size.
func (r Ratings) LadderPageAt(ctx context.Context, kind, ladder string, key *LadderKey, seek LadderSeek, limit int) (*LadderSlice, error) {
	db := r.s.db.WithContext(ctx)
	total, err := ladderTotal(db, kind, ladder)
	if err != nil {
		return nil, wrapErr(err, "store: ladder page at")
	}
	out := &LadderSlice{First: 1, Total: total}
	from := 1
	if key != nil {
		p, err := placeNear(db, kind, ladder, *key, seek != LadderBefore, seek == LadderFrom, 0)
		if err != nil || p == 0 {
			return out, wrapErr(err, "store: ladder page at") // nothing on that side of the key
		}
		from = p
		if seek == LadderBefore { // the page ending just before the key
			from = max(1, p-limit+1)
			limit = p - from + 1
		}
	}
	rows, err := queryRowsCap(db, min(limit, 128), ladderRowScanner(), `SELECT `+ladderColumns+` WHERE r.kind = ? AND r.ladder = ? AND r.place >= ? ORDER BY r.place LIMIT ?`,
		kind, ladder, from, limit)
	if err != nil || len(rows) == 0 {
		return out, wrapErr(err, "store: ladder page at")
	}
	// The first row's rank is the first place of its ordinal, which may
	// be on the page before; none above the top (one query fewer on the
	// page most read).
	rank := 1
	if from > 1 {
		if rank, err = rankAt(db, kind, ladder, rows[0].Ordinal); err != nil {
			return nil, wrapErr(err, "store: ladder page at")
		}
	}
	out.Rows, out.First = rows, from
	rankFrom(rows, from, rank)
	return out, nil
}

// rankFrom ranks a page's rows whose first is at place first with rank
// rank: a row shares the rank of the row before it when their ordinals
// are equal, else its rank is its place.
func rankFrom(rows []LadderRow, first, rank int) {
	for i := range rows {
		if i > 0 && rows[i].Ordinal != rows[i-1].Ordinal {
			rank = first + i
		}
		rows[i].Rank = rank
	}
}

// ladderRowScanner reads rows of ladderColumns into values made once a
// query (a value given to Scan is made on the heap: two a row).
func ladderRowScanner() func(*sql.Rows) (LadderRow, error) {
	var text string
	var ordinal float64 // as stored and indexed: the key must match it exactly
	return func(rs *sql.Rows) (LadderRow, error) {
		if err := rs.Scan(&text, &ordinal); err != nil {
			return LadderRow{}, wrapErr(err, "store: scan ladder row")
		}
		return ladderRowOf(text, ordinal)
	}
}

// ladderRowOf reads a row of ladderColumns: its text and ordinal.
func ladderRowOf(text string, ordinal float64) (LadderRow, error) {
	var lr LadderRow
	var n [5]int64
	var member string // the id as the database writes it, as MemberID does
	rest := text
	for i := range n {
		var f string
		var ok bool
		var err error
		if f, rest, ok = strings.Cut(rest, " "); !ok {
			return lr, fmt.Errorf("store: scan ladder row: %q", text)
		}
		if n[i], err = strconv.ParseInt(f, 10, 64); err != nil {
			return lr, fmt.Errorf("store: scan ladder row: %q", text)
		}
		if i == 0 {
			member = f
		}
	}
	lr.Standing = rating.NewStanding(member, rating.Rating{}, int(n[1]), int(n[2])) // no mu and sigma: not shown
	lr.Ordinal = ordinal
	lr.Name = rest
	lr.Reliability.Timeouts = int(n[3])
	lr.Reliability.MedianMove = time.Duration(n[4]) * time.Second
	return lr, nil
}

// LadderPlace returns a member's key and rank on a kind's ladder, and
// false if they are not on it: their row and the first of their ordinal,
// two seeks in one statement.
func (r Ratings) LadderPlace(ctx context.Context, kind, ladder string, userID int64) (LadderKey, int, bool, error) {
	var ordinal float64
	var rank int64
	err := scanOne(r.s.db.WithContext(ctx), `SELECT r.ordinal, (SELECT place FROM ladder_ratings
			WHERE kind = r.kind AND ladder = r.ladder AND ordinal = r.ordinal ORDER BY `+ladderOrder+` LIMIT 1)
		FROM ladder_ratings r WHERE r.kind = ? AND r.ladder = ? AND r.user_id = ?`, []any{kind, ladder, userID}, &ordinal, &rank)
	if isNoRows(err) {
		return LadderKey{}, 0, false, nil
	}
	if err != nil {
		return LadderKey{}, 0, false, wrapErr(err, "store: ladder place")
	}
	return LadderKey{Ordinal: ordinal, Member: MemberID(userID)}, int(rank), true, nil
}

// Key is the row's place as a key.
func (r LadderRow) Key() LadderKey { return LadderKey{Ordinal: r.Ordinal, Member: r.Member} }
