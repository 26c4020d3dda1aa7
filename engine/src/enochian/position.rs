//! An Enochian position: the men of the four armies, whose turn, which armies
//! are frozen, who controls which army, and who holds which captured king;
//! with the check rules, move generation and the playing of moves.

use std::ops::ControlFlow;
use std::sync::LazyLock;

use super::army::{Army, BOARD, square};
use super::{Concourse, Kind, Rules, SeizedThaw};
use crate::bits::Bits;
use crate::geometry::{Forward, Square};
use crate::movement::Reach;
use crate::movement::common::{ALIBABA, BISHOP, KING, KNIGHT, PAWN, ROOK};
use crate::zobrist;

/// Plies without a capture or a pawn move after which the game is drawn
/// (50 rounds of the four armies; a house rule, see the notes).
pub(super) const QUIET_PLIES: u16 = 200;

/// The 2x2 blocks where a concourse may happen, by their lower-left square:
/// our guess at the lost diagram of the "five positions" (notes, D12). One
/// table, to change when someone reads the printed book.
const CONCOURSE_BLOCKS: [Square; 5] = [
    square(b"b2"),
    square(b"f2"),
    square(b"b6"),
    square(b"f6"),
    square(b"d4"),
];

/// The reach of the five pieces, and of the pawns of each facing.
struct Tables {
    pieces: [Reach<u64>; 5],
    pawns: [Reach<u64>; 4],
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| Tables {
    // The queen leaps exactly two squares in any of the eight directions.
    pieces: [KING, ALIBABA, ROOK, BISHOP, KNIGHT].map(|m| Reach::build(BOARD, Forward::North, m)),
    pawns: [Forward::North, Forward::East, Forward::South, Forward::West]
        .map(|f| Reach::build(BOARD, f, PAWN)),
});

impl Tables {
    #[inline]
    fn reach(&self, army: Army, kind: Kind) -> &Reach<u64> {
        if kind.is_pawn() {
            &self.pawns[army.forward() as usize]
        } else {
            &self.pieces[kind.index()]
        }
    }
}

/// A move of one man (on a shared throne, the king and the sharer each move
/// their own moves); `promotion` is a privileged pawn's choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Where the man stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The man that moves.
    pub kind: Kind,
    /// What a privileged pawn becomes.
    pub promotion: Option<Kind>,
}

/// Zobrist keys: per army, kind and square; then the army to move, the frozen
/// armies, and who controls each army.
static KEYS: [u64; 4 * 9 * 64 + 4 + 4 + 16] = zobrist::keys(0x656e_6f63_6869_616e);

fn man_key(army: Army, kind: Kind, square: Square) -> u64 {
    KEYS[(army.index() * 9 + kind.index()) * 64 + square.index()]
}

fn turn_key(army: Army) -> u64 {
    KEYS[4 * 9 * 64 + army.index()]
}

fn frozen_key(army: Army) -> u64 {
    KEYS[4 * 9 * 64 + 4 + army.index()]
}

fn control_key(army: Army, controller: Army) -> u64 {
    KEYS[4 * 9 * 64 + 8 + army.index() * 4 + controller.index()]
}

/// What an army does when its turn comes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Standing {
    /// It has a move and plays.
    Plays,
    /// Stalemated: its turns are passed over (a draw if its ally is out too).
    Stalemated,
    /// Its attacked king has no move at all: its turns are passed over.
    Stuck,
}

/// The state of an Enochian game that moves depend on.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    men: [u64; 4],
    kinds: [u64; 9],
    pub(super) turn: Army,
    pub(super) frozen: [bool; 4],
    /// The army whose seat plays each army.
    pub(super) controller: [Army; 4],
    /// For each army's captured king, the army that took it.
    pub(super) held: [Option<Army>; 4],
    /// Plies since the last capture or pawn move.
    pub(super) quiet: u16,
    /// No army could move, or a stalemated army's ally is out of play too.
    pub(super) drawn: bool,
    hash: u64,
    pub(super) rules: Rules,
}

impl Position {
    /// An empty board with `turn` to move.
    pub(super) fn empty(turn: Army, rules: Rules) -> Position {
        let mut hash = turn_key(turn);
        for army in Army::ALL {
            hash ^= control_key(army, army);
        }
        Position {
            men: [0; 4],
            kinds: [0; 9],
            turn,
            frozen: [false; 4],
            controller: Army::ALL,
            held: [None; 4],
            quiet: 0,
            drawn: false,
            hash,
            rules,
        }
    }

    /// Puts a man on `square` (a throne may hold two), or takes it off.
    pub(super) fn toggle(&mut self, army: Army, kind: Kind, square: Square) {
        let bit = u64::bit(square);
        self.kinds[kind.index()] ^= bit;
        // The army holds the square while any man stands there (on a shared
        // throne, until both have gone): one square never holds two armies.
        if self.kinds.iter().any(|k| k.has(square)) {
            self.men[army.index()] |= bit;
        } else {
            self.men[army.index()] &= !bit;
        }
        self.hash ^= man_key(army, kind, square);
    }

    pub(super) fn set_frozen(&mut self, army: Army, frozen: bool) {
        if self.frozen[army.index()] != frozen {
            self.frozen[army.index()] = frozen;
            self.hash ^= frozen_key(army);
        }
    }

    pub(super) fn set_controller(&mut self, army: Army, controller: Army) {
        self.hash ^=
            control_key(army, self.controller[army.index()]) ^ control_key(army, controller);
        self.controller[army.index()] = controller;
    }

    fn set_turn(&mut self, army: Army) {
        self.hash ^= turn_key(self.turn) ^ turn_key(army);
        self.turn = army;
    }

    /// The hash of the men, the army to move, the frozen armies and the controls.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The men on `square` (two on a throne at the start), the king first.
    pub fn men_at(&self, square: Square) -> impl Iterator<Item = (Army, Kind)> + '_ {
        let army = Army::ALL
            .into_iter()
            .find(|a| self.men[a.index()].has(square));
        Kind::ALL
            .into_iter()
            .filter(move |k| self.kinds[k.index()].has(square))
            .filter_map(move |k| army.map(|a| (a, k)))
    }

    /// The men of `army` of kind `kind`.
    pub fn men(&self, army: Army, kind: Kind) -> u64 {
        self.men[army.index()] & self.kinds[kind.index()]
    }

    /// The square of `army`'s king, if it is on the board.
    pub fn king(&self, army: Army) -> Option<Square> {
        self.men(army, Kind::King).first()
    }

    fn occupied(&self) -> u64 {
        self.men[0] | self.men[1] | self.men[2] | self.men[3]
    }

    /// The enemy men `army` may capture: not frozen.
    fn prey(&self, army: Army) -> u64 {
        Army::ALL
            .into_iter()
            .filter(|&e| army.is_enemy(e) && !self.frozen[e.index()])
            .fold(0, |set, e| set | self.men[e.index()])
    }

    /// Whether `square` is attacked by a man of an unfrozen enemy of
    /// `army`, with `occupied` taken and the men on `gone` removed.
    pub(super) fn attacked(&self, square: Square, army: Army, occupied: u64, gone: u64) -> bool {
        let tables = &*TABLES;
        let mut enemies = 0;
        for enemy in Army::ALL
            .into_iter()
            .filter(|&e| army.is_enemy(e) && !self.frozen[e.index()])
        {
            let pawns = self.men[enemy.index()] & !self.pieces() & !gone;
            // Pawns capture diagonally forward: look back along the facing
            // of the army across from the enemy.
            let back = tables.reach(enemy.ally(), Kind::PawnOfQueen);
            if !(back.targets(square, occupied).capture & pawns).is_empty() {
                return true;
            }
            enemies |= self.men[enemy.index()];
        }
        enemies &= !gone;
        // A bishop never takes a bishop, nor a queen a queen (D13): nor do
        // they attack a square holding one, such as a throne the king still
        // shares with its bishop.
        let holds = |kind: Kind| (self.kinds[kind.index()] & !gone).has(square);
        [
            Kind::King,
            Kind::Queen,
            Kind::Rook,
            Kind::Bishop,
            Kind::Knight,
        ]
        .into_iter()
        .filter(|&kind| !(matches!(kind, Kind::Bishop | Kind::Queen) && holds(kind)))
        .any(|kind| {
            let attackers = self.kinds[kind.index()] & enemies;
            !attackers.is_empty()
                && !(tables.pieces[kind.index()]
                    .targets(square, occupied)
                    .capture
                    & attackers)
                    .is_empty()
        })
    }

    /// Every square holding a piece (not a pawn).
    fn pieces(&self) -> u64 {
        self.kinds[..5].iter().fold(0, |set, k| set | k)
    }

    /// Whether `army`'s king is attacked.
    pub fn in_check(&self, army: Army) -> bool {
        self.king(army)
            .is_some_and(|k| self.attacked(k, army, self.occupied(), 0))
    }

    /// The squares of `army`'s pawns.
    fn pawns(&self, army: Army) -> u64 {
        self.men[army.index()] & !self.pieces()
    }

    /// Whether the army's only pawn may promote to any piece: the army is
    /// its king, this pawn, and maybe one bishop or one queen («с королём»).
    /// Men are counted one by one, so a piece sharing the king's throne
    /// counts too.
    fn privileged(&self, army: Army) -> bool {
        let count = |kind: Kind| self.men(army, kind).count();
        self.king(army).is_some()
            && self.pawns(army).count() == 1
            && count(Kind::Rook) + count(Kind::Knight) == 0
            && count(Kind::Bishop) + count(Kind::Queen) <= 1
    }

    /// Calls `f` with each man of `army` and where it may go (pseudo-legal:
    /// the rules of movement and capture, without the check rules), until `f`
    /// breaks.
    fn each_man(
        &self,
        army: Army,
        mut f: impl FnMut(Kind, Square, u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let tables = &*TABLES;
        let occupied = self.occupied();
        let empty = !occupied;
        let prey = self.prey(army);
        for kind in Kind::ALL {
            let from = self.men(army, kind);
            if from.is_empty() {
                continue;
            }
            // Bishops never take bishops, queens never queens (but by concourse).
            let prey = match kind {
                Kind::Bishop | Kind::Queen => prey & !self.kinds[kind.index()],
                _ => prey,
            };
            let reach = tables.reach(army, kind);
            for from in from.squares() {
                let targets = reach.targets(from, occupied);
                f(
                    kind,
                    from,
                    (targets.quiet & empty) | (targets.capture & prey),
                )?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f` with every legal move of `army`: an attacked king must move
    /// if it can (even into a new check); an unattacked king may not step
    /// into attack; other men move freely.
    fn army_moves(&self, army: Army, mut f: impl FnMut(Move)) {
        let king = self.king(army);
        let occupied = self.occupied();
        let in_check = king.is_some_and(|k| self.attacked(k, army, occupied, 0));
        let king_moves = self.king_moves(army, in_check);
        if let Some(from) = king {
            for to in king_moves.squares() {
                f(Move {
                    from,
                    to,
                    kind: Kind::King,
                    promotion: None,
                });
            }
        }
        if in_check && !king_moves.is_empty() {
            return;
        }
        let privileged = self.privileged(army);
        let edge = army.far_edge();
        let _ = self.each_man(army, |kind, from, targets| {
            if kind == Kind::King {
                return ControlFlow::Continue(());
            }
            for to in targets.squares() {
                if kind.is_pawn() && privileged && edge.has(to) {
                    for promotion in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                        f(Move {
                            from,
                            to,
                            kind,
                            promotion: Some(promotion),
                        });
                    }
                } else {
                    f(Move {
                        from,
                        to,
                        kind,
                        promotion: None,
                    });
                }
            }
            ControlFlow::Continue(())
        });
    }

    /// Where `army`'s king may step: anywhere it reaches when `in_check`
    /// (it must move, even into a new check), else only unattacked squares.
    fn king_moves(&self, army: Army, in_check: bool) -> u64 {
        let Some(king) = self.king(army) else {
            return 0;
        };
        let tables = &*TABLES;
        let occupied = self.occupied();
        let reach = tables.pieces[Kind::King.index()].targets(king, occupied);
        let moves = (reach.quiet & !occupied) | (reach.capture & self.prey(army));
        if in_check {
            return moves;
        }
        let without_king = occupied & !u64::bit(king);
        moves
            .squares()
            .filter(|&to| !self.attacked(to, army, without_king | u64::bit(to), u64::bit(to)))
            .fold(0, |set, to| set | u64::bit(to))
    }

    /// Calls `f` with every legal move of the army to move.
    pub fn for_each_move(&self, f: impl FnMut(Move)) {
        self.army_moves(self.turn, f);
    }

    /// Whether `army` has a legal move: its king has a step, or another man
    /// any move (when the king must move, it has a step).
    fn can_move(&self, army: Army) -> bool {
        let others = self.each_man(army, |kind, _, targets| {
            if kind == Kind::King || targets.is_empty() {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        others.is_break() || !self.king_moves(army, self.in_check(army)).is_empty()
    }

    /// Whether `army` takes turns: it has men and is not frozen.
    pub fn in_play(&self, army: Army) -> bool {
        !self.frozen[army.index()] && !self.men[army.index()].is_empty()
    }

    /// Plays a move that came from [`Position::for_each_move`].
    pub fn play(&mut self, mv: Move) {
        self.apply(self.turn, mv);
        self.end_turn();
    }

    /// Makes `army`'s move `mv` and all it causes (captures, promotions,
    /// concourse, seizing), without passing the turn.
    fn apply(&mut self, army: Army, mv: Move) {
        let pawns_before = Army::ALL.map(|a| self.pawns(a).count());
        let victims: Vec<(Army, Kind)> = self.men_at(mv.to).collect();
        for &(victim, kind) in &victims {
            self.toggle(victim, kind, mv.to);
        }
        for &(victim, kind) in &victims {
            if kind == Kind::King {
                self.king_captured(victim, army);
            }
        }
        self.toggle(army, mv.kind, mv.from);
        let arrived = mv.promotion.unwrap_or(mv.kind);
        if let Some(promotion) = mv.promotion {
            self.demote_duplicate(army, promotion);
        }
        self.toggle(army, arrived, mv.to);
        if matches!(arrived, Kind::Bishop | Kind::Queen) && mv.promotion.is_none() {
            self.concourse(army, arrived, mv.to);
        }
        if mv.kind == Kind::King && mv.to == army.ally().throne() {
            self.seize(army);
        }
        let reached = (mv.kind.is_pawn() && mv.promotion.is_none()).then_some((army, mv.to));
        self.convert_pawns(pawns_before, reached);
        self.quiet = if victims.is_empty() && !mv.kind.is_pawn() {
            self.quiet.saturating_add(1)
        } else {
            0
        };
    }

    /// `victim`'s king was taken by `taker`: its army freezes, and any army
    /// it controlled goes back to its own king, or freezes if that is gone.
    fn king_captured(&mut self, victim: Army, taker: Army) {
        self.held[victim.index()] = Some(taker);
        self.leave(victim);
    }

    /// `army` leaves play, its king already gone (taken, or given up by a
    /// resignation): it freezes, and any army its seat commanded goes back to
    /// its own king, or freezes if that is gone.
    pub(super) fn leave(&mut self, army: Army) {
        self.set_frozen(army, true);
        for other in Army::ALL {
            if other != army && self.controller[other.index()] == army {
                self.set_controller(other, other);
                if self.king(other).is_none() {
                    self.set_frozen(other, true);
                }
            }
        }
    }

    /// The seed's privileged pawn: a piece of the kind it became, already on
    /// the board, goes back to being a pawn of its type (not with Zalewski).
    fn demote_duplicate(&mut self, army: Army, kind: Kind) {
        if !self.rules.privileged_demotes {
            return;
        }
        if let Some(square) = self.men(army, kind).first() {
            self.toggle(army, kind, square);
            self.toggle(army, kind.pawn(), square);
        }
    }

    /// A bishop or queen that completes a 2x2 block of four of its kind, one
    /// from each army, at one of the concourse places.
    fn concourse(&mut self, army: Army, kind: Kind, to: Square) {
        let (x, y) = (i32::from(BOARD.file(to)), i32::from(BOARD.rank(to)));
        for corner in CONCOURSE_BLOCKS {
            let (cx, cy) = (i32::from(BOARD.file(corner)), i32::from(BOARD.rank(corner)));
            if !(cx..=cx + 1).contains(&x) || !(cy..=cy + 1).contains(&y) {
                continue;
            }
            let block: Vec<(Square, Army)> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .into_iter()
                .filter_map(|(dx, dy)| BOARD.square(cx + dx, cy + dy))
                .filter_map(|s| {
                    let (owner, k) = self.men_at(s).next()?;
                    (k == kind).then_some((s, owner))
                })
                .collect();
            let mut owners: Vec<Army> = block.iter().map(|b| b.1).collect();
            owners.sort();
            owners.dedup();
            let thawed = owners.iter().all(|o| !self.frozen[o.index()]);
            if block.len() != 4 || owners.len() != 4 || !thawed {
                continue;
            }
            for (square, owner) in block {
                if owner == army {
                    continue;
                }
                self.toggle(owner, kind, square);
                if owner == army.ally() && self.rules.concourse == Concourse::Zalewski {
                    self.toggle(army, kind, square);
                }
            }
        }
    }

    /// `army`'s king has mounted its ally's throne: its seat now plays the
    /// ally's army too, which the seed thaws.
    fn seize(&mut self, army: Army) {
        let ally = army.ally();
        let controller = self.controller[army.index()];
        self.set_controller(ally, controller);
        if self.rules.seized_thaw == SeizedThaw::Thaw {
            self.set_frozen(ally, false);
        }
    }

    /// Promotes the pawns due on their far edge: the one that `reached` it
    /// this ply if its army has fewer than four pawns, and every pawn
    /// waiting there in an army whose pawns dropped below four in this ply
    /// (from `before`; D7). Any other pawn on the far edge is a piece the
    /// privileged pawn demoted, which stays a pawn.
    fn convert_pawns(&mut self, before: [u32; 4], reached: Option<(Army, Square)>) {
        for army in Army::ALL {
            let pawns = self.pawns(army);
            if pawns.count() >= 4 {
                continue;
            }
            let mut due = match before[army.index()] >= 4 {
                true => pawns & army.far_edge(),
                false => 0,
            };
            if let Some((mover, square)) = reached
                && mover == army
                && army.far_edge().has(square)
            {
                due |= u64::bit(square);
            }
            for square in due.squares() {
                let Some((_, pawn)) = self.men_at(square).next() else {
                    continue;
                };
                if let Some(piece) = pawn.promotion() {
                    self.toggle(army, pawn, square);
                    self.toggle(army, piece, square);
                }
            }
        }
    }

    /// Whether `army` plays when its turn comes, is stalemated as the seed
    /// says (its king not attacked, but every move it has would leave it
    /// attacked; a kingless army: it has no move at all), or is stuck in
    /// check without a move.
    fn standing(&self, army: Army) -> Standing {
        // A move can only expose the king by opening a line through the
        // square it leaves, by a concourse, or by taking a pawn (enemy pawns
        // waiting on their far edge may then convert): any other move of
        // another man keeps it safe without playing it, and such a move
        // exists in check too (where there is no stalemate either).
        let king = self.king(army);
        let aligned = |square: Square| {
            king.is_some_and(|k| {
                let dx = i32::from(BOARD.file(square)) - i32::from(BOARD.file(k));
                let dy = i32::from(BOARD.rank(square)) - i32::from(BOARD.rank(k));
                dx == 0 || dy == 0 || dx.abs() == dy.abs()
            })
        };
        let pawns = self.occupied() & !self.pieces();
        let plain = self.each_man(army, |kind, from, targets| {
            let quiet_kind = !matches!(kind, Kind::King | Kind::Bishop | Kind::Queen);
            if quiet_kind && !aligned(from) && !(targets & !pawns).is_empty() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if plain.is_break() {
            return Standing::Plays;
        }
        if self.in_check(army) {
            return match self.can_move(army) {
                true => Standing::Plays,
                false => Standing::Stuck,
            };
        }
        if !self.king_moves(army, false).is_empty() {
            return Standing::Plays;
        }
        // The king cannot step: does any other man's move keep it safe?
        let mut safe = false;
        self.army_moves(army, |mv| {
            if safe {
                return;
            }
            let arrives = mv.promotion.unwrap_or(mv.kind);
            let takes_pawn = self.men_at(mv.to).any(|(_, kind)| kind.is_pawn());
            let plain = !aligned(mv.from) && !matches!(arrives, Kind::Bishop | Kind::Queen);
            safe = if plain && !takes_pawn {
                true
            } else {
                let mut after = self.clone();
                after.apply(army, mv);
                !after.in_check(army)
            };
        });
        match safe {
            true => Standing::Plays,
            false => Standing::Stalemated,
        }
    }

    /// Passes the turn to the next army that can move. A stalemated army is
    /// passed over, and the game is drawn if its ally is out of play too
    /// (frozen, out of men, stalemated, or commanded by the same seat); an
    /// army whose attacked king has no move is passed over, and play goes on
    /// so that the king can be taken. When no army can move, it is a draw.
    pub(super) fn end_turn(&mut self) {
        let step = if self.rules.clockwise { 1 } else { 3 };
        let mut army = self.turn;
        for _ in 0..4 {
            army = Army::from_index(army.index() + step);
            if !self.in_play(army) {
                continue;
            }
            match self.standing(army) {
                Standing::Plays => {
                    self.set_turn(army);
                    return;
                }
                Standing::Stalemated => {
                    let ally = army.ally();
                    let same_seat = self.controller[ally.index()] == self.controller[army.index()];
                    let ally_out = !self.in_play(ally)
                        || same_seat
                        || self.standing(ally) == Standing::Stalemated;
                    if ally_out {
                        self.drawn = true;
                        self.set_turn(army);
                        return;
                    }
                }
                Standing::Stuck => {}
            }
        }
        self.drawn = true;
    }

    /// Brings `army`'s king back: onto its throne, or the nearest empty
    /// square (king steps, then the sum of the distances, then a1 to h8);
    /// with `safe`, only onto a square no unfrozen enemy attacks.
    pub(super) fn return_king(&mut self, army: Army, safe: bool) -> bool {
        let throne = army.throne();
        let occupied = self.occupied();
        let distance = |s: Square| {
            let dx = (i32::from(BOARD.file(s)) - i32::from(BOARD.file(throne))).abs();
            let dy = (i32::from(BOARD.rank(s)) - i32::from(BOARD.rank(throne))).abs();
            (dx.max(dy), dx + dy, s)
        };
        let spot = BOARD
            .squares()
            .filter(|&s| !occupied.has(s))
            .filter(|&s| !safe || !self.attacked(s, army, occupied, 0))
            .min_by_key(|&s| distance(s));
        let Some(spot) = spot else {
            return false;
        };
        self.toggle(army, Kind::King, spot);
        self.held[army.index()] = None;
        self.set_frozen(army, false);
        true
    }
}
