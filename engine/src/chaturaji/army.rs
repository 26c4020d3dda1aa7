//! Where the four armies sit: their home edges, facings, back lines, thrones
//! and promotion lines. Every army fills the four squares from its own
//! left-hand corner, so the array is a pin-wheel.

use super::Ruleset;
use super::men::Man;
use crate::geometry::{Forward, Geometry, Square};
use crate::seat::{Color, Seat, SeatInfo};

const BOARD: Geometry = Geometry::CHESSBOARD;

/// The edge of the board an army starts on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// Ranks 1 and 2, advancing north.
    South,
    /// Files a and b, advancing east.
    West,
    /// Ranks 8 and 7, advancing south.
    North,
    /// Files h and g, advancing west.
    East,
}

impl Side {
    /// The direction the army's pawns advance.
    pub const fn forward(self) -> Forward {
        match self {
            Side::South => Forward::North,
            Side::West => Forward::East,
            Side::North => Forward::South,
            Side::East => Forward::West,
        }
    }

    /// The army's left-hand back corner.
    const fn corner(self) -> (i32, i32) {
        match self {
            Side::South => (0, 0),
            Side::West => (0, 7),
            Side::North => (7, 7),
            Side::East => (7, 0),
        }
    }

    /// The `i`-th square (from 0) of the back line, counted from the left-hand
    /// corner, `row` lines forward of the edge.
    fn home(self, i: i32, row: i32) -> Square {
        let (x, y) = self.corner();
        let (rx, ry) = self.forward().turn(1, 0);
        let (fx, fy) = self.forward().turn(0, 1);
        BOARD
            .square(x + i * rx + row * fx, y + i * ry + row * fy)
            .expect("home squares are on the board")
    }

    /// The square the army's king starts on: its throne.
    pub fn throne(self) -> Square {
        self.home(3, 0)
    }

    /// The squares of the far edge, where this army's pawns promote.
    pub const fn promotion_line(self) -> u64 {
        match self {
            Side::South => 0xff << 56,
            Side::North => 0xff,
            Side::West => 0x8080_8080_8080_8080,
            Side::East => 0x0101_0101_0101_0101,
        }
    }

    /// For a square of the far edge: the kind whose home file (or rank) it
    /// mirrors, counting from either end: boat, horse, elephant, king.
    pub fn master_of(self, square: Square) -> Man {
        let along = match self {
            Side::South | Side::North => BOARD.file(square),
            Side::West | Side::East => BOARD.rank(square),
        };
        [Man::Boat, Man::Horse, Man::Elephant, Man::King][usize::from(along.min(7 - along))]
    }
}

/// The army of each seat, seats in clockwise order from Red.
pub const fn side(ruleset: Ruleset, seat: Seat) -> Side {
    match ruleset {
        // al-Biruni's array: Red east, Green south, Yellow west, Black north.
        Ruleset::Modern | Ruleset::Classic => {
            [Side::East, Side::South, Side::West, Side::North][seat.index() % 4]
        }
        // The online array: Red south, Blue west, Yellow north, Green east.
        Ruleset::NoDice => [Side::South, Side::West, Side::North, Side::East][seat.index() % 4],
    }
}

/// The seats of the dice games: Red, Green, Yellow, Black, each on its own.
pub static DICE_SEATS: [SeatInfo; 4] = seats(
    Ruleset::Modern,
    [Color::Red, Color::Green, Color::Yellow, Color::Black],
);

/// The seats of the no-dice game: Red, Blue, Yellow, Green, each on its own.
pub static NODICE_SEATS: [SeatInfo; 4] = seats(
    Ruleset::NoDice,
    [Color::Red, Color::Blue, Color::Yellow, Color::Green],
);

/// Four seats of `colors`, each facing away from the edge its army holds under `ruleset`.
const fn seats(ruleset: Ruleset, colors: [Color; 4]) -> [SeatInfo; 4] {
    let mut armies = [(Color::White, Forward::North); 4];
    let mut i = 0;
    while i < 4 {
        armies[i] = (colors[i], side(ruleset, Seat(i as u8)).forward());
        i += 1;
    }
    SeatInfo::free_for_all(armies)
}

/// The men of one army at the start: the back line from the left-hand corner,
/// then four pawns in front of it.
pub fn array(side: Side, back: [Man; 4]) -> impl Iterator<Item = (Square, Man)> {
    (0..4)
        .map(move |i| (side.home(i, 0), back[i as usize]))
        .chain((0..4).map(move |i| (side.home(i, 1), Man::Pawn)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;

    fn name(square: Square) -> String {
        BOARD.name(square).to_string()
    }

    #[test]
    fn the_pin_wheel_of_al_biruni() {
        let back = [Man::Boat, Man::Horse, Man::Elephant, Man::King];
        let squares = |side| array(side, back).map(|(s, _)| name(s)).collect::<Vec<_>>();
        assert_eq!(
            squares(Side::South),
            ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
        );
        assert_eq!(
            squares(Side::East),
            ["h1", "h2", "h3", "h4", "g1", "g2", "g3", "g4"]
        );
        assert_eq!(
            squares(Side::North),
            ["h8", "g8", "f8", "e8", "h7", "g7", "f7", "e7"]
        );
        assert_eq!(
            squares(Side::West),
            ["a8", "a7", "a6", "a5", "b8", "b7", "b6", "b5"]
        );
    }

    #[test]
    fn thrones_and_promotion_lines() {
        assert_eq!(name(Side::South.throne()), "d1");
        assert_eq!(name(Side::East.throne()), "h4");
        // Each far edge is the home edge of the army across the board.
        for (side, across) in [
            (Side::South, Side::North),
            (Side::West, Side::East),
            (Side::North, Side::South),
            (Side::East, Side::West),
        ] {
            let far_edge = (0..8).fold(0, |line, i| line | u64::bit(across.home(i, 0)));
            assert_eq!(side.promotion_line(), far_edge, "{side:?}");
        }
        let sq = |n: &str| BOARD.parse(n).unwrap();
        assert_eq!(Side::South.master_of(sq("a8")), Man::Boat);
        assert_eq!(Side::South.master_of(sq("g8")), Man::Horse);
        assert_eq!(Side::South.master_of(sq("f8")), Man::Elephant);
        assert_eq!(Side::South.master_of(sq("e8")), Man::King);
        assert_eq!(
            Side::East.master_of(sq("a2")),
            Man::Horse,
            "Red's horse starts on h2"
        );
    }
}
