-- What the players contribute to the dice before the first roll (the
-- platform's ids of their join and start messages, one per line). The seed
-- and its published commitment never change, and the players' part is fixed
-- once play begins: the database refuses either change, whoever asks.
ALTER TABLE games ADD COLUMN entropy TEXT NOT NULL DEFAULT '';
CREATE FUNCTION games_dice_fixed() RETURNS trigger AS $$
BEGIN
    IF NEW.seed IS DISTINCT FROM OLD.seed OR NEW.seed_hash IS DISTINCT FROM OLD.seed_hash THEN
        RAISE EXCEPTION 'a game''s dice seed and its commitment never change';
    END IF;
    IF NEW.entropy IS DISTINCT FROM OLD.entropy AND OLD.stage <> 'open' THEN
        RAISE EXCEPTION 'the players'' part of the dice is fixed once play begins';
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_dice_fixed BEFORE UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION games_dice_fixed();
