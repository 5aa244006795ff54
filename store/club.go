package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
)

// The club's games page reads these: games with open seats, games in
// play, finished games by kind, player and month. Every list is one
// indexed, paged query for the games (migration 00080's indexes and
// game_summaries_idle) and one each for their summaries and seats.

// ClubFilter chooses finished games; zero fields choose all.
type ClubFilter struct {
	Kind   string    // registry id
	UserID int64     // a member who had a seat
	Month  time.Time // the first instant of a month (UTC) the game ended in
}

// clubPage is the most games one page lists.
const clubPage = 200

// OpenGames lists games waiting for players that have seats open to
// every member, newest first: the page p asks for, and whether more
// follow in the direction read.
func (s *Store) OpenGames(ctx context.Context, p ClubPage, limit int) ([]Listing, bool, error) {
	// INDEXED BY: without ANALYZE's statistics SQLite would read every
	// waiting game by games_status and sort them.
	cond, args, order, offset := p.seek("created_at", "id")
	return s.clubPaged(ctx, p, `SELECT `+gameCols+` FROM games`+s.indexedBy("games_open")+` WHERE status = 'inviting' AND open_seats > 0`+cond+`
		ORDER BY `+order+` LIMIT ? OFFSET ?`, append(args, offset, limit)...)
}

// GamesInPlay lists the games in play, the latest move first, along
// game_summaries_playing (migration 00260).
func (s *Store) GamesInPlay(ctx context.Context, p ClubPage, limit int) ([]Listing, bool, error) {
	cond, args, order, offset := p.seek("sm.last_move_at", "sm.game_id")
	return s.clubPaged(ctx, p, `SELECT `+prefixed("g.", gameCols)+` FROM game_summaries sm`+s.indexedBy("game_summaries_playing")+`
		JOIN games g ON g.id = sm.game_id WHERE sm.status = 'active'`+cond+` ORDER BY `+order+` LIMIT ? OFFSET ?`, append(args, offset, limit)...)
}

// ClubPage says which page of a list to read: the first, the rows after
// (or with Back, before) a row's key, or for an old ?page=N link the rows
// from an offset. A keyset page costs what the first costs; an offset
// reads and skips every row before it.
type ClubPage struct {
	Offset int
	Key    *ClubKey
	Back   bool
}

// ClubKey is where a row stands in a list's order, newest first: its
// time (created, last move or end, by list), and its id among the rows
// of the same moment.
type ClubKey struct {
	At time.Time
	ID int64
}

// seek says how to read page p of a list ordered by (at, id), newest
// first: a condition to add (" AND ..."), its arguments, the order and
// the offset. With a key it is a row value compared along the list's
// index (at, id): the page starts at the key, whatever its depth; Back
// reads the other way (clubPaged turns the rows round).
func (p ClubPage) seek(at, id string) (cond string, args []any, order string, offset int) {
	order = at + " DESC, " + id + " DESC"
	if p.Key == nil {
		return "", nil, order, p.Offset
	}
	cmp := "<"
	if p.Back {
		cmp, order = ">", at+", "+id
	}
	return " AND (" + at + ", " + id + ") " + cmp + " (?, ?)", []any{p.Key.At.UTC(), p.Key.ID}, order, 0
}

// clubPaged runs clubList for page p and returns the rows newest first
// whichever way they were read.
func (s *Store) clubPaged(ctx context.Context, p ClubPage, q string, args ...any) ([]Listing, bool, error) {
	out, more, err := s.clubList(ctx, q, args...)
	if p.Key != nil && p.Back {
		slices.Reverse(out)
	}
	return out, more, err
}

// FinishedGames lists the games that were played and ended (not those
// cancelled or expired before they started), the latest end first. more
// says whether more rows follow in the direction read (with p.Back: newer
// ones); the rows are newest first either way.
func (s *Store) FinishedGames(ctx context.Context, f ClubFilter, p ClubPage, limit int) ([]Listing, bool, error) {
	var where []string
	var args []any
	if f.Kind != "" {
		where, args = append(where, "game_id = ?"), append(args, f.Kind)
	}
	if !f.Month.IsZero() {
		from := f.Month.UTC()
		where, args = append(where, "finished_at >= ? AND finished_at < ?"), append(args, from, from.AddDate(0, 1, 0))
	}
	if f.UserID != 0 {
		where, args = append(where, "id IN (SELECT game_id FROM seats WHERE user_id = ?)"), append(args, f.UserID)
	}
	from := `games`
	if f.Kind == "" && f.UserID == 0 {
		// Newest first along games_finished (month: a range of it), not
		// every finished game by games_status and a sort, which SQLite
		// picks without ANALYZE's statistics.
		from = `games` + s.indexedBy("games_finished")
	}
	cond, kargs, order, offset := p.seek("finished_at", "id")
	q := `SELECT ` + gameCols + ` FROM ` + from + ` WHERE status = 'finished' AND ending NOT IN ('cancelled', 'expired')`
	for _, w := range where {
		q += " AND " + w
	}
	q += cond + ` ORDER BY ` + order + ` LIMIT ? OFFSET ?`
	args = append(append(args, kargs...), offset, limit)
	return s.clubPaged(ctx, p, q, args...)
}

// clubList runs a paged query of games (its last two arguments are the
// offset and limit, in that order here) and adds their summaries and seats.
func (s *Store) clubList(ctx context.Context, q string, args ...any) ([]Listing, bool, error) {
	n := len(args)
	offset, limit := args[n-2].(int), args[n-1].(int)
	limit = min(max(limit, 1), clubPage)
	offset = max(offset, 0)
	args[n-2], args[n-1] = limit+1, offset // LIMIT ? OFFSET ?
	db := s.db.WithContext(ctx)
	games, err := queryRows(db, scanGame, q, args...)
	if err != nil {
		return nil, false, err
	}
	more := len(games) > limit
	if more {
		games = games[:limit]
	}
	out, err := s.listings(db, games)
	return out, more, err
}

// listings adds summaries and seats to a page of games: two queries.
func (s *Store) listings(db *gorm.DB, games []Game) ([]Listing, error) {
	if len(games) == 0 {
		return nil, nil
	}
	ids := make([]any, len(games))
	marks := make([]string, len(games))
	for i, g := range games {
		ids[i], marks[i] = g.ID, "?"
	}
	in := "(" + strings.Join(marks, ",") + ")"
	sums, err := queryRows(db, scanSummary, `SELECT `+summaryCols+` FROM game_summaries WHERE game_id IN `+in, ids...)
	if err != nil {
		return nil, err
	}
	seats, err := queryRows(db, scanSeat, `SELECT `+seatCols+` FROM seats WHERE game_id IN `+in+` ORDER BY game_id, seat`, ids...)
	if err != nil {
		return nil, err
	}
	return s.joinListings(db, games, sums, seats)
}

// MemberNamed finds a member by display name or address (any case), for
// the player filter; ErrNotFound when none, or when the name is several
// members'.
func (s *Store) MemberNamed(ctx context.Context, name string) (*User, error) {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 254 {
		return nil, ErrNotFound
	}
	byName := `u.display_name = ? COLLATE NOCASE` // users_name
	if s.pg {
		byName = `lower(u.display_name) = lower(?)` // users_name on PostgreSQL
	}
	us, err := queryRows(s.db.WithContext(ctx), scanUser, `SELECT `+userCols+` FROM users u
		WHERE `+byName+` OR u.email = ? LIMIT 2`, name, strings.ToLower(name))
	if err != nil {
		return nil, err
	}
	if len(us) != 1 {
		return nil, ErrNotFound
	}
	return &us[0], nil
}
