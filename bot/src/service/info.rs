//! Looking, not touching: the board, legal moves, status, the chat's games,
//! a game's record, dice verification; and the player's settings.

use std::time::Duration;

use super::command::{Setting, Target};
use super::dice::{self, Verdict};
use super::i18n::{self, Locale, Msg};
use super::reply::Reply;
use super::table::{self, Table};
use super::{Caller, Outcome, Service};
use crate::duration;
use crate::store::Stage;

impl Service {
    pub(super) async fn board(&self, caller: &Caller, target: Target) -> Outcome {
        let table = self.target(caller, target, true).await?;
        let mine = table.seats_of(&caller.user);
        let viewer = table
            .acting()
            .filter(|s| mine.contains(s))
            .or(mine.first().copied());
        let text = self.headline(&table, caller.locale);
        Ok(vec![Reply {
            board: Some(table.board(viewer.or(table.acting()))),
            ..Reply::public(text)
        }])
    }

    /// One line about a game: number, name, stage or turn.
    fn headline(&self, table: &Table, locale: Locale) -> String {
        let record = &table.record;
        let name = i18n::game_name(&record.variant, locale);
        let state = match (record.stage, table.acting()) {
            (Stage::Open, _) => {
                let seated: Vec<String> = (0..record.seats.len() as u8)
                    .map(|s| {
                        Msg::SeatLine {
                            color: table.color_name(s, locale),
                            who: table.player(s, locale),
                        }
                        .text(locale)
                    })
                    .collect();
                format!(
                    "{} — {}",
                    stage_name(Stage::Open, locale),
                    seated.join("; ")
                )
            }
            (Stage::Playing, Some(seat)) => {
                let clock = record.deadline_ms.map(|d| {
                    let left = Duration::from_millis((d - self.now()).max(0) as u64);
                    format!(
                        ", {}",
                        Msg::Clock {
                            left: duration::format(left)
                        }
                        .text(locale)
                    )
                });
                format!(
                    "{} ({}){}",
                    table.color_name(seat, locale),
                    table.player(seat, locale),
                    clock.unwrap_or_default()
                )
            }
            _ => self.result(table, locale),
        };
        format!("#{} {name}: {state}", record.id.0)
    }

    /// The legal moves of the player's seat in the game, if it is their turn;
    /// for a front end's autocompletion. Anything amiss gives none.
    pub async fn legal_moves(&self, context: &super::Context, target: Target) -> Vec<String> {
        let Ok(caller) = self.caller(context).await else {
            return Vec::new();
        };
        let Ok(table) = self.target(&caller, target, false).await else {
            return Vec::new();
        };
        let mine = table.seats_of(&caller.user);
        if table.acting().is_some_and(|s| mine.contains(&s)) {
            table.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    pub(super) async fn moves(
        &self,
        caller: &Caller,
        target: Target,
        from: Option<String>,
    ) -> Outcome {
        let table = self.target(caller, target, false).await?;
        let mine = table.seats_of(&caller.user);
        if table.acting().filter(|s| mine.contains(s)).is_none() {
            return Err(Msg::NoMoves.into());
        }
        let from = from.map(|f| f.to_lowercase());
        let moves: Vec<String> = table
            .game
            .legal_moves()
            .into_iter()
            .filter(|m| from.as_ref().is_none_or(|f| m.starts_with(f.as_str())))
            .collect();
        let msg = if moves.is_empty() {
            Msg::NoMoves
        } else {
            Msg::Moves(moves)
        };
        Ok(vec![Reply::private(msg.text(caller.locale))])
    }

    pub(super) async fn status(&self, caller: &Caller, target: Target) -> Outcome {
        let locale = caller.locale;
        let table = self.target(caller, target, true).await?;
        let mut lines = vec![self.headline(&table, locale)];
        for seat in 0..table.record.seats.len() as u8 {
            lines.push(
                Msg::SeatLine {
                    color: table.color_name(seat, locale),
                    who: table.player(seat, locale),
                }
                .text(locale),
            );
        }
        lines.push(format!("seed: {}", table.record.seed_hash));
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    pub(super) async fn games(&self, caller: &Caller) -> Outcome {
        let ids = self.store.chat_games(caller.chat, 5).await?;
        let mut lines = Vec::new();
        for id in ids {
            if let Some(record) = self.store.load_game(id).await? {
                lines.push(self.headline(&self.replays.table(record)?, caller.locale));
            }
        }
        let msg = if lines.is_empty() {
            Msg::NoGames
        } else {
            Msg::GameList(lines)
        };
        Ok(vec![Reply::public(msg.text(caller.locale))])
    }

    pub(super) async fn record(&self, caller: &Caller, target: Target) -> Outcome {
        let table = self.target(caller, target, true).await?;
        let record = &table.record;
        let mut lines = vec![
            format!("# game {} #{}", record.variant, record.id.0),
            format!("# setup {}", record.setup.as_deref().unwrap_or("default")),
        ];
        lines.extend(record.options.iter().map(|o| format!("# option {o}")));
        for seat in 0..record.seats.len() as u8 {
            lines.push(format!(
                "# seat {} {}",
                table.color(seat).name(),
                table.player(seat, Locale::En)
            ));
        }
        lines.push(format!("# seed-hash {}", record.seed_hash));
        if record.stage == Stage::Over {
            lines.push(format!("# seed {}", dice::hex(&record.seed)));
        }
        lines.extend(record.log.iter().cloned());
        Ok(vec![Reply::public(lines.join("\n"))])
    }

    pub(super) async fn verify(&self, caller: &Caller, target: Target) -> Outcome {
        let table = self.target(caller, target, true).await?;
        let record = &table.record;
        let id = record.id.0;
        if record.stage != Stage::Over {
            let msg = Msg::SeedSealed {
                id,
                commitment: record.seed_hash.clone(),
            };
            return Ok(vec![Reply::public(msg.text(caller.locale))]);
        }
        let verdict = dice::verify(
            &record.variant,
            table::start(record),
            table::options(record)?,
            &record.log,
            &record.seed,
            &record.seed_hash,
        );
        let msg = match verdict {
            Verdict::Fair { rolls } => Msg::Fair {
                id,
                rolls,
                seed: dice::hex(&record.seed),
            },
            other => Msg::Unfair {
                id,
                why: format!("{other:?}"),
            },
        };
        Ok(vec![Reply::public(msg.text(caller.locale))])
    }

    pub(super) async fn settings(&self, caller: &Caller, changes: Vec<Setting>) -> Outcome {
        let mut settings = caller.user.settings.clone();
        let mut locale = caller.locale;
        for change in changes {
            match change {
                Setting::Language(text) => {
                    let chosen =
                        Locale::parse(&text).ok_or_else(|| Msg::BadSetting(clip(&text)))?;
                    settings.locale = Some(chosen.code().to_string());
                    locale = chosen;
                }
                Setting::Reminders(on) => settings.reminders = on,
                Setting::DirectMessages(on) => settings.direct_messages = on,
                Setting::Quiet(None) => settings.quiet = None,
                Setting::Quiet(Some(text)) => {
                    let (start, end) = text
                        .split_once('-')
                        .ok_or_else(|| Msg::BadSetting(clip(&text)))?;
                    let (start, end) = (clock_minutes(start), clock_minutes(end));
                    match (start, end) {
                        (Some(start), Some(end)) if start != end => {
                            settings.quiet = Some((start, end))
                        }
                        _ => return Err(Msg::BadSetting(clip(&text)).into()),
                    }
                }
                Setting::TimeZone(text) => {
                    settings.utc_offset_minutes =
                        utc_offset(&text).ok_or_else(|| Msg::BadSetting(clip(&text)))?;
                }
            }
        }
        self.store.save_settings(caller.user.id, &settings).await?;
        let summary = describe(&settings, locale);
        Ok(vec![Reply::private(
            Msg::SettingsSaved(summary).text(locale),
        )])
    }
}

/// The stage of a game, in `locale`.
fn stage_name(stage: Stage, locale: Locale) -> &'static str {
    match (stage, locale) {
        (Stage::Open, Locale::En) => "waiting for players",
        (Stage::Open, Locale::Ru) => "ждёт игроков",
        (Stage::Playing, Locale::En) => "in play",
        (Stage::Playing, Locale::Ru) => "идёт",
        (Stage::Over, Locale::En) => "over",
        (Stage::Over, Locale::Ru) => "окончена",
    }
}

/// At most 20 characters of what a player typed, to quote back.
fn clip(text: &str) -> String {
    text.chars().take(20).collect()
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

/// A player's settings in one line.
fn describe(settings: &crate::store::Settings, locale: Locale) -> String {
    let hm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
    let offset = settings.utc_offset_minutes;
    let sign = if offset < 0 { '-' } else { '+' };
    format!(
        "language {}, reminders {}, quiet {}, timezone UTC{sign}{:02}:{:02}, dm {}",
        settings.locale.as_deref().unwrap_or(locale.code()),
        if settings.reminders { "on" } else { "off" },
        settings
            .quiet
            .map_or("off".to_string(), |(s, e)| format!("{}-{}", hm(s), hm(e))),
        offset.abs() / 60,
        offset.abs() % 60,
        if settings.direct_messages {
            "on"
        } else {
            "off"
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_clock_times_and_time_zones() {
        assert_eq!(clock_minutes("23:30"), Some(1410));
        assert_eq!(clock_minutes("24:00"), None);
        assert_eq!(utc_offset("+03:00"), Some(180));
        assert_eq!(utc_offset("UTC-5"), Some(-300));
        assert_eq!(utc_offset("+5:30"), Some(330));
        assert_eq!(utc_offset("moscow"), None);
    }
}
