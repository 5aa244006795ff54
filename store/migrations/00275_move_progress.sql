-- Where a game stood after each row of its log (issue 20): the round and
-- the side whose turn it was (game.Progress) after its first seq rows,
-- seq 0 being the setup. A history page groups its moves by round and
-- side, which the state before each move says: rows from-1 .. to-1 of a
-- page of moves from .. to, read instead of replayed. Derived data: the
-- move's transaction writes its row, rondel rebuild makes every game's
-- again from its log and rondel verify compares. A database from before
-- it has none until rebuilt; the history replays where rows are missing.

-- +goose Up
CREATE TABLE move_progress (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    round   INTEGER NOT NULL,
    side    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE move_progress;
