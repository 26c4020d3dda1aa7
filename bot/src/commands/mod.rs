//! The chat commands, written once: every [`Verb`] with its parameters,
//! their types and descriptions in English and Russian ([`table`]). From the
//! table come the typed [`Command`] a front end hands the service, the text
//! parser for what players type ([`parse`]), the named-value reader for
//! Discord's options ([`read_named`]), the writer of a button's data
//! ([`write`]), each platform's `/help` and usage lines ([`help`]),
//! Discord's slash commands and Telegram's menus.

pub mod help;
mod read;
pub mod table;
pub mod values;
mod write;

use seance_engine::Color;
use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use std::time::Duration;

use crate::service::i18n::Locale;
use crate::store::{GameId, TimeoutPolicy};

pub use read::{Named, parse, read_named, reply_move};
pub use table::{Param, Spec};
pub use values::{Kind, Value};
pub use write::write;

/// The longest input read as a command; anything longer is refused unread.
pub const MAX_INPUT: usize = 500;

/// Which game a command is about: `#12`, or (`None`) the one in play in the chat.
pub type Target = Option<GameId>;

/// Declares [`Verb`] and its list from one table of names.
macro_rules! verbs {
    ($($(#[$meta:meta])* $verb:ident = $name:literal,)+) => {
        /// A command's name: what a player asks for, before its parameters.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Verb {
            $($(#[$meta])* $verb,)+
        }

        impl Verb {
            /// Every verb, in the order help and menus list them.
            pub const ALL: [Verb; [$($name),+].len()] = [$(Verb::$verb),+];

            /// The name players type, the same in every language.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Verb::$verb => $name,)+
                }
            }
        }
    };
}

verbs! {
    /// Set up a new game.
    New = "new",
    /// Take a seat.
    Join = "join",
    /// Give up a seat before the start.
    Leave = "leave",
    /// Seat a spirit.
    Spirit = "spirit",
    /// Begin the game.
    Start = "start",
    /// Play a move.
    Move = "move",
    /// Show the board.
    Board = "board",
    /// List the legal moves.
    Moves = "moves",
    /// Give up.
    Resign = "resign",
    /// Offer a draw.
    Draw = "draw",
    /// Offer to exchange prisoner kings.
    Exchange = "exchange",
    /// Accept an offer.
    Accept = "accept",
    /// Decline an offer.
    Decline = "decline",
    /// Take back a move.
    Takeback = "takeback",
    /// Seats, turn and clock.
    Status = "status",
    /// The chat's games.
    Games = "games",
    /// The game's record.
    Record = "record",
    /// Check the dice.
    Verify = "verify",
    /// A player's ratings and recent rated games.
    Rating = "rating",
    /// The best rated players.
    Top = "top",
    /// Link one's accounts of two platforms.
    Link = "link",
    /// One's settings.
    Settings = "settings",
    /// The list of commands.
    Help = "help",
}

impl Verb {
    /// The verb called `name` (in any case), if any.
    pub fn named(name: &str) -> Option<Verb> {
        Verb::ALL
            .into_iter()
            .find(|verb| verb.name().eq_ignore_ascii_case(name))
    }
}

/// How long each move may take in a new game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveTime {
    /// No clock.
    Unlimited,
    /// This long per move.
    Limit(Duration),
}

/// A request to set up a new game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewGame {
    /// Which game.
    pub game: GameType,
    /// A named setup; the game's first if unset.
    pub setup: Option<String>,
    /// Game options, `KEY=VALUE`, checked by the game.
    pub options: Vec<String>,
    /// Time per move; the bot's default if unset.
    pub time: Option<MoveTime>,
    /// What happens when time runs out; the bot's default if unset.
    pub timeout: Option<TimeoutPolicy>,
    /// The colour the creator takes; the first seat if unset.
    pub color: Option<Color>,
    /// Whether a roll at the start decides the order in which the players
    /// choose their colours (`Some(true)`), or the seats stay as taken; unset:
    /// the game's own way (a roll in Enochian chess).
    pub seating_roll: Option<bool>,
    /// Whether the game counts for the ratings (`rated=no`: not); unset: it does.
    pub rated: Option<bool>,
}

impl NewGame {
    /// A game of `game` with every choice left to the defaults.
    pub fn of(game: GameType) -> NewGame {
        NewGame {
            game,
            setup: None,
            options: Vec::new(),
            time: None,
            timeout: None,
            color: None,
            seating_roll: None,
            rated: None,
        }
    }
}

/// A setting a player changes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Setting {
    /// The bot's language for this player.
    Language(Locale),
    /// The language of the chat's public messages, for everyone.
    ChatLanguage(Locale),
    /// Reminders before deadlines, on or off.
    Reminders(bool),
    /// Quiet hours (minutes after local midnight, start and end), or none.
    Quiet(Option<(u16, u16)>),
    /// The time zone, as minutes ahead of UTC.
    TimeZone(i32),
    /// Direct messages from the bot, on or off.
    DirectMessages(bool),
    /// Showing on the global ladders, on or off.
    Ranking(bool),
}

/// An offer one seat makes to the others.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proposal {
    /// A draw (in games of points: stop and count).
    Draw,
    /// Enochian chess, classical Chaturaji: exchange prisoner kings, giving
    /// back this army's king (or taking back a partner's).
    Exchange(Color),
}

/// Everything a player can ask, typed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Set up a new game in this chat.
    New(NewGame),
    /// Take a seat: this colour, or the first free one.
    Join(Target, Option<Color>),
    /// Give up one's seat before the start.
    Leave(Target),
    /// Let a spirit (of this level, or the bot's default) play the seat of this colour.
    Spirit(Target, Color, Option<Level>),
    /// Begin the game.
    Start(Target),
    /// Play a move, typed in any usual form.
    Move(Target, String),
    /// Show the board.
    Board(Target),
    /// List one's legal moves, or those from one square.
    Moves(Target, Option<String>),
    /// Give up.
    Resign(Target),
    /// Make an offer; a draw offer accepts a pending draw.
    Offer(Target, Proposal),
    /// Accept the pending offer.
    Accept(Target),
    /// Decline the pending offer.
    Decline(Target),
    /// Ask to take back one's last move, or agree to another's request.
    Takeback(Target),
    /// Seats, turn and clock.
    Status(Target),
    /// The games of this chat.
    Games,
    /// The game's record with its dice.
    Record(Target),
    /// Check the dice of a finished game.
    Verify(Target),
    /// A player's ratings (the caller's, or this player's: `@name` or a
    /// mention), in every game or in one.
    Rating(Option<String>, Option<GameType>),
    /// The ladder of a game (every rated game: none), in the chat or (`true`) overall.
    Top(Option<GameType>, bool),
    /// Link one's accounts: a code to type on the other platform (none), or that code.
    Link(Option<String>),
    /// Change one's settings (none: show them).
    Settings(Vec<Setting>),
    /// The list of commands, or a game's setups and options.
    Help(Option<GameType>),
}

impl Command {
    /// The verb this command is an instance of.
    pub fn verb(&self) -> Verb {
        match self {
            Command::New(_) => Verb::New,
            Command::Join(..) => Verb::Join,
            Command::Leave(_) => Verb::Leave,
            Command::Spirit(..) => Verb::Spirit,
            Command::Start(_) => Verb::Start,
            Command::Move(..) => Verb::Move,
            Command::Board(_) => Verb::Board,
            Command::Moves(..) => Verb::Moves,
            Command::Resign(_) => Verb::Resign,
            Command::Offer(_, Proposal::Draw) => Verb::Draw,
            Command::Offer(_, Proposal::Exchange(_)) => Verb::Exchange,
            Command::Accept(_) => Verb::Accept,
            Command::Decline(_) => Verb::Decline,
            Command::Takeback(_) => Verb::Takeback,
            Command::Status(_) => Verb::Status,
            Command::Games => Verb::Games,
            Command::Record(_) => Verb::Record,
            Command::Verify(_) => Verb::Verify,
            Command::Rating(..) => Verb::Rating,
            Command::Top(..) => Verb::Top,
            Command::Link(_) => Verb::Link,
            Command::Settings(_) => Verb::Settings,
            Command::Help(_) => Verb::Help,
        }
    }

    /// The game the command is about, if it is about one.
    pub fn target(&self) -> Option<Target> {
        let mut copy = self.clone();
        copy.target_mut().map(|t| *t)
    }

    /// The command's game, to fill in or change, if it is about one.
    pub fn target_mut(&mut self) -> Option<&mut Target> {
        match self {
            Command::New(_)
            | Command::Games
            | Command::Rating(..)
            | Command::Top(..)
            | Command::Link(_)
            | Command::Settings(_)
            | Command::Help(_) => None,
            Command::Join(t, _)
            | Command::Leave(t)
            | Command::Spirit(t, _, _)
            | Command::Start(t)
            | Command::Move(t, _)
            | Command::Board(t)
            | Command::Moves(t, _)
            | Command::Resign(t)
            | Command::Offer(t, _)
            | Command::Accept(t)
            | Command::Decline(t)
            | Command::Takeback(t)
            | Command::Status(t)
            | Command::Record(t)
            | Command::Verify(t) => Some(t),
        }
    }
}

/// A command is an input that reads.
impl From<Command> for Result<Command, ParseError> {
    fn from(command: Command) -> Self {
        Ok(command)
    }
}

/// Why an input is not a command. The service explains it to the player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseError {
    /// Longer than [`MAX_INPUT`].
    TooLong,
    /// The first word is no command (and the text is no move).
    Unknown(String),
    /// The command's words do not fit its parameters.
    Usage(Verb),
    /// A value that is not of its parameter's kind.
    BadValue {
        /// The command.
        verb: Verb,
        /// What the parameter holds.
        kind: Kind,
        /// What was given, clipped.
        given: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::Platform;
    use crate::service::i18n::{Msg, Reader};

    /// A value of each kind, as a player would type it.
    fn sample(kind: Kind) -> &'static str {
        match kind {
            Kind::Game => "through",
            Kind::GameNumber => "12",
            Kind::Colour => "black",
            Kind::Level => "master",
            Kind::Move => "e2e4",
            Kind::Square => "e2",
            Kind::Setup => "standard",
            Kind::Options => "win=queens",
            Kind::Time => "2d",
            Kind::Timeout => "forfeit",
            Kind::Seating => "roll",
            Kind::Player => "@ann",
            Kind::Ladder => "global",
            Kind::Code => "123456",
            Kind::Language => "ru",
            Kind::Switch => "off",
            Kind::Quiet => "23:00-08:00",
            Kind::TimeZone => "+03:00",
        }
    }

    /// Every command, typed with all its parameters, and given them by name.
    fn invocations(verb: Verb) -> (String, Vec<(&'static str, Named<'static>)>) {
        let mut words = vec![verb.name().to_string()];
        let mut named = Vec::new();
        for param in verb.spec().params {
            let value = sample(param.kind);
            words.push(match param.kind {
                Kind::GameNumber => format!("#{value}"),
                _ if param.keyed => format!("{}={value}", param.name),
                _ => value.to_string(),
            });
            named.push((param.name, Named::Text(value)));
        }
        (words.join(" "), named)
    }

    #[test]
    fn every_command_has_its_spec_its_reading_and_its_help_line_on_every_platform() {
        for verb in Verb::ALL {
            // Typed or given by name, with every parameter or only the
            // required ones, it reads as a command of its own verb.
            let (typed, named) = invocations(verb);
            let from_text = parse(&typed).unwrap_or_else(|e| panic!("{typed}: {e:?}"));
            assert_eq!(from_text.verb(), verb, "{typed}");
            assert_eq!(
                read_named(verb, named.iter().copied()),
                Ok(from_text.clone())
            );
            let required = named.iter().copied().filter(|(name, _)| {
                verb.spec()
                    .params
                    .iter()
                    .any(|p| p.name == *name && p.required)
            });
            assert_eq!(read_named(verb, required).map(|c| c.verb()), Ok(verb));
            if let Some(target) = from_text.target() {
                assert_eq!(target, Some(GameId(12)), "{typed}");
            }
            // Written for a button, it reads back the same.
            assert_eq!(parse(&write(&from_text)), Ok(from_text.clone()), "{typed}");
            // Each platform's help has its line, spelled as that platform types it.
            for platform in Platform::ALL {
                for locale in [Locale::En, Locale::Ru] {
                    let help = Msg::Help.text(Reader { locale, platform });
                    let usage = help::usage(verb, platform, locale);
                    let line = format!("  {usage} — {}", verb.spec().about(locale));
                    assert!(
                        help.lines().any(|l| l == line),
                        "{platform:?} {locale:?}: {line}"
                    );
                    assert!(usage.starts_with(&platform.spell(verb)), "{usage}");
                }
            }
        }
        assert_eq!(
            help::lines(Platform::Telegram, Locale::En).len(),
            Verb::ALL.len(),
            "one line per command"
        );
    }
}
