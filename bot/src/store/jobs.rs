//! The scheduler's jobs and the outbox. A job is claimed with a lease: if
//! its worker dies, the lease runs out and another worker takes it. A job
//! takes effect only together with the game write it leads to (see
//! [`Store::save_game`]), so each takes effect once.

use sqlx::Row;

use seance_engine::Seat;

use super::games::GameId;
use super::{Backend, Result, Store, name_of, named, small};
use crate::platform::Platform;

/// The store's numbers for `/metrics`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Gauges {
    /// Games being played.
    pub games_in_play: i64,
    /// Messages waiting for their chats.
    pub outbox_depth: i64,
    /// How long the oldest of them has waited.
    pub outbox_age_ms: i64,
    /// How long the most overdue job has been due.
    pub job_lag_ms: i64,
}

/// What a job does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum JobKind {
    /// A spirit moves for its seat.
    Spirit,
    /// Remind the seat's player that time is running out.
    Reminder,
    /// The seat's time is up.
    Deadline,
}

impl JobKind {
    const NAMES: [(JobKind, &'static str); 3] = [
        (JobKind::Spirit, "spirit"),
        (JobKind::Reminder, "reminder"),
        (JobKind::Deadline, "deadline"),
    ];

    /// The kind's name in the store.
    pub fn name(self) -> &'static str {
        name_of(&JobKind::NAMES, self)
    }

    fn parse(name: &str) -> Result<JobKind> {
        named(&JobKind::NAMES, name)
    }
}

/// The two queues whose entries are claimed with a lease, retried, and
/// set aside when they fail for good.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Queue {
    /// The scheduler's jobs.
    Jobs,
    /// The messages waiting for their chats.
    Outbox,
}

impl Queue {
    const BOTH: [Queue; 2] = [Queue::Jobs, Queue::Outbox];

    fn table(self) -> &'static str {
        match self {
            Queue::Jobs => "jobs",
            Queue::Outbox => "outbox",
        }
    }
}

/// A job to plan, for the version of the game written with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewJob {
    /// What to do.
    pub kind: JobKind,
    /// For which seat.
    pub seat: Seat,
    /// When, in milliseconds since 1970.
    pub due_ms: i64,
}

/// A claimed job.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Job {
    /// The job's id.
    pub id: i64,
    /// Its game.
    pub game: GameId,
    /// What to do.
    pub kind: JobKind,
    /// For which seat.
    pub seat: Seat,
    /// When it was due.
    pub due_ms: i64,
    /// The game version it was planned for; a game that has moved on makes it void.
    pub version: i64,
    /// How many times it has been claimed, this time included.
    pub attempts: i64,
}

/// A message for a chat that no command waits for, written with the game change that caused it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewNotice {
    /// The message, serialized by the service.
    pub body: String,
}

/// A message waiting in the outbox.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OutboxEntry {
    /// Its id, to mark it delivered.
    pub id: i64,
    /// The chat's id on the platform.
    pub chat: String,
    /// The game it is about.
    pub game: Option<GameId>,
    /// The message, serialized by the service.
    pub body: String,
}

impl Store {
    /// Claims the job due earliest (at `now` or before) whose lease, if any,
    /// has run out, leasing it to `owner` (a process) for `lease_ms`. Jobs
    /// set aside as dead are never claimed.
    pub async fn claim_job(&self, now: i64, lease_ms: i64, owner: &str) -> Result<Option<Job>> {
        // On PostgreSQL, concurrent workers skip each other's rows; SQLite's
        // single connection makes the statement atomic by itself.
        let lock = match self.backend {
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        let row = sqlx::query(&format!(
            "UPDATE jobs SET lease_ms = $1, attempts = attempts + 1, owner = $3
             WHERE id = (
                SELECT id FROM jobs
                WHERE due_ms <= $2 AND (lease_ms IS NULL OR lease_ms <= $2) AND dead IS NULL
                ORDER BY due_ms, id LIMIT 1 {lock}
             )
             RETURNING id, game_id, kind, seat, due_ms, version, attempts"
        ))
        .bind(now + lease_ms)
        .bind(now)
        .bind(owner)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        Ok(Some(Job {
            id: row.try_get(0)?,
            game: GameId(row.try_get(1)?),
            kind: JobKind::parse(&row.try_get::<String, _>(2)?)?,
            seat: Seat(small(row.try_get(3)?, "seat")?),
            due_ms: row.try_get(4)?,
            version: row.try_get(5)?,
            attempts: row.try_get(6)?,
        }))
    }

    /// An entry of `queue` that failed waits until `not_before` to be tried
    /// again, held by nobody.
    pub async fn retry(&self, queue: Queue, id: i64, not_before: i64) -> Result<()> {
        sqlx::query(&format!(
            "UPDATE {} SET lease_ms = $1, owner = NULL WHERE id = $2",
            queue.table()
        ))
        .bind(not_before)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Sets an entry of `queue` aside for good, for `why`: it stays for the
    /// operator to see ([`Store::dead`]) and is never claimed again.
    pub async fn bury(&self, queue: Queue, id: i64, why: &str) -> Result<()> {
        sqlx::query(&format!(
            "UPDATE {} SET dead = $1, lease_ms = NULL, owner = NULL WHERE id = $2",
            queue.table()
        ))
        .bind(why)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How many times an entry of `queue` has been claimed (0 if it is gone).
    pub async fn tries(&self, queue: Queue, id: i64) -> Result<i64> {
        let row = sqlx::query(&format!(
            "SELECT attempts FROM {} WHERE id = $1",
            queue.table()
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(row) => row.try_get(0)?,
            None => 0,
        })
    }

    /// The entries of `queue` set aside for good: their ids and reasons.
    pub async fn dead(&self, queue: Queue) -> Result<Vec<(i64, String)>> {
        let rows = sqlx::query(&format!(
            "SELECT id, dead FROM {} WHERE dead IS NOT NULL ORDER BY id",
            queue.table()
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect()
    }

    /// Frees every lease `owner` holds: a process that starts again frees
    /// what its earlier life held, so nothing waits out a lease after a
    /// crash. Returns how many jobs and messages were freed.
    pub async fn release_leases(&self, owner: &str) -> Result<u64> {
        let mut freed = 0;
        for queue in Queue::BOTH {
            freed += sqlx::query(&format!(
                "UPDATE {} SET lease_ms = NULL, owner = NULL WHERE owner = $1",
                queue.table()
            ))
            .bind(owner)
            .execute(&self.pool)
            .await?
            .rows_affected();
        }
        Ok(freed)
    }

    /// The numbers `/metrics` shows of the store at `now`.
    pub async fn gauges(&self, now: i64) -> Result<Gauges> {
        let games: i64 = sqlx::query("SELECT COUNT(*) FROM games WHERE stage = 'playing'")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        let outbox = sqlx::query("SELECT COUNT(*), MIN(created_ms) FROM outbox WHERE dead IS NULL")
            .fetch_one(&self.pool)
            .await?;
        let oldest: Option<i64> = outbox.try_get(1)?;
        let due: Option<i64> =
            sqlx::query("SELECT MIN(due_ms) FROM jobs WHERE dead IS NULL AND due_ms <= $1")
                .bind(now)
                .fetch_one(&self.pool)
                .await?
                .try_get(0)?;
        Ok(Gauges {
            games_in_play: games,
            outbox_depth: outbox.try_get(0)?,
            outbox_age_ms: oldest.map_or(0, |t| (now - t).max(0)),
            job_lag_ms: due.map_or(0, |t| (now - t).max(0)),
        })
    }

    /// Renews every lease `owner` holds until `until`: the heartbeat that
    /// lets leases be short while a long job or a queued message is still in
    /// hand.
    pub async fn renew_leases(&self, owner: &str, until: i64) -> Result<()> {
        for queue in Queue::BOTH {
            sqlx::query(&format!(
                "UPDATE {} SET lease_ms = $1 WHERE owner = $2 AND lease_ms < $1",
                queue.table()
            ))
            .bind(until)
            .bind(owner)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// The games in play that have no job planned: after a crash between
    /// writes of another version of the bot, or a row changed by hand.
    pub async fn unplanned_games(&self) -> Result<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT id FROM games g WHERE stage = 'playing' AND broken IS NULL
             AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.game_id = g.id AND j.dead IS NULL)
             ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(GameId(row.try_get(0)?))).collect()
    }

    /// Removes a job that has nothing left to do.
    pub async fn drop_job(&self, id: i64) -> Result<()> {
        sqlx::query("DELETE FROM jobs WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Completes a job that only sends a message: removes it and queues
    /// `notice` for the game's chat, both or neither. Returns false (and
    /// queues nothing) when the job was already gone.
    pub async fn complete_job(
        &self,
        id: i64,
        game: &super::GameRecord,
        notice: &NewNotice,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        let removed = sqlx::query("DELETE FROM jobs WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if removed != 1 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO outbox (chat_id, game_id, body, created_ms) VALUES ($1, $2, $3, $4)",
        )
        .bind(game.chat.0)
        .bind(game.id.0)
        .bind(notice.body.clone())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// When the next job falls due (or its lease runs out), if there is one.
    pub async fn next_due(&self) -> Result<Option<i64>> {
        let row = sqlx::query(
            "SELECT MIN(CASE WHEN lease_ms IS NOT NULL AND lease_ms > due_ms THEN lease_ms
                             ELSE due_ms END) FROM jobs WHERE dead IS NULL",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    /// The kinds and seats of a game's planned jobs, by due time.
    pub async fn game_jobs(&self, game: GameId) -> Result<Vec<(JobKind, Seat, i64)>> {
        let rows = sqlx::query(
            "SELECT kind, seat, due_ms FROM jobs WHERE game_id = $1 AND dead IS NULL
             ORDER BY due_ms, id",
        )
        .bind(game.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    JobKind::parse(&row.try_get::<String, _>(0)?)?,
                    Seat(small(row.try_get(1)?, "seat")?),
                    row.try_get(2)?,
                ))
            })
            .collect()
    }

    /// Claims up to `limit` undelivered messages for chats of `platform`,
    /// oldest first, leasing them to `owner` for `lease_ms` so that another
    /// process sending for the same platform skips them until the lease runs
    /// out. Dead messages, and those waiting to be retried, are skipped.
    pub async fn claim_outbox(
        &self,
        platform: Platform,
        limit: i64,
        now: i64,
        lease_ms: i64,
        owner: &str,
    ) -> Result<Vec<OutboxEntry>> {
        let lock = match self.backend {
            Backend::Postgres => "FOR UPDATE OF o SKIP LOCKED",
            Backend::Sqlite => "",
        };
        let rows = sqlx::query(&format!(
            "UPDATE outbox SET lease_ms = $1, owner = $5, attempts = attempts + 1
             WHERE id IN (
                SELECT o.id FROM outbox o JOIN chats c ON c.id = o.chat_id
                WHERE c.platform = $2 AND (o.lease_ms IS NULL OR o.lease_ms <= $3)
                    AND o.dead IS NULL
                ORDER BY o.id LIMIT $4 {lock}
             )
             RETURNING id, (SELECT external FROM chats WHERE chats.id = outbox.chat_id),
                       game_id, body"
        ))
        .bind(now + lease_ms)
        .bind(platform.name())
        .bind(now)
        .bind(limit)
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        let read = |row: &sqlx::any::AnyRow| -> Result<OutboxEntry> {
            Ok(OutboxEntry {
                id: row.try_get(0)?,
                chat: row.try_get(1)?,
                game: row.try_get::<Option<i64>, _>(2)?.map(GameId),
                body: row.try_get(3)?,
            })
        };
        // A row that cannot be read is set aside; the others go out.
        let mut entries = Vec::new();
        for row in &rows {
            match read(row) {
                Ok(entry) => entries.push(entry),
                Err(error) => {
                    let id: i64 = row.try_get(0)?;
                    self.bury(Queue::Outbox, id, &format!("unreadable: {error}"))
                        .await?;
                }
            }
        }
        entries.sort_by_key(|e| e.id);
        Ok(entries)
    }

    /// Spends one message of `chat`'s posting budget, shared by every
    /// process on this database: at most `burst` at once, then one every
    /// `every_ms`. Returns `None` when the message may go now, else how many
    /// milliseconds to wait before asking again.
    pub async fn spend_post(
        &self,
        platform: Platform,
        chat: &str,
        now: i64,
        every_ms: i64,
        burst: i64,
    ) -> Result<Option<i64>> {
        let later = match self.backend {
            Backend::Postgres => "GREATEST",
            Backend::Sqlite => "MAX",
        };
        // Evenly spaced, the next post is due at `due_ms`; a burst may run
        // `ahead` of it.
        let ahead = every_ms * (burst.max(1) - 1);
        let spent = sqlx::query(&format!(
            "INSERT INTO post_budget (platform, chat, due_ms) VALUES ($1, $2, $3 + $4)
             ON CONFLICT (platform, chat) DO UPDATE
                SET due_ms = {later}(post_budget.due_ms, $3) + $4
                WHERE post_budget.due_ms - $5 <= $3"
        ))
        .bind(platform.name())
        .bind(chat)
        .bind(now)
        .bind(every_ms)
        .bind(ahead)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if spent == 1 {
            return Ok(None);
        }
        let row = sqlx::query("SELECT due_ms FROM post_budget WHERE platform = $1 AND chat = $2")
            .bind(platform.name())
            .bind(chat)
            .fetch_one(&self.pool)
            .await?;
        let due: i64 = row.try_get(0)?;
        Ok(Some((due - ahead - now).max(1)))
    }

    /// Records the request `key` as seen at `now` (milliseconds) unless a
    /// process on this database saw it already, and forgets what was seen
    /// before `forget_before`. True on the first sight.
    pub async fn first_sight(&self, key: &str, now: i64, forget_before: i64) -> Result<bool> {
        sqlx::query("DELETE FROM seen_request WHERE at_ms < $1")
            .bind(forget_before)
            .execute(&self.pool)
            .await?;
        let recorded = sqlx::query(
            "INSERT INTO seen_request (key, at_ms) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
        )
        .bind(key)
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(recorded == 1)
    }

    /// Marks a message delivered.
    pub async fn outbox_done(&self, id: i64) -> Result<()> {
        sqlx::query("DELETE FROM outbox WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
