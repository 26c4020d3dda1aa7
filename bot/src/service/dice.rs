//! Fair dice that anyone can check afterwards. Each game draws a secret seed
//! from the operating system and publishes its SHA-256 when it is created.
//! Roll number `n` reads its faces from the byte stream
//! SHA-256(seed ‖ tag ‖ n ‖ 0), SHA-256(seed ‖ tag ‖ n ‖ 1), … so no roll can
//! be chosen after the seed is fixed. The seed is revealed when the game ends,
//! and [`verify`] recomputes every roll of the log from it.

use sha2::{Digest, Sha256};

use seance_engine::catalogue::{self, GameType};
use seance_engine::{Action, DiceSpec};

/// A new secret seed from the operating system.
pub fn new_seed() -> Result<Vec<u8>, getrandom::Error> {
    let mut seed = vec![0u8; 32];
    getrandom::fill(&mut seed)?;
    Ok(seed)
}

/// The published commitment to a seed: SHA-256, in hex.
pub fn commitment(seed: &[u8]) -> String {
    hex(&Sha256::digest(seed))
}

/// Bytes in hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Bytes from hex; `None` if it is not hex.
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    let text = text.trim();
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The endless byte stream of draw `index` under `tag` (`roll`, `first`, `spirit`).
pub fn stream<'a>(seed: &'a [u8], tag: &'a str, index: u64) -> impl Iterator<Item = u8> + 'a {
    (0u64..).flat_map(move |block| {
        let mut hasher = Sha256::new();
        hasher.update(seed);
        hasher.update(tag.as_bytes());
        hasher.update(index.to_be_bytes());
        hasher.update(block.to_be_bytes());
        hasher.finalize().to_vec()
    })
}

/// The dice of roll number `index` of a game with this seed.
pub fn roll(seed: &[u8], spec: DiceSpec, index: u64) -> Vec<u8> {
    spec.roll(&mut stream(seed, "roll", index))
        .unwrap_or_else(|| unreachable!("the stream never ends"))
}

/// How a finished game's dice compare with its seed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The seed matches the commitment and every roll follows from it.
    Fair {
        /// How many rolls were checked.
        rolls: usize,
    },
    /// The seed does not hash to the published commitment.
    WrongSeed,
    /// A roll of the log differs from the one the seed gives.
    WrongRoll {
        /// Its number, from 1.
        number: usize,
        /// What the log says.
        logged: Vec<u8>,
        /// What the seed gives.
        expected: Vec<u8>,
    },
    /// The log cannot be replayed.
    Unplayable(String),
}

/// Checks a game's record: `seed` against `commitment`, then every roll of
/// `log` (replayed from the start) against the seed.
pub fn verify(
    game: GameType,
    start: seance_engine::Start,
    options: seance_engine::Options,
    log: &[String],
    seed: &[u8],
    published: &str,
) -> Verdict {
    if commitment(seed) != published.trim().to_lowercase() {
        return Verdict::WrongSeed;
    }
    let mut game = match catalogue::new_game(game, start, options) {
        Ok(game) => game,
        Err(error) => return Verdict::Unplayable(error.to_string()),
    };
    for line in log {
        let action = match game.parse_action(line) {
            Ok(action) => action,
            Err(error) => return Verdict::Unplayable(format!("'{line}': {error}")),
        };
        if let Action::Roll(logged) = &action {
            let Some(spec) = game.dice_spec() else {
                return Verdict::Unplayable(format!("'{line}' in a game without dice"));
            };
            let number = game.rolls();
            let expected = roll(seed, spec, number as u64);
            if *logged != expected {
                return Verdict::WrongRoll {
                    number: number + 1,
                    logged: logged.clone(),
                    expected,
                };
            }
        }
        if let Err(error) = game.act(action) {
            return Verdict::Unplayable(format!("'{line}': {error}"));
        }
    }
    Verdict::Fair {
        rolls: game.rolls(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::{Options, Start};

    #[test]
    fn rolls_follow_from_the_seed_and_are_checked() {
        let seed = b"an example seed of thirty-two by".to_vec();
        let spec = DiceSpec {
            count: 2,
            sides: 4,
            lowest: 2,
        };
        let first = roll(&seed, spec, 0);
        assert_eq!(
            first,
            roll(&seed, spec, 0),
            "the same seed gives the same roll"
        );
        assert!(first.iter().all(|f| (2..=5).contains(f)));
        // Over many rolls every face comes up about equally often.
        let mut counts = [0; 4];
        for i in 0..4000 {
            for f in roll(&seed, spec, i) {
                counts[usize::from(f - 2)] += 1;
            }
        }
        assert!(
            counts.iter().all(|&c| (1850..2150).contains(&c)),
            "{counts:?}"
        );

        let mut game =
            catalogue::new_game(GameType::Chaturaji, Start::Setup(None), Options::new()).unwrap();
        let mut log = Vec::new();
        for i in 0..3 {
            let dice = roll(&seed, game.dice_spec().unwrap(), i);
            let text = game
                .play_text(&format!("roll {} {}", dice[0], dice[1]))
                .unwrap();
            log.push(text);
            let next = game.legal_moves().into_iter().next().unwrap_or_default();
            if !next.is_empty() {
                log.push(game.play_text(&next).unwrap());
            }
        }
        let check = |log: &[String], seed: &[u8]| {
            verify(
                GameType::Chaturaji,
                Start::Setup(None),
                Options::new(),
                log,
                seed,
                &commitment(b"an example seed of thirty-two by"),
            )
        };
        assert_eq!(check(&log, &seed), Verdict::Fair { rolls: 3 });
        assert_eq!(check(&log, b"another seed"), Verdict::WrongSeed);
        let mut forged = log.clone();
        forged[0] = if forged[0] == "roll 2 2" {
            "roll 3 3"
        } else {
            "roll 2 2"
        }
        .to_string();
        assert!(matches!(
            check(&forged, &seed),
            Verdict::WrongRoll { number: 1, .. }
        ));
        assert_eq!(from_hex(&hex(&seed)), Some(seed));
    }
}
