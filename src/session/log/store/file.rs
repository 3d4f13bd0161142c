//! The log as a file written to: created under a temporary name and linked into place,
//! locked against a second writer, appended to a whole line at a time and fsynced, its
//! torn tail and damaged lines set aside.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::*;

/// An open, locked log that events are appended to.
#[derive(Debug)]
pub struct Log {
    pub(super) file: File,
    pub(super) path: PathBuf,
    pub(super) len: u64,
    /// `None` once the numbering is exhausted (the highest seq is `u64::MAX`).
    pub(super) next_seq: Option<u64>,
}

/// The name a log has on disk, for messages.
pub(super) fn session_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// How long a busy log is waited for before it is reported busy.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(150);

/// Takes the log's lock, waiting a moment for it: a lock just released can stay held
/// briefly, by a prompt that is quitting, or by a child process forked at that instant
/// (its copy of the descriptor holds the lock until its exec closes it). A session
/// really open elsewhere is still reported busy, after [`LOCK_PATIENCE`].
pub(super) fn lock(file: &File, path: &Path) -> Result<(), StoreError> {
    let until = std::time::Instant::now() + LOCK_PATIENCE;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(TryLockError::WouldBlock) if std::time::Instant::now() < until => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(StoreError::Busy {
                    name: session_name(path),
                });
            }
            Err(TryLockError::Error(e)) => return Err(io_err(path, &e)),
        }
    }
}

/// `.<name>.jsonl.new-<pid>` beside the log: hidden, and never a session name.
fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "log".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.new-{}", std::process::id()))
}

/// Makes a file's directory entry durable.
fn sync_dir(path: &Path) -> Result<(), StoreError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| io_err(dir, &e))
}

impl Log {
    /// Creates a new log holding `header`, durable before this returns. The header is
    /// written under a temporary name and linked to `path` only once it is on disk, so
    /// a crash leaves either no log or a whole one.
    pub(crate) fn create(path: &Path, header: &Value) -> Result<Log, StoreError> {
        let dir = path
            .parent()
            .map_or_else(String::new, |d| d.display().to_string());
        let exists = || StoreError::Exists {
            name: session_name(path),
            dir: dir.clone(),
        };
        if fs::symlink_metadata(path).is_ok() {
            return Err(exists());
        }
        let temp = temp_name(path);
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| io_err(&temp, &e))?;
        let made = (|| {
            lock(&file, path)?;
            let mut line = serde_json::to_vec(header).map_err(|e| StoreError::Io {
                path: path.display().to_string(),
                detail: e.to_string(),
            })?;
            line.push(b'\n');
            file.write_all(&line)
                .and_then(|()| file.sync_all())
                .map_err(|e| io_err(path, &e))?;
            // A hard link never replaces an existing file: two `new`s racing for one
            // name cannot both win.
            fs::hard_link(&temp, path).map_err(|e| match e.kind() {
                io::ErrorKind::AlreadyExists => exists(),
                _ => io_err(path, &e),
            })?;
            Ok(line.len() as u64)
        })();
        let _ = fs::remove_file(&temp);
        let len = made?;
        sync_dir(path)?;
        Ok(Log {
            file,
            path: path.to_path_buf(),
            len,
            next_seq: Some(1),
        })
    }

    /// Opens an existing log for writing: locks it, reads it, and sets any damage
    /// aside (copied to `.damaged`; a torn last line is then cut off).
    pub fn open(path: &Path) -> Result<(Log, Contents), StoreError> {
        let mut reading = Reading::open(path)?;
        let mut entries = Vec::new();
        let read = reading.entries(|e| entries.push(e))?;
        let log = read.log.ok_or_else(|| StoreError::Io {
            path: path.display().to_string(),
            detail: "the log was not opened for writing".into(),
        })?;
        let contents = Contents {
            header: reading.header,
            entries,
            damage: read.damage,
            disorder: read.disorder,
            #[cfg(test)]
            good_len: log.len,
        };
        Ok((log, contents))
    }

    /// The log a [`Reading`] opened to write has read: its damage set aside (copied to
    /// `.damaged`) and a torn last line cut off, so the next write starts a fresh line.
    pub(super) fn after_reading(
        path: &Path,
        file: File,
        len: u64,
        scanned: &Scanned,
    ) -> Result<Log, StoreError> {
        if !scanned.damage.is_empty() {
            set_aside(path, &scanned.damaged_bytes)?;
        }
        if scanned.good_len < len {
            file.set_len(scanned.good_len)
                .and_then(|()| file.sync_all())
                .map_err(|e| io_err(path, &e))?;
        }
        Ok(Log {
            file,
            path: path.to_path_buf(),
            len: scanned.good_len,
            next_seq: scanned.highest.checked_add(1),
        })
    }

    /// Appends one event; returns its entry once it is on disk.
    pub fn append(&mut self, at: &str, event: Value) -> Result<RawLine, StoreError> {
        let (seq, _) = self.append_event(at, None, None, &event)?;
        let event = serde_json::value::to_raw_value(&event).map_err(|e| StoreError::Io {
            path: self.path.display().to_string(),
            detail: e.to_string(),
        })?;
        Ok(RawLine {
            seq,
            at: at.to_string(),
            by: None,
            line: None,
            event,
        })
    }

    /// Appends one event, serialised once straight into its line (`{"seq":N,"at":...,
    /// "event":...}`, with `"by"` and `"line"` between when given, as [`RawLine`]
    /// reads it back); returns its seq and the event's text as the line holds it, once
    /// it is on disk.
    pub(crate) fn append_event(
        &mut self,
        at: &str,
        by: Option<&str>,
        line_id: Option<&str>,
        event: &impl Serialize,
    ) -> Result<(u64, String), StoreError> {
        let Some(seq) = self.next_seq else {
            return Err(StoreError::Exhausted {
                path: self.path.display().to_string(),
                seq: u64::MAX,
            });
        };
        self.check_identity()?;
        let mut line = format!("{{\"seq\":{seq},\"at\":").into_bytes();
        let mut event_at = line.len();
        let encoded = serde_json::to_writer(&mut line, at)
            .and_then(|()| match by {
                Some(by) => {
                    line.extend_from_slice(b",\"by\":");
                    serde_json::to_writer(&mut line, by)
                }
                None => Ok(()),
            })
            .and_then(|()| match line_id {
                Some(id) => {
                    line.extend_from_slice(b",\"line\":");
                    serde_json::to_writer(&mut line, id)
                }
                None => Ok(()),
            })
            .and_then(|()| {
                line.extend_from_slice(b",\"event\":");
                event_at = line.len();
                serde_json::to_writer(&mut line, event)
            })
            .map_err(|e| StoreError::Io {
                path: self.path.display().to_string(),
                detail: e.to_string(),
            });
        encoded?;
        // What serde_json writes is UTF-8.
        let text = String::from_utf8_lossy(line.get(event_at..).unwrap_or_default()).into_owned();
        line.extend_from_slice(b"}\n");
        if let Err(e) = self
            .file
            .write_all(&line)
            .and_then(|()| self.file.sync_data())
        {
            // A half-written line would sit before every later write: cut it off.
            let _ = self.file.set_len(self.len);
            let _ = self.file.sync_data();
            return Err(io_err(&self.path, &e));
        }
        self.len += line.len() as u64;
        self.next_seq = seq.checked_add(1);
        Ok((seq, text))
    }

    /// The file at the log's path is still the one this log writes to.
    fn check_identity(&self) -> Result<(), StoreError> {
        let replaced = || StoreError::Replaced {
            path: self.path.display().to_string(),
        };
        let mine = self
            .file
            .try_clone()
            .ok()
            .and_then(|f| same_file::Handle::from_file(f).ok())
            .ok_or_else(replaced)?;
        match same_file::Handle::from_path(&self.path) {
            Ok(there) if there == mine => Ok(()),
            _ => Err(replaced()),
        }
    }
}

/// Copies damaged lines to `<log>.damaged` (appending, so earlier finds are kept),
/// durable before the log itself is cut.
fn set_aside(path: &Path, damaged: &[(usize, Vec<u8>)]) -> Result<(), StoreError> {
    let mut aside = path.as_os_str().to_owned();
    aside.push(".damaged");
    let aside = PathBuf::from(aside);
    let existing = fs::read(&aside).unwrap_or_default();
    let mut out = Vec::new();
    for (line, bytes) in damaged {
        let marker = format!("# line {line} of {}\n", path.display());
        // An unreadable line in the middle stays in the log; copy it only once.
        let mut record = marker.into_bytes();
        record.extend_from_slice(bytes);
        record.push(b'\n');
        if !contains(&existing, &record) {
            out.extend_from_slice(&record);
        }
    }
    if out.is_empty() {
        return Ok(());
    }
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&aside)
        .map_err(|e| io_err(&aside, &e))?;
    f.write_all(&out)
        .and_then(|()| f.sync_all())
        .map_err(|e| io_err(&aside, &e))?;
    sync_dir(&aside)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || haystack.windows(needle.len()).any(|w| w == needle)
}
