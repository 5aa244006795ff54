-- Turn notices posted to chat webhooks (Discord, Slack and compatible
-- services): a game's, set by its creator, and the club's, set by the
-- admins. Notices go through the outbox like mail; this table says where
-- they go and how the last ones went.

-- +goose Up
CREATE TABLE webhooks (
    id            INTEGER PRIMARY KEY,
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
-- A game has at most one webhook; the club may have several.
CREATE UNIQUE INDEX webhooks_game ON webhooks(game_id) WHERE game_id > 0;
CREATE INDEX webhooks_by_game ON webhooks(game_id, paused_at);

-- +goose Down
DROP TABLE webhooks;
