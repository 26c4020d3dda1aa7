//! Moving a deployment between stores: an export read into another store,
//! SQLite to PostgreSQL and back, keeps every game as it was (the same
//! records, replaying to the same positions) and its ratings, and a process
//! on the new store carries on the games in play.

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use seance_bot::service::Service;
use seance_bot::store::{GameId, Stage, Store};
use seance_engine::catalogue::GameType;
use seance_tests::Scratch;
use seance_tests::table::*;

/// Every game of `store` up to `last`, with its replayed position.
async fn games(store: &Store, last: GameId) -> Vec<(seance_bot::store::GameRecord, String)> {
    let mut all = Vec::new();
    for id in 1..=last.0 {
        let record = store.load_game(GameId(id)).await.unwrap().expect("a game");
        let position = replayed(&record).position_text();
        all.push((record, position));
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_deployment_moves_to_postgres_and_back_with_its_games() {
    let (service, clock) = service(Scratch::Sqlite, quick()).await;
    // A finished, rated game; a dice game in play on the clock; an open table.
    let (_, two) = seated(&service, GameType::Through, "moving", "time=none").await;
    ok(&service, &two[1], "resign").await;
    let (playing, four) = seated(&service, GameType::Chaturaji, "moving-dice", "time=1d").await;
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..12 {
        let shadow = replayed(&load(&service, playing).await);
        let seat = shadow.phase().seat().unwrap();
        let mv = shadow.legal_moves().choose(&mut rng).cloned().unwrap();
        ok(&service, &four[seat.index()], &mv).await;
    }
    ok(&service, &player("host", "moving-open"), "new tamerlane").await;
    let last = newest(&service, "moving-open").await;

    let mut export = Vec::new();
    let rows = service.store().export(&mut export).await.unwrap();
    assert!(rows > 10, "{rows} rows");
    let (postgres, _) = Scratch::Postgres.create().await.unwrap();
    assert_eq!(postgres.import(export.as_slice()).await.unwrap(), rows);
    let before = games(service.store(), last).await;
    assert_eq!(games(&postgres, last).await, before, "every game as it was");
    assert_eq!(
        postgres.all_ratings().await.unwrap(),
        service.store().all_ratings().await.unwrap()
    );
    let again = postgres.import(export.as_slice()).await;
    assert!(again.is_err(), "a store that holds chats takes no import");

    // And back to a fresh SQLite file.
    let mut back = Vec::new();
    postgres.export(&mut back).await.unwrap();
    let (sqlite, _) = Scratch::Sqlite.create().await.unwrap();
    sqlite.import(back.as_slice()).await.unwrap();
    assert_eq!(games(&sqlite, last).await, before);

    // A process on the new store plans the game in play again and plays on;
    // new games get new numbers.
    let moved = Service::new(postgres.clone(), Arc::new(clock.clone()), quick());
    let started = moved.start_up().await.unwrap();
    assert!(started.replanned >= 1, "{started:?}");
    let jobs = postgres.game_jobs(playing).await.unwrap();
    assert!(!jobs.is_empty(), "the deadline is planned again");
    let shadow = replayed(&load(&moved, playing).await);
    let seat = shadow.phase().seat().unwrap();
    let mv = shadow.legal_moves().choose(&mut rng).cloned().unwrap();
    ok(&moved, &four[seat.index()], &mv).await;
    assert_eq!(load(&moved, playing).await.stage, Stage::Playing);
    ok(&moved, &player("host", "moving-open"), "new through").await;
    assert_eq!(newest(&moved, "moving-open").await, GameId(last.0 + 1));
}
