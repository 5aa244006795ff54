-- PostgreSQL twin of 00310: each viewer's position strip and result kept
-- in a finished game's page parts ('' in a row made before).

-- +goose Up
ALTER TABLE page_parts ADD COLUMN seat_parts TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE page_parts DROP COLUMN seat_parts;
