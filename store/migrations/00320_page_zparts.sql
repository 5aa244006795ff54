-- A kept page's large parts compressed once, for readers whose browsers
-- take gzip (issue 20; handlers/kept_zparts.go). A page so read goes out
-- as one gzip member made of these pieces and, uncompressed, what is the
-- reader's own: a fifth of the bytes, and a fifth of the row read. One
-- row holds what every viewer sees (viewer -2: the overview, a finished
-- game's account, the last moves and, in play, what a take-back asks of
-- the last of them), one row each viewer's own (-1, the viewer with no
-- seat, then each seat: the board, the strip and the result), so a page
-- reads two small rows and no moves. They are made and dropped
-- with the game's page_parts row, in the same transactions, and say the
-- same move count and names.

-- +goose Up
CREATE TABLE page_zparts (
    game_id INTEGER NOT NULL REFERENCES games(id),
    version TEXT    NOT NULL,
    lang    TEXT    NOT NULL,
    viewer  INTEGER NOT NULL,
    moves   INTEGER NOT NULL,
    names   INTEGER NOT NULL,
    status  TEXT    NOT NULL,
    recent  TEXT    NOT NULL,   -- the last moves in words ('' but in viewer -2's)
    last    TEXT    NOT NULL,   -- the last move's seat, maker, take-back and member ('' if none, or finished)
    parts   BLOB    NOT NULL,
    PRIMARY KEY (game_id, version, lang, viewer)
);

-- +goose Down
DROP TABLE page_zparts;
