-- PostgreSQL twin of 00305 (page parts kept for games in play too): a
-- row says whether it was made of the game in play or finished.

-- +goose Up
ALTER TABLE page_parts ADD COLUMN status TEXT NOT NULL DEFAULT 'finished';

-- +goose Down
ALTER TABLE page_parts DROP COLUMN status;
