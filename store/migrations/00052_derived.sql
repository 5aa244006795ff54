-- Derived data kept beside the logs (issue 11): written in the same
-- transaction as the move (or the start, the end, the import) that changes
-- it, and rebuilt from the logs by `rondel rebuild`; `rondel verify` checks
-- it against a replay. Pages and jobs read these rows instead of replaying
-- games. None of these tables grows with the moves: one row per game (or
-- per seat, member, rated game).

-- +goose Up

-- One row per game: where it stands. to_act is the open decisions as the
-- game contract's JSON ([]game.Decision), never words made for one reader.
-- round and phase are the engine's own numbers and identifiers (see
-- game.Progresser), 0 and '' when it has none. last_move_at is when the
-- last move was made, else when the game started, else when it was made.
CREATE TABLE game_summaries (
    game_id      INTEGER PRIMARY KEY REFERENCES games(id),
    status       TEXT     NOT NULL,
    moves        INTEGER  NOT NULL DEFAULT 0 CHECK (moves >= 0),
    last_move_at DATETIME NOT NULL,
    round        INTEGER  NOT NULL DEFAULT 0,
    phase        TEXT     NOT NULL DEFAULT '',
    to_act       TEXT     NOT NULL DEFAULT '[]'
);
-- Abandoned games: those in play with the oldest last move.
CREATE INDEX game_summaries_idle ON game_summaries(status, last_move_at);

-- The seats asked to decide in games in play, one row per seat, so jobs
-- join them with digest readers by index instead of looking at every
-- game. auto: the seat has standing orders or the caretaker plays it
-- (kept in step with standing_orders and seat_clocks), so the job that
-- makes automatic moves reads only those seats.
CREATE TABLE game_waits (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    auto    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_waits_auto ON game_waits(game_id) WHERE auto = 1;

-- The state of a game after seq moves (its MarshalJSON, and that JSON's
-- SHA-256), refreshed every few moves: loading a game decodes it and
-- replays only the moves after it.
CREATE TABLE game_snapshots (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state      TEXT    NOT NULL,
    state_hash TEXT    NOT NULL
);

-- The ladders (issue 11 item 3): each member's rating on the all-time
-- ladder of a kind of game (ladder '') and on each season's (ladder =
-- the season's name), updated when a rated game ends.
CREATE TABLE ladder_ratings (
    kind    TEXT    NOT NULL,
    ladder  TEXT    NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    mu      REAL    NOT NULL,
    sigma   REAL    NOT NULL,
    ordinal REAL    NOT NULL,
    games   INTEGER NOT NULL,
    wins    INTEGER NOT NULL,
    PRIMARY KEY (kind, ladder, user_id)
);
CREATE INDEX ladder_ratings_rank ON ladder_ratings(kind, ladder, ordinal);

-- Every rated game's rating changes on the all-time ladder, by seat: the
-- game page shows them, a member's history is their rows in order.
CREATE TABLE rating_changes (
    game_id      INTEGER  NOT NULL REFERENCES games(id),
    seat         INTEGER  NOT NULL CHECK (seat >= 0),
    kind         TEXT     NOT NULL,
    user_id      INTEGER  NOT NULL REFERENCES users(id),
    at           DATETIME NOT NULL,             -- the game's end: games are rated in (at, game_id) order
    place        INTEGER  NOT NULL,
    dropped      INTEGER  NOT NULL DEFAULT 0,
    rank         INTEGER  NOT NULL,
    mu_before    REAL     NOT NULL,
    sigma_before REAL     NOT NULL,
    mu_after     REAL     NOT NULL,
    sigma_after  REAL     NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_member ON rating_changes(user_id, kind, at, game_id);
CREATE INDEX rating_changes_order ON rating_changes(kind, at, game_id);

-- The seasons the stored season ladders were rated with (JSON), so a
-- change in the club's seasons rebuilds them.
CREATE TABLE ladder_seasons (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    seasons TEXT    NOT NULL
);

-- How each member keeps to the pace of their games of a kind: moves they
-- made, deadlines they let pass, and their waits as a histogram (wait in
-- seconds rounded to two significant digits, and how many: "180:2,300:1"
-- in increasing order), whose median is kept beside it.
CREATE TABLE reliability (
    kind        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    moves       INTEGER NOT NULL DEFAULT 0,
    timeouts    INTEGER NOT NULL DEFAULT 0,
    waits       TEXT    NOT NULL DEFAULT '',
    median_secs INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, user_id)
);

-- notify: a seat's last deadline by index (LastAskedSeq, pruning), and
-- the deadlines with something due (a reminder or the deadline itself) by
-- when it is due, so the job reads only those.
CREATE INDEX deadlines_seat ON deadlines(game_id, seat, id);
ALTER TABLE deadlines ADD COLUMN next_at DATETIME;
-- Until notify's job has looked at them, running deadlines are due now.
UPDATE deadlines SET next_at = asked_at WHERE closed_at IS NULL;
CREATE INDEX deadlines_next ON deadlines(next_at) WHERE closed_at IS NULL;
DROP INDEX deadlines_due;

-- notify: games whose start mails are not queued yet; the readers of
-- daily digests.
CREATE INDEX game_clocks_unmailed ON game_clocks(game_id) WHERE started_mailed = 0;
CREATE INDEX users_notify ON users(notify);
-- The ladder's games and a kind's games in play.
CREATE INDEX games_kind ON games(game_id, status);

-- +goose Down
DROP INDEX games_kind;
DROP INDEX users_notify;
DROP INDEX game_clocks_unmailed;
CREATE INDEX deadlines_due ON deadlines(closed_at, due_at);
DROP INDEX deadlines_next;
ALTER TABLE deadlines DROP COLUMN next_at;
DROP INDEX deadlines_seat;
DROP TABLE reliability;
DROP TABLE ladder_seasons;
DROP TABLE rating_changes;
DROP TABLE ladder_ratings;
DROP TABLE game_snapshots;
DROP TABLE game_waits;
DROP TABLE game_summaries;
