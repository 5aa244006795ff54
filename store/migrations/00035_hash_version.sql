-- Sealed final states say which record format's rule hashed them. Version 1
-- hashed states that could hold English sentences (Cäsars Imperium's
-- tie-break); from version 2 states hold no words (docs/game-record.md).
-- Every seal written before this migration is a version-1 seal.

-- +goose Up
ALTER TABLE final_states ADD COLUMN hash_version INTEGER NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE final_states DROP COLUMN hash_version;
