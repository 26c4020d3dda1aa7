//! What a command's parameters hold: each [`Kind`] reads its [`Value`] from
//! what a player typed (in English or Russian), and names its fixed choices
//! for menus.

use seance_engine::Color;
use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;

use super::MoveTime;
use crate::duration;
use crate::service::i18n::{self, Locale};
use crate::store::{GameId, TimeoutPolicy};

/// What a parameter holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A game of the catalogue, by id.
    Game,
    /// A game's number in the chat: `#12`.
    GameNumber,
    /// An army's colour.
    Colour,
    /// A spirit's strength.
    Level,
    /// A move, in any usual notation.
    Move,
    /// A square of the board.
    Square,
    /// A named setup of a game.
    Setup,
    /// Game options, `KEY=VALUE` each.
    Options,
    /// Time per move: a duration or `none`.
    Time,
    /// What happens when time runs out.
    Timeout,
    /// How seats are decided.
    Seating,
    /// A language the bot speaks.
    Language,
    /// On or off.
    Switch,
    /// Quiet hours, `23:00-08:00`, or `off`.
    Quiet,
    /// A time zone, `+03:00`.
    TimeZone,
    /// A player: `@name`, or a platform's mention.
    Player,
    /// The chat's ladder or the overall one.
    Ladder,
    /// A one-time code.
    Code,
}

/// A parameter's value, read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// A [`Kind::Game`].
    Game(GameType),
    /// A [`Kind::GameNumber`].
    Number(GameId),
    /// A [`Kind::Colour`].
    Colour(Color),
    /// A [`Kind::Level`].
    Level(Level),
    /// A move, square or setup as typed.
    Text(String),
    /// [`Kind::Options`], one `KEY=VALUE` each.
    Words(Vec<String>),
    /// A [`Kind::Time`].
    Time(MoveTime),
    /// A [`Kind::Timeout`].
    Timeout(TimeoutPolicy),
    /// A [`Kind::Seating`]: by a roll.
    Seating(bool),
    /// A [`Kind::Language`].
    Language(Locale),
    /// A [`Kind::Switch`].
    Switch(bool),
    /// [`Kind::Quiet`] hours, or none.
    Quiet(Option<(u16, u16)>),
    /// A [`Kind::TimeZone`], minutes ahead of UTC.
    Offset(i32),
    /// A [`Kind::Ladder`]: the overall one.
    Overall(bool),
}

/// One of a parameter's fixed values: what is typed, and its names in English and Russian.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The value as typed.
    pub value: &'static str,
    /// Its name in English.
    pub en: String,
    /// Its name in Russian.
    pub ru: String,
}

impl Choice {
    fn new(value: &'static str, en: &str, ru: &str) -> Choice {
        Choice {
            value,
            en: en.to_string(),
            ru: ru.to_string(),
        }
    }

    /// Its name in `locale`.
    pub fn name(&self, locale: Locale) -> &str {
        match locale {
            Locale::En => &self.en,
            Locale::Ru => &self.ru,
        }
    }
}

/// The spirit levels players may choose (the baselines are for measuring).
pub const LEVELS: [Level; 3] = [Level::Novice, Level::Adept, Level::Master];

/// Words for on and off, in both languages.
const ON: [&str; 4] = ["on", "yes", "да", "вкл"];
const OFF: [&str; 4] = ["off", "no", "нет", "выкл"];

impl Kind {
    /// Reads a value of this kind from what a player typed; `None` if it is not one.
    pub fn read(self, text: &str) -> Option<Value> {
        let text = text.trim();
        let lower = text.to_lowercase();
        let off = OFF.contains(&lower.as_str()) || lower == "none";
        Some(match self {
            Kind::Game => Value::Game(text.parse().ok()?),
            Kind::GameNumber => Value::Number(GameId(text.trim_start_matches('#').parse().ok()?)),
            Kind::Colour => Value::Colour(i18n::parse_color(text)?),
            Kind::Level => {
                let level = LEVELS
                    .into_iter()
                    .find(|l| l.name() == lower || i18n::level_name(*l, Locale::Ru) == lower)?;
                Value::Level(level)
            }
            Kind::Move | Kind::Square | Kind::Setup => {
                if text.is_empty() {
                    return None;
                }
                Value::Text(text.to_string())
            }
            Kind::Options => Value::Words(text.split_whitespace().map(str::to_string).collect()),
            Kind::Time if off || lower == "0" => Value::Time(MoveTime::Unlimited),
            Kind::Time => Value::Time(MoveTime::Limit(duration::parse(text)?)),
            Kind::Timeout => Value::Timeout(TimeoutPolicy::parse(&lower)?),
            Kind::Seating => match lower.as_str() {
                "roll" => Value::Seating(true),
                "fixed" => Value::Seating(false),
                _ => return None,
            },
            Kind::Language => Value::Language(Locale::parse(text)?),
            Kind::Switch if ON.contains(&lower.as_str()) => Value::Switch(true),
            Kind::Switch if off => Value::Switch(false),
            Kind::Switch => return None,
            Kind::Quiet if off => Value::Quiet(None),
            Kind::Quiet => {
                let (start, end) = text.split_once('-')?;
                let (start, end) = (clock_minutes(start)?, clock_minutes(end)?);
                if start == end {
                    return None;
                }
                Value::Quiet(Some((start, end)))
            }
            Kind::TimeZone => Value::Offset(utc_offset(text)?),
            Kind::Player => {
                let mention = text.starts_with('@') && text.len() > 1 || text.starts_with("<@");
                if !mention {
                    return None;
                }
                Value::Text(text.to_string())
            }
            Kind::Ladder => match lower.as_str() {
                "global" | "overall" | "all" | "общий" | "все" => Value::Overall(true),
                "chat" | "here" | "чат" | "здесь" => Value::Overall(false),
                _ => return None,
            },
            Kind::Code => {
                let code = text.chars().all(|c| c.is_ascii_alphanumeric());
                if !code || !(4..=16).contains(&text.len()) {
                    return None;
                }
                Value::Text(text.to_string())
            }
        })
    }

    /// The fixed values of this kind, if it has them.
    pub fn choices(self) -> Vec<Choice> {
        match self {
            Kind::Game => named(GameType::ALL, GameType::id, i18n::game_name),
            Kind::Colour => named(Color::ALL, Color::name, |c, l| {
                i18n::color_name(c, l).to_string()
            }),
            Kind::Level => named(LEVELS, Level::name, |level, l| {
                i18n::level_name(level, l).to_string()
            }),
            Kind::Timeout => vec![
                Choice::new("spirit", "a spirit plays on", "играет дух"),
                Choice::new("forfeit", "the seat loses", "поражение"),
            ],
            Kind::Seating => vec![
                Choice::new("fixed", "as players sit", "как сели"),
                Choice::new("roll", "by a roll of the dice", "по броску костей"),
            ],
            Kind::Language => vec![
                Choice::new("en", "English", "английский"),
                Choice::new("ru", "Russian", "русский"),
            ],
            Kind::Switch => vec![
                Choice::new("on", "on", "вкл"),
                Choice::new("off", "off", "выкл"),
            ],
            Kind::Ladder => vec![
                Choice::new("chat", "this chat", "этот чат"),
                Choice::new("global", "everywhere", "везде"),
            ],
            _ => Vec::new(),
        }
    }

    /// Whether the bot suggests values as the player types (on Discord).
    pub fn suggested(self) -> bool {
        matches!(self, Kind::Move | Kind::Setup | Kind::Options)
    }
}

/// The choices of `values`, typed as `value` gives and named as `name` gives.
fn named<T: Copy>(
    values: impl IntoIterator<Item = T>,
    value: fn(T) -> &'static str,
    name: impl Fn(T, Locale) -> String,
) -> Vec<Choice> {
    values
        .into_iter()
        .map(|v| Choice {
            value: value(v),
            en: name(v, Locale::En),
            ru: name(v, Locale::Ru),
        })
        .collect()
}

/// `HH:MM` as minutes after midnight.
fn clock_minutes(text: &str) -> Option<u16> {
    let (hours, minutes) = text.trim().split_once(':')?;
    let (hours, minutes): (u16, u16) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

/// `+03:00`, `-5`, `UTC+3` as minutes ahead of UTC.
fn utc_offset(text: &str) -> Option<i32> {
    let text = text
        .trim()
        .trim_start_matches("UTC")
        .trim_start_matches("utc");
    let (sign, rest) = match text.chars().next()? {
        '+' => (1, &text[1..]),
        '-' => (-1, &text[1..]),
        _ => (1, text),
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    let (hours, minutes): (i32, i32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 60 + minutes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_in_both_languages_and_nonsense_is_not() {
        assert_eq!(
            Kind::Colour.read("Чёрные"),
            Some(Value::Colour(Color::Black))
        );
        assert_eq!(Kind::Colour.read("purple"), None);
        assert_eq!(
            Kind::Level.read("мастер"),
            Some(Value::Level(Level::Master))
        );
        assert_eq!(
            Kind::Level.read("random"),
            None,
            "a baseline, not for players"
        );
        assert_eq!(
            Kind::Game.read("Chaturaji-Classic"),
            Some(Value::Game(GameType::ChaturajiClassic))
        );
        assert_eq!(
            Kind::GameNumber.read("#12"),
            Some(Value::Number(GameId(12)))
        );
        assert_eq!(Kind::GameNumber.read("#abc"), None);
        assert_eq!(
            Kind::Time.read("none"),
            Some(Value::Time(MoveTime::Unlimited))
        );
        assert_eq!(Kind::Time.read("forever"), None);
        assert_eq!(Kind::Switch.read("да"), Some(Value::Switch(true)));
        assert_eq!(Kind::Switch.read("perhaps"), None);
        assert_eq!(Kind::Quiet.read("off"), Some(Value::Quiet(None)));
        assert_eq!(
            Kind::Quiet.read("23:30-07:00"),
            Some(Value::Quiet(Some((1410, 420))))
        );
        assert_eq!(Kind::Quiet.read("24:00-07:00"), None);
        assert_eq!(Kind::TimeZone.read("+03:00"), Some(Value::Offset(180)));
        assert_eq!(Kind::TimeZone.read("UTC-5"), Some(Value::Offset(-300)));
        assert_eq!(Kind::TimeZone.read("+5:30"), Some(Value::Offset(330)));
        assert_eq!(Kind::TimeZone.read("moscow"), None);
        // Every fixed choice reads back as a value of its kind.
        for kind in [
            Kind::Game,
            Kind::Colour,
            Kind::Level,
            Kind::Timeout,
            Kind::Seating,
            Kind::Language,
            Kind::Switch,
            Kind::Ladder,
        ] {
            for choice in kind.choices() {
                assert!(
                    kind.read(choice.value).is_some(),
                    "{kind:?} {}",
                    choice.value
                );
            }
        }
    }
}
