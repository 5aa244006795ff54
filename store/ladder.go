package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"gorm.io/gorm"

	"rondel/store/rating"
)

// Reasons a player left a game early.
const (
	DropTimeout  = "timeout"  // timed out of the game
	DropDropped  = "dropped"  // dropped by the club
	DropResigned = "resigned" // resigned (store/manage_play.go)
)

// SeatDrop records that a seat's player timed out of a game or was
// dropped from it: on the ladder they rank last in that game. Seats that
// notify dropped after repeated timeouts (seat_clocks.dropped) count too;
// this table is for what notify does not record (a club dropping a player).
type SeatDrop struct {
	ID     int64
	GameID int64
	Seat   int
	Reason string
	At     time.Time
	// UserID is who left, when a substitute may hold the seat since
	// (a resignation); nil: whoever holds the seat.
	UserID *int64
}

// TableName pins the table the migration creates.
func (SeatDrop) TableName() string { return "seat_drops" }

// DropSeat records that seat left the game early (reason DropTimeout or
// DropDropped). Recording it twice keeps the first. A timeout counts on
// the seat holder's reliability; a finished rated game's ladder is rated
// again from that game on.
func (s *Store) DropSeat(ctx context.Context, gameID int64, seat int, reason string) error {
	if reason != DropTimeout && reason != DropDropped && reason != DropResigned {
		return fmt.Errorf("store: unknown reason %q for leaving a game", reason)
	}
	return wrapErr(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Create(&SeatDrop{GameID: gameID, Seat: seat, Reason: reason, At: s.Now()}).Error
		if isUniqueViolation(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if reason == DropTimeout {
			if err := countTimeoutOf(tx, gameID, seat, 0); err != nil {
				return err
			}
		}
		var g Game
		if err := tx.Take(&g, gameID).Error; err != nil {
			return err
		}
		if g.Status == StatusFinished && g.Rated {
			return s.rebuildLadder(tx, g.Kind)
		}
		return nil
	}), "store: drop seat (game %d)", gameID)
}

// LadderGameID is a game's id on the ladder.
func LadderGameID(id int64) string { return strconv.FormatInt(id, 10) }

// The ladders are stored (ladder_ratings, rating_changes) and brought up
// to date when a rated game ends, in the transaction of its last move:
// pages read a few rows. A game that ends before the last one rated (an
// import of an old game) or a change to a rated game (a seat dropped
// afterwards, new seasons) rates the kind's games again from scratch.

// ratedSeats reads, for the finished rated games of one kind (or the one
// game gameID when not 0), each seat and whether its player left early.
// Joins, not lists of ids, so the query is the same whatever the number
// of games.
//
// A seat left early maps to who left it: 0 for its holder, else the
// member who resigned it (a substitute who took the seat afterwards is
// not rated for it: the one who resigned ranks last in their place).
func ratedSeats(tx *gorm.DB, kind string, gameID int64) (map[int64][]Seat, map[[2]int64]int64, error) {
	where, args := `g.game_id = ? AND g.status = ? AND g.rated = ?`, []any{kind, StatusFinished, true}
	if gameID != 0 {
		where, args = `g.id = ?`, []any{gameID}
	}
	var seats []Seat
	if err := tx.Raw(`SELECT s.* FROM seats s JOIN games g ON g.id = s.game_id WHERE `+where+` ORDER BY s.game_id, s.seat`, args...).
		Scan(&seats).Error; err != nil {
		return nil, nil, fmt.Errorf("rated seats (game %d): %w", gameID, err)
	}
	bySeat := map[int64][]Seat{}
	for _, st := range seats {
		bySeat[st.GameID] = append(bySeat[st.GameID], st)
	}
	// notify drops a seat after repeated timeouts (the caretaker then
	// plays it to the end): that player timed out of the game too.
	rows, err := tx.Raw(`SELECT d.game_id, d.seat, COALESCE(d.user_id, 0) FROM seat_drops d JOIN games g ON g.id = d.game_id WHERE `+where+`
		UNION SELECT c.game_id, c.seat, 0 FROM seat_clocks c JOIN games g ON g.id = c.game_id WHERE c.dropped = TRUE AND `+where,
		append(args, args...)...).Rows()
	if err != nil {
		return nil, nil, fmt.Errorf("rated seats (game %d): %w", gameID, err)
	}
	defer rows.Close()
	dropped := map[[2]int64]int64{}
	for rows.Next() {
		var id, seat, who int64
		if err := rows.Scan(&id, &seat, &who); err != nil {
			return nil, nil, fmt.Errorf("rated seats (game %d): %w", gameID, err)
		}
		if k := [2]int64{id, seat}; dropped[k] == 0 {
			dropped[k] = who
		}
	}
	return bySeat, dropped, wrapErr(rows.Err(), "rated seats (game %d)", gameID)
}

// ratedGamesTx returns the finished rated games of one kind as the
// ladder rates them, in rating order. A game counts when it was created
// rated and every seat is taken by a member who accepted it.
func ratedGamesTx(tx *gorm.DB, kind string) ([]rating.Game, error) {
	var games []Game
	if err := tx.Where("game_id = ? AND status = ? AND rated = ?", kind, StatusFinished, true).Find(&games).Error; err != nil {
		return nil, fmt.Errorf("rated games tx: %w", err)
	}
	if len(games) == 0 {
		return nil, nil
	}
	bySeat, dropped, err := ratedSeats(tx, kind, 0)
	if err != nil {
		return nil, err
	}
	var out []rating.Game
	for _, g := range games {
		if rg, ok := ratedGame(g, bySeat[g.ID], dropped); ok {
			out = append(out, rg)
		}
	}
	slices.SortStableFunc(out, func(a, b rating.Game) int {
		switch {
		case rating.Before(a, b):
			return -1
		case rating.Before(b, a):
			return 1
		}
		return 0
	})
	return out, nil
}

// RatedGames returns the finished rated games of one kind (registry id) as
// the ladder rates them: finishing time, each seat's member, place and
// whether they left early (for rebuilding and checking the ladders).
func (s *Store) RatedGames(ctx context.Context, kind string) ([]rating.Game, error) {
	return ratedGamesTx(s.db.WithContext(ctx), kind)
}

// ratedGame makes the ladder's view of one game, or false if it cannot be
// rated (no result, a seat not accepted, places not matching the seats).
func ratedGame(g Game, seats []Seat, dropped map[[2]int64]int64) (rating.Game, bool) {
	res := g.GameResult()
	if res == nil || g.FinishedAt == nil || len(res.Places) != len(seats) || len(seats) < 2 {
		return rating.Game{}, false
	}
	rg := rating.Game{ID: LadderGameID(g.ID), At: g.FinishedAt.UTC()}
	for i, st := range seats {
		if st.AcceptedAt == nil || st.Seat != i {
			return rating.Game{}, false
		}
		who, left := dropped[[2]int64{g.ID, int64(i)}]
		member := st.UserID
		if who != 0 {
			member = who // resigned: rated in place of the substitute
		}
		rg.Players = append(rg.Players, rating.Result{Member: MemberID(member), Place: res.Places[i], Dropped: left})
	}
	if _, err := rating.CheckGame(rg); err != nil {
		return rating.Game{}, false
	}
	return rg, true
}

// rateFinished puts a game that just ended on its kind's ladders.
func (s *Store) rateFinished(tx *gorm.DB, g *Game) error {
	if !g.Rated || g.Status != StatusFinished {
		return nil
	}
	if err := lockLadder(tx, g.Kind); err != nil {
		return err
	}
	bySeat, dropped, err := ratedSeats(tx, g.Kind, g.ID)
	if err != nil {
		return err
	}
	rg, ok := ratedGame(*g, bySeat[g.ID], dropped)
	if !ok {
		return nil
	}
	last, err := lastRated(tx, g.Kind)
	if err != nil {
		return err
	}
	if last != nil && !rating.Before(*last, rg) {
		return s.rebuildLadder(tx, g.Kind) // out of order: rate them all again
	}
	seasons, err := storedSeasons(tx)
	if err != nil {
		return err
	}
	return applyRated(tx, g.Kind, seasons, rg)
}

// lastRated is the last game rated on a kind's all-time ladder, or nil.
func lastRated(tx *gorm.DB, kind string) (*rating.Game, error) {
	var rows []struct {
		GameID int64
		At     time.Time
	}
	// Games finishing at the same moment are rated in the order of their
	// ids as text (rating.Before): read every game of the last moment.
	if err := tx.Raw(`SELECT DISTINCT game_id, at FROM rating_changes WHERE kind = ? AND at = (SELECT MAX(at) FROM rating_changes WHERE kind = ?)`,
		kind, kind).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("last rated: %w", err)
	}
	var last *rating.Game
	for _, r := range rows {
		g := rating.Game{ID: LadderGameID(r.GameID), At: r.At.UTC()}
		if last == nil || rating.Before(*last, g) {
			last = &g
		}
	}
	return last, nil
}

// applyRated rates one game after every game rated so far, on the
// all-time ladder and its season's, from the stored ratings.
func applyRated(tx *gorm.DB, kind string, seasons rating.Seasons, rg rating.Game) error {
	ranks, err := rating.CheckGame(rg)
	if err != nil {
		return fmt.Errorf("apply rated: %w", err)
	}
	model := rating.DefaultModel()
	ladders := []string{""}
	if i := seasons.At(rg.At); i >= 0 {
		ladders = append(ladders, seasons[i].Name)
	}
	for _, ladder := range ladders {
		before := make([]rating.Rating, len(rg.Players))
		counts := make([][2]int, len(rg.Players))
		for i, p := range rg.Players {
			var row ratingRow
			if err := tx.Where("kind = ? AND ladder = ? AND user_id = ?", kind, ladder, memberUserID(p.Member)).
				Limit(1).Find(&row).Error; err != nil {
				return fmt.Errorf("apply rated: %w", err)
			}
			before[i] = model.New()
			if row.UserID != 0 {
				before[i] = rating.Rating{Mu: row.Mu, Sigma: row.Sigma}
				counts[i] = [2]int{row.Games, row.Wins}
			}
		}
		rated := model.RateGame(rg, ranks, before)
		wins := rated.Wins()
		for i, ch := range rated.Changes {
			games, won := counts[i][0]+1, counts[i][1]
			if wins[i] {
				won++
			}
			place, err := movePlace(tx, kind, ladder, memberUserID(ch.Member), ch.After.Ordinal())
			if err != nil {
				return fmt.Errorf("apply rated: %w", err)
			}
			if err := putRating(tx, kind, ladder, memberUserID(ch.Member), ch.After, games, won, place); err != nil {
				return err
			}
			if ladder == "" {
				if err := putChange(tx, kind, rg, i, ch); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ratingRow is one member's standing on one ladder.
type ratingRow struct {
	Kind    string
	Ladder  string
	UserID  int64
	Mu      float64
	Sigma   float64
	Ordinal float64
	Games   int
	Wins    int
	Place   int // in the ladder's order, 1 for the best (ladder_place.go)
}

func (ratingRow) TableName() string { return "ladder_ratings" }

func (r ratingRow) standing() rating.Standing {
	return rating.NewStanding(MemberID(r.UserID), rating.Rating{Mu: r.Mu, Sigma: r.Sigma}, r.Games, r.Wins)
}

func memberUserID(member string) int64 {
	id, _ := strconv.ParseInt(member, 10, 64)
	return id
}

// putRating stores a member's rating at place, which the caller has made
// theirs (movePlace, or a whole ladder written in order).
func putRating(tx *gorm.DB, kind, ladder string, userID int64, r rating.Rating, games, wins, place int) error {
	return wrapErr(tx.Exec(`INSERT INTO ladder_ratings (kind, ladder, user_id, mu, sigma, ordinal, games, wins, place) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (kind, ladder, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
			games = excluded.games, wins = excluded.wins, place = excluded.place`,
		kind, ladder, userID, r.Mu, r.Sigma, r.Ordinal(), games, wins, place).Error, "put rating (user %d)", userID)
}

// changeRow is one seat's rating change in a rated game.
type changeRow struct {
	GameID      int64
	Seat        int
	Kind        string
	UserID      int64
	At          time.Time
	Place       int
	Dropped     bool
	Rank        int
	MuBefore    float64
	SigmaBefore float64
	MuAfter     float64
	SigmaAfter  float64
}

func (changeRow) TableName() string { return "rating_changes" }

func (c changeRow) change() rating.Change {
	return rating.Change{Member: MemberID(c.UserID), Place: c.Place, Dropped: c.Dropped, Rank: c.Rank,
		Before: rating.Rating{Mu: c.MuBefore, Sigma: c.SigmaBefore}, After: rating.Rating{Mu: c.MuAfter, Sigma: c.SigmaAfter}}
}

func putChange(tx *gorm.DB, kind string, rg rating.Game, seat int, ch rating.Change) error {
	return wrapErr(tx.Create(&changeRow{GameID: memberUserID(rg.ID), Seat: seat, Kind: kind, UserID: memberUserID(ch.Member), At: rg.At,
		Place: ch.Place, Dropped: ch.Dropped, Rank: ch.Rank, MuBefore: ch.Before.Mu, SigmaBefore: ch.Before.Sigma,
		MuAfter: ch.After.Mu, SigmaAfter: ch.After.Sigma}).Error, "put change")
}

// rebuildLadder rates every rated game of a kind again, from scratch.
func (s *Store) rebuildLadder(tx *gorm.DB, kind string) error {
	if err := lockLadder(tx, kind); err != nil {
		return err
	}
	seasons, err := storedSeasons(tx)
	if err != nil {
		return err
	}
	ls, err := buildLadders(tx, kind, seasons)
	if err != nil {
		return err
	}
	return writeLadders(tx, kind, ls)
}

// buildLadders rates a kind's games from scratch, as the stored ladders
// must be.
func buildLadders(tx *gorm.DB, kind string, seasons rating.Seasons) (*rating.Ladders, error) {
	games, err := ratedGamesTx(tx, kind)
	if err != nil {
		return nil, err
	}
	l, err := rating.BuildLadders(rating.DefaultModel(), seasons, games)
	return l, wrapErr(err, "build %s ladders", kind)
}

// writeLadders stores a kind's ladders in place of what was stored.
func writeLadders(tx *gorm.DB, kind string, ls *rating.Ladders) error {
	if err := tx.Exec(`DELETE FROM ladder_ratings WHERE kind = ?`, kind).Error; err != nil {
		return fmt.Errorf("write ladders: %w", err)
	}
	if err := tx.Exec(`DELETE FROM rating_changes WHERE kind = ?`, kind).Error; err != nil {
		return fmt.Errorf("write ladders: %w", err)
	}
	put := func(ladder string, l *rating.Ladder) error {
		for i, st := range l.Table() { // in the ladder's order: places 1 to n
			if err := putRating(tx, kind, ladder, memberUserID(st.Member), st.Rating, st.Games, st.Wins, i+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := put("", ls.AllTime); err != nil {
		return fmt.Errorf("write ladders: %w", err)
	}
	for i, l := range ls.Season {
		if err := put(ls.Seasons[i].Name, l); err != nil {
			return fmt.Errorf("write ladders: %w", err)
		}
	}
	for _, r := range ls.AllTime.Games() {
		rg := rating.Game{ID: r.Game, At: r.At}
		for seat, ch := range r.Changes {
			if err := putChange(tx, kind, rg, seat, ch); err != nil {
				return err
			}
		}
	}
	return nil
}

// seasonsJSON is how the seasons are stored.
type seasonJSON struct {
	Name  string    `json:"name"`
	Start time.Time `json:"start"`
}

func encodeSeasons(ss rating.Seasons) string {
	out := make([]seasonJSON, 0, len(ss))
	for _, s := range ss {
		out = append(out, seasonJSON{s.Name, s.Start.UTC()})
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// storedSeasons are the seasons the stored ladders were rated with.
func storedSeasons(tx *gorm.DB) (rating.Seasons, error) {
	var raw []string
	if err := tx.Raw(`SELECT seasons FROM ladder_seasons WHERE id = 1`).Scan(&raw).Error; err != nil {
		return nil, fmt.Errorf("stored seasons: %w", err)
	}
	if len(raw) == 0 {
		return nil, nil
	}
	var in []seasonJSON
	if err := json.Unmarshal([]byte(raw[0]), &in); err != nil {
		return nil, fmt.Errorf("store: stored seasons: %w", err)
	}
	var out rating.Seasons
	for _, s := range in {
		out = append(out, rating.Season{Name: s.Name, Start: s.Start})
	}
	return out, nil
}

// SetSeasons makes seasons the club's ladder seasons: when they differ
// from those the ladders were rated with, every kind's ladders are rated
// again (one transaction). It reports whether they changed.
func (s *Store) SetSeasons(ctx context.Context, seasons rating.Seasons) (bool, error) {
	if err := seasons.Check(); err != nil {
		return false, fmt.Errorf("store: set seasons: %w", err)
	}
	changed := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		old, err := storedSeasons(tx)
		if err != nil {
			return err
		}
		if encodeSeasons(old) == encodeSeasons(seasons) {
			return nil
		}
		changed = true
		if err := tx.Exec(`INSERT INTO ladder_seasons (id, seasons) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET seasons = excluded.seasons`,
			encodeSeasons(seasons)).Error; err != nil {
			return err
		}
		for _, info := range s.reg.List() {
			if err := s.rebuildLadder(tx, info.ID); err != nil {
				return err
			}
		}
		return nil
	})
	return changed, wrapErr(err, "store: set seasons")
}

// Seasons returns the seasons the stored ladders are rated with.
func (s *Store) Seasons(ctx context.Context) (rating.Seasons, error) {
	return storedSeasons(s.db.WithContext(ctx))
}
