//! A Tamerlane position: the men on the 110 squares and two citadels, whose
//! move, the swaps used and the pawn of pawns' arrivals; with the attack test,
//! legal move generation and the playing of moves.

use super::men::{Kind, PIECE_KINDS, tables};
use super::{
    BLACK_CITADEL, BOARD, PopRelocation, PopSquare, PopTargets, Rules, Side, SwapWhen,
    ThirdArrival, WHITE_CITADEL, citadel, last_rank,
};
use crate::bits::Bits;
use crate::geometry::Square;
use crate::zobrist;

/// The 110 squares of the board proper, without the citadels.
const BOARD_SQUARES: u128 = (1 << 110) - 1;

/// The squares a royal steps to from a citadel, and into it from.
fn citadel_gates(citadel: Square) -> u128 {
    /// White's citadel's gates, then Black's: read once, not at every move
    /// generation.
    static GATES: std::sync::LazyLock<[u128; 2]> = std::sync::LazyLock::new(|| {
        [["k1", "k2", "k3"], ["a8", "a9", "a10"]].map(|names| {
            names
                .into_iter()
                .filter_map(|n| BOARD.parse(n))
                .fold(0, |set, s| set | u128::bit(s))
        })
    });
    GATES[usize::from(citadel != WHITE_CITADEL)]
}

/// A move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The man on `from` goes to `to`: a step, a capture, an entry into or
    /// exit from a citadel; promotion and the pawn of pawns' arrivals follow by rule.
    Step {
        /// Where it stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// The waiting pawn of pawns is lifted from the last rank to `to`.
    Relocate {
        /// The last-rank square it waits on.
        from: Square,
        /// Where it is put.
        to: Square,
    },
    /// The king changes places with one of its own men (once a game).
    Swap {
        /// The king's square.
        king: Square,
        /// The other man's square.
        with: Square,
    },
}

/// Zobrist keys: per square and man (23 kinds for each side), then the side to
/// move, the two swaps and the pawn of pawns' arrivals (four values a side).
static KEYS: [u64; 112 * 46 + 1 + 2 + 8] = zobrist::keys(0x7461_6d65_726c_616e);

fn man_key(side: Side, kind: Kind, square: Square) -> u64 {
    KEYS[square.index() * 46 + side.index() * 23 + kind.index()]
}

fn black_to_move() -> u64 {
    KEYS[112 * 46]
}

fn swap_key(side: Side) -> u64 {
    KEYS[112 * 46 + 1 + side.index()]
}

fn arrival_key(side: Side, arrivals: u8) -> u64 {
    KEYS[112 * 46 + 3 + side.index() * 4 + (arrivals as usize & 3)]
}

/// The state of a Tamerlane game that moves depend on.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Per square: 0 if empty, else 1 + side * 23 + kind.
    board: [u8; 112],
    men: [u128; 2],
    pieces: [u128; PIECE_KINDS],
    pawns: u128,
    pub(super) turn: Side,
    pub(super) swap_used: [bool; 2],
    /// How many times each side's pawn of pawns has reached the last rank.
    pub(super) pop_arrivals: [u8; 2],
    /// Plies since the last capture or pawn move.
    pub(super) halfmoves: u16,
    /// The move number, from 1, increased after Black moves.
    pub(super) fullmoves: u16,
    hash: u64,
    pub(super) rules: Rules,
}

impl Position {
    /// An empty board with `turn` to move.
    pub(super) fn empty(turn: Side, rules: Rules) -> Position {
        let mut position = Position {
            board: [0; 112],
            men: [0; 2],
            pieces: [0; PIECE_KINDS],
            pawns: 0,
            turn,
            swap_used: [false; 2],
            pop_arrivals: [0; 2],
            halfmoves: 0,
            fullmoves: 1,
            hash: if turn == Side::Black {
                black_to_move()
            } else {
                0
            },
            rules,
        };
        position.hash ^= arrival_key(Side::White, 0) ^ arrival_key(Side::Black, 0);
        position
    }

    /// Puts a man on an empty square.
    pub(super) fn put(&mut self, side: Side, kind: Kind, square: Square) {
        debug_assert_eq!(self.board[square.index()], 0, "{square:?} is taken");
        self.board[square.index()] = 1 + side.index() as u8 * 23 + kind.index() as u8;
        self.flip(side, kind, square);
    }

    /// Takes the man off `square`, returning it.
    pub(super) fn take(&mut self, square: Square) -> Option<(Side, Kind)> {
        let man = self.man_at(square)?;
        self.board[square.index()] = 0;
        self.flip(man.0, man.1, square);
        Some(man)
    }

    fn flip(&mut self, side: Side, kind: Kind, square: Square) {
        let bit = u128::bit(square);
        self.men[side.index()] ^= bit;
        if kind.is_pawn() {
            self.pawns ^= bit;
        } else {
            self.pieces[kind.index()] ^= bit;
        }
        self.hash ^= man_key(side, kind, square);
    }

    /// Records that `side` has used its swap.
    pub(super) fn use_swap(&mut self, side: Side) {
        if !self.swap_used[side.index()] {
            self.swap_used[side.index()] = true;
            self.hash ^= swap_key(side);
        }
    }

    /// Sets how many times `side`'s pawn of pawns has arrived.
    pub(super) fn set_arrivals(&mut self, side: Side, arrivals: u8) {
        self.hash ^=
            arrival_key(side, self.pop_arrivals[side.index()]) ^ arrival_key(side, arrivals);
        self.pop_arrivals[side.index()] = arrivals;
    }

    /// The hash of the men, the side to move, the swaps and the arrivals.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The man on `square`.
    #[inline]
    pub fn man_at(&self, square: Square) -> Option<(Side, Kind)> {
        let code = self.board[square.index()];
        (code != 0).then(|| {
            let code = code - 1;
            let side = if code >= 23 { Side::Black } else { Side::White };
            (side, Kind::ALL[usize::from(code % 23)])
        })
    }

    /// The pieces of `side` of kind `kind` (not for pawns).
    fn pieces_of(&self, side: Side, kind: Kind) -> u128 {
        self.pieces[kind.index()] & self.men[side.index()]
    }

    /// The royals of `side`: king, prince, adventitious king.
    pub fn royals(&self, side: Side) -> u128 {
        (self.pieces[Kind::King.index()]
            | self.pieces[Kind::Prince.index()]
            | self.pieces[Kind::AdventitiousKing.index()])
            & self.men[side.index()]
    }

    /// `side`'s pawn of pawns waiting on its last rank, immune from capture.
    pub fn waiting(&self, side: Side) -> u128 {
        self.pawns & self.men[side.index()] & last_rank(side)
    }

    fn occupied(&self) -> u128 {
        self.men[0] | self.men[1]
    }

    /// Whether `side`'s original king stands at a gate of the other side's
    /// citadel, one step from the draw it gives.
    pub fn at_enemy_gate(&self, side: Side) -> bool {
        self.rules.citadels
            && self.pieces_of(side, Kind::King) & citadel_gates(citadel(side.other())) != 0
    }

    /// Whether `side`'s original king stands in the other side's citadel.
    pub fn in_enemy_citadel(&self, side: Side) -> bool {
        self.pieces_of(side, Kind::King).has(citadel(side.other()))
    }

    /// Whether `square` would be attacked by `by` with `occupied` taken and the
    /// men on `gone` removed. Citadels are never attacked.
    pub(super) fn attacked(&self, square: Square, by: Side, occupied: u128, gone: u128) -> bool {
        if !BOARD_SQUARES.has(square) {
            return false;
        }
        let tables = tables(self.rules.steppers, self.rules.picket_one_step);
        let them = self.men[by.index()] & !gone;
        // Every piece but the giraffe moves alike both ways: the squares it
        // attacks `square` from are the squares it reaches from there.
        let symmetric = [
            Kind::King,
            Kind::General,
            Kind::Vizier,
            Kind::Rook,
            Kind::Knight,
            Kind::Picket,
            Kind::Elephant,
            Kind::Camel,
            Kind::WarEngine,
        ];
        for kind in symmetric {
            let mut attackers = self.pieces[kind.index()];
            if kind == Kind::King {
                attackers |=
                    self.pieces[Kind::Prince.index()] | self.pieces[Kind::AdventitiousKing.index()];
            }
            attackers &= them;
            if !attackers.is_empty()
                && !(tables.piece(kind).targets(square, occupied).capture & attackers).is_empty()
            {
                return true;
            }
        }
        // Pawns attack diagonally forward: look back along the other side's facing.
        let pawns = self.pawns & them;
        if !(tables.pawn(by.other()).targets(square, occupied).capture & pawns).is_empty() {
            return true;
        }
        let giraffe = tables.piece(Kind::Giraffe);
        if (self.pieces[Kind::Giraffe.index()] & them & BOARD_SQUARES)
            .squares()
            .any(|g| giraffe.targets(g, occupied).capture.has(square))
        {
            return true;
        }
        // A royal in a citadel attacks the three squares beside it.
        [WHITE_CITADEL, BLACK_CITADEL]
            .into_iter()
            .any(|c| them.has(c) && citadel_gates(c).has(square))
    }

    /// Every square `by` attacks with the squares in `occupied` taken
    /// (citadels excepted: they are never attacked).
    fn attack_map(&self, by: Side, occupied: u128) -> u128 {
        let tables = tables(self.rules.steppers, self.rules.picket_one_step);
        let them = self.men[by.index()];
        let mut map = 0;
        for kind in &Kind::ALL[..PIECE_KINDS] {
            let reach = tables.piece(*kind);
            for from in (self.pieces[kind.index()] & them & BOARD_SQUARES).squares() {
                map |= reach.targets(from, occupied).capture;
            }
        }
        let pawn = tables.pawn(by);
        for from in (self.pawns & them).squares() {
            map |= pawn.targets(from, occupied).capture;
        }
        for citadel in [WHITE_CITADEL, BLACK_CITADEL] {
            if them.has(citadel) {
                map |= citadel_gates(citadel);
            }
        }
        map & BOARD_SQUARES
    }

    /// Whether `side` has a single royal and it is attacked.
    pub fn in_check(&self, side: Side) -> bool {
        let royals = self.royals(side);
        royals.count() == 1
            && royals
                .first()
                .is_some_and(|r| self.attacked(r, side.other(), self.occupied(), 0))
    }

    /// May a royal of `kind` and `side` enter `citadel`? The original king
    /// the enemy's; the adventitious king its own; nobody else either.
    fn may_enter(side: Side, kind: Kind, refuge: Square) -> bool {
        match kind {
            Kind::King => refuge == citadel(side.other()),
            Kind::AdventitiousKing => refuge == citadel(side),
            _ => false,
        }
    }

    /// Calls `f` with every move of `side` that the rules of movement allow,
    /// before the test of check.
    fn pseudo_moves(&self, side: Side, f: &mut impl FnMut(Move)) {
        let tables = tables(self.rules.steppers, self.rules.picket_one_step);
        let own = self.men[side.index()];
        let occupied = self.occupied();
        let empty = BOARD_SQUARES & !occupied;
        let capturable = self.men[side.other().index()] & !self.waiting(side.other());
        // An adventitious king left alone in its own citadel must come out at
        // once, onto any empty square.
        if self.must_leave_citadel(side) {
            for to in empty.squares() {
                f(Move::Step {
                    from: citadel(side),
                    to,
                });
            }
            return;
        }
        for kind in &Kind::ALL[..PIECE_KINDS] {
            let reach = tables.piece(*kind);
            for from in (self.pieces[kind.index()] & own & BOARD_SQUARES).squares() {
                let targets = reach.targets(from, occupied);
                let to = (targets.quiet & empty) | (targets.capture & capturable);
                for to in to.squares() {
                    f(Move::Step { from, to });
                }
                if kind.is_royal() && self.rules.citadels {
                    for citadel in [WHITE_CITADEL, BLACK_CITADEL] {
                        if citadel_gates(citadel).has(from)
                            && !occupied.has(citadel)
                            && Position::may_enter(side, *kind, citadel)
                        {
                            f(Move::Step { from, to: citadel });
                        }
                    }
                }
            }
        }
        for citadel in [WHITE_CITADEL, BLACK_CITADEL] {
            if own.has(citadel) {
                let out = citadel_gates(citadel) & (empty | capturable);
                for to in out.squares() {
                    f(Move::Step { from: citadel, to });
                }
            }
        }
        let pawn = tables.pawn(side);
        for from in (self.pawns & own & !self.waiting(side)).squares() {
            let targets = pawn.targets(from, occupied);
            for to in ((targets.quiet & empty) | (targets.capture & capturable)).squares() {
                f(Move::Step { from, to });
            }
        }
        for from in self.waiting(side).squares() {
            self.relocations(side, from, f);
        }
    }

    /// The squares the waiting pawn of pawns on `from` may be lifted to.
    fn relocations(&self, side: Side, from: Square, f: &mut impl FnMut(Move)) {
        let tables = tables(self.rules.steppers, self.rules.picket_one_step);
        let enemy = self.men[side.other().index()];
        let landing = match self.rules.pop_square {
            PopSquare::Empty => BOARD_SQUARES & !self.occupied(),
            PopSquare::Own => BOARD_SQUARES & !enemy,
            PopSquare::Any => BOARD_SQUARES,
        } & !self.royals(Side::White)
            & !self.royals(Side::Black)
            & !self.waiting(Side::White)
            & !self.waiting(Side::Black)
            & !u128::bit(from);
        let mut targets = enemy & !self.waiting(side.other());
        if self.rules.pop_targets == PopTargets::Pieces {
            targets &= !self.pawns;
        }
        for to in landing.squares() {
            let mut after = self.clone();
            after.take(from);
            after.take(to);
            after.put(side, Kind::PawnOfPawns, to);
            let attacked = tables.pawn(side).targets(to, after.occupied()).capture & targets;
            let qualifies = match attacked.count() {
                0 => false,
                1 => {
                    self.rules.pop_relocation == PopRelocation::ForkOrStuck
                        && attacked.first().is_some_and(|t| !after.can_move(t))
                }
                _ => true,
            };
            if qualifies {
                f(Move::Relocate { from, to });
            }
        }
    }

    /// Whether the man on `square` has a legal move, its side to move: a man
    /// pinned to its last royal cannot move.
    fn can_move(&self, square: Square) -> bool {
        let Some((side, _)) = self.man_at(square) else {
            return false;
        };
        // Its side to move, so that trying a move plays it for that side.
        let mut mover = self.clone();
        mover.turn = side;
        let mut any = false;
        mover.legal_moves(side, |mv| {
            any |= match mv {
                Move::Step { from, .. } | Move::Relocate { from, .. } => from == square,
                Move::Swap { king, with } => king == square || with == square,
            };
        });
        any
    }

    /// The king swaps the side to move may make now, given whether it is in
    /// check and whether it has another legal move. The king lands on the
    /// other man's square, which must not be attacked while he has no other royal.
    fn swaps(&self, side: Side, in_check: bool, stuck: bool, f: &mut impl FnMut(Move)) {
        let allowed = match self.rules.swap {
            SwapWhen::NotInCheck => !in_check,
            SwapWhen::InCheck => in_check,
            SwapWhen::InCheckOrStuck => in_check || stuck,
        };
        if !allowed || self.swap_used[side.index()] {
            return;
        }
        let attacked = if self.royals(side).count() == 1 {
            self.attack_map(side.other(), self.occupied())
        } else {
            0
        };
        for king in (self.pieces_of(side, Kind::King) & BOARD_SQUARES).squares() {
            let partners =
                self.men[side.index()] & BOARD_SQUARES & !self.royals(side) & !self.waiting(side);
            for with in partners.squares() {
                let pawn_to_last_rank = self.pawns.has(with) && last_rank(side).has(king);
                if !pawn_to_last_rank && !attacked.has(with) {
                    f(Move::Swap { king, with });
                }
            }
        }
    }

    /// Whether `mv` (from the pseudo moves) leaves `side`'s single royal on
    /// `royal` safe. `danger` holds the squares the enemy attacks with the
    /// royal lifted off the board; `in_check` says whether it is attacked now;
    /// `shields` are the nearest men on the royal's lines, the only ones whose
    /// leaving can uncover an attack (the giraffe's too: its last leg runs
    /// along one of those lines).
    fn keeps_royal_safe(
        &self,
        side: Side,
        mv: Move,
        royal: Square,
        danger: u128,
        in_check: bool,
        shields: u128,
    ) -> bool {
        let Move::Step { from, to } = mv else {
            return !self.after(mv).in_check(side);
        };
        let moving = self.man_at(from).map(|m| m.1);
        let arrives = moving.is_some_and(|k| k.is_pawn()) && last_rank(side).has(to);
        if arrives {
            // A promotion may crown a second royal; the pawn of pawns may jump:
            // play it out.
            return !self.after(mv).in_check(side);
        }
        if from == royal {
            // A man taken on `to` attacked nothing along a line through it.
            return !danger.has(to);
        }
        if !in_check && !shields.has(from) {
            return true;
        }
        let occupied = (self.occupied() & !u128::bit(from)) | u128::bit(to);
        !self.attacked(royal, side.other(), occupied, u128::bit(to))
    }

    /// A copy of the position after `mv`.
    fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Calls `f` with every legal move of the side to move.
    pub fn for_each_move(&self, f: impl FnMut(Move)) {
        self.legal_moves(self.turn, f);
    }

    /// Calls `f` with every legal move of `side`, which must be to move.
    fn legal_moves(&self, side: Side, mut f: impl FnMut(Move)) {
        let royals = self.royals(side);
        let single = royals.count() == 1;
        let royal = royals.first().unwrap_or(Square::new(0));
        let danger = if single {
            self.attack_map(side.other(), self.occupied() & !royals)
        } else {
            0
        };
        let in_check = danger.has(royal);
        let shields = if single && BOARD_SQUARES.has(royal) {
            tables(self.rules.steppers, self.rules.picket_one_step)
                .nearest_on_lines(royal, self.occupied())
        } else {
            0
        };
        let mut any = false;
        self.pseudo_moves(side, &mut |mv| {
            if !single || self.keeps_royal_safe(side, mv, royal, danger, in_check, shields) {
                any = true;
                f(mv);
            }
        });
        self.swaps(side, in_check, !any, &mut f);
    }

    /// Whether `side`'s only royal is its adventitious king in its own
    /// citadel, which must then come out («немедленно помещён на любое
    /// незанятое поле»).
    fn must_leave_citadel(&self, side: Side) -> bool {
        let royals = self.royals(side);
        royals == self.pieces_of(side, Kind::AdventitiousKing) && royals.has(citadel(side))
    }

    /// Plays a move that came from [`Position::for_each_move`]. The forced
    /// exit from the citadel, by the seed, leaves the turn with its side.
    pub fn play(&mut self, mv: Move) {
        let side = self.turn;
        let free_exit = self.rules.free_exit && self.must_leave_citadel(side);
        let irreversible = match mv {
            Move::Step { from, to } => {
                let Some((_, kind)) = self.take(from) else {
                    debug_assert!(false, "no man on {from:?}");
                    return;
                };
                let captured = self.take(to).is_some();
                self.put(side, kind, to);
                if kind.is_pawn() && last_rank(side).has(to) {
                    self.arrive(side, kind, to);
                }
                captured || kind.is_pawn()
            }
            Move::Relocate { from, to } => {
                self.take(from);
                self.take(to);
                self.put(side, Kind::PawnOfPawns, to);
                true
            }
            Move::Swap { king, with } => {
                let partner = self.take(with);
                self.take(king);
                self.put(side, Kind::King, with);
                if let Some((_, kind)) = partner {
                    self.put(side, kind, king);
                }
                self.use_swap(side);
                true
            }
        };
        self.halfmoves = if irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if free_exit {
            return;
        }
        if side == Side::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = side.other();
        self.hash ^= black_to_move();
    }

    /// A pawn of `kind` has reached the last rank on `square`.
    fn arrive(&mut self, side: Side, kind: Kind, square: Square) {
        if let Some(piece) = kind.promotion() {
            self.take(square);
            self.put(side, piece, square);
            return;
        }
        let arrivals = self.pop_arrivals[side.index()];
        match arrivals {
            // First arrival: it waits here, immune.
            0 => {}
            // Second: straight to the pawn of kings' starting square.
            1 => {
                self.take(square);
                let home = self
                    .rules
                    .setup
                    .kings_pawn_home(side, self.rules.black_mirror);
                let spot = match self.man_at(home) {
                    Some((owner, k)) if k.is_royal() || self.waiting(owner).has(home) => {
                        self.nearest_free(home)
                    }
                    Some(_) => {
                        self.take(home);
                        Some(home)
                    }
                    None => Some(home),
                };
                if let Some(spot) = spot {
                    self.put(side, Kind::PawnOfPawns, spot);
                }
            }
            // Third: it becomes an adventitious king.
            _ => {
                self.take(square);
                self.put(side, Kind::AdventitiousKing, square);
                if self.rules.third_arrival == ThirdArrival::AndPrince {
                    let kings_pawns: Vec<Square> = (0..110u8)
                        .map(Square::new)
                        .filter(|&s| self.man_at(s) == Some((side, Kind::PawnOfKings)))
                        .collect();
                    for pawn in kings_pawns {
                        self.take(pawn);
                        self.put(side, Kind::Prince, pawn);
                    }
                }
            }
        }
        self.set_arrivals(side, arrivals.saturating_add(1).min(3));
    }

    /// The empty square of `square`'s rank nearest to it (then the lower file).
    fn nearest_free(&self, square: Square) -> Option<Square> {
        let rank = i32::from(BOARD.rank(square));
        let file = i32::from(BOARD.file(square));
        (0..11)
            .filter_map(|f| BOARD.square(f, rank))
            .filter(|&s| self.man_at(s).is_none())
            .min_by_key(|&s| ((i32::from(BOARD.file(s)) - file).abs(), s))
    }
}
