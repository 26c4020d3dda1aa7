//! Tamerlane's men as data: twelve kinds of piece and eleven kinds of pawn,
//! each pawn named for the piece it becomes.

use std::sync::LazyLock;

use super::{BOARD, Side, Steppers};
use crate::geometry::Forward;
use crate::kinds::kinds;
use crate::movement::common::{
    ALFIL, BISHOP, DABBABA, FERZ, KING, KNIGHT, PAWN, QUEEN, ROOK, WAZIR,
};
use crate::movement::{Part, Reach, UNLIMITED};
use crate::view::Figure;

kinds! {
    /// A kind of man. The first twelve are pieces; the rest are pawns, each
    /// written `P` and drawn as a pawn marked with what it becomes.
    pub enum Kind {
        /// The shah: royal; may swap once; may enter the enemy citadel.
        King = ('K', King),
        /// The shahzada, from the pawn of kings: royal, moves as a king.
        Prince = ('I', Prince),
        /// The shah masnu'a, from the pawn of pawns: royal; may enter its own citadel.
        AdventitiousKing = ('A', AdventitiousKing),
        /// One step (orthogonally by the seed; diagonally as Part A has it).
        General = ('G', General),
        /// One step (diagonally by the seed; orthogonally as Part A has it).
        Vizier = ('V', Vizier),
        /// Slides orthogonally.
        Rook = ('R', Rook),
        /// The knight's leap.
        Knight = ('N', Knight),
        /// Slides diagonally, at least two squares, never jumping.
        Picket = ('T', Picket),
        /// One diagonal step, then three or more squares straight on outward.
        Giraffe = ('Z', Giraffe),
        /// Leaps two squares diagonally.
        Elephant = ('E', Elephant),
        /// Leaps (3, 1).
        Camel = ('C', Camel),
        /// Leaps two squares orthogonally.
        WarEngine = ('D', WarEngine),
        /// The pawn of pawns, with its three arrivals.
        PawnOfPawns = ('P', Pawn),
        /// Becomes a war engine.
        PawnOfWarEngines = ('P', Pawn),
        /// Becomes a camel.
        PawnOfCamels = ('P', Pawn),
        /// Becomes an elephant.
        PawnOfElephants = ('P', Pawn),
        /// Becomes a general.
        PawnOfGenerals = ('P', Pawn),
        /// Becomes a prince.
        PawnOfKings = ('P', Pawn),
        /// Becomes a vizier.
        PawnOfViziers = ('P', Pawn),
        /// Becomes a giraffe.
        PawnOfGiraffes = ('P', Pawn),
        /// Becomes a picket.
        PawnOfPickets = ('P', Pawn),
        /// Becomes a knight.
        PawnOfKnights = ('P', Pawn),
        /// Becomes a rook.
        PawnOfRooks = ('P', Pawn),
    }
}

/// How many kinds of piece there are (the kinds before the pawns).
pub const PIECE_KINDS: usize = 12;

impl Kind {
    /// Whether this is a pawn.
    pub const fn is_pawn(self) -> bool {
        self as usize >= PIECE_KINDS
    }

    /// Whether this is a royal: king, prince or adventitious king.
    pub const fn is_royal(self) -> bool {
        matches!(self, Kind::King | Kind::Prince | Kind::AdventitiousKing)
    }

    /// The piece a pawn becomes on the last rank (the pawn of pawns has its own rules).
    pub const fn promotion(self) -> Option<Kind> {
        Some(match self {
            Kind::PawnOfWarEngines => Kind::WarEngine,
            Kind::PawnOfCamels => Kind::Camel,
            Kind::PawnOfElephants => Kind::Elephant,
            Kind::PawnOfGenerals => Kind::General,
            Kind::PawnOfKings => Kind::Prince,
            Kind::PawnOfViziers => Kind::Vizier,
            Kind::PawnOfGiraffes => Kind::Giraffe,
            Kind::PawnOfPickets => Kind::Picket,
            Kind::PawnOfKnights => Kind::Knight,
            Kind::PawnOfRooks => Kind::Rook,
            _ => return None,
        })
    }

    /// The position-text token: the letter, and for a pawn the letter of the
    /// piece it becomes (`PK` the pawn of kings, `PP` the pawn of pawns).
    pub fn token(self) -> String {
        match self {
            Kind::PawnOfPawns => "PP".to_owned(),
            Kind::PawnOfKings => "PK".to_owned(),
            pawn if pawn.is_pawn() => {
                format!("P{}", pawn.promotion().map_or('P', Kind::letter))
            }
            piece => piece.letter().to_string(),
        }
    }

    /// Reads a token (upper case).
    pub fn from_token(token: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.token() == token)
    }

    /// The mark on a pawn: the piece it becomes (a pawn for the pawn of pawns).
    pub const fn badge(self) -> Option<Figure> {
        match self {
            Kind::PawnOfPawns => Some(Figure::Pawn),
            pawn => match pawn.promotion() {
                Some(piece) => Some(piece.figure()),
                None => None,
            },
        }
    }
}

const PICKET: &[Part] = &[Part::rider(1, 1).range(2, UNLIMITED)];
const GIRAFFE: &[Part] = &[Part::Bent {
    first: (1, 1),
    min: 3,
    max: UNLIMITED,
}];
/// The camel's (3, 1) leap.
const CAMEL: &[Part] = &[Part::leaper(1, 3)];

/// How each piece moves, for the rule options that change moves.
fn movement(kind: Kind, steppers: Steppers, picket_one_step: bool) -> &'static [Part] {
    match kind {
        Kind::King | Kind::Prince | Kind::AdventitiousKing => KING,
        Kind::General if steppers == Steppers::Seed => WAZIR,
        Kind::General => FERZ,
        Kind::Vizier if steppers == Steppers::Seed => FERZ,
        Kind::Vizier => WAZIR,
        Kind::Rook => ROOK,
        Kind::Knight => KNIGHT,
        // Forbes' picket is an ordinary bishop.
        Kind::Picket if picket_one_step => BISHOP,
        Kind::Picket => PICKET,
        Kind::Giraffe => GIRAFFE,
        Kind::Elephant => ALFIL,
        Kind::Camel => CAMEL,
        Kind::WarEngine => DABBABA,
        _ => PAWN,
    }
}

/// The reach of every piece, and of the pawns of each side.
pub struct Tables {
    pieces: Vec<Reach<u128>>,
    pawns: [Reach<u128>; 2],
    lines: Reach<u128>,
}

impl Tables {
    fn build(steppers: Steppers, picket_one_step: bool) -> Tables {
        Tables {
            pieces: Kind::ALL[..PIECE_KINDS]
                .iter()
                .map(|&kind| {
                    Reach::build(
                        BOARD,
                        Forward::North,
                        movement(kind, steppers, picket_one_step),
                    )
                })
                .collect(),
            pawns: [Forward::North, Forward::South].map(|f| Reach::build(BOARD, f, PAWN)),
            // The queen's lines: not a Tamerlane piece, but the lines along which a
            // move may uncover an attack on a royal.
            lines: Reach::build(BOARD, Forward::North, QUEEN),
        }
    }

    /// The squares of the nearest men along the eight lines from `square`.
    #[inline]
    pub fn nearest_on_lines(&self, square: crate::geometry::Square, occupied: u128) -> u128 {
        self.lines.targets(square, occupied).capture & occupied
    }

    /// The reach of a piece (every piece moves alike for both sides).
    #[inline]
    pub fn piece(&self, kind: Kind) -> &Reach<u128> {
        &self.pieces[kind.index()]
    }

    /// The reach of a pawn of `side`.
    #[inline]
    pub fn pawn(&self, side: Side) -> &Reach<u128> {
        &self.pawns[side as usize]
    }
}

static TABLES: LazyLock<[Tables; 4]> = LazyLock::new(|| {
    [
        Tables::build(Steppers::Seed, false),
        Tables::build(Steppers::Seed, true),
        Tables::build(Steppers::Historical, false),
        Tables::build(Steppers::Historical, true),
    ]
});

/// The tables for the move options.
#[inline]
pub fn tables(steppers: Steppers, picket_one_step: bool) -> &'static Tables {
    let index = 2 * usize::from(steppers == Steppers::Historical) + usize::from(picket_one_step);
    &TABLES[index]
}
