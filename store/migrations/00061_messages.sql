-- Messages at the table (issue 13): per game, to everyone or privately to
-- one seat. name is the writer's name when written (a seat's, else the
-- member's); user_id is NULL for a message imported from another club's
-- record whose writer has no account here. to_user_id is who held to_seat
-- when it was written: a private message stays between those two members.
-- A message is no move: it never changes the game, so it is not in the
-- append-only log, but it is kept (never edited or deleted).

-- +goose Up
CREATE TABLE messages (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER  NOT NULL REFERENCES games(id),
    user_id    INTEGER  REFERENCES users(id),
    seat       INTEGER  NOT NULL DEFAULT -1,     -- the writer's seat, -1: the creator without one
    name       TEXT     NOT NULL,
    to_seat    INTEGER,                          -- NULL: the whole table
    to_user_id INTEGER  REFERENCES users(id),
    body       TEXT     NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    at         DATETIME NOT NULL
);
CREATE INDEX messages_game ON messages(game_id, id);

-- The last message of a game a member was told about by mail (a turn
-- mail, a digest or a mail of its own), so each is told once.
CREATE TABLE message_marks (
    game_id INTEGER NOT NULL REFERENCES games(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    told_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- How a member hears of new messages: listed in the next turn mail or
-- digest ('turn'), or a mail for each message ('each').
ALTER TABLE users ADD COLUMN message_mail TEXT NOT NULL DEFAULT 'turn' CHECK (message_mail IN ('turn', 'each'));

-- +goose Down
ALTER TABLE users DROP COLUMN message_mail;
DROP TABLE message_marks;
DROP TABLE messages;
