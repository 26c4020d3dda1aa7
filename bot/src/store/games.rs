//! Games: where each started, its seats, its action log, its dice seed and
//! clock. A write names the version it read.

use seance_engine::Seat;
use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::jobs::{NewJob, NewNotice};
use super::people::{ChatId, User, UserId, user_columns, user_from_row};
use super::ratings::{RatedGame, rate_in};
use super::{Result, Store, StoreError, name_of, named, small};
use crate::platform::Platform;

/// A game's id in the store, shown to players as `#12`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct GameId(pub i64);

/// Where a game is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// Players are joining.
    Open,
    /// Moves are being played.
    Playing,
    /// The game has ended.
    Over,
}

impl Stage {
    const NAMES: [(Stage, &'static str); 3] = [
        (Stage::Open, "open"),
        (Stage::Playing, "playing"),
        (Stage::Over, "over"),
    ];
}

/// What happens when a player's time runs out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TimeoutPolicy {
    /// A spirit plays the seat until the player returns.
    Spirit,
    /// The seat loses on time.
    Forfeit,
}

impl TimeoutPolicy {
    const NAMES: [(TimeoutPolicy, &'static str); 2] = [
        (TimeoutPolicy::Spirit, "spirit"),
        (TimeoutPolicy::Forfeit, "forfeit"),
    ];
}

impl Stage {
    /// The stage's name in the store.
    pub fn name(self) -> &'static str {
        name_of(&Stage::NAMES, self)
    }
}

impl TimeoutPolicy {
    /// The policy's name, as in the store and in commands.
    pub fn name(self) -> &'static str {
        name_of(&TimeoutPolicy::NAMES, self)
    }

    /// The policy called `name`.
    pub fn parse(name: &str) -> Option<TimeoutPolicy> {
        named(&TimeoutPolicy::NAMES, name).ok()
    }
}

/// Who plays one seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatRecord {
    /// The seat.
    pub seat: Seat,
    /// The player who owns it, if any.
    pub user: Option<User>,
    /// The spirit's level when a spirit plays it (standing in for the
    /// player, if `stand_in`).
    pub spirit: Option<Level>,
    /// A spirit plays for the player, whose time ran out, until they return.
    pub stand_in: bool,
}

impl SeatRecord {
    /// Whether the engine moves for this seat now.
    pub fn spirit_plays(&self) -> bool {
        self.spirit.is_some() && (self.user.is_none() || self.stand_in)
    }

    /// Whether nobody holds the seat.
    pub fn is_empty(&self) -> bool {
        self.user.is_none() && self.spirit.is_none()
    }
}

/// The chat a game is played in, as its platform knows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameChat {
    /// The chat's platform.
    pub platform: Platform,
    /// The chat's id on that platform.
    pub external: String,
    /// The language of the chat's public messages, if it has one.
    pub locale: Option<String>,
}

/// A game as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// Its id (ignored when the game is created).
    pub id: GameId,
    /// The chat it is played in.
    pub chat: ChatId,
    /// The platform of that chat (read with the game; ignored when it is created).
    pub platform: Platform,
    /// The language of that chat's public messages, if it has one (read with the game).
    pub chat_language: Option<String>,
    /// Which game.
    pub variant: GameType,
    /// The named setup, if not the default.
    pub setup: Option<String>,
    /// Options, `KEY=VALUE` each.
    pub options: Vec<String>,
    /// A start position text, instead of a setup.
    pub start_position: Option<String>,
    /// Joining, playing or over.
    pub stage: Stage,
    /// The action log, oldest first.
    pub log: Vec<String>,
    /// Incremented by every write; a write names the version it read.
    pub version: i64,
    /// The secret dice seed, revealed when the game ends.
    pub seed: Vec<u8>,
    /// SHA-256 of the seed, published when the game is created.
    pub seed_hash: String,
    /// The time per move, if the game is played on the clock.
    pub move_seconds: Option<i64>,
    /// When the seat to act runs out of time.
    pub deadline_ms: Option<i64>,
    /// What happens then.
    pub on_timeout: TimeoutPolicy,
    /// Seats that asked for or agreed to take back the last move.
    pub takeback: Vec<Seat>,
    /// What the players contributed to the dice before the first roll
    /// (fixed once play begins).
    pub entropy: Vec<String>,
    /// The seat whose turn was last announced to the chat, so that each turn is announced once.
    pub announced: Option<Seat>,
    /// Who created it.
    pub created_by: UserId,
    /// When it was created.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
    /// Every seat, in seating order.
    pub seats: Vec<SeatRecord>,
    /// Why the game was set aside, if it was: the bot cannot read it any
    /// more (read with the game; set with [`Store::set_aside`]).
    pub broken: Option<String>,
}

/// The columns of a game, in the order [`game_from_row`] reads them.
const GAME_COLUMNS: [&str; 21] = [
    "id",
    "chat_id",
    "variant",
    "setup",
    "options",
    "start_position",
    "stage",
    "log",
    "version",
    "seed",
    "seed_hash",
    "move_seconds",
    "deadline_ms",
    "on_timeout",
    "takeback",
    "announced",
    "created_by",
    "created_ms",
    "updated_ms",
    "entropy",
    "broken",
];

/// Splits a stored list; the empty text is the empty list.
fn lines(text: String, separator: char) -> Vec<String> {
    if text.is_empty() {
        Vec::new()
    } else {
        text.split(separator).map(str::to_string).collect()
    }
}

/// A seat stored as its number.
fn seat(value: i64) -> Result<Seat> {
    Ok(Seat(small(value, "seat")?))
}

/// Reads a game from `row`: [`GAME_COLUMNS`], then the chat's platform and language.
fn game_from_row(row: &AnyRow) -> Result<GameRecord> {
    let corrupt = |what: &str, value: &str| StoreError::Corrupt(format!("{what} '{value}'"));
    let takeback: Option<String> = row.try_get(14)?;
    let takeback = lines(takeback.unwrap_or_default(), ',')
        .iter()
        .map(|s| seat(s.parse().map_err(|_| corrupt("takeback seat", s))?))
        .collect::<Result<Vec<Seat>>>()?;
    let announced: Option<String> = row.try_get(15)?;
    let announced = match announced {
        Some(text) => Some(seat(
            text.parse().map_err(|_| corrupt("announced seat", &text))?,
        )?),
        None => None,
    };
    let variant: String = row.try_get(2)?;
    let platform: String = row.try_get(GAME_COLUMNS.len())?;
    Ok(GameRecord {
        id: GameId(row.try_get(0)?),
        chat: ChatId(row.try_get(1)?),
        platform: Platform::named(&platform).ok_or_else(|| corrupt("platform", &platform))?,
        chat_language: row.try_get(GAME_COLUMNS.len() + 1)?,
        variant: variant.parse().map_err(|_| corrupt("game", &variant))?,
        setup: row.try_get(3)?,
        options: lines(row.try_get(4)?, '\n'),
        start_position: row.try_get(5)?,
        stage: named(&Stage::NAMES, &row.try_get::<String, _>(6)?)?,
        log: lines(row.try_get(7)?, '\n'),
        version: row.try_get(8)?,
        seed: row.try_get(9)?,
        seed_hash: row.try_get(10)?,
        move_seconds: row.try_get(11)?,
        deadline_ms: row.try_get(12)?,
        on_timeout: named(&TimeoutPolicy::NAMES, &row.try_get::<String, _>(13)?)?,
        takeback,
        announced,
        created_by: UserId(row.try_get(16)?),
        created_ms: row.try_get(17)?,
        updated_ms: row.try_get(18)?,
        entropy: lines(row.try_get(19)?, '\n'),
        seats: Vec::new(),
        broken: row.try_get(20)?,
    })
}

/// The stored form of the seats that asked for a takeback.
fn takeback_text(seats: &[Seat]) -> Option<String> {
    (!seats.is_empty()).then(|| {
        seats
            .iter()
            .map(|s| s.0.to_string())
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// The stored form of the announced seat.
fn announced_text(seat: Option<Seat>) -> Option<String> {
    seat.map(|s| s.0.to_string())
}

impl Store {
    /// Stores a new game (its `id` and `version` are ignored); returns its id.
    pub async fn create_game(&self, game: &GameRecord) -> Result<GameId> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO games (chat_id, variant, setup, options, start_position, stage, log,
                version, seed, seed_hash, move_seconds, deadline_ms, on_timeout,
                takeback, announced, created_by, created_ms, updated_ms, entropy)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $12, $13, $14, $15,
                $16, $17, $18)
             RETURNING id",
        )
        .bind(game.chat.0)
        .bind(game.variant.id())
        .bind(game.setup.clone())
        .bind(game.options.join("\n"))
        .bind(game.start_position.clone())
        .bind(game.stage.name())
        .bind(game.log.join("\n"))
        .bind(game.seed.clone())
        .bind(game.seed_hash.clone())
        .bind(game.move_seconds)
        .bind(game.deadline_ms)
        .bind(game.on_timeout.name())
        .bind(takeback_text(&game.takeback))
        .bind(announced_text(game.announced))
        .bind(game.created_by.0)
        .bind(game.created_ms)
        .bind(game.updated_ms)
        .bind(game.entropy.join("\n"))
        .fetch_one(&mut *tx)
        .await?;
        let id = GameId(row.try_get(0)?);
        insert_seats(&mut tx, id, &game.seats).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The version of game `id` (see [`GameRecord::version`]): what an open
    /// page asks for, often, to know when to show a move.
    pub async fn game_version(&self, id: GameId) -> Result<Option<i64>> {
        let row = sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => Some(row.try_get(0)?),
            None => None,
        })
    }

    /// The game with this id, with its seats: one query, a row per seat.
    pub async fn load_game(&self, id: GameId) -> Result<Option<GameRecord>> {
        let seats = GAME_COLUMNS.len() + 2;
        let rows = sqlx::query(&format!(
            "SELECT {}, c.platform, c.locale, s.seat, s.spirit, s.stand_in, s.user_id, {}
             FROM games g
             JOIN chats c ON c.id = g.chat_id
             LEFT JOIN seats s ON s.game_id = g.id
             LEFT JOIN users u ON u.id = s.user_id
             WHERE g.id = $1 ORDER BY s.seat",
            GAME_COLUMNS.map(|c| format!("g.{c}")).join(", "),
            user_columns("u.")
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        let Some(first) = rows.first() else {
            return Ok(None);
        };
        let mut game = game_from_row(first)?;
        for row in &rows {
            let Some(seat) = row.try_get::<Option<i64>, _>(seats)? else {
                continue;
            };
            let user_id: Option<i64> = row.try_get(seats + 3)?;
            let spirit: Option<String> = row.try_get(seats + 1)?;
            let spirit = match spirit {
                Some(level) => Some(
                    level
                        .parse::<Level>()
                        .map_err(|_| StoreError::Corrupt(format!("spirit level '{level}'")))?,
                ),
                None => None,
            };
            game.seats.push(SeatRecord {
                seat: self::seat(seat)?,
                spirit,
                stand_in: row.try_get::<i64, _>(seats + 2)? != 0,
                user: match user_id {
                    Some(_) => Some(user_from_row(row, seats + 4)?),
                    None => None,
                },
            });
        }
        Ok(Some(game))
    }

    /// The games not over in which the person `external` of `platform` holds
    /// a seat, the most recently changed first, at most `limit`.
    pub async fn games_of(
        &self,
        platform: Platform,
        external: &str,
        limit: i64,
    ) -> Result<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT g.id FROM games g
             WHERE g.stage <> 'over' AND g.broken IS NULL AND EXISTS (
                SELECT 1 FROM seats s JOIN users u ON u.id = s.user_id
                WHERE s.game_id = g.id AND u.platform = $1 AND u.external = $2)
             ORDER BY g.updated_ms DESC, g.id DESC LIMIT $3",
        )
        .bind(platform.name())
        .bind(external)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(GameId(row.try_get(0)?))).collect()
    }

    /// The ids of a chat's games, the most recently changed first: the
    /// unfinished ones, then up to `finished` finished ones.
    pub async fn chat_games(&self, chat: ChatId, finished: i64) -> Result<Vec<GameId>> {
        let rows = sqlx::query(
            "SELECT id FROM (
                SELECT id, updated_ms FROM games
                WHERE chat_id = $1 AND stage <> 'over' AND broken IS NULL
                UNION ALL
                SELECT id, updated_ms FROM (
                    SELECT id, updated_ms FROM games
                    WHERE chat_id = $1 AND stage = 'over' AND broken IS NULL
                    ORDER BY updated_ms DESC, id DESC LIMIT $2
                ) AS recent
             ) AS listed ORDER BY updated_ms DESC, id DESC",
        )
        .bind(chat.0)
        .bind(finished)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(GameId(row.try_get(0)?))).collect()
    }

    /// Sets a game aside as broken, for `reason`, once: its jobs go, and
    /// `notice` (if any) is queued for its chat in the same transaction.
    /// Returns whether this call set it aside (false: it was already, or
    /// there is no such game).
    pub async fn set_aside(
        &self,
        id: GameId,
        reason: &str,
        notice: Option<&NewNotice>,
        now: i64,
    ) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        let marked = sqlx::query("UPDATE games SET broken = $1 WHERE id = $2 AND broken IS NULL")
            .bind(reason)
            .bind(id.0)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if marked != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM jobs WHERE game_id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        if let Some(notice) = notice {
            sqlx::query(
                "INSERT INTO outbox (chat_id, game_id, body, created_ms)
                 SELECT chat_id, NULL, $1, $2 FROM games WHERE id = $3",
            )
            .bind(notice.body.clone())
            .bind(now)
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The chat a game is played in, read without the game's own row (which
    /// may be unreadable).
    pub async fn game_chat(&self, id: GameId) -> Result<Option<GameChat>> {
        let row = sqlx::query(
            "SELECT c.platform, c.external, c.locale FROM games g JOIN chats c ON c.id = g.chat_id
             WHERE g.id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let platform: String = row.try_get(0)?;
        Ok(Some(GameChat {
            platform: Platform::named(&platform)
                .ok_or_else(|| StoreError::Corrupt(format!("platform '{platform}'")))?,
            external: row.try_get(1)?,
            locale: row.try_get(2)?,
        }))
    }

    /// Writes `game`, read at `game.version`, as version `game.version + 1`
    /// (its seats too if `seats_changed`), together with its new plan of jobs
    /// (replacing every earlier job of the game) and the notices for its
    /// chat, and the ratings of a game that ends with this write (`rated`:
    /// once per game). Fails with [`StoreError::Conflict`] when another
    /// write came first; then nothing is written. Returns the new version.
    pub async fn save_game(
        &self,
        game: &GameRecord,
        seats_changed: bool,
        jobs: &[NewJob],
        notices: &[NewNotice],
        rated: Option<&RatedGame>,
    ) -> Result<i64> {
        let next = game.version + 1;
        let mut tx = self.pool.begin().await?;
        let written = sqlx::query(
            "UPDATE games SET stage = $1, log = $2, version = $3,
                move_seconds = $4, deadline_ms = $5, on_timeout = $6, takeback = $7,
                announced = $8, updated_ms = $9, options = $10, entropy = $11
             WHERE id = $12 AND version = $13 AND broken IS NULL",
        )
        .bind(game.stage.name())
        .bind(game.log.join("\n"))
        .bind(next)
        .bind(game.move_seconds)
        .bind(game.deadline_ms)
        .bind(game.on_timeout.name())
        .bind(takeback_text(&game.takeback))
        .bind(announced_text(game.announced))
        .bind(game.updated_ms)
        .bind(game.options.join("\n"))
        .bind(game.entropy.join("\n"))
        .bind(game.id.0)
        .bind(game.version)
        .execute(&mut *tx)
        .await?;
        if written.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        if seats_changed {
            sqlx::query("DELETE FROM seats WHERE game_id = $1")
                .bind(game.id.0)
                .execute(&mut *tx)
                .await?;
            insert_seats(&mut tx, game.id, &game.seats).await?;
        }
        sqlx::query("DELETE FROM jobs WHERE game_id = $1")
            .bind(game.id.0)
            .execute(&mut *tx)
            .await?;
        for job in jobs {
            sqlx::query(
                "INSERT INTO jobs (game_id, kind, seat, due_ms, version) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(game.id.0)
            .bind(job.kind.name())
            .bind(i64::from(job.seat.0))
            .bind(job.due_ms)
            .bind(next)
            .execute(&mut *tx)
            .await?;
        }
        for notice in notices {
            sqlx::query(
                "INSERT INTO outbox (chat_id, game_id, body, created_ms) VALUES ($1, $2, $3, $4)",
            )
            .bind(game.chat.0)
            .bind(game.id.0)
            .bind(notice.body.clone())
            .bind(game.updated_ms)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(rated) = rated {
            rate_in(&mut tx, self.backend, game.id, rated).await?;
        }
        tx.commit().await?;
        Ok(next)
    }
}

async fn insert_seats(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: GameId,
    seats: &[SeatRecord],
) -> Result<()> {
    for seat in seats {
        sqlx::query(
            "INSERT INTO seats (game_id, seat, user_id, spirit, stand_in) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(game.0)
        .bind(i64::from(seat.seat.0))
        .bind(seat.user.as_ref().map(|u| u.id.0))
        .bind(seat.spirit.map(Level::name))
        .bind(i64::from(seat.stand_in))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
