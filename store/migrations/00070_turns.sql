-- One mail per turn (notify): a seat's deadline is reopened at every step
-- of a turn of several steps (a maneuver, an investor turn), so the turn
-- itself is kept on the deadline. turn_seq is the move number at which
-- the seat's turn began: a decision link of that turn works until the
-- seat's turn ends. mail_at is when the turn mail, held back because the
-- player had just moved on the web, is to be sent if the turn is still
-- open then (NULL: sent already, or nothing held back).

-- +goose Up
ALTER TABLE deadlines ADD COLUMN turn_seq INTEGER NOT NULL DEFAULT 0;
UPDATE deadlines SET turn_seq = asked_seq;
ALTER TABLE deadlines ADD COLUMN mail_at DATETIME;

-- +goose Down
ALTER TABLE deadlines DROP COLUMN mail_at;
ALTER TABLE deadlines DROP COLUMN turn_seq;
