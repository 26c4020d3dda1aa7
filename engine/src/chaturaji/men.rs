//! The men of the three rule sets as data: how each moves, its letter, its
//! picture and what capturing it scores.

use std::sync::LazyLock;

use super::Ruleset;
use crate::geometry::{Forward, Geometry};
use crate::movement::common::{ALFIL, BISHOP, KING, KNIGHT, PAWN, ROOK};
use crate::movement::{Part, Reach};
use crate::view::Figure;

/// A kind of man. The no-dice game calls its horse a knight and its elephant
/// a bishop (the bishop descends from the elephant); its boat moves like a rook.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Man {
    /// The king; captured, not mated.
    King,
    /// Steps forward, captures diagonally forward.
    Pawn,
    /// The knight's leap.
    Horse,
    /// The corner piece.
    Boat,
    /// The piece beside the king (bishop in the no-dice game).
    Elephant,
}

impl Man {
    /// Every kind, in table order.
    pub const ALL: [Man; 5] = [Man::King, Man::Pawn, Man::Horse, Man::Boat, Man::Elephant];

    /// The index in per-kind tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The bit of this kind in a set of kinds.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The letter of notation and position texts.
    pub const fn letter(self, ruleset: Ruleset) -> char {
        pieces(ruleset)[self.index()].0
    }

    /// The picture the renderer draws.
    pub const fn figure(self, ruleset: Ruleset) -> Figure {
        pieces(ruleset)[self.index()].1
    }

    /// The points for capturing a man of this kind from an army still in play.
    pub const fn value(self, ruleset: Ruleset) -> i32 {
        match (ruleset, self) {
            // The seed's modern rules.
            (Ruleset::Modern, Man::Pawn) => 1,
            (Ruleset::Modern, Man::Boat | Man::Horse) => 3,
            (Ruleset::Modern, Man::Elephant) => 5,
            (Ruleset::Modern, Man::King) => 10,
            // al-Biruni's stakes.
            (Ruleset::Classic, Man::Pawn) => 1,
            (Ruleset::Classic, Man::Boat) => 2,
            (Ruleset::Classic, Man::Horse) => 3,
            (Ruleset::Classic, Man::Elephant) => 4,
            (Ruleset::Classic, Man::King) => 5,
            // The online game.
            (Ruleset::NoDice, Man::Pawn) => 1,
            (Ruleset::NoDice, Man::Horse | Man::King) => 3,
            (Ruleset::NoDice, Man::Boat | Man::Elephant) => 5,
        }
    }

    /// The kinds a die face lets move, as the seed numbers the faces: 1 the
    /// king or a pawn, 2 the boat, 3 the horse, 4 the elephant.
    pub const fn for_face(face: u8) -> u8 {
        match face {
            1 => Man::King.bit() | Man::Pawn.bit(),
            4 => Man::Elephant.bit(),
            3 => Man::Horse.bit(),
            2 => Man::Boat.bit(),
            _ => 0,
        }
    }
}

/// Each kind's letter and picture in the dice games, in table order: the
/// seed's king, pawn, horse, boat and elephant.
pub const DICE_PIECES: [(char, Figure); 5] = [
    ('K', Figure::King),
    ('P', Figure::Pawn),
    ('H', Figure::Horse),
    ('B', Figure::Boat),
    ('E', Figure::Elephant),
];

/// The same in the no-dice game, which calls the horse a knight, the boat a
/// rook (drawn as a boat) and the elephant a bishop.
pub const NODICE_PIECES: [(char, Figure); 5] = [
    ('K', Figure::King),
    ('P', Figure::Pawn),
    ('N', Figure::Knight),
    ('R', Figure::Boat),
    ('B', Figure::Bishop),
];

/// The pieces table of `ruleset`.
const fn pieces(ruleset: Ruleset) -> &'static [(char, Figure); 5] {
    match ruleset {
        Ruleset::NoDice => &NODICE_PIECES,
        Ruleset::Modern | Ruleset::Classic => &DICE_PIECES,
    }
}

/// Every kind at once.
pub const ALL_MEN: u8 = (1 << 5) - 1;

/// The seed's short bishop: one or two squares diagonally, no jump.
const SHORT_BISHOP: &[Part] = &[Part::rider(1, 1).range(1, 2)];
/// The modern boat: one or two squares diagonally, jumping on the two-square move.
const MODERN_BOAT: &[Part] = &[Part::leaper(1, 1).range(1, 2).open()];

/// How each kind moves: [king, pawn, horse, boat, elephant].
fn movements(ruleset: Ruleset, short_bishop: bool) -> [&'static [Part]; 5] {
    match ruleset {
        Ruleset::Modern => [KING, PAWN, KNIGHT, MODERN_BOAT, ROOK],
        Ruleset::Classic => [KING, PAWN, KNIGHT, ALFIL, ROOK],
        Ruleset::NoDice if short_bishop => [KING, PAWN, KNIGHT, ROOK, SHORT_BISHOP],
        Ruleset::NoDice => [KING, PAWN, KNIGHT, ROOK, BISHOP],
    }
}

/// The reach of every kind for every facing, for one rule set.
pub struct Tables {
    /// Indexed by facing (North, East, South, West), then kind.
    reach: [[Reach<u64>; 5]; 4],
}

impl Tables {
    fn build(ruleset: Ruleset, short_bishop: bool) -> Tables {
        let movements = movements(ruleset, short_bishop);
        Tables {
            reach: FACINGS.map(|forward| {
                movements.map(|movement| Reach::build(Geometry::CHESSBOARD, forward, movement))
            }),
        }
    }

    /// The reach of `man` of an army facing `forward`.
    #[inline]
    pub fn reach(&self, forward: Forward, man: Man) -> &Reach<u64> {
        &self.reach[forward as usize][man.index()]
    }
}

/// The facings, in the order of [`Forward`]'s declaration.
const FACINGS: [Forward; 4] = [Forward::North, Forward::East, Forward::South, Forward::West];

static TABLES: LazyLock<[Tables; 4]> = LazyLock::new(|| {
    [
        Tables::build(Ruleset::Modern, false),
        Tables::build(Ruleset::Classic, false),
        Tables::build(Ruleset::NoDice, false),
        Tables::build(Ruleset::NoDice, true),
    ]
});

/// The tables of a rule set (with the short bishop, for the no-dice game's option).
#[inline]
pub fn tables(ruleset: Ruleset, short_bishop: bool) -> &'static Tables {
    let index = match ruleset {
        Ruleset::Modern => 0,
        Ruleset::Classic => 1,
        Ruleset::NoDice if short_bishop => 3,
        Ruleset::NoDice => 2,
    };
    &TABLES[index]
}
