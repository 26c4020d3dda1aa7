//! Through chess's men as movement data, and their tables, built once.

use std::sync::LazyLock;

use super::{BOARD, Kind, Side, SuperqueenCapture};
use crate::geometry::Forward;
use crate::movement::{Mode, Part, Reach, Symmetry};

/// One or two squares straight ahead, through anything, never capturing.
const PAWN: &[Part] = &[Part::leaper(0, 1)
    .symmetry(Symmetry::Exact)
    .range(1, 2)
    .open()
    .mode(Mode::MoveOnly)];
const KNIGHT: &[Part] = &[Part::leaper(1, 2)];
const BISHOP: &[Part] = &[Part::rider(1, 1).open()];
const ROOK: &[Part] = &[Part::rider(1, 0).open()];
const QUEEN: &[Part] = &[Part::rider(1, 0).open(), Part::rider(1, 1).open()];

/// The superqueen under each `superqueen_capture` option, in its order.
const SUPERQUEEN: [&[Part]; 3] = [
    &[Part::anywhere()],
    &[
        Part::anywhere().mode(Mode::MoveOnly),
        Part::rider(1, 0).open().mode(Mode::CaptureOnly),
        Part::rider(1, 1).open().mode(Mode::CaptureOnly),
    ],
    &[Part::anywhere().mode(Mode::MoveOnly)],
];

/// Every man's reach, per side where the side matters.
pub(super) struct Tables {
    /// Pawn, knight, bishop, rook, queen; each for White then Black.
    men: [[Reach<u64>; 2]; 5],
    /// The superqueen under each capture option.
    superqueen: [Reach<u64>; 3],
}

impl Tables {
    /// The reach of a `kind` of `side` under the superqueen option `capture`.
    #[inline]
    pub(super) fn reach(&self, kind: Kind, side: Side, capture: SuperqueenCapture) -> &Reach<u64> {
        match kind {
            Kind::Superqueen => &self.superqueen[capture as usize],
            _ => &self.men[kind.index()][side.index()],
        }
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let both = |movement: &[Part]| {
        [Forward::North, Forward::South].map(|forward| Reach::build(BOARD, forward, movement))
    };
    Tables {
        men: [PAWN, KNIGHT, BISHOP, ROOK, QUEEN].map(both),
        superqueen: SUPERQUEEN.map(|movement| Reach::build(BOARD, Forward::North, movement)),
    }
});

/// The tables, built on first use.
#[inline]
pub(super) fn get() -> &'static Tables {
    &TABLES
}
