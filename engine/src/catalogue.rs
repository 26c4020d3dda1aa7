//! Every game by id, and [`AnyGame`]: one object-safe face over `Game<V>` for
//! code (the bot, the terminal) that picks the game at run time.

use std::fmt::{self, Debug};
use std::str::FromStr;

use crate::chaturaji::{ChaturajiClassic, ChaturajiModern, ChaturajiNoDice};
use crate::dice::DiceSpec;
use crate::enochian::Enochian;
use crate::game::{Action, ActionError, Game, LoggedMove, Offer, ReplayError, Start};
use crate::notation::{format_move, parse_move};
use crate::options::Options;
use crate::outcome::Outcome;
use crate::perft;
use crate::seat::{Phase, Seat, Team};
use crate::spirit::{Limits, Progress, Spirit, Thought};
use crate::tamerlane::Tamerlane;
use crate::through::Through;
use crate::variant::{GameInfo, MoveInfo, SetupError, Variant};
use crate::view::{BoardView, Figure};

/// Something to do with a variant chosen by id: [`visit`] calls `visit::<V>()`
/// with the right type, so each use is written once for every game.
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Does the work for variant `V`.
    fn visit<V: Variant>(self) -> Self::Output;
}

/// Which game: one of the catalogue's, named by its id (`chaturaji`,
/// `through`, ...) in commands, storage and on the command line.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum GameType {
    /// The seed's modern Chaturaji, with dice.
    Chaturaji,
    /// Chaturaji as al-Biruni describes it.
    ChaturajiClassic,
    /// Chaturaji without dice.
    ChaturajiNoDice,
    /// Enochian chess.
    Enochian,
    /// Tamerlane chess.
    Tamerlane,
    /// Through chess.
    Through,
}

impl GameType {
    /// Every game, in menu order.
    pub const ALL: [GameType; 6] = [
        GameType::Chaturaji,
        GameType::ChaturajiClassic,
        GameType::ChaturajiNoDice,
        GameType::Enochian,
        GameType::Tamerlane,
        GameType::Through,
    ];

    /// Runs `visitor` for this game's variant.
    pub fn visit<W: Visitor>(self, visitor: W) -> W::Output {
        match self {
            GameType::Chaturaji => visitor.visit::<ChaturajiModern>(),
            GameType::ChaturajiClassic => visitor.visit::<ChaturajiClassic>(),
            GameType::ChaturajiNoDice => visitor.visit::<ChaturajiNoDice>(),
            GameType::Enochian => visitor.visit::<Enochian>(),
            GameType::Tamerlane => visitor.visit::<Tamerlane>(),
            GameType::Through => visitor.visit::<Through>(),
        }
    }

    /// What the game offers: setups, options, seats, pieces.
    pub fn info(self) -> &'static GameInfo {
        struct Info;
        impl Visitor for Info {
            type Output = &'static GameInfo;
            fn visit<V: Variant>(self) -> Self::Output {
                V::info()
            }
        }
        self.visit(Info)
    }

    /// The game's id.
    pub fn id(self) -> &'static str {
        self.info().id
    }
}

impl FromStr for GameType {
    type Err = SetupError;

    /// Reads a game's id, in any case.
    fn from_str(text: &str) -> Result<GameType, SetupError> {
        let id = text.trim().to_lowercase();
        GameType::ALL
            .into_iter()
            .find(|game| game.id() == id)
            .ok_or_else(|| SetupError::UnknownGame {
                id: text.trim().chars().take(30).collect(),
                known: ids(),
            })
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The ids of every game, in menu order.
pub fn ids() -> Vec<&'static str> {
    GameType::ALL.iter().map(|g| g.id()).collect()
}

/// What every game offers, in menu order.
pub fn games() -> [&'static GameInfo; 6] {
    GameType::ALL.map(GameType::info)
}

/// A game of any variant, with moves and actions as text.
pub trait AnyGame: Debug + Send + Sync {
    /// The game's id, name, setups, options, seats and pieces.
    fn info(&self) -> &'static GameInfo;
    /// Where it started.
    fn start(&self) -> &Start;
    /// The options it is played with.
    fn options(&self) -> &Options;
    /// What the game waits for.
    fn phase(&self) -> Phase;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<&Outcome>;
    /// The canonical texts of the legal moves.
    fn legal_moves(&self) -> Vec<String>;
    /// The legal moves with what each does, for menus of moves.
    fn legal_moves_described(&self) -> Vec<(String, MoveInfo)>;
    /// Whether `seat` still takes turns.
    fn in_play(&self, seat: Seat) -> bool;
    /// The team `seat` plays for (its options may make partners).
    fn team(&self, seat: Seat) -> Team;
    /// What `spirit` plays for the seat to move, as canonical text, with how
    /// deep it looked; `None` when that seat has no move.
    fn think(&self, spirit: &Spirit) -> Option<Thought<String>> {
        self.think_within(spirit, &Limits::default(), &mut |_| {})
    }
    /// [`AnyGame::think`] within `limits` too, telling `report` each depth
    /// the search finishes, its line as canonical texts.
    fn think_within(
        &self,
        spirit: &Spirit,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress<String>),
    ) -> Option<Thought<String>>;
    /// The dice to throw when the game waits for a roll.
    fn dice_spec(&self) -> Option<DiceSpec>;
    /// The faces rolled for this turn that are still to play.
    fn dice(&self) -> Vec<u8>;
    /// The men a die's face lets move.
    fn face_figures(&self, face: u8) -> Vec<Figure>;
    /// The offer waiting for answers and the seats that agree to it so far.
    fn pending_offer(&self) -> Option<(Offer, Vec<Seat>)>;
    /// The seats the pending offer still waits for.
    fn offer_waits_for(&self) -> Vec<Seat>;
    /// A move typed by `seat`, in forgiving notation; returns its canonical text.
    fn play_input(&mut self, seat: Seat, input: &str) -> Result<String, ActionError>;
    /// Any action, a move written in forgiving notation for the seat the game
    /// waits for; returns its canonical log text.
    fn act(&mut self, action: Action<String>) -> Result<String, ActionError>;
    /// Reads a log line into the action it records, its move (if it is one)
    /// as canonical text; the game is unchanged.
    fn parse_action(&self, text: &str) -> Result<Action<String>, ActionError>;
    /// Plays one log line; returns its canonical text.
    fn play_text(&mut self, text: &str) -> Result<String, ActionError>;
    /// The canonical log, oldest first.
    fn log(&self) -> Vec<String>;
    /// How many rolls of the dice the log holds: the number of the next roll.
    fn rolls(&self) -> usize;
    /// The last move, if only rolls of the dice came after it.
    fn last_move(&self) -> Option<LoggedMove>;
    /// Takes back the last move and the rolls after it; `None` changes nothing.
    fn take_back(&mut self) -> Option<LoggedMove>;
    /// The position in the game's text format.
    fn position_text(&self) -> String;
    /// The picture's data.
    fn board_view(&self) -> BoardView;
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn AnyGame>;
}

impl<V: Variant> AnyGame for Game<V> {
    fn info(&self) -> &'static GameInfo {
        V::info()
    }

    fn start(&self) -> &Start {
        Game::start(self)
    }

    fn options(&self) -> &Options {
        Game::options(self)
    }

    fn phase(&self) -> Phase {
        Game::phase(self)
    }

    fn outcome(&self) -> Option<&Outcome> {
        Game::outcome(self)
    }

    fn think_within(
        &self,
        spirit: &Spirit,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress<String>),
    ) -> Option<Thought<String>> {
        if self.outcome().is_some() {
            return None;
        }
        let position = self.position();
        // The line is written from the position it starts at, move by move.
        let mut tell = |progress: &Progress<V::Move>| {
            let mut at = position.clone();
            report(&progress.map(|&mv| {
                let text = format_move::<V>(at.geometry(), &at.describe(mv));
                at.play_unchecked(mv);
                text
            }));
        };
        let thought = spirit.think_within(position, limits, &mut tell)?;
        Some(Thought {
            mv: self.move_text(thought.mv),
            depth: thought.depth,
            nodes: thought.nodes,
        })
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal_moves_described()
            .into_iter()
            .map(|(text, _)| text)
            .collect()
    }

    fn legal_moves_described(&self) -> Vec<(String, MoveInfo)> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let position = self.position();
        position
            .legal_moves()
            .into_iter()
            .map(|mv| (self.move_text(mv), position.describe(mv)))
            .collect()
    }

    fn in_play(&self, seat: Seat) -> bool {
        self.outcome().is_none() && self.position().in_play(seat)
    }

    fn team(&self, seat: Seat) -> Team {
        self.position().team(seat)
    }

    fn dice_spec(&self) -> Option<DiceSpec> {
        self.position().dice_spec()
    }

    fn dice(&self) -> Vec<u8> {
        self.position().dice()
    }

    fn face_figures(&self, face: u8) -> Vec<Figure> {
        self.position().face_figures(face)
    }

    fn pending_offer(&self) -> Option<(Offer, Vec<Seat>)> {
        Game::pending_offer(self).map(|(offer, agreed)| (offer, agreed.to_vec()))
    }

    fn offer_waits_for(&self) -> Vec<Seat> {
        Game::offer_waits_for(self)
    }

    fn play_input(&mut self, seat: Seat, input: &str) -> Result<String, ActionError> {
        Game::play_input(self, seat, input)
    }

    fn act(&mut self, action: Action<String>) -> Result<String, ActionError> {
        let action = action.try_map(|text| parse_move(self.position(), &text))?;
        self.play(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action<String>, ActionError> {
        Game::parse_action(self, text)?.try_map(|mv| Ok::<_, ActionError>(self.move_text(mv)))
    }

    fn play_text(&mut self, text: &str) -> Result<String, ActionError> {
        Game::play_text(self, text)
    }

    fn log(&self) -> Vec<String> {
        Game::log(self).map(str::to_owned).collect()
    }

    fn rolls(&self) -> usize {
        Game::rolls(self)
    }

    fn last_move(&self) -> Option<LoggedMove> {
        Game::last_move(self)
    }

    fn take_back(&mut self) -> Option<LoggedMove> {
        Game::take_back(self)
    }

    fn position_text(&self) -> String {
        self.position().to_text()
    }

    fn board_view(&self) -> BoardView {
        Game::board_view(self)
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// Starts a game of `game` from `start` with `options`.
pub fn new_game(
    game: GameType,
    start: Start,
    options: Options,
) -> Result<Box<dyn AnyGame>, SetupError> {
    struct New(Start, Options);
    impl Visitor for New {
        type Output = Result<Box<dyn AnyGame>, SetupError>;
        fn visit<V: Variant>(self) -> Self::Output {
            Ok(Box::new(Game::<V>::new(self.0, self.1)?))
        }
    }
    game.visit(New(start, options))
}

/// Replays a stored game of `game`: its start, options and log texts.
pub fn replay(
    game: GameType,
    start: Start,
    options: Options,
    log: &[String],
) -> Result<Box<dyn AnyGame>, ReplayError> {
    struct Replay<'a>(Start, Options, &'a [String]);
    impl Visitor for Replay<'_> {
        type Output = Result<Box<dyn AnyGame>, ReplayError>;
        fn visit<V: Variant>(self) -> Self::Output {
            Ok(Box::new(Game::<V>::replay(self.0, self.1, self.2)?))
        }
    }
    game.visit(Replay(start, options, log))
}

/// The positions a stored game went through, for a replay: the start, then
/// the board after each action that changes it (moves, endings, agreed
/// exchanges; not dice rolls, offers or refusals, which wait for the move
/// they lead to).
pub fn replay_views(
    game: GameType,
    start: Start,
    options: Options,
    log: &[String],
) -> Result<Vec<BoardView>, ReplayError> {
    let mut played = new_game(game, start, options)?;
    let mut views = vec![played.board_view()];
    for (index, text) in log.iter().enumerate() {
        let refused = |error| ReplayError::Action {
            index,
            text: text.clone(),
            error,
        };
        let action = played.parse_action(text).map_err(refused)?;
        let shows = !matches!(
            action,
            Action::Roll(_) | Action::Offer(..) | Action::Decline(_)
        );
        played.act(action).map_err(refused)?;
        if shows {
            views.push(played.board_view());
        }
    }
    Ok(views)
}

/// Perft of `game` from `start`, per depth from 1 to `depth`, calling
/// `report(depth, nodes)` after each.
pub fn perft(
    game: GameType,
    start: Start,
    options: Options,
    depth: u32,
    report: &mut dyn FnMut(u32, u64),
) -> Result<(), SetupError> {
    struct Perft<'a>(Start, Options, u32, &'a mut dyn FnMut(u32, u64));
    impl Visitor for Perft<'_> {
        type Output = Result<(), SetupError>;
        fn visit<V: Variant>(self) -> Self::Output {
            let game = Game::<V>::new(self.0, self.1)?;
            for d in 1..=self.2 {
                (self.3)(d, perft::perft(game.position(), d));
            }
            Ok(())
        }
    }
    game.visit(Perft(start, options, depth, report))
}

/// Perft of `game` from `start` at `depth`, split by the first move: each
/// move's text with its count, in move-generation order.
pub fn divide(
    game: GameType,
    start: Start,
    options: Options,
    depth: u32,
) -> Result<Vec<(String, u64)>, SetupError> {
    struct Divide(Start, Options, u32);
    impl Visitor for Divide {
        type Output = Result<Vec<(String, u64)>, SetupError>;
        fn visit<V: Variant>(self) -> Self::Output {
            let game = Game::<V>::new(self.0, self.1)?;
            Ok(perft::divide(game.position(), self.2)
                .into_iter()
                .map(|(mv, nodes)| (game.move_text(mv), nodes))
                .collect())
        }
    }
    game.visit(Divide(start, options, depth))
}
