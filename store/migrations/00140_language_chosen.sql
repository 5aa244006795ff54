-- A member's language starts as a guess (their browser's at sign-in, or
-- the language of whoever invited them) until they choose one in Settings
-- or with the switch at the foot of every page. language_chosen says they
-- did: a chosen language is never replaced by a guess. Members who already
-- hold a language other than the old default chose it; those holding the
-- default may never have, so their next sign-in takes their browser's.

-- +goose Up
ALTER TABLE users ADD COLUMN language_chosen BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE users SET language_chosen = TRUE WHERE language <> 'en';

-- +goose Down
ALTER TABLE users DROP COLUMN language_chosen;
