-- A finished game's page parts keep each viewer's position strip and
-- result too (issue 20): with them a finished game's page reads nothing
-- of the game's state, whose snapshot it no longer reads and decodes.
-- The column comes last in every row, after the board: the keeper's
-- search for due games is answered by the page_parts_due index and reads
-- no row, and a page reads the whole row anyway. A row made before it
-- has none ('') and its page reads the state as before.

-- +goose Up
ALTER TABLE page_parts ADD COLUMN seat_parts TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE page_parts DROP COLUMN seat_parts;
