//! Driving the service as a chat table does, on a scratch store with a fake
//! clock: players, commands that must pass or be refused, and a look at what
//! was stored.

use std::sync::Arc;
use std::time::Duration;

use seance_bot::clock::FakeClock;
use seance_bot::commands;
use seance_bot::platform::Platform;
use seance_bot::service::reply::Reply;
use seance_bot::service::{Context, Defaults, Service, engine_options};
use seance_bot::store::scratch::Scratch;
pub use seance_bot::store::scratch::tamper;
use seance_bot::store::{GameId, GameRecord};
use seance_engine::Start;
use seance_engine::catalogue::{self, AnyGame, GameType};

/// A fake clock's start: 2026-11-30 20:00 UTC.
pub const EPOCH: i64 = 1_796_068_800_000;
/// An hour in milliseconds.
pub const HOUR: i64 = 3_600_000;

/// A service on a scratch store, with a fake clock.
pub async fn service(scratch: Scratch, defaults: Defaults) -> (Service, FakeClock) {
    let (service, clock, _) = service_at(scratch, defaults).await;
    (service, clock)
}

/// A service on a scratch store, with a fake clock, and the store's URL
/// (to [`tamper`] with it).
pub async fn service_at(scratch: Scratch, defaults: Defaults) -> (Service, FakeClock, String) {
    let (store, url) = scratch.create().await.expect("scratch store");
    let clock = FakeClock::at(EPOCH);
    let service = Service::new(store, Arc::new(clock.clone()), defaults);
    (service, clock, url)
}

/// Defaults for tests: no clock, spirits move at once.
pub fn quick() -> Defaults {
    Defaults {
        time_per_move: None,
        spirit_pause: Duration::ZERO,
        ..Defaults::default()
    }
}

/// A terminal player called `name` in `chat`.
pub fn player(name: &str, chat: &str) -> Context {
    Context {
        platform: Platform::Terminal,
        chat: chat.to_string(),
        user: format!("id-{name}"),
        name: name.to_string(),
        locale: None,
        message: None,
    }
}

/// Sends a typed command; returns the replies.
pub async fn say(service: &Service, who: &Context, text: &str) -> Vec<Reply> {
    service.handle(who, commands::parse(text)).await
}

/// Sends a command that must succeed; returns its public text.
pub async fn ok(service: &Service, who: &Context, text: &str) -> String {
    let replies = say(service, who, text).await;
    assert!(
        replies.iter().all(|r| !r.private),
        "'{text}' by {} was refused: {replies:?}",
        who.name
    );
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Sends a command that must be refused, privately, changing nothing;
/// returns the refusal.
pub async fn refused(service: &Service, who: &Context, text: &str, game: GameId) -> String {
    let before = load(service, game).await;
    let replies = say(service, who, text).await;
    assert_eq!(replies.len(), 1, "'{text}': {replies:?}");
    assert!(replies[0].private, "'{text}' was not refused: {replies:?}");
    let after = load(service, game).await;
    assert_eq!(before, after, "'{text}' changed the game");
    replies[0].text.clone()
}

/// The stored game.
pub async fn load(service: &Service, game: GameId) -> GameRecord {
    service
        .store()
        .load_game(game)
        .await
        .unwrap()
        .expect("the game exists")
}

/// The engine's game for a record, replayed from its log.
pub fn replayed(record: &GameRecord) -> Box<dyn AnyGame> {
    let options = engine_options(&record.options).unwrap();
    catalogue::replay(
        record.variant,
        Start::Setup(record.setup.clone()),
        options,
        &record.log,
    )
    .expect("the stored log replays")
}

/// The newest game of a chat.
pub async fn newest(service: &Service, chat: &str) -> GameId {
    let chat = service
        .store()
        .chat(Platform::Terminal, chat)
        .await
        .unwrap();
    *service
        .store()
        .chat_games(chat, 5)
        .await
        .unwrap()
        .iter()
        .max()
        .expect("a game")
}

/// A game of `id` with one player per seat, started; returns it and its players.
pub async fn seated(
    service: &Service,
    id: GameType,
    chat: &str,
    extra: &str,
) -> (GameId, Vec<Context>) {
    let seats = id.info().seats.len();
    let players: Vec<Context> = (0..seats).map(|i| player(&format!("p{i}"), chat)).collect();
    // The players keep the seats they took, in games that would roll for them too.
    let fixed = if id.info().seats_by_roll {
        "seating=fixed"
    } else {
        ""
    };
    ok(service, &players[0], &format!("new {id} {fixed} {extra}")).await;
    for p in &players[1..] {
        ok(service, p, "join").await;
    }
    ok(service, &players[0], "start").await;
    (newest(service, chat).await, players)
}

/// Runs each named `async fn(Scratch)` as a test on SQLite and on PostgreSQL.
#[macro_export]
macro_rules! on_both_stores {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    super::$test($crate::Scratch::Sqlite).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $test() {
                    super::$test($crate::Scratch::Postgres).await;
                }
            )*
        }
    };
}
