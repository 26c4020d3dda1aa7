//! Tamerlane chess (Shatranj al-Kabir): 11 files by 10 ranks and two citadels,
//! 28 men a side, eleven kinds of pawn each becoming its own piece, the pawn of
//! pawns with its three arrivals, up to three royals, and a once-a-game swap of
//! the king. Mate and stalemate both lose. Rules notes:
//! `engine/src/tamerlane/RULES.md`.

mod men;
mod position;
mod setup;
mod text;

pub use men::Kind;
pub use position::Move;
pub use setup::Setup;

use position::Position;

use crate::bits::Bits;
use crate::geometry::{Forward, Geometry, Square};
use crate::options::{OptionSpec, Options};
use crate::outcome::{Outcome, Reason};
pub use crate::seat::Side;
use crate::seat::{Color, Phase, Seat, SeatInfo};
use crate::variant::{GameInfo, MOST_SEATS, MoveInfo, PositionError, SetupError, Variant};
use crate::view::{
    BoardView, CellView, Figure, Highlight, Mark, Panel, PieceState, PieceView, Shade,
};

/// The board: 11 files by 10 ranks, White's citadel `l2` right of k2 and
/// Black's `z9` left of a9.
pub(crate) const BOARD: Geometry = Geometry::with_extras(11, 10, &[(11, 1), (-1, 8)]);

/// White's citadel, `l2`.
pub const WHITE_CITADEL: Square = Square::new(110);
/// Black's citadel, `z9`.
pub const BLACK_CITADEL: Square = Square::new(111);

/// Plies without a capture or a pawn move after which the game is drawn
/// (with the modern draws).
const MOVE_LIMIT: u16 = 100;

/// `side`'s own citadel (only its adventitious king may enter it).
fn citadel(side: Side) -> Square {
    side.pick(WHITE_CITADEL, BLACK_CITADEL)
}

/// What a spirit counts for each royal beyond the first, in hundredths of a pawn.
const SPARE_ROYAL: i32 = 150;
/// What a spirit counts for a king one step from the enemy citadel.
const GATE: i32 = 60;

/// The rank where `side`'s pawns arrive (10 for White, 1 for Black).
fn last_rank(side: Side) -> u128 {
    let rank1 = (1u128 << 11) - 1;
    side.pick(rank1 << 99, rank1)
}

/// Which stepper is which (option `steppers`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Steppers {
    /// The seed: the general (e2) steps orthogonally, the vizier (g2) diagonally.
    Seed,
    /// Part A: the general steps diagonally, the vizier orthogonally.
    Historical,
}

/// When the king may swap places with one of his men (option `swap`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SwapWhen {
    /// The seed: only when he is not in check.
    NotInCheck,
    /// Only as an escape from check.
    InCheck,
    /// To escape check, or when the side has no other legal move.
    InCheckOrStuck,
}

/// What may stand where the pawn of pawns is lifted to (option `pop_square`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PopSquare {
    /// The seed: an empty square or one of its own men (removed), not a royal.
    Own,
    /// Only an empty square.
    Empty,
    /// Any man but a royal, its own or the enemy's (removed).
    Any,
}

/// Which enemy men the lifted pawn of pawns must attack (option `pop_targets`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PopTargets {
    /// Every man, pawns too: the seed's 28 «фигур» include the 11 pawns.
    Men,
    /// Pieces only, kings included.
    Pieces,
}

/// Where the pawn of pawns may be lifted to (option `pop_relocation`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PopRelocation {
    /// The seed: attacking two enemy men, or one that cannot move.
    ForkOrStuck,
    /// Attacking two enemy men only.
    Fork,
}

/// The pawn of pawns' third arrival (option `third_arrival`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ThirdArrival {
    /// The seed: it becomes an adventitious king.
    AdventitiousKing,
    /// Murray: and the pawn of kings, wherever it is, becomes a prince.
    AndPrince,
}

/// The options a game is played with, and its setup.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The opening array (for the pawn of pawns' second arrival).
    pub setup: Setup,
    /// Black's army mirrors White's instead of being turned round.
    pub black_mirror: bool,
    /// Which stepper is which.
    pub steppers: Steppers,
    /// When the king may swap.
    pub swap: SwapWhen,
    /// Forbes' picket: an ordinary bishop.
    pub picket_one_step: bool,
    /// What the lifted pawn of pawns may land on.
    pub pop_square: PopSquare,
    /// Which men it must attack.
    pub pop_targets: PopTargets,
    /// Fork only, or fork or a man that cannot move.
    pub pop_relocation: PopRelocation,
    /// What the third arrival brings.
    pub third_arrival: ThirdArrival,
    /// Threefold repetition and 100 quiet plies draw.
    pub modern_draws: bool,
    /// The board has its two citadels (not the arabshah array's, by default).
    pub citadels: bool,
    /// An adventitious king left alone in its citadel is placed outside
    /// without using its side's move (the seed), not as that move.
    pub free_exit: bool,
}

const STEPPERS: OptionSpec = OptionSpec {
    key: "steppers",
    values: &["seed", "historical"],
    help: (
        "seed: the general steps orthogonally and the vizier diagonally; historical: the other way round",
        "seed: генерал ходит на поле по прямой, визирь по диагонали; historical: наоборот",
    ),
};
const SWAP: OptionSpec = OptionSpec {
    key: "swap",
    values: &["not-in-check", "in-check", "in-check-or-stuck"],
    help: (
        "when the king may change places with one of his men, once a game",
        "когда король может раз за партию поменяться местами со своей фигурой",
    ),
};
const PICKET: OptionSpec = OptionSpec {
    key: "picket",
    values: &["two-or-more", "one-or-more"],
    help: (
        "the picket slides at least two squares, or is an ordinary bishop (Forbes)",
        "дозорный идёт не меньше чем на два поля, или ходит как обычный слон (Форбс)",
    ),
};
const CITADEL_EXIT: OptionSpec = OptionSpec {
    key: "citadel_exit",
    values: &["at-once", "as-a-move"],
    help: (
        "an adventitious king left alone in its citadel is placed on an empty square at once, its side then moving (the seed), or comes out as its side's move",
        "самозваный король, один оставшийся в цитадели, сразу ставится на свободное поле, и сторона ходит (по статье), или выходит своим ходом",
    ),
};
const CITADELS: OptionSpec = OptionSpec {
    key: "citadels",
    values: &["by-setup", "always"],
    help: (
        "the arabshah array has no citadels (its manuscript marks none) and the others have them, or every array has them",
        "у расстановки Арабшаха нет цитаделей (рукопись их не отмечает), у остальных есть; или они есть у всех",
    ),
};
const BLACK: OptionSpec = OptionSpec {
    key: "black",
    values: &["rotate", "mirror"],
    help: (
        "Black's army is White's turned half round, or mirrored",
        "войско чёрных — войско белых, повёрнутое кругом, или зеркальное",
    ),
};
const POP_SQUARE: OptionSpec = OptionSpec {
    key: "pop_square",
    values: &["own", "empty", "any"],
    help: (
        "the lifted pawn of pawns lands on an empty square or its own man, only an empty one, or any man but a royal",
        "поднятая пешка пешек встаёт на пустое поле или свою фигуру, только на пустое, или на любую фигуру, кроме царственной",
    ),
};
const POP_TARGETS: OptionSpec = OptionSpec {
    key: "pop_targets",
    values: &["men", "pieces"],
    help: (
        "the men the lifted pawn of pawns must attack: any, pawns too (the seed's «фигуры»), or pieces only",
        "кого должна атаковать поднятая пешка пешек: любые фигуры, и пешки тоже («фигуры» статьи), или только фигуры без пешек",
    ),
};
const POP_RELOCATION: OptionSpec = OptionSpec {
    key: "pop_relocation",
    values: &["fork-or-stuck", "fork"],
    help: (
        "it must attack two men, or one that cannot move; or two men only",
        "она должна атаковать две фигуры или одну, которой некуда ходить; или только две",
    ),
};
const THIRD_ARRIVAL: OptionSpec = OptionSpec {
    key: "third_arrival",
    values: &["adventitious-king", "and-prince"],
    help: (
        "the third arrival makes an adventitious king, and with Murray also a prince of the pawn of kings",
        "третий приход делает самозваного короля, а по Маррею ещё и принца из пешки королей",
    ),
};
const DRAWS: OptionSpec = OptionSpec {
    key: "draws",
    values: &["modern", "none"],
    help: (
        "threefold repetition and 100 plies without capture or pawn move draw, or never",
        "троекратное повторение и 100 полуходов без взятий и ходов пешек — ничья, или никогда",
    ),
};

impl Rules {
    fn new(setup: Setup, options: &Options) -> Rules {
        let pick = |spec: &OptionSpec| options.choice(spec);
        Rules {
            setup,
            black_mirror: pick(&BLACK) == 1,
            steppers: [Steppers::Seed, Steppers::Historical][pick(&STEPPERS)],
            swap: [
                SwapWhen::NotInCheck,
                SwapWhen::InCheck,
                SwapWhen::InCheckOrStuck,
            ][pick(&SWAP)],
            picket_one_step: pick(&PICKET) == 1,
            pop_square: [PopSquare::Own, PopSquare::Empty, PopSquare::Any][pick(&POP_SQUARE)],
            pop_targets: [PopTargets::Men, PopTargets::Pieces][pick(&POP_TARGETS)],
            pop_relocation: [PopRelocation::ForkOrStuck, PopRelocation::Fork]
                [pick(&POP_RELOCATION)],
            third_arrival: [ThirdArrival::AdventitiousKing, ThirdArrival::AndPrince]
                [pick(&THIRD_ARRIVAL)],
            modern_draws: pick(&DRAWS) == 0,
            citadels: setup != Setup::Arabshah || pick(&CITADELS) == 1,
            free_exit: pick(&CITADEL_EXIT) == 0,
        }
    }
}

static INFO: GameInfo = GameInfo {
    id: "tamerlane",
    setups: &Setup::NAMES,
    options: &[
        STEPPERS,
        SWAP,
        PICKET,
        BLACK,
        POP_SQUARE,
        POP_TARGETS,
        POP_RELOCATION,
        THIRD_ARRIVAL,
        DRAWS,
        CITADELS,
        CITADEL_EXIT,
    ],
    seats: &SeatInfo::free_for_all([
        (Color::White, Forward::North),
        (Color::Black, Forward::South),
    ]),
    pieces: &Kind::PIECES,
    letters_in_moves: false,
    two_colours_may_resign: true,
    seats_by_roll: false,
};

/// A Tamerlane chess position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Tamerlane(Position);

impl Tamerlane {
    /// The man on `square` and its side.
    pub fn man_at(&self, square: Square) -> Option<(Side, Kind)> {
        self.0.man_at(square)
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.0.turn
    }

    /// Whether the side to move has a single royal and it is attacked.
    pub fn in_check(&self) -> bool {
        self.0.in_check(self.0.turn)
    }
}

impl Variant for Tamerlane {
    type Move = Move;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup(name: &str, options: &Options) -> Result<Tamerlane, SetupError> {
        let setup = Setup::named(name).unwrap_or(Setup::Masculine);
        let rules = Rules::new(setup, options);
        let mut position = Position::empty(Side::White, rules);
        for (side, kind, square) in setup.men(rules.black_mirror) {
            position.put(side, kind, square);
        }
        Ok(Tamerlane(position))
    }

    fn from_text(text: &str, options: &Options) -> Result<Tamerlane, PositionError> {
        text::parse(text, options).map(Tamerlane)
    }

    fn to_text(&self) -> String {
        text::write(&self.0)
    }

    fn geometry(&self) -> Geometry {
        BOARD
    }

    fn phase(&self) -> Phase {
        Phase::Move(self.0.turn.seat())
    }

    #[inline]
    fn for_each_move(&self, f: impl FnMut(Move)) {
        self.0.for_each_move(f);
    }

    #[inline]
    fn for_each_capture(&self, f: impl FnMut(Move)) -> bool {
        self.0.for_each_capture(f)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.0.play(mv);
    }

    fn ended(&self) -> bool {
        let p = &self.0;
        p.royals(Side::White).is_empty()
            || p.royals(Side::Black).is_empty()
            || p.in_enemy_citadel(Side::White)
            || p.in_enemy_citadel(Side::Black)
            || (p.rules.modern_draws && p.halfmoves >= MOVE_LIMIT)
    }

    fn outcome(&self) -> Option<Outcome> {
        let p = &self.0;
        for side in [p.turn, p.turn.other()] {
            if p.royals(side).is_empty() {
                return Some(Outcome::win(
                    vec![side.other().seat()],
                    Reason::KingsCaptured,
                ));
            }
            if p.in_enemy_citadel(side) {
                return Some(Outcome::draw(Reason::Citadel));
            }
        }
        if p.rules.modern_draws && p.halfmoves >= MOVE_LIMIT {
            return Some(Outcome::draw(Reason::MoveLimit));
        }
        if !p.has_legal_move() {
            let reason = if p.in_check(p.turn) {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome::win(vec![p.turn.other().seat()], reason));
        }
        None
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn repetition_limit(&self) -> Option<usize> {
        self.0.rules.modern_draws.then_some(3)
    }

    fn describe(&self, mv: Move) -> MoveInfo {
        let p = &self.0;
        let (from, to) = match mv {
            Move::Step { from, to } | Move::Relocate { from, to } => (from, to),
            Move::Swap { king, with } => (king, with),
        };
        let kind = p.man_at(from).map_or(Kind::PawnOfPawns, |m| m.1);
        let capture = matches!(mv, Move::Step { .. }) && p.man_at(to).is_some();
        let promotion = match mv {
            Move::Step { .. } if last_rank(p.turn).has(to) => kind.promotion().map(Kind::figure),
            _ => None,
        };
        MoveInfo {
            figure: kind.figure(),
            from,
            to,
            capture,
            promotion,
            special: None,
            swap: matches!(mv, Move::Swap { .. }),
        }
    }

    fn occupant(&self, square: Square) -> Option<(Seat, Figure)> {
        self.0
            .man_at(square)
            .map(|(side, kind)| (side.seat(), kind.figure()))
    }

    fn appraise(&self, seat: Seat) -> i32 {
        let side = Side::of_seat(seat);
        // A royal beyond the first means a mate does not end the game.
        let spare = (self.0.royals(side).count_ones() as i32 - 1).max(0);
        // The king at the enemy citadel's gate has a draw in reach.
        let gate = if self.0.at_enemy_gate(side) { GATE } else { 0 };
        SPARE_ROYAL * spare + gate
    }

    fn appraisal(&self) -> [i32; MOST_SEATS] {
        let mut totals = [0; MOST_SEATS];
        for side in [Side::White, Side::Black] {
            totals[side.index()] = self.0.material(side) + self.appraise(side.seat());
        }
        totals
    }

    fn rewrite_input(&self, input: &str) -> String {
        let lower = input.to_lowercase();
        let word = ["citadel", "цитадель"]
            .into_iter()
            .find(|w| lower.contains(w));
        let Some(word) = word else {
            return input.to_owned();
        };
        let mut citadels = Vec::new();
        self.for_each_move(|mv| {
            if let Move::Step { from, to } = mv {
                for square in [from, to] {
                    if (square == WHITE_CITADEL || square == BLACK_CITADEL)
                        && !citadels.contains(&square)
                    {
                        citadels.push(square);
                    }
                }
            }
        });
        match citadels.as_slice() {
            [one] => lower.replace(word, &BOARD.name(*one).to_string()),
            _ => input.to_owned(),
        }
    }

    fn board_view(&self, last: Option<Move>) -> BoardView {
        let p = &self.0;
        let mut cells = CellView::grid(BOARD);
        for cell in &mut cells {
            cell.shade = Shade::Light;
        }
        let citadels = match p.rules.citadels {
            true => [WHITE_CITADEL, BLACK_CITADEL].as_slice(),
            false => &[],
        };
        for &citadel in citadels {
            let (column, row) = BOARD.place(citadel);
            cells.push(CellView {
                column: column as i8,
                row: row as i8,
                shade: Shade::Citadel,
                name: BOARD.name(citadel).to_string(),
            });
        }
        let pieces = (0..112u8)
            .map(Square::new)
            .filter_map(|square| {
                let (side, kind) = p.man_at(square)?;
                Some(PieceView {
                    cell: square.index(),
                    figure: kind.figure(),
                    label: kind.token(),
                    badge: kind.badge(),
                    owner: side.seat(),
                    color: INFO.seats[side.index()].color,
                    state: PieceState::Normal,
                })
            })
            .collect();
        let last = last.map(|mv| match mv {
            Move::Step { from, to } | Move::Relocate { from, to } => (from.index(), to.index()),
            Move::Swap { king, with } => (king.index(), with.index()),
        });
        let mut highlights = Highlight::last_move(last);
        if p.in_check(p.turn) {
            highlights.extend(p.royals(p.turn).squares().map(|square| Highlight {
                cell: square.index(),
                mark: Mark::Danger,
            }));
        }
        BoardView {
            game: INFO.id,
            files: BOARD.files(),
            ranks: BOARD.ranks(),
            cells,
            pieces,
            highlights,
            panel: Panel::new(INFO.seats, self.phase()),
        }
    }
}

#[cfg(test)]
mod tests;
