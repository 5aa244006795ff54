-- PostgreSQL twin of 00275 (where a game stood after each row of its
-- log, for the history's rounds and sides): 64-bit references.

-- +goose Up
CREATE TABLE move_progress (
    game_id BIGINT  NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    round   INTEGER NOT NULL,
    side    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- +goose Down
DROP TABLE move_progress;
