-- On PostgreSQL, postgres/00001_initial.sql already made the schema as it
-- stands after 00052 (no PostgreSQL database is older): nothing to do.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
