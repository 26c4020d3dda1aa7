-- One posting budget per chat for every process that shares the database:
-- the earliest moment the chat's next message may go if posts were evenly
-- spaced (a generic cell rate algorithm: a burst may run ahead of it by a
-- few messages). Telegram counts a group's messages, not a process's.
CREATE TABLE post_budget (
    platform TEXT NOT NULL,
    chat TEXT NOT NULL,
    due_ms BIGINT NOT NULL,
    PRIMARY KEY (platform, chat)
);
