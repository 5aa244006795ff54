-- Page parts kept for games in play too (issue 20): the position a game
-- in play stands at is drawn and said once, after it has stood a while,
-- and read back by its pages like a finished game's, until the next move
-- (a row holds the move count it was made at, and a page uses it only
-- at that count). A row says whether it was made of the game in play or
-- finished: a game ended by agreement keeps its move count, and its
-- page is not the one it had in play.
--
-- The table is made again rather than altered: a column added comes last
-- in every row, after the board and the account, and reading it walks
-- their overflow pages (the keeper asks it of every game's row to find
-- the games due: 54 ms at the 10,000-game club, where the columns in
-- front cost 1 ms). The rows are a cache of one build's pages, which any
-- new build makes again: none is lost.

-- +goose Up
DROP TABLE page_parts;
CREATE TABLE page_parts (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    version  TEXT    NOT NULL,   -- the build that drew and said them
    lang     TEXT    NOT NULL,   -- '' for a game with none
    status   TEXT    NOT NULL,   -- the game's when made: 'finished' or 'active'
    moves    INTEGER NOT NULL,   -- the game's move count when made
    names    INTEGER NOT NULL,   -- the players' names, hashed
    made_at  DATETIME NOT NULL,
    overview TEXT    NOT NULL,
    account  TEXT    NOT NULL,
    recent   TEXT    NOT NULL,   -- the last moves in words
    seats    TEXT    NOT NULL,   -- each seat's board as a change to board
    board    TEXT    NOT NULL,
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
    game_id  INTEGER NOT NULL REFERENCES games(id),
    version  TEXT    NOT NULL,
    lang     TEXT    NOT NULL,
    moves    INTEGER NOT NULL,
    names    INTEGER NOT NULL,
    made_at  DATETIME NOT NULL,
    overview TEXT    NOT NULL,
    account  TEXT    NOT NULL,
    recent   TEXT    NOT NULL,
    seats    TEXT    NOT NULL,
    board    TEXT    NOT NULL,
    PRIMARY KEY (game_id, version, lang)
);
