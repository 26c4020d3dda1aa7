//! [`Variant`]: the one interface every game's rules implement.

use std::fmt::Debug;
use std::hash::Hash;

use thiserror::Error;

use crate::dice::DiceSpec;
use crate::game::{ActionError, Offer};
use crate::geometry::{Geometry, Square};
use crate::options::{OptionError, OptionSpec, Options};
use crate::outcome::{Outcome, Reason};
use crate::seat::{Phase, Seat, SeatInfo, Team};
use crate::view::{BoardView, Figure};

/// What a game offers, for menus and help (its name, in each language the
/// bot speaks, is the bot's business).
#[derive(Debug)]
pub struct GameInfo {
    /// The id used in commands, such as `through`.
    pub id: &'static str,
    /// The named starting setups; the first is the default.
    pub setups: &'static [&'static str],
    /// The options the game accepts.
    pub options: &'static [OptionSpec],
    /// The seats in seating order.
    pub seats: &'static [SeatInfo],
    /// The pieces with the letters notation uses for them.
    pub pieces: &'static [(char, Figure)],
    /// Whether a move's text begins with its piece's letter (not a pawn's):
    /// needed where two pieces can share a square (Enochian thrones).
    pub letters_in_moves: bool,
    /// Whether a player who holds two seats may resign one of them. Not in
    /// Enochian chess: «Играющий двумя цветами не может выйти из игры».
    pub two_colours_may_resign: bool,
    /// Whether the players' colours are settled by a roll at the start unless
    /// the table says otherwise: in Enochian chess the roll decides who
    /// chooses a colour first (the rules reference's reading of the seed).
    pub seats_by_roll: bool,
}

impl GameInfo {
    /// The figure written with `letter` (in any case) in this game.
    pub fn figure(&self, letter: char) -> Option<Figure> {
        let letter = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .find(|(l, _)| *l == letter)
            .map(|(_, f)| *f)
    }

    /// The letter of `figure` in this game.
    pub fn letter(&self, figure: Figure) -> Option<char> {
        self.pieces
            .iter()
            .find(|(_, f)| *f == figure)
            .map(|(l, _)| *l)
    }

    /// The seat of the army named `color` (`white`, `red`, ...), if the game has it.
    pub fn seat_named(&self, color: &str) -> Option<Seat> {
        let color = crate::seat::Color::parse(color)?;
        self.seats
            .iter()
            .position(|s| s.color == color)
            .map(|i| Seat(i as u8))
    }
}

/// What a move does, in the terms notation and messages need.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveInfo {
    /// The moving piece.
    pub figure: Figure,
    /// The square it leaves.
    pub from: Square,
    /// The square it reaches.
    pub to: Square,
    /// Whether it captures there.
    pub capture: bool,
    /// What it becomes on arrival, if it promotes.
    pub promotion: Option<Figure>,
    /// The text of a move that is not a piece going somewhere (`pass`), which
    /// is then its only spelling; `None` for ordinary moves.
    pub special: Option<&'static str>,
    /// The moving man and the one on the target change places (Tamerlane's swap).
    pub swap: bool,
}

/// A position text that could not be read.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("bad position text: {0}")]
pub struct PositionError(pub String);

/// Why a game could not be set up.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// No game has this id.
    #[error("there is no game '{id}'; the games are: {}", known.join(", "))]
    UnknownGame {
        /// The id given.
        id: String,
        /// The ids there are.
        known: Vec<&'static str>,
    },
    /// The game has no setup by this name.
    #[error("there is no setup '{name}'; choose one of: {}", known.join(", "))]
    UnknownSetup {
        /// The name given.
        name: String,
        /// The setups there are.
        known: Vec<&'static str>,
    },
    /// An option was refused.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A position text was refused.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The most seats a game has.
pub const MOST_SEATS: usize = 4;

/// The rules of one game over its own position type. Everything here is pure
/// and deterministic: randomness (dice) comes in from the caller.
pub trait Variant: Clone + Debug + Send + Sync + 'static {
    /// A move of this game, small and cheap to copy.
    type Move: Copy + Eq + Hash + Debug + Send + Sync;

    /// The game's id, name, setups, options, seats and pieces.
    fn info() -> &'static GameInfo;

    /// The starting position of the named setup, with checked options.
    fn setup(setup: &str, options: &Options) -> Result<Self, SetupError>;

    /// Reads a position text (the format is the game's own, documented with it).
    fn from_text(text: &str, options: &Options) -> Result<Self, PositionError>;

    /// Writes the position text; [`Variant::from_text`] reads it back unchanged.
    fn to_text(&self) -> String;

    /// The board's shape, for naming squares.
    fn geometry(&self) -> Geometry;

    /// What the position waits for, assuming the game goes on.
    fn phase(&self) -> Phase;

    /// Calls `f` with every legal move of the seat to move.
    fn for_each_move(&self, f: impl FnMut(Self::Move));

    /// Calls `f` with every legal move that takes a man, in the order of
    /// [`Variant::for_each_move`], for the spirits' quiescence search; returns
    /// whether the seat to move has any legal move at all. A game may list
    /// its captures faster than all its moves.
    fn for_each_capture(&self, mut f: impl FnMut(Self::Move)) -> bool {
        let mut any = false;
        self.for_each_move(|mv| {
            any = true;
            if self.describe(mv).capture {
                f(mv);
            }
        });
        any
    }

    /// How many legal moves there are (the leaves of perft's last ply).
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.for_each_move(|_| n += 1);
        n
    }

    /// Plays `mv`, which must come from [`Variant::for_each_move`] on this position.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Applies a roll of the dice, when the phase is [`Phase::Roll`]; on error the
    /// position is unchanged. Games without dice never ask for one.
    fn roll(&mut self, _dice: &[u8]) -> Result<(), ActionError> {
        Err(ActionError::NoDice)
    }

    /// The dice to throw when the phase is [`Phase::Roll`].
    fn dice_spec(&self) -> Option<DiceSpec> {
        None
    }

    /// Whether `seat` still takes turns (not resigned, not out of play, not
    /// frozen), assuming the game goes on. Every seat by default.
    fn in_play(&self, _seat: Seat) -> bool {
        true
    }

    /// The team `seat` plays for in this game: the seating's by default (a
    /// game whose options make partners of its seats says so here).
    fn team(&self, seat: Seat) -> Team {
        Self::info().seats[seat.index()].team
    }

    /// This position with `seat` to act at once, out of its turn, for the
    /// spirits' best-reply search of a free-for-all; `None` where the game
    /// has no such search or `seat` cannot act. A dice game awaits the
    /// seat's roll.
    fn turn_to(&self, _seat: Seat) -> Option<Self> {
        None
    }

    /// The faces rolled for this turn that are still to play (none in games without dice).
    fn dice(&self) -> Vec<u8> {
        Vec::new()
    }

    /// The men a die's `face` lets move, so that texts can say it ("1: king
    /// or pawn"); none in games without dice.
    fn face_figures(&self, _face: u8) -> Vec<Figure> {
        Vec::new()
    }

    /// Whether the position itself ends the game, not counting "no legal move"
    /// (which move generation shows). Cheap: search and perft call it at every node.
    fn ended(&self) -> bool;

    /// The result, if the position ends the game.
    fn outcome(&self) -> Option<Outcome>;

    /// A hash of everything that makes positions equal for repetition.
    fn hash(&self) -> u64;

    /// How many times one position may occur before the game is drawn, if ever.
    fn repetition_limit(&self) -> Option<usize> {
        None
    }

    /// Rewrites typed input before it is read as a move (Tamerlane reads the
    /// word "citadel" as the citadel a legal move involves). Unchanged by default.
    fn rewrite_input(&self, input: &str) -> String {
        input.to_owned()
    }

    /// What `mv` does.
    fn describe(&self, mv: Self::Move) -> MoveInfo;

    /// The piece on `square` and its owner.
    fn occupant(&self, square: Square) -> Option<(Seat, Figure)>;

    /// The picture's data, highlighting `last` as the move that led here.
    fn board_view(&self, last: Option<Self::Move>) -> BoardView;

    /// The result when `seat` resigns or runs out of time, if that ends the
    /// game, or [`ActionError::OutOfPlay`] (changing nothing) when the seat
    /// has already left. By default the other team wins.
    fn concede(&mut self, seat: Seat, reason: Reason) -> Result<Option<Outcome>, ActionError> {
        let seats = Self::info().seats;
        let team = seats[seat.index()].team;
        let winners = (0..seats.len() as u8)
            .map(Seat)
            .filter(|s| seats[s.index()].team != team)
            .collect();
        Ok(Some(Outcome::win(winners, reason)))
    }

    /// The seats that must agree to `offer` made by `offerer` (the offerer
    /// among them), or why it cannot be made now. By default every seat must
    /// agree to a draw, and nothing else can be offered.
    fn offer_parties(&self, offerer: Seat, offer: Offer) -> Result<Vec<Seat>, ActionError> {
        let _ = offerer;
        match offer {
            Offer::Draw => Ok((0..Self::info().seats.len() as u8).map(Seat).collect()),
            Offer::Exchange(_) => Err(ActionError::OfferUnavailable),
        }
    }

    /// Carries out an offer every party agreed to; returns the result if that
    /// ends the game. By default an agreed draw is a draw.
    fn settle(&mut self, offerer: Seat, offer: Offer) -> Result<Option<Outcome>, ActionError> {
        let _ = offerer;
        match offer {
            Offer::Draw => Ok(Some(Outcome::draw(Reason::Agreement))),
            Offer::Exchange(_) => Err(ActionError::OfferUnavailable),
        }
    }

    /// The result when the position repeats too often (see [`Variant::repetition_limit`]).
    fn repetition_outcome(&self) -> Outcome {
        Outcome::draw(Reason::Repetition)
    }

    /// The key a search files this position under: [`Variant::hash`], and
    /// whatever else decides the moves from here that the hash leaves out
    /// (the dice on the table). Repetition uses the hash alone.
    fn search_key(&self) -> u64 {
        self.hash()
    }

    /// What the game itself counts for `seat` beyond the worth of its men, in
    /// hundredths of a pawn, for a spirit's evaluation: points scored, a
    /// royal's safety, a draw in reach. Nothing by default.
    fn appraise(&self, _seat: Seat) -> i32 {
        0
    }

    /// What each seat has for a spirit's evaluation, by seat: the worth of
    /// its men ([`crate::spirit::value::worth`]) and what the game counts
    /// for it ([`Variant::appraise`]). One pass over the board by default; a
    /// game may compute once what its seats' appraisals share.
    fn appraisal(&self) -> [i32; MOST_SEATS] {
        crate::spirit::value::appraisal(self)
    }

    /// Switches to playing without dice: every kind of man may move and each
    /// turn is one move. Perft and search count moves this way. Games without
    /// dice are unchanged.
    fn ignore_dice(&mut self) {}

    /// Every legal move, in generation order.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.for_each_move(|mv| moves.push(mv));
        moves
    }
}
