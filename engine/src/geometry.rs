//! Board shapes shared by every game: squares, files and ranks, and the
//! direction a player's army faces.

use std::fmt;

/// A square, numbered `rank * files + file` on its board (a1 = 0).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with index `index`.
    #[inline]
    pub const fn new(index: u8) -> Square {
        Square(index)
    }

    /// The index of the square, for looking it up in tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A rectangular board: `files` columns named `a`, `b`, ... and `ranks` rows
/// numbered from 1, White's (or the first army's) side at rank 1; plus any
/// extra squares outside the rectangle (Tamerlane's citadels), numbered after
/// the board's and named by their place (the file left of `a` is `z`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    /// The (file, rank) of each extra square, both from 0.
    extras: &'static [(i8, i8)],
}

impl Geometry {
    /// The ordinary 8x8 board.
    pub const CHESSBOARD: Geometry = Geometry::new(8, 8);

    /// A board of `files` by `ranks` squares: at most 26 files, and at most
    /// 128 squares so that a `u128` holds a set of them.
    pub const fn new(files: u8, ranks: u8) -> Geometry {
        Geometry::with_extras(files, ranks, &[])
    }

    /// A board with extra squares at the given (file, rank) places outside it.
    pub const fn with_extras(files: u8, ranks: u8, extras: &'static [(i8, i8)]) -> Geometry {
        assert!(files >= 1 && files <= 25 && ranks >= 1);
        assert!(files as usize * ranks as usize + extras.len() <= 128);
        Geometry {
            files,
            ranks,
            extras,
        }
    }

    /// The number of files (columns).
    pub const fn files(self) -> u8 {
        self.files
    }

    /// The number of ranks (rows).
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// The number of squares of the rectangle (extra squares come after).
    pub const fn size(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The extra square at (`file`, `rank`), if there is one.
    pub fn extra(self, file: i32, rank: i32) -> Option<Square> {
        self.extras
            .iter()
            .position(|&(f, r)| i32::from(f) == file && i32::from(r) == rank)
            .map(|i| Square((self.size() + i) as u8))
    }

    /// The square on `file` and `rank` (both from 0), if it is on the board.
    pub const fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < self.files as i32 && rank >= 0 && rank < self.ranks as i32 {
            Some(Square((rank * self.files as i32 + file) as u8))
        } else {
            None
        }
    }

    /// The file of a square of the rectangle, from 0.
    pub const fn file(self, square: Square) -> u8 {
        square.0 % self.files
    }

    /// The rank of a square of the rectangle, from 0.
    pub const fn rank(self, square: Square) -> u8 {
        square.0 / self.files
    }

    /// The (file, rank) of any square, extra squares included (their file may
    /// be -1 or `files`).
    pub fn place(self, square: Square) -> (i32, i32) {
        match square.index().checked_sub(self.size()) {
            Some(extra) => {
                let (file, rank) = self.extras[extra];
                (i32::from(file), i32::from(rank))
            }
            None => (i32::from(self.file(square)), i32::from(self.rank(square))),
        }
    }

    /// The square `dx` files right and `dy` ranks up from `square`, if on the board.
    pub const fn offset(self, square: Square, dx: i32, dy: i32) -> Option<Square> {
        self.square(self.file(square) as i32 + dx, self.rank(square) as i32 + dy)
    }

    /// Every square, a1 first, rank by rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.size() as u8).map(Square)
    }

    /// The name of `square`, such as `e4` (or `z9` for an extra square left of `a9`).
    pub fn name(self, square: Square) -> SquareName {
        let (file, rank) = self.place(square);
        SquareName {
            file: if file < 0 {
                'z'
            } else {
                (b'a' + file as u8) as char
            },
            rank: (rank + 1) as u8,
        }
    }

    /// Reads a square name such as `e4` (lower case, already normalized).
    pub fn parse(self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse::<i32>().ok()? - 1;
        let file = if file == 'z' {
            -1
        } else {
            i32::from(file as u8 - b'a')
        };
        self.square(file, rank).or_else(|| self.extra(file, rank))
    }
}

/// A printable square name: a file letter and a rank number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareName {
    file: char,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

/// The edge of the board an army advances towards. Piece movements are written
/// for an army facing `North` (towards higher ranks) and turned for the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Forward {
    /// Towards higher ranks (White in chess).
    North,
    /// Towards the higher files.
    East,
    /// Towards lower ranks (Black in chess).
    South,
    /// Towards the lower files.
    West,
}

impl Forward {
    /// Turns a step written as (`right`, `forward`) for a North-facing army into
    /// board coordinates (files, ranks) for an army facing `self`.
    pub const fn turn(self, right: i32, forward: i32) -> (i32, i32) {
        match self {
            Forward::North => (right, forward),
            Forward::South => (-right, -forward),
            Forward::East => (forward, -right),
            Forward::West => (-forward, right),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_parses_squares() {
        let board = Geometry::CHESSBOARD;
        let e4 = board.parse("e4").unwrap();
        assert_eq!(e4.index(), 3 * 8 + 4);
        assert_eq!(board.name(e4).to_string(), "e4");
        assert_eq!(board.parse("i1"), None);
        assert_eq!(board.parse("a9"), None);
        assert_eq!(board.parse("a0"), None);
        assert_eq!(board.parse("a01"), None);
        let wide = Geometry::with_extras(11, 10, &[(11, 1), (-1, 8)]);
        let k10 = wide.parse("k10").unwrap();
        assert_eq!(wide.name(k10).to_string(), "k10");
        assert_eq!(wide.file(k10), 10);
        let l2 = wide.parse("l2").unwrap();
        assert_eq!(l2.index(), 110);
        assert_eq!(wide.name(l2).to_string(), "l2");
        assert_eq!(wide.parse("z9").map(Square::index), Some(111));
        assert_eq!(wide.name(Square::new(111)).to_string(), "z9");
        assert_eq!(wide.parse("l3"), None);
        assert_eq!(wide.parse("z1"), None);
    }

    #[test]
    fn turns_forward_for_every_facing() {
        assert_eq!(Forward::North.turn(0, 1), (0, 1));
        assert_eq!(Forward::South.turn(0, 1), (0, -1));
        assert_eq!(Forward::East.turn(0, 1), (1, 0));
        assert_eq!(Forward::West.turn(0, 1), (-1, 0));
        // The right hand of an army facing east points south.
        assert_eq!(Forward::East.turn(1, 0), (0, -1));
    }
}
