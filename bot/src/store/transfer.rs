//! Moving a deployment between stores: `seance export` writes every chat,
//! person, game (with its seats and log), queued message and rating as JSON
//! lines, `seance import` reads them into an empty store of either kind, and
//! `seance copy` does both, so a SQLite deployment moves to PostgreSQL with
//! its games in play. Rows keep their ids, so every reference still holds.
//!
//! Jobs are not carried: a process starting on the new store plans every
//! game in play again (see `Service::start_up`). Leases are not carried
//! either: the queued messages go to whichever process asks first.

use std::io::{BufRead, Write};

use serde_json::{Map, Value, json};
use sqlx::any::AnyRow;
use sqlx::{Column, Row};

use super::{Backend, Result, Store, StoreError};

/// The format's version: the first line of an export says it.
const VERSION: i64 = 1;

/// The tables carried, in an order that keeps every reference valid, with
/// the column each is sorted by.
const TABLES: [(&str, &str); 9] = [
    ("chats", "id"),
    ("users", "id"),
    ("games", "id"),
    ("seats", "game_id, seat"),
    ("outbox", "id"),
    ("ratings", "person, variant, chat_id"),
    ("rated_games", "seq"),
    ("rating_history", "game_id, person, chat_id"),
    ("link_codes", "code"),
];

/// Columns that belong to a running process, not to the data.
const LEASES: [&str; 2] = ["lease_ms", "owner"];

/// The identity columns whose counters follow the highest id after an import.
const COUNTERS: [(&str, &str); 5] = [
    ("chats", "id"),
    ("users", "id"),
    ("games", "id"),
    ("outbox", "id"),
    ("rated_games", "seq"),
];

/// A column's value as JSON: numbers and text as themselves, bytes as
/// `{"bytes": HEX}`.
fn cell(row: &AnyRow, at: usize) -> Result<Value> {
    if let Ok(value) = row.try_get::<Option<i64>, _>(at) {
        return Ok(value.map_or(Value::Null, Value::from));
    }
    if let Ok(value) = row.try_get::<Option<f64>, _>(at) {
        return Ok(value.map_or(Value::Null, Value::from));
    }
    if let Ok(value) = row.try_get::<Option<String>, _>(at) {
        return Ok(value.map_or(Value::Null, Value::from));
    }
    let bytes: Option<Vec<u8>> = row.try_get(at)?;
    Ok(bytes.map_or(Value::Null, |b| {
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        json!({ "bytes": hex })
    }))
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

fn bad(why: String) -> StoreError {
    StoreError::Corrupt(format!("export: {why}"))
}

impl Store {
    /// Writes every row worth carrying to `out`, one JSON object a line,
    /// after a line naming the format; returns how many rows.
    pub async fn export(&self, out: &mut impl Write) -> Result<usize> {
        let io = |e: std::io::Error| bad(e.to_string());
        writeln!(out, "{}", json!({ "seance_export": VERSION })).map_err(io)?;
        let mut rows = 0;
        for (table, order) in TABLES {
            for row in sqlx::query(&format!("SELECT * FROM {table} ORDER BY {order}"))
                .fetch_all(&self.pool)
                .await?
            {
                let mut object = Map::new();
                for (at, column) in row.columns().iter().enumerate() {
                    if !LEASES.contains(&column.name()) {
                        object.insert(column.name().to_string(), cell(&row, at)?);
                    }
                }
                writeln!(out, "{}", json!({ "table": table, "row": object })).map_err(io)?;
                rows += 1;
            }
        }
        Ok(rows)
    }

    /// Reads an export into this store, which must hold no chat yet, in one
    /// transaction; returns how many rows.
    pub async fn import(&self, input: impl BufRead) -> Result<usize> {
        let mut lines = input.lines();
        let first = lines
            .next()
            .ok_or_else(|| bad("empty".into()))?
            .map_err(|e| bad(e.to_string()))?;
        let head: Value = serde_json::from_str(&first).map_err(|e| bad(e.to_string()))?;
        if head["seance_export"] != json!(VERSION) {
            return Err(bad(format!("not an export of version {VERSION}: {first}")));
        }
        let mut tx = self.pool.begin().await?;
        let held: i64 = sqlx::query("SELECT COUNT(*) FROM chats")
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        if held > 0 {
            return Err(bad("the store to import into already holds chats".into()));
        }
        let mut rows = 0;
        for line in lines {
            let line = line.map_err(|e| bad(e.to_string()))?;
            if line.trim().is_empty() {
                continue;
            }
            let entry: Value = serde_json::from_str(&line).map_err(|e| bad(e.to_string()))?;
            let table = entry["table"].as_str().unwrap_or("");
            if !TABLES.iter().any(|(t, _)| *t == table) {
                return Err(bad(format!("unknown table '{table}'")));
            }
            let Some(row) = entry["row"].as_object() else {
                return Err(bad(format!("a row of {table} that is no object")));
            };
            // A null is left to the column's default (NULL), since a typed
            // null of the wrong type is refused by PostgreSQL.
            let given: Vec<(&String, &Value)> = row.iter().filter(|(_, v)| !v.is_null()).collect();
            let names: Vec<&str> = given.iter().map(|(name, _)| name.as_str()).collect();
            if names
                .iter()
                .any(|n| !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            {
                return Err(bad(format!("a column name of {table} that is no name")));
            }
            let places: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "INSERT INTO {table} ({}) VALUES ({})",
                names.join(", "),
                places.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for (name, value) in given {
                query = match value {
                    Value::Number(n) if n.is_i64() => query.bind(n.as_i64()),
                    Value::Number(n) => query.bind(n.as_f64()),
                    Value::String(text) => query.bind(text.clone()),
                    Value::Object(o) => {
                        let hex = o.get("bytes").and_then(Value::as_str).unwrap_or("");
                        let bytes = unhex(hex).ok_or_else(|| bad(format!("{table}.{name}")))?;
                        query.bind(bytes)
                    }
                    other => return Err(bad(format!("{table}.{name} = {other}"))),
                };
            }
            query.execute(&mut *tx).await?;
            rows += 1;
        }
        if self.backend == Backend::Postgres {
            for (table, column) in COUNTERS {
                sqlx::query(&format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', '{column}'),
                        COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
                ))
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(rows)
    }
}
