//! Front ends: each turns its platform's input into typed commands for the
//! service, and the service's replies into its platform's output. They hold
//! no game logic and never touch the store.

pub mod console;
pub mod discord;
pub mod picker;
pub mod telegram;

use std::future::Future;
use std::time::Duration;

use crate::store::StoreError;

/// The longest a failed front end waits before it starts again.
const MOST_BACKOFF: Duration = Duration::from_secs(60);

/// Runs the front end that `start` starts, again and again: when it fails
/// (its platform out of reach, say), the failure is logged under `platform`
/// and it starts again after a wait that doubles from a second up to a
/// minute, while the rest of the process goes on. It returns only when the
/// front end ends without failing.
pub async fn supervise<F, Fut>(platform: &'static str, mut start: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    let mut wait = Duration::from_secs(1);
    loop {
        match start().await {
            Ok(()) => return,
            Err(error) => {
                tracing::warn!("{platform}: stopped ({error:#}); starting again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(MOST_BACKOFF);
            }
        }
    }
}

/// How often a chat front end looks into the outbox.
const OUTBOX_POLL: Duration = Duration::from_secs(1);

/// Runs `deliver` (a front end's sending of the outbox) every
/// [`OUTBOX_POLL`] for as long as the process runs; a failure is logged
/// under `platform` and the messages wait for the next round.
pub fn courier<F, Fut>(platform: &'static str, mut deliver: F)
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = Result<usize, StoreError>> + Send,
{
    tokio::spawn(async move {
        loop {
            if let Err(error) = deliver().await {
                tracing::warn!("{platform}: outbox: {error}");
            }
            tokio::time::sleep(OUTBOX_POLL).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[tokio::test(start_paused = true)]
    async fn a_failed_front_end_starts_again_and_waits_longer_each_time() {
        let tries = AtomicU32::new(0);
        let started = tokio::time::Instant::now();
        supervise("test", || async {
            match tries.fetch_add(1, Ordering::SeqCst) {
                0..=2 => Err(anyhow::anyhow!("out of reach")),
                _ => Ok(()),
            }
        })
        .await;
        assert_eq!(tries.load(Ordering::SeqCst), 4);
        // 1 s, 2 s and 4 s between the tries.
        assert_eq!(started.elapsed(), Duration::from_secs(7));
    }
}
