//! [`Journal`]: the session's log file as the core writes to it. It owns the file (see
//! `store.rs` for how a line is made durable, locked and repaired) and the clock: the
//! match it records for never reads either. An event is serialised once, straight into
//! the line that reaches the disk.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::error::CoreError;
use super::store::Log;

/// Where an appended event landed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Stamp {
    pub(super) seq: u64,
    /// When it was recorded (RFC 3339, UTC).
    pub(super) at: String,
    /// The front end that typed it, when not the prompt.
    pub(super) by: Option<String>,
    /// The event as its line holds it: what the session's ledger keeps.
    pub(super) text: String,
}

/// A session's log, or only its path when the session was opened to be read.
pub(super) struct Journal {
    path: PathBuf,
    log: Option<Log>,
}

impl Journal {
    pub(super) fn new(path: &Path, log: Option<Log>) -> Journal {
        Journal {
            path: path.to_path_buf(),
            log,
        }
    }

    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one event typed at the front end `by` (none: the prompt) and waits until
    /// it is on disk; only then does it count.
    pub(super) fn append(
        &mut self,
        event: &impl Serialize,
        by: Option<&str>,
    ) -> Result<Stamp, CoreError> {
        let Some(log) = self.log.as_mut() else {
            return Err(CoreError::ReadOnly);
        };
        let at = super::now();
        let (seq, text) = log
            .append_event(&at, by, event)
            .map_err(|e| CoreError::Write(e.to_string()))?;
        Ok(Stamp {
            seq,
            at,
            by: by.map(str::to_string),
            text,
        })
    }
}
