//! The name a process holds its leases under. It survives a restart, so a
//! process that starts again frees what its earlier life held at once; and
//! no two live processes on one host may share it, or one would keep
//! renewing the leases of the other after it crashed. A lock file per name
//! (which the system releases when the process dies, even by `kill -9`)
//! keeps it so.

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// A name held by this process until it is dropped.
#[derive(Debug)]
pub struct Instance {
    name: String,
    /// Held locked while the process runs.
    _lock: File,
}

/// Why a name cannot be held.
#[derive(Debug, Error)]
pub enum InstanceError {
    /// Another live process on this host runs under the name.
    #[error(
        "another seance process on this machine runs as '{0}': give this one its own name \
         ([database] instance, or SEANCE_DATABASE_INSTANCE)"
    )]
    Taken(String),
    /// The lock file cannot be made.
    #[error("cannot lock {path}: {error}")]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
}

impl Instance {
    /// Holds `name`, locking its file in `dir` (created if needed).
    pub fn hold(name: &str, dir: &Path) -> Result<Instance, InstanceError> {
        let file: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let path = dir.join(format!("{file}.lock"));
        let locked = std::fs::create_dir_all(dir)
            .and_then(|()| File::create(&path))
            .map_err(|error| InstanceError::Lock {
                path: path.clone(),
                error,
            })?;
        match locked.try_lock() {
            Ok(()) => Ok(Instance {
                name: name.to_string(),
                _lock: locked,
            }),
            Err(TryLockError::WouldBlock) => Err(InstanceError::Taken(name.to_string())),
            Err(TryLockError::Error(error)) => Err(InstanceError::Lock { path, error }),
        }
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_held_by_one_process_at_a_time() {
        let dir = std::env::temp_dir().join(format!("seance-instances-{}", std::process::id()));
        let held = Instance::hold("host/run", &dir).unwrap();
        assert_eq!(held.name(), "host/run");
        assert!(matches!(
            Instance::hold("host/run", &dir),
            Err(InstanceError::Taken(name)) if name == "host/run"
        ));
        assert!(
            Instance::hold("host/worker", &dir).is_ok(),
            "another name is free"
        );
        drop(held);
        assert!(
            Instance::hold("host/run", &dir).is_ok(),
            "free once released"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
