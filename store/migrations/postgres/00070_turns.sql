-- PostgreSQL twin of 00070 (one mail per turn): mail_at is a time with
-- its zone, as the other times of deadlines.

-- +goose Up
ALTER TABLE deadlines ADD COLUMN turn_seq INTEGER NOT NULL DEFAULT 0;
UPDATE deadlines SET turn_seq = asked_seq;
ALTER TABLE deadlines ADD COLUMN mail_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE deadlines DROP COLUMN mail_at;
ALTER TABLE deadlines DROP COLUMN turn_seq;
