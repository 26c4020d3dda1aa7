//! The scheduler: runs the service's jobs as they fall due (spirit moves,
//! reminders, deadlines). Jobs live in the database, so after a crash or a
//! restart every pending job still runs, and several processes can share
//! the work of one PostgreSQL database.

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;
use std::time::Duration;

use crate::service::Service;
use crate::store::StoreError;

/// The longest sleep between two looks at the jobs: another process may
/// have planned one meanwhile.
const POLL: Duration = Duration::from_secs(1);

/// Runs due jobs until `stop` completes. A job in hand is finished, but no
/// other starts once `stop` has completed: spirits alone play without a
/// pause, so a whole game would otherwise be played on the way out. A
/// failing store is reported and retried after a pause; the jobs stay in
/// the database.
pub async fn run(service: &Service, stop: impl Future<Output = ()>) {
    tokio::pin!(stop);
    loop {
        let pause = match step(service, stop.as_mut()).await {
            Ok(Some(pause)) => pause,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!("scheduler: {error}");
                Duration::from_secs(5)
            }
        };
        tokio::select! {
            () = &mut stop => return,
            () = tokio::time::sleep(pause) => {}
        }
    }
}

/// Renews this process's leases every third of the lease, until `stop`
/// completes: a live process keeps its jobs and queued messages however
/// long they take, and a dead one loses them after one short lease.
pub async fn heartbeat(service: &Service, lease: Duration, stop: impl Future<Output = ()>) {
    tokio::pin!(stop);
    let beat = (lease / 3).max(Duration::from_millis(100));
    loop {
        if let Err(error) = service.heartbeat().await {
            tracing::warn!("heartbeat: {error}");
        }
        tokio::select! {
            () = &mut stop => return,
            () = tokio::time::sleep(beat) => {}
        }
    }
}

/// Runs what is due, one job at a time until `stop` completes; returns how
/// long to wait before looking again, or `None` when asked to stop.
async fn step<S: Future<Output = ()>>(
    service: &Service,
    mut stop: Pin<&mut S>,
) -> Result<Option<Duration>, StoreError> {
    while service.run_job().await? {
        if completed(stop.as_mut()).await {
            return Ok(None);
        }
    }
    let next = service.next_due().await?;
    let now = service.now();
    Ok(Some(match next {
        Some(due) if due > now => Duration::from_millis((due - now) as u64).min(POLL),
        Some(_) => Duration::ZERO,
        None => POLL,
    }))
}

/// Whether `stop` has completed, without waiting for it. Once it says yes,
/// `stop` must not be asked again.
async fn completed<S: Future<Output = ()>>(mut stop: Pin<&mut S>) -> bool {
    std::future::poll_fn(|cx| Poll::Ready(stop.as_mut().poll(cx).is_ready())).await
}
