//! Spirits: seats played by the engine. A [`Spirit`] has a [`Level`], a time
//! budget per move and a seed, so that a game can be repeated exactly. The
//! baselines `random` and `greedy` exist to measure the others against.
//!
//! One search serves every game ([`search`]): alpha-beta over the seats'
//! teams; where more than two armies play, a best-reply search (one rival
//! at a time answers the spirit, the answer worst for it counts). It keeps a transposition table, tries captures, killers and
//! history first, searches late quiet moves shallower first, quiesces on
//! captures, and averages the dice's chance nodes over every roll. The evaluation ([`value`]) counts material
//! and what each game counts itself, as a lead over the strongest rival team.

pub mod search;
pub mod value;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::variant::Variant;

/// How strong a spirit plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    /// Any legal move, at random (a baseline).
    Random,
    /// The biggest capture, else any move (a baseline).
    Greedy,
    /// Looks one round ahead (a move of every army) and sometimes settles
    /// for less than the best.
    Novice,
    /// Searches two rounds ahead.
    Adept,
    /// Searches as deep as its time allows.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Novice,
        Level::Adept,
        Level::Master,
    ];

    /// The level's name in commands and settings.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Novice => "novice",
            Level::Adept => "adept",
            Level::Master => "master",
        }
    }

    /// The time a move may take by default.
    pub fn budget(self) -> Duration {
        match self {
            Level::Random | Level::Greedy => Duration::ZERO,
            Level::Novice => Duration::from_millis(50),
            Level::Adept => Duration::from_millis(300),
            Level::Master => Duration::from_secs(1),
        }
    }

    /// The deepest search, in rounds (a move of every army).
    fn rounds(self) -> u32 {
        match self {
            Level::Random | Level::Greedy => 0,
            Level::Novice => 1,
            Level::Adept => 2,
            Level::Master => 32,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no level.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown spirit level {:?}: use random, greedy, novice, adept or master",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        let text = text.trim().to_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == text)
            .ok_or(UnknownLevel(text))
    }
}

/// An engine player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Spirit {
    /// How strong.
    pub level: Level,
    /// The time a move may take.
    pub budget: Duration,
    /// Drives its random choices, so that a game repeats exactly.
    pub seed: u64,
}

/// What a spirit chose, and how hard it looked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Thought<M> {
    /// The move.
    pub mv: M,
    /// The deepest search it finished, in plies.
    pub depth: u32,
    /// Positions it looked at.
    pub nodes: u64,
}

/// What ends a search besides the spirit's own depth and time: the limits
/// of the engine protocol's `go`, and its `stop`.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// At most this many plies deep.
    pub depth: Option<u32>,
    /// At most this many positions.
    pub nodes: Option<u64>,
    /// Raised from another thread, it ends the search with the best move so far.
    pub stop: Option<Arc<AtomicBool>>,
}

/// One finished depth of a search, as the engine protocol's `info` tells it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Progress<M> {
    /// The depth finished, in plies.
    pub depth: u32,
    /// The best move's score for the spirit's team, in hundredths of a pawn
    /// (see [`search::plies_to_end`] for won and lost games).
    pub score: i32,
    /// Positions looked at so far.
    pub nodes: u64,
    /// The line expected, the best move first.
    pub pv: Vec<M>,
}

impl<M> Progress<M> {
    /// The same progress with its moves written by `write`.
    pub fn map<N>(&self, write: impl FnMut(&M) -> N) -> Progress<N> {
        Progress {
            depth: self.depth,
            score: self.score,
            nodes: self.nodes,
            pv: self.pv.iter().map(write).collect(),
        }
    }
}

impl Spirit {
    /// A spirit of `level` with that level's time budget.
    pub fn new(level: Level, seed: u64) -> Spirit {
        Spirit {
            level,
            budget: level.budget(),
            seed,
        }
    }

    /// The spirit's move in `position` for the seat whose turn it is; `None`
    /// when that seat has no move (or the game waits for dice, or is over).
    pub fn think<V: Variant>(&self, position: &V) -> Option<Thought<V::Move>> {
        self.think_within(position, &Limits::default(), &mut |_| {})
    }

    /// [`Spirit::think`] within `limits` too, telling `report` each depth
    /// the search finishes.
    pub fn think_within<V: Variant>(
        &self,
        position: &V,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress<V::Move>),
    ) -> Option<Thought<V::Move>> {
        let moves = position.legal_moves();
        let mut rng = Rng::new(self.seed ^ position.hash());
        let pick = |rng: &mut Rng, moves: &[V::Move]| moves[rng.below(moves.len())];
        let quick = |mv| Thought {
            mv,
            depth: 0,
            nodes: 0,
        };
        match (self.level, moves.len()) {
            (_, 0) => None,
            (Level::Random, _) => Some(quick(pick(&mut rng, &moves))),
            (Level::Greedy, _) => {
                let best = moves
                    .iter()
                    .map(|&mv| value::capture_gain(position, mv))
                    .max()
                    .unwrap_or(0);
                let biggest: Vec<V::Move> = moves
                    .iter()
                    .copied()
                    .filter(|&mv| value::capture_gain(position, mv) == best)
                    .collect();
                Some(quick(pick(&mut rng, &biggest)))
            }
            (_, 1) => Some(quick(moves[0])),
            (level, _) => {
                let slack = if level == Level::Novice { 60 } else { 0 };
                let depth = level.rounds() * V::info().seats.len() as u32;
                search::best(
                    position,
                    depth,
                    self.budget,
                    slack,
                    &mut rng,
                    limits,
                    report,
                )
            }
        }
    }
}

/// A small, fast, seeded generator (SplitMix64) for the spirits' choices.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn number(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.number() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests;
