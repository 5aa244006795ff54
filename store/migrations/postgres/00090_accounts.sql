-- PostgreSQL twin of 00090 (a finished game's account): the game's id is
-- a BIGINT here.

-- +goose Up
CREATE TABLE game_accounts (
    game_id BIGINT PRIMARY KEY REFERENCES games(id),
    account TEXT   NOT NULL
);

-- +goose Down
DROP TABLE game_accounts;
