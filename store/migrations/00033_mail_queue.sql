-- One durable mail path for every mail (sign-in links and invitations as
-- well as game mail), who hears about a mail that finally fails, timeouts
-- counted for the person who held the seat, and a row /healthz writes to
-- prove the database takes writes.

-- +goose Up

-- The outbox again, with user_id no longer bound to users: a sign-in link
-- goes to an address that may have no account yet (user_id 0). expires_at:
-- a mail not sent by then is given up (a sign-in link that no longer
-- works). tell_user_id: who is told when the mail finally fails (an
-- invitation's creator); 0 means the club's admins.
CREATE TABLE outbox_new (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL DEFAULT 0,
    seq           INTEGER NOT NULL DEFAULT 0,
    user_id       INTEGER NOT NULL DEFAULT 0,      -- 0: an address without an account
    kind          TEXT    NOT NULL,
    to_addr       TEXT    NOT NULL,
    subject       TEXT    NOT NULL,
    text_body     TEXT    NOT NULL,
    html_body     TEXT    NOT NULL DEFAULT '',
    headers       TEXT    NOT NULL DEFAULT '{}',
    status        TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       DATETIME NOT NULL,
    claimed_until DATETIME NOT NULL,
    last_error    TEXT    NOT NULL DEFAULT '',
    sent_at       DATETIME,
    created_at    DATETIME NOT NULL,
    expires_at    DATETIME,
    tell_user_id  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, seq, user_id, kind)
);
INSERT INTO outbox_new (id, game_id, seq, user_id, kind, to_addr, subject, text_body, html_body, headers, status,
        attempts, next_at, claimed_until, last_error, sent_at, created_at)
    SELECT id, game_id, seq, user_id, kind, to_addr, subject, text_body, html_body, headers, status,
        attempts, next_at, claimed_until, last_error, sent_at, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox(status, next_at);

-- A sign-in link whose mail could not be sent: it never works, and it
-- does not count against its address's limit (it still counts for the IP).
ALTER TABLE login_tokens ADD COLUMN unsent INTEGER NOT NULL DEFAULT 0;

-- Who held the seat when the deadline ran (a substitute may take it over
-- later); 0 on rows written before.
ALTER TABLE deadlines ADD COLUMN user_id INTEGER NOT NULL DEFAULT 0;

-- /healthz writes this row: a database that cannot be written is unhealthy.
CREATE TABLE health (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE health;
ALTER TABLE deadlines DROP COLUMN user_id;
ALTER TABLE login_tokens DROP COLUMN unsent;
DELETE FROM outbox WHERE user_id NOT IN (SELECT id FROM users);
CREATE TABLE outbox_old (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL DEFAULT 0,
    seq           INTEGER NOT NULL DEFAULT 0,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    kind          TEXT    NOT NULL,
    to_addr       TEXT    NOT NULL,
    subject       TEXT    NOT NULL,
    text_body     TEXT    NOT NULL,
    html_body     TEXT    NOT NULL DEFAULT '',
    headers       TEXT    NOT NULL DEFAULT '{}',
    status        TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       DATETIME NOT NULL,
    claimed_until DATETIME NOT NULL,
    last_error    TEXT    NOT NULL DEFAULT '',
    sent_at       DATETIME,
    created_at    DATETIME NOT NULL,
    UNIQUE (game_id, seq, user_id, kind)
);
INSERT INTO outbox_old SELECT id, game_id, seq, user_id, kind, to_addr, subject, text_body, html_body, headers, status,
        attempts, next_at, claimed_until, last_error, sent_at, created_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_old RENAME TO outbox;
CREATE INDEX outbox_due ON outbox(status, next_at);
