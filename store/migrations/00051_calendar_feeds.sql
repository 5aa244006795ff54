-- A person's deadlines as a calendar feed at a secret address. Only the
-- secret's SHA-256 is kept, like a session's: a lost address is replaced,
-- never shown again.

-- +goose Up
CREATE TABLE calendar_feeds (
    user_id    INTEGER PRIMARY KEY REFERENCES users(id),
    token_hash TEXT    NOT NULL UNIQUE,
    created_at DATETIME NOT NULL,
    read_at    DATETIME                                -- last read by a calendar (to the hour)
);

-- +goose Down
DROP TABLE calendar_feeds;
