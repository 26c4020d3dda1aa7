//! One `seance run` process with both front ends, against the fake Bot API
//! and the fake Discord: while Telegram's API is down, Discord's players
//! play on and the scheduler moves their spirit; when it comes back, the
//! Telegram side answers again. Nothing ends the process but SIGTERM.

mod common;

use std::process::{Child, Stdio};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use common::fake_discord::{self, FakeDiscord};
use common::fake_telegram::{self, FakeTelegram, group_json, user_json};
use common::until;
use ed25519_dalek::SigningKey;
use serde_json::{Value, json};

/// A `seance run` process, killed when dropped, so that a failing test
/// leaves none behind.
struct Bot(Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free loopback address for the Discord interactions endpoint.
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// Sends a signed slash command to the endpoint as Discord would, and
/// checks that it is acknowledged.
async fn slash(endpoint: &str, key: &SigningKey, id: u64, command: &str, options: Value) {
    let body = fake_discord::interaction(id, 2, fake_discord::ANN, command, &options, "en-US");
    let (status, _) = fake_discord::post(
        endpoint,
        Some(key),
        fake_discord::unix_now(),
        body.as_bytes(),
    )
    .await;
    assert_eq!(status, 200, "/{command} is acknowledged");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_telegram_outage_leaves_discord_and_the_spirits_playing() {
    let (telegram, telegram_url) = FakeTelegram::start().await;
    let (discord, discord_url) = FakeDiscord::start().await;
    let key = SigningKey::from_bytes(&[9u8; 32]);
    let endpoint = free_address();
    let db = std::env::temp_dir().join(format!("seance-outage-{}.sqlite", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
        .args(["run", "--config", "no-such-config.toml"])
        .env("SEANCE_DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("SEANCE_DATABASE_INSTANCE", "outage")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("seance-outage-tests"),
        )
        .env("SEANCE_TELEGRAM_TOKEN", fake_telegram::TOKEN)
        .env("SEANCE_TELEGRAM_API_URL", &telegram_url)
        .env("SEANCE_DISCORD_TOKEN", fake_discord::TOKEN)
        .env("SEANCE_DISCORD_PROXY_URL", &discord_url)
        .env(
            "SEANCE_DISCORD_APPLICATION_ID",
            fake_discord::BOT.to_string(),
        )
        .env("SEANCE_DISCORD_PUBLIC_KEY", fake_discord::public_key(&key))
        .env("SEANCE_DISCORD_LISTEN", &endpoint)
        .env("SEANCE_GAMES_SPIRIT_PAUSE", "0s")
        .env("SEANCE_GAMES_SPIRIT_TIME", "50ms")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the seance binary starts");
    let mut bot = Bot(child);

    // Both front ends are up: Telegram polls for updates, Discord listens.
    until("the bot polls Telegram", || {
        *telegram.offset.lock().unwrap() != -1
    })
    .await;
    let limit = Instant::now() + Duration::from_secs(120);
    while tokio::net::TcpStream::connect(&endpoint).await.is_err() {
        assert!(
            Instant::now() < limit,
            "the Discord endpoint never listened"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Telegram's API goes down, and stays down while Discord's game goes on.
    telegram.down.store(true, Ordering::SeqCst);
    let refused = || telegram.refused("getUpdates", 502);
    until("the bot asks Telegram again and is refused", || {
        refused() >= 2
    })
    .await;
    let game = json!([
        {"name": "game", "type": 3, "value": "through"},
        {"name": "time", "type": 3, "value": "none"}
    ]);
    slash(&endpoint, &key, 1_100_000_000_000_000_001, "new", game).await;
    let black = json!([{"name": "color", "type": 3, "value": "black"}]);
    slash(&endpoint, &key, 1_100_000_000_000_000_002, "spirit", black).await;
    slash(
        &endpoint,
        &key,
        1_100_000_000_000_000_003,
        "start",
        json!([]),
    )
    .await;
    let e2e4 = json!([{"name": "move", "type": 3, "value": "e2e4"}]);
    slash(&endpoint, &key, 1_100_000_000_000_000_004, "move", e2e4).await;
    until("the spirit's answer is posted on Discord", || {
        discord
            .calls
            .lock()
            .unwrap()
            .iter()
            .any(|c| c.text().starts_with("black: "))
    })
    .await;
    assert!(
        telegram.down.load(Ordering::SeqCst) && refused() >= 2,
        "all the while Telegram was down"
    );

    // Telegram comes back: a command there is answered.
    telegram.down.store(false, Ordering::SeqCst);
    let ann = fake_telegram::ANN;
    telegram.updates.lock().unwrap().push_back(json!({
        "update_id": 1,
        "message": {
            "message_id": 1, "date": 1_796_068_800, "chat": group_json(),
            "from": user_json(ann.0, ann.1, ann.2, false), "text": "/help",
        }
    }));
    until("the bot answers on Telegram again", || {
        telegram.calls.lock().unwrap().iter().any(|c| {
            c.method == "sendMessage" && c.refused.is_none() && c.chat() == fake_telegram::GROUP
        })
    })
    .await;

    let status = common::terminate(&mut bot.0).await;
    assert!(status.success(), "it stops cleanly: {status}");
    let _ = std::fs::remove_file(&db);
}
