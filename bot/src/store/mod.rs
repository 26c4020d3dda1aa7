//! The store: chats, users, games with their seats and action logs, the
//! scheduler's jobs and the outbox, in PostgreSQL (production, several bot
//! processes on one database) or SQLite (the embedded default). Both run the
//! same queries through sqlx's Any driver; they differ only in their
//! migrations and in how a job is claimed (`FOR UPDATE SKIP LOCKED` on
//! PostgreSQL, a single connection on SQLite).
//!
//! Game writes are optimistic: each carries the version it read, and a write
//! against a newer version fails with [`StoreError::Conflict`], so two
//! commands that race can never both land.

mod games;
mod jobs;
mod migrate;
mod people;
mod ratings;
pub mod scratch;
mod transfer;

use std::str::FromStr;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, ConnectOptions, Executor};
use thiserror::Error;

pub use games::{GameChat, GameId, GameRecord, SeatRecord, Stage, TimeoutPolicy};
pub use jobs::{Gauges, Job, JobKind, NewJob, NewNotice, OutboxEntry, Queue};
pub use people::{ChatId, Settings, User, UserId};
pub use ratings::{LINK_LIFETIME_MS, Member, RatedGame, Recent, Standing};

/// Why the store refused or failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// Another write reached the game first; read it again and retry.
    #[error("the position changed, try again")]
    Conflict,
    /// The database failed or could not be reached.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The database holds something this version cannot read.
    #[error("unreadable record: {0}")]
    Corrupt(String),
}

/// A store result.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Which database is behind the store.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    /// SQLite, one file, one connection.
    Sqlite,
    /// PostgreSQL, a pool of connections.
    Postgres,
}

/// The store: a pool of connections to one database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

impl Store {
    /// Connects to `url` (`sqlite://FILE`, `postgres://...`), creating a
    /// SQLite file if needed, and applies the migrations.
    pub async fn open(url: &str) -> Result<Store> {
        let store = Store::connect(url).await?;
        store.migrate().await?;
        Ok(store)
    }

    /// Connects to `url` without touching the schema.
    pub async fn connect(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(StoreError::Database(sqlx::Error::Configuration(
                format!(
                    "unknown database in '{}': use sqlite:// or postgres://",
                    redact(url)
                )
                .into(),
            )));
        };
        let url = match backend {
            // Create the file when it does not exist yet.
            Backend::Sqlite if !url.contains("mode=") && !url.contains(":memory:") => {
                let joiner = if url.contains('?') { '&' } else { '?' };
                format!("{url}{joiner}mode=rwc")
            }
            _ => url.to_string(),
        };
        let options = AnyConnectOptions::from_str(&url)?.disable_statement_logging();
        let pool = match backend {
            // One connection: SQLite has one writer anyway, and a single
            // connection never meets a lock it would have to wait for.
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(1)
                    .after_connect(|connection, _| {
                        Box::pin(async move {
                            connection
                                .execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
                                .await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(8)
                    .connect_with(options)
                    .await?
            }
        };
        if backend == Backend::Sqlite {
            // Readers never wait for the writer; survives a crash of the process.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
        }
        Ok(Store { pool, backend })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// `url` with any password replaced, fit for messages and logs.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    // The user information ends at the last `@`: a password may hold one
    // (or a `?` or a `/`), the host and query never do.
    let (user, place) = match rest.rsplit_once('@') {
        Some((credentials, place)) => {
            let user = credentials.split(':').next().unwrap_or("");
            (format!("{user}:***@"), place)
        }
        None => (String::new(), rest),
    };
    let (place, query) = match place.split_once('?') {
        Some((place, query)) => (place, Some(query)),
        None => (place, None),
    };
    let query = query.map(|query| {
        let secret = |key: &str| {
            let key = key.to_lowercase();
            ["pass", "secret", "token", "key"]
                .iter()
                .any(|word| key.contains(word))
        };
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if secret(key) => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        format!("?{}", pairs.join("&"))
    });
    format!("{scheme}://{user}{place}{}", query.unwrap_or_default())
}

/// The name of `value` in `names`.
pub(crate) fn name_of<T: PartialEq + Copy>(names: &[(T, &'static str)], value: T) -> &'static str {
    names
        .iter()
        .find(|(v, _)| *v == value)
        .map_or("", |(_, name)| name)
}

/// The value named `name` in `names`.
pub(crate) fn named<T: Copy>(names: &[(T, &'static str)], name: &str) -> Result<T> {
    names
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(v, _)| *v)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown value '{name}'")))
}

/// Reads an `i64` column that holds a small count or index.
fn small(value: i64, what: &str) -> Result<u8> {
    u8::try_from(value).map_err(|_| StoreError::Corrupt(format!("{what} {value}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_show() {
        assert_eq!(
            redact("postgres://bot:s3cret@db.example:5432/seance"),
            "postgres://bot:***@db.example:5432/seance"
        );
        assert_eq!(redact("sqlite://seance.db"), "sqlite://seance.db");
        // A raw `@` in the password, and secrets in the query string.
        assert_eq!(
            redact("postgres://bot:p@ss@w0rd@db:5432/seance"),
            "postgres://bot:***@db:5432/seance"
        );
        assert_eq!(
            redact("postgres://db/seance?user=bot&password=s3cret&sslmode=require&sslpassword=k"),
            "postgres://db/seance?user=bot&password=***&sslmode=require&sslpassword=***"
        );
        assert_eq!(
            redact("postgres://bot:p?ss/w0rd@db/seance"),
            "postgres://bot:***@db/seance"
        );
        for url in [
            "postgres://bot:p@ss@w0rd@db:5432/seance",
            "postgres://bot:p?ss/w0rd@db/seance",
            "postgres://db/seance?password=s3cret",
        ] {
            let shown = redact(url);
            assert!(
                !shown.contains("s3cret") && !shown.contains("w0rd"),
                "{shown}"
            );
        }
    }
}
