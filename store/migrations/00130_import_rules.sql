-- An imported game replayed under its site's own rules (a finished
-- playimperial.club game, so that it ends with the site's result) keeps
-- which rules and where they departed from the rule book, so its page
-- can say so in the reader's words: JSON, '' for the rule book.

-- +goose Up
ALTER TABLE game_imports ADD COLUMN rules TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE game_imports DROP COLUMN rules;
