//! Enochian chess, the Golden Dawn's four-handed game: Yellow and Red against
//! Blue and Black on an 8x8 board whose corners are thrones. Queens leap two
//! squares; kings are captured, not mated, and a captured king freezes its
//! army; a king on its ally's throne takes command of the ally's army; allied
//! bishops and queens meet in concourse. Rules notes:
//! `engine/src/enochian/RULES.md`.

mod army;
mod position;
mod text;

pub use army::{Army, Element};
pub use position::Move;

use army::{BOARD, SEATS, array};
use position::{Position, QUIET_PLIES};

use crate::bits::Bits;
use crate::game::{ActionError, Offer};
use crate::geometry::{Geometry, Square};
use crate::kinds::kinds;
use crate::options::{OptionSpec, Options};
use crate::outcome::{Outcome, Reason};
use crate::seat::{Phase, Seat};
use crate::spirit::value::worth;
use crate::variant::{GameInfo, MoveInfo, PositionError, SetupError, Variant};
use crate::view::{
    BoardView, CellView, Figure, Highlight, Mark, Panel, PieceState, PieceView, Shade,
};

kinds! {
    /// A kind of man: five pieces and four pawns, each pawn of the piece it
    /// stands before and becomes. Every pawn is written `P` and drawn as a pawn.
    pub enum Kind {
        /// Steps one square; captured, never mated.
        King = ('K', King),
        /// Leaps exactly two squares, straight or diagonally.
        Queen = ('Q', Queen),
        /// The rook.
        Rook = ('R', Rook),
        /// The bishop.
        Bishop = ('B', Bishop),
        /// The knight.
        Knight = ('N', Knight),
        /// The queen's pawn.
        PawnOfQueen = ('P', Pawn),
        /// The rook's pawn.
        PawnOfRook = ('P', Pawn),
        /// The bishop's pawn.
        PawnOfBishop = ('P', Pawn),
        /// The knight's pawn.
        PawnOfKnight = ('P', Pawn),
    }
}

impl Kind {
    /// Whether this is a pawn.
    pub const fn is_pawn(self) -> bool {
        self as usize >= 5
    }

    /// The pawn of this piece (a pawn is its own; the king has none and stays king).
    pub const fn pawn(self) -> Kind {
        match self {
            Kind::Queen => Kind::PawnOfQueen,
            Kind::Rook => Kind::PawnOfRook,
            Kind::Bishop => Kind::PawnOfBishop,
            Kind::Knight => Kind::PawnOfKnight,
            other => other,
        }
    }

    /// The piece a pawn becomes.
    pub const fn promotion(self) -> Option<Kind> {
        match self {
            Kind::PawnOfQueen => Some(Kind::Queen),
            Kind::PawnOfRook => Some(Kind::Rook),
            Kind::PawnOfBishop => Some(Kind::Bishop),
            Kind::PawnOfKnight => Some(Kind::Knight),
            _ => None,
        }
    }

    /// The position-text token: the letter, and for a pawn the lower-case
    /// letter of its piece (`Pq`).
    pub fn token(self) -> String {
        match self.promotion() {
            Some(piece) => format!("P{}", piece.letter().to_ascii_lowercase()),
            None => self.letter().to_string(),
        }
    }
}

/// The concourse of bishops or queens (option `concourse`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Concourse {
    /// The seed: the piece that completes it takes all three others.
    Seed,
    /// Zalewski: it takes the two enemies and the ally's piece joins its army.
    Zalewski,
}

/// What seizing the ally's throne does to a frozen ally (option `seizing`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeizedThaw {
    /// The seed: the frozen pieces return to play.
    Thaw,
    /// Zalewski: only unfrozen pieces come under command; thawing only by exchange.
    Keep,
}

/// The options a game is played with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The elemental board: its army moves first.
    pub board: Element,
    /// The setting: which pieces stand where.
    pub setting: Element,
    /// Turns pass clockwise (deosil), else widdershins.
    pub clockwise: bool,
    /// The concourse reading.
    pub concourse: Concourse,
    /// The seed's privileged pawn demotes a duplicated piece (not Zalewski's).
    pub privileged_demotes: bool,
    /// Seizing the ally's throne thaws its frozen army.
    pub seized_thaw: SeizedThaw,
    /// Zalewski: a returning king may not enter an attacked square.
    pub exchange_safe: bool,
    /// Threefold repetition and 50 quiet rounds draw (house rules).
    pub house_draws: bool,
}

/// What a spirit takes off for a king under attack, in hundredths of a pawn.
const KING_ATTACKED: i32 = 150;

const BOARD_OPTION: OptionSpec = OptionSpec {
    key: "board",
    values: &["earth", "air", "water", "fire"],
    help: (
        "the elemental board: its army moves first (Black on earth, Yellow on air, Blue on water, Red on fire)",
        "стихийная доска: её войско ходит первым (чёрные на земле, жёлтые на воздухе, синие на воде, красные на огне)",
    ),
};
const SETTING: OptionSpec = OptionSpec {
    key: "setting",
    values: &["earth", "air", "water", "fire"],
    help: (
        "the setting: which piece shares the king's throne and where the others stand",
        "расстановка: какая фигура делит престол с королём и где стоят остальные",
    ),
};
const DIRECTION: OptionSpec = OptionSpec {
    key: "direction",
    values: &["clockwise", "widdershins"],
    help: (
        "the direction turns pass: clockwise (deosil, the original) or widdershins",
        "куда передаётся ход: по часовой стрелке (деосил, как в оригинале) или против",
    ),
};
const CONCOURSE: OptionSpec = OptionSpec {
    key: "concourse",
    values: &["seed", "zalewski"],
    help: (
        "a concourse takes all three other pieces, or (Zalewski) the two enemies while the ally's joins",
        "пересечение берёт все три другие фигуры, или (Залевски) две вражеские, а союзная переходит к игроку",
    ),
};
const PRIVILEGED: OptionSpec = OptionSpec {
    key: "privileged",
    values: &["seed", "zalewski"],
    help: (
        "a privileged pawn promoting to a piece on the board demotes that piece, or (Zalewski) not",
        "привилегированная пешка, превращаясь в фигуру, что есть на доске, понижает ту фигуру, или (Залевски) нет",
    ),
};
const SEIZING: OptionSpec = OptionSpec {
    key: "seizing",
    values: &["seed", "zalewski"],
    help: (
        "seizing the ally's throne thaws its frozen army, or (Zalewski) only the exchange does",
        "захват союзного престола размораживает союзное войско, или (Залевски) это делает только обмен",
    ),
};
const EXCHANGE: OptionSpec = OptionSpec {
    key: "exchange",
    values: &["seed", "zalewski"],
    help: (
        "a returning king goes to the nearest empty square, or (Zalewski) the nearest not attacked",
        "возвращённый король встаёт на ближайшее свободное поле, или (Залевски) на ближайшее неатакованное",
    ),
};
const DRAWS: OptionSpec = OptionSpec {
    key: "draws",
    values: &["house", "none"],
    help: (
        "threefold repetition and 50 rounds without capture or pawn move draw (house rules), or not",
        "троекратное повторение и 50 кругов без взятий и ходов пешек — ничья (правила дома), или нет",
    ),
};

impl Rules {
    fn new(options: &Options) -> Rules {
        let pick = |spec: &OptionSpec| options.choice(spec);
        let element = |spec: &OptionSpec| {
            let name = spec.values[pick(spec)];
            let index = Element::NAMES.iter().position(|n| *n == name).unwrap_or(3);
            Element::from_index(index)
        };
        Rules {
            board: element(&BOARD_OPTION),
            setting: element(&SETTING),
            clockwise: pick(&DIRECTION) == 0,
            concourse: [Concourse::Seed, Concourse::Zalewski][pick(&CONCOURSE)],
            privileged_demotes: pick(&PRIVILEGED) == 0,
            seized_thaw: [SeizedThaw::Thaw, SeizedThaw::Keep][pick(&SEIZING)],
            exchange_safe: pick(&EXCHANGE) == 1,
            house_draws: pick(&DRAWS) == 0,
        }
    }
}

static INFO: GameInfo = GameInfo {
    id: "enochian",
    setups: &["standard"],
    options: &[
        BOARD_OPTION,
        SETTING,
        DIRECTION,
        CONCOURSE,
        PRIVILEGED,
        SEIZING,
        EXCHANGE,
        DRAWS,
    ],
    seats: &SEATS,
    pieces: &Kind::PIECES,
    letters_in_moves: true,
    two_colours_may_resign: false,
    seats_by_roll: true,
};

/// An Enochian chess position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Enochian(Position);

impl Enochian {
    /// The army whose turn it is.
    pub fn army_to_move(&self) -> Army {
        self.0.turn
    }

    /// The army whose seat plays `army` now (it changes when a throne is seized).
    pub fn controller(&self, army: Army) -> Army {
        self.0.controller[army.index()]
    }

    /// Whether `army` is frozen (its king taken, not thawed).
    pub fn is_frozen(&self, army: Army) -> bool {
        self.0.frozen[army.index()]
    }

    /// Whether `army`'s king is attacked: the check the bot announces.
    pub fn in_check(&self, army: Army) -> bool {
        self.0.in_check(army)
    }

    /// The men on `square`, the king first.
    pub fn men_at(&self, square: Square) -> Vec<(Army, Kind)> {
        self.0.men_at(square).collect()
    }

    /// Whether a team has lost both kings: the other team won.
    fn loser(&self) -> Option<usize> {
        (0..2).find(|&team| {
            Army::ALL
                .into_iter()
                .filter(|a| a.index() % 2 == team)
                .all(|a| self.0.king(a).is_none())
        })
    }

    /// Whether both armies of a team are bare kings.
    fn bare_team(&self) -> bool {
        (0..2).any(|team| {
            Army::ALL
                .into_iter()
                .filter(|a| a.index() % 2 == team)
                .all(|a| {
                    self.0.king(a).is_some()
                        && Kind::ALL[1..].iter().all(|&k| self.0.men(a, k).is_empty())
                })
        })
    }

    /// The army of `offerer`'s that holds `king`'s captured king, and the
    /// ally's king the other side holds, with the seat holding it: the
    /// exchange of prisoners the seed allows when both takers keep their kings.
    fn exchange(&self, offerer: Seat, king: Army) -> Result<(Army, Army, Army), ActionError> {
        let p = &self.0;
        let ours = p.held[king.index()].ok_or(ActionError::OfferUnavailable)?;
        if p.controller[ours.index()].seat() != offerer || !ours.is_enemy(king) {
            return Err(ActionError::OfferUnavailable);
        }
        let ally = ours.ally();
        let theirs = p.held[ally.index()].ok_or(ActionError::OfferUnavailable)?;
        let both_kings = p.king(ours).is_some() && p.king(theirs).is_some();
        if !both_kings || !theirs.is_enemy(ours) {
            return Err(ActionError::OfferUnavailable);
        }
        Ok((ours, ally, theirs))
    }
}

impl Variant for Enochian {
    type Move = Move;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn setup(_name: &str, options: &Options) -> Result<Enochian, SetupError> {
        let rules = Rules::new(options);
        let mut position = Position::empty(rules.board.army(), rules);
        for (army, kind, square) in array(rules.board, rules.setting) {
            position.toggle(army, kind, square);
        }
        Ok(Enochian(position))
    }

    fn from_text(text: &str, options: &Options) -> Result<Enochian, PositionError> {
        text::parse(text, Rules::new(options)).map(Enochian)
    }

    fn to_text(&self) -> String {
        text::write(&self.0)
    }

    fn geometry(&self) -> Geometry {
        BOARD
    }

    fn phase(&self) -> Phase {
        Phase::Move(self.0.controller[self.0.turn.index()].seat())
    }

    /// A seat plays while an army it commands (its own, or an ally's whose
    /// throne its king holds) still takes turns.
    fn in_play(&self, seat: Seat) -> bool {
        Army::ALL
            .into_iter()
            .any(|army| self.0.controller[army.index()].seat() == seat && self.0.in_play(army))
    }

    #[inline]
    fn for_each_move(&self, f: impl FnMut(Move)) {
        self.0.for_each_move(f);
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.0.play(mv);
    }

    fn ended(&self) -> bool {
        self.loser().is_some()
            || self.0.drawn
            || self.bare_team()
            || (self.0.rules.house_draws && self.0.quiet >= QUIET_PLIES)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(team) = self.loser() {
            let winners = Army::ALL
                .into_iter()
                .filter(|a| a.index() % 2 != team)
                .map(Army::seat)
                .collect();
            return Some(Outcome::win(winners, Reason::KingsCaptured));
        }
        if self.0.drawn {
            return Some(Outcome::draw(Reason::Stalemate));
        }
        if self.bare_team() {
            return Some(Outcome::draw(Reason::BareKings));
        }
        (self.0.rules.house_draws && self.0.quiet >= QUIET_PLIES)
            .then(|| Outcome::draw(Reason::MoveLimit))
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn repetition_limit(&self) -> Option<usize> {
        self.0.rules.house_draws.then_some(3)
    }

    fn describe(&self, mv: Move) -> MoveInfo {
        MoveInfo {
            figure: mv.kind.figure(),
            from: mv.from,
            to: mv.to,
            capture: self.0.men_at(mv.to).next().is_some(),
            promotion: mv.promotion.map(Kind::figure),
            special: None,
            swap: false,
        }
    }

    fn appraise(&self, seat: Seat) -> i32 {
        // The team's score sums both partners, so a spirit guards its
        // partner's king as its own: a king under attack is a worry, and a
        // frozen army (its king taken) is worth half its men until thawed.
        let army = Army::from_index(seat.index());
        if self.0.frozen[army.index()] {
            let men: i32 = Kind::ALL
                .into_iter()
                .map(|kind| self.0.men(army, kind).count_ones() as i32 * worth(kind.figure()))
                .sum();
            return -men / 2;
        }
        let attacked = self.0.king(army).is_some() && self.0.in_check(army);
        if attacked { -KING_ATTACKED } else { 0 }
    }

    fn occupant(&self, square: Square) -> Option<(Seat, Figure)> {
        self.0
            .men_at(square)
            .next()
            .map(|(army, kind)| (self.0.controller[army.index()].seat(), kind.figure()))
    }

    fn concede(&mut self, seat: Seat, reason: Reason) -> Result<Option<Outcome>, ActionError> {
        // The resigning player's own army leaves the game: its king is taken
        // off as if captured, and the team plays on while its other king stands.
        // One who commands his ally's army too plays two colours, and «играющий
        // двумя цветами не может выйти из игры» (running out of time still counts).
        let army = Army::from_index(seat.index());
        let commands_two = Army::ALL.into_iter().any(|other| {
            other != army && self.0.controller[other.index()] == army && self.0.in_play(other)
        });
        if commands_two && matches!(reason, Reason::Resignation(_)) {
            return Err(ActionError::TwoColours);
        }
        let king = self.0.king(army).ok_or(ActionError::OutOfPlay)?;
        self.0.toggle(army, Kind::King, king);
        self.0.leave(army);
        if self.0.turn == army || !self.0.in_play(self.0.turn) {
            self.0.end_turn();
        }
        Ok(self.outcome().map(|outcome| match outcome.reason {
            Reason::KingsCaptured => Outcome::win(outcome.winners, reason),
            _ => outcome,
        }))
    }

    fn offer_parties(&self, offerer: Seat, offer: Offer) -> Result<Vec<Seat>, ActionError> {
        let p = &self.0;
        match offer {
            Offer::Draw => {
                let mut seats: Vec<Seat> = Army::ALL
                    .into_iter()
                    .filter(|&a| p.in_play(a))
                    .map(|a| p.controller[a.index()].seat())
                    .collect();
                seats.sort();
                seats.dedup();
                Ok(seats)
            }
            Offer::Exchange(color) => {
                let king = Army::ALL
                    .into_iter()
                    .find(|a| a.color() == color)
                    .ok_or(ActionError::OfferUnavailable)?;
                let (_, _, theirs) = self.exchange(offerer, king)?;
                let partner = p.controller[theirs.index()].seat();
                Ok(if partner == offerer {
                    vec![offerer]
                } else {
                    vec![offerer, partner]
                })
            }
        }
    }

    fn settle(&mut self, offerer: Seat, offer: Offer) -> Result<Option<Outcome>, ActionError> {
        match offer {
            Offer::Draw => Ok(Some(Outcome::draw(Reason::Agreement))),
            Offer::Exchange(color) => {
                let king = Army::ALL
                    .into_iter()
                    .find(|a| a.color() == color)
                    .ok_or(ActionError::OfferUnavailable)?;
                let (_, ally, _) = self.exchange(offerer, king)?;
                let safe = self.0.rules.exchange_safe;
                if !self.0.return_king(king, safe) || !self.0.return_king(ally, safe) {
                    return Err(ActionError::OfferUnavailable);
                }
                Ok(None)
            }
        }
    }

    fn board_view(&self, last: Option<Move>) -> BoardView {
        let p = &self.0;
        let mut cells = CellView::grid(BOARD);
        for army in Army::ALL {
            cells[army.throne().index()].shade = Shade::Throne;
        }
        let pieces = BOARD
            .squares()
            .flat_map(|square| p.men_at(square).map(move |man| (square, man)))
            .map(|(square, (army, kind))| PieceView {
                cell: square.index(),
                figure: kind.figure(),
                label: kind.token(),
                badge: kind.promotion().map(Kind::figure),
                owner: army.seat(),
                color: army.color(),
                state: if p.frozen[army.index()] {
                    PieceState::Frozen
                } else {
                    PieceState::Normal
                },
            })
            .collect();
        let mut highlights = Highlight::last_move(last.map(|mv| (mv.from.index(), mv.to.index())));
        for army in Army::ALL
            .into_iter()
            .filter(|&a| p.in_play(a) && p.in_check(a))
        {
            highlights.extend(p.men(army, Kind::King).squares().map(|square| Highlight {
                cell: square.index(),
                mark: Mark::Danger,
            }));
        }
        let mut panel = Panel::new(INFO.seats, self.phase());
        panel.army = Some(p.turn.color());
        BoardView {
            game: INFO.id,
            files: BOARD.files(),
            ranks: BOARD.ranks(),
            cells,
            pieces,
            highlights,
            panel,
        }
    }
}

#[cfg(test)]
mod tests;
