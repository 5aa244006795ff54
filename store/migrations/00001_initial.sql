-- The first schema of Rondel. Times are stored as UTC text by GORM.

-- +goose Up
CREATE TABLE users (
    id           INTEGER PRIMARY KEY,
    email        TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    display_name TEXT    NOT NULL DEFAULT '',
    language     TEXT    NOT NULL DEFAULT 'en',
    notify       TEXT    NOT NULL DEFAULT 'each' CHECK (notify IN ('each', 'daily', 'none')),
    created_at   DATETIME NOT NULL
);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    game_id     TEXT    NOT NULL,            -- registry id of the kind of game
    name        TEXT    NOT NULL,
    options     TEXT    NOT NULL,            -- JSON object, normalized
    seed        INTEGER NOT NULL,            -- uint64 stored as its int64 bit pattern
    status      TEXT    NOT NULL CHECK (status IN ('inviting', 'active', 'finished')),
    rated       INTEGER NOT NULL DEFAULT 0,
    result      TEXT,                        -- JSON game.Result once finished
    created_by  INTEGER REFERENCES users(id),
    created_at  DATETIME NOT NULL,
    started_at  DATETIME,
    finished_at DATETIME
);
CREATE INDEX games_status ON games(status);

CREATE TABLE seats (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     INTEGER NOT NULL REFERENCES users(id),
    name        TEXT    NOT NULL,             -- the player's name when the game was made
    accepted_at DATETIME,
    UNIQUE (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_user ON seats(user_id);

-- The log of a game: append-only. seq counts from 1 within a game.
CREATE TABLE moves (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    seat    INTEGER NOT NULL,
    move    TEXT    NOT NULL,
    events  TEXT    NOT NULL DEFAULT '[]',   -- JSON []game.Event as shown when played
    at      DATETIME NOT NULL,
    by      TEXT    NOT NULL DEFAULT 'player' CHECK (by IN ('player', 'caretaker', 'standing-order')),
    user_id INTEGER REFERENCES users(id),    -- who pressed the button, if a person
    note    TEXT    NOT NULL DEFAULT '',
    UNIQUE (game_id, seq)
);

-- +goose StatementBegin
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only: UPDATE refused');
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only: DELETE refused');
END;
-- +goose StatementEnd

-- Magic-link sign-in. The token itself is never stored, only its SHA-256.
CREATE TABLE login_tokens (
    id         INTEGER PRIMARY KEY,
    token_hash TEXT    NOT NULL UNIQUE,
    email      TEXT    NOT NULL COLLATE NOCASE,
    ip         TEXT    NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    expires_at DATETIME NOT NULL,
    used_at    DATETIME
);
CREATE INDEX login_tokens_email ON login_tokens(email, created_at);
CREATE INDEX login_tokens_ip ON login_tokens(ip, created_at);

CREATE TABLE sessions (
    id         INTEGER PRIMARY KEY,
    token_hash TEXT    NOT NULL UNIQUE,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    created_at DATETIME NOT NULL,
    expires_at DATETIME NOT NULL,
    revoked_at DATETIME
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE invitations (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    user_id     INTEGER NOT NULL REFERENCES users(id),
    token_hash  TEXT    NOT NULL UNIQUE,
    created_at  DATETIME NOT NULL,
    expires_at  DATETIME NOT NULL,
    used_at     DATETIME,
    UNIQUE (game_id, user_id)
);

-- Mail kept locally when no SMTP server is configured (shown at /outbox).
-- A durable sending queue for notify/ will be a separate table.
CREATE TABLE local_mail (
    id         INTEGER PRIMARY KEY,
    to_addr    TEXT    NOT NULL COLLATE NOCASE,
    subject    TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    link       TEXT    NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE local_mail;
DROP TABLE invitations;
DROP TABLE sessions;
DROP TABLE login_tokens;
DROP TRIGGER moves_no_delete;
DROP TRIGGER moves_no_update;
DROP TABLE moves;
DROP TABLE seats;
DROP TABLE games;
DROP TABLE users;
