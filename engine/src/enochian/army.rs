//! The four armies: their corners (thrones), home squares, facings and far
//! edges, the elemental boards and settings, and the eight arrays they give.

use super::Kind;
use crate::geometry::{Forward, Geometry, Square};
use crate::seat::{Color, Seat, SeatInfo, Team};

pub(super) const BOARD: Geometry = Geometry::CHESSBOARD;

/// The square named `name` (`b"e4"`), at compile time.
pub(super) const fn square(name: &[u8; 2]) -> Square {
    Square::new((name[1] - b'1') * 8 + (name[0] - b'a'))
}

/// One of the four armies, numbered clockwise (deosil) from Yellow.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Army {
    /// Air, throne a8, advancing south.
    Yellow,
    /// Water, throne h8, advancing west.
    Blue,
    /// Fire, throne h1, advancing north.
    Red,
    /// Earth, throne a1, advancing east.
    Black,
}

impl Army {
    /// Every army, clockwise from Yellow.
    pub const ALL: [Army; 4] = [Army::Yellow, Army::Blue, Army::Red, Army::Black];

    /// The army's number, for per-army tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The army with number `index` (taken modulo 4).
    pub const fn from_index(index: usize) -> Army {
        Army::ALL[index % 4]
    }

    /// The seat that owns the army (and controls it, unless it was seized).
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The allied army, across the board: Yellow with Red, Blue with Black.
    pub const fn ally(self) -> Army {
        Army::from_index(self.index() + 2)
    }

    /// Whether `other` fights on the other team.
    pub const fn is_enemy(self, other: Army) -> bool {
        self.index() % 2 != other.index() % 2
    }

    /// The direction the army's pawns advance.
    pub const fn forward(self) -> Forward {
        match self {
            Army::Yellow => Forward::South,
            Army::Blue => Forward::West,
            Army::Red => Forward::North,
            Army::Black => Forward::East,
        }
    }

    /// The four home squares from the throne along the edge (rules reference §1.1).
    pub fn home(self) -> [Square; 4] {
        self.squares(
            ["a8", "b8", "c8", "d8"],
            ["h8", "h7", "h6", "h5"],
            ["h1", "g1", "f1", "e1"],
            ["a1", "a2", "a3", "a4"],
        )
    }

    /// The pawn squares, in front of the home squares in the same order.
    pub fn pawn_line(self) -> [Square; 4] {
        self.squares(
            ["a7", "b7", "c7", "d7"],
            ["g8", "g7", "g6", "g5"],
            ["h2", "g2", "f2", "e2"],
            ["b1", "b2", "b3", "b4"],
        )
    }

    fn squares(
        self,
        yellow: [&str; 4],
        blue: [&str; 4],
        red: [&str; 4],
        black: [&str; 4],
    ) -> [Square; 4] {
        let names = [yellow, blue, red, black][self.index()];
        names.map(|n| BOARD.parse(n).expect("a square"))
    }

    /// The army's corner, where its king and one piece start together.
    pub const fn throne(self) -> Square {
        match self {
            Army::Yellow => square(b"a8"),
            Army::Blue => square(b"h8"),
            Army::Red => square(b"h1"),
            Army::Black => square(b"a1"),
        }
    }

    /// The far edge, where the army's pawns promote.
    pub const fn far_edge(self) -> u64 {
        match self {
            Army::Yellow => 0xff,
            Army::Blue => 0x0101_0101_0101_0101,
            Army::Red => 0xff << 56,
            Army::Black => 0x8080_8080_8080_8080,
        }
    }

    /// The army's colour.
    pub const fn color(self) -> Color {
        SEATS[self as usize].color
    }

    /// The letter of position texts: `y`, `b`, `r`, `k`.
    pub const fn letter(self) -> char {
        match self {
            Army::Yellow => 'y',
            Army::Blue => 'b',
            Army::Red => 'r',
            Army::Black => 'k',
        }
    }

    /// The army with this letter.
    pub fn from_letter(letter: char) -> Option<Army> {
        Army::ALL.into_iter().find(|a| a.letter() == letter)
    }
}

/// The seats: Yellow and Red against Blue and Black.
pub static SEATS: [SeatInfo; 4] = [
    SeatInfo {
        color: Color::Yellow,
        team: Team(0),
        facing: Forward::South,
    },
    SeatInfo {
        color: Color::Blue,
        team: Team(1),
        facing: Forward::West,
    },
    SeatInfo {
        color: Color::Red,
        team: Team(0),
        facing: Forward::North,
    },
    SeatInfo {
        color: Color::Black,
        team: Team(1),
        facing: Forward::East,
    },
];

/// An element: names the boards and the settings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Element {
    /// Air: Yellow's.
    Air,
    /// Water: Blue's.
    Water,
    /// Fire: Red's.
    Fire,
    /// Earth: Black's.
    Earth,
}

impl Element {
    /// The option values, in this order.
    pub const NAMES: [&'static str; 4] = ["air", "water", "fire", "earth"];

    /// The element by its index in [`Element::NAMES`].
    pub const fn from_index(index: usize) -> Element {
        [Element::Air, Element::Water, Element::Fire, Element::Earth][index % 4]
    }

    /// The army of the element: on its board, it moves first.
    pub const fn army(self) -> Army {
        match self {
            Element::Air => Army::Yellow,
            Element::Water => Army::Blue,
            Element::Fire => Army::Red,
            Element::Earth => Army::Black,
        }
    }
}

/// The pieces of a setting on its board: the throne's sharer, then the
/// pieces of squares 2 to 4 (rules reference §1.2, Zalewski pp. 104-105).
/// Fire and Earth boards share one order, Air and Water boards the other, so
/// the sixteen board-and-setting pairs give eight arrays.
pub fn setting(board: Element, setting: Element) -> [Kind; 4] {
    use Kind::{Bishop as B, Knight as N, Queen as Q, Rook as R};
    let fire_or_earth = matches!(board, Element::Fire | Element::Earth);
    match (fire_or_earth, setting) {
        (true, Element::Earth) => [R, B, Q, N],
        (true, Element::Air) => [B, R, N, Q],
        (true, Element::Water) => [Q, N, R, B],
        (true, Element::Fire) => [N, Q, B, R],
        (false, Element::Earth) => [R, N, Q, B],
        (false, Element::Air) => [B, Q, N, R],
        (false, Element::Water) => [Q, B, R, N],
        (false, Element::Fire) => [N, R, B, Q],
    }
}

/// Every man of the array: the king and the sharer on the throne, the other
/// pieces along the edge, and before each the pawn of its type.
pub fn array(board: Element, chosen: Element) -> Vec<(Army, Kind, Square)> {
    let pieces = setting(board, chosen);
    let mut men = Vec::new();
    for army in Army::ALL {
        men.push((army, Kind::King, army.throne()));
        for (i, piece) in pieces.into_iter().enumerate() {
            men.push((army, piece, army.home()[i]));
            men.push((army, piece.pawn(), army.pawn_line()[i]));
        }
    }
    men
}
