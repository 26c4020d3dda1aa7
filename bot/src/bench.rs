//! `seance bench`: the speed of the command path (parse, load, check, store;
//! no pictures) on a store. Plays random games of Tamerlane chess between two
//! people through the service, one `move` command at a time, and prints moves
//! per second and latency percentiles.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use seance_engine::catalogue::{self, GameType};
use seance_engine::{Options, Start};

use crate::clock::SystemClock;
use crate::commands::{self, Command, MoveTime, NewGame};
use crate::platform::Platform;
use crate::service::{Context, Defaults, Service};
use crate::store::Store;

/// The game the benchmark plays: long games with many pieces.
const GAME: GameType = GameType::Tamerlane;

/// Plays `moves` moves on the store at `url`, in `lanes` games at once (as
/// many chats would), and writes the figures to `out`; the last line is
/// `store=<name> lanes=<N> moves=<N> moves_per_second=<N> p50_ms=<x> p99_ms=<x>`.
pub async fn run(url: &str, moves: usize, lanes: usize, out: &mut dyn Write) -> Result<()> {
    let store = Store::open(url).await?;
    let backend = format!("{:?}", store.backend()).to_lowercase();
    let defaults = Defaults {
        time_per_move: None,
        ..Defaults::default()
    };
    let service = Service::new(store, Arc::new(SystemClock), defaults);
    let lanes = lanes.max(1);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for lane in 0..lanes {
        let service = service.clone();
        let share = moves / lanes + usize::from(lane < moves % lanes);
        tasks.push(tokio::spawn(
            async move { play(&service, lane, share).await },
        ));
    }
    let mut latencies = Vec::with_capacity(moves);
    let mut games = 0;
    for task in tasks {
        let (lane_games, lane_latencies) = task.await??;
        games += lane_games;
        latencies.extend(lane_latencies);
    }
    let total = started.elapsed();
    latencies.sort_unstable();
    let percentile = |p: f64| {
        let index = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[index]
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    writeln!(out, "games={games} total_s={:.2}", total.as_secs_f64())?;
    writeln!(
        out,
        "store={backend} lanes={lanes} moves={} moves_per_second={:.0} p50_ms={:.2} p99_ms={:.2}",
        latencies.len(),
        latencies.len() as f64 / total.as_secs_f64(),
        ms(percentile(0.50)),
        ms(percentile(0.99)),
    )?;
    Ok(())
}

/// One lane: random games between two people in one chat until `moves`
/// moves are played; returns the games begun and each move's latency.
async fn play(service: &Service, lane: usize, moves: usize) -> Result<(usize, Vec<Duration>)> {
    let mut rng = StdRng::seed_from_u64(7 + lane as u64);
    let mut latencies = Vec::with_capacity(moves);
    let mut games = 0;
    while latencies.len() < moves {
        games += 1;
        let chat = format!("bench-{}-{lane}-{games}", std::process::id());
        let player = |user: &str| Context {
            platform: Platform::Terminal,
            chat: chat.clone(),
            user: format!("{user}-{lane}"),
            name: user.to_string(),
            locale: None,
            message: None,
        };
        let (white, black) = (player("white"), player("black"));
        let new = NewGame {
            time: Some(MoveTime::Unlimited),
            ..NewGame::of(GAME)
        };
        for (who, command) in [
            (&white, Command::New(new)),
            (&black, Command::Join(None, None)),
            (&white, Command::Start(None)),
        ] {
            let replies = service.handle(who, command).await;
            if let Some(refusal) = replies.iter().find(|r| r.private) {
                bail!("setting up a game failed: {}", refusal.text);
            }
        }
        // A random game, played beside the service to know a legal move.
        let mut shadow = catalogue::new_game(GAME, Start::Setup(None), Options::new())?;
        while latencies.len() < moves && shadow.outcome().is_none() {
            let Some(mv) = shadow.legal_moves().choose(&mut rng).cloned() else {
                break;
            };
            let mover = if shadow.phase().seat().map(|s| s.0) == Some(0) {
                &white
            } else {
                &black
            };
            let clock = Instant::now();
            let replies = service.handle(mover, commands::parse(&mv)).await;
            latencies.push(clock.elapsed());
            if let Some(refusal) = replies.iter().find(|r| r.private) {
                bail!("the move {mv} was refused: {}", refusal.text);
            }
            shadow.play_text(&mv)?;
        }
    }
    Ok((games, latencies))
}
