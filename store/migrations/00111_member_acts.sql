-- What members made the server send or store, for the club's daily limits
-- (config limits.*): each row is n acts of one kind by one member at one
-- moment, written in the transaction of the act itself, so a refused
-- request writes none. Rows older than a day are dropped as new ones come.

-- +goose Up
CREATE TABLE member_acts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('game', 'invitation', 'address')),
    n          INTEGER NOT NULL,
    created_at DATETIME NOT NULL
);
CREATE INDEX member_acts_by_user ON member_acts(user_id, kind, created_at);

-- +goose Down
DROP TABLE member_acts;
