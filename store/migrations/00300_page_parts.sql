-- A finished game's page parts, as drawn and said (issue 20): its board
-- over the map file (for a reader who plays no seat, with each seat's
-- difference from it), its overview, its account and its last moves in
-- words, in one language,
-- by the build that made them. A finished game no longer changes, yet a
-- first view of it drew and said all of them again: at the 10,000-game
-- club, where two thirds of the game pages shown are finished games seen
-- for the first time, that was most of a page's CPU. A cache kept in the
-- database, not a record: a page reads a row only when its build, its
-- language, the game's move count and its players' names all match, and
-- makes the parts itself otherwise. Written after a game ends, outside
-- its transactions (handlers/finished_pages.go); removed whenever the
-- game's derived data is written again (writeAccount). A row with no
-- language marks a game that has no parts to keep (it never started).

-- +goose Up
CREATE TABLE page_parts (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    version  TEXT    NOT NULL,   -- the build that drew and said them
    lang     TEXT    NOT NULL,   -- '' for a game with none
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

-- +goose Down
DROP TABLE page_parts;
