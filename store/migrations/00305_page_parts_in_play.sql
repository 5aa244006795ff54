-- Page parts kept for games in play too (issue 20): the position a game
-- in play stands at is drawn and said once, after it has stood a while,
-- and read back by its pages like a finished game's, until the next move
-- (a row holds the move count it was made at, and a page uses it only
-- at that count). A row says whether it was made of the game in play or
-- finished: a game ended by agreement keeps its move count, and its
-- page is not the one it had in play.

-- +goose Up
ALTER TABLE page_parts ADD COLUMN status TEXT NOT NULL DEFAULT 'finished';

-- +goose Down
ALTER TABLE page_parts DROP COLUMN status;
