//! Throwaway databases for tests and benchmarks: a fresh SQLite file, or a
//! fresh database on a PostgreSQL server. A test that asks for PostgreSQL
//! and cannot reach it fails, loudly: a suite that skips its PostgreSQL half
//! would pass while proving nothing.

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{AnyConnection, Connection};

use super::{Result, Store, redact};

/// The server tests use unless `SEANCE_TEST_POSTGRES` names another: its
/// maintenance database, where new databases are created.
pub const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// Which kind of scratch database.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scratch {
    /// A new SQLite file in the temporary directory.
    Sqlite,
    /// A new database on the PostgreSQL server of `SEANCE_TEST_POSTGRES`.
    Postgres,
}

/// Whether the process that made a scratch database of this name is gone
/// (known only where `/proc` tells).
fn abandoned(name: &str) -> bool {
    let pid = name
        .strip_prefix("seance_scratch_")
        .and_then(|rest| rest.split('_').next());
    match pid {
        Some(pid) if pid != std::process::id().to_string() => {
            let proc = std::path::Path::new("/proc");
            proc.exists() && !proc.join(pid).exists()
        }
        _ => false,
    }
}

/// Removes the scratch SQLite files of processes that are gone.
fn sweep_files() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.contains(".sqlite") && abandoned(&name) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A unique name for this process's `n`-th scratch database.
fn name() -> String {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    format!("seance_scratch_{}_{n}", std::process::id())
}

impl Scratch {
    /// Creates the database, migrated; returns the store and its URL.
    /// Panics with a message saying what to do when PostgreSQL is unreachable.
    pub async fn create(self) -> Result<(Store, String)> {
        let url = match self {
            Scratch::Sqlite => {
                sweep_files();
                let file = std::env::temp_dir().join(format!("{}.sqlite", name()));
                let _ = std::fs::remove_file(&file);
                format!("sqlite://{}", file.display())
            }
            Scratch::Postgres => {
                let admin = std::env::var("SEANCE_TEST_POSTGRES")
                    .unwrap_or_else(|_| DEFAULT_POSTGRES.to_string());
                sqlx::any::install_default_drivers();
                let mut connection = match AnyConnection::connect(&admin).await {
                    Ok(connection) => connection,
                    Err(error) => panic!(
                        "PostgreSQL is not reachable at {} ({error}). Start it, or point \
                         SEANCE_TEST_POSTGRES at a server where this user may create databases.",
                        redact(&admin)
                    ),
                };
                // Databases left by earlier runs go first.
                let rows = sqlx::query(
                    "SELECT datname::text FROM pg_database WHERE datname LIKE 'seance_scratch_%'",
                )
                .fetch_all(&mut connection)
                .await?;
                for row in rows {
                    let old: String = sqlx::Row::try_get(&row, 0)?;
                    if abandoned(&old) {
                        sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {old}"))
                            .execute(&mut connection)
                            .await?;
                    }
                }
                let name = name();
                sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name}"))
                    .execute(&mut connection)
                    .await?;
                sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
                    .execute(&mut connection)
                    .await?;
                connection.close().await?;
                let (base, _) = admin.rsplit_once('/').unwrap_or((&admin, ""));
                format!("{base}/{name}")
            }
        };
        let store = Store::open(&url).await?;
        Ok((store, url))
    }
}

/// Runs `sql` on the database at `url` behind the bot's back, as an
/// operator (or a bug) might; returns the rows it changed, or the
/// database's refusal as text.
pub async fn tamper(url: &str, sql: &str) -> std::result::Result<u64, String> {
    sqlx::any::install_default_drivers();
    let mut connection = AnyConnection::connect(url)
        .await
        .map_err(|e| e.to_string())?;
    let done = sqlx::raw_sql(sql)
        .execute(&mut connection)
        .await
        .map_err(|e| e.to_string());
    let _ = connection.close().await;
    done.map(|d| d.rows_affected())
}
