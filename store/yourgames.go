package store

import (
	"context"
	"slices"
)

// "Your games" reads a member's games in two parts: those not finished
// (in play or waiting for players; a member has few at a time), all at
// once, and the finished ones, which grow without end, a page at a time
// by key (the club's ClubPage and ClubKey), so a deep page costs what the
// first costs.

// UnfinishedGamesOf lists the games userID has a seat in that are in play
// or waiting for players, newest first, with their summaries and seats:
// three queries.
func (s *Store) UnfinishedGamesOf(ctx context.Context, userID int64) ([]Listing, error) {
	db := s.db.WithContext(ctx)
	games, err := queryRows(db, scanGame, `SELECT `+gameCols+` FROM games
		WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) AND status <> 'finished'
		ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, err
	}
	return s.listings(db, games)
}

// FinishedGamesOf lists up to limit finished games userID had a seat in
// (cancelled ones too: the member saw them on their list), the latest end
// first, from the page p says; more says whether more rows follow in the
// direction read (with p.Back: newer ones). Rows are newest first either
// way.
func (s *Store) FinishedGamesOf(ctx context.Context, userID int64, p ClubPage, limit int) ([]Listing, bool, error) {
	q := `SELECT ` + gameCols + ` FROM games
		WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) AND status = 'finished'`
	args := []any{userID}
	order, offset := `finished_at DESC, id DESC`, p.Offset
	if p.Key != nil {
		cmp := "<"
		if p.Back {
			cmp, order = ">", `finished_at, id`
		}
		q += ` AND (finished_at, id) ` + cmp + ` (?, ?)`
		args = append(args, p.Key.At.UTC(), p.Key.ID)
		offset = 0
	}
	out, more, err := s.clubList(ctx, q+` ORDER BY `+order+` LIMIT ? OFFSET ?`, append(args, offset, limit)...)
	if p.Key != nil && p.Back {
		slices.Reverse(out)
	}
	return out, more, err
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
