-- Club events (issue 24): the clock preset of the event's games (empty:
-- the club's default) and whether members may still enter while the
-- event runs (they join the next round's draw with no points).

-- +goose Up
ALTER TABLE events ADD COLUMN clock_preset TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN late_entries BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE events DROP COLUMN late_entries;
ALTER TABLE events DROP COLUMN clock_preset;
