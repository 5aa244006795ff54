-- PostgreSQL twin of 00100 (SQLite refuses REPLACE on moves): PostgreSQL
-- has no REPLACE. INSERT … ON CONFLICT DO UPDATE on a stored move fires
-- moves_no_update (00001), which refuses it; ON CONFLICT DO NOTHING
-- changes nothing. Nothing to add: the number is kept so that both
-- databases count the same migrations.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
