//! seance-tests: end-to-end tests across Seance's crates, and the helpers
//! they share. The tests themselves are in `tests/`.

pub mod http;
pub mod table;

pub use seance_bot::store::scratch::Scratch;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use seance_bot::adapters::console::{self, Play};
use seance_bot::clock::SystemClock;
use seance_bot::platform::Platform;
use seance_bot::service::{Defaults, Service};
use seance_engine::catalogue::GameType;

/// Plays `script` (one typed line per entry) at a terminal game of `game`
/// on a fresh SQLite store, seats chosen as `seance play --seat` takes them;
/// returns the transcript and the game's log.
pub async fn console_session(
    game: GameType,
    seats: &[&str],
    script: &[&str],
) -> (String, Vec<String>) {
    let mut output = Vec::new();
    let log = console_typed(game, seats, script.join("\n").as_bytes(), None, &mut output).await;
    (String::from_utf8(output).expect("UTF-8"), log)
}

/// Plays the raw bytes `input` at a terminal game as [`console_session`]
/// does, writing each turn's picture to `picture` if given and the
/// transcript to `output`; returns the game's log.
pub async fn console_typed(
    game: GameType,
    seats: &[&str],
    input: &[u8],
    picture: Option<PathBuf>,
    output: impl Write,
) -> Vec<String> {
    let (store, _) = Scratch::Sqlite.create().await.expect("scratch store");
    let defaults = Defaults {
        time_per_move: None,
        spirit_pause: Duration::ZERO,
        ..Defaults::default()
    };
    let service = Service::new(store, Arc::new(SystemClock), defaults);
    let play = Play {
        game,
        setup: None,
        options: Vec::new(),
        seats: seats.iter().map(|s| s.to_string()).collect(),
        fresh: false,
        picture,
        letters: true,
        name: "ann".to_string(),
    };
    console::run(&service, &play, input, output)
        .await
        .expect("in-memory I/O");
    let chat = service
        .store()
        .chat(Platform::Terminal, &format!("terminal/{game}"))
        .await
        .expect("chat");
    let games = service.store().chat_games(chat, 1).await.expect("games");
    match games.iter().max() {
        Some(&id) => service
            .store()
            .load_game(id)
            .await
            .expect("game")
            .map(|g| g.log)
            .unwrap_or_default(),
        None => Vec::new(),
    }
}
