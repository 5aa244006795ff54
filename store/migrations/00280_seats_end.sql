-- "Your games" (issue 20): each seat keeps its game's end beside it
-- (derived: NULL until the game is finished, then the game's finished_at;
-- written in the transaction that ends the game, rebuilt and verified),
-- so seats_user_end gives a member's open games and a page of their
-- finished ones, the latest end first, without reading every seat of the
-- member's history.

-- +goose Up
ALTER TABLE seats ADD COLUMN game_finished_at DATETIME;
UPDATE seats SET game_finished_at = (SELECT g.finished_at FROM games g WHERE g.id = seats.game_id AND g.status = 'finished');
CREATE INDEX seats_user_end ON seats(user_id, game_finished_at, game_id);

-- +goose Down
DROP INDEX seats_user_end;
ALTER TABLE seats DROP COLUMN game_finished_at;
