-- "Your games" (issue 20): a finished game keeps its players' names
-- beside it (derived: NULL until the game is finished, then its seats'
-- names in seat order as a JSON array; written in the transaction that
-- ends the game, rebuilt and verified), so a page of a member's finished
-- games reads one value a game instead of every seat of twenty games. A
-- finished game's seats no longer change (a substitute takes a seat of a
-- game in play only).

-- +goose Up
ALTER TABLE games ADD COLUMN players TEXT;
UPDATE games SET players = (SELECT json_group_array(name ORDER BY seat) FROM seats WHERE seats.game_id = games.id)
    WHERE status = 'finished';

-- +goose Down
ALTER TABLE games DROP COLUMN players;
