-- What the players contribute to the dice before the first roll (the
-- platform's ids of their join and start messages, one per line). The seed
-- and its published commitment never change, and the players' part is fixed
-- once play begins: the database refuses either change, whoever asks.
ALTER TABLE games ADD COLUMN entropy TEXT NOT NULL DEFAULT '';
CREATE TRIGGER games_commitment_fixed BEFORE UPDATE OF seed, seed_hash ON games
WHEN NEW.seed IS NOT OLD.seed OR NEW.seed_hash IS NOT OLD.seed_hash
BEGIN
    SELECT RAISE(ABORT, 'a game''s dice seed and its commitment never change');
END;
CREATE TRIGGER games_entropy_fixed BEFORE UPDATE OF entropy ON games
WHEN NEW.entropy IS NOT OLD.entropy AND OLD.stage <> 'open'
BEGIN
    SELECT RAISE(ABORT, 'the players'' part of the dice is fixed once play begins');
END;
