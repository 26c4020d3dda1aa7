//! A command written the way [`parse`](super::parse) reads it back: the data
//! of a button, which a platform keeps as text and hands back when pressed.

use super::{Command, MoveTime, Proposal, Setting};
use crate::duration;

/// The shortest text that [`parse`](super::parse) reads as `command`.
pub fn write(command: &Command) -> String {
    let mut words = vec![command.verb().name().to_string()];
    match command {
        Command::New(new) => {
            words.push(new.game.id().to_string());
            words.extend(new.setup.iter().map(|s| format!("setup={s}")));
            words.extend(new.options.iter().cloned());
            words.extend(new.time.map(|time| match time {
                MoveTime::Unlimited => "time=none".to_string(),
                MoveTime::Limit(limit) => format!("time={}", duration::format(limit)),
            }));
            words.extend(new.timeout.map(|t| format!("timeout={}", t.name())));
            words.extend(new.color.map(|c| format!("as={c}")));
            words.extend(
                new.seating_roll
                    .map(|roll| format!("seating={}", if roll { "roll" } else { "fixed" })),
            );
            words.extend(
                new.rated
                    .map(|on| format!("rated={}", if on { "on" } else { "off" })),
            );
        }
        Command::Join(_, color) => words.extend(color.map(|c| c.to_string())),
        Command::Spirit(_, color, level) => {
            words.push(color.to_string());
            words.extend(level.map(|l| l.name().to_string()));
        }
        Command::Move(_, text) => words.push(text.clone()),
        Command::Moves(_, from) => words.extend(from.iter().cloned()),
        Command::Offer(_, Proposal::Exchange(king)) => words.push(king.to_string()),
        Command::Settings(settings) => words.extend(settings.iter().map(setting)),
        Command::Rating(player, game) => {
            words.extend(player.iter().cloned());
            words.extend(game.map(|g| g.id().to_string()));
        }
        Command::Top(game, overall) => {
            words.extend(game.map(|g| g.id().to_string()));
            if *overall {
                words.push("global".to_string());
            }
        }
        Command::Link(code) => words.extend(code.iter().cloned()),
        Command::Leave(_)
        | Command::Start(_)
        | Command::Board(_)
        | Command::Resign(_)
        | Command::Offer(_, Proposal::Draw)
        | Command::Accept(_)
        | Command::Decline(_)
        | Command::Takeback(_)
        | Command::Status(_)
        | Command::Games
        | Command::Record(_)
        | Command::Verify(_)
        | Command::Help(None) => {}
        Command::Help(Some(game)) => words.push(game.id().to_string()),
    }
    if let Some(Some(game)) = command.target() {
        words.push(format!("#{}", game.0));
    }
    words.join(" ")
}

/// A setting as `key=value`.
fn setting(setting: &Setting) -> String {
    let on = |yes: bool| if yes { "on" } else { "off" };
    let hm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
    match setting {
        Setting::Language(locale) => format!("language={}", locale.code()),
        Setting::ChatLanguage(locale) => format!("chat={}", locale.code()),
        Setting::Reminders(yes) => format!("reminders={}", on(*yes)),
        Setting::DirectMessages(yes) => format!("dm={}", on(*yes)),
        Setting::Ranking(yes) => format!("ranking={}", on(*yes)),
        Setting::Quiet(None) => "quiet=off".to_string(),
        Setting::Quiet(Some((start, end))) => format!("quiet={}-{}", hm(*start), hm(*end)),
        Setting::TimeZone(minutes) => {
            let sign = if *minutes < 0 { '-' } else { '+' };
            let minutes = minutes.abs();
            format!("timezone={sign}{:02}:{:02}", minutes / 60, minutes % 60)
        }
    }
}
