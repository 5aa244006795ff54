-- Replies that play by mail (issue 22): every message that came in, by its
-- Message-ID (unique, so the same message delivered twice — a replay, a
-- retried delivery, both ways in at once — is taken once), with its sender
-- (the per-sender rate limit counts these rows) and what was done with it.

-- +goose Up
CREATE TABLE inbound_mails (
    id          INTEGER PRIMARY KEY,
    message_id  TEXT     NOT NULL UNIQUE,
    sender      TEXT     NOT NULL,
    received_at DATETIME NOT NULL,
    outcome     TEXT     NOT NULL DEFAULT ''
);
CREATE INDEX inbound_mails_sender ON inbound_mails(sender, received_at);

-- +goose Down
DROP TABLE inbound_mails;
