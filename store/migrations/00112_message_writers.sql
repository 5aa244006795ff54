-- A writer's messages in one game by time, for the hourly limit of table
-- talk (config limits.messages_per_hour), counted at every message.

-- +goose Up
CREATE INDEX messages_writer ON messages(game_id, user_id, at);

-- +goose Down
DROP INDEX messages_writer;
