//! A Chaturaji position: the men, whose turn and which dice, who is out of
//! play and who commands each army, the scores, the thrones mounted and the
//! kings held as prisoners; with move generation and the playing of moves,
//! rolls and resignations.

use std::ops::ControlFlow;

use super::army::{Side, side};
use super::men::{ALL_MEN, Man, tables};
use super::{Config, Ruleset};
use crate::bits::Bits;
use crate::game::ActionError;
use crate::geometry::{Forward, Geometry, Square};
use crate::seat::Seat;
use crate::zobrist;

pub(super) const BOARD: Geometry = Geometry::CHESSBOARD;

/// What mounting another army's throne scores (a Sinhasana): one stake, the
/// worth of a king; twice that when the king takes a king there.
pub(super) const SINHASANA: i32 = 5;

/// Rounds (one turn of every seat in play) without a capture or a pawn move
/// after which the game ends.
pub(super) const QUIET_ROUNDS: u16 = 50;

/// Whether the game is played with dice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DiceMode {
    /// The dice are rolled every turn.
    Rolled,
    /// A dice game played without them (perft and search): every kind may
    /// move, one move a turn.
    Ignored,
    /// A game without dice.
    Absent,
}

/// A captured king and who holds it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Hold {
    /// The seat that captured it (or received it in an exchange).
    pub by: Seat,
    /// Whether a king took it (the partners' chaturaji doubles for this).
    pub by_king: bool,
    /// Whether it was taken by that seat's king on its own throne (the
    /// fourfold chaturaji of the classical game counts these).
    pub on_throne_by_king: bool,
    /// When it was taken: kings held earlier have lower numbers.
    pub order: u8,
}

/// A move: a man from one square to another, maybe promoting; or, in the
/// classical game with the option, declining the rest of the dice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// The man on `from` goes to `to`, becoming `promotion` if given.
    Step {
        /// Where the man stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// What a pawn becomes on the far edge.
        promotion: Option<Man>,
    },
    /// The seat gives up the rest of its turn.
    Pass,
}

/// Zobrist keys: one per seat, kind and square; then one per seat to move;
/// then one per seat out of play; then one per army and seat commanding it.
const KEYS: [u64; 4 * 5 * 64 + 8 + 16] = zobrist::keys(0x6368_6174_7572_616a);

const fn man_key(seat: Seat, man: Man, square: Square) -> u64 {
    KEYS[(seat.index() * 5 + man.index()) * 64 + square.index()]
}

const fn turn_key(seat: Seat) -> u64 {
    KEYS[4 * 5 * 64 + seat.index()]
}

const fn out_key(seat: Seat) -> u64 {
    KEYS[4 * 5 * 64 + 4 + seat.index()]
}

const fn control_key(army: Seat, by: Seat) -> u64 {
    KEYS[4 * 5 * 64 + 8 + army.index() * 4 + by.index()]
}

/// The state of a Chaturaji game that moves depend on.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(super) ruleset: Ruleset,
    pub(super) config: Config,
    men: [u64; 4],
    kinds: [u64; 5],
    pub(super) turn: Seat,
    pub(super) awaiting_roll: bool,
    /// The faces still to play this turn; 0 for none.
    pub(super) dice: [u8; 2],
    pub(super) dice_mode: DiceMode,
    pub(super) out: [bool; 4],
    /// Seats that resigned or ran out of time (and are out for good).
    pub(super) resigned: [bool; 4],
    pub(super) scores: [i32; 4],
    /// Turns since the last capture or pawn move.
    pub(super) quiet: u16,
    pub(super) held: [Option<Hold>; 4],
    /// The seat that plays each army: its own, or a partner who took its
    /// king or mounted its throne.
    pub(super) controller: [Seat; 4],
    /// For each seat, the armies whose thrones its kings have mounted (one
    /// bit per army): each Sinhasana scores once.
    pub(super) mounted: [u8; 4],
    /// No seat could act when the turn last passed.
    pub(super) stuck: bool,
    hash: u64,
}

impl Position {
    /// An empty board, `turn` to act.
    pub(super) fn empty(ruleset: Ruleset, config: Config, turn: Seat) -> Position {
        let dice_mode = match ruleset {
            Ruleset::NoDice => DiceMode::Absent,
            _ => DiceMode::Rolled,
        };
        Position {
            ruleset,
            config,
            men: [0; 4],
            kinds: [0; 5],
            turn,
            awaiting_roll: dice_mode == DiceMode::Rolled,
            dice: [0; 2],
            dice_mode,
            out: [false; 4],
            resigned: [false; 4],
            scores: [0; 4],
            quiet: 0,
            held: [None; 4],
            controller: [Seat(0), Seat(1), Seat(2), Seat(3)],
            mounted: [0; 4],
            stuck: false,
            hash: turn_key(turn),
        }
    }

    /// Puts a man on an empty square, or removes it from its square.
    pub(super) fn toggle(&mut self, seat: Seat, man: Man, square: Square) {
        let bit = u64::bit(square);
        self.men[seat.index()] ^= bit;
        self.kinds[man.index()] ^= bit;
        self.hash ^= man_key(seat, man, square);
    }

    /// Marks a seat out of play, or back in.
    pub(super) fn set_out(&mut self, seat: Seat, out: bool) {
        if self.out[seat.index()] != out {
            self.out[seat.index()] = out;
            self.hash ^= out_key(seat);
        }
    }

    /// Gives the command of `army` to `by`.
    pub(super) fn set_controller(&mut self, army: Seat, by: Seat) {
        let was = self.controller[army.index()];
        self.hash ^= control_key(army, was) ^ control_key(army, by);
        self.controller[army.index()] = by;
    }

    /// The seat that plays `army` now.
    pub fn controller(&self, army: Seat) -> Seat {
        self.controller[army.index()]
    }

    /// Whether `a` and `b` fight on one side: the same seat, or partners.
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        a == b || self.config.partners && a.0 % 2 == b.0 % 2
    }

    /// The men of every army that `seat` plays now.
    fn commanded(&self, seat: Seat) -> u64 {
        (0..4)
            .map(Seat)
            .filter(|&army| self.controller(army) == seat)
            .fold(0, |set, army| set | self.army(army))
    }

    fn set_turn(&mut self, seat: Seat) {
        self.hash ^= turn_key(self.turn) ^ turn_key(seat);
        self.turn = seat;
    }

    /// Gives the turn at once, out of its order, to an army that `seat`
    /// plays (its own first), with no dice on the table: a dice game then
    /// awaits that army's roll. False, changing nothing, when `seat` plays
    /// no army still in play.
    pub fn hand_turn(&mut self, seat: Seat) -> bool {
        let Some(army) = std::iter::once(seat)
            .chain((0..4).map(Seat))
            .find(|&army| self.controller(army) == seat && self.in_play(army))
        else {
            return false;
        };
        self.set_turn(army);
        self.dice = [0, 0];
        self.awaiting_roll = self.dice_mode == DiceMode::Rolled;
        true
    }

    /// The hash of the men, the seat to act, who is out and who commands.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The man on `square` and its owner.
    pub fn man_at(&self, square: Square) -> Option<(Seat, Man)> {
        let seat = (0..4).find(|&s| self.men[s].has(square))?;
        let man = Man::ALL
            .into_iter()
            .find(|m| self.kinds[m.index()].has(square))?;
        Some((Seat(seat as u8), man))
    }

    /// The men of `seat` of kind `man`.
    pub fn men(&self, seat: Seat, man: Man) -> u64 {
        self.men[seat.index()] & self.kinds[man.index()]
    }

    /// Every man of `seat`.
    pub fn army(&self, seat: Seat) -> u64 {
        self.men[seat.index()]
    }

    /// Whether `seat` has its king on the board.
    pub fn has_king(&self, seat: Seat) -> bool {
        !self.men(seat, Man::King).is_empty()
    }

    /// The army of `seat`.
    pub fn side(&self, seat: Seat) -> Side {
        side(self.ruleset, seat)
    }

    /// Whether `seat` still takes turns: not out of play and with men to move.
    pub fn in_play(&self, seat: Seat) -> bool {
        !self.out[seat.index()] && !self.army(seat).is_empty()
    }

    /// The seats still taking turns.
    pub fn seats_in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..4).map(Seat).filter(|&s| self.in_play(s))
    }

    /// The kinds the seat to act may move now.
    fn allowed(&self) -> u8 {
        match self.dice_mode {
            DiceMode::Rolled => Man::for_face(self.dice[0]) | Man::for_face(self.dice[1]),
            DiceMode::Ignored | DiceMode::Absent => ALL_MEN,
        }
    }

    /// Squares of the far edge where a pawn of `seat` may land now. Only the
    /// classical rules restrict this (see the rules notes).
    fn promotion_squares(&self, seat: Seat) -> u64 {
        let line = self.side(seat).promotion_line();
        if self.ruleset != Ruleset::Classic {
            return line;
        }
        let pawns = self.men(seat, Man::Pawn).count();
        // «кроме короля, остались одна ладья и одна пешка»: the king, one
        // boat and this pawn, nothing else.
        let king_boat_and_pawn = self.has_king(seat)
            && pawns == 1
            && self.men(seat, Man::Boat).count() == 1
            && (self.men(seat, Man::Horse) | self.men(seat, Man::Elephant)).is_empty();
        line.squares()
            .filter(|&square| match self.side(seat).master_of(square) {
                Man::Horse | Man::Elephant => pawns < 3,
                Man::Boat | Man::King => king_boat_and_pawn,
                Man::Pawn => false,
            })
            .fold(0, |set, square| set | u64::bit(square))
    }

    /// What a pawn of `seat` landing on the far-edge square `to` may become.
    fn promotions(&self, seat: Seat, to: Square) -> &'static [Man] {
        match self.ruleset {
            Ruleset::Modern => &[Man::Horse, Man::Boat, Man::Elephant],
            Ruleset::NoDice => &[Man::Boat],
            Ruleset::Classic => match self.side(seat).master_of(to) {
                Man::Boat => &[Man::Boat],
                Man::Horse => &[Man::Horse],
                Man::Elephant => &[Man::Elephant],
                // The army has its king: one of the other pieces, by choice.
                _ => &[Man::Horse, Man::Boat, Man::Elephant],
            },
        }
    }

    /// Calls `f` with each man of `seat` of the kinds in `kinds` and the
    /// squares it may go to, until `f` breaks.
    #[inline]
    fn each_man(
        &self,
        seat: Seat,
        kinds: u8,
        mut f: impl FnMut(Man, Square, u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let tables = tables(self.ruleset, self.config.short_bishop);
        let forward = self.side(seat).forward();
        let own = self.men[seat.index()];
        let occupied = self.men[0] | self.men[1] | self.men[2] | self.men[3];
        let empty = !occupied;
        // Any man may be taken, an ally's too, but none that the same
        // player moves.
        let enemies = occupied & !self.commanded(self.controller(seat));
        for man in Man::ALL {
            if kinds & man.bit() == 0 {
                continue;
            }
            let reach = tables.reach(forward, man);
            let mut landing = !0;
            if man == Man::Pawn {
                let line = self.side(seat).promotion_line();
                landing = !line | self.promotion_squares(seat);
            }
            for from in (own & self.kinds[man.index()]).squares() {
                let targets = reach.targets(from, occupied);
                f(
                    man,
                    from,
                    ((targets.quiet & empty) | (targets.capture & enemies)) & landing,
                )?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether `seat` has a move with a man of the kinds in `kinds`.
    fn has_move(&self, seat: Seat, kinds: u8) -> bool {
        self.each_man(seat, kinds, |_, _, targets| {
            if targets.is_empty() {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .is_break()
    }

    /// Whether a pass is among the moves now.
    fn may_pass(&self) -> bool {
        self.config.may_pass && self.dice_mode == DiceMode::Rolled && !self.awaiting_roll
    }

    /// Calls `f` with every legal move of the seat to act.
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.awaiting_roll {
            return;
        }
        let seat = self.turn;
        let line = self.side(seat).promotion_line();
        let _ = self.each_man(seat, self.allowed(), |man, from, targets| {
            for to in targets.squares() {
                if man == Man::Pawn && line.has(to) {
                    for &promotion in self.promotions(seat, to) {
                        f(Move::Step {
                            from,
                            to,
                            promotion: Some(promotion),
                        });
                    }
                } else {
                    f(Move::Step {
                        from,
                        to,
                        promotion: None,
                    });
                }
            }
            ControlFlow::Continue(())
        });
        if self.may_pass() {
            f(Move::Pass);
        }
    }

    /// How many legal moves there are, without listing them.
    pub fn count_moves(&self) -> u64 {
        if self.awaiting_roll {
            return 0;
        }
        let seat = self.turn;
        let line = self.side(seat).promotion_line();
        let mut n = u64::from(self.may_pass());
        let _ = self.each_man(seat, self.allowed(), |man, _, targets| {
            n += u64::from(targets.count());
            if man == Man::Pawn {
                // A promotion counts once per piece it may become.
                for to in (targets & line).squares() {
                    n += self.promotions(seat, to).len() as u64 - 1;
                }
            }
            ControlFlow::Continue(())
        });
        n
    }

    /// Plays a move that came from [`Position::for_each_move`].
    pub fn play(&mut self, mv: Move) {
        let Move::Step {
            from,
            to,
            promotion,
        } = mv
        else {
            return self.end_turn();
        };
        let seat = self.turn;
        let Some((_, man)) = self.man_at(from) else {
            debug_assert!(false, "no man on the start square of {mv:?}");
            return;
        };
        let captured = self.man_at(to);
        if let Some((victim, prey)) = captured {
            let by_king_on_throne = man == Man::King && to == self.side(victim).throne();
            self.capture(seat, victim, prey, to, man == Man::King, by_king_on_throne);
        }
        self.toggle(seat, man, from);
        self.toggle(seat, promotion.unwrap_or(man), to);
        if self.ruleset == Ruleset::Classic {
            match man {
                Man::Boat => self.triumph_of_boats(seat, to),
                Man::King => {
                    let slew = captured.is_some_and(|(victim, prey)| {
                        prey == Man::King && !self.allied(victim, self.controller(seat))
                    });
                    self.mount(seat, to, slew);
                }
                _ => {}
            }
        }
        if self.ruleset == Ruleset::NoDice && self.seats_in_play().count() >= 3 {
            self.scores[seat.index()] +=
                super::scoring::check_bonus(self, seat, from, to, captured.is_some());
        }
        if captured.is_some() || man == Man::Pawn {
            self.quiet = 0;
        }
        self.after_move(man);
    }

    /// A man of `army` takes `prey` of `victim` on `square`: it scores for
    /// the seat playing `army`, unless the victim is that seat's partner,
    /// whose army it commands from then on when the prey is its king (the
    /// seed: «взятие союзного короля и контроль над его армией»).
    pub(super) fn capture(
        &mut self,
        army: Seat,
        victim: Seat,
        prey: Man,
        square: Square,
        by_king: bool,
        by_king_on_throne: bool,
    ) {
        let taker = self.controller(army);
        let ally = self.allied(victim, taker);
        self.toggle(victim, prey, square);
        if !ally {
            self.scores[taker.index()] += super::scoring::capture_value(self, victim, prey);
        }
        if prey == Man::King && !self.has_king(victim) {
            let order = self.held.iter().flatten().map(|h| h.order + 1).max();
            self.held[victim.index()] = Some(Hold {
                by: taker,
                by_king,
                on_throne_by_king: by_king_on_throne,
                order: order.unwrap_or(0),
            });
            if ally {
                self.set_controller(victim, taker);
            } else if self.ruleset != Ruleset::Classic || self.config.kingless_stop {
                self.set_out(victim, true);
            }
        }
    }

    /// A king of `army` has come to `to`: if that is another army's throne,
    /// the seat playing it gains a Sinhasana there (once per throne; double
    /// when it `slew` an enemy king to get there), and the command of that
    /// army when it is his partner's (Raghunandana's rules, reference B.6).
    fn mount(&mut self, army: Seat, to: Square, slew: bool) {
        let taker = self.controller(army);
        let Some(throne) = (0..4)
            .map(Seat)
            .find(|&t| t != army && t != taker && self.side(t).throne() == to)
        else {
            return;
        };
        let bit = 1 << throne.index();
        if self.mounted[taker.index()] & bit == 0 {
            self.mounted[taker.index()] |= bit;
            self.scores[taker.index()] += if slew { 2 * SINHASANA } else { SINHASANA };
        }
        if self.allied(throne, taker) {
            self.set_controller(throne, taker);
        }
    }

    /// The triumph of boats: a boat that completes a 2x2 square of four boats
    /// of four armies takes the other three.
    fn triumph_of_boats(&mut self, seat: Seat, to: Square) {
        let (x, y) = (i32::from(BOARD.file(to)), i32::from(BOARD.rank(to)));
        for (x0, y0) in [(x - 1, y - 1), (x - 1, y), (x, y - 1), (x, y)] {
            let block: Vec<Square> = [(0, 0), (1, 0), (0, 1), (1, 1)]
                .into_iter()
                .filter_map(|(dx, dy)| BOARD.square(x0 + dx, y0 + dy))
                .collect();
            let owners: Vec<Option<(Seat, Man)>> = block.iter().map(|&s| self.man_at(s)).collect();
            let mut armies: Vec<Seat> = owners
                .iter()
                .filter_map(|o| o.filter(|(_, man)| *man == Man::Boat).map(|(s, _)| s))
                .collect();
            armies.sort();
            armies.dedup();
            if block.len() == 4 && armies.len() == 4 {
                let taker = self.controller(seat);
                for (&square, owner) in block.iter().zip(owners) {
                    if let Some((victim, prey)) =
                        owner.filter(|(s, _)| self.controller(*s) != taker)
                    {
                        self.capture(seat, victim, prey, square, false, false);
                    }
                }
            }
        }
    }

    /// After a move of a `man`: use up its die, and end the turn unless a
    /// classical second die can still be played.
    fn after_move(&mut self, man: Man) {
        if self.ruleset == Ruleset::Classic && self.dice_mode == DiceMode::Rolled {
            if let Some(used) = self
                .dice
                .iter()
                .position(|&f| Man::for_face(f) & man.bit() != 0)
            {
                self.dice[used] = 0;
            }
            if self.dice != [0, 0] && self.has_move(self.turn, self.allowed()) {
                return;
            }
        }
        self.end_turn();
    }

    /// Applies a roll of the dice: the faces, 1 to 4.
    pub fn roll(&mut self, faces: &[u8]) -> Result<(), ActionError> {
        let count = if self.config.single_die { 1 } else { 2 };
        if self.dice_mode != DiceMode::Rolled || !self.awaiting_roll {
            return Err(ActionError::WrongPhase("a roll of the dice"));
        }
        if faces.len() != count || faces.iter().any(|f| !(1..=4).contains(f)) {
            return Err(ActionError::BadDice);
        }
        self.awaiting_roll = false;
        self.dice = [faces[0], faces.get(1).copied().unwrap_or(0)];
        if !self.has_move(self.turn, self.allowed()) {
            self.end_turn();
        }
        Ok(())
    }

    /// Ends the turn and gives the next one to the next seat that can act,
    /// passing over the others (in the no-dice game a seat with no legal move
    /// at all is out of play).
    pub(super) fn end_turn(&mut self) {
        self.quiet = self.quiet.saturating_add(1);
        self.dice = [0, 0];
        let step = if self.config.clockwise { 1 } else { 3 };
        let mut seat = self.turn;
        for _ in 0..4 {
            seat = Seat((seat.0 + step) % 4);
            if !self.in_play(seat) {
                continue;
            }
            let movable = self.dice_mode == DiceMode::Rolled || self.has_move(seat, ALL_MEN);
            if !movable && self.dice_mode == DiceMode::Absent {
                self.set_out(seat, true);
                continue;
            }
            if movable {
                self.set_turn(seat);
                self.awaiting_roll = self.dice_mode == DiceMode::Rolled;
                return;
            }
        }
        self.stuck = true;
    }

    /// Switches a dice game to playing without dice (see [`DiceMode::Ignored`]).
    pub fn ignore_dice(&mut self) {
        if self.dice_mode == DiceMode::Rolled {
            self.dice_mode = DiceMode::Ignored;
            self.awaiting_roll = false;
            self.dice = [0, 0];
            if !self.has_move(self.turn, ALL_MEN) {
                self.end_turn();
            }
        }
    }

    /// The seat resigns or runs out of time: its army leaves play, its men
    /// stay on the board.
    pub fn concede(&mut self, seat: Seat) {
        self.resigned[seat.index()] = true;
        self.set_out(seat, true);
        if self.turn == seat {
            self.end_turn();
        }
    }

    /// The squares the men of `seat` attack (where they could capture).
    pub fn attacks(&self, seat: Seat) -> u64 {
        let tables = tables(self.ruleset, self.config.short_bishop);
        let forward = self.side(seat).forward();
        let occupied = self.occupied();
        let mut attacked = 0;
        for man in Man::ALL {
            let reach = tables.reach(forward, man);
            for from in self.men(seat, man).squares() {
                attacked |= reach.targets(from, occupied).capture;
            }
        }
        attacked
    }

    /// The squares that any seat in play other than `seat` attacks.
    pub fn rivals_attack(&self, seat: Seat) -> u64 {
        self.seats_in_play()
            .filter(|&s| s != seat)
            .fold(0, |set, s| set | self.attacks(s))
    }

    /// The biggest stake among the men of `seat` on the squares `attacked`
    /// (what its rivals in play attack).
    pub fn exposed_to(&self, seat: Seat, attacked: u64) -> i32 {
        Man::ALL
            .into_iter()
            .filter(|&man| self.men(seat, man) & attacked != 0)
            .map(|man| man.value(self.ruleset))
            .max()
            .unwrap_or(0)
    }

    /// The squares the man on `square` attacks.
    pub fn attacks_from(&self, square: Square) -> u64 {
        let Some((seat, man)) = self.man_at(square) else {
            return 0;
        };
        let tables = tables(self.ruleset, self.config.short_bishop);
        let reach = tables.reach(self.side(seat).forward(), man);
        reach.targets(square, self.occupied()).capture
    }

    /// The squares of the line pieces (whose attacks men can block) of seats
    /// in play other than `seat` that attack `square` when `occupied` are taken.
    pub fn riders_seeing(&self, square: Square, occupied: u64, seat: Seat) -> u64 {
        let tables = tables(self.ruleset, self.config.short_bishop);
        let others = self
            .seats_in_play()
            .filter(|&s| s != seat)
            .fold(0, |set, s| set | self.army(s));
        // Line pieces move alike in every direction, so the squares they
        // attack `square` from are the squares they reach from it.
        [Man::Boat, Man::Elephant].into_iter().fold(0, |set, man| {
            let reach = tables.reach(Forward::North, man);
            set | (reach.targets(square, occupied).capture & self.kinds[man.index()] & others)
        })
    }

    /// Every man on the board.
    pub fn occupied(&self) -> u64 {
        self.men[0] | self.men[1] | self.men[2] | self.men[3]
    }
}
