-- A finished game told in numbers (game.Account: the series its page
-- plots and its table of statistics), as the game contract's JSON. It is
-- derived data: made from the log when the game ends, in the same
-- transaction, so a finished game's page never replays the game; `rondel
-- rebuild` makes it again, `rondel verify` checks it. One row per
-- finished game of a kind that keeps an account.

-- +goose Up
CREATE TABLE game_accounts (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    account TEXT    NOT NULL
);

-- +goose Down
DROP TABLE game_accounts;
