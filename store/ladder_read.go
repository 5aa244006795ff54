package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"rondel/store/rating"
)

// Ratings is the part of the store that reads the stored ladders and
// rating changes (ladder.go writes them as rated games end). Each call
// reads the rows it shows, never the games behind them. Reach it as
// store.Ratings().
type Ratings struct{ s *Store }

// Ratings returns the store's ladder-reading part.
func (s *Store) Ratings() Ratings { return Ratings{s} }

// LadderTable returns one ladder of a kind (ladder "" for all time, else
// a season's name), best first, ranked as rating.Ladder.Table ranks.
func (rt Ratings) LadderTable(ctx context.Context, kind, ladder string) ([]rating.Standing, error) {
	out, err := queryRows(rt.s.db.WithContext(ctx), func(rs *sql.Rows) (rating.Standing, error) {
		var r ratingRow
		err := rs.Scan(&r.UserID, &r.Mu, &r.Sigma, &r.Games, &r.Wins)
		return r.standing(), err
	}, `SELECT user_id, mu, sigma, games, wins FROM ladder_ratings WHERE kind = ? AND ladder = ?`, kind, ladder)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []rating.Standing{} // as rating.Ladder.Table gives an empty ladder
	}
	return rating.RankTable(out), nil
}

// LadderStanding returns a member's row on a kind's all-time ladder, with
// their rank, and false if they have no rated game of that kind.
func (rt Ratings) LadderStanding(ctx context.Context, kind string, userID int64) (rating.Standing, bool, error) {
	db := rt.s.db.WithContext(ctx)
	var rows []ratingRow
	if err := db.Where("kind = ? AND ladder = '' AND user_id = ?", kind, userID).Limit(1).Find(&rows).Error; err != nil || len(rows) == 0 {
		return rating.Standing{}, false, wrapErr(err, "store: ladder standing (user %d)", userID)
	}
	st := rows[0].standing()
	rank, err := rankAt(db, kind, "", rows[0].Ordinal)
	if err != nil {
		return rating.Standing{}, false, fmt.Errorf("store: ladder standing (user %d): %w", userID, err)
	}
	st.Rank = rank
	return st, true, nil
}

// RatingHistory returns a member's all-time rating after each of their
// rated games of a kind, oldest first.
func (rt Ratings) RatingHistory(ctx context.Context, kind string, userID int64) ([]rating.Point, error) {
	var rows []changeRow
	if err := rt.s.db.WithContext(ctx).Where("user_id = ? AND kind = ?", userID, kind).Order("at, game_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: rating history (user %d): %w", userID, err)
	}
	out := make([]rating.Point, len(rows))
	for i, r := range rows {
		out[i] = rating.Point{Game: LadderGameID(r.GameID), At: r.At.UTC(), Rating: rating.Rating{Mu: r.MuAfter, Sigma: r.SigmaAfter}}
	}
	// Games of the same moment go in the ladder's order (ids as text).
	slices.SortStableFunc(out, func(a, b rating.Point) int {
		switch {
		case rating.Before(rating.Game{ID: a.Game, At: a.At}, rating.Game{ID: b.Game, At: b.At}):
			return -1
		case rating.Before(rating.Game{ID: b.Game, At: b.At}, rating.Game{ID: a.Game, At: a.At}):
			return 1
		}
		return 0
	})
	return out, nil
}

// GameRatings returns everyone's all-time rating change in one rated
// game, by seat, and false if the ladder has not rated it.
func (rt Ratings) GameRatings(ctx context.Context, gameID int64) (rating.Rated, bool, error) {
	rows, err := readRowsCap(ctx, rt.s, 0, scanChange, `SELECT `+changeCols+` FROM rating_changes WHERE game_id = ? ORDER BY seat`, gameID)
	if err != nil || len(rows) == 0 {
		return rating.Rated{}, false, wrapErr(err, "store: game ratings (game %d)", gameID)
	}
	out := rating.Rated{Game: LadderGameID(gameID), At: rows[0].At.UTC()}
	for _, r := range rows {
		out.Changes = append(out.Changes, r.change())
	}
	return out, true, nil
}

// MemberRatingChanges returns a member's all-time rating change in each
// of their rated games, by game id.
func (rt Ratings) MemberRatingChanges(ctx context.Context, userID int64) (map[int64]rating.Change, error) {
	var rows []changeRow
	if err := rt.s.db.WithContext(ctx).Where("user_id = ?", userID).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: member rating changes (user %d): %w", userID, err)
	}
	out := make(map[int64]rating.Change, len(rows))
	for _, r := range rows {
		out[r.GameID] = r.change()
	}
	return out, nil
}

// LadderRow is one member's line on a ladder page: their standing, name
// and reliability.
type LadderRow struct {
	rating.Standing
	Name        string // display name, else address
	Reliability Reliability
}

// LadderPage returns one ladder of a kind ("" for all time, else a
// season's name) ranked as LadderTable ranks it, with each member's name
// and reliability: one query.
func (rt Ratings) LadderPage(ctx context.Context, kind, ladder string) ([]LadderRow, error) {
	rows, err := queryRows(rt.s.db.WithContext(ctx), func(rs *sql.Rows) (LadderRow, error) {
		var r ratingRow
		var u User
		var median int64
		var lr LadderRow
		err := rs.Scan(&r.UserID, &r.Mu, &r.Sigma, &r.Games, &r.Wins, &u.DisplayName, &u.Email,
			&lr.Reliability.Moves, &lr.Reliability.Timeouts, &median)
		lr.Standing, lr.Name = r.standing(), u.Name()
		lr.Reliability.MedianMove = time.Duration(median) * time.Second
		return lr, err
	}, `SELECT r.user_id, r.mu, r.sigma, r.games, r.wins, u.display_name, u.email,
			COALESCE(rel.moves, 0), COALESCE(rel.timeouts, 0), COALESCE(rel.median_secs, 0)
		FROM ladder_ratings r JOIN users u ON u.id = r.user_id
		LEFT JOIN reliability rel ON rel.kind = r.kind AND rel.user_id = r.user_id
		WHERE r.kind = ? AND r.ladder = ?`, kind, ladder)
	if err != nil {
		return nil, err
	}
	table := make([]rating.Standing, len(rows))
	byMember := make(map[string]LadderRow, len(rows))
	for i, r := range rows {
		table[i] = r.Standing
		byMember[r.Member] = r
	}
	out := make([]LadderRow, len(rows))
	for i, st := range rating.RankTable(table) {
		out[i] = byMember[st.Member]
		out[i].Standing = st
	}
	return out, nil
}
