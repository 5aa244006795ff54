-- PostgreSQL twin of 00110 (webhook ids never used twice): the id is an
-- identity column, whose sequence never hands out an id again, deleted or
-- not. Only notices still waiting for a webhook that is gone are given up.

-- +goose Up
UPDATE outbox SET status = 'failed', last_error = 'the webhook was removed before this notice was sent'
 WHERE status = 'pending' AND kind LIKE 'notice-%'
   AND headers::jsonb ->> 'X-Rondel-Hook' ~ '^[0-9]+$'
   AND (headers::jsonb ->> 'X-Rondel-Hook')::bigint NOT IN (SELECT id FROM webhooks);

-- +goose Down
SELECT 1;
