-- The club page's games in play page by key (issue 20): the latest move
-- first from any (last_move_at, game_id), which game_summaries_idle
-- (status, last_move_at) cannot seek to on PostgreSQL (it lacks the id
-- that breaks ties).

-- +goose Up
CREATE INDEX game_summaries_playing ON game_summaries(last_move_at, game_id) WHERE status = 'active';

-- +goose Down
DROP INDEX game_summaries_playing;
