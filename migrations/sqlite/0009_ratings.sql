-- Ratings: one per person and game, in each chat and overall.
-- A person is a user, or users of several platforms linked by their owner:
-- `person` names the user whose ratings they share (NULL: the user's own).
ALTER TABLE users ADD COLUMN person INTEGER;
-- Whether the person shows on the global ladder (`settings ranking off`).
ALTER TABLE users ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;

-- A person's rating in a game: in one chat (`chat_id`), or overall (0).
CREATE TABLE ratings (
    person INTEGER NOT NULL,
    variant TEXT NOT NULL,
    chat_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    best REAL NOT NULL,
    PRIMARY KEY (person, variant, chat_id)
);

-- The games rated, in the order they ended: what `seance ratings rebuild`
-- replays. A game is rated once: its row is written in the transaction
-- that ends it.
CREATE TABLE rated_games (
    seq INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL UNIQUE,
    at_ms INTEGER NOT NULL
);

-- What each rated game did to each person's ratings.
CREATE TABLE rating_history (
    game_id INTEGER NOT NULL,
    person INTEGER NOT NULL,
    chat_id INTEGER NOT NULL,
    place INTEGER NOT NULL,
    sides INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    PRIMARY KEY (game_id, person, chat_id)
);
CREATE INDEX rating_history_person ON rating_history (person, chat_id);

-- One-time codes that link an account to the person of another platform's.
CREATE TABLE link_codes (
    code TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);
