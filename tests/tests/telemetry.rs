//! Health and metrics: `/healthz`, `/readyz` and `/metrics` of a service,
//! after a few commands, as a Prometheus scrape reads them.

use std::time::Duration;

use seance_engine::catalogue::GameType;
use seance_tests::Scratch;
use seance_tests::http;
use seance_tests::table::*;

/// The status and body of `GET path` at `address`.
async fn get(address: std::net::SocketAddr, path: &str) -> (u16, String) {
    let answer = http::get(address, path, &[]).await;
    (answer.status, answer.text())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_and_metrics_answer() {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    seance_bot::telemetry::recorder();
    let address = http::serve(seance_bot::telemetry::routes(service.clone())).await;
    let (_, players) = seated(&service, GameType::Through, "metrics", "time=1d").await;
    ok(&service, &players[0], "e2e4").await;
    say(&service, &players[0], "nonsense words here and more").await;

    assert_eq!(get(address, "/healthz").await, (200, "ok\n".to_string()));
    assert_eq!(get(address, "/readyz").await, (200, "ready\n".to_string()));
    let (status, metrics) = get(address, "/metrics").await;
    assert_eq!(status, 200);
    for series in [
        "seance_commands_total{platform=\"console\",verb=\"new\"} 1",
        "seance_commands_total{platform=\"console\",verb=\"move\"} 1",
        "seance_commands_total{platform=\"console\",verb=\"none\"} 1",
        "seance_command_seconds_bucket{platform=\"console\",verb=\"start\",le=",
        "seance_games_in_play 1",
        "seance_outbox_depth 0",
        "seance_job_lag_seconds 0",
    ] {
        assert!(metrics.contains(series), "{series} in:\n{metrics}");
    }
    // Pictures are timed where they are drawn.
    let replies = say(&service, &players[1], "board").await;
    replies[0]
        .board
        .as_ref()
        .expect("a board")
        .png(&Default::default());
    tokio::time::sleep(Duration::from_millis(10)).await;
    let (_, metrics) = get(address, "/metrics").await;
    assert!(
        metrics.contains("seance_picture_seconds_count 1"),
        "{metrics}"
    );
}
