//! Chats and users, found by their platform's ids and created on first sight.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Result, Store, StoreError};
use crate::platform::Platform;

/// A chat's id in the store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ChatId(pub i64);

/// A user's id in the store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UserId(pub i64);

/// What a player chose for themselves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// `en` or `ru`; `None` follows the platform's language.
    pub locale: Option<String>,
    /// The player's time zone, as minutes ahead of UTC.
    pub utc_offset_minutes: i32,
    /// Quiet hours, minutes after local midnight (start, end): no reminders then.
    pub quiet: Option<(u16, u16)>,
    /// Whether to remind the player before a deadline.
    pub reminders: bool,
    /// Whether the player accepts direct messages from the bot.
    pub direct_messages: bool,
    /// Whether the player shows on the global ladders.
    pub ranked: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            locale: None,
            utc_offset_minutes: 0,
            quiet: None,
            reminders: true,
            direct_messages: false,
            ranked: true,
        }
    }
}

/// A player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct User {
    /// The store's id.
    pub id: UserId,
    /// The platform.
    pub platform: Platform,
    /// The platform's id of the user.
    pub external: String,
    /// The name to show.
    pub name: String,
    /// The language the platform last reported for the player, if any.
    pub reported_locale: Option<String>,
    /// The player's settings.
    pub settings: Settings,
}

/// The columns of a user, in the order [`user_from_row`] reads them, each
/// after `prefix` (a table alias and a dot, or nothing).
pub(super) fn user_columns(prefix: &str) -> String {
    [
        "id",
        "platform",
        "external",
        "name",
        "locale",
        "utc_offset_minutes",
        "quiet_start",
        "quiet_end",
        "reminders",
        "direct_messages",
        "reported_locale",
        "ranked",
    ]
    .map(|column| format!("{prefix}{column}"))
    .join(", ")
}

/// Reads a user from `row`, starting at column `at`.
pub(super) fn user_from_row(row: &AnyRow, at: usize) -> Result<User> {
    let minutes = |value: Option<i64>| -> Result<Option<u16>> {
        value
            .map(|v| u16::try_from(v).map_err(|_| StoreError::Corrupt(format!("quiet hour {v}"))))
            .transpose()
    };
    let quiet = match (
        minutes(row.try_get(at + 6)?)?,
        minutes(row.try_get(at + 7)?)?,
    ) {
        (Some(start), Some(end)) => Some((start, end)),
        _ => None,
    };
    let offset: i64 = row.try_get(at + 5)?;
    let platform: String = row.try_get(at + 1)?;
    Ok(User {
        id: UserId(row.try_get(at)?),
        platform: Platform::named(&platform)
            .ok_or_else(|| StoreError::Corrupt(format!("platform '{platform}'")))?,
        external: row.try_get(at + 2)?,
        name: row.try_get(at + 3)?,
        reported_locale: row.try_get(at + 10)?,
        settings: Settings {
            locale: row.try_get(at + 4)?,
            utc_offset_minutes: i32::try_from(offset)
                .map_err(|_| StoreError::Corrupt(format!("time zone {offset}")))?,
            quiet,
            reminders: row.try_get::<i64, _>(at + 8)? != 0,
            direct_messages: row.try_get::<i64, _>(at + 9)? != 0,
            ranked: row.try_get::<i64, _>(at + 11)? != 0,
        },
    })
}

impl Store {
    /// The chat with this platform id, created if new.
    pub async fn chat(&self, platform: Platform, external: &str) -> Result<ChatId> {
        Ok(self.chat_and_language(platform, external).await?.0)
    }

    /// The chat with this platform id (created if new) and the language
    /// its public messages are in, if it has one.
    pub async fn chat_and_language(
        &self,
        platform: Platform,
        external: &str,
    ) -> Result<(ChatId, Option<String>)> {
        let known =
            sqlx::query("SELECT id, locale FROM chats WHERE platform = $1 AND external = $2")
                .bind(platform.name())
                .bind(external)
                .fetch_optional(&self.pool)
                .await?;
        if let Some(row) = known {
            return Ok((ChatId(row.try_get(0)?), row.try_get(1)?));
        }
        let row = sqlx::query(
            "INSERT INTO chats (platform, external) VALUES ($1, $2)
             ON CONFLICT (platform, external) DO UPDATE SET platform = excluded.platform
             RETURNING id, locale",
        )
        .bind(platform.name())
        .bind(external)
        .fetch_one(&self.pool)
        .await?;
        Ok((ChatId(row.try_get(0)?), row.try_get(1)?))
    }

    /// Sets the language of a chat's public messages.
    pub async fn set_chat_language(&self, chat: ChatId, locale: &str) -> Result<()> {
        sqlx::query("UPDATE chats SET locale = $1 WHERE id = $2")
            .bind(locale)
            .bind(chat.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The user with this platform id, created if new; their name and the
    /// language their platform reports (when it reports one) are kept current.
    pub async fn user(
        &self,
        platform: Platform,
        external: &str,
        name: &str,
        reported_locale: Option<&str>,
    ) -> Result<User> {
        let known = sqlx::query(&format!(
            "SELECT {} FROM users WHERE platform = $1 AND external = $2",
            user_columns("")
        ))
        .bind(platform.name())
        .bind(external)
        .fetch_optional(&self.pool)
        .await?;
        let mut reported = reported_locale.map(str::to_string);
        if let Some(row) = known {
            let user = user_from_row(&row, 0)?;
            if reported.is_none() {
                reported = user.reported_locale.clone();
            }
            if user.name == name && user.reported_locale == reported {
                return Ok(user);
            }
        }
        let row = sqlx::query(&format!(
            "INSERT INTO users (platform, external, name, reported_locale) VALUES ($1, $2, $3, $4)
             ON CONFLICT (platform, external)
             DO UPDATE SET name = excluded.name, reported_locale = excluded.reported_locale
             RETURNING {}",
            user_columns("")
        ))
        .bind(platform.name())
        .bind(external)
        .bind(name)
        .bind(reported)
        .fetch_one(&self.pool)
        .await?;
        user_from_row(&row, 0)
    }

    /// Whether a spirit stands in for the user (by platform id) in an
    /// unfinished game of the chat (by platform id).
    pub async fn stands_in(&self, platform: Platform, user: &str, chat: &str) -> Result<bool> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM seats s
             JOIN games g ON g.id = s.game_id
             JOIN users u ON u.id = s.user_id
             JOIN chats c ON c.id = g.chat_id
             WHERE u.platform = $1 AND u.external = $2 AND c.platform = $1 AND c.external = $3
               AND s.stand_in = 1 AND g.stage = 'playing'",
        )
        .bind(platform.name())
        .bind(user)
        .bind(chat)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)? > 0)
    }

    /// Stores a user's settings.
    pub async fn save_settings(&self, user: UserId, settings: &Settings) -> Result<()> {
        sqlx::query(
            "UPDATE users SET locale = $1, utc_offset_minutes = $2, quiet_start = $3,
             quiet_end = $4, reminders = $5, direct_messages = $6, ranked = $7 WHERE id = $8",
        )
        .bind(settings.locale.clone())
        .bind(i64::from(settings.utc_offset_minutes))
        .bind(settings.quiet.map(|(start, _)| i64::from(start)))
        .bind(settings.quiet.map(|(_, end)| i64::from(end)))
        .bind(i64::from(settings.reminders))
        .bind(i64::from(settings.direct_messages))
        .bind(i64::from(settings.ranked))
        .bind(user.0)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
