//! Reading commands: from typed text (`/spirit red master #3`, `new through
//! time=1d`, or a bare move `e2e4`), and from values a platform passes by
//! name (Discord's options). Both read each value by its parameter's
//! [`Kind`](super::Kind) and build the [`Command`] in one place.

use seance_engine::catalogue::GameType;

use super::{
    Command, MAX_INPUT, NewGame, Param, ParseError, Proposal, Setting, Target, Value, Verb,
};
use crate::store::GameId;

/// A value a platform passes by name: text, or a number it read itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Named<'a> {
    /// Text, to be read by the parameter's kind.
    Text(&'a str),
    /// An integer option.
    Number(i64),
}

/// The values given for a command's parameters, in the order given.
#[derive(Default)]
struct Args(Vec<(&'static str, Value)>);

impl Args {
    /// The first value that `pick` takes.
    fn find<T>(&self, pick: impl Fn(&Value) -> Option<T>) -> Option<T> {
        self.0.iter().find_map(|(_, value)| pick(value))
    }

    fn target(&self) -> Target {
        self.find(|v| match v {
            Value::Number(id) => Some(*id),
            _ => None,
        })
    }

    fn colour(&self) -> Option<seance_engine::Color> {
        self.find(|v| match v {
            Value::Colour(color) => Some(*color),
            _ => None,
        })
    }

    fn game(&self) -> Option<GameType> {
        self.find(|v| match v {
            Value::Game(game) => Some(*game),
            _ => None,
        })
    }

    fn text(&self) -> Option<String> {
        self.find(|v| match v {
            Value::Text(text) => Some(text.clone()),
            _ => None,
        })
    }
}

/// Reads a typed command. A leading `/` and a `@botname` suffix are allowed;
/// `#N` anywhere names the game; a text of up to three words that starts
/// with no command word is read as a move.
pub fn parse(text: &str) -> Result<Command, ParseError> {
    if text.len() > MAX_INPUT {
        return Err(ParseError::TooLong);
    }
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let number = words
        .iter()
        .position(|w| w.starts_with('#'))
        .map(|i| words.remove(i));
    let Some(first) = words.first() else {
        return match number {
            Some(_) => with_target(Command::Status(None), number),
            None => Err(ParseError::Usage(Verb::Help)),
        };
    };
    let slash = first.starts_with('/');
    let word = first.trim_start_matches('/');
    let word = word.split('@').next().unwrap_or(word);
    match Verb::named(word) {
        Some(verb) => with_target(read_words(verb, &words[1..])?, number),
        None if slash || words.len() > 3 => Err(ParseError::Unknown(
            word.to_lowercase().chars().take(40).collect(),
        )),
        // Not a command word: a move typed on its own.
        None => with_target(Command::Move(None, words.join(" ")), number),
    }
}

/// A move typed in reply to the board of `game`.
pub fn reply_move(game: GameId, text: &str) -> Result<Command, ParseError> {
    if text.len() > MAX_INPUT {
        return Err(ParseError::TooLong);
    }
    Ok(Command::Move(Some(game), text.trim().to_string()))
}

/// `command` about the game numbered by the word `number` (`#12`), if given.
fn with_target(mut command: Command, number: Option<&str>) -> Result<Command, ParseError> {
    let Some(number) = number else {
        return Ok(command);
    };
    let verb = command.verb();
    let id = number
        .trim_start_matches('#')
        .parse()
        .map_err(|_| ParseError::Usage(verb))?;
    match command.target_mut() {
        Some(target) => *target = Some(GameId(id)),
        None => return Err(ParseError::Usage(verb)),
    }
    Ok(command)
}

/// Reads the words after a command's name: keyed values (`time=1d`, or
/// `language ru`), options (`board=fire`), then positional ones in order;
/// a move takes every word left.
fn read_words(verb: Verb, words: &[&str]) -> Result<Command, ParseError> {
    let spec = verb.spec();
    let keyed = |key: &str| spec.params.iter().find(|p| p.keyed && p.is_called(key));
    let options = spec.params.iter().find(|p| p.kind == super::Kind::Options);
    let mut positional = spec
        .params
        .iter()
        .filter(|p| !p.keyed && !matches!(p.kind, super::Kind::Options | super::Kind::GameNumber));
    let mut args = Args::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        if let Some((key, value)) = word.split_once('=') {
            if let Some(param) = keyed(key) {
                args.0.push((param.name, read_value(verb, param, value)?));
                i += 1;
                continue;
            }
            if let Some(param) = options {
                match args.0.iter_mut().find(|(name, _)| *name == param.name) {
                    Some((_, Value::Words(all))) => all.push(word.to_string()),
                    _ => args
                        .0
                        .push((param.name, Value::Words(vec![word.to_string()]))),
                }
                i += 1;
                continue;
            }
        }
        if let (Some(param), Some(value)) = (keyed(word), words.get(i + 1)) {
            args.0.push((param.name, read_value(verb, param, value)?));
            i += 2;
            continue;
        }
        // The next positional parameter that reads the word: an optional
        // one that does not may be left out.
        let mut refused = None;
        let (param, value) = loop {
            let Some(param) = positional.next() else {
                return Err(refused.unwrap_or(ParseError::Usage(verb)));
            };
            if param.kind == super::Kind::Move {
                break (param, Value::Text(words[i..].join(" ")));
            }
            match read_value(verb, param, word) {
                Ok(value) => break (param, value),
                Err(error) if !param.required => {
                    refused.get_or_insert(error);
                }
                Err(error) => return Err(error),
            }
        };
        let rest = param.kind == super::Kind::Move;
        args.0.push((param.name, value));
        if rest {
            break;
        }
        i += 1;
    }
    build(verb, &args)
}

/// Reads the values a platform passes by name (a name the command does not
/// have, from an older registration, is ignored).
pub fn read_named<'a>(
    verb: Verb,
    values: impl IntoIterator<Item = (&'a str, Named<'a>)>,
) -> Result<Command, ParseError> {
    let mut args = Args::default();
    for (name, given) in values {
        let Some(param) = verb.spec().params.iter().find(|p| p.name == name) else {
            continue;
        };
        let value = match given {
            Named::Number(n) if param.kind == super::Kind::GameNumber => Value::Number(GameId(n)),
            Named::Number(n) => read_value(verb, param, &n.to_string())?,
            Named::Text(text) => read_value(verb, param, text)?,
        };
        args.0.push((param.name, value));
    }
    build(verb, &args)
}

/// A parameter's value, or why it is not one.
fn read_value(verb: Verb, param: &Param, text: &str) -> Result<Value, ParseError> {
    param.kind.read(text).ok_or_else(|| ParseError::BadValue {
        verb,
        kind: param.kind,
        given: text.chars().take(30).collect(),
    })
}

/// The command of `verb` with `args`, once its required parameters are there.
fn build(verb: Verb, args: &Args) -> Result<Command, ParseError> {
    let given = |param: &Param| args.0.iter().any(|(name, _)| *name == param.name);
    if !verb.spec().params.iter().filter(|p| p.required).all(given) {
        return Err(ParseError::Usage(verb));
    }
    let target = args.target();
    let missing = || ParseError::Usage(verb);
    Ok(match verb {
        Verb::New => {
            let game = args
                .find(|v| match v {
                    Value::Game(game) => Some(*game),
                    _ => None,
                })
                .ok_or_else(missing)?;
            let mut new = NewGame::of(game);
            for (name, value) in &args.0 {
                match value {
                    Value::Text(setup) if *name == "setup" => new.setup = Some(setup.clone()),
                    Value::Words(options) => new.options.extend(options.iter().cloned()),
                    Value::Time(time) => new.time = Some(*time),
                    Value::Timeout(policy) => new.timeout = Some(*policy),
                    Value::Colour(color) => new.color = Some(*color),
                    Value::Seating(roll) => new.seating_roll = Some(*roll),
                    Value::Switch(on) if *name == "rated" => new.rated = Some(*on),
                    _ => {}
                }
            }
            Command::New(new)
        }
        Verb::Join => Command::Join(target, args.colour()),
        Verb::Leave => Command::Leave(target),
        Verb::Spirit => Command::Spirit(
            target,
            args.colour().ok_or_else(missing)?,
            args.find(|v| match v {
                Value::Level(level) => Some(*level),
                _ => None,
            }),
        ),
        Verb::Start => Command::Start(target),
        Verb::Move => Command::Move(target, args.text().ok_or_else(missing)?),
        Verb::Board => Command::Board(target),
        Verb::Moves => Command::Moves(target, args.text()),
        Verb::Resign => Command::Resign(target),
        Verb::Draw => Command::Offer(target, Proposal::Draw),
        Verb::Exchange => Command::Offer(
            target,
            Proposal::Exchange(args.colour().ok_or_else(missing)?),
        ),
        Verb::Accept => Command::Accept(target),
        Verb::Decline => Command::Decline(target),
        Verb::Takeback => Command::Takeback(target),
        Verb::Status => Command::Status(target),
        Verb::Games => Command::Games,
        Verb::Record => Command::Record(target),
        Verb::Verify => Command::Verify(target),
        Verb::Rating => Command::Rating(args.text(), args.game()),
        Verb::Top => Command::Top(
            args.game(),
            args.find(|v| match v {
                Value::Overall(all) => Some(*all),
                _ => None,
            })
            .unwrap_or(false),
        ),
        Verb::Link => Command::Link(args.text()),
        Verb::Settings => Command::Settings(
            args.0
                .iter()
                .filter_map(|(name, value)| match value {
                    Value::Language(locale) if *name == "chat" => {
                        Some(Setting::ChatLanguage(*locale))
                    }
                    Value::Language(locale) => Some(Setting::Language(*locale)),
                    Value::Switch(on) if *name == "dm" => Some(Setting::DirectMessages(*on)),
                    Value::Switch(on) if *name == "ranking" => Some(Setting::Ranking(*on)),
                    Value::Switch(on) => Some(Setting::Reminders(*on)),
                    Value::Quiet(hours) => Some(Setting::Quiet(*hours)),
                    Value::Offset(minutes) => Some(Setting::TimeZone(*minutes)),
                    _ => None,
                })
                .collect(),
        ),
        Verb::Help => Command::Help(args.game()),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Kind, MoveTime};
    use super::*;
    use crate::service::i18n::Locale;
    use seance_engine::Color;
    use seance_engine::catalogue::GameType;
    use seance_engine::spirit::Level;
    use std::time::Duration;

    #[test]
    fn reads_commands_moves_and_targets() {
        assert_eq!(parse("e2e4"), Ok(Command::Move(None, "e2e4".into())));
        assert_eq!(parse("Qd1 xd8"), Ok(Command::Move(None, "Qd1 xd8".into())));
        assert_eq!(
            parse("/move@SeanceBot #12 е2е4"),
            Ok(Command::Move(Some(GameId(12)), "е2е4".into()))
        );
        assert_eq!(
            parse("move e7e8=S"),
            Ok(Command::Move(None, "e7e8=S".into()))
        );
        assert_eq!(parse("#7"), Ok(Command::Status(Some(GameId(7)))));
        assert_eq!(parse("help"), Ok(Command::Help(None)));
        assert_eq!(
            parse("help tamerlane"),
            Ok(Command::Help(Some(GameType::Tamerlane)))
        );
        assert_eq!(parse("join red"), Ok(Command::Join(None, Some(Color::Red))));
        assert_eq!(
            parse("join красные"),
            Ok(Command::Join(None, Some(Color::Red)))
        );
        assert_eq!(
            parse("spirit black master"),
            Ok(Command::Spirit(None, Color::Black, Some(Level::Master)))
        );
        assert_eq!(
            parse("exchange blue #3"),
            Ok(Command::Offer(
                Some(GameId(3)),
                Proposal::Exchange(Color::Blue)
            ))
        );
        let Ok(Command::New(new)) = parse("new enochian board=fire time=2d as=blue seating=roll")
        else {
            panic!("new is a command");
        };
        assert_eq!(new.game, GameType::Enochian);
        assert_eq!(new.options, ["board=fire"]);
        assert_eq!(
            (new.time, new.color),
            (
                Some(MoveTime::Limit(Duration::from_secs(2 * 86_400))),
                Some(Color::Blue)
            )
        );
        assert_eq!(new.seating_roll, Some(true));
        assert_eq!(
            parse("settings language ru quiet 23:00-07:30 dm=on"),
            Ok(Command::Settings(vec![
                Setting::Language(Locale::Ru),
                Setting::Quiet(Some((1380, 450))),
                Setting::DirectMessages(true),
            ]))
        );
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert_eq!(parse(&"x".repeat(10_000)), Err(ParseError::TooLong));
        assert_eq!(
            parse("/frobnicate"),
            Err(ParseError::Unknown("frobnicate".into()))
        );
        assert_eq!(
            parse("robert'); DROP TABLE games; --"),
            Err(ParseError::Unknown("robert');".into()))
        );
        assert_eq!(parse("leave now"), Err(ParseError::Usage(Verb::Leave)));
        assert_eq!(parse("#x board"), Err(ParseError::Usage(Verb::Board)));
        assert_eq!(parse("#3 games"), Err(ParseError::Usage(Verb::Games)));
        assert_eq!(parse("spirit"), Err(ParseError::Usage(Verb::Spirit)));
        assert_eq!(
            parse("spirit purple"),
            Err(ParseError::BadValue {
                verb: Verb::Spirit,
                kind: Kind::Colour,
                given: "purple".into()
            })
        );
        assert!(matches!(
            parse("new chess"),
            Err(ParseError::BadValue {
                kind: Kind::Game,
                ..
            })
        ));
        assert!(matches!(
            parse("settings dm maybe"),
            Err(ParseError::BadValue {
                kind: Kind::Switch,
                ..
            })
        ));
    }

    #[test]
    fn named_values_build_the_same_commands() {
        let named = |verb, values: &[(&'static str, Named<'static>)]| {
            read_named(verb, values.iter().copied())
        };
        assert_eq!(
            named(
                Verb::Move,
                &[("move", Named::Text("e2 e4")), ("game", Named::Number(12))]
            ),
            Ok(Command::Move(Some(GameId(12)), "e2 e4".into()))
        );
        assert_eq!(
            named(
                Verb::New,
                &[
                    ("game", Named::Text("enochian")),
                    ("options", Named::Text("board=fire setting=air")),
                    ("seating", Named::Text("roll")),
                ]
            ),
            parse("new enochian board=fire setting=air seating=roll")
        );
        assert_eq!(
            named(
                Verb::Settings,
                &[("language", Named::Text("ru")), ("dm", Named::Text("on"))]
            ),
            parse("settings language=ru dm=on")
        );
        assert_eq!(
            named(Verb::Exchange, &[]),
            Err(ParseError::Usage(Verb::Exchange))
        );
        assert_eq!(
            named(Verb::Board, &[("answer", Named::Text("accept"))]),
            Ok(Command::Board(None)),
            "an option of an older registration is ignored"
        );
    }
}
