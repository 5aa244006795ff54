-- Club events (issue 24, docs/events.md): Swiss tournaments, leagues and
-- round robins. An event keeps what the organiser chose and the seed of
-- its draws (config, JSON of event.Config); entrants in seed order; and
-- each round's tables, each one game (none for an imported event). A
-- table's result is its game's, copied when the game ends; standings are
-- derived from them (rebuilt by `rondel rebuild`, checked by `rondel
-- verify`).

-- +goose Up
CREATE TABLE events (
    id             INTEGER PRIMARY KEY,
    name           TEXT     NOT NULL,
    game_id        TEXT     NOT NULL,
    options        TEXT     NOT NULL DEFAULT '{}',
    config         TEXT     NOT NULL,
    rated          BOOLEAN  NOT NULL DEFAULT FALSE,
    status         TEXT     NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    created_by     INTEGER,
    created_at     DATETIME NOT NULL,
    signup_closes  DATETIME,
    round_days     INTEGER  NOT NULL DEFAULT 0,
    on_deadline    TEXT     NOT NULL DEFAULT 'score' CHECK (on_deadline IN ('score', 'caretaker')),
    round          INTEGER  NOT NULL DEFAULT 0,
    round_deadline DATETIME,
    standings      TEXT     NOT NULL DEFAULT '[]',
    finished_at    DATETIME,
    imported       BOOLEAN  NOT NULL DEFAULT FALSE,
    -- Rounds whose drawing the club's webhooks were told of (one more
    -- once the end was told): notify's events job tells the rest.
    announced      INTEGER  NOT NULL DEFAULT 0
);
-- The cron job finds events due (sign-up closed, round past its deadline)
-- by these.
CREATE INDEX events_signup_due ON events(signup_closes) WHERE status = 'signup';
CREATE INDEX events_round_due ON events(round_deadline) WHERE status = 'running';

CREATE TABLE event_entrants (
    event_id     INTEGER  NOT NULL,
    user_id      INTEGER  NOT NULL,
    seed         INTEGER  NOT NULL,
    name         TEXT     NOT NULL,
    entered_at   DATETIME NOT NULL,
    withdrawn_at DATETIME,
    PRIMARY KEY (event_id, user_id)
);
CREATE UNIQUE INDEX event_entrants_seed ON event_entrants(event_id, seed);
CREATE INDEX event_entrants_by_user ON event_entrants(user_id);

CREATE TABLE event_tables (
    event_id INTEGER NOT NULL,
    round    INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    game_ref INTEGER,
    players  TEXT    NOT NULL,
    result   TEXT,
    PRIMARY KEY (event_id, round, table_no)
);
CREATE UNIQUE INDEX event_tables_by_game ON event_tables(game_ref);

-- +goose Down
DROP TABLE event_tables;
DROP TABLE event_entrants;
DROP TABLE events;
