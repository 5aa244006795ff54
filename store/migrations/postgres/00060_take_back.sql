-- PostgreSQL twin of 00060: the flag is a BOOLEAN here (GORM writes Go
-- bools); the append-only trigger refuses changes to rows, not columns.

-- +goose Up
ALTER TABLE moves ADD COLUMN take_back BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE moves DROP COLUMN take_back;
