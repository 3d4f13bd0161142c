//! The session log on disk: append-only JSONL, flushed and fsynced before a command
//! returns, locked against a second writer, read back with damage set aside.
//!
//! Durability: a line is written with one `write_all` of the whole line and its newline,
//! then `sync_data`. A new log is fsynced and so is its directory. If a write fails half
//! way (disk full), the file is cut back to its last whole line so that the next write
//! does not follow garbage.
//!
//! Damage on open: only a last line without its newline is torn (its write was cut, so
//! it was never acknowledged): it is copied to `<name>.jsonl.damaged` and cut off, so
//! the next write starts a fresh line. Every complete line stays where it is (the log
//! is never rewritten): an unreadable one, or one whose seq repeats an earlier one, is
//! reported, copied to `.damaged` once and skipped on every read; a readable line whose
//! seq is merely out of order is reported and kept, in file order. New entries are
//! numbered after the highest seq; the counter never wraps.
//!
//! Identity: a log is created under a temporary name and linked into place only once
//! its header is on disk (a crash during `new` leaves no empty log that blocks the
//! name), and before each append the file at the log's path must still be the one that
//! was opened (an editor or a sync tool that saved by rename would otherwise take
//! entries into a deleted file).

use std::fs;
use std::io;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

mod file;
mod read;
#[cfg(test)]
mod tests;

pub use file::Log;
use file::{lock, session_name};
pub use read::parse;
#[cfg(test)]
pub(crate) use read::read_log;
pub(crate) use read::{Reading, Scanned};

/// A log that could not be created, opened, read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    /// Another process holds the log's lock, so it cannot be opened for writing.
    #[error("session {name:?} is open in another umpire; close it there first")]
    Busy {
        /// The session, by name.
        name: String,
    },
    /// No log of that name in the directory.
    #[error("there is no session {name:?} in {dir}")]
    Missing {
        /// The session, by name.
        name: String,
        /// The sessions directory looked in.
        dir: String,
    },
    /// `new` was given a name a log already has; the old log is left alone.
    #[error("a session {name:?} already exists in {dir}; pick another --name or `resume {name}`")]
    Exists {
        /// The session, by name.
        name: String,
        /// The sessions directory that holds it.
        dir: String,
    },
    /// The first line, which says what game the log is, does not parse.
    #[error("{path}: the header line is damaged ({detail}); the log cannot be read")]
    BadHeader {
        /// The log file.
        path: String,
        /// What the parser objected to.
        detail: String,
    },
    /// The operating system refused a read, write, lock or sync.
    #[error("{path}: {detail}")]
    Io {
        /// The file it was working on.
        path: String,
        /// The system's own message.
        detail: String,
    },
    /// The file at the log's path is no longer the one opened: an append would be lost.
    #[error(
        "{path} was replaced or removed since it was opened (an editor or a sync tool saving by rename?); nothing more is written to it: open the session again"
    )]
    Replaced {
        /// The log file.
        path: String,
    },
    /// The log's entry numbers have reached `u64::MAX`; the counter never wraps.
    #[error(
        "{path}: the entries are numbered up to {seq}, the highest a log can hold; nothing more can be written"
    )]
    Exhausted {
        /// The log file.
        path: String,
        /// The highest entry number in it.
        seq: u64,
    },
    /// The path names something that is not a plain file.
    #[error("{path} is not a regular file (a directory, device or pipe)")]
    NotAFile {
        /// The path given.
        path: String,
    },
    /// The file is larger than any log umpire would read into memory.
    #[error("{path} is {size} bytes: more than any session log (at most {max})")]
    TooBig {
        /// The file.
        path: String,
        /// Its size in bytes.
        size: u64,
        /// The largest log umpire reads, in bytes.
        max: u64,
    },
}

fn io_err(path: &Path, e: &io::Error) -> StoreError {
    StoreError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    }
}

/// One event line as stored, before a game reads its event. The event is kept as its
/// JSON text, not as a [`Value`]: a log is read whole before its events are typed, and
/// a `Value` tree of every event took ten times the text's memory (a 10 MB log opened
/// held 190 MB at its peak, and the allocator kept most of it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RawLine {
    /// The entry's number, as `history` and `fix #N` name it; unique in a sound log.
    pub seq: u64,
    pub(crate) at: String,
    /// The front end that typed it, when not the prompt (`phone`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) by: Option<String>,
    /// The id a phone gave the line that recorded it, so that the same line sent again
    /// (its answer lost) is answered from the log instead of recorded twice. Logs of
    /// earlier versions, and the prompt's entries, have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) line: Option<String>,
    pub(crate) event: Box<serde_json::value::RawValue>,
}

/// A line that could not be read, and where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    /// 1-based line number in the log.
    pub(crate) line: usize,
    pub(crate) bytes: usize,
    pub(crate) why: Unread,
    /// Part of the torn tail, which is cut off when the log is opened for writing.
    pub tail: bool,
}

/// Why a line of a log could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// The last line, without its newline: its write was cut.
    CutOff,
    /// A line of nothing but spaces.
    Blank,
    /// A line that is not an entry, with what the JSON reader said of it.
    NotAnEvent(String),
    /// A line whose seq an earlier line holds.
    Repeats {
        /// The seq repeated.
        seq: u64,
        /// The earlier line that holds it.
        line: usize,
    },
}

/// Readable entries out of order, or seqs no line holds: what reading a log found in
/// its order, kept in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disorder {
    /// Lines whose seqs are below one read before them, all after the same highest seq.
    Behind {
        /// The first line and the last of the run (the same when one).
        lines: (usize, usize),
        /// Their first seq and their last.
        seqs: (u64, u64),
        /// The highest seq read before them.
        after: u64,
    },
    /// Seqs from 1 to the highest that no readable line holds.
    Missing {
        /// The first few gaps, each a first and last seq (the same when one).
        gaps: Vec<(u64, u64)>,
        /// How many gaps more.
        more: usize,
        /// Whether the log has damaged lines, which may have held them.
        damaged: bool,
    },
}

/// What a log holds.
#[derive(Debug, Clone)]
pub struct Contents {
    pub(crate) header: Value,
    /// The readable entries, in file order (not always seq order).
    pub entries: Vec<RawLine>,
    /// The lines that could not be read, which every read skips.
    pub damage: Vec<Damage>,
    /// Readable entries out of order, kept in file order, and seqs no line holds.
    pub(crate) disorder: Vec<Disorder>,
    /// Byte length of the log up to and including its last good line.
    #[cfg(test)]
    good_len: u64,
}

/// The largest log umpire reads: a million entries is far beyond any evening's.
pub(crate) const MAX_LOG: u64 = 256 << 20;

fn check_file(path: &Path, meta: &fs::Metadata) -> Result<(), StoreError> {
    if !meta.is_file() {
        return Err(StoreError::NotAFile {
            path: path.display().to_string(),
        });
    }
    if meta.len() > MAX_LOG {
        return Err(StoreError::TooBig {
            path: path.display().to_string(),
            size: meta.len(),
            max: MAX_LOG,
        });
    }
    Ok(())
}

fn missing_or_io(path: &Path, e: &io::Error) -> StoreError {
    match e.kind() {
        io::ErrorKind::NotFound => StoreError::Missing {
            name: session_name(path),
            dir: path
                .parent()
                .map_or_else(String::new, |d| d.display().to_string()),
        },
        _ => io_err(path, e),
    }
}
