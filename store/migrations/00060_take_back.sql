-- Take-backs (issue 13): a player takes back their own last move while
-- nobody has acted since. The log stays append-only: the take-back is a row
-- of its own (take_back = 1, move 'null', no events) that cancels the row
-- right before it; a replay skips both.

-- +goose Up
ALTER TABLE moves ADD COLUMN take_back INTEGER NOT NULL DEFAULT 0;

-- +goose Down
-- Going down forgets which rows were take-backs: the logs of games with
-- take-backs no longer replay on an older Rondel (as such a Rondel cannot
-- read them anyway).
ALTER TABLE moves DROP COLUMN take_back;
