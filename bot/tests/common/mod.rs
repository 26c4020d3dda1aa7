//! What the front-end tests share: a service on a scratch store with a fake
//! clock, reading a stored game and choosing its next move, and for the fake
//! platform servers, serving on loopback and reading the multipart bodies
//! that carry pictures.

#![allow(dead_code)]

pub mod browser;
pub mod fake_discord;
pub mod fake_telegram;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use seance_bot::clock::FakeClock;
use seance_bot::service::{Defaults, Service, engine_options};
use seance_bot::store::scratch::Scratch;
use seance_bot::store::{GameId, GameRecord};
use seance_engine::Start;
use seance_engine::catalogue::{self, AnyGame};

/// The fake clock's start: 2026-11-30 20:00 UTC.
pub const EPOCH: i64 = 1_796_068_800_000;

/// A service on a fresh SQLite store, telling time by a fake clock; no
/// clock on games unless asked, and spirits that move at once.
pub async fn service() -> (Service, FakeClock) {
    let (store, _) = Scratch::Sqlite.create().await.unwrap();
    let defaults = Defaults {
        time_per_move: None,
        spirit_pause: Duration::ZERO,
        ..Defaults::default()
    };
    let clock = FakeClock::at(EPOCH);
    (
        Service::new(store, Arc::new(clock.clone()), defaults),
        clock,
    )
}

/// A game as stored.
pub async fn load(service: &Service, id: i64) -> GameRecord {
    service
        .store()
        .load_game(GameId(id))
        .await
        .unwrap()
        .expect("the game exists")
}

/// The engine's game of a record, replayed from its log.
pub fn replayed(record: &GameRecord) -> Box<dyn AnyGame> {
    let options = engine_options(&record.options).unwrap();
    catalogue::replay(record.variant, Start::Setup(None), options, &record.log).unwrap()
}

/// Who moves next in a stored game (their platform id) and a random legal move for them.
pub fn next_move(record: &GameRecord, rng: &mut StdRng) -> (String, String) {
    let shadow = replayed(record);
    let seat = shadow.phase().seat().expect("a seat to move");
    let user = record.seats[seat.index()]
        .user
        .as_ref()
        .expect("a person plays the seat to move");
    let mv = shadow
        .legal_moves()
        .choose(rng)
        .cloned()
        .expect("a legal move");
    (user.external.clone(), mv)
}

/// One part of a multipart body.
pub struct Part {
    /// The form field's name.
    pub name: String,
    /// The file's name, for a file.
    pub file_name: Option<String>,
    /// The content.
    pub bytes: Vec<u8>,
}

/// Serves `app` on a free loopback port; returns `http://address`.
pub async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

/// The parts of a multipart body.
pub fn multipart(content_type: &str, body: &[u8]) -> Vec<Part> {
    let boundary = content_type
        .split("boundary=")
        .nth(1)
        .unwrap_or("")
        .trim_matches('"');
    let delimiter = format!("--{boundary}");
    let quoted = |head: &str, key: &str| {
        head.split(key)
            .nth(1)
            .and_then(|n| n.split('"').next())
            .map(str::to_string)
    };
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delimiter.as_bytes()) {
        rest = &rest[start + delimiter.len()..];
        let Some(head_end) = find(rest, b"\r\n\r\n") else {
            break;
        };
        let head = String::from_utf8_lossy(&rest[..head_end]).to_string();
        let content = &rest[head_end + 4..];
        let end = find(content, delimiter.as_bytes()).unwrap_or(content.len());
        let bytes = content[..end]
            .strip_suffix(b"\r\n")
            .unwrap_or(&content[..end]);
        parts.push(Part {
            name: quoted(&head, " name=\"").unwrap_or_default(),
            file_name: quoted(&head, "filename=\""),
            bytes: bytes.to_vec(),
        });
        rest = &content[end..];
    }
    parts
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Asks `child` to stop with SIGTERM, as systemd does, and waits until it
/// has (a limit far above what it needs); returns how it ended.
pub async fn terminate(child: &mut std::process::Child) -> std::process::ExitStatus {
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let limit = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(std::time::Instant::now() < limit, "it did not stop");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// [`until`] for a test that must ask something asynchronous.
pub async fn until_async<F: std::future::Future<Output = bool>>(what: &str, done: impl Fn() -> F) {
    let limit = std::time::Instant::now() + Duration::from_secs(120);
    while !done().await {
        assert!(std::time::Instant::now() < limit, "gave up waiting: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until `done` holds, or panics saying what it waited for after a
/// limit far above what it needs.
pub async fn until(what: &str, done: impl Fn() -> bool) {
    let limit = std::time::Instant::now() + Duration::from_secs(120);
    while !done() {
        assert!(std::time::Instant::now() < limit, "gave up waiting: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
