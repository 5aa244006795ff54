-- The sender's claim reads a bounded number of rows however long the
-- backlog. Before, the claim gave up expired mails with a statement that
-- read every pending row (outbox_due(status, next_at) found them by status
-- only), so each claim cost in proportion to the backlog and a backlog
-- drained in quadratic time; and on PostgreSQL the tie on id in the
-- claim's order was left to a sort of every mail due at the same moment.
-- outbox_pending holds the pending mails in the order the claim takes them;
-- outbox_expiring the pending mails that expire; both are partial, so the
-- sent and failed mails, which grow with the club, are in neither.
-- outbox_failed serves the admin's list of given-up mails (newest first).
-- No index leads with status any more: without statistics SQLite's planner
-- prefers an equality on status to the partial indexes and reads every
-- pending row again.

-- +goose Up
DROP INDEX outbox_due;
CREATE INDEX outbox_pending ON outbox(next_at, id) WHERE status = 'pending';
CREATE INDEX outbox_expiring ON outbox(expires_at) WHERE status = 'pending' AND expires_at IS NOT NULL;
CREATE INDEX outbox_failed ON outbox(id) WHERE status = 'failed';

-- +goose Down
DROP INDEX outbox_failed;
DROP INDEX outbox_expiring;
DROP INDEX outbox_pending;
CREATE INDEX outbox_due ON outbox(status, next_at);
