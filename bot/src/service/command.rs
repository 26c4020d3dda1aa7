//! Commands: what a player asks of the bot, whatever the platform, and the
//! text form typed in the terminal or in a Telegram message (`/move e2e4`,
//! `move e2e4`, or just `e2e4`). Discord's slash commands build them directly.

use crate::store::GameId;

/// The longest input read as a command; anything longer is refused unread.
pub const MAX_INPUT: usize = 500;

/// Which game a command is about: `#12`, or the one in play in the chat.
pub type Target = Option<GameId>;

/// A request to set up a new game.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct NewGame {
    /// The game's catalogue id.
    pub game: String,
    /// A named setup.
    pub setup: Option<String>,
    /// Game options, `KEY=VALUE`.
    pub options: Vec<String>,
    /// Time per move (`3d`), `none` for no clock; the bot's default if unset.
    pub time: Option<String>,
    /// `spirit` or `forfeit`; the bot's default if unset.
    pub timeout: Option<String>,
    /// The colour the creator takes; the first seat if unset.
    pub color: Option<String>,
    /// Seats drawn by a roll at the start (`seating=roll`) instead of chosen.
    pub seating_roll: bool,
}

/// The setting a player changes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Setting {
    /// `en` or `ru`.
    Language(String),
    /// Reminders before deadlines, on or off.
    Reminders(bool),
    /// Quiet hours `HH:MM-HH:MM`, or none.
    Quiet(Option<String>),
    /// The time zone, `+03:00`.
    TimeZone(String),
    /// Direct messages from the bot, on or off.
    DirectMessages(bool),
}

/// An offer one seat makes to the others.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Proposal {
    /// A draw (in games of points: stop and count).
    Draw,
    /// Enochian chess: exchange prisoner kings, giving back this colour's king.
    Exchange(String),
}

/// Everything a player can ask.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Set up a new game in this chat.
    New(NewGame),
    /// Take a seat: this colour, or the first free one.
    Join(Target, Option<String>),
    /// Give up one's seat before the start.
    Leave(Target),
    /// Let a spirit of this level play the seat of this colour.
    Spirit(Target, String, Option<String>),
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
    /// Change one's settings (none: show them).
    Settings(Vec<Setting>),
    /// The list of commands.
    Help,
}

/// Why a text is not a command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseError {
    /// Longer than [`MAX_INPUT`].
    TooLong,
    /// The first word is no command (and the text is no move).
    Unknown(String),
    /// The command's words do not fit; its usage.
    Usage(&'static str),
}

impl Command {
    /// The game the command is about, if it is about one.
    pub fn target(&self) -> Option<Target> {
        match self {
            Command::New(_) | Command::Games | Command::Settings(_) | Command::Help => None,
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
            | Command::Verify(t) => Some(*t),
        }
    }

    /// Reads a typed command. A leading `/` and a `@botname` suffix are
    /// allowed; a text that is no command word is read as a move.
    pub fn parse(text: &str) -> Result<Command, ParseError> {
        if text.len() > MAX_INPUT {
            return Err(ParseError::TooLong);
        }
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() {
            return Err(ParseError::Usage("help"));
        }
        // A game number anywhere: `#12`.
        let mut target = None;
        if let Some(i) = words.iter().position(|w| w.starts_with('#')) {
            let id = words[i][1..]
                .parse::<i64>()
                .map_err(|_| ParseError::Usage("#<game number>"))?;
            target = Some(GameId(id));
            words.remove(i);
        }
        let Some(first) = words.first() else {
            return Ok(Command::Status(target));
        };
        let slash = first.starts_with('/');
        let word = first.trim_start_matches('/');
        let word = word.split('@').next().unwrap_or(word).to_lowercase();
        let rest = &words[1..];
        let one = |usage| match rest {
            [] => Ok(None),
            [x] => Ok(Some(x.to_string())),
            _ => Err(ParseError::Usage(usage)),
        };
        let none = |usage, command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(ParseError::Usage(usage))
            }
        };
        match word.as_str() {
            "new" => parse_new(rest),
            "join" => Ok(Command::Join(target, one("join [colour]")?)),
            "leave" => none("leave", Command::Leave(target)),
            "spirit" => match rest {
                [color] => Ok(Command::Spirit(target, color.to_string(), None)),
                [color, level] => Ok(Command::Spirit(
                    target,
                    color.to_string(),
                    Some(level.to_string()),
                )),
                _ => Err(ParseError::Usage("spirit <colour> [novice|adept|master]")),
            },
            "start" => none("start", Command::Start(target)),
            "move" | "m" => match rest {
                [] => Err(ParseError::Usage("move e2e4")),
                _ => Ok(Command::Move(target, rest.join(" "))),
            },
            "board" => none("board", Command::Board(target)),
            "moves" => Ok(Command::Moves(target, one("moves [square]")?)),
            "resign" => none("resign", Command::Resign(target)),
            "draw" => none("draw", Command::Offer(target, Proposal::Draw)),
            "exchange" => match rest {
                [color] => Ok(Command::Offer(
                    target,
                    Proposal::Exchange(color.to_string()),
                )),
                _ => Err(ParseError::Usage(
                    "exchange <colour of the king you give back>",
                )),
            },
            "accept" => none("accept", Command::Accept(target)),
            "decline" => none("decline", Command::Decline(target)),
            "takeback" => none("takeback", Command::Takeback(target)),
            "status" => none("status", Command::Status(target)),
            "games" => none("games", Command::Games),
            "record" => none("record", Command::Record(target)),
            "verify" => none("verify", Command::Verify(target)),
            "settings" => parse_settings(rest),
            "help" => Ok(Command::Help),
            _ if slash => Err(ParseError::Unknown(word)),
            // Not a command word: a move typed on its own.
            _ if words.len() <= 3 => Ok(Command::Move(target, words.join(" "))),
            _ => Err(ParseError::Unknown(word)),
        }
    }
}

fn parse_new(words: &[&str]) -> Result<Command, ParseError> {
    const USAGE: &str = "new <game> [setup=NAME] [KEY=VALUE]... [time=3d|none] [timeout=spirit|forfeit] [as=COLOUR] [seating=roll]";
    let Some((game, rest)) = words.split_first() else {
        return Err(ParseError::Usage(USAGE));
    };
    let mut new = NewGame {
        game: game.to_lowercase(),
        ..NewGame::default()
    };
    for word in rest {
        let Some((key, value)) = word.split_once('=') else {
            return Err(ParseError::Usage(USAGE));
        };
        match key.to_lowercase().as_str() {
            "setup" => new.setup = Some(value.to_string()),
            "time" => new.time = Some(value.to_string()),
            "timeout" => new.timeout = Some(value.to_string()),
            "as" => new.color = Some(value.to_string()),
            "seating" if value == "roll" => new.seating_roll = true,
            "seating" if value == "fixed" => new.seating_roll = false,
            "seating" => return Err(ParseError::Usage(USAGE)),
            _ => new.options.push(word.to_string()),
        }
    }
    Ok(Command::New(new))
}

fn parse_settings(words: &[&str]) -> Result<Command, ParseError> {
    const USAGE: &str = "settings [language en|ru] [reminders on|off] [quiet 23:00-08:00|off] [timezone +03:00] [dm on|off]";
    let switch = |value: &str| match value.to_lowercase().as_str() {
        "on" | "yes" | "да" | "вкл" => Ok(true),
        "off" | "no" | "нет" | "выкл" => Ok(false),
        _ => Err(ParseError::Usage(USAGE)),
    };
    let mut settings = Vec::new();
    for pair in words.chunks(2) {
        let [key, value] = pair else {
            return Err(ParseError::Usage(USAGE));
        };
        settings.push(match key.to_lowercase().as_str() {
            "language" | "lang" => Setting::Language(value.to_string()),
            "reminders" => Setting::Reminders(switch(value)?),
            "quiet" if ["off", "none", "нет"].contains(value) => Setting::Quiet(None),
            "quiet" => Setting::Quiet(Some(value.to_string())),
            "timezone" | "tz" => Setting::TimeZone(value.to_string()),
            "dm" => Setting::DirectMessages(switch(value)?),
            _ => return Err(ParseError::Usage(USAGE)),
        });
    }
    Ok(Command::Settings(settings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commands_moves_and_targets() {
        assert_eq!(
            Command::parse("e2e4"),
            Ok(Command::Move(None, "e2e4".into()))
        );
        assert_eq!(
            Command::parse("Qd1 xd8"),
            Ok(Command::Move(None, "Qd1 xd8".into()))
        );
        assert_eq!(
            Command::parse("/move@SeanceBot #12 е2е4"),
            Ok(Command::Move(Some(GameId(12)), "е2е4".into()))
        );
        assert_eq!(
            Command::parse("join red"),
            Ok(Command::Join(None, Some("red".into())))
        );
        assert_eq!(
            Command::parse("spirit black master"),
            Ok(Command::Spirit(None, "black".into(), Some("master".into())))
        );
        let Ok(Command::New(new)) =
            Command::parse("new enochian board=fire time=2d as=blue seating=roll")
        else {
            panic!("new is a command");
        };
        assert_eq!(new.game, "enochian");
        assert_eq!(new.options, vec!["board=fire".to_string()]);
        assert_eq!(
            (new.time.as_deref(), new.color.as_deref()),
            (Some("2d"), Some("blue"))
        );
        assert!(new.seating_roll);
        assert_eq!(
            Command::parse("settings language ru quiet 23:00-07:30"),
            Ok(Command::Settings(vec![
                Setting::Language("ru".into()),
                Setting::Quiet(Some("23:00-07:30".into()))
            ]))
        );
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert_eq!(
            Command::parse(&"x".repeat(10_000)),
            Err(ParseError::TooLong)
        );
        assert_eq!(
            Command::parse("/frobnicate"),
            Err(ParseError::Unknown("frobnicate".into()))
        );
        assert_eq!(
            Command::parse("robert'); DROP TABLE games; --"),
            Err(ParseError::Unknown("robert');".into()))
        );
        assert!(matches!(
            Command::parse("leave now"),
            Err(ParseError::Usage(_))
        ));
        assert!(matches!(
            Command::parse("#x board"),
            Err(ParseError::Usage(_))
        ));
        assert!(matches!(
            Command::parse("settings dm maybe"),
            Err(ParseError::Usage(_))
        ));
    }
}
