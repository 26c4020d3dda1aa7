//! Restart safety: a bot process is killed (`kill -9`) in the middle of a
//! game of spirits, with jobs pending and one perhaps half done; a new
//! process carries on. Nothing is lost and every job takes effect once: the
//! game ends, its log replays, and its end was told exactly once. The tests
//! wait for counts and stages, with spirits far quicker than the limits.

mod common;

use std::process::{Child, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use seance_bot::clock::SystemClock;
use seance_bot::commands::{self, Command, NewGame};
use seance_bot::platform::Platform;
use seance_bot::service::{Context, Defaults, Service, engine_options};
use seance_bot::store::scratch::{Scratch, tamper};
use seance_bot::store::{GameId, Stage, Store};
use seance_engine::catalogue::{self, GameType};
use seance_engine::{Color, Start};

/// A `seance run --worker` process, killed (`kill -9`) when dropped, so
/// that a failing test leaves none behind.
struct Worker(Child);

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `seance run --worker` named `name` on the database at `url`,
/// its spirits thinking at most `think` and its leases lasting `lease`.
fn worker_with(url: &str, name: &str, think: &str, lease: &str) -> Worker {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
        .args(["run", "--worker", "--config", "no-such-config.toml"])
        .env("SEANCE_DATABASE_URL", url)
        .env("SEANCE_DATABASE_INSTANCE", name)
        // The names' lock files go to a place of the tests' own.
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("seance-restart-tests"),
        )
        .env("SEANCE_GAMES_SPIRIT_PAUSE", "20ms")
        .env("SEANCE_GAMES_SPIRIT_TIME", think)
        .env("SEANCE_GAMES_JOB_LEASE", lease)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the seance binary starts");
    Worker(child)
}

/// A worker with quick spirits (the tests are about jobs surviving, not
/// their strength) and a short lease.
fn worker(url: &str, name: &str) -> Worker {
    worker_with(url, name, "50ms", "1s")
}

/// Waits until `done` holds for the game, or panics after `limit`.
async fn wait(store: &Store, game: GameId, limit: Duration, done: impl Fn(usize, Stage) -> bool) {
    let start = Instant::now();
    loop {
        let record = store.load_game(game).await.unwrap().unwrap();
        if done(record.log.len(), record.stage) {
            return;
        }
        assert!(
            start.elapsed() < limit,
            "gave up after {limit:?}: {} actions",
            record.log.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A started game of four spirits on a fresh database; returns its store,
/// URL and id.
async fn spirits_game(scratch: Scratch) -> (Store, String, GameId) {
    let (store, url) = scratch.create().await.unwrap();
    let service = Service::new(store.clone(), Arc::new(SystemClock), Defaults::default());
    let host = Context {
        platform: Platform::Terminal,
        chat: "restart".to_string(),
        user: "host".to_string(),
        name: "host".to_string(),
        locale: None,
        message: None,
    };
    let mut script = vec![Command::New(NewGame {
        time: Some(commands::MoveTime::Unlimited),
        ..NewGame::of(GameType::Chaturaji)
    })];
    for color in [Color::Red, Color::Green, Color::Yellow, Color::Black] {
        script.push(Command::Spirit(None, color, None));
    }
    script.push(Command::Start(None));
    for command in script {
        let replies = service.handle(&host, command.clone()).await;
        assert!(
            replies.iter().all(|r| !r.private),
            "{command:?}: {replies:?}"
        );
    }
    let chat = store.chat(Platform::Terminal, "restart").await.unwrap();
    let game = store.chat_games(chat, 0).await.unwrap()[0];
    (store, url, game)
}

/// The game ended, its log replays, no job is left, and its end was told
/// once (spirits alone play unseen).
async fn finished_cleanly(store: &Store, game: GameId) {
    let record = store.load_game(game).await.unwrap().unwrap();
    let options = engine_options(&record.options).unwrap();
    let replayed = catalogue::replay(
        GameType::Chaturaji,
        Start::Setup(None),
        options,
        &record.log,
    )
    .unwrap();
    assert!(replayed.outcome().is_some());
    assert!(store.game_jobs(game).await.unwrap().is_empty());
    let told = store
        .claim_outbox(Platform::Terminal, 100_000, 0, 0, "test")
        .await
        .unwrap();
    assert_eq!(told.len(), 1, "the end told once");
    assert!(told[0].body.contains("Game over"), "{}", told[0].body);
}

async fn survives_kill_9(scratch: Scratch) {
    let (store, url, game) = spirits_game(scratch).await;
    let name = format!("restarting-{scratch:?}");
    let first = worker(&url, &name);
    wait(&store, game, Duration::from_secs(300), |actions, _| {
        actions >= 10
    })
    .await;
    drop(first);
    let record = store.load_game(game).await.unwrap().unwrap();
    assert_eq!(
        record.stage,
        Stage::Playing,
        "killed in the middle of the game"
    );
    assert!(
        !store.game_jobs(game).await.unwrap().is_empty(),
        "with a job pending"
    );

    let second = worker(&url, &name);
    wait(&store, game, Duration::from_secs(600), |_, stage| {
        stage == Stage::Over
    })
    .await;
    drop(second);
    finished_cleanly(&store, game).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_survives_kill_9() {
    survives_kill_9(Scratch::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_survives_kill_9() {
    survives_kill_9(Scratch::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_workers_on_one_postgres_share_the_jobs() {
    let (store, url, game) = spirits_game(Scratch::Postgres).await;
    let workers = [worker(&url, "first"), worker(&url, "second")];
    wait(&store, game, Duration::from_secs(600), |_, stage| {
        stage == Stage::Over
    })
    .await;
    drop(workers);
    finished_cleanly(&store, game).await;
}

/// Whether the process named `name` holds a job's lease now.
async fn holds_a_job(url: &str, name: &str) -> bool {
    let touched = tamper(
        url,
        &format!("UPDATE jobs SET owner = owner WHERE owner = '{name}' AND lease_ms IS NOT NULL"),
    )
    .await;
    touched.unwrap() > 0
}

/// Waits until the process named `name` holds a job's lease.
async fn until_it_holds_a_job(url: &str, name: &str) {
    let start = Instant::now();
    while !holds_a_job(url, name).await {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "no job was claimed"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A worker is killed while its spirit thinks, holding the job with a lease
/// of ten minutes; started again under its name, it frees that lease at
/// once and the spirit moves, long before the lease would have run out.
async fn a_restarted_worker_takes_up_its_spirit_at_once(scratch: Scratch) {
    let (store, url, game) = spirits_game(scratch).await;
    let name = format!("thinker-{scratch:?}");
    let first = worker_with(&url, &name, "30s", "600s");
    until_it_holds_a_job(&url, &name).await;
    drop(first);
    let actions = store.load_game(game).await.unwrap().unwrap().log.len();
    let second = worker_with(&url, &name, "50ms", "600s");
    let restarted = Instant::now();
    wait(&store, game, Duration::from_secs(300), |now, _| {
        now > actions
    })
    .await;
    eprintln!(
        "the spirit moved {:?} after the restart",
        restarted.elapsed()
    );
    drop(second);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_restart_frees_its_own_lease() {
    a_restarted_worker_takes_up_its_spirit_at_once(Scratch::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restart_frees_its_own_lease() {
    a_restarted_worker_takes_up_its_spirit_at_once(Scratch::Postgres).await;
}

/// A worker asked to stop (SIGTERM, as systemd and container runtimes ask)
/// while its spirit thinks, holding the job with a lease of ten minutes:
/// it exits cleanly within its grace, gives the lease back, and another
/// process (under another name) takes the job up at once. Nothing is lost.
async fn a_stopped_worker_gives_its_work_back_at_once(scratch: Scratch) {
    let (store, url, game) = spirits_game(scratch).await;
    let name = format!("stopping-{scratch:?}");
    let mut first = worker_with(&url, &name, "30s", "600s");
    until_it_holds_a_job(&url, &name).await;
    let actions = store.load_game(game).await.unwrap().unwrap().log.len();
    let status = common::terminate(&mut first.0).await;
    assert!(status.success(), "{status:?}");
    assert!(!holds_a_job(&url, &name).await, "its lease went back");
    let record = store.load_game(game).await.unwrap().unwrap();
    assert_eq!(record.stage, Stage::Playing);
    assert!(record.log.len() >= actions, "no move was lost");
    let other = worker_with(&url, &format!("taker-{scratch:?}"), "50ms", "600s");
    wait(&store, game, Duration::from_secs(300), |now, _| {
        now > record.log.len()
    })
    .await;
    drop(other);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_sigterm_gives_the_work_back() {
    a_stopped_worker_gives_its_work_back_at_once(Scratch::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_sigterm_gives_the_work_back() {
    a_stopped_worker_gives_its_work_back_at_once(Scratch::Postgres).await;
}

/// Two processes on one machine cannot run under one name: the second
/// would renew the first's leases for ever after the first crashed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_cannot_share_a_name() {
    let (store, url, game) = spirits_game(Scratch::Sqlite).await;
    let actions = store.load_game(game).await.unwrap().unwrap().log.len();
    let _first = worker(&url, "twin");
    // The first has started once its spirits move.
    wait(&store, game, Duration::from_secs(300), |now, _| {
        now > actions
    })
    .await;
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
        .args(["run", "--worker", "--config", "no-such-config.toml"])
        .env("SEANCE_DATABASE_URL", &url)
        .env("SEANCE_DATABASE_INSTANCE", "twin")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("seance-restart-tests"),
        )
        .output()
        .expect("the seance binary runs");
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("runs as 'twin'"), "{said}");
}

/// At the most verbose level the log says what the bot does, libraries
/// included, and never a token: here a Telegram front end whose Bot API is
/// out of reach (its address, which holds the token, is in every error).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_most_verbose_log_holds_no_token() {
    let (_, url) = Scratch::Sqlite.create().await.unwrap();
    let token = "123456:AAHsecret-token-never-shown";
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = silent.local_addr().unwrap();
    drop(silent);
    let mut bot = Worker(
        std::process::Command::new(env!("CARGO_BIN_EXE_seance"))
            .args(["run", "--config", "no-such-config.toml"])
            .env("SEANCE_DATABASE_URL", &url)
            .env("SEANCE_DATABASE_INSTANCE", "verbose")
            .env("SEANCE_TELEGRAM_TOKEN", token)
            .env("SEANCE_TELEGRAM_API_URL", format!("http://{address}"))
            .env("RUST_LOG", "trace")
            .env(
                "XDG_DATA_HOME",
                std::env::temp_dir().join("seance-restart-tests"),
            )
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the seance binary starts"),
    );
    // Let it try the Bot API a while, then stop it.
    tokio::time::sleep(Duration::from_secs(3)).await;
    common::terminate(&mut bot.0).await;
    let mut log = String::new();
    std::io::Read::read_to_string(bot.0.stderr.as_mut().unwrap(), &mut log).unwrap();
    assert!(log.contains("TRACE") || log.contains("DEBUG"), "{log}");
    assert!(log.contains("scheduler running on"), "{log}");
    assert!(log.contains("stopped; gave back"), "{log}");
    assert!(!log.contains("secret-token"), "{log}");
    assert!(!log.contains("AAHsecret"), "{log}");
}
