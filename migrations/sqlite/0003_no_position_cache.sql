-- Games are replayed from their action log; the cached position text was
-- written on every move and never read.
ALTER TABLE games DROP COLUMN position;
