-- PostgreSQL twin of 00300 (a finished game's page parts as drawn and
-- said, a cache of the pages kept in the database): 64-bit references.

-- +goose Up
CREATE TABLE page_parts (
    game_id  BIGINT      NOT NULL REFERENCES games(id),
    version  TEXT        NOT NULL,
    lang     TEXT        NOT NULL,
    moves    INTEGER     NOT NULL,
    names    BIGINT      NOT NULL,
    made_at  TIMESTAMPTZ NOT NULL,
    overview TEXT        NOT NULL,
    account  TEXT        NOT NULL,
    recent   TEXT        NOT NULL,
    seats    TEXT        NOT NULL,
    board    TEXT        NOT NULL,
    PRIMARY KEY (game_id, version, lang)
);

-- +goose Down
DROP TABLE page_parts;
