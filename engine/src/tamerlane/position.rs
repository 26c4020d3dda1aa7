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
use crate::spirit::value::worth;
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

/// Which moves a generation lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wanted {
    /// Every move.
    All,
    /// Only the moves that take a man (for the spirits' quiescence search).
    Captures,
}

/// What the legality of a side's moves depends on when it has a single
/// royal: where that stands, whether it is in check, and, found out as the
/// moves need them, the squares it may not step to and the men pinned to it.
#[derive(Clone, Copy, Debug)]
struct Guard {
    /// Where the single royal stands.
    royal: Square,
    /// Whether it is attacked now.
    in_check: bool,
    /// The nearest men on the royal's lines, the only ones whose leaving can
    /// uncover an attack (the giraffe's too: its last leg runs along one of
    /// those lines).
    shields: u128,
    /// The shields already lifted off to see whether that uncovers an attack.
    tried: u128,
    /// Of those, the ones whose leaving does.
    pinned: u128,
    /// The squares the enemy attacks with the royal lifted off the board.
    danger: Option<u128>,
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
    /// What each side's men are worth to a spirit ([`worth`]), kept as men
    /// come and go: the search's evaluation reads it at every leaf.
    material: [i32; 2],
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
            material: [0; 2],
            rules,
        };
        position.hash ^= arrival_key(Side::White, 0) ^ arrival_key(Side::Black, 0);
        position
    }

    /// Puts a man on an empty square.
    pub(super) fn put(&mut self, side: Side, kind: Kind, square: Square) {
        debug_assert_eq!(self.board[square.index()], 0, "{square:?} is taken");
        self.board[square.index()] = 1 + side.index() as u8 * 23 + kind.index() as u8;
        self.material[side.index()] += worth(kind.figure());
        self.flip(side, kind, square);
    }

    /// Takes the man off `square`, returning it.
    pub(super) fn take(&mut self, square: Square) -> Option<(Side, Kind)> {
        let man = self.man_at(square)?;
        self.board[square.index()] = 0;
        self.material[man.0.index()] -= worth(man.1.figure());
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

    /// What `side`'s men are worth to a spirit ([`worth`]).
    pub fn material(&self, side: Side) -> i32 {
        self.material[side.index()]
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
    /// before the test of check; with [`Wanted::Captures`], only those that
    /// take a man, in the same order.
    fn pseudo_moves(&self, side: Side, wanted: Wanted, f: &mut impl FnMut(Move)) {
        let own = self.men[side.index()];
        let occupied = self.occupied();
        let capturable = self.men[side.other().index()] & !self.waiting(side.other());
        let onto = match wanted {
            Wanted::All => u128::MAX,
            Wanted::Captures => capturable,
        };
        let empty = BOARD_SQUARES & !occupied & onto;
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
            for from in (self.pieces[kind.index()] & own & BOARD_SQUARES).squares() {
                for to in (self.destinations(side, *kind, from) & onto).squares() {
                    f(Move::Step { from, to });
                }
                if kind.is_royal() && self.rules.citadels && wanted == Wanted::All {
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
        for from in (self.pawns & own & !self.waiting(side)).squares() {
            for to in (self.destinations(side, Kind::PawnOfPawns, from) & onto).squares() {
                f(Move::Step { from, to });
            }
        }
        if wanted == Wanted::All {
            for from in self.waiting(side).squares() {
                self.relocations(side, from, f);
            }
        }
    }

    /// The squares of the board proper that `side`'s man of `kind` (any pawn
    /// moves alike) reaches from `from`: empty ones, and the enemy's men that
    /// may be taken (not a waiting pawn of pawns).
    fn destinations(&self, side: Side, kind: Kind, from: Square) -> u128 {
        let tables = tables(self.rules.steppers, self.rules.picket_one_step);
        let reach = match kind.is_pawn() {
            true => tables.pawn(side),
            false => tables.piece(kind),
        };
        let occupied = self.occupied();
        let capturable = self.men[side.other().index()] & !self.waiting(side.other());
        let targets = reach.targets(from, occupied);
        (targets.quiet & BOARD_SQUARES & !occupied) | (targets.capture & capturable)
    }

    /// Whether the side to move has a legal move. Most positions show one at
    /// once, a man not in check's way with a square to go to, so the end test
    /// a search makes at every leaf need not list every move.
    pub fn has_legal_move(&self) -> bool {
        let side = self.turn;
        let guard = self.guard(side);
        if !self.must_leave_citadel(side) && !guard.is_some_and(|guard| guard.in_check) {
            // With one royal, only the men nearest it on its lines may
            // uncover an attack on it; with more, any move is legal.
            let shields = guard.map_or(0, |guard| guard.shields);
            let free = self.men[side.index()]
                & BOARD_SQUARES
                & !self.royals(side)
                & !shields
                & !self.pawns;
            for kind in &Kind::ALL[..PIECE_KINDS] {
                if (self.pieces[kind.index()] & free)
                    .squares()
                    .any(|from| self.destinations(side, *kind, from) != 0)
                {
                    return true;
                }
            }
        }
        let mut any = false;
        self.legal_moves(side, Wanted::All, |_| any = true);
        any
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
        mover.legal_moves(side, Wanted::All, |mv| {
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

    /// What the legality of `side`'s moves depends on, if it has a single
    /// royal.
    fn guard(&self, side: Side) -> Option<Guard> {
        let royals = self.royals(side);
        let royal = royals.first().filter(|_| royals.count() == 1)?;
        let shields = match BOARD_SQUARES.has(royal) {
            true => tables(self.rules.steppers, self.rules.picket_one_step)
                .nearest_on_lines(royal, self.occupied()),
            false => 0,
        };
        Some(Guard {
            royal,
            in_check: self.attacked(royal, side.other(), self.occupied(), 0),
            shields,
            tried: 0,
            pinned: 0,
            danger: None,
        })
    }

    /// Whether `mv` (from the pseudo moves) leaves `side`'s single royal safe.
    fn keeps_royal_safe(&self, side: Side, mv: Move, guard: &mut Guard) -> bool {
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
        let royal = guard.royal;
        if from == royal {
            // A man taken on `to` attacked nothing along a line through it.
            let danger = guard.danger.get_or_insert_with(|| {
                self.attack_map(side.other(), self.occupied() & !u128::bit(royal))
            });
            return !danger.has(to);
        }
        if !guard.in_check {
            if !guard.shields.has(from) {
                return true;
            }
            // A shield that uncovers nothing when lifted off may go anywhere:
            // no man here needs a screen, so a man put down blocks, never opens.
            if !guard.tried.has(from) {
                guard.tried |= u128::bit(from);
                let lifted = self.occupied() & !u128::bit(from);
                if self.attacked(royal, side.other(), lifted, 0) {
                    guard.pinned |= u128::bit(from);
                }
            }
            if !guard.pinned.has(from) {
                return true;
            }
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
        self.legal_moves(self.turn, Wanted::All, f);
    }

    /// Calls `f` with every legal capture of the side to move, in the order
    /// of [`Position::for_each_move`]; returns whether it has any legal move.
    pub fn for_each_capture(&self, mut f: impl FnMut(Move)) -> bool {
        let mut any = false;
        self.legal_moves(self.turn, Wanted::Captures, |mv| {
            any = true;
            f(mv);
        });
        any || self.has_legal_move()
    }

    /// Calls `f` with every legal move of `side`, which must be to move, or
    /// with its captures only.
    fn legal_moves(&self, side: Side, wanted: Wanted, mut f: impl FnMut(Move)) {
        let mut guard = self.guard(side);
        let mut any = false;
        self.pseudo_moves(side, wanted, &mut |mv| {
            if guard
                .as_mut()
                .is_none_or(|guard| self.keeps_royal_safe(side, mv, guard))
            {
                any = true;
                f(mv);
            }
        });
        // A swap never takes a man.
        if wanted == Wanted::All {
            let in_check = guard.is_some_and(|guard| guard.in_check);
            self.swaps(side, in_check, !any, &mut f);
        }
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
