//! The three historical arrays (rules reference A.2 and A.3), written for
//! White's first three ranks; Black's army is White's turned half round (or,
//! with the option, mirrored across the middle).

use super::men::Kind;
use super::{BOARD, Side};
use crate::geometry::Square;

/// A named opening array.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Setup {
    /// The "men's" array, the standard one.
    Masculine,
    /// The "women's" array: pieces gathered in the middle, the pawn of kings on rank 2.
    Feminine,
    /// The array of Ibn Arabshah's manuscript (unverified transcription, see the notes).
    Arabshah,
}

impl Setup {
    /// The setups by name, in menu order.
    pub const NAMES: [&'static str; 3] = ["masculine", "feminine", "arabshah"];

    /// The setup named `name`.
    pub fn named(name: &str) -> Option<Setup> {
        let index = Setup::NAMES.iter().position(|n| *n == name)?;
        Some([Setup::Masculine, Setup::Feminine, Setup::Arabshah][index])
    }

    /// The first letter, as position texts record it.
    pub const fn letter(self) -> char {
        match self {
            Setup::Masculine => 'm',
            Setup::Feminine => 'f',
            Setup::Arabshah => 'a',
        }
    }

    /// The setup with this letter.
    pub fn from_letter(letter: char) -> Option<Setup> {
        [Setup::Masculine, Setup::Feminine, Setup::Arabshah]
            .into_iter()
            .find(|s| s.letter() == letter)
    }

    /// White's ranks 1 to 3, file a to k; `""` is an empty square.
    fn ranks(self) -> [[&'static str; 11]; 3] {
        match self {
            Setup::Masculine => [
                ["E", "", "C", "", "D", "", "D", "", "C", "", "E"],
                ["R", "N", "T", "Z", "G", "K", "V", "Z", "T", "N", "R"],
                [
                    "PP", "PD", "PC", "PE", "PG", "PK", "PV", "PZ", "PT", "PN", "PR",
                ],
            ],
            Setup::Feminine => [
                ["E", "", "C", "", "G", "K", "V", "", "C", "", "E"],
                ["R", "N", "T", "Z", "D", "PK", "D", "Z", "T", "N", "R"],
                [
                    "PP", "PD", "PC", "PE", "PG", "", "PV", "PZ", "PT", "PN", "PR",
                ],
            ],
            Setup::Arabshah => [
                ["E", "", "C", "", "G", "K", "V", "", "C", "", "E"],
                ["R", "N", "D", "T", "Z", "PK", "Z", "T", "D", "N", "R"],
                [
                    "PP", "PG", "PV", "PC", "PE", "", "PZ", "PT", "PD", "PN", "PR",
                ],
            ],
        }
    }

    /// Every man of the array with its square; `mirror` mirrors Black's army
    /// instead of turning it.
    pub fn men(self, mirror: bool) -> Vec<(Side, Kind, Square)> {
        let mut men = Vec::new();
        for (rank, row) in self.ranks().iter().enumerate() {
            for (file, token) in row.iter().enumerate() {
                let Some(kind) = Kind::from_token(token) else {
                    continue;
                };
                let (x, y) = (file as i32, rank as i32);
                let black = if mirror { (x, 9 - y) } else { (10 - x, 9 - y) };
                for (side, (x, y)) in [(Side::White, (x, y)), (Side::Black, black)] {
                    men.push((side, kind, BOARD.square(x, y).expect("on the board")));
                }
            }
        }
        men
    }

    /// Where the pawn of kings of `side` starts: the pawn of pawns' second arrival.
    pub fn kings_pawn_home(self, side: Side, mirror: bool) -> Square {
        self.men(mirror)
            .into_iter()
            .find(|&(s, kind, _)| s == side && kind == Kind::PawnOfKings)
            .map(|(_, _, square)| square)
            .expect("every array has a pawn of kings")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(setup: Setup, mirror: bool, name: &str) -> Option<(Side, Kind)> {
        let square = BOARD.parse(name).unwrap();
        setup
            .men(mirror)
            .into_iter()
            .find(|m| m.2 == square)
            .map(|(side, kind, _)| (side, kind))
    }

    #[test]
    fn the_masculine_array_square_by_square() {
        let men = Setup::Masculine.men(false);
        assert_eq!(men.len(), 56, "28 men a side");
        let white = |n| at(Setup::Masculine, false, n).map(|(s, k)| (s == Side::White, k));
        let expected = [
            ("a1", Kind::Elephant),
            ("c1", Kind::Camel),
            ("e1", Kind::WarEngine),
            ("g1", Kind::WarEngine),
            ("i1", Kind::Camel),
            ("k1", Kind::Elephant),
            ("a2", Kind::Rook),
            ("b2", Kind::Knight),
            ("c2", Kind::Picket),
            ("d2", Kind::Giraffe),
            ("e2", Kind::General),
            ("f2", Kind::King),
            ("g2", Kind::Vizier),
            ("h2", Kind::Giraffe),
            ("i2", Kind::Picket),
            ("j2", Kind::Knight),
            ("k2", Kind::Rook),
            ("a3", Kind::PawnOfPawns),
            ("b3", Kind::PawnOfWarEngines),
            ("c3", Kind::PawnOfCamels),
            ("d3", Kind::PawnOfElephants),
            ("e3", Kind::PawnOfGenerals),
            ("f3", Kind::PawnOfKings),
            ("g3", Kind::PawnOfViziers),
            ("h3", Kind::PawnOfGiraffes),
            ("i3", Kind::PawnOfPickets),
            ("j3", Kind::PawnOfKnights),
            ("k3", Kind::PawnOfRooks),
        ];
        for (square, kind) in expected {
            assert_eq!(white(square), Some((true, kind)), "{square}");
        }
        for empty in ["b1", "d1", "f1", "h1", "j1", "a4", "k7"] {
            assert_eq!(white(empty), None, "{empty}");
        }
        // Black is White turned half round: general g9, vizier e9, pawn of pawns k8.
        let black = |n| at(Setup::Masculine, false, n).map(|(s, k)| (s == Side::Black, k));
        assert_eq!(black("f9"), Some((true, Kind::King)));
        assert_eq!(black("g9"), Some((true, Kind::General)));
        assert_eq!(black("e9"), Some((true, Kind::Vizier)));
        assert_eq!(black("k8"), Some((true, Kind::PawnOfPawns)));
        assert_eq!(black("a8"), Some((true, Kind::PawnOfRooks)));
        assert_eq!(black("k10"), Some((true, Kind::Elephant)));
        // Mirrored instead, the general stands on e9 and the pawn of pawns on a8.
        assert_eq!(
            at(Setup::Masculine, true, "e9"),
            Some((Side::Black, Kind::General))
        );
        assert_eq!(
            at(Setup::Masculine, true, "a8"),
            Some((Side::Black, Kind::PawnOfPawns))
        );
    }

    #[test]
    fn the_other_arrays() {
        let white = |setup, n| at(setup, false, n).map(|(_, k)| k);
        assert_eq!(white(Setup::Feminine, "f1"), Some(Kind::King));
        assert_eq!(white(Setup::Feminine, "f2"), Some(Kind::PawnOfKings));
        assert_eq!(white(Setup::Feminine, "e2"), Some(Kind::WarEngine));
        assert_eq!(white(Setup::Feminine, "f3"), None);
        assert_eq!(white(Setup::Arabshah, "c2"), Some(Kind::WarEngine));
        assert_eq!(white(Setup::Arabshah, "b3"), Some(Kind::PawnOfGenerals));
        assert_eq!(Setup::Feminine.men(false).len(), 56);
        assert_eq!(Setup::Arabshah.men(false).len(), 56);
        let home = |setup: Setup, side| BOARD.name(setup.kings_pawn_home(side, false)).to_string();
        assert_eq!(home(Setup::Masculine, Side::White), "f3");
        assert_eq!(home(Setup::Masculine, Side::Black), "f8");
        assert_eq!(home(Setup::Feminine, Side::White), "f2");
        assert_eq!(home(Setup::Arabshah, Side::Black), "f9");
    }
}
