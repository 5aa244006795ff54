-- PostgreSQL twin of 00080 (managing games, the club's games page): times
-- with their zone, the drop reason's check changed in place rather than
-- by rebuilding the table, the name index on lower(display_name) (no
-- NOCASE collation here; store/club.go asks by lower()).

-- +goose Up
ALTER TABLE games ADD COLUMN ending TEXT NOT NULL DEFAULT ''
    CHECK (ending IN ('', 'cancelled', 'expired', 'agreed'));
ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0 CHECK (open_seats >= 0);

ALTER TABLE invitations ADD COLUMN told_at TIMESTAMPTZ;

CREATE TABLE end_votes (
    game_id BIGINT      NOT NULL REFERENCES games(id),
    seat    INTEGER     NOT NULL CHECK (seat >= 0),
    seq     INTEGER     NOT NULL CHECK (seq >= 0),
    at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, seat)
);

ALTER TABLE seat_drops DROP CONSTRAINT seat_drops_reason_check;
ALTER TABLE seat_drops ADD CONSTRAINT seat_drops_reason_check CHECK (reason IN ('timeout', 'dropped', 'resigned'));
ALTER TABLE seat_drops ADD COLUMN user_id BIGINT REFERENCES users(id);

CREATE INDEX games_open ON games(created_at, id) WHERE status = 'inviting' AND open_seats > 0;
CREATE INDEX games_finished ON games(finished_at, id) WHERE status = 'finished';
CREATE INDEX games_kind_finished ON games(game_id, finished_at, id) WHERE status = 'finished';
CREATE INDEX seats_user_game ON seats(user_id, game_id);
CREATE INDEX users_name ON users(lower(display_name));
CREATE INDEX invitations_untold ON invitations(expires_at) WHERE used_at IS NULL AND told_at IS NULL;

-- +goose Down
DROP INDEX invitations_untold;
DROP INDEX users_name;
DROP INDEX seats_user_game;
DROP INDEX games_kind_finished;
DROP INDEX games_finished;
DROP INDEX games_open;
ALTER TABLE seat_drops DROP COLUMN user_id;
DELETE FROM seat_drops WHERE reason = 'resigned';
ALTER TABLE seat_drops DROP CONSTRAINT seat_drops_reason_check;
ALTER TABLE seat_drops ADD CONSTRAINT seat_drops_reason_check CHECK (reason IN ('timeout', 'dropped'));
DROP TABLE end_votes;
ALTER TABLE invitations DROP COLUMN told_at;
ALTER TABLE games DROP COLUMN open_seats;
ALTER TABLE games DROP COLUMN ending;
