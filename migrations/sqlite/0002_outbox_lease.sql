-- Several bot processes may empty the outbox of one platform: each message is
-- leased to one of them while it is sent, and goes back if that process dies.
ALTER TABLE outbox ADD COLUMN lease_ms BIGINT;
