package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"rondel/game"
)

// "Your games" reads a member's games in two parts: those not finished
// (in play or waiting for players; a member has few at a time), all at
// once, and the finished ones, which grow without end, a page at a time
// by key (the club's ClubPage and ClubKey), so a deep page costs what the
// first costs. Each game is read with only the columns the list shows.

// YourGame is one game on a member's "your games": what the list says of
// it, read without the game's options, result, seed or log (each column
// read costs the page, docs/performance.md "The dashboard and the
// ladder").
type YourGame struct {
	ID         int64
	Kind       string
	Name       string
	Status     string
	Ending     string
	FinishedAt *time.Time
	// Of a game not finished only (the list says a finished game's end):
	LastMoveAt time.Time  // the summary's: the last move, else the start, else the creation
	ToAct      string     // the summary's open decisions (Decisions)
	Seats      []YourSeat // of a finished game only their names, in seat order

	noSummary   bool // the game has no summary stored yet: yourSeats makes one
	noPlayers   bool // a finished game whose kept names (games.players) cannot be read plainly
	notFinished bool // listed as finished by its seats' end, not by its own status
}

// YourSeat is a seat of a YourGame, in seat order.
type YourSeat struct {
	Seat     int
	UserID   int64
	Name     string // the player's name when the game was made
	Accepted bool
}

// Decisions decodes the open decisions, as Summary.Decisions does.
func (g *YourGame) Decisions() []game.Decision { return readDecisions(g.ToAct) }

// SeatOf returns userID's seat number in the game, or -1.
func (g *YourGame) SeatOf(userID int64) int {
	for _, st := range g.Seats {
		if st.UserID == userID {
			return st.Seat
		}
	}
	return -1
}

// YourGames reads userID's "your games": the games in play or waiting for
// players (a member has few at a time), all, newest first, with their
// seats (two queries); and up to limit finished ones (cancelled ones too:
// the member saw them on their list) from the page p says, the latest end
// first (more says whether more follow in the direction read; with
// p.Back: newer ones): their ids in one query, the games not kept from an
// earlier page in another (finishedGames). The member's seats keep their
// games' end (endSeats), so both lists are found by the index
// seats_user_end: the open games from the few seats without an end, the
// finished ones in the order of their ends, a page's worth.
func (s *Store) YourGames(ctx context.Context, userID int64, p ClubPage, limit int) (open, finished []YourGame, more bool, err error) {
	db := s.db.WithContext(ctx)
	if open, err = queryRows(db, scanYourGame, yourCols+` FROM games g LEFT JOIN game_summaries sm ON sm.game_id = g.id
		WHERE g.id IN (SELECT game_id FROM seats WHERE user_id = ? AND game_finished_at IS NULL)
		ORDER BY g.created_at DESC, g.id DESC`, userID); err != nil {
		return nil, nil, false, err
	}
	limit = min(max(limit, 1), clubPage)
	cond, args, order, offset := p.seek("s.game_finished_at", "s.game_id")
	ids, err := queryRowsCap(db, limit+1, scanID, `SELECT s.game_id FROM seats s WHERE s.user_id = ? AND s.game_finished_at IS NOT NULL`+cond+
		` ORDER BY `+order+` LIMIT ? OFFSET ?`, append(append([]any{userID}, args...), limit+1, offset)...)
	if err != nil {
		return nil, nil, false, err
	}
	// A member holds one seat of a game (new games and imports refuse a
	// second); should one hold two, the game is listed once.
	ids = slices.Compact(ids)
	if more = len(ids) > limit; more {
		ids = ids[:limit]
	}
	if p.Key != nil && p.Back {
		slices.Reverse(ids)
	}
	if finished, err = s.finishedGames(db, ids); err != nil {
		return nil, nil, false, err
	}
	if err := s.yourSeats(db, open); err != nil {
		return nil, nil, false, err
	}
	return open, finished, more, nil
}

// endedBytes bounds the finished games "your games" keeps (about 550
// bytes each with the cache's own): the first pages of every member of the
// 10,000-game club (5,729 games, 941 members) fit, with room. A page
// missing one game reads the games missing in a query: with too small a
// bound most pages would.
const endedBytes = 4 << 20

// finishedGames returns the finished games of ids, in their order, as
// "your games" lists them: kept from an earlier page (s.ended) or read, in
// one query for those not kept, and kept. What the list says of a
// finished game (its kind, name, ending, end and players' names) does not
// change once it is finished (a substitute takes a seat of a game in play
// only, rebuild writes the same names), so a game kept is never stale; the
// member's page of ids (their seats' ends, an index's rows) is read each
// time. At the 10,000-game club the finished games' rows were a third of
// the page's CPU: each a page of the games table, rarely in SQLite's cache
// (docs/performance.md).
func (s *Store) finishedGames(db *gorm.DB, ids []int64) ([]YourGame, error) {
	out := make([]YourGame, len(ids))
	var missing []any
	for i, id := range ids {
		if g, ok := s.ended.Get(id); ok {
			out[i] = g
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	read, err := queryRowsCap(db, len(missing), scanFinishedGame, `SELECT id, game_id, name, ending, finished_at, players, status FROM games
		WHERE id IN (?`+strings.Repeat(",?", len(missing)-1)+`)`, missing...)
	if err != nil {
		return nil, err
	}
	var unkept []YourGame
	for _, g := range read {
		if g.noPlayers {
			unkept = append(unkept, g)
		}
	}
	if err := seatsOf(db, unkept, `seat, name`, func(rows *sql.Rows, id *int64, st *YourSeat) error {
		return rows.Scan(id, &st.Seat, &st.Name)
	}); err != nil {
		return nil, err
	}
	byID := make(map[int64]YourGame, len(read))
	for _, g := range read {
		byID[g.ID] = g
	}
	for _, g := range unkept {
		byID[g.ID] = g
	}
	for i, id := range ids {
		if out[i].ID != 0 {
			continue
		}
		g := byID[id] // a seat's game is there (a foreign key)
		g.noPlayers = false
		out[i] = g
		if g.notFinished { // its seats say it ended, the game not (verify names it): listed, not kept
			continue
		}
		size := int64(len(g.Kind)+len(g.Name)+len(g.Ending)) + 160
		for _, st := range g.Seats {
			size += int64(len(st.Name)) + 40
		}
		s.ended.Put(id, g, size)
	}
	return out, nil
}

// yourCols are what a YourGame says, with the summary's game id (NULL when
// the game has no summary yet).
const yourCols = `SELECT g.id, g.game_id, g.name, g.status, g.ending, g.finished_at, sm.game_id, sm.last_move_at, sm.to_act`

// scanFinishedGame reads a finished game's id, kind, name, ending, end,
// players' names and status.
func scanFinishedGame(rows *sql.Rows) (YourGame, error) {
	g := YourGame{Status: StatusFinished}
	var finished sql.NullTime
	var players sql.RawBytes
	var status string
	err := rows.Scan(&g.ID, &g.Kind, &g.Name, &g.Ending, &finished, &players, &status)
	g.notFinished = status != StatusFinished
	g.FinishedAt = nullTime(finished)
	g.Seats, g.noPlayers = readPlayers(players)
	return g, wrapErr(err, "scan your finished game")
}

// readPlayers reads a finished game's kept names (games.players, a JSON
// array in seat order) as its seats; missing when they are not kept (a
// database not rebuilt since they are) or not in the plain form read here
// (a name with an escape, bytes that are not UTF-8): those games' names
// are read from their seats, so the list says what the seats say in every
// case. The names are cut from one string.
func readPlayers(b []byte) (seats []YourSeat, missing bool) {
	if b == nil {
		return nil, true
	}
	s := string(b)
	if !utf8.ValidString(s) {
		return nil, true
	}
	seats = make([]YourSeat, 0, strings.Count(s, ",")+1)
	i := skipSpace(s, 0)
	if i == len(s) || s[i] != '[' {
		return nil, true
	}
	if i = skipSpace(s, i+1); i < len(s) && s[i] == ']' {
		return seats, skipSpace(s, i+1) != len(s)
	}
	for i < len(s) && s[i] == '"' {
		end := strings.IndexByte(s[i+1:], '"')
		if end < 0 {
			return nil, true
		}
		name := s[i+1 : i+1+end]
		if strings.ContainsFunc(name, func(r rune) bool { return r == '\\' || r < 0x20 }) {
			return nil, true
		}
		seats = append(seats, YourSeat{Seat: len(seats), Name: name})
		switch i = skipSpace(s, i+2+end); {
		case i < len(s) && s[i] == ',':
			i = skipSpace(s, i+1)
		case i < len(s) && s[i] == ']':
			return seats, skipSpace(s, i+1) != len(s)
		default:
			return nil, true
		}
	}
	return nil, true
}

// skipSpace returns the first index from i of s that is not JSON's white
// space.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

func scanYourGame(rows *sql.Rows) (YourGame, error) {
	var g YourGame
	var finished, last sql.NullTime
	var sum sql.NullInt64
	var toAct sql.NullString
	err := rows.Scan(&g.ID, &g.Kind, &g.Name, &g.Status, &g.Ending, &finished, &sum, &last, &toAct)
	g.FinishedAt = nullTime(finished)
	g.LastMoveAt, g.ToAct = last.Time.UTC(), toAct.String
	g.noSummary = !sum.Valid // a database not rebuilt since summaries exist
	return g, wrapErr(err, "scan your game")
}

// yourSeats reads the seats of the open games given in one query (their
// numbers, members, names and whether they accepted), and makes the
// summary of any that has none.
func (s *Store) yourSeats(db *gorm.DB, open []YourGame) error {
	for i := range open {
		if open[i].noSummary {
			if err := s.yourSummary(db, &open[i]); err != nil {
				return err
			}
		}
	}
	return seatsOf(db, open, yourSeatText, yourSeatScanner())
}

// yourSeatText is what the list says of an open game's seat, written by
// the database as one text: its number, member and whether they accepted
// (whole numbers), then the name (the rest, whatever it holds). Each value
// read is several calls into the driver and a value boxed, and a member's
// open games have dozens of seats (docs/performance.md).
const yourSeatText = `CAST(seat AS TEXT) || ' ' || CAST(user_id AS TEXT) || ' ' ||
	CASE WHEN accepted_at IS NULL THEN '0' ELSE '1' END || ' ' || name`

// yourSeatScanner reads a game's id and yourSeatText, into a text made
// once a query (a value given to Scan is made on the heap).
func yourSeatScanner() func(*sql.Rows, *int64, *YourSeat) error {
	var text string
	return func(rows *sql.Rows, id *int64, st *YourSeat) error {
		if err := rows.Scan(id, &text); err != nil {
			return wrapErr(err, "scan your seat")
		}
		return yourSeatOf(text, st)
	}
}

// yourSeatOf reads yourSeatText.
func yourSeatOf(text string, st *YourSeat) error {
	seat, rest, ok1 := strings.Cut(text, " ")
	user, rest, ok2 := strings.Cut(rest, " ")
	accepted, name, ok3 := strings.Cut(rest, " ")
	n, err1 := strconv.Atoi(seat)
	u, err2 := strconv.ParseInt(user, 10, 64)
	if !ok1 || !ok2 || !ok3 || err1 != nil || err2 != nil || (accepted != "0" && accepted != "1") {
		return fmt.Errorf("your seat: %q", text)
	}
	st.Seat, st.UserID, st.Accepted, st.Name = n, u, accepted == "1", name
	return nil
}

// seatsOf reads the columns cols of the seats of games, in seat order, by
// scan (which reads the game's id first).
func seatsOf(db *gorm.DB, games []YourGame, cols string, scan func(*sql.Rows, *int64, *YourSeat) error) error {
	if len(games) == 0 {
		return nil
	}
	byID := make(map[int64]*YourGame, len(games))
	ids := make([]any, len(games))
	for i := range games {
		byID[games[i].ID], ids[i] = &games[i], games[i].ID
	}
	q := `SELECT game_id, ` + cols + ` FROM seats WHERE game_id IN (?` + strings.Repeat(",?", len(ids)-1) + `) ORDER BY game_id, seat`
	rows, ok, err := plainQuery(db, q, ids) // without GORM's building: the ids are plain
	if !ok {
		rows, err = db.Raw(q, ids...).Rows()
	}
	if err != nil {
		return fmt.Errorf("your seats: %w", err)
	}
	defer rows.Close()
	// The seats in one slice (games have a few each), each game's a part
	// of it: their rows come by game.
	var id int64
	var st YourSeat
	seats := make([]YourSeat, 0, 6*len(games))
	gameOf := make([]int64, 0, 6*len(games))
	for rows.Next() {
		if err := scan(rows, &id, &st); err != nil {
			return wrapErr(err, "scan your seat")
		}
		seats, gameOf = append(seats, st), append(gameOf, id)
	}
	if err := rows.Err(); err != nil {
		return wrapErr(err, "your seats")
	}
	for i := 0; i < len(seats); {
		j := i + 1
		for j < len(seats) && gameOf[j] == gameOf[i] {
			j++
		}
		if g := byID[gameOf[i]]; g != nil {
			g.Seats = seats[i:j:j]
		}
		i = j
	}
	return nil
}

// yourSummary fills in the summary of a game that has none stored.
func (s *Store) yourSummary(db *gorm.DB, g *YourGame) error {
	full, err := queryRows(db, scanGame, `SELECT `+gameCols+` FROM games WHERE id = ?`, g.ID)
	if err != nil || len(full) == 0 {
		return wrapErr(err, "store: your games (game %d)", g.ID)
	}
	sm, err := s.summaryFor(db, &full[0])
	if err != nil {
		return err
	}
	g.LastMoveAt, g.ToAct = sm.LastMoveAt, sm.ToAct
	return nil
}

// seatsEndSQL is what seats.game_finished_at holds (migration 00280): the
// end of the seat's game once it is finished, else NULL.
const seatsEndSQL = `(SELECT g.finished_at FROM games g WHERE g.id = seats.game_id AND g.status = 'finished')`

// playersSQL is what games.players holds (migration 00295): a finished
// game's seats' names in seat order as a JSON array, else NULL. The same
// expression writes and checks it, so each database's own JSON form is
// what is compared (PostgreSQL's has spaces after the commas).
func playersSQL(tx *gorm.DB) string {
	agg := `json_group_array(name ORDER BY seat)`
	if onPostgres(tx) {
		agg = `json_agg(name ORDER BY seat)::text`
	}
	return `(CASE WHEN games.status = 'finished' THEN (SELECT ` + agg + ` FROM seats WHERE seats.game_id = games.id) END)`
}

// endSeats keeps the game's end beside its seats, and its players' names
// beside the game, in the transaction that ends it (or imports it ended),
// so "your games" finds a member's open and finished games by the index
// seats_user_end and says a finished game's players without its seats.
func endSeats(tx *gorm.DB, gameID int64) error {
	if err := tx.Exec(`UPDATE seats SET game_finished_at = `+seatsEndSQL+` WHERE game_id = ?`, gameID).Error; err != nil {
		return wrapErr(err, "store: the seats' end (game %d)", gameID)
	}
	return wrapErr(tx.Exec(`UPDATE games SET players = `+playersSQL(tx)+` WHERE id = ?`, gameID).Error,
		"store: the players' names (game %d)", gameID)
}

// rebuildEnds writes every seat's end and every game's players' names
// (rebuild).
func rebuildEnds(tx *gorm.DB) error {
	if err := tx.Exec(`UPDATE seats SET game_finished_at = ` + seatsEndSQL).Error; err != nil {
		return fmt.Errorf("the seats' ends: %w", err)
	}
	return wrapErr(tx.Exec(`UPDATE games SET players = `+playersSQL(tx)).Error, "the players' names")
}

// checkSeatsEnd reports every seat whose game's end beside it is not its
// game's, and every game whose players' names beside it are not its
// seats' (verify).
func checkSeatsEnd(db *gorm.DB, problem func(string, ...any)) error {
	type wrong struct{ GameID, Seat int64 }
	var ws []wrong
	if err := db.Raw(`SELECT game_id, seat FROM seats WHERE game_finished_at IS DISTINCT FROM ` + seatsEndSQL +
		` ORDER BY game_id, seat`).Scan(&ws).Error; err != nil {
		return fmt.Errorf("check the seats' ends: %w", err)
	}
	for _, w := range ws {
		problem("game %d: seat %d keeps an end that is not its game's", w.GameID, w.Seat)
	}
	var ids []int64
	if err := db.Raw(`SELECT id FROM games WHERE players IS DISTINCT FROM ` + playersSQL(db) + ` ORDER BY id`).Scan(&ids).Error; err != nil {
		return fmt.Errorf("check the players' names: %w", err)
	}
	for _, id := range ids {
		problem("game %d keeps players' names that are not its seats'", id)
	}
	return nil
}

// GameClocksOf returns the clocks of the games given (those that have
// one), by game: one query for a page of games.
func (s *Store) GameClocksOf(ctx context.Context, ids []int64) (map[int64]GameClock, error) {
	out := map[int64]GameClock{}
	if len(ids) == 0 {
		return out, nil
	}
	var cs []GameClock
	if err := s.db.WithContext(ctx).Where("game_id IN ?", ids).Find(&cs).Error; err != nil {
		return nil, wrapErr(err, "store: game clocks of")
	}
	for _, c := range cs {
		out[c.GameID] = c
	}
	return out, nil
}
