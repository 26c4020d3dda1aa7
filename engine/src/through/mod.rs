//! Through chess (Сквозные шахматы): chess without kings, two queens a side,
//! and nothing blocks. Sliders pass through every man, pawns step one or two
//! squares from any rank and can neither capture nor be captured, a pawn on
//! the last rank becomes a superqueen that goes anywhere, and a side that has
//! lost both its queens has lost. Rules notes: `engine/src/through/RULES.md`.

mod tables;
mod text;

use crate::bits::Bits;
use crate::geometry::{Forward, Geometry, Square};
use crate::kinds::kinds;
use crate::options::{OptionSpec, Options};
use crate::outcome::{Outcome, Reason};
pub use crate::seat::Side;
use crate::seat::{Color, Phase, Seat, SeatInfo};
use crate::variant::{GameInfo, MoveInfo, PositionError, SetupError, Variant};
use crate::view::{BoardView, CellView, Figure, Highlight, Mark, Panel, PieceState, PieceView};
use crate::zobrist;

const BOARD: Geometry = Geometry::CHESSBOARD;

/// The position text of the starting setup.
pub const START: &str = "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w 0 1";

/// Plies without a capture or a pawn move after which the game is drawn.
const MOVE_LIMIT: u16 = 100;

/// What a spirit takes off for a queen the enemy attacks, in hundredths of a pawn.
const QUEEN_EXPOSED: i32 = 60;
/// The same, for a side's last queen.
const LAST_QUEEN_EXPOSED: i32 = 200;
/// What a spirit counts for a pawn one step from promotion (a quarter of
/// it two steps away, a ninth three).
const RUNNER: i32 = 270;

/// The rank (from 0) where `side`'s pawns promote.
fn last_rank(side: Side) -> u8 {
    side.pick(7, 0)
}

kinds! {
    /// The kinds of men.
    pub enum Kind {
        /// Steps one or two squares forward from any rank; never captures, never captured.
        Pawn = ('P', Pawn),
        /// The usual knight.
        Knight = ('N', Knight),
        /// A bishop whose diagonals nothing blocks.
        Bishop = ('B', Bishop),
        /// A rook whose lines nothing blocks.
        Rook = ('R', Rook),
        /// A queen whose lines nothing blocks; a side that loses both loses the game.
        Queen = ('Q', Queen),
        /// A promoted pawn: goes to any square.
        Superqueen = ('S', Superqueen),
    }
}

/// Where a superqueen may capture (option `superqueen_capture`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SuperqueenCapture {
    /// On any square of the board (the seed's "any square"; the default).
    Anywhere,
    /// Only on its queen lines, though it still moves to any empty square.
    QueenLines,
    /// Never; it only moves.
    None,
}

/// What a side must lose to lose the game (option `win`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Win {
    /// Its two original queens (the default).
    Queens,
    /// Every queen and superqueen.
    AllQueens,
}

/// The options a game is played with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// Where superqueens capture.
    pub superqueen_capture: SuperqueenCapture,
    /// What losing means.
    pub win: Win,
}

const SUPERQUEEN_CAPTURE: OptionSpec = OptionSpec {
    key: "superqueen_capture",
    values: &["anywhere", "queen-lines", "none"],
    help: (
        "where a superqueen may capture: on any square, only on its queen lines, or nowhere",
        "где суперферзь может брать: на любом поле, только на линиях ферзя, или нигде",
    ),
};

const WIN: OptionSpec = OptionSpec {
    key: "win",
    values: &["queens", "all-queens"],
    help: (
        "a side loses when its two queens are gone, or only when its superqueens are gone too",
        "сторона проигрывает, когда взяты оба её ферзя, или только когда взяты и суперферзи",
    ),
};

impl Rules {
    fn from_options(options: &Options) -> Rules {
        Rules {
            superqueen_capture: [
                SuperqueenCapture::Anywhere,
                SuperqueenCapture::QueenLines,
                SuperqueenCapture::None,
            ][options.choice(&SUPERQUEEN_CAPTURE)],
            win: [Win::Queens, Win::AllQueens][options.choice(&WIN)],
        }
    }
}

static INFO: GameInfo = GameInfo {
    id: "through",
    setups: &["standard"],
    options: &[SUPERQUEEN_CAPTURE, WIN],
    seats: &SeatInfo::free_for_all([
        (Color::White, Forward::North),
        (Color::Black, Forward::South),
    ]),
    pieces: &Kind::PIECES,
    letters_in_moves: false,
    two_colours_may_resign: true,
    seats_by_roll: false,
};

/// A move: the man on `from` goes to `to` (a pawn reaching the last rank
/// becomes a superqueen; there is no other choice).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Where the man stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

/// Zobrist keys: one per kind, side and square, then one for Black to move.
const KEYS: [u64; 6 * 2 * 64 + 1] = zobrist::keys(0x7468_726f_7567_6821);

const fn key(kind: Kind, side: Side, square: Square) -> u64 {
    KEYS[(kind.index() * 2 + side.index()) * 64 + square.index()]
}

const BLACK_TO_MOVE: u64 = KEYS[6 * 2 * 64];

/// A Through chess position: the men, the side to move and the clocks.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Through {
    by_side: [u64; 2],
    by_kind: [u64; 6],
    turn: Side,
    /// Plies since the last capture or pawn move.
    halfmoves: u16,
    /// The move number, counting from 1, increased after Black moves.
    fullmoves: u16,
    hash: u64,
    rules: Rules,
}

impl Through {
    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The man on `square`.
    pub fn man_at(&self, square: Square) -> Option<(Side, Kind)> {
        let side = if self.by_side[0].has(square) {
            Side::White
        } else if self.by_side[1].has(square) {
            Side::Black
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| self.by_kind[k.index()].has(square))?;
        Some((side, kind))
    }

    fn men(&self, side: Side, kind: Kind) -> u64 {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    /// An empty board with `side` to move; men are added with [`Through::put`].
    fn empty(turn: Side, rules: Rules) -> Through {
        Through {
            by_side: [0; 2],
            by_kind: [0; 6],
            turn,
            halfmoves: 0,
            fullmoves: 1,
            hash: if turn == Side::Black {
                BLACK_TO_MOVE
            } else {
                0
            },
            rules,
        }
    }

    /// Puts (or, on an occupied square, removes) a man, keeping the hash.
    fn toggle(&mut self, side: Side, kind: Kind, square: Square) {
        let bit = u64::bit(square);
        self.by_side[side.index()] ^= bit;
        self.by_kind[kind.index()] ^= bit;
        self.hash ^= key(kind, side, square);
    }

    /// The men `side` must keep to stay in the game.
    fn royals(&self, side: Side) -> u64 {
        match self.rules.win {
            Win::Queens => self.men(side, Kind::Queen),
            Win::AllQueens => self.men(side, Kind::Queen) | self.men(side, Kind::Superqueen),
        }
    }

    /// Whether `side` has lost what it must keep to stay in the game.
    fn has_lost(&self, side: Side) -> bool {
        self.royals(side).is_empty()
    }

    /// Calls `f` with each man of `side` and the squares it may go to.
    #[inline]
    fn each_man(&self, side: Side, mut f: impl FnMut(Square, u64)) {
        let tables = tables::get();
        let ours = self.by_side[side.index()];
        let occupied = self.by_side[0] | self.by_side[1];
        let empty = !occupied;
        let prey = self.by_side[side.other().index()] & !self.by_kind[Kind::Pawn.index()];
        for kind in Kind::ALL {
            let reach = tables.reach(kind, side, self.rules.superqueen_capture);
            for from in (self.by_kind[kind.index()] & ours).squares() {
                let targets = reach.targets(from, occupied);
                f(from, (targets.quiet & empty) | (targets.capture & prey));
            }
        }
    }

    /// The squares `side` attacks (could capture on, were an enemy there).
    fn attacks(&self, side: Side) -> u64 {
        let tables = tables::get();
        let occupied = self.by_side[0] | self.by_side[1];
        let mut attacked = 0;
        for kind in Kind::ALL {
            let reach = tables.reach(kind, side, self.rules.superqueen_capture);
            for from in self.men(side, kind).squares() {
                attacked |= reach.targets(from, occupied).capture;
            }
        }
        attacked
    }
}

impl Variant for Through {
    type Move = Move;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup(_setup: &str, options: &Options) -> Result<Through, SetupError> {
        Ok(Through::from_text(START, options)?)
    }

    fn from_text(text: &str, options: &Options) -> Result<Through, PositionError> {
        text::parse(text, Rules::from_options(options))
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn geometry(&self) -> Geometry {
        BOARD
    }

    fn phase(&self) -> Phase {
        Phase::Move(self.turn.seat())
    }

    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Move)) {
        self.each_man(self.turn, |from, targets| {
            for to in targets.squares() {
                f(Move { from, to });
            }
        });
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.each_man(self.turn, |_, targets| n += u64::from(targets.count()));
        n
    }

    fn play_unchecked(&mut self, mv: Move) {
        let side = self.turn;
        let Some((_, kind)) = self.man_at(mv.from) else {
            debug_assert!(false, "no man on the start square of {mv:?}");
            return;
        };
        let captured = self.man_at(mv.to).map(|(_, k)| k);
        if let Some(victim) = captured {
            self.toggle(side.other(), victim, mv.to);
        }
        self.toggle(side, kind, mv.from);
        let promotes = kind == Kind::Pawn && BOARD.rank(mv.to) == last_rank(side);
        self.toggle(side, if promotes { Kind::Superqueen } else { kind }, mv.to);
        self.halfmoves = if kind == Kind::Pawn || captured.is_some() {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if side == Side::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = side.other();
        self.hash ^= BLACK_TO_MOVE;
    }

    #[inline]
    fn ended(&self) -> bool {
        self.has_lost(Side::White) || self.has_lost(Side::Black) || self.halfmoves >= MOVE_LIMIT
    }

    fn outcome(&self) -> Option<Outcome> {
        for side in [self.turn, self.turn.other()] {
            if self.has_lost(side) {
                let winner = side.other().seat();
                return Some(Outcome::win(vec![winner], Reason::QueensCaptured));
            }
        }
        if self.halfmoves >= MOVE_LIMIT {
            return Some(Outcome::draw(Reason::MoveLimit));
        }
        (self.count_moves() == 0).then(|| Outcome::draw(Reason::NoLegalMove))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn repetition_limit(&self) -> Option<usize> {
        Some(3)
    }

    fn describe(&self, mv: Move) -> MoveInfo {
        let kind = self.man_at(mv.from).map_or(Kind::Pawn, |(_, k)| k);
        let promotes = kind == Kind::Pawn && BOARD.rank(mv.to) == last_rank(self.turn);
        MoveInfo {
            figure: kind.figure(),
            from: mv.from,
            to: mv.to,
            capture: self.man_at(mv.to).is_some(),
            promotion: promotes.then_some(Figure::Superqueen),
            special: None,
            swap: false,
        }
    }

    fn appraise(&self, seat: Seat) -> i32 {
        let side = Side::of_seat(seat);
        // Nothing shields a queen: each one the enemy attacks is a worry,
        // the last one most of all.
        let royals = self.royals(side);
        let exposed = (royals & self.attacks(side.other())).count_ones() as i32;
        let worry = if royals.count_ones() == 1 {
            LAST_QUEEN_EXPOSED
        } else {
            QUEEN_EXPOSED
        };
        // A pawn near its last rank is a superqueen soon (double steps from anywhere).
        let runners: i32 = self
            .men(side, Kind::Pawn)
            .squares()
            .map(|square| {
                let to_go = i32::from(BOARD.rank(square).abs_diff(last_rank(side))).max(1);
                RUNNER / (to_go * to_go)
            })
            .sum();
        runners - worry * exposed
    }

    fn occupant(&self, square: Square) -> Option<(Seat, Figure)> {
        self.man_at(square)
            .map(|(side, kind)| (side.seat(), kind.figure()))
    }

    fn board_view(&self, last: Option<Move>) -> BoardView {
        let pieces = BOARD
            .squares()
            .filter_map(|square| {
                let (side, kind) = self.man_at(square)?;
                Some(PieceView {
                    cell: square.index(),
                    figure: kind.figure(),
                    label: kind.letter().to_string(),
                    badge: None,
                    owner: side.seat(),
                    color: INFO.seats[side.index()].color,
                    state: PieceState::Normal,
                })
            })
            .collect();
        let mut highlights = Highlight::last_move(last.map(|mv| (mv.from.index(), mv.to.index())));
        let endangered = self.royals(self.turn) & self.attacks(self.turn.other());
        highlights.extend(endangered.squares().map(|square| Highlight {
            cell: square.index(),
            mark: Mark::Danger,
        }));
        BoardView {
            game: INFO.id,
            files: BOARD.files(),
            ranks: BOARD.ranks(),
            cells: CellView::grid(BOARD),
            pieces,
            highlights,
            panel: Panel::new(INFO.seats, self.phase()),
        }
    }
}

#[cfg(test)]
mod tests;
