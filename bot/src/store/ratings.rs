//! Ratings in the store: each person's rating per game, in each chat and
//! overall; the games rated, in order; what each did to each rating; and the
//! codes that link accounts of two platforms into one person.
//!
//! A game is rated inside the transaction that ends it (see
//! [`Store::save_game`]): the optimistic write of the game lets one writer
//! through, and the `rated_games` row makes a second rating of the same game
//! a no-op, so replaying, a restart or two workers never rate a game twice.

use seance_engine::catalogue::GameType;
use seance_engine::spirit::Level;
use sqlx::Row;

use super::games::GameId;
use super::people::{ChatId, UserId};
use super::{Backend, Result, Store, StoreError};
use crate::ratings::{self, Rating};

/// The chat id of the overall ladder.
const OVERALL: i64 = 0;

/// Who plays for a side of a rated game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Member {
    /// A person, by one of their accounts.
    User(UserId),
    /// A spirit, whose rating is fixed.
    Spirit(Level),
}

/// A finished game as its ratings take it: the sides, each with its members
/// and its place (1 first, ties shared).
#[derive(Clone, PartialEq, Debug)]
pub struct RatedGame {
    /// Which game.
    pub variant: GameType,
    /// The chat it was played in.
    pub chat: ChatId,
    /// Each side's members and place.
    pub sides: Vec<(Vec<Member>, usize)>,
    /// When it ended.
    pub at_ms: i64,
}

/// A person's rating in one game, in one ladder.
#[derive(Clone, PartialEq, Debug)]
pub struct Standing {
    /// The person (the id of the account whose ratings linked ones share).
    pub person: UserId,
    /// The person's name.
    pub name: String,
    /// Which game.
    pub variant: GameType,
    /// The rating now.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// The highest skill the rating reached.
    pub best: f64,
}

/// One of a person's recent rated games.
#[derive(Clone, PartialEq, Debug)]
pub struct Recent {
    /// The game.
    pub game: GameId,
    /// Which game it was.
    pub variant: GameType,
    /// The person's place, and how many places there were.
    pub place: i64,
    /// How many sides played.
    pub sides: i64,
    /// The overall rating's change, in shown points.
    pub change: i64,
}

/// A transaction on the store's database.
type Tx<'a> = sqlx::Transaction<'a, sqlx::Any>;

fn variant_named(name: &str) -> Result<GameType> {
    name.parse()
        .map_err(|_| StoreError::Corrupt(format!("game '{name}'")))
}

/// The person an account belongs to, within `tx`.
async fn person_in(tx: &mut Tx<'_>, user: UserId) -> Result<UserId> {
    let row = sqlx::query("SELECT COALESCE(person, id) FROM users WHERE id = $1")
        .bind(user.0)
        .fetch_one(&mut **tx)
        .await?;
    Ok(UserId(row.try_get(0)?))
}

/// Rates `rated` as game `game`, within the transaction that ends it: in
/// its chat's ladder and in the overall one. A game already rated is left.
pub(super) async fn rate_in(
    tx: &mut Tx<'_>,
    backend: Backend,
    game: GameId,
    rated: &RatedGame,
) -> Result<()> {
    let done = sqlx::query("SELECT 1 FROM rated_games WHERE game_id = $1")
        .bind(game.0)
        .fetch_optional(&mut **tx)
        .await?;
    if done.is_some() {
        return Ok(());
    }
    sqlx::query("INSERT INTO rated_games (game_id, at_ms) VALUES ($1, $2)")
        .bind(game.0)
        .bind(rated.at_ms)
        .execute(&mut **tx)
        .await?;
    let mut sides: Vec<(Vec<Result<UserId, Level>>, usize)> = Vec::new();
    for (members, place) in &rated.sides {
        let mut side = Vec::new();
        for member in members {
            side.push(match member {
                Member::User(user) => Ok(person_in(tx, *user).await?),
                Member::Spirit(level) => Err(*level),
            });
        }
        sides.push((side, *place));
    }
    // Row locks on PostgreSQL, where other games may rate the same people
    // at the same time; SQLite's one connection does one write at a time.
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let variant = rated.variant.id();
    for chat in [rated.chat.0, OVERALL] {
        let mut before = Vec::new();
        for (members, place) in &sides {
            let mut ratings_now = Vec::new();
            for member in members {
                ratings_now.push(match member {
                    Ok(person) => {
                        let row = sqlx::query(&format!(
                            "SELECT mu, sigma FROM ratings
                             WHERE person = $1 AND variant = $2 AND chat_id = $3{lock}"
                        ))
                        .bind(person.0)
                        .bind(variant)
                        .bind(chat)
                        .fetch_optional(&mut **tx)
                        .await?;
                        match row {
                            Some(row) => Rating {
                                mu: row.try_get(0)?,
                                sigma: row.try_get(1)?,
                            },
                            None => Rating::NEW,
                        }
                    }
                    Err(level) => ratings::spirit(rated.variant, *level),
                });
            }
            before.push((ratings_now, *place));
        }
        let after = ratings::rate(&before);
        for (((members, place), (old, _)), new) in sides.iter().zip(&before).zip(&after) {
            for ((member, old), new) in members.iter().zip(old).zip(new) {
                let Ok(person) = member else { continue };
                sqlx::query(
                    "INSERT INTO ratings (person, variant, chat_id, mu, sigma, games, best)
                     VALUES ($1, $2, $3, $4, $5, 1, $4)
                     ON CONFLICT (person, variant, chat_id) DO UPDATE SET
                        mu = excluded.mu, sigma = excluded.sigma,
                        games = ratings.games + 1,
                        best = CASE WHEN excluded.mu > ratings.best THEN excluded.mu ELSE ratings.best END",
                )
                .bind(person.0)
                .bind(variant)
                .bind(chat)
                .bind(new.mu)
                .bind(new.sigma)
                .execute(&mut **tx)
                .await?;
                sqlx::query(
                    "INSERT INTO rating_history
                        (game_id, person, chat_id, place, sides, mu_before, mu_after, sigma_after)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(game.0)
                .bind(person.0)
                .bind(chat)
                .bind(*place as i64)
                .bind(sides.len() as i64)
                .bind(old.mu)
                .bind(new.mu)
                .bind(new.sigma)
                .execute(&mut **tx)
                .await?;
            }
        }
    }
    Ok(())
}

/// The columns of a standing, as [`standing_from_row`] reads them.
const STANDING: &str = "r.person, u.name, r.variant, r.mu, r.sigma, r.games, r.best";

fn standing_from_row(row: &sqlx::any::AnyRow) -> Result<Standing> {
    Ok(Standing {
        person: UserId(row.try_get(0)?),
        name: row.try_get(1)?,
        variant: variant_named(&row.try_get::<String, _>(2)?)?,
        rating: Rating {
            mu: row.try_get(3)?,
            sigma: row.try_get(4)?,
        },
        games: row.try_get(5)?,
        best: row.try_get(6)?,
    })
}

impl Store {
    /// The person `user` belongs to: `user` itself unless linked to another account.
    pub async fn person(&self, user: UserId) -> Result<UserId> {
        let mut tx = self.pool.begin().await?;
        let person = person_in(&mut tx, user).await?;
        tx.commit().await?;
        Ok(person)
    }

    /// A person's ratings in `chat` (or overall), every game, most played first.
    pub async fn standings_of(
        &self,
        person: UserId,
        chat: Option<ChatId>,
    ) -> Result<Vec<Standing>> {
        let rows = sqlx::query(&format!(
            "SELECT {STANDING} FROM ratings r JOIN users u ON u.id = r.person
             WHERE r.person = $1 AND r.chat_id = $2 ORDER BY r.games DESC, r.variant"
        ))
        .bind(person.0)
        .bind(chat.map_or(OVERALL, |c| c.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(standing_from_row).collect()
    }

    /// The ladder of `variant` in `chat` (or overall, without the people who
    /// asked to stay off it), best first: at most `limit` people.
    pub async fn ladder(
        &self,
        variant: GameType,
        chat: Option<ChatId>,
        limit: i64,
    ) -> Result<Vec<Standing>> {
        let hidden = if chat.is_none() {
            " AND u.ranked <> 0"
        } else {
            ""
        };
        let rows = sqlx::query(&format!(
            "SELECT {STANDING} FROM ratings r JOIN users u ON u.id = r.person
             WHERE r.variant = $1 AND r.chat_id = $2{hidden}
             ORDER BY r.mu DESC, r.person LIMIT $3"
        ))
        .bind(variant.id())
        .bind(chat.map_or(OVERALL, |c| c.0))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(standing_from_row).collect()
    }

    /// The games rated in `chat` (or anywhere), for its ladders.
    pub async fn rated_variants(&self, chat: Option<ChatId>) -> Result<Vec<GameType>> {
        let rows = sqlx::query(
            "SELECT variant, COUNT(*) FROM ratings WHERE chat_id = $1
             GROUP BY variant ORDER BY COUNT(*) DESC, variant",
        )
        .bind(chat.map_or(OVERALL, |c| c.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| variant_named(&row.try_get::<String, _>(0)?))
            .collect()
    }

    /// A person's last `limit` rated games, newest first, with the change
    /// of the overall rating each brought.
    pub async fn recent(&self, person: UserId, limit: i64) -> Result<Vec<Recent>> {
        let rows = sqlx::query(
            "SELECT h.game_id, g.variant, h.place, h.sides, h.mu_before, h.mu_after
             FROM rating_history h
             JOIN rated_games q ON q.game_id = h.game_id
             JOIN games g ON g.id = h.game_id
             WHERE h.person = $1 AND h.chat_id = $2
             ORDER BY q.seq DESC LIMIT $3",
        )
        .bind(person.0)
        .bind(OVERALL)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let shown = |mu: f64| Rating { mu, sigma: 0.0 }.shown();
                Ok(Recent {
                    game: GameId(row.try_get(0)?),
                    variant: variant_named(&row.try_get::<String, _>(1)?)?,
                    place: row.try_get(2)?,
                    sides: row.try_get(3)?,
                    change: shown(row.try_get(5)?) - shown(row.try_get(4)?),
                })
            })
            .collect()
    }

    /// The user of a `@name` or a platform's mention (`<@id>`) who has sat
    /// at a game of `chat`.
    pub async fn chat_player(&self, chat: ChatId, text: &str) -> Result<Option<UserId>> {
        let name = text.trim().trim_start_matches('@');
        let external = text
            .trim()
            .trim_start_matches("<@")
            .trim_start_matches('!')
            .trim_end_matches('>');
        let row = sqlx::query(
            "SELECT u.id FROM users u
             WHERE (LOWER(u.name) = LOWER($2) OR u.external = $3)
               AND EXISTS (SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id
                           WHERE s.user_id = u.id AND g.chat_id = $1)
             ORDER BY u.id LIMIT 1",
        )
        .bind(chat.0)
        .bind(name)
        .bind(external)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| Ok(UserId(row.try_get(0)?))).transpose()
    }

    /// The rated games, in the order they were rated.
    pub async fn rated_games(&self) -> Result<Vec<(GameId, i64)>> {
        let rows = sqlx::query("SELECT game_id, at_ms FROM rated_games ORDER BY seq")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((GameId(row.try_get(0)?), row.try_get(1)?)))
            .collect()
    }

    /// Every rating, as a sorted list of (person, game, chat, mu, sigma,
    /// games), to compare two computations of them.
    pub async fn all_ratings(&self) -> Result<Vec<(i64, String, i64, f64, f64, i64)>> {
        let rows = sqlx::query(
            "SELECT person, variant, chat_id, mu, sigma, games FROM ratings
             ORDER BY person, variant, chat_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    row.try_get(0)?,
                    row.try_get(1)?,
                    row.try_get(2)?,
                    row.try_get(3)?,
                    row.try_get(4)?,
                    row.try_get(5)?,
                ))
            })
            .collect()
    }

    /// Rates the games `games` again from nothing, in their order, in one
    /// transaction (`seance ratings rebuild`).
    pub async fn rerate(&self, games: &[(GameId, RatedGame)]) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        for table in ["ratings", "rating_history", "rated_games"] {
            sqlx::query(&format!("DELETE FROM {table}"))
                .execute(&mut *tx)
                .await?;
        }
        for (game, rated) in games {
            rate_in(&mut tx, self.backend, *game, rated).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Keeps a one-time `code`, made at `now`, that links another account to
    /// `user`'s person for [`LINK_LIFETIME_MS`]; an earlier code of the user's,
    /// and every expired one, is forgotten.
    pub async fn offer_link(&self, user: UserId, code: &str, now: i64) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM link_codes WHERE user_id = $1 OR expires_ms < $2")
            .bind(user.0)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO link_codes (code, user_id, expires_ms) VALUES ($1, $2, $3)")
            .bind(code)
            .bind(user.0)
            .bind(now + LINK_LIFETIME_MS)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Links `user` to the person of the account that made `code`, if the
    /// code is known, unexpired at `now` and from another platform; the code
    /// is used up. Returns that account's id.
    pub async fn redeem_link(&self, user: UserId, code: &str, now: i64) -> Result<Option<UserId>> {
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query(
            "SELECT c.user_id FROM link_codes c
             JOIN users mine ON mine.id = $2
             JOIN users theirs ON theirs.id = c.user_id
             WHERE c.code = $1 AND c.expires_ms >= $3 AND theirs.platform <> mine.platform",
        )
        .bind(code)
        .bind(user.0)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let owner = UserId(row.try_get(0)?);
        let person = person_in(&mut tx, owner).await?;
        let mine = person_in(&mut tx, user).await?;
        // Everyone who was this user's person now belongs to the other.
        sqlx::query("UPDATE users SET person = $1 WHERE id = $2 OR person = $2")
            .bind(person.0)
            .bind(mine.0)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM link_codes WHERE code = $1")
            .bind(code)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(owner))
    }
}

/// How long a link code lives: ten minutes, to type it on the other platform.
pub const LINK_LIFETIME_MS: i64 = 10 * 60 * 1000;
