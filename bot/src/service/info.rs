//! Looking, not touching: the board, legal moves, status, the chat's games,
//! a game's record, dice verification; and the player's settings.

use std::time::Duration;

use super::dice::{self, Verdict};
use super::i18n::{self, Locale, Msg, Reader};
use super::reply::{About, Board, Reply};
use super::table::{self, Table};
use super::{Caller, Fit, Outcome, Service};
use crate::commands::{Setting, Target};
use crate::platform::Platform;
use crate::record::Record;
use crate::store::{GameId, Stage};
use seance_engine::MoveInfo;
use seance_engine::Seat;

/// Where a player stands in a game: see [`Service::standing`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Standing {
    /// Their move: the legal moves, each with what it does.
    ToMove(Vec<(String, MoveInfo)>),
    /// Seated in the game in play, another seat to move; why they wait.
    Waiting(String),
    /// Not theirs to act in (no seat, not started, over): why, for them.
    Refused(String),
}

impl Standing {
    /// The legal moves, when it is the player's turn.
    pub fn moves(&self) -> Vec<String> {
        match self {
            Standing::ToMove(moves) => moves.iter().map(|(text, _)| text.clone()).collect(),
            _ => Vec::new(),
        }
    }
}

/// A game as its web page shows it: to anyone, and what its viewer, if the
/// page knows who that is, may do in it.
#[derive(Clone, Debug)]
pub struct Page {
    /// The game's number and name, and whose turn it is or how it ended.
    pub headline: String,
    /// The board, turned to the viewer's seat, else the game's own viewpoint.
    pub board: Board,
    /// The actions so far, as the game's log writes them.
    pub log: Vec<String>,
    /// The game's record, as the `record` command writes it.
    pub record: String,
    /// Changes with every action: a page asks for it to know when to reload.
    pub version: i64,
    /// The game is in play (not waiting for players, not over).
    pub playing: bool,
    /// The viewer's part in the game, if the page knows the viewer.
    pub you: Option<You>,
}

/// A viewer's part in a game, for the page's buttons: read only.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct You {
    /// The viewer's seats (a player of two colours holds two).
    pub seats: Vec<Seat>,
    /// The legal moves, each with what it does, when one of those seats is
    /// to move.
    pub moves: Vec<(String, MoveInfo)>,
    /// An offer or a takeback waits for the viewer's answer.
    pub asked: bool,
}

impl Service {
    /// The page of game `id` in `locale`, for `viewer` if the page knows who
    /// looks; or what to say instead: no such game, or a game that cannot be
    /// read. The board is drawn for the viewer's seat (the one to move, if
    /// theirs), and comes without a replay.
    pub async fn page(
        &self,
        id: GameId,
        locale: Locale,
        viewer: Option<&super::Viewer>,
    ) -> Result<Page, String> {
        let reader = Reader {
            locale,
            platform: Platform::Terminal,
        };
        let table = match self.open(id).await {
            Ok(Some(table)) => table,
            Ok(None) => return Err(Msg::NoGameNumbered(id.0).text(reader)),
            Err(failure) => return Err(self.failure(failure, reader).text),
        };
        let playing = table.record.stage == Stage::Playing;
        let you = viewer.map(|viewer| {
            let seats: Vec<Seat> =
                table
                    .seats()
                    .filter(|&s| {
                        table.seat(s).user.as_ref().is_some_and(|u| {
                            u.platform == viewer.platform && u.external == viewer.user
                        })
                    })
                    .collect();
            let to_move = table
                .acting()
                .is_some_and(|s| seats.contains(&s) && table.choosing().is_none());
            let asks = |waits: &[Seat]| waits.iter().any(|s| seats.contains(s));
            let takeback_asked = !table.record.takeback.is_empty()
                && seats
                    .iter()
                    .any(|s| !table.record.takeback.contains(s) && !table.seat(*s).spirit_plays());
            You {
                moves: match playing && to_move {
                    true => table.game.legal_moves_described(),
                    false => Vec::new(),
                },
                asked: playing && (asks(&table.game.offer_waits_for()) || takeback_asked),
                seats,
            }
        });
        let seat = you.as_ref().and_then(|you| {
            table
                .acting()
                .filter(|s| you.seats.contains(s))
                .or(you.seats.first().copied())
        });
        Ok(Page {
            headline: self.headline(&table, reader),
            board: table.board(seat, self.now()),
            log: table.record.log.clone(),
            record: written(&table).write(),
            version: table.record.version,
            playing,
            you,
        })
    }

    /// The games not over that `viewer` sits at, newest first, each with
    /// its headline in `locale`: what the Mini App opened from the bot's
    /// menu lists.
    pub async fn games_of(&self, viewer: &super::Viewer, locale: Locale) -> Vec<(GameId, String)> {
        let reader = Reader {
            locale,
            platform: viewer.platform,
        };
        let ids = self.store.games_of(viewer.platform, &viewer.user, 20).await;
        let mut games = Vec::new();
        for id in ids.unwrap_or_default() {
            if let Ok(Some(table)) = self.open(id).await {
                games.push((id, self.headline(&table, reader)));
            }
        }
        games
    }

    /// The board of game `id` drawn for `seat`, with the game so far,
    /// position by position, as its frames: for the page's replay.
    pub async fn replay(&self, id: GameId, seat: Option<Seat>) -> Option<Board> {
        let table = self.open(id).await.ok().flatten()?;
        let mut board = table.board(seat, self.now());
        board.frames = table.frames();
        Some(board)
    }

    pub(super) async fn board(&self, caller: &Caller, target: Target) -> Outcome {
        let table = self.target(caller, target, Fit::Any).await?;
        let mine = table.seats_of(&caller.user);
        let viewer = table
            .acting()
            .filter(|s| mine.contains(s))
            .or(mine.first().copied());
        let text = self.headline(&table, caller.audience);
        Ok(vec![table.with_board(text, viewer, self.now())])
    }

    /// One line about a game: number, name, stage or turn.
    fn headline(&self, table: &Table, reader: Reader) -> String {
        let locale = reader.locale;
        let record = &table.record;
        let name = i18n::game_name(record.variant, locale);
        let state = match (record.stage, table.acting()) {
            (Stage::Open, _) => {
                let seated: Vec<String> = table
                    .seats()
                    .map(|s| self.seat_line(table, s, reader))
                    .collect();
                format!(
                    "{} — {}",
                    i18n::stage_name(Stage::Open, locale),
                    seated.join("; ")
                )
            }
            (Stage::Playing, Some(seat)) => {
                let clock = record.deadline_ms.map(|d| {
                    let left = Duration::from_millis((d - self.now()).max(0) as u64);
                    format!(", {}", Msg::Clock { left }.text(reader))
                });
                format!(
                    "{} ({}){}",
                    table.color_name(seat, locale),
                    table.player(seat, locale),
                    clock.unwrap_or_default()
                )
            }
            _ => self.result(table, reader),
        };
        format!("#{} {name}: {state}", record.id.0)
    }

    /// A seat and who plays it.
    fn seat_line(&self, table: &Table, seat: Seat, reader: Reader) -> String {
        Msg::SeatLine {
            color: table.color_name(seat, reader.locale),
            who: table.player(seat, reader.locale),
        }
        .text(reader)
    }

    /// The chat's games not yet over, the player's own first, for a front
    /// end's suggestions (game numbers, a game's colours). Read only.
    pub async fn tables(&self, context: &super::Context) -> Vec<About> {
        let Ok(caller) = self.caller(context).await else {
            return Vec::new();
        };
        let Ok(ids) = self.store.chat_games(caller.chat, 0).await else {
            return Vec::new();
        };
        let mut tables = Vec::new();
        for id in ids {
            if let Ok(Some(table)) = self.open(id).await {
                tables.push((table.seats_of(&caller.user).is_empty(), table.about()));
            }
        }
        tables.sort_by_key(|(stranger, _)| *stranger);
        tables.into_iter().map(|(_, about)| about).collect()
    }

    /// Where the player stands in a game, for a front end's menus (the
    /// moves to pick from, whether to offer resigning): read only, it changes
    /// nothing and tells nobody.
    pub async fn standing(&self, context: &super::Context, target: Target) -> Standing {
        let refused = |failure, reader| Standing::Refused(self.failure(failure, reader).text);
        let caller = match self.caller(context).await {
            Ok(caller) => caller,
            Err(error) => return refused(error.into(), context.reader()),
        };
        let table = match self.target(&caller, target, Fit::Turn).await {
            Ok(table) => table,
            Err(failure) => return refused(failure, caller.reader),
        };
        let mine = table.seats_of(&caller.user);
        let id = table.record.id.0;
        let locale = caller.reader.locale;
        match (table.record.stage, table.acting()) {
            _ if mine.is_empty() => refused(Msg::NotInGame(id).into(), caller.reader),
            (Stage::Playing, Some(seat)) if mine.contains(&seat) => {
                Standing::ToMove(table.game.legal_moves_described())
            }
            (Stage::Playing, Some(seat)) => Standing::Waiting(
                Msg::NotYourTurn {
                    waiting: table.color_name(seat, locale),
                }
                .text(caller.reader),
            ),
            (Stage::Open, _) => refused(Msg::NotStarted(id).into(), caller.reader),
            _ => refused(Msg::Over(id).into(), caller.reader),
        }
    }

    pub(super) async fn moves(
        &self,
        caller: &Caller,
        target: Target,
        from: Option<String>,
    ) -> Outcome {
        let table = self.target(caller, target, Fit::Turn).await?;
        let mine = table.seats_of(&caller.user);
        match table.acting() {
            _ if mine.is_empty() => return Err(Msg::NotInGame(table.record.id.0).into()),
            Some(seat) if mine.contains(&seat) => {}
            Some(seat) => {
                let waiting = table.color_name(seat, caller.reader.locale);
                return Err(Msg::NotYourTurn { waiting }.into());
            }
            None => return Err(Msg::NoMoves.into()),
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
        Ok(vec![table.private(msg.text(caller.reader))])
    }

    pub(super) async fn status(&self, caller: &Caller, target: Target) -> Outcome {
        let reader = caller.audience;
        let table = self.target(caller, target, Fit::Any).await?;
        let mut lines = vec![self.headline(&table, reader)];
        lines.extend(table.seats().map(|s| self.seat_line(&table, s, reader)));
        if table.rolls_dice() {
            lines.push(Msg::SeedHash(table.record.seed_hash.clone()).text(reader));
        }
        Ok(vec![table.public(lines.join("\n"))])
    }

    pub(super) async fn games(&self, caller: &Caller) -> Outcome {
        let ids = self.store.chat_games(caller.chat, 5).await?;
        let mut lines = Vec::new();
        for table in self.readable(ids).await? {
            lines.push(self.headline(&table, caller.audience));
        }
        let msg = if lines.is_empty() {
            Msg::NoGames
        } else {
            Msg::GameList(lines)
        };
        Ok(vec![Reply::public(msg.text(caller.audience))])
    }

    pub(super) async fn record(&self, caller: &Caller, target: Target) -> Outcome {
        let table = self.target(caller, target, Fit::Any).await?;
        Ok(vec![table.public(written(&table).write())])
    }

    pub(super) async fn verify(&self, caller: &Caller, target: Target) -> Outcome {
        let table = self.target(caller, target, Fit::Any).await?;
        let record = &table.record;
        let id = record.id.0;
        if !table.rolls_dice() {
            return Ok(vec![
                table.public(Msg::NoDiceToCheck(id).text(caller.audience)),
            ]);
        }
        if record.stage != Stage::Over {
            let msg = Msg::SeedSealed {
                id,
                commitment: record.seed_hash.clone(),
            };
            return Ok(vec![table.public(msg.text(caller.audience))]);
        }
        let start = table::start(record);
        let dealt = dice::Dealt {
            game: record.variant,
            start: &start,
            options: &record.options,
            entropy: &record.entropy,
            log: &record.log,
        };
        let verdict = dice::verify(dealt, &record.seed, &[&record.seed_hash]);
        let msg = match verdict {
            Verdict::Fair { rolls } => Msg::Fair {
                id,
                rolls,
                seed: dice::hex(&record.seed),
                commitment: record.seed_hash.clone(),
            },
            other => Msg::Unfair {
                id,
                why: format!("{other:?}"),
            },
        };
        Ok(vec![table.public(msg.text(caller.audience))])
    }

    pub(super) async fn settings(&self, caller: &Caller, changes: Vec<Setting>) -> Outcome {
        let mut settings = caller.user.settings.clone();
        let mut reader = caller.reader;
        let mut chat_language = caller.chat_language;
        for change in changes {
            match change {
                Setting::ChatLanguage(chosen) => {
                    self.store
                        .set_chat_language(caller.chat, chosen.code())
                        .await?;
                    chat_language = Some(chosen);
                }
                Setting::Language(chosen) => {
                    settings.locale = Some(chosen.code().to_string());
                    reader.locale = chosen;
                }
                Setting::Reminders(on) => settings.reminders = on,
                Setting::DirectMessages(on) => settings.direct_messages = on,
                Setting::Ranking(on) => settings.ranked = on,
                Setting::Quiet(hours) => settings.quiet = hours,
                Setting::TimeZone(minutes) => settings.utc_offset_minutes = minutes,
            }
        }
        self.store.save_settings(caller.user.id, &settings).await?;
        let summary = i18n::describe_settings(&settings, chat_language, reader.locale);
        Ok(vec![Reply::private(
            Msg::SettingsSaved(summary).text(reader),
        )])
    }
}

/// The game's record, as `record` writes it and the page offers it.
fn written(table: &Table) -> Record {
    let record = &table.record;
    Record {
        game: Some((record.variant, record.id.0)),
        setup: record.setup.clone(),
        options: record.options.clone(),
        seats: table
            .seats()
            .map(|s| {
                let player = table.player(s, i18n::Locale::En);
                (table.color(s).name().to_string(), player)
            })
            .collect(),
        seed_hash: Some(record.seed_hash.clone()),
        seed: (record.stage == Stage::Over).then(|| record.seed.clone()),
        entropy: record.entropy.clone(),
        actions: Some(record.log.len()),
        log: record.log.clone(),
    }
}
