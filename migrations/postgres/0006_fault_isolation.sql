-- A game the bot cannot read any more (a row changed behind its back, a
-- replay that fails): why. Such a game is set aside: no command or job
-- touches it, and its chat was told once.
ALTER TABLE games ADD COLUMN broken TEXT;
-- A job or an outbox message that failed for good (a chat that removed the
-- bot, a message that cannot be read, too many tries): why. It stays for the
-- operator to look at and is never claimed again.
ALTER TABLE jobs ADD COLUMN dead TEXT;
ALTER TABLE outbox ADD COLUMN dead TEXT;
ALTER TABLE outbox ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
-- The process that holds a lease: one that restarts frees its own at once.
ALTER TABLE jobs ADD COLUMN owner TEXT;
ALTER TABLE outbox ADD COLUMN owner TEXT;
