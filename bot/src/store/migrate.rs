//! Migrations: the SQL files of `migrations/sqlite` and `migrations/postgres`,
//! compiled in, applied in order, each once, each in its own transaction.

use sqlx::Row;

use super::{Backend, Result, Store};

/// A migration: its number, its name, and its SQL for each database.
struct Migration {
    version: i64,
    name: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

/// Every migration, oldest first.
const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "games",
        sqlite: include_str!("../../../migrations/sqlite/0001_games.sql"),
        postgres: include_str!("../../../migrations/postgres/0001_games.sql"),
    },
    Migration {
        version: 2,
        name: "outbox_lease",
        sqlite: include_str!("../../../migrations/sqlite/0002_outbox_lease.sql"),
        postgres: include_str!("../../../migrations/postgres/0002_outbox_lease.sql"),
    },
    Migration {
        version: 3,
        name: "no_position_cache",
        sqlite: include_str!("../../../migrations/sqlite/0003_no_position_cache.sql"),
        postgres: include_str!("../../../migrations/postgres/0003_no_position_cache.sql"),
    },
    Migration {
        version: 4,
        name: "chat_language",
        sqlite: include_str!("../../../migrations/sqlite/0004_chat_language.sql"),
        postgres: include_str!("../../../migrations/postgres/0004_chat_language.sql"),
    },
    Migration {
        version: 5,
        name: "fair_dice",
        sqlite: include_str!("../../../migrations/sqlite/0005_fair_dice.sql"),
        postgres: include_str!("../../../migrations/postgres/0005_fair_dice.sql"),
    },
    Migration {
        version: 6,
        name: "fault_isolation",
        sqlite: include_str!("../../../migrations/sqlite/0006_fault_isolation.sql"),
        postgres: include_str!("../../../migrations/postgres/0006_fault_isolation.sql"),
    },
    Migration {
        version: 7,
        name: "post_budget",
        sqlite: include_str!("../../../migrations/sqlite/0007_post_budget.sql"),
        postgres: include_str!("../../../migrations/postgres/0007_post_budget.sql"),
    },
    Migration {
        version: 8,
        name: "seen_requests",
        sqlite: include_str!("../../../migrations/sqlite/0008_seen_requests.sql"),
        postgres: include_str!("../../../migrations/postgres/0008_seen_requests.sql"),
    },
    Migration {
        version: 9,
        name: "ratings",
        sqlite: include_str!("../../../migrations/sqlite/0009_ratings.sql"),
        postgres: include_str!("../../../migrations/postgres/0009_ratings.sql"),
    },
];

impl Store {
    /// The names of the migrations this database lacks, changing nothing.
    pub async fn pending_migrations(&self) -> Result<Vec<String>> {
        // A database that never ran a migration has no table of them.
        let applied: Vec<i64> = match sqlx::query("SELECT version FROM schema_migrations")
            .fetch_all(&self.pool)
            .await
        {
            Ok(rows) => rows
                .iter()
                .map(|row| row.try_get(0))
                .collect::<std::result::Result<_, _>>()?,
            Err(sqlx::Error::Database(_)) => Vec::new(),
            Err(error) => return Err(error.into()),
        };
        Ok(MIGRATIONS
            .iter()
            .filter(|m| !applied.contains(&m.version))
            .map(|m| m.name.to_string())
            .collect())
    }

    /// Applies the migrations this database lacks; returns their names.
    pub async fn migrate(&self) -> Result<Vec<String>> {
        sqlx::raw_sql(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                name TEXT NOT NULL
            )",
        )
        .execute(&self.pool)
        .await?;
        let mut applied = Vec::new();
        for migration in MIGRATIONS {
            let mut tx = self.pool.begin().await?;
            if self.backend == Backend::Postgres {
                // Two processes starting together: one migrates, the other waits.
                sqlx::query("SELECT pg_advisory_xact_lock(7361) ")
                    .execute(&mut *tx)
                    .await?;
            }
            let done = sqlx::query("SELECT COUNT(*) FROM schema_migrations WHERE version = $1")
                .bind(migration.version)
                .fetch_one(&mut *tx)
                .await?
                .try_get::<i64, _>(0)?;
            if done > 0 {
                continue;
            }
            let sql = match self.backend {
                Backend::Sqlite => migration.sqlite,
                Backend::Postgres => migration.postgres,
            };
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            sqlx::query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)")
                .bind(migration.version)
                .bind(migration.name)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            applied.push(format!("{:04}_{}", migration.version, migration.name));
        }
        Ok(applied)
    }
}
