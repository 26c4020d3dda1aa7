//! Health and metrics on `[server] listen`: `/healthz` (the process lives),
//! `/readyz` (the database answers and its migrations are current) and
//! `/metrics` in Prometheus' text format: commands by platform and verb,
//! command latency and picture time as histograms, the outbox's depth and
//! age, the scheduler's lag, rate-limit waits, and the games in play.

use std::sync::OnceLock;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

use crate::service::Service;

/// Buckets of the time histograms, in seconds.
const SECONDS: [f64; 11] = [
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// The process's recorder, installed once.
static RECORDER: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the metrics recorder (once per process) and returns its handle.
pub fn recorder() -> PrometheusHandle {
    RECORDER
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets(&SECONDS)
                .expect("the buckets are not empty")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder installed first (a test's): ours still renders.
            let _ = metrics::set_global_recorder(recorder);
            handle
        })
        .clone()
}

#[derive(Clone)]
struct Served {
    service: Service,
    metrics: PrometheusHandle,
}

/// The health and metrics routes over `service`.
pub fn routes(service: Service) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(ready))
        .route("/metrics", get(scrape))
        .with_state(Served {
            service,
            metrics: recorder(),
        })
}

/// Serves `routes` (these and the game pages') on `listen` until the
/// process ends.
pub async fn serve(routes: Router, listen: &str) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    tracing::info!(
        "health, metrics and game pages on http://{}",
        listener.local_addr()?
    );
    axum::serve(listener, routes).await?;
    Ok(())
}

async fn ready(State(served): State<Served>) -> (StatusCode, String) {
    match served.service.store().pending_migrations().await {
        Ok(pending) if pending.is_empty() => (StatusCode::OK, "ready\n".to_string()),
        Ok(pending) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("migrations to apply: {}\n", pending.join(", ")),
        ),
        Err(error) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the database fails: {error}\n"),
        ),
    }
}

async fn scrape(State(served): State<Served>) -> (StatusCode, String) {
    let service = &served.service;
    match service.store().gauges(service.now()).await {
        Ok(gauges) => {
            metrics::gauge!("seance_games_in_play").set(gauges.games_in_play as f64);
            metrics::gauge!("seance_outbox_depth").set(gauges.outbox_depth as f64);
            metrics::gauge!("seance_outbox_age_seconds").set(gauges.outbox_age_ms as f64 / 1e3);
            metrics::gauge!("seance_job_lag_seconds").set(gauges.job_lag_ms as f64 / 1e3);
        }
        Err(error) => tracing::warn!("metrics: the database fails: {error}"),
    }
    served.metrics.run_upkeep();
    (StatusCode::OK, served.metrics.render())
}
