-- PostgreSQL twin of 00305 (page parts kept for games in play too): a
-- row says whether it was made of the game in play or finished, in a
-- column in front of the large ones (the table is made again: its rows
-- are a cache of one build's pages, which any new build makes again).

-- +goose Up
DROP TABLE page_parts;
CREATE TABLE page_parts (
    game_id  BIGINT      NOT NULL REFERENCES games(id),
    version  TEXT        NOT NULL,
    lang     TEXT        NOT NULL,
    status   TEXT        NOT NULL,
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
-- The keeper's search for due games asks of each game whether it has a
-- row of this build, status and move count: answered by this index
-- alone, without a look at each row (8-9 ms at the 10,000-game club,
-- 25-45 ms reading the rows).
CREATE INDEX page_parts_due ON page_parts(game_id, version, status, moves);

-- +goose Down
DROP TABLE page_parts;
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
