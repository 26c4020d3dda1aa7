-- Signed requests already answered (Discord's interactions endpoint), for
-- every process behind one address: a request replayed to another process
-- is refused as surely as one replayed to the same process. Rows older than
-- the freshness window are forgotten, since such requests are refused by
-- their timestamp alone.
CREATE TABLE seen_request (
    key TEXT PRIMARY KEY,
    at_ms BIGINT NOT NULL
);
CREATE INDEX seen_request_at ON seen_request (at_ms);
