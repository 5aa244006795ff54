-- The key that signs links in mails (decision links, unsubscribe). Made
-- once per database, so links keep working across restarts and instances.

-- +goose Up
CREATE TABLE notify_keys (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    key BLOB    NOT NULL
);

-- +goose Down
DROP TABLE notify_keys;
