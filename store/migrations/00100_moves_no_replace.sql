-- Moves are append-only, and the database itself refuses a change to the
-- log. SQLite's REPLACE (REPLACE INTO, INSERT OR REPLACE, a conflict
-- clause of REPLACE) deletes a row it conflicts with and inserts the new
-- one, and that implicit delete fires no DELETE trigger while
-- recursive_triggers is off (the default, also in the sqlite3 command
-- line): moves_no_delete never saw it. A move at a (game, seq) already in
-- the log is refused before it is inserted, however the insert is
-- spelled. (A plain duplicate insert is refused with this message instead
-- of the UNIQUE constraint's; the store reads either as "the game changed".)

-- +goose Up
-- +goose StatementBegin
CREATE TRIGGER moves_no_replace BEFORE INSERT ON moves
WHEN EXISTS (SELECT 1 FROM moves WHERE game_id = NEW.game_id AND seq = NEW.seq)
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only: this game already has a move with this number, REPLACE refused');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER moves_no_replace;
