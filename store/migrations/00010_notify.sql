-- Turn emails, deadlines, reminders and timeouts (notify/).

-- +goose Up

-- The durable outbox: a mail is a row, written in the same transaction as
-- the move that causes it. One logical notification is one row: the key
-- (game, move seq, recipient, kind) is unique, so writing it twice is a
-- no-op. Senders claim rows by setting claimed_until in an immediate
-- transaction, so two senders never send one row both.
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL DEFAULT 0,      -- 0: not about one game (digest)
    seq           INTEGER NOT NULL DEFAULT 0,      -- move number (digest: day number)
    user_id       INTEGER NOT NULL REFERENCES users(id),
    kind          TEXT    NOT NULL,                -- turn, reminder, timeout, start, end, ...
    to_addr       TEXT    NOT NULL,
    subject       TEXT    NOT NULL,
    text_body     TEXT    NOT NULL,
    html_body     TEXT    NOT NULL DEFAULT '',
    headers       TEXT    NOT NULL DEFAULT '{}',   -- JSON object of extra headers
    status        TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       DATETIME NOT NULL,
    claimed_until DATETIME NOT NULL,
    last_error    TEXT    NOT NULL DEFAULT '',
    sent_at       DATETIME,
    created_at    DATETIME NOT NULL,
    UNIQUE (game_id, seq, user_id, kind)
);
CREATE INDEX outbox_due ON outbox(status, next_at);

-- How a game keeps time, chosen at creation (defaults from the config).
CREATE TABLE game_clocks (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    preset          TEXT    NOT NULL,              -- name of the deadline preset
    per_move_secs   INTEGER NOT NULL DEFAULT 0,    -- fixed time per decision (0: time bank)
    bank_secs       INTEGER NOT NULL DEFAULT 0,    -- time bank at the start
    bonus_secs      INTEGER NOT NULL DEFAULT 0,    -- added to the bank after each move
    cap_secs        INTEGER NOT NULL DEFAULT 0,    -- the bank never exceeds this
    skip_weekends   INTEGER NOT NULL DEFAULT 0,
    policy          TEXT    NOT NULL DEFAULT 'caretaker' CHECK (policy IN ('caretaker', 'substitute')),
    substitute_secs INTEGER NOT NULL DEFAULT 0,    -- how long to wait for a replacement
    drop_after      INTEGER NOT NULL DEFAULT 0,    -- consecutive timeouts before the caretaker takes over (0: never)
    started_mailed  INTEGER NOT NULL DEFAULT 0,    -- the start mails were queued
    abandoned_at    DATETIME                       -- ended for lack of moves
);

-- One open deadline per seat at most: the seat's clock runs while it has
-- an open decision. Rows are closed, never deleted.
CREATE TABLE deadlines (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seat        INTEGER NOT NULL,
    asked_seq   INTEGER NOT NULL,                  -- moves played when the seat was asked
    asked_at    DATETIME NOT NULL,
    due_at      DATETIME NOT NULL,
    reminded    INTEGER NOT NULL DEFAULT 0,        -- reminders sent for this deadline
    closed_at   DATETIME,
    outcome     TEXT    NOT NULL DEFAULT ''        -- moved, timeout, finished
);
CREATE UNIQUE INDEX deadlines_open ON deadlines(game_id, seat) WHERE closed_at IS NULL;
CREATE INDEX deadlines_due ON deadlines(closed_at, due_at);

-- Per seat: time bank, timeouts, caretaker and substitute state.
CREATE TABLE seat_clocks (
    game_id          INTEGER NOT NULL REFERENCES games(id),
    seat             INTEGER NOT NULL,
    bank_secs        INTEGER NOT NULL DEFAULT 0,
    timeouts         INTEGER NOT NULL DEFAULT 0,   -- consecutive
    total_timeouts   INTEGER NOT NULL DEFAULT 0,   -- kept for the player's record
    dropped          INTEGER NOT NULL DEFAULT 0,   -- the caretaker plays this seat
    substitute_until DATETIME,                     -- waiting for a replacement until then
    substitute_token TEXT    NOT NULL DEFAULT '',  -- SHA-256 of the invitation token
    PRIMARY KEY (game_id, seat)
);

-- Standing orders a player set for a game.
CREATE TABLE standing_orders (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games(id),
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL,   -- only-move, never-battle, force-investor, grant-canal
    arg        TEXT    NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    UNIQUE (game_id, seat, kind, arg)
);

-- Declared absences: deadlines do not run while a player is away.
CREATE TABLE absences (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    from_at    DATETIME NOT NULL,
    until_at   DATETIME NOT NULL,
    created_at DATETIME NOT NULL
);
CREATE INDEX absences_user ON absences(user_id, from_at);

-- Mail preferences beyond users.notify.
CREATE TABLE notify_prefs (
    user_id   INTEGER PRIMARY KEY REFERENCES users(id),
    time_zone TEXT NOT NULL DEFAULT 'UTC'
);

-- Unsubscribed from one game (game_id > 0) or from everything (0).
CREATE TABLE unsubscribes (
    user_id    INTEGER NOT NULL REFERENCES users(id),
    game_id    INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (user_id, game_id)
);

-- +goose Down
DROP TABLE unsubscribes;
DROP TABLE notify_prefs;
DROP TABLE absences;
DROP TABLE standing_orders;
DROP TABLE seat_clocks;
DROP TABLE deadlines;
DROP TABLE game_clocks;
DROP TABLE outbox;
