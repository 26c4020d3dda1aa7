//! How a game ended: who won (nobody, for a draw) and why.

use std::fmt;

use crate::seat::Seat;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// Through chess: a side lost both of its queens.
    QueensCaptured,
    /// The seat to move had no legal move.
    NoLegalMove,
    /// The same position arose for the third time with the same seat to move.
    Repetition,
    /// 100 plies passed with no capture and no pawn move.
    MoveLimit,
    /// The players agreed to a draw.
    Agreement,
    /// This seat resigned.
    Resignation(Seat),
    /// This seat's time ran out.
    Timeout(Seat),
}

/// The result of a finished game.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The seats that won; empty for a draw.
    pub winners: Vec<Seat>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winners`.
    pub fn win(winners: Vec<Seat>, reason: Reason) -> Outcome {
        Outcome { winners, reason }
    }

    /// A draw.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winners: Vec::new(),
            reason,
        }
    }

    /// Whether nobody won.
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::QueensCaptured => f.write_str("both queens captured"),
            Reason::NoLegalMove => f.write_str("no legal move"),
            Reason::Repetition => f.write_str("threefold repetition"),
            Reason::MoveLimit => f.write_str("100 plies without a capture or a pawn move"),
            Reason::Agreement => f.write_str("agreement"),
            Reason::Resignation(_) => f.write_str("resignation"),
            Reason::Timeout(_) => f.write_str("time ran out"),
        }
    }
}
