-- Managing games and the club's games page (issue 13, items 3 and 4).

-- +goose Up

-- How a game ended other than by its rules: cancelled by its creator
-- before it started, expired (an invitation nobody took up, left so),
-- or ended early by all its players' agreement (scored as the rule book
-- scores the end; never rated). '' for every other game.
ALTER TABLE games ADD COLUMN ending TEXT NOT NULL DEFAULT ''
    CHECK (ending IN ('', 'cancelled', 'expired', 'agreed'));
-- Seats any member may take from the club's games page while the game
-- waits for players; they count down as members join.
ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0 CHECK (open_seats >= 0);

-- When the creator was told that the invitation ran out unused.
ALTER TABLE invitations ADD COLUMN told_at DATETIME;

-- The players who agree to end a game now, by seat. A move clears them:
-- an agreement is about one position.
CREATE TABLE end_votes (
    game_id INTEGER  NOT NULL REFERENCES games(id),
    seat    INTEGER  NOT NULL CHECK (seat >= 0),
    seq     INTEGER  NOT NULL CHECK (seq >= 0),   -- the position agreed on
    at      DATETIME NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- A player may now resign; user_id is who left (a substitute may hold
-- the seat afterwards), NULL on older rows: whoever holds the seat.
CREATE TABLE seat_drops_new (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    reason     TEXT    NOT NULL CHECK (reason IN ('timeout', 'dropped', 'resigned')),
    at         DATETIME NOT NULL,
    user_id    INTEGER REFERENCES users(id),
    UNIQUE (game_id, seat)
);
INSERT INTO seat_drops_new (id, game_id, seat, reason, at) SELECT id, game_id, seat, reason, at FROM seat_drops;
DROP TABLE seat_drops;
ALTER TABLE seat_drops_new RENAME TO seat_drops;

-- The club's games page: games with open seats, newest first; finished
-- games by when they ended, of every kind or of one.
CREATE INDEX games_open ON games(created_at, id) WHERE status = 'inviting' AND open_seats > 0;
CREATE INDEX games_finished ON games(finished_at, id) WHERE status = 'finished';
CREATE INDEX games_kind_finished ON games(game_id, finished_at, id) WHERE status = 'finished';
-- A member's finished games by when they ended (the player filter).
CREATE INDEX seats_user_game ON seats(user_id, game_id);
-- The player filter finds a member by name.
CREATE INDEX users_name ON users(display_name COLLATE NOCASE);
-- Invitations that ran out and whose creator is not told yet.
CREATE INDEX invitations_untold ON invitations(expires_at) WHERE used_at IS NULL AND told_at IS NULL;

-- +goose Down
DROP INDEX invitations_untold;
DROP INDEX users_name;
DROP INDEX seats_user_game;
DROP INDEX games_kind_finished;
DROP INDEX games_finished;
DROP INDEX games_open;
CREATE TABLE seat_drops_old (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    reason     TEXT    NOT NULL CHECK (reason IN ('timeout', 'dropped')),
    at         DATETIME NOT NULL,
    UNIQUE (game_id, seat)
);
INSERT INTO seat_drops_old SELECT id, game_id, seat, reason, at FROM seat_drops WHERE reason <> 'resigned';
DROP TABLE seat_drops;
ALTER TABLE seat_drops_old RENAME TO seat_drops;
DROP TABLE end_votes;
ALTER TABLE invitations DROP COLUMN told_at;
ALTER TABLE games DROP COLUMN open_seats;
ALTER TABLE games DROP COLUMN ending;
