-- Seance's tables on SQLite, the embedded store. Integers are 64-bit; flags
-- are 0 or 1; times are milliseconds since 1970 (UTC).

-- A chat on a platform where games are played.
CREATE TABLE chats (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    external TEXT NOT NULL,
    UNIQUE (platform, external)
);

-- A player on a platform, with the settings they chose.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    external TEXT NOT NULL,
    name TEXT NOT NULL,
    locale TEXT,
    utc_offset_minutes INTEGER NOT NULL DEFAULT 0,
    quiet_start INTEGER,
    quiet_end INTEGER,
    reminders INTEGER NOT NULL DEFAULT 1,
    direct_messages INTEGER NOT NULL DEFAULT 0,
    UNIQUE (platform, external)
);

-- A game: where it started, its action log, and the cached position.
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    chat_id INTEGER NOT NULL REFERENCES chats (id),
    variant TEXT NOT NULL,
    setup TEXT,
    options TEXT NOT NULL,
    start_position TEXT,
    stage TEXT NOT NULL,
    log TEXT NOT NULL,
    position TEXT NOT NULL,
    version INTEGER NOT NULL,
    seed BLOB NOT NULL,
    seed_hash TEXT NOT NULL,
    move_seconds INTEGER,
    deadline_ms INTEGER,
    on_timeout TEXT NOT NULL,
    takeback TEXT,
    announced TEXT,
    created_by INTEGER NOT NULL REFERENCES users (id),
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL
);
CREATE INDEX games_by_chat ON games (chat_id, stage, updated_ms);

-- Who plays each seat: a user, a spirit, or nobody yet.
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER REFERENCES users (id),
    spirit TEXT,
    stand_in INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- Work the scheduler owes a game: a spirit's move, a reminder, a deadline.
CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    seat INTEGER NOT NULL,
    due_ms INTEGER NOT NULL,
    version INTEGER NOT NULL,
    lease_ms INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX jobs_by_due ON jobs (due_ms);
CREATE INDEX jobs_by_game ON jobs (game_id);

-- Messages for chats that no command is waiting for, kept until delivered.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    chat_id INTEGER NOT NULL REFERENCES chats (id),
    game_id INTEGER,
    body TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
