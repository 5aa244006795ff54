-- Webhook ids are never used twice. A pending notice names its webhook
-- by id; with INTEGER PRIMARY KEY alone SQLite gives a deleted webhook's
-- id to the next one added, and the deleted one's notices went to the new
-- channel. AUTOINCREMENT never hands out an id again: the table is
-- rebuilt with it, its counter starts above every id a notice ever named,
-- and notices still waiting for a webhook that is gone are given up.

-- +goose Up
CREATE TABLE webhooks_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL DEFAULT 0,          -- 0: every game of the club
    url           TEXT    NOT NULL,                    -- a secret: never shown in full, never logged
    hint          TEXT    NOT NULL,                    -- what pages show of it: host and last characters
    flavour       TEXT    NOT NULL CHECK (flavour IN ('discord', 'slack')),
    language      TEXT    NOT NULL DEFAULT 'en',       -- the notices' words
    created_by    INTEGER NOT NULL DEFAULT 0,          -- who set it (told when it is paused)
    created_at    DATETIME NOT NULL,
    paused_at     DATETIME,                            -- paused after a refusal, until set again
    last_ok_at    DATETIME,                            -- the last notice delivered
    last_error    TEXT    NOT NULL DEFAULT '',         -- the last failure (a short excerpt)
    last_error_at DATETIME
);
INSERT INTO webhooks_new SELECT id, game_id, url, hint, flavour, language, created_by, created_at, paused_at,
       last_ok_at, last_error, last_error_at FROM webhooks;
DROP TABLE webhooks;
ALTER TABLE webhooks_new RENAME TO webhooks;
CREATE UNIQUE INDEX webhooks_game ON webhooks(game_id) WHERE game_id > 0;
CREATE INDEX webhooks_by_game ON webhooks(game_id, paused_at);
DELETE FROM sqlite_sequence WHERE name = 'webhooks';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'webhooks', max(
    (SELECT coalesce(max(id), 0) FROM webhooks),
    (SELECT coalesce(max(CAST(json_extract(headers, '$."X-Rondel-Hook"') AS INTEGER)), 0)
       FROM outbox WHERE kind LIKE 'notice-%' AND json_valid(headers)));
UPDATE outbox SET status = 'failed', last_error = 'the webhook was removed before this notice was sent'
 WHERE status = 'pending' AND kind LIKE 'notice-%' AND json_valid(headers)
   AND CAST(json_extract(headers, '$."X-Rondel-Hook"') AS INTEGER) NOT IN (SELECT id FROM webhooks);

-- +goose Down
CREATE TABLE webhooks_old (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL DEFAULT 0,
    url           TEXT    NOT NULL,
    hint          TEXT    NOT NULL,
    flavour       TEXT    NOT NULL CHECK (flavour IN ('discord', 'slack')),
    language      TEXT    NOT NULL DEFAULT 'en',
    created_by    INTEGER NOT NULL DEFAULT 0,
    created_at    DATETIME NOT NULL,
    paused_at     DATETIME,
    last_ok_at    DATETIME,
    last_error    TEXT    NOT NULL DEFAULT '',
    last_error_at DATETIME
);
INSERT INTO webhooks_old SELECT * FROM webhooks;
DROP TABLE webhooks;
ALTER TABLE webhooks_old RENAME TO webhooks;
CREATE UNIQUE INDEX webhooks_game ON webhooks(game_id) WHERE game_id > 0;
CREATE INDEX webhooks_by_game ON webhooks(game_id, paused_at);
