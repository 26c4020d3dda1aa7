//! Health and metrics: `/healthz`, `/readyz` and `/metrics` of a service,
//! after a few commands, as a Prometheus scrape reads them.

use std::time::Duration;

use seance_engine::catalogue::GameType;
use seance_tests::Scratch;
use seance_tests::table::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The status and body of `GET path` at `address`.
async fn get(address: std::net::SocketAddr, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_and_metrics_answer() {
    let (service, _) = service(Scratch::Sqlite, quick()).await;
    seance_bot::telemetry::recorder();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let routes = seance_bot::telemetry::routes(service.clone());
    tokio::spawn(async move { axum::serve(listener, routes).await });
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
