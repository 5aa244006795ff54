-- Whether a member's mails show the board as a picture (issue 21): on
-- unless they turn it off in Settings, so the column says "off".

-- +goose Up
ALTER TABLE users ADD COLUMN no_mail_pictures BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE users DROP COLUMN no_mail_pictures;
