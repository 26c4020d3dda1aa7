//! How a game ended: who won (nobody, for a draw) and why.

use std::fmt;

use crate::seat::Seat;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// Through chess: a side lost both of its queens.
    QueensCaptured,
    /// All kings but one (or none) were captured.
    KingsCaptured,
    /// At most one army is left in play.
    LastArmy,
    /// No other player can catch up with the leader's score any more.
    Unreachable,
    /// Chaturaji: a player took every other king and kept his own.
    Chaturaji,
    /// The last royal is in check and cannot escape.
    Checkmate,
    /// The side to move has no legal move and is not in check (a loss in Tamerlane chess).
    Stalemate,
    /// Tamerlane chess: a king entered the enemy's citadel.
    Citadel,
    /// Enochian chess: both kings of a team stand bare.
    BareKings,
    /// The seat to move had no legal move.
    NoLegalMove,
    /// The same position arose for the third time with the same seat to move.
    Repetition,
    /// Too many plies passed with no capture and no pawn move (100 in Through chess).
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
    /// The final score of every seat, in seating order, in games that score
    /// points; empty otherwise.
    pub scores: Vec<i32>,
}

impl Outcome {
    /// A win for `winners`.
    pub fn win(winners: Vec<Seat>, reason: Reason) -> Outcome {
        Outcome {
            winners,
            reason,
            scores: Vec::new(),
        }
    }

    /// A draw.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome::win(Vec::new(), reason)
    }

    /// The end of a game decided by points: the seats with the highest score win.
    pub fn by_score(scores: Vec<i32>, reason: Reason) -> Outcome {
        let best = scores.iter().copied().max();
        let winners = (0..scores.len())
            .filter(|&i| Some(scores[i]) == best)
            .map(|i| Seat(i as u8))
            .collect();
        Outcome {
            winners,
            reason,
            scores,
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
            Reason::KingsCaptured => f.write_str("the kings were captured"),
            Reason::LastArmy => f.write_str("one army is left"),
            Reason::Unreachable => f.write_str("nobody can catch up any more"),
            Reason::Chaturaji => f.write_str("chaturaji"),
            Reason::Checkmate => f.write_str("checkmate"),
            Reason::Stalemate => f.write_str("stalemate"),
            Reason::Citadel => f.write_str("a king entered the enemy citadel"),
            Reason::BareKings => f.write_str("bare kings"),
            Reason::NoLegalMove => f.write_str("no legal move"),
            Reason::Repetition => f.write_str("threefold repetition"),
            Reason::MoveLimit => f.write_str("too long without a capture or a pawn move"),
            Reason::Agreement => f.write_str("agreement"),
            Reason::Resignation(_) => f.write_str("resignation"),
            Reason::Timeout(_) => f.write_str("time ran out"),
        }
    }
}
