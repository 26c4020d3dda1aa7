//! Chaturaji, the four-handed Indian dice game, under three rule sets:
//!
//! - `chaturaji`: the seed article's modern rules. Two piece dice a turn, one
//!   move with either rolled kind; boats go one or two squares diagonally;
//!   kings are captured; the game ends when three kings are taken, and the
//!   points for captured men decide.
//! - `chaturaji-classic`: al-Biruni's game as the seed summarises it. One move
//!   per die, restricted promotion, the triumph of boats, stakes, chaturaji
//!   and the exchange of kings.
//! - `chaturaji-nodice`: the online four-player free-for-all, no dice.
//!
//! Rules notes: `engine/src/chaturaji/RULES.md`.

mod army;
mod men;
mod position;
mod scoring;
mod text;

use std::marker::PhantomData;

pub use men::Man;
pub use position::{DiceMode, Move};

use army::{DICE_SEATS, NODICE_SEATS, array, side};
use men::{DICE_PIECES, NODICE_PIECES};
use position::{BOARD, Position};

use crate::bits::Bits;
use crate::dice::DiceSpec;
use crate::game::{ActionError, Offer};
use crate::geometry::{Geometry, Square};
use crate::options::{OptionSpec, Options};
use crate::outcome::{Outcome, Reason};
use crate::seat::{Phase, Seat, Team};
use crate::spirit::value::worth;
use crate::variant::{GameInfo, MOST_SEATS, MoveInfo, PositionError, SetupError, Variant};
use crate::view::{BoardView, CellView, Figure, Highlight, Mark, Panel, PieceState, PieceView};

/// Which of the three games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ruleset {
    /// The seed's modern dice rules.
    Modern,
    /// al-Biruni's classical game.
    Classic,
    /// The online game without dice.
    NoDice,
}

/// The options a game is played with (each rule set reads its own).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Config {
    /// Modern: each army's boat and elephant change places in the array.
    pub swap: bool,
    /// Dice games: the seat that moves first.
    pub first: Seat,
    /// Dice games: turns pass clockwise (else widdershins).
    pub clockwise: bool,
    /// Classic: a player whose king was taken stops playing.
    pub kingless_stop: bool,
    /// Classic: one die a turn, one move.
    pub single_die: bool,
    /// Classic: a player may decline to play his dice.
    pub may_pass: bool,
    /// No dice: the seed's bishop of one or two diagonal squares.
    pub short_bishop: bool,
    /// No dice: at a move limit or repetition the survivors also share the
    /// points of the standing dead kings.
    pub dead_king_share: bool,
    /// Classic: the game ends at once on a chaturaji (not only when at most
    /// one army is left).
    pub chaturaji_ends: bool,
    /// No dice: the seed's aim, taking every rival's king; points only show.
    pub win_by_kings: bool,
    /// No dice: the seed's dead men, worth nothing, their king included.
    pub dead_worthless: bool,
    /// Classic: partners sit opposite (Red and Yellow, Green and Black) and
    /// win or lose together.
    pub partners: bool,
}

/// What a spirit counts for a seat still taking turns, in hundredths of a pawn.
const IN_PLAY: i32 = 500;

/// What a spirit counts off a seat's most valuable man under a rival's
/// attack in the dice games, per point of its stake: half of it.
const EXPOSED: i32 = 50;

const FIRST: OptionSpec = OptionSpec {
    key: "first",
    values: &["red", "green", "yellow", "black"],
    help: (
        "the army that moves first (the bot rolls for it when a table opens)",
        "войско, которое ходит первым (бот бросает за него, когда открывается стол)",
    ),
};
const DIRECTION: OptionSpec = OptionSpec {
    key: "direction",
    values: &["clockwise", "widdershins"],
    help: (
        "the direction turns pass around the board",
        "в какую сторону передаётся ход",
    ),
};
const SWAP: OptionSpec = OptionSpec {
    key: "swap",
    values: &["none", "boat-elephant"],
    help: (
        "swap each army's boat and elephant in the array, as the online game has them",
        "поменять местами ладью и слона каждого войска, как в онлайн-игре",
    ),
};
const KINGLESS: OptionSpec = OptionSpec {
    key: "kingless",
    values: &["play", "stop"],
    help: (
        "whether a player whose king was taken keeps playing his men",
        "играет ли дальше своими фигурами игрок, чей король взят",
    ),
};
const DICE: OptionSpec = OptionSpec {
    key: "dice",
    values: &["two", "one"],
    help: (
        "two dice and one move per die, or a single die and one move",
        "две кости и ход на каждую, или одна кость и один ход",
    ),
};
const PASS: OptionSpec = OptionSpec {
    key: "pass",
    values: &["no", "yes"],
    help: (
        "whether a player may decline to play his dice",
        "может ли игрок не играть свои кости",
    ),
};
const BISHOP: OptionSpec = OptionSpec {
    key: "bishop",
    values: &["long", "short"],
    help: (
        "the bishop slides any distance diagonally, or one or two squares (the seed's reading)",
        "слон ходит по диагонали на любое расстояние, или на одно-два поля (прочтение статьи)",
    ),
};
const END: OptionSpec = OptionSpec {
    key: "end",
    values: &["armies", "chaturaji"],
    help: (
        "the game ends when at most one army is left, or also at once when a player holds the other three kings",
        "партия кончается, когда осталось не больше одного войска, или ещё и сразу, когда игрок держит трёх других королей",
    ),
};
const WIN: OptionSpec = OptionSpec {
    key: "win",
    values: &["points", "kings"],
    help: (
        "the highest score wins, or (the seed) the player who takes every rival's king",
        "побеждает больше всех набравший очков, или (по статье) тот, кто взял королей всех соперников",
    ),
};
const DEAD_MEN: OptionSpec = OptionSpec {
    key: "dead_men",
    values: &["king-3", "0"],
    help: (
        "a dead army's king is still worth 3, or (the seed) its men score nothing at all",
        "король мёртвого войска ещё стоит 3 очка, или (по статье) его фигуры не дают ничего",
    ),
};
const ALLIANCE: OptionSpec = OptionSpec {
    key: "alliance",
    values: &["none", "partners"],
    help: (
        "every player for himself, or partners sitting opposite (Red with Yellow, Green with Black) who may take each other's king and command its army",
        "каждый сам за себя, или союзники друг напротив друга (красные с жёлтыми, зелёные с чёрными), которые могут взять короля союзника и командовать его войском",
    ),
};
const LIMIT_POINTS: OptionSpec = OptionSpec {
    key: "limit_points",
    values: &["survivors", "dead-kings"],
    help: (
        "at a move limit or repetition each survivor gets 2 points, or also a share of the dead kings",
        "при пределе ходов или повторении каждый оставшийся получает 2 очка, или ещё и долю мёртвых королей",
    ),
};

impl Config {
    fn from_options(ruleset: Ruleset, options: &Options) -> Config {
        let yes = |spec: &OptionSpec| options.choice(spec) == 1;
        let first = match ruleset {
            Ruleset::NoDice => Seat(0),
            _ => Seat(options.choice(&FIRST) as u8),
        };
        Config {
            swap: yes(&SWAP),
            first,
            clockwise: !yes(&DIRECTION),
            kingless_stop: yes(&KINGLESS),
            single_die: yes(&DICE),
            may_pass: yes(&PASS),
            short_bishop: yes(&BISHOP),
            dead_king_share: yes(&LIMIT_POINTS),
            chaturaji_ends: yes(&END),
            win_by_kings: yes(&WIN),
            dead_worthless: yes(&DEAD_MEN),
            partners: yes(&ALLIANCE),
        }
    }
}

static MODERN_INFO: GameInfo = GameInfo {
    id: "chaturaji",
    setups: &["al-biruni"],
    options: &[FIRST, DIRECTION, SWAP],
    seats: &DICE_SEATS,
    pieces: &DICE_PIECES,
    letters_in_moves: false,
    two_colours_may_resign: true,
    seats_by_roll: false,
};

static CLASSIC_INFO: GameInfo = GameInfo {
    id: "chaturaji-classic",
    setups: &["al-biruni"],
    options: &[FIRST, DIRECTION, KINGLESS, DICE, PASS, END, ALLIANCE],
    seats: &DICE_SEATS,
    pieces: &DICE_PIECES,
    letters_in_moves: false,
    two_colours_may_resign: true,
    seats_by_roll: false,
};

static NODICE_INFO: GameInfo = GameInfo {
    id: "chaturaji-nodice",
    setups: &["online"],
    options: &[BISHOP, LIMIT_POINTS, WIN, DEAD_MEN],
    seats: &NODICE_SEATS,
    pieces: &NODICE_PIECES,
    letters_in_moves: false,
    two_colours_may_resign: true,
    seats_by_roll: false,
};

/// A rule set as a type, so that each game is its own [`Variant`].
pub trait Rulebook: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync + 'static {
    /// The rule set.
    const RULESET: Ruleset;
    /// Its game's id, setups, options, seats and pieces.
    fn info() -> &'static GameInfo;
}

/// The seed's modern dice rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Modern;
/// al-Biruni's classical game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Classic;
/// The online game without dice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NoDice;

impl Rulebook for Modern {
    const RULESET: Ruleset = Ruleset::Modern;
    fn info() -> &'static GameInfo {
        &MODERN_INFO
    }
}

impl Rulebook for Classic {
    const RULESET: Ruleset = Ruleset::Classic;
    fn info() -> &'static GameInfo {
        &CLASSIC_INFO
    }
}

impl Rulebook for NoDice {
    const RULESET: Ruleset = Ruleset::NoDice;
    fn info() -> &'static GameInfo {
        &NODICE_INFO
    }
}

/// A Chaturaji position under the rule book `R`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Chaturaji<R> {
    position: Position,
    rules: PhantomData<R>,
}

/// The game `chaturaji`.
pub type ChaturajiModern = Chaturaji<Modern>;
/// The game `chaturaji-classic`.
pub type ChaturajiClassic = Chaturaji<Classic>;
/// The game `chaturaji-nodice`.
pub type ChaturajiNoDice = Chaturaji<NoDice>;

impl<R: Rulebook> Chaturaji<R> {
    /// [`Variant::appraise`] for `seat`, whose rivals attack `attacked`.
    fn appraise_against(&self, seat: Seat, attacked: u64) -> i32 {
        // Points are the goal; a seat still in play may score more, and its
        // king's fall hands a rival ten points besides.
        let playing = if self.position.in_play(seat) {
            IN_PLAY
        } else {
            0
        };
        // With dice the search sees one or two rivals' turns at most, and
        // three rivals move before the seat again: a man any of them attacks
        // is as good as lost half the time. (Without dice the search sees the
        // whole round.)
        let exposed = match R::RULESET {
            Ruleset::NoDice => 0,
            _ => EXPOSED * self.position.exposed_to(seat, attacked),
        };
        100 * self.position.scores[seat.index()] + playing - exposed
    }

    fn new(position: Position) -> Chaturaji<R> {
        Chaturaji {
            position,
            rules: PhantomData,
        }
    }

    /// Every seat's points so far, in seating order.
    pub fn scores(&self) -> [i32; 4] {
        self.position.scores
    }

    /// The man on `square` and its owner.
    pub fn man_at(&self, square: Square) -> Option<(Seat, Man)> {
        self.position.man_at(square)
    }

    /// The seat that plays `army` now: its own, or a partner commanding it.
    pub fn controller(&self, army: Seat) -> Seat {
        self.position.controller(army)
    }

    /// The armies `seat` plays now and that still take turns.
    fn armies_of(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        (0..4).map(Seat).filter(move |&army| {
            self.position.controller(army) == seat && self.position.in_play(army)
        })
    }

    fn seat_of(color: crate::seat::Color) -> Option<Seat> {
        R::info().seat_named(color.name())
    }
}

impl<R: Rulebook> Variant for Chaturaji<R> {
    type Move = Move;

    fn info() -> &'static GameInfo {
        R::info()
    }

    fn setup(_setup: &str, options: &Options) -> Result<Self, SetupError> {
        let ruleset = R::RULESET;
        let config = Config::from_options(ruleset, options);
        let mut position = Position::empty(ruleset, config, config.first);
        let back = if config.swap {
            [Man::Elephant, Man::Horse, Man::Boat, Man::King]
        } else {
            [Man::Boat, Man::Horse, Man::Elephant, Man::King]
        };
        for seat in (0..4).map(Seat) {
            for (square, man) in array(side(ruleset, seat), back) {
                position.toggle(seat, man, square);
            }
        }
        Ok(Chaturaji::new(position))
    }

    fn from_text(text: &str, options: &Options) -> Result<Self, PositionError> {
        let config = Config::from_options(R::RULESET, options);
        text::parse(text, R::RULESET, config, R::info()).map(Chaturaji::new)
    }

    fn to_text(&self) -> String {
        text::write(&self.position, R::info())
    }

    fn geometry(&self) -> Geometry {
        BOARD
    }

    fn phase(&self) -> Phase {
        let seat = self.position.controller(self.position.turn);
        if self.position.awaiting_roll {
            Phase::Roll(seat)
        } else {
            Phase::Move(seat)
        }
    }

    #[inline]
    fn for_each_move(&self, f: impl FnMut(Move)) {
        self.position.for_each_move(f);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.position.count_moves()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.position.play(mv);
    }

    fn roll(&mut self, dice: &[u8]) -> Result<(), ActionError> {
        let mut next = self.position.clone();
        next.roll(dice)?;
        self.position = next;
        Ok(())
    }

    /// A seat plays while an army it commands (its own, or its partner's)
    /// still takes turns.
    fn in_play(&self, seat: Seat) -> bool {
        self.armies_of(seat).next().is_some()
    }

    fn team(&self, seat: Seat) -> Team {
        if self.position.config.partners {
            Team(seat.0 % 2)
        } else {
            Team(seat.0)
        }
    }

    fn turn_to(&self, seat: Seat) -> Option<Self> {
        let mut position = self.position.clone();
        position.hand_turn(seat).then(|| Chaturaji::new(position))
    }

    fn dice(&self) -> Vec<u8> {
        self.position.dice.into_iter().filter(|&f| f != 0).collect()
    }

    fn face_figures(&self, face: u8) -> Vec<Figure> {
        let ruleset = R::RULESET;
        Man::ALL
            .into_iter()
            .filter(|man| Man::for_face(face) & man.bit() != 0)
            .map(|man| man.figure(ruleset))
            .collect()
    }

    fn dice_spec(&self) -> Option<DiceSpec> {
        (self.position.dice_mode == DiceMode::Rolled).then_some(DiceSpec {
            count: if self.position.config.single_die {
                1
            } else {
                2
            },
            sides: 4,
            lowest: 1,
        })
    }

    fn ended(&self) -> bool {
        scoring::end_reason(&self.position).is_some()
    }

    fn outcome(&self) -> Option<Outcome> {
        scoring::outcome(&self.position)
    }

    fn hash(&self) -> u64 {
        self.position.hash()
    }

    fn search_key(&self) -> u64 {
        let p = &self.position;
        let dice =
            u64::from(p.dice[0]) | u64::from(p.dice[1]) << 8 | u64::from(p.awaiting_roll) << 16;
        // Spread the few dice bits over the whole key (SplitMix64's multiplier).
        p.hash() ^ (dice + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn repetition_limit(&self) -> Option<usize> {
        (R::RULESET == Ruleset::NoDice).then_some(3)
    }

    fn repetition_outcome(&self) -> Outcome {
        scoring::stopped(&self.position, Reason::Repetition)
    }

    fn ignore_dice(&mut self) {
        self.position.ignore_dice();
    }

    fn describe(&self, mv: Move) -> MoveInfo {
        let ruleset = R::RULESET;
        match mv {
            Move::Step {
                from,
                to,
                promotion,
            } => MoveInfo {
                figure: self
                    .position
                    .man_at(from)
                    .map_or(Figure::Pawn, |(_, man)| man.figure(ruleset)),
                from,
                to,
                capture: self.position.man_at(to).is_some(),
                promotion: promotion.map(|man| man.figure(ruleset)),
                special: None,
                swap: false,
            },
            Move::Pass => MoveInfo {
                figure: Figure::King,
                from: Square::new(0),
                to: Square::new(0),
                capture: false,
                promotion: None,
                special: Some("pass"),
                swap: false,
            },
        }
    }

    fn occupant(&self, square: Square) -> Option<(Seat, Figure)> {
        self.position
            .man_at(square)
            .map(|(seat, man)| (seat, man.figure(R::RULESET)))
    }

    fn appraise(&self, seat: Seat) -> i32 {
        self.appraise_against(seat, self.position.rivals_attack(seat))
    }

    /// Each seat's attacks are found once and shared by the rivals'
    /// appraisals, and the men are counted by kind, not square by square.
    fn appraisal(&self) -> [i32; MOST_SEATS] {
        let position = &self.position;
        let attacks: [u64; 4] = std::array::from_fn(|s| {
            let seat = Seat(s as u8);
            match R::RULESET {
                Ruleset::NoDice => 0,
                _ if position.in_play(seat) => position.attacks(seat),
                _ => 0,
            }
        });
        std::array::from_fn(|s| {
            let seat = Seat(s as u8);
            let men: i32 = Man::ALL
                .into_iter()
                .map(|man| position.men(seat, man).count() as i32 * worth(man.figure(R::RULESET)))
                .sum();
            let rivals = (0..4)
                .filter(|&r| r != s)
                .fold(0, |set, r| set | attacks[r]);
            men + self.appraise_against(seat, rivals)
        })
    }

    /// The seat's armies leave play, its partner's too if it commands it.
    fn concede(&mut self, seat: Seat, _reason: Reason) -> Result<Option<Outcome>, ActionError> {
        let armies: Vec<Seat> = self.armies_of(seat).collect();
        if armies.is_empty() {
            return Err(ActionError::OutOfPlay);
        }
        for army in armies {
            self.position.concede(army);
        }
        Ok(self.outcome())
    }

    fn offer_parties(&self, offerer: Seat, offer: Offer) -> Result<Vec<Seat>, ActionError> {
        match offer {
            Offer::Draw => {
                let mut seats: Vec<Seat> = (0..4).map(Seat).filter(|&s| self.in_play(s)).collect();
                seats.dedup();
                Ok(seats)
            }
            Offer::Exchange(color) => {
                let king = Self::seat_of(color).ok_or(ActionError::OfferUnavailable)?;
                scoring::exchange_parties(&self.position, offerer, king)
            }
        }
    }

    fn settle(&mut self, offerer: Seat, offer: Offer) -> Result<Option<Outcome>, ActionError> {
        match offer {
            Offer::Draw => Ok(Some(scoring::stopped(&self.position, Reason::Agreement))),
            Offer::Exchange(color) => {
                let king = Self::seat_of(color).ok_or(ActionError::OfferUnavailable)?;
                scoring::exchange_parties(&self.position, offerer, king)?;
                scoring::exchange(&mut self.position, offerer, king);
                Ok(None)
            }
        }
    }

    fn board_view(&self, last: Option<Move>) -> BoardView {
        let position = &self.position;
        let ruleset = R::RULESET;
        let info = R::info();
        let pieces = BOARD
            .squares()
            .filter_map(|square| {
                let (seat, man) = position.man_at(square)?;
                Some(PieceView {
                    cell: square.index(),
                    figure: man.figure(ruleset),
                    label: man.letter(ruleset).to_string(),
                    badge: None,
                    owner: seat,
                    color: info.seats[seat.index()].color,
                    state: if position.in_play(seat) {
                        PieceState::Normal
                    } else {
                        PieceState::Frozen
                    },
                })
            })
            .collect();
        let last = last.and_then(|mv| match mv {
            Move::Step { from, to, .. } => Some((from.index(), to.index())),
            Move::Pass => None,
        });
        let mut highlights = Highlight::last_move(last);
        for seat in position.seats_in_play() {
            let king = position.men(seat, Man::King) & position.rivals_attack(seat);
            highlights.extend(king.squares().map(|square| Highlight {
                cell: square.index(),
                mark: Mark::Danger,
            }));
        }
        let mut panel = Panel::new(info.seats, self.phase());
        for view in &mut panel.seats {
            view.team = self.team(view.seat);
        }
        panel.army = Some(info.seats[position.turn.index()].color);
        panel.dice = self.dice();
        panel.scores = position.scores.to_vec();
        BoardView {
            game: info.id,
            files: BOARD.files(),
            ranks: BOARD.ranks(),
            cells: CellView::grid(BOARD),
            pieces,
            highlights,
            panel,
        }
    }
}

#[cfg(test)]
mod tests;
