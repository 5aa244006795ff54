-- Turn mails off the move's critical path (issue 20 item 5): the move's
-- transaction writes one compact row per turn mail it decides to send
-- (the seat, the position and turn it says, where the seat's log starts,
-- the deadline it names); the mail is rendered and queued after the
-- commit, in one transaction that deletes the row, so it is queued once.
-- claimed_until is a renderer's lease, as the outbox's, and claims counts
-- the leases given (the renderer that deletes the row names its own), so a
-- renderer whose lease ran out cannot queue the mail too. A row left by a
-- crash (committed, never rendered) has none and the intents job takes it.

-- +goose Up
CREATE TABLE mail_intents (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER  NOT NULL,
    seat          INTEGER  NOT NULL,
    seq           INTEGER  NOT NULL,
    turn_seq      INTEGER  NOT NULL,
    since         INTEGER  NOT NULL,
    due_at        DATETIME NOT NULL,
    made_at       DATETIME NOT NULL,
    claimed_until DATETIME NOT NULL,
    claims        INTEGER  NOT NULL DEFAULT 0,
    last_error    TEXT     NOT NULL DEFAULT ''
);
-- The after-commit step claims its game's rows; the job the oldest free.
CREATE INDEX mail_intents_game ON mail_intents(game_id, id);
CREATE INDEX mail_intents_free ON mail_intents(claimed_until, id);

-- +goose Down
DROP TABLE mail_intents;
