-- A chat has a language for its public messages, set by its first game's
-- creator and changeable with `settings chat=...`; a user's private messages
-- follow their own setting, else the language their platform last reported.
ALTER TABLE chats ADD COLUMN locale TEXT;
ALTER TABLE users ADD COLUMN reported_locale TEXT;
