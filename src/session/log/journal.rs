//! [`Journal`]: the session's log file as the core writes to it. It owns the file (see
//! `store.rs` for how a line is made durable, locked and repaired) and the clock: the
//! match it records for never reads either. An event is serialised once, straight into
//! the line that reaches the disk.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::session::error::CoreError;
use crate::session::log::store::Log;

/// Where an appended event landed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::session) struct Stamp {
    pub(in crate::session) seq: u64,
    /// When it was recorded (RFC 3339, UTC).
    pub(in crate::session) at: String,
    /// The front end that typed it, when not the prompt.
    pub(in crate::session) by: Option<String>,
    /// The event as its line holds it: what the session's ledger keeps.
    pub(in crate::session) text: String,
}

/// A session's log, or only its path when the session was opened to be read.
pub(in crate::session) struct Journal {
    path: PathBuf,
    log: Option<Log>,
    sent: Sent,
}

/// The lines a phone sent that the log holds entries of, by the id the phone gave each
/// (`"line"` beside `"by"`): built as the log is read and kept as entries are appended,
/// so that a line sent again after its answer was lost is found without reading the
/// log again. Only phones' entries carry one: a log of the prompt's holds none.
#[derive(Debug, Default)]
pub(in crate::session) struct Sent {
    entries: HashMap<Box<str>, Vec<u64>>,
}

impl Sent {
    /// Entry `seq` was recorded by the line `id`. An id that is not one a phone could
    /// have sent (a hand-edited log) is passed over: no line sent will ever match it.
    pub(in crate::session) fn note(&mut self, id: &str, seq: u64) {
        if crate::session::face::desk::line_id(id).as_deref() == Some(id) {
            self.entries.entry(id.into()).or_default().push(seq);
        }
    }

    /// The entries the line `id` recorded, oldest first; none for a line never
    /// recorded.
    pub(in crate::session) fn of(&self, id: &str) -> &[u64] {
        self.entries.get(id).map_or(&[], Vec::as_slice)
    }
}

impl Journal {
    pub(in crate::session) fn new(path: &Path, log: Option<Log>, sent: Sent) -> Journal {
        Journal {
            path: path.to_path_buf(),
            log,
            sent,
        }
    }

    /// The entries the line a phone sent as `id` recorded (see [`Sent`]).
    pub(in crate::session) fn sent(&self, id: &str) -> &[u64] {
        self.sent.of(id)
    }

    pub(in crate::session) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes one event typed at the front end `by` (none: the prompt), by the line a
    /// phone sent as `line` (if it gave an id), and waits until it is on disk; only
    /// then does it count.
    pub(in crate::session) fn append(
        &mut self,
        event: &impl Serialize,
        by: Option<&str>,
        line: Option<&str>,
    ) -> Result<Stamp, CoreError> {
        let Some(log) = self.log.as_mut() else {
            return Err(CoreError::ReadOnly);
        };
        let at = crate::session::now();
        let (seq, text) = log
            .append_event(&at, by, line, event)
            .map_err(|e| CoreError::Write(e.to_string()))?;
        if let Some(id) = line {
            self.sent.note(id, seq);
        }
        Ok(Stamp {
            seq,
            at,
            by: by.map(str::to_string),
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_sent_are_found_by_id_and_an_id_no_phone_could_send_is_passed_over() {
        let mut sent = Sent::default();
        sent.note("9f2c", 4);
        sent.note("9f2c", 5);
        sent.note("ab", 7);
        // A hand-edited log: upper case, not hex, too long.
        for junk in ["9F2C", "<b>", "", &"a".repeat(33)] {
            sent.note(junk, 9);
        }
        assert_eq!(sent.of("9f2c"), [4, 5]);
        assert_eq!(sent.of("ab"), [7]);
        assert!(sent.of("cd").is_empty());
        assert!(sent.of("9F2C").is_empty());
        assert_eq!(sent.entries.len(), 2);
    }
}
