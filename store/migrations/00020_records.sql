-- Complete game records: the sealed final state of each finished
-- game, so `rondel verify` can tell when a replay no longer gives it, and
-- the players who timed out of a game or were dropped from it (they rank
-- last on the ladder).

-- +goose Up
CREATE TABLE final_states (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    moves      INTEGER NOT NULL CHECK (moves >= 0), -- moves replayed to reach it
    state_hash TEXT    NOT NULL,                    -- SHA-256 of the state's JSON, hex
    engine     TEXT    NOT NULL DEFAULT '',         -- the Rondel build that sealed it
    sealed_at  DATETIME NOT NULL
);

CREATE TABLE seat_drops (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    reason     TEXT    NOT NULL CHECK (reason IN ('timeout', 'dropped')),
    at         DATETIME NOT NULL,
    UNIQUE (game_id, seat)
);

-- Where an imported game came from (site and the site's player ids), so
-- its page can say why it may differ from the site's.
CREATE TABLE game_imports (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    source     TEXT    NOT NULL,
    notes      TEXT    NOT NULL DEFAULT '',
    imported_by INTEGER REFERENCES users(id),
    imported_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE game_imports;
DROP TABLE seat_drops;
DROP TABLE final_states;
