//! The scheduler's work: a spirit's move, a reminder, a deadline, each run
//! from a claimed job; and the outbox, whose messages the front ends send.

use std::collections::HashMap;
use std::time::Duration;

use seance_engine::catalogue::{AnyGame, GameType};
use seance_engine::spirit::{Level, Spirit};
use seance_engine::{Action, Seat};

use super::dice;
use super::i18n::{Locale, Msg, Reader};
use super::lobby::Seated;
use super::reply::{Notice, Reply};
use super::table::Table;
use super::{Failure, Service, guard};
use crate::platform::Platform;
use crate::protocol::{EngineCommand, Program};
use crate::store::{Job, JobKind, NewNotice, Queue, Stage, StoreError, TimeoutPolicy};

/// A message from the outbox, ready for its chat.
#[derive(Clone, PartialEq, Debug)]
pub struct Delivery {
    /// Its outbox id: report it with [`Service::delivered`] (or
    /// [`Service::undelivered`]) once tried.
    pub id: i64,
    /// The chat's id on the platform.
    pub chat: String,
    /// The message.
    pub reply: Reply,
    /// Send it privately to the mentioned players where they allow it.
    pub direct: bool,
}

impl Service {
    /// Runs the job due earliest, if one is due; returns whether there was one.
    /// A job whose game has moved on is dropped. One whose run fails is
    /// tried again later, each time later still, and set aside after
    /// [`MOST_TRIES`]; one that panics sets its game aside. No job holds up
    /// the others.
    pub async fn run_job(&self) -> Result<bool, StoreError> {
        let lease = self.defaults.job_lease.as_millis() as i64;
        let Some(job) = self
            .store
            .claim_job(self.now(), lease, &self.instance)
            .await?
        else {
            return Ok(false);
        };
        let (service, claimed) = (self.clone(), job.clone());
        let span = tracing::info_span!("job", game = job.game.0, kind = job.kind.name());
        let running = async move { service.job(&claimed).await };
        match guard::caught(tracing::Instrument::instrument(running, span)).await {
            Ok(Ok(())) => {}
            Ok(Err(Failure::Store(StoreError::Conflict) | Failure::Say(_) | Failure::Which(_))) => {
                self.store.drop_job(job.id).await?;
            }
            Ok(Err(Failure::Store(error))) => {
                self.failed(Queue::Jobs, job.id, job.attempts, &error.to_string())
                    .await?;
            }
            Err(panic) => {
                let why = format!("its {} job panicked: {panic}", job.kind.name());
                self.set_aside(job.game, &why).await;
            }
        }
        Ok(true)
    }

    /// After a failed try of an entry of `queue`: another try later, or
    /// none after [`MOST_TRIES`].
    async fn failed(&self, queue: Queue, id: i64, tries: i64, why: &str) -> Result<(), StoreError> {
        if tries >= MOST_TRIES {
            tracing::warn!("{queue:?} {id}: set aside after {tries} tries: {why}");
            let why = format!("{tries} tries: {why}");
            return self.store.bury(queue, id, &why).await;
        }
        self.store
            .retry(queue, id, self.now() + backoff(tries))
            .await
    }

    /// What a process does when it starts: frees the leases its earlier life
    /// held (under the same [`Service::named`] name), so that nothing waits
    /// out a lease after a crash, and plans again the games in play that
    /// have no job (a move appended by hand, or a job lost), rolling the
    /// dice they wait for.
    pub async fn start_up(&self) -> Result<StartUp, StoreError> {
        let freed = self.store.release_leases(&self.instance).await?;
        let mut replanned = 0;
        for id in self.store.unplanned_games().await? {
            let mut table = match self.open(id).await {
                Ok(Some(table)) => table,
                Err(Failure::Store(error)) => return Err(error),
                _ => continue,
            };
            let events = table.settle(self.now());
            if events.is_empty() && table.plan(&self.defaults, self.now()).is_empty() {
                // A person's move without a clock: nothing to plan.
                continue;
            }
            let reader = notice_reader(&table);
            let (lines, mentions) = self.news(&table, &events, reader);
            let notices = if lines.is_empty() {
                Vec::new()
            } else {
                vec![board_notice(lines, mentions)]
            };
            match self.save(&mut table, notices).await {
                Ok(()) => replanned += 1,
                Err(Failure::Store(StoreError::Conflict)) => {}
                Err(Failure::Store(error)) => return Err(error),
                Err(_) => {}
            }
        }
        Ok(StartUp { freed, replanned })
    }

    /// Gives back every lease this process holds (jobs and queued
    /// messages), so that another process takes them at once; returns how
    /// many. What a stopping process does last.
    pub async fn release(&self) -> Result<u64, StoreError> {
        self.store.release_leases(&self.instance).await
    }

    /// Renews the leases this process holds, for another
    /// [`Defaults::job_lease`](super::Defaults::job_lease): run it every
    /// third of that while the process lives.
    pub async fn heartbeat(&self) -> Result<(), StoreError> {
        let lease = self.defaults.job_lease.as_millis() as i64;
        self.store
            .renew_leases(&self.instance, self.now() + lease)
            .await
    }

    /// When the next job falls due, if one is planned.
    pub async fn next_due(&self) -> Result<Option<i64>, StoreError> {
        self.store.next_due().await
    }

    /// Runs every job due now; returns how many ran.
    pub async fn run_due_jobs(&self) -> Result<usize, StoreError> {
        let mut ran = 0;
        while self.run_job().await? {
            ran += 1;
        }
        Ok(ran)
    }

    async fn job(&self, job: &Job) -> Result<(), Failure> {
        let table = self.open(job.game).await?;
        let Some(mut table) = table.filter(|t| t.record.version == job.version) else {
            // The game changed since the job was planned: its plan replaced this one.
            return Err(Failure::Store(StoreError::Conflict));
        };
        if table.acting() != Some(job.seat) {
            return Err(Failure::Store(StoreError::Conflict));
        }
        if table.choosing().is_some() {
            return match job.kind {
                JobKind::Deadline => self.chosen_for(job.seat, table).await,
                _ => Err(Failure::Store(StoreError::Conflict)),
            };
        }
        let reader = notice_reader(&table);
        let locale = reader.locale;
        let first = match job.kind {
            JobKind::Spirit => {
                if !table.seat(job.seat).spirit_plays() {
                    return Err(Failure::Store(StoreError::Conflict));
                }
                let engines = &self.defaults.spirit_engines;
                let Some(mv) =
                    spirit_move(&table, job.seat, self.defaults.spirit_time, engines).await
                else {
                    return Err(Failure::Store(StoreError::Conflict));
                };
                let played = table
                    .act(Action::Move(mv))
                    .map_err(|e| Failure::Store(StoreError::Corrupt(e.to_string())))?;
                Msg::Played {
                    color: table.color_name(job.seat, locale),
                    mv: table.game.last_move().map_or(played, |m| m.shown()),
                }
            }
            JobKind::Deadline => match table.record.on_timeout {
                TimeoutPolicy::Spirit => {
                    let level = self.defaults.spirit_level;
                    let seat = table.seat_mut(job.seat);
                    seat.stand_in = true;
                    seat.spirit = Some(level);
                    table.record.announced = None;
                    Msg::StandIn {
                        color: table.color_name(job.seat, locale),
                    }
                }
                TimeoutPolicy::Forfeit => {
                    table
                        .act(Action::Timeout(job.seat))
                        .map_err(|e| Failure::Store(StoreError::Corrupt(e.to_string())))?;
                    table.quitting = Some(job.seat);
                    Msg::Forfeit {
                        color: table.color_name(job.seat, locale),
                    }
                }
            },
            JobKind::Reminder => return self.remind(job, &table).await,
        };
        let unseen = !table.people_play();
        let events = table.settle(self.now());
        // Spirits alone play on without a board a move; the end is told.
        if unseen && table.record.stage != Stage::Over {
            return self.save(&mut table, Vec::new()).await;
        }
        let (mut lines, mentions) = self.news(&table, &events, reader);
        if !unseen {
            lines.insert(0, first.text(reader));
        }
        self.save(&mut table, vec![board_notice(lines, mentions)])
            .await
    }

    /// A player's time to choose a colour ran out: the bot chooses for him
    /// and the seating moves on, told in one message.
    async fn chosen_for(&self, chooser: Seat, mut table: Table) -> Result<(), Failure> {
        let reader = notice_reader(&table);
        let mut told = vec![self.choose_for(&mut table, chooser, reader)];
        let notice = match self.seat_on(&mut table, &mut told, reader)? {
            Seated::Asked(prompt) => {
                told.push(prompt.text);
                serialize(&Notice {
                    text: told.join("\n"),
                    mentions: prompt.mentions,
                    board: false,
                    direct: false,
                    buttons: Notice::buttons_of(&prompt.buttons),
                })
            }
            Seated::Began(events) => {
                let (lines, mentions) = self.news(&table, &events, reader);
                told.extend(lines);
                board_notice(told, mentions)
            }
        };
        self.save(&mut table, vec![notice]).await
    }

    /// Sends a reminder, once.
    async fn remind(&self, job: &Job, table: &Table) -> Result<(), Failure> {
        let (Some(mention), Some(user)) =
            (table.mention(job.seat), table.seat(job.seat).user.as_ref())
        else {
            return Err(Failure::Store(StoreError::Conflict));
        };
        let direct = user.settings.direct_messages;
        // In a direct message the player's language; in the chat the chat's.
        let own = user
            .settings
            .locale
            .as_deref()
            .or(user.reported_locale.as_deref())
            .and_then(Locale::parse);
        let chat = table
            .record
            .chat_language
            .as_deref()
            .and_then(Locale::parse);
        let reader = Reader {
            locale: if direct { own.or(chat) } else { chat.or(own) }.unwrap_or_default(),
            platform: table.record.platform,
        };
        let left = table.record.deadline_ms.unwrap_or(0) - self.now();
        let text = Msg::Reminder {
            who: format!("@{}", mention.name),
            id: table.record.id.0,
            left: Duration::from_millis(left.max(0) as u64),
        }
        .text(reader);
        let notice = Notice {
            text,
            mentions: vec![mention],
            board: false,
            direct,
            buttons: Vec::new(),
        };
        self.store
            .complete_job(job.id, &table.record, &serialize(&notice), self.now())
            .await?;
        Ok(())
    }

    /// Up to `limit` messages waiting for chats of `platform`, with their
    /// boards; they are this process's to send while it lives (its heartbeat
    /// keeps their lease). A message that cannot be read is set aside.
    pub async fn deliveries(
        &self,
        platform: Platform,
        limit: i64,
    ) -> Result<Vec<Delivery>, StoreError> {
        let lease = self.defaults.job_lease.as_millis() as i64;
        let mut deliveries = Vec::new();
        for entry in self
            .store
            .claim_outbox(platform, limit, self.now(), lease, &self.instance)
            .await?
        {
            let notice: Notice = match serde_json::from_str(&entry.body) {
                Ok(notice) => notice,
                Err(error) => {
                    let why = format!("unreadable: {error}");
                    self.store.bury(Queue::Outbox, entry.id, &why).await?;
                    continue;
                }
            };
            // A game set aside meanwhile: the message goes without its board.
            let table = match entry.game {
                Some(id) => match self.open(id).await {
                    Ok(table) => table,
                    Err(Failure::Store(error)) => return Err(error),
                    Err(_) => None,
                },
                None => None,
            };
            let buttons = notice.reply_buttons();
            let reply = match &table {
                Some(table) if notice.board => table.with_board(notice.text, None, self.now()),
                Some(table) => table.public(notice.text),
                None => Reply::public(notice.text),
            };
            deliveries.push(Delivery {
                id: entry.id,
                chat: entry.chat,
                reply: Reply {
                    buttons,
                    mentions: notice.mentions,
                    ..reply
                },
                direct: notice.direct,
            });
        }
        Ok(deliveries)
    }

    /// Spends one message of a chat's posting budget, shared by every
    /// process on the database (see [`crate::store::Store::spend_post`]);
    /// `now` is the wall clock in milliseconds since 1970, as the platform
    /// counts. `None`: post now; else wait this long and ask again.
    pub async fn spend_post(
        &self,
        platform: Platform,
        chat: &str,
        now: i64,
        every: Duration,
        burst: u32,
    ) -> Result<Option<Duration>, StoreError> {
        let wait = self
            .store
            .spend_post(
                platform,
                chat,
                now,
                every.as_millis() as i64,
                i64::from(burst),
            )
            .await?;
        Ok(wait.map(|ms| Duration::from_millis(ms as u64)))
    }

    /// True the first time any process on this database sees the signed
    /// request `key`, sent at `sent` when it is `now` (the platform's wall
    /// clock, in milliseconds); a request more than `window` old is refused
    /// by its timestamp, so its record is forgotten then.
    pub async fn first_sight(
        &self,
        key: &str,
        sent: i64,
        now: i64,
        window: Duration,
    ) -> Result<bool, StoreError> {
        let forget = now - window.as_millis() as i64;
        self.store.first_sight(key, sent, forget).await
    }

    /// Marks an outbox message sent.
    pub async fn delivered(&self, id: i64) -> Result<(), StoreError> {
        self.store.outbox_done(id).await
    }

    /// A message the platform did not take: tried again later (each time
    /// later still, up to [`MOST_TRIES`]), or never if the refusal is for
    /// good (the bot was removed from the chat).
    pub async fn undelivered(&self, id: i64, refusal: Refusal) -> Result<(), StoreError> {
        match refusal {
            Refusal::Never(why) => {
                tracing::warn!("outbox {id}: set aside: {why}");
                self.store.bury(Queue::Outbox, id, &why).await
            }
            Refusal::Later(why) => {
                let tries = self.store.tries(Queue::Outbox, id).await?;
                self.failed(Queue::Outbox, id, tries, &why).await
            }
        }
    }
}

/// How many times a job or a message is tried before it is set aside.
pub const MOST_TRIES: i64 = 8;

/// How long to wait before try `tries + 1`: 5 s, doubling, at most 10 min.
fn backoff(tries: i64) -> i64 {
    let doublings = u32::try_from(tries.clamp(1, 8) - 1).unwrap_or(0);
    (5_000i64 << doublings).min(600_000)
}

/// Why a platform did not take a message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// For now (the network, the platform's limits): try again later.
    Later(String),
    /// For good (the bot is no longer in the chat, the chat is gone).
    Never(String),
}

/// The spirit's move for `seat`, at the seat's level and thinking at most
/// `time`, seeded by the game's seed and version so that a replayed game
/// repeats it. A level that `engines` gives to a program is asked of that
/// program; if it fails or answers an illegal move, the built-in spirit
/// plays instead, so that no game waits on a broken program. It is thought
/// on a blocking thread: the bot keeps answering meanwhile.
async fn spirit_move(
    table: &Table,
    seat: Seat,
    time: Duration,
    engines: &HashMap<Level, EngineCommand>,
) -> Option<String> {
    let level = table.seat(seat).spirit.unwrap_or(Level::Adept);
    let version = table.record.version.to_be_bytes();
    let mut bytes = dice::stream(&table.record.seed, "spirit", &version);
    let seed = (0..8).fold(0u64, |n, _| n << 8 | u64::from(bytes.next().unwrap_or(0)));
    let mut spirit = Spirit::new(level, seed);
    spirit.budget = spirit.budget.min(time);
    let game = table.game.boxed_clone();
    let kind = table.record.variant;
    let engine = engines.get(&level).cloned();
    tokio::task::spawn_blocking(move || {
        if let Some(engine) = engine {
            match engine_move(&engine, kind, game.as_ref(), spirit.budget) {
                Ok(mv) => return Some(mv),
                Err(error) => {
                    tracing::warn!("spirit engine {engine}: {error:#}; the built-in spirit plays");
                }
            }
        }
        game.think(&spirit).map(|t| t.mv)
    })
    .await
    .ok()
    .flatten()
}

/// The move the program `engine` chooses in `game` (of `kind`) within
/// `time`, if it is legal.
fn engine_move(
    engine: &EngineCommand,
    kind: GameType,
    game: &dyn AnyGame,
    time: Duration,
) -> anyhow::Result<String> {
    let mut program = Program::start(engine, kind, game.options())?;
    let answer = program.best_move(game, time)?;
    let mut trial = game.boxed_clone();
    match trial.act(Action::Move(answer.mv.clone())) {
        Ok(played) => Ok(played),
        Err(error) => anyhow::bail!("it answered {}, which is not legal: {error}", answer.mv),
    }
}

/// The reader of messages no command asked for: the game's chat, in the
/// chat's language (a chat without one: that of the player to move, else
/// of the first player seated).
fn notice_reader(table: &Table) -> Reader {
    let acting = table.acting().map(|s| table.seat(s));
    let chat = table.record.chat_language.as_deref();
    let locale = chat
        .into_iter()
        .chain(
            acting
                .into_iter()
                .chain(table.record.seats.iter())
                .filter_map(|s| s.user.as_ref()?.settings.locale.as_deref()),
        )
        .find_map(Locale::parse)
        .unwrap_or_default();
    Reader {
        locale,
        platform: table.record.platform,
    }
}

/// What [`Service::start_up`] did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StartUp {
    /// Leases of this process's earlier life, freed.
    pub freed: u64,
    /// Games in play that had no job, planned again.
    pub replanned: usize,
}

/// A notice for the chat with the board: `lines`, mentioning `mentions`.
fn board_notice(lines: Vec<String>, mentions: Vec<super::reply::Mention>) -> NewNotice {
    serialize(&Notice {
        text: lines.join("\n"),
        mentions,
        board: true,
        direct: false,
        buttons: Vec::new(),
    })
}

/// A notice as the outbox keeps it.
pub(super) fn serialize(notice: &Notice) -> NewNotice {
    NewNotice {
        body: serde_json::to_string(notice)
            .unwrap_or_else(|_| unreachable!("a notice is plain data")),
    }
}
