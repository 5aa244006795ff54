-- Each member's place on a ladder (1 for the best, in the ladder's order:
-- ordinal descending, then the member id as text), kept as derived data
-- beside the rating (issue 20): a page of a ladder, its total and the
-- reader's place are then read by index, whatever the ladder's size.
-- A rating that changes moves the rows between its old and new place by
-- one (store/ladder_place.go); rebuild writes them all; verify checks them.

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
CREATE INDEX ladder_ratings_order ON ladder_ratings(kind, ladder, ordinal DESC, CAST(user_id AS TEXT));

-- +goose Down
DROP INDEX ladder_ratings_order;
DROP INDEX ladder_ratings_place;
ALTER TABLE ladder_ratings DROP COLUMN place;
