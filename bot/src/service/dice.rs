//! Fair dice that anyone can check afterwards. Each game draws a secret seed
//! from the operating system and publishes its SHA-256 when it is created.
//! A roll reads its faces from the byte stream SHA-256(seed ‖ tag ‖ key ‖ 0),
//! SHA-256(seed ‖ tag ‖ key ‖ 1), …, where the [`key`] hashes what the
//! players contributed before the first roll and the history so far. So no
//! roll can be chosen after the seed is fixed, the operator who chose the
//! seed cannot foresee the players' part, and a takeback does not show the
//! next roll. The seed is revealed when the game ends, and [`verify`]
//! recomputes every draw of the record from it.

use sha2::{Digest, Sha256};

use seance_engine::catalogue::{self, AnyGame, GameType};
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
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The key of a draw: SHA-256 of what the players contributed before the
/// first roll (`entropy`) and of the game's history so far (its action log).
/// Every line is length-prefixed, so no two histories share a key. A roll
/// depends on the history, not on a count: after a takeback and another
/// move the dice are new.
pub fn key(entropy: &[String], history: &[String]) -> [u8; 32] {
    let mut keys = Keys::new(entropy);
    history.iter().for_each(|line| keys.push(line));
    keys.key()
}

/// The keys of a history as it grows, one line at a time, so that checking
/// every roll of a long log hashes each line once.
#[derive(Clone)]
pub struct Keys(Sha256);

impl Keys {
    /// The keys of a game whose players contributed `entropy`.
    pub fn new(entropy: &[String]) -> Keys {
        let mut hasher = Sha256::new();
        hasher.update((entropy.len() as u64).to_be_bytes());
        let mut keys = Keys(hasher);
        entropy.iter().for_each(|line| keys.push(line));
        keys
    }

    /// The history grows by `line`.
    pub fn push(&mut self, line: &str) {
        self.0.update((line.len() as u64).to_be_bytes());
        self.0.update(line.as_bytes());
    }

    /// The key of a draw after the history so far.
    pub fn key(&self) -> [u8; 32] {
        self.0.clone().finalize().into()
    }
}

/// The first roll of `log` that the seed does not give: its line number
/// and the dice it should show. Reads the faces from the text (`roll 2 5`)
/// without replaying the game, for a quick check when a game is loaded.
pub fn first_wrong_roll(
    seed: &[u8],
    spec: DiceSpec,
    entropy: &[String],
    log: &[String],
) -> Option<(usize, Vec<u8>)> {
    let mut keys = Keys::new(entropy);
    for (index, line) in log.iter().enumerate() {
        if let Some(faces) = line.strip_prefix("roll ") {
            let expected = roll(seed, spec, &keys.key());
            let logged: Option<Vec<u8>> =
                faces.split_whitespace().map(|f| f.parse().ok()).collect();
            if logged.as_ref() != Some(&expected) {
                return Some((index, expected));
            }
        }
        keys.push(line);
    }
    None
}

/// The endless byte stream of the draw `key` under `tag` (`roll`, `first`,
/// `seating`, `spirit`).
pub fn stream<'a>(seed: &'a [u8], tag: &'a str, key: &'a [u8]) -> impl Iterator<Item = u8> + 'a {
    (0u64..).flat_map(move |block| {
        let mut hasher = Sha256::new();
        hasher.update(seed);
        hasher.update(tag.as_bytes());
        hasher.update(key);
        hasher.update(block.to_be_bytes());
        hasher.finalize().to_vec()
    })
}

/// The dice of the roll whose draw is `key`, in a game with this seed.
pub fn roll(seed: &[u8], spec: DiceSpec, key: &[u8]) -> Vec<u8> {
    spec.roll(&mut stream(seed, "roll", key))
        .unwrap_or_else(|| unreachable!("the stream never ends"))
}

/// The order of `count` players by a die each, highest first, drawn from
/// the seed under `tag`; players who tie roll again among themselves.
pub fn ranking(seed: &[u8], tag: &str, entropy: &[String], count: usize) -> Vec<usize> {
    let key = key(entropy, &[]);
    let mut bytes = stream(seed, tag, &key);
    let mut roll = || seance_engine::dice::face(&mut bytes, 6, 1).unwrap_or(1);
    let mut groups: Vec<Vec<usize>> = vec![(0..count).collect()];
    let mut order = Vec::new();
    while let Some(group) = groups.pop() {
        if group.len() == 1 {
            order.push(group[0]);
            continue;
        }
        let rolls: Vec<(usize, u8)> = group.iter().map(|&p| (p, roll())).collect();
        // Split by value, highest last on the stack so it is ranked first.
        for value in 1..=6u8 {
            let tied: Vec<usize> = rolls
                .iter()
                .filter(|(_, r)| *r == value)
                .map(|(p, _)| *p)
                .collect();
            if !tied.is_empty() {
                groups.push(tied);
            }
        }
    }
    order
}

/// The service's own options, kept with a game's options but not the
/// engine's: `seating=roll` (a roll at the start decides the order in which
/// the players choose their colours), `seating-order=2,0,1` (that roll's
/// ranking of the players, in their seat order before it),
/// `seating-choice=blue,red` (the colours they chose, in that order) and
/// `first-by=roll` (the `first=` colour was rolled for) and `rated=off`
/// (the game does not count for the ratings).
pub const SERVICE_OPTIONS: [&str; 5] = [
    "seating",
    "seating-order",
    "seating-choice",
    "first-by",
    "rated",
];

/// The option that says the first player was rolled for.
pub const FIRST_BY_ROLL: &str = "first-by=roll";

/// The option that records the seating roll's ranking.
pub fn seating_order(order: &[usize]) -> String {
    let order: Vec<String> = order.iter().map(usize::to_string).collect();
    format!("seating-order={}", order.join(","))
}

/// A game as its record tells it: enough to replay every draw.
#[derive(Clone, Copy, Debug)]
pub struct Dealt<'a> {
    /// Which game.
    pub game: GameType,
    /// Its setup or start position.
    pub start: &'a seance_engine::Start,
    /// Its options, the service's own among them.
    pub options: &'a [String],
    /// What the players contributed to the dice.
    pub entropy: &'a [String],
    /// The action log.
    pub log: &'a [String],
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
    /// The roll for the first player, or for the seats, is not the seed's.
    WrongDraw {
        /// Which draw: `first` or `seating`.
        draw: &'static str,
        /// What the record says.
        logged: String,
        /// What the seed gives.
        expected: String,
    },
    /// The log cannot be replayed.
    Unplayable(String),
}

/// Checks a game: `seed` against every commitment in `published` (the
/// stored one, and any a player copied from the chat), then the first-player
/// and seating rolls and every roll of the log (replayed from the start).
pub fn verify(dealt: Dealt<'_>, seed: &[u8], published: &[&str]) -> Verdict {
    let hash = commitment(seed);
    if published.is_empty() || published.iter().any(|p| p.trim().to_lowercase() != hash) {
        return Verdict::WrongSeed;
    }
    let options = match super::engine_options(dealt.options) {
        Ok(options) => options,
        Err(error) => return Verdict::Unplayable(error.to_string()),
    };
    let mut game = match catalogue::new_game(dealt.game, dealt.start.clone(), options) {
        Ok(game) => game,
        Err(error) => return Verdict::Unplayable(error.to_string()),
    };
    if let Some(wrong) = wrong_draw(dealt, &*game, seed) {
        return wrong;
    }
    let mut keys = Keys::new(dealt.entropy);
    for line in dealt.log {
        let action = match game.parse_action(line) {
            Ok(action) => action,
            Err(error) => return Verdict::Unplayable(format!("'{line}': {error}")),
        };
        if let Action::Roll(logged) = &action {
            let Some(spec) = game.dice_spec() else {
                return Verdict::Unplayable(format!("'{line}' in a game without dice"));
            };
            let expected = roll(seed, spec, &keys.key());
            if *logged != expected {
                return Verdict::WrongRoll {
                    number: game.rolls() + 1,
                    logged: logged.clone(),
                    expected,
                };
            }
        }
        if let Err(error) = game.act(action) {
            return Verdict::Unplayable(format!("'{line}': {error}"));
        }
        keys.push(line);
    }
    Verdict::Fair {
        rolls: game.rolls(),
    }
}

/// The first-player or seating roll of `dealt` that the seed does not give.
fn wrong_draw(dealt: Dealt<'_>, game: &dyn AnyGame, seed: &[u8]) -> Option<Verdict> {
    let option = |key: &str| {
        dealt
            .options
            .iter()
            .find_map(|o| o.strip_prefix(key)?.strip_prefix('='))
    };
    if dealt.options.iter().any(|o| o == FIRST_BY_ROLL) {
        let seats = game.info().seats;
        let order = ranking(seed, "first", dealt.entropy, seats.len());
        let expected = order
            .first()
            .and_then(|&seat| seats.get(seat))
            .map(|seat| seat.color.name())
            .unwrap_or_default();
        let logged = option("first").unwrap_or_default();
        if logged != expected {
            return Some(Verdict::WrongDraw {
                draw: "first",
                logged: logged.to_string(),
                expected: expected.to_string(),
            });
        }
    }
    if let Some(logged) = option("seating-order") {
        let players = logged.split(',').filter(|p| !p.is_empty()).count();
        let expected = seating_order(&ranking(seed, "seating", dealt.entropy, players));
        if format!("seating-order={logged}") != expected {
            return Some(Verdict::WrongDraw {
                draw: "seating",
                logged: logged.to_string(),
                expected: expected["seating-order=".len()..].to_string(),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use seance_engine::Start;

    const SEED: &[u8] = b"an example seed of thirty-two by";

    /// A Chaturaji log of `rolls` rolls and a move after each, drawn from
    /// `SEED` with `entropy`.
    fn dealt_log(entropy: &[String], rolls: usize) -> Vec<String> {
        let mut game =
            catalogue::new_game(GameType::Chaturaji, Start::Setup(None), Default::default())
                .unwrap();
        let mut log = Vec::new();
        for _ in 0..rolls {
            let dice = roll(SEED, game.dice_spec().unwrap(), &key(entropy, &log));
            let text = game
                .play_text(&format!("roll {} {}", dice[0], dice[1]))
                .unwrap();
            log.push(text);
            let next = game.legal_moves().into_iter().next().unwrap_or_default();
            if !next.is_empty() {
                log.push(game.play_text(&next).unwrap());
            }
        }
        log
    }

    #[test]
    fn rolls_follow_from_the_seed_and_the_history() {
        let spec = DiceSpec {
            count: 2,
            sides: 4,
            lowest: 1,
        };
        let first = roll(SEED, spec, &key(&[], &[]));
        assert_eq!(first, roll(SEED, spec, &key(&[], &[])), "the same draw");
        assert!(first.iter().all(|f| (1..=4).contains(f)));
        // Over many histories every face comes up about equally often.
        let mut counts = [0; 4];
        for i in 0..4000 {
            for f in roll(SEED, spec, &key(&[], &[i.to_string()])) {
                counts[usize::from(f - 1)] += 1;
            }
        }
        assert!(
            counts.iter().all(|&c| (1850..2150).contains(&c)),
            "{counts:?}"
        );
        // Lines are told apart: ["ab"] is not ["a", "b"], nor entropy history.
        let keys = [
            key(&[], &["ab".into()]),
            key(&[], &["a".into(), "b".into()]),
            key(&["ab".into()], &[]),
        ];
        assert!(keys[0] != keys[1] && keys[0] != keys[2] && keys[1] != keys[2]);
    }

    #[test]
    fn verify_checks_every_draw_against_every_commitment() {
        let entropy = vec!["4021".to_string()];
        let log = dealt_log(&entropy, 3);
        let start = Start::Setup(None);
        let options = vec!["first=red".to_string()];
        let dealt = Dealt {
            game: GameType::Chaturaji,
            start: &start,
            options: &options,
            entropy: &entropy,
            log: &log,
        };
        let hash = commitment(SEED);
        assert_eq!(verify(dealt, SEED, &[&hash]), Verdict::Fair { rolls: 3 });
        assert_eq!(
            verify(dealt, SEED, &[&hash, &hash.to_uppercase()]),
            Verdict::Fair { rolls: 3 }
        );
        // Another seed, or a commitment other than the one posted.
        assert_eq!(verify(dealt, b"another", &[&hash]), Verdict::WrongSeed);
        let swapped = commitment(b"another");
        assert_eq!(verify(dealt, SEED, &[&hash, &swapped]), Verdict::WrongSeed);
        assert_eq!(verify(dealt, SEED, &[]), Verdict::WrongSeed);
        // The players' part counts: without it the rolls are not the seed's.
        assert!(matches!(
            verify(
                Dealt {
                    entropy: &[],
                    ..dealt
                },
                SEED,
                &[&hash]
            ),
            Verdict::WrongRoll { .. }
        ));
        let mut forged = log.clone();
        forged[0] = if forged[0] == "roll 2 2" {
            "roll 3 3"
        } else {
            "roll 2 2"
        }
        .to_string();
        assert!(matches!(
            verify(
                Dealt {
                    log: &forged,
                    ..dealt
                },
                SEED,
                &[&hash]
            ),
            Verdict::WrongRoll { number: 1, .. }
        ));
        assert_eq!(from_hex(&hex(SEED)), Some(SEED.to_vec()));
    }

    #[test]
    fn the_first_player_and_seating_rolls_are_checked() {
        let entropy = vec!["77".to_string()];
        let seats = GameType::Chaturaji.info().seats;
        let winner = seats[ranking(SEED, "first", &entropy, 4)[0]].color.name();
        let start = Start::Setup(None);
        let check = |options: &[String]| {
            verify(
                Dealt {
                    game: GameType::Chaturaji,
                    start: &start,
                    options,
                    entropy: &entropy,
                    log: &[],
                },
                SEED,
                &[&commitment(SEED)],
            )
        };
        let rolled = [FIRST_BY_ROLL.to_string(), format!("first={winner}")];
        assert_eq!(check(&rolled), Verdict::Fair { rolls: 0 });
        let other = seats.iter().find(|s| s.color.name() != winner).unwrap();
        let forged = [
            FIRST_BY_ROLL.to_string(),
            format!("first={}", other.color.name()),
        ];
        assert!(matches!(
            check(&forged),
            Verdict::WrongDraw { draw: "first", .. }
        ));
        // Chosen, not rolled: any first player is fair.
        assert_eq!(
            check(&[format!("first={}", other.color.name())]),
            Verdict::Fair { rolls: 0 }
        );
        let order = ranking(SEED, "seating", &entropy, 3);
        assert_eq!(check(&[seating_order(&order)]), Verdict::Fair { rolls: 0 });
        let mut reversed = order.clone();
        reversed.reverse();
        assert!(matches!(
            check(&[seating_order(&reversed)]),
            Verdict::WrongDraw {
                draw: "seating",
                ..
            }
        ));
    }

    #[test]
    fn a_ranking_orders_everyone_once_and_follows_the_seed() {
        for n in 1..6 {
            let mut order = ranking(b"seed", "first", &[], n);
            assert_eq!(order, ranking(b"seed", "first", &[], n));
            order.sort_unstable();
            assert_eq!(order, (0..n).collect::<Vec<_>>());
        }
        let firsts: std::collections::BTreeSet<usize> = (0..40u8)
            .map(|s| ranking(&[s], "first", &[], 4)[0])
            .collect();
        assert_eq!(firsts.len(), 4, "every seat can win the roll");
    }
}
