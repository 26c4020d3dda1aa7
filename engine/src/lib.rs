//! seance-engine: the rules of Seance's games. Pure, synchronous and
//! deterministic: no I/O, no clocks, no randomness (the caller rolls the dice).
//!
//! Every game implements [`Variant`]; [`Game`] keeps a variant's action log and
//! position; [`catalogue`] finds games by id and offers them as [`AnyGame`].
//!
//! ```
//! use seance_engine::{Game, Options, Seat, Start, through::Through};
//!
//! let mut game = Game::<Through>::new(Start::Setup(None), Options::new()).unwrap();
//! assert_eq!(game.play_input(Seat(0), "Qd1xd8").unwrap(), "d1d8");
//! ```

pub mod bits;
pub mod catalogue;
pub mod chaturaji;
pub mod dice;
pub mod enochian;
pub mod game;
pub mod geometry;
mod kinds;
pub mod movement;
pub mod notation;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod placement;
pub mod seat;
pub mod spirit;
pub mod tamerlane;
#[cfg(test)]
mod testing;
pub mod through;
pub mod variant;
pub mod view;
mod zobrist;

pub use bits::Bits;
pub use catalogue::{AnyGame, GameType};
pub use dice::DiceSpec;
pub use game::{Action, ActionError, Game, LoggedMove, Offer, ReplayError, Start};
pub use geometry::{Forward, Geometry, Square};
pub use notation::{NotationError, Problem};
pub use options::{OptionError, OptionSpec, Options};
pub use outcome::{Outcome, Reason};
pub use seat::{Color, Phase, Seat, SeatInfo, Team};
pub use variant::{GameInfo, MoveInfo, PositionError, SetupError, Variant};
pub use view::{BoardView, Figure};
