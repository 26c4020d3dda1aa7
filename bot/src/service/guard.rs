//! Fault isolation: one bad row or one panic must not stop the bot. A game
//! the bot cannot read is set aside (its chat told once, the operator told
//! with its id) and every other game goes on; a panic in a command or a job
//! is caught at the task it ran in.

use std::future::Future;

use super::i18n::{Locale, Msg, Reader};
use super::jobs::serialize;
use super::reply::Notice;
use super::table::Table;
use super::{Failure, Service};
use crate::platform::Platform;
use crate::store::{GameId, StoreError};

impl Service {
    /// The table of game `id`, read and checked; `None` if there is no such
    /// game. A game that cannot be read, or fails its check, is set aside
    /// and refused with [`Msg::SetAside`].
    pub(super) async fn open(&self, id: GameId) -> Result<Option<Table>, Failure> {
        let record = match self.store.load_game(id).await {
            Ok(Some(record)) => record,
            Ok(None) => return Ok(None),
            Err(StoreError::Corrupt(why)) => return Err(self.set_aside(id, &why).await),
            Err(error) => return Err(error.into()),
        };
        if record.broken.is_some() {
            return Err(Msg::SetAside(id.0).into());
        }
        match self.replays.table(record) {
            Err(Failure::Store(StoreError::Corrupt(why))) => Err(self.set_aside(id, &why).await),
            other => other.map(Some),
        }
    }

    /// The tables of the games `ids`, skipping those that are gone or set aside.
    pub(super) async fn readable(&self, ids: Vec<GameId>) -> Result<Vec<Table>, Failure> {
        let mut tables = Vec::new();
        for id in ids {
            match self.open(id).await {
                Ok(Some(table)) => tables.push(table),
                Ok(None) | Err(Failure::Say(_)) => {}
                Err(failure) => return Err(failure),
            }
        }
        Ok(tables)
    }

    /// Sets game `id` aside for `why`: its jobs go, its chat is told once,
    /// the operator's log names it. Returns the refusal to give the caller.
    pub(super) async fn set_aside(&self, id: GameId, why: &str) -> Failure {
        let (platform, locale) = match self.store.game_chat(id).await {
            Ok(Some(chat)) => (
                chat.platform,
                chat.locale.as_deref().and_then(Locale::parse),
            ),
            _ => (Platform::Terminal, None),
        };
        let reader = Reader {
            locale: locale.unwrap_or_default(),
            platform,
        };
        let notice = Notice {
            text: Msg::SetAside(id.0).text(reader),
            mentions: Vec::new(),
            board: false,
            direct: false,
            buttons: Vec::new(),
        };
        match self
            .store
            .set_aside(id, why, Some(&serialize(&notice)), self.now())
            .await
        {
            Ok(true) => tracing::warn!("game #{}: set aside, it cannot be read: {why}", id.0),
            Ok(false) => {}
            Err(error) => tracing::warn!(
                "game #{}: cannot be read ({why}), nor set aside: {error}",
                id.0
            ),
        }
        Msg::SetAside(id.0).into()
    }
}

/// Runs `work` as its own task, so that a panic in it ends only it: the
/// panic's message comes back as the error.
pub(super) async fn caught<T: Send + 'static>(
    work: impl Future<Output = T> + Send + 'static,
) -> Result<T, String> {
    tokio::spawn(work).await.map_err(|error| {
        let panic = error.try_into_panic().ok();
        let text = panic.as_ref().and_then(|p| {
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        });
        text.unwrap_or_else(|| "the task was cancelled".to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::caught;

    #[tokio::test]
    async fn a_panic_ends_only_its_own_task() {
        let panicked = caught(async {
            let seats: Vec<u8> = Vec::new();
            seats[3]
        })
        .await;
        assert!(panicked.is_err_and(|why| why.contains("index out of bounds")));
        assert_eq!(caught(async { 7 }).await, Ok(7), "the next task runs");
    }
}
