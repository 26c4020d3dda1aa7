//! The scheduler's work: a spirit's move, a reminder, a deadline, each run
//! from a claimed job; and the outbox, whose messages the front ends send.

use std::time::Duration;

use seance_engine::spirit::{Level, Spirit};
use seance_engine::{Action, Seat};

use super::dice;
use super::i18n::{Locale, Msg, Reader};
use super::reply::{Notice, Reply};
use super::table::Table;
use super::{Failure, Service};
use crate::platform::Platform;
use crate::store::{Job, JobKind, NewNotice, Stage, StoreError, TimeoutPolicy};

/// A message from the outbox, ready for its chat.
#[derive(Clone, PartialEq, Debug)]
pub struct Delivery {
    /// Its outbox id: report it with [`Service::delivered`] once sent.
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
    /// A job whose game has moved on is dropped; one whose run fails stays
    /// leased and is tried again when its lease runs out.
    pub async fn run_job(&self) -> Result<bool, StoreError> {
        let lease = self.defaults.job_lease.as_millis() as i64;
        let Some(job) = self.store.claim_job(self.now(), lease).await? else {
            return Ok(false);
        };
        match self.job(&job).await {
            Ok(()) => {}
            Err(Failure::Store(StoreError::Conflict) | Failure::Say(_) | Failure::Which(_)) => {
                self.store.drop_job(job.id).await?;
            }
            Err(Failure::Store(error)) => return Err(error),
        }
        Ok(true)
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
        let record = self.store.load_game(job.game).await?;
        let Some(record) = record.filter(|r| r.version == job.version) else {
            // The game changed since the job was planned: its plan replaced this one.
            return Err(Failure::Store(StoreError::Conflict));
        };
        let mut table = self.replays.table(record)?;
        if table.acting() != Some(job.seat) {
            return Err(Failure::Store(StoreError::Conflict));
        }
        let reader = notice_reader(&table);
        let locale = reader.locale;
        let first = match job.kind {
            JobKind::Spirit => {
                if !table.seat(job.seat).spirit_plays() {
                    return Err(Failure::Store(StoreError::Conflict));
                }
                let Some(mv) = spirit_move(&table, job.seat, self.defaults.spirit_time).await
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
        let notice = Notice {
            text: lines.join("\n"),
            mentions,
            board: true,
            direct: false,
        };
        self.save(&mut table, vec![serialize(&notice)]).await
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
        };
        self.store
            .complete_job(job.id, &table.record, &serialize(&notice), self.now())
            .await?;
        Ok(())
    }

    /// Up to `limit` messages waiting for chats of `platform`, with their
    /// boards; they are this process's to send until the job lease runs out.
    pub async fn deliveries(
        &self,
        platform: Platform,
        limit: i64,
    ) -> Result<Vec<Delivery>, StoreError> {
        let lease = self.defaults.job_lease.as_millis() as i64;
        let mut deliveries = Vec::new();
        for entry in self
            .store
            .claim_outbox(platform, limit, self.now(), lease)
            .await?
        {
            let notice: Notice = serde_json::from_str(&entry.body)
                .map_err(|e| StoreError::Corrupt(format!("outbox message {}: {e}", entry.id)))?;
            let table = match entry.game {
                Some(id) => match self.store.load_game(id).await? {
                    Some(record) => Some(self.replays.table(record).map_err(|f| match f {
                        Failure::Store(e) => e,
                        other => StoreError::Corrupt(format!("{other:?}")),
                    })?),
                    None => None,
                },
                None => None,
            };
            let reply = match &table {
                Some(table) if notice.board => table.with_board(notice.text, None, self.now()),
                Some(table) => table.public(notice.text),
                None => Reply::public(notice.text),
            };
            deliveries.push(Delivery {
                id: entry.id,
                chat: entry.chat,
                reply: Reply {
                    mentions: notice.mentions,
                    ..reply
                },
                direct: notice.direct,
            });
        }
        Ok(deliveries)
    }

    /// Marks an outbox message sent.
    pub async fn delivered(&self, id: i64) -> Result<(), StoreError> {
        self.store.outbox_done(id).await
    }
}

/// The spirit's move for `seat`, at the seat's level and thinking at most
/// `time`, seeded by the game's seed and version so that a replayed game
/// repeats it. It is thought on a blocking thread: the bot keeps answering
/// meanwhile.
async fn spirit_move(table: &Table, seat: Seat, time: Duration) -> Option<String> {
    let level = table.seat(seat).spirit.unwrap_or(Level::Adept);
    let mut bytes = dice::stream(&table.record.seed, "spirit", table.record.version as u64);
    let seed = (0..8).fold(0u64, |n, _| n << 8 | u64::from(bytes.next().unwrap_or(0)));
    let mut spirit = Spirit::new(level, seed);
    spirit.budget = spirit.budget.min(time);
    let game = table.game.boxed_clone();
    tokio::task::spawn_blocking(move || game.think(&spirit).map(|t| t.mv))
        .await
        .ok()
        .flatten()
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

fn serialize(notice: &Notice) -> NewNotice {
    NewNotice {
        body: serde_json::to_string(notice)
            .unwrap_or_else(|_| unreachable!("a notice is plain data")),
    }
}
