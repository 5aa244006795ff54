-- PostgreSQL twin of 00270: each member's place on a ladder, kept as derived
-- data so a ladder page, its total and the reader's place are read by index.

-- +goose Up
ALTER TABLE ladder_ratings ADD COLUMN place INTEGER NOT NULL DEFAULT 0;
UPDATE ladder_ratings SET place = o.p FROM (
    SELECT kind, ladder, user_id,
        ROW_NUMBER() OVER (PARTITION BY kind, ladder ORDER BY ordinal DESC, CAST(user_id AS TEXT)) AS p
    FROM ladder_ratings) AS o
WHERE o.kind = ladder_ratings.kind AND o.ladder = ladder_ratings.ladder AND o.user_id = ladder_ratings.user_id;
-- A page's rows from a place, and the total (the last place).
CREATE INDEX ladder_ratings_place ON ladder_ratings(kind, ladder, place);
-- A key's place: the ladder's order itself, ties broken as the pages
-- break them, so seeking a key reads one entry (no sort of a tie).
CREATE INDEX ladder_ratings_order ON ladder_ratings(kind, ladder, ordinal DESC, (CAST(user_id AS TEXT)));

-- +goose Down
DROP INDEX ladder_ratings_order;
DROP INDEX ladder_ratings_place;
ALTER TABLE ladder_ratings DROP COLUMN place;
