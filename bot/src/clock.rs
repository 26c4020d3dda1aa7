//! Time: the system clock in production, a clock that tests move by hand.

use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Tells the time, in milliseconds since 1970 (UTC).
pub trait Clock: Send + Sync + Debug {
    /// Now.
    fn now_ms(&self) -> i64;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock that stands still until moved: deadlines in tests take no time.
#[derive(Clone, Debug, Default)]
pub struct FakeClock(Arc<AtomicI64>);

impl FakeClock {
    /// A clock showing `now_ms`.
    pub fn at(now_ms: i64) -> FakeClock {
        FakeClock(Arc::new(AtomicI64::new(now_ms)))
    }

    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for FakeClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
