-- PostgreSQL twin of 00320: a kept page's large parts compressed once,
-- a row shared by every viewer (-2) and one per viewer.

-- +goose Up
CREATE TABLE page_zparts (
    game_id BIGINT  NOT NULL REFERENCES games(id),
    version TEXT    NOT NULL,
    lang    TEXT    NOT NULL,
    viewer  INTEGER NOT NULL,
    moves   INTEGER NOT NULL,
    names   BIGINT  NOT NULL,
    status  TEXT    NOT NULL,
    recent  TEXT    NOT NULL,
    last    TEXT    NOT NULL,
    parts   BYTEA   NOT NULL,
    PRIMARY KEY (game_id, version, lang, viewer)
);

-- +goose Down
DROP TABLE page_zparts;
