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
