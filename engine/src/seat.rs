//! The players' places at the board: seats, their army colours and teams, and
//! whose turn it is.

use std::fmt;

use crate::geometry::Forward;

/// A place at the board, numbered from 0 in the game's seating order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's number, for indexing per-seat tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One of the two sides of a two-player game: White (seat 0, first to move)
/// and Black (seat 1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// White, seat 0.
    White,
    /// Black, seat 1.
    Black,
}

impl Side {
    /// 0 for White, 1 for Black, for per-side tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The side's seat.
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The side sitting in `seat` of a two-sided game (seat 0 White, any other Black).
    pub const fn of_seat(seat: Seat) -> Side {
        if seat.0 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// `white` for White, `black` for Black.
    pub fn pick<T>(self, white: T, black: T) -> T {
        match self {
            Side::White => white,
            Side::Black => black,
        }
    }
}

/// The colour of an army, which names its seat in every game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// White (two-player games).
    White,
    /// Black (two-player games; one of Enochian chess's armies).
    Black,
    /// Red (Chaturaji, Enochian chess).
    Red,
    /// Blue (Chaturaji, Enochian chess).
    Blue,
    /// Yellow (Chaturaji, Enochian chess).
    Yellow,
    /// Green (Chaturaji).
    Green,
}

impl Color {
    /// Every colour, in declaration order.
    pub const ALL: [Color; 6] = [
        Color::White,
        Color::Black,
        Color::Red,
        Color::Blue,
        Color::Yellow,
        Color::Green,
    ];

    /// The English name in lower case, as typed in commands (`white`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Yellow => "yellow",
            Color::Green => "green",
        }
    }

    /// Reads a colour's English name, in any case.
    pub fn parse(text: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side that wins or loses together; in free-for-all games every seat is its own team.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Team(pub u8);

/// What a seat is: its army's colour, its team, and where it sits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SeatInfo {
    /// The army's colour.
    pub color: Color,
    /// The team it plays for.
    pub team: Team,
    /// The way its army advances, away from the edge it sits at: pictures
    /// drawn for this seat turn the board so that its army is at the bottom.
    pub facing: Forward,
}

impl SeatInfo {
    /// The seats of a free-for-all: one per army (its colour and facing), each its own team.
    pub const fn free_for_all<const N: usize>(armies: [(Color, Forward); N]) -> [SeatInfo; N] {
        let mut seats = [SeatInfo {
            color: Color::White,
            team: Team(0),
            facing: Forward::North,
        }; N];
        let mut i = 0;
        while i < N {
            seats[i] = SeatInfo {
                color: armies[i].0,
                team: Team(i as u8),
                facing: armies[i].1,
            };
            i += 1;
        }
        seats
    }
}

/// What the game waits for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The seat must roll the dice.
    Roll(Seat),
    /// The seat must move.
    Move(Seat),
    /// The game is over.
    Over,
}

impl Phase {
    /// The seat the game waits for, if any.
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Phase::Roll(seat) | Phase::Move(seat) => Some(seat),
            Phase::Over => None,
        }
    }
}
