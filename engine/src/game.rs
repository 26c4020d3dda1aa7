//! [`Game`]: a game as its action log plus the position the log leads to.
//! Replaying the log from the start reproduces the position exactly; that is
//! how games are stored and how tests check them.

use thiserror::Error;

use crate::notation::{self, NotationError, format_move, parse_move};
use crate::options::Options;
use crate::outcome::{Outcome, Reason};
use crate::seat::{Color, Phase, Seat};
use crate::variant::{SetupError, Variant};
use crate::view::BoardView;

/// Something a seat does: one entry of a game's action log.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Action<M> {
    /// The seat the game waits for makes this move.
    Move(M),
    /// The seat the game waits for rolled these dice.
    Roll(Vec<u8>),
    /// The seat makes an offer to the others.
    Offer(Seat, Offer),
    /// The seat accepts the pending offer.
    Accept(Seat),
    /// The seat declines the pending offer.
    Decline(Seat),
    /// The seat resigns.
    Resign(Seat),
    /// The seat's time ran out.
    Timeout(Seat),
}

impl<M> Action<M> {
    /// The same action with its move (if it is one) turned by `f`.
    pub fn try_map<N, E>(self, f: impl FnOnce(M) -> Result<N, E>) -> Result<Action<N>, E> {
        Ok(match self {
            Action::Move(mv) => Action::Move(f(mv)?),
            Action::Roll(dice) => Action::Roll(dice),
            Action::Offer(seat, offer) => Action::Offer(seat, offer),
            Action::Accept(seat) => Action::Accept(seat),
            Action::Decline(seat) => Action::Decline(seat),
            Action::Resign(seat) => Action::Resign(seat),
            Action::Timeout(seat) => Action::Timeout(seat),
        })
    }
}

/// What one seat may propose to the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Offer {
    /// End the game now: a draw, or in games of points, the scores as they stand.
    Draw,
    /// Give back the captured king of this army in exchange for the offerer's own.
    Exchange(Color),
}

/// Where a game starts: a named setup, or a position text.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Start {
    /// A setup by name; `None` is the game's default setup.
    Setup(Option<String>),
    /// A position in the game's text format.
    Position(String),
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ActionError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat must act now.
    #[error("it is not your turn: the game waits for {waiting}")]
    NotYourTurn {
        /// The colour of the seat the game waits for.
        waiting: Color,
    },
    /// The game waits for something else (a roll, a move).
    #[error("the game is not waiting for {0} now")]
    WrongPhase(&'static str),
    /// The move is not legal, or the text fits no legal move.
    #[error(transparent)]
    Illegal(#[from] NotationError),
    /// A move given as a value (not typed) that is not legal here.
    #[error("the move {0} is not legal here")]
    IllegalMove(String),
    /// There is no such seat in this game.
    #[error("this game has no seat {0}")]
    NoSuchSeat(u8),
    /// There is no offer to answer.
    #[error("there is no offer to answer")]
    NoOffer,
    /// The offer cannot be made in this game or position.
    #[error("that offer cannot be made now")]
    OfferUnavailable,
    /// The seat is not asked to answer the pending offer.
    #[error("the offer is not addressed to you")]
    NotAParty,
    /// The dice are not dice of this game.
    #[error("these are not dice of this game")]
    BadDice,
    /// An offer already waits for an answer.
    #[error("an offer is already waiting for an answer")]
    OfferPending,
    /// The seat made the offer (or has already accepted it).
    #[error("you have already agreed to this offer")]
    AlreadyAgreed,
    /// The game has no dice.
    #[error("this game has no dice")]
    NoDice,
    /// The seat has already left the game (resigned, timed out, king taken).
    #[error("you are already out of this game")]
    OutOfPlay,
    /// A log line could not be read.
    #[error("could not read the action '{0}'")]
    Unreadable(String),
    /// A player of two colours may not leave the game (Enochian chess).
    #[error("a player of two colours cannot leave the game")]
    TwoColours,
}

/// A log that could not be replayed.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReplayError {
    /// The start could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An entry of the log was refused.
    #[error("action {index} ('{text}') was refused: {error}")]
    Action {
        /// The entry's position in the log, from 0.
        index: usize,
        /// The entry's text.
        text: String,
        /// Why it was refused.
        error: ActionError,
    },
}

/// A move of the log: where it stands, who played it, and its text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoggedMove {
    /// Its place in the log, from 0.
    pub index: usize,
    /// The seat that played it.
    pub seat: Seat,
    /// Its canonical text.
    pub text: String,
    /// Whether it took a man.
    pub capture: bool,
}

impl LoggedMove {
    /// The move as players are shown it: its canonical text with a capture
    /// marked (`d1xd8`, `Nb1xc3`).
    pub fn shown(&self) -> String {
        let origin = notation::origin(&self.text);
        if !self.capture || origin.len() == self.text.len() {
            return self.text.clone();
        }
        format!("{origin}x{}", &self.text[origin.len()..])
    }
}

/// What one entry of the log is, as the log's readers need to know: a move
/// and who made it, a roll of the dice, or anything else (offers, answers,
/// resignations, timeouts).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Entry {
    Move { seat: Seat, capture: bool },
    Roll,
    Other,
}

/// An offer waiting for answers: who made it, who must agree, who has.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Pending {
    offer: Offer,
    parties: Vec<Seat>,
    agreed: Vec<Seat>,
}

/// A game in progress: where it started, its options, its log and its position.
#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    start: Start,
    options: Options,
    position: V,
    /// The canonical text of every action played, oldest first, with what it was.
    log: Vec<(String, Entry)>,
    /// The hash of every position the moves passed through, the start first.
    hashes: Vec<u64>,
    pending: Option<Pending>,
    outcome: Option<Outcome>,
    last_move: Option<V::Move>,
}

impl<V: Variant> Game<V> {
    /// A new game from `start` with `options`.
    pub fn new(start: Start, options: Options) -> Result<Game<V>, SetupError> {
        options.check(V::info().options)?;
        let position = match &start {
            Start::Setup(name) => {
                let setups = V::info().setups;
                let name = name.as_deref().unwrap_or(setups[0]);
                if !setups.contains(&name) {
                    return Err(SetupError::UnknownSetup {
                        name: name.to_owned(),
                        known: setups.to_vec(),
                    });
                }
                V::setup(name, &options)?
            }
            Start::Position(text) => V::from_text(text, &options)?,
        };
        Ok(Game {
            start,
            options,
            hashes: vec![position.hash()],
            outcome: position.outcome(),
            position,
            log: Vec::new(),
            pending: None,
            last_move: None,
        })
    }

    /// Replays a log of action texts from `start`.
    pub fn replay<S: AsRef<str>>(
        start: Start,
        options: Options,
        log: &[S],
    ) -> Result<Game<V>, ReplayError> {
        let mut game = Game::new(start, options)?;
        for (index, text) in log.iter().enumerate() {
            let text = text.as_ref();
            game.play_text(text).map_err(|error| ReplayError::Action {
                index,
                text: text.to_owned(),
                error,
            })?;
        }
        Ok(game)
    }

    /// Where the game started.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The options it is played with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current position.
    pub fn position(&self) -> &V {
        &self.position
    }

    /// The canonical texts of the log, oldest first.
    pub fn log(&self) -> impl Iterator<Item = &str> {
        self.log.iter().map(|(text, _)| text.as_str())
    }

    /// How many rolls of the dice the log holds: the number of the next roll.
    pub fn rolls(&self) -> usize {
        self.log.iter().filter(|(_, e)| *e == Entry::Roll).count()
    }

    /// The last move, if nothing but rolls of the dice came after it (an
    /// offer, an answer or a resignation since then leaves nothing to take back).
    pub fn last_move(&self) -> Option<LoggedMove> {
        let (index, (text, entry)) = self
            .log
            .iter()
            .enumerate()
            .rev()
            .find(|(_, (_, e))| *e != Entry::Roll)?;
        match entry {
            Entry::Move { seat, capture } => Some(LoggedMove {
                index,
                seat: *seat,
                text: text.clone(),
                capture: *capture,
            }),
            _ => None,
        }
    }

    /// Takes back [`Game::last_move`] and the rolls after it: the game
    /// becomes the replay of the log before it. Returns the move taken
    /// back, or `None` (changing nothing) when there is none.
    pub fn take_back(&mut self) -> Option<LoggedMove> {
        let last = self.last_move()?;
        let texts: Vec<&str> = self.log().take(last.index).collect();
        let earlier = Game::replay(self.start.clone(), self.options.clone(), &texts).ok()?;
        *self = earlier;
        Some(last)
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        if self.outcome.is_some() {
            Phase::Over
        } else {
            self.position.phase()
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The offer waiting for answers, with the seats that agree to it so far
    /// (the one who made it first).
    pub fn pending_offer(&self) -> Option<(Offer, &[Seat])> {
        self.pending
            .as_ref()
            .map(|p| (p.offer, p.agreed.as_slice()))
    }

    /// The seats the pending offer still waits for.
    pub fn offer_waits_for(&self) -> Vec<Seat> {
        self.pending.as_ref().map_or(Vec::new(), |p| {
            p.parties
                .iter()
                .copied()
                .filter(|s| !p.agreed.contains(s))
                .collect()
        })
    }

    /// The picture's data, with the last move highlighted and the result shown.
    pub fn board_view(&self) -> BoardView {
        let mut view = self.position.board_view(self.last_move);
        view.panel.phase = self.phase();
        if self.outcome.is_some() {
            view.panel.army = None;
        }
        view.panel.outcome = self.outcome.clone();
        view
    }

    /// The canonical text of `mv` in the current position.
    pub fn move_text(&self, mv: V::Move) -> String {
        format_move::<V>(self.position.geometry(), &self.position.describe(mv))
    }

    /// A move typed by `seat` in forgiving notation; returns its canonical text.
    pub fn play_input(&mut self, seat: Seat, input: &str) -> Result<String, ActionError> {
        match self.phase() {
            Phase::Over => Err(ActionError::GameOver),
            Phase::Move(turn) if turn == seat => {
                let mv = parse_move(&self.position, input)?;
                self.play(Action::Move(mv))
            }
            Phase::Move(turn) | Phase::Roll(turn) => Err(ActionError::NotYourTurn {
                waiting: color::<V>(turn),
            }),
        }
    }

    /// Plays one log line: a move in any accepted notation, `roll 3 4`,
    /// `offer draw white`, `accept black`, `decline black`, `resign white`,
    /// `timeout white`. Returns its canonical text.
    pub fn play_text(&mut self, text: &str) -> Result<String, ActionError> {
        let action = self.parse_action(text)?;
        self.play(action)
    }

    /// Reads a log line (see [`Game::play_text`]) against the current position.
    pub fn parse_action(&self, text: &str) -> Result<Action<V::Move>, ActionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let seat = |word: &str| {
            V::info()
                .seat_named(word)
                .ok_or_else(|| ActionError::Unreadable(text.to_owned()))
        };
        match words.as_slice() {
            ["roll", dice @ ..] if !dice.is_empty() => dice
                .iter()
                .map(|d| {
                    d.parse()
                        .map_err(|_| ActionError::Unreadable(text.to_owned()))
                })
                .collect::<Result<_, _>>()
                .map(Action::Roll),
            ["offer", "draw", who] => Ok(Action::Offer(seat(who)?, Offer::Draw)),
            ["offer", "exchange", king, who] => {
                let king =
                    Color::parse(king).ok_or_else(|| ActionError::Unreadable(text.to_owned()))?;
                Ok(Action::Offer(seat(who)?, Offer::Exchange(king)))
            }
            ["accept", who] => Ok(Action::Accept(seat(who)?)),
            ["decline", who] => Ok(Action::Decline(seat(who)?)),
            ["resign", who] => Ok(Action::Resign(seat(who)?)),
            ["timeout", who] => Ok(Action::Timeout(seat(who)?)),
            _ => match self.phase() {
                Phase::Move(_) => Ok(Action::Move(parse_move(&self.position, text)?)),
                Phase::Over => Err(ActionError::GameOver),
                _ => Err(ActionError::WrongPhase("a move")),
            },
        }
    }

    /// Plays an action and returns its canonical log text, or says why it is
    /// illegal and leaves the game unchanged.
    pub fn play(&mut self, action: Action<V::Move>) -> Result<String, ActionError> {
        if self.outcome.is_some() {
            return Err(ActionError::GameOver);
        }
        let seats = V::info().seats.len();
        if let Action::Offer(s, _)
        | Action::Accept(s)
        | Action::Decline(s)
        | Action::Resign(s)
        | Action::Timeout(s) = action
            && s.index() >= seats
        {
            return Err(ActionError::NoSuchSeat(s.0));
        }
        let who = |seat: &Seat| color::<V>(*seat);
        let mover = self.phase().seat();
        let entry = match (&action, mover) {
            (Action::Move(mv), Some(seat)) => Entry::Move {
                seat,
                capture: self.position.describe(*mv).capture,
            },
            (Action::Roll(_), _) => Entry::Roll,
            _ => Entry::Other,
        };
        let text = match &action {
            Action::Move(mv) => self.play_move(*mv)?,
            Action::Roll(dice) => {
                if !matches!(self.phase(), Phase::Roll(_)) {
                    return Err(ActionError::WrongPhase("a roll of the dice"));
                }
                self.position.roll(dice)?;
                self.outcome = self.position.outcome();
                let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                format!("roll {}", dice.join(" "))
            }
            Action::Offer(seat, offer) => {
                if self.pending.is_some() {
                    return Err(ActionError::OfferPending);
                }
                let parties = self.position.offer_parties(*seat, *offer)?;
                if !parties.contains(seat) {
                    return Err(ActionError::NotAParty);
                }
                self.pending = Some(Pending {
                    offer: *offer,
                    parties,
                    agreed: Vec::new(),
                });
                if let Err(error) = self.agree(*seat) {
                    self.pending = None;
                    return Err(error);
                }
                match offer {
                    Offer::Draw => format!("offer draw {}", who(seat)),
                    Offer::Exchange(king) => format!("offer exchange {king} {}", who(seat)),
                }
            }
            Action::Accept(seat) => {
                self.agree(*seat)?;
                format!("accept {}", who(seat))
            }
            Action::Decline(seat) => {
                let pending = self.pending.as_ref().ok_or(ActionError::NoOffer)?;
                if !pending.parties.contains(seat) {
                    return Err(ActionError::NotAParty);
                }
                self.pending = None;
                format!("decline {}", who(seat))
            }
            Action::Resign(seat) => {
                self.outcome = self.position.concede(*seat, Reason::Resignation(*seat))?;
                format!("resign {}", who(seat))
            }
            Action::Timeout(seat) => {
                self.outcome = self.position.concede(*seat, Reason::Timeout(*seat))?;
                format!("timeout {}", who(seat))
            }
        };
        self.log.push((text.clone(), entry));
        Ok(text)
    }

    /// Plays a move after checking it; returns its canonical text.
    fn play_move(&mut self, mv: V::Move) -> Result<String, ActionError> {
        let Phase::Move(seat) = self.phase() else {
            return Err(ActionError::WrongPhase("a move"));
        };
        let mut legal = false;
        self.position.for_each_move(|m| legal |= m == mv);
        if !legal {
            return Err(ActionError::IllegalMove(format!("{mv:?}")));
        }
        let text = self.move_text(mv);
        self.position.play_unchecked(mv);
        self.last_move = Some(mv);
        if self
            .pending
            .as_ref()
            .is_some_and(|p| !p.agreed.contains(&seat))
        {
            self.pending = None;
        }
        let hash = self.position.hash();
        self.hashes.push(hash);
        self.outcome = self.position.outcome().or_else(|| {
            let limit = self.position.repetition_limit()?;
            let seen = self.hashes.iter().filter(|&&h| h == hash).count();
            (seen >= limit).then(|| self.position.repetition_outcome())
        });
        Ok(text)
    }

    /// Records `seat`'s agreement to the pending offer, and carries the offer
    /// out once every party has agreed.
    fn agree(&mut self, seat: Seat) -> Result<(), ActionError> {
        let pending = self.pending.as_mut().ok_or(ActionError::NoOffer)?;
        if !pending.parties.contains(&seat) {
            return Err(ActionError::NotAParty);
        }
        if pending.agreed.contains(&seat) {
            return Err(ActionError::AlreadyAgreed);
        }
        if pending.agreed.len() + 1 < pending.parties.len() {
            pending.agreed.push(seat);
            return Ok(());
        }
        let offerer = pending.agreed.first().copied().unwrap_or(seat);
        let mut settled = self.position.clone();
        let outcome = settled.settle(offerer, pending.offer)?;
        self.position = settled;
        self.pending = None;
        self.hashes.push(self.position.hash());
        self.outcome = outcome.or_else(|| self.position.outcome());
        Ok(())
    }
}

/// The colour of `seat` in the variant's seating.
fn color<V: Variant>(seat: Seat) -> Color {
    V::info().seats[seat.index()].color
}
