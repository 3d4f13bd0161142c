//! The session log on disk: append-only JSONL, flushed and fsynced before a command
//! returns, locked against a second writer, read back with damage set aside.
//!
//! Durability: a line is written with one `write_all` of the whole line and its newline,
//! then `sync_data`. A new log is fsynced and so is its directory. If a write fails half
//! way (disk full), the file is cut back to its last whole line so that the next write
//! does not follow garbage.
//!
//! Damage on open: a last line without its newline was never acknowledged (the write was
//! cut); it and any unreadable lines after the last good event are the torn tail, copied
//! to `<name>.jsonl.damaged` and cut off, so the next write goes after the last good
//! event. An unreadable line with good events after it stays where it is (the log is
//! never rewritten), is copied to `.damaged` once, and is skipped on every read.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

/// A log that could not be created, opened, read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("session {name:?} is open in another umpire; close it there first")]
    Busy { name: String },
    #[error("there is no session {name:?} in {dir}")]
    Missing { name: String, dir: String },
    #[error("a session {name:?} already exists in {dir}; pick another --name or `resume {name}`")]
    Exists { name: String, dir: String },
    #[error("{path}: the header line is damaged ({detail}); the log cannot be read")]
    BadHeader { path: String, detail: String },
    #[error("{path}: {detail}")]
    Io { path: String, detail: String },
}

fn io_err(path: &Path, e: &io::Error) -> StoreError {
    StoreError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    }
}

/// One event line as stored, before a game reads its event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RawEntry {
    pub seq: u64,
    pub at: String,
    pub event: Value,
}

/// A line that could not be read, and where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    /// 1-based line number in the log.
    pub line: usize,
    pub bytes: usize,
    pub why: String,
    /// Part of the torn tail, which is cut off when the log is opened for writing.
    pub tail: bool,
}

impl Damage {
    /// One line for the prompt.
    pub fn describe(&self) -> String {
        let what = if self.tail {
            "torn last write"
        } else {
            "unreadable line"
        };
        format!(
            "line {} ({} bytes): {what}, {}; kept aside in the .damaged file",
            self.line, self.bytes, self.why
        )
    }
}

/// What a log holds.
#[derive(Debug, Clone)]
pub struct Contents {
    pub header: Value,
    pub entries: Vec<RawEntry>,
    pub damage: Vec<Damage>,
    /// Byte length of the log up to and including its last good line.
    good_len: u64,
    /// The damaged lines' bytes, for the `.damaged` file.
    damaged_bytes: Vec<(usize, Vec<u8>)>,
}

/// Reads a log's bytes. Pure: the caller decides what to do about damage (a reader
/// skips it; [`Log::open`] sets it aside).
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Contents, StoreError> {
    let display = path.display().to_string();
    let mut lines = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        match bytes[start..].iter().position(|b| *b == b'\n') {
            Some(i) => {
                lines.push((start, start + i, true));
                start += i + 1;
            }
            None => {
                lines.push((start, bytes.len(), false));
                start = bytes.len();
            }
        }
    }
    let Some(&(hs, he, hnl)) = lines.first() else {
        return Err(StoreError::BadHeader {
            path: display,
            detail: "the file is empty".into(),
        });
    };
    let header: Value = match serde_json::from_slice(&bytes[hs..he]) {
        Ok(v @ Value::Object(_)) if hnl => v,
        Ok(_) if hnl => {
            return Err(StoreError::BadHeader {
                path: display,
                detail: "not a JSON object".into(),
            });
        }
        Ok(_) => {
            return Err(StoreError::BadHeader {
                path: display,
                detail: "cut off before its end".into(),
            });
        }
        Err(e) => {
            return Err(StoreError::BadHeader {
                path: display,
                detail: e.to_string(),
            });
        }
    };

    let mut parsed: Vec<Result<RawEntry, String>> = Vec::with_capacity(lines.len());
    let mut last_seq = 0u64;
    for &(s, e, newline) in &lines[1..] {
        let line = &bytes[s..e];
        let entry = if !newline {
            Err("cut off before its end".to_string())
        } else if line.iter().all(u8::is_ascii_whitespace) {
            Err("blank".to_string())
        } else {
            match serde_json::from_slice::<RawEntry>(line) {
                Ok(en) if en.seq > last_seq => {
                    last_seq = en.seq;
                    Ok(en)
                }
                Ok(en) => Err(format!("seq {} does not follow seq {last_seq}", en.seq)),
                Err(err) => Err(format!("not an event ({err})")),
            }
        };
        parsed.push(entry);
    }
    let last_good = parsed.iter().rposition(Result::is_ok);
    let good_len = match last_good {
        Some(i) => lines[i + 1].1 as u64 + 1,
        None => he as u64 + 1,
    };
    let mut contents = Contents {
        header,
        entries: Vec::new(),
        damage: Vec::new(),
        good_len,
        damaged_bytes: Vec::new(),
    };
    for (i, entry) in parsed.into_iter().enumerate() {
        let (s, e, _) = lines[i + 1];
        match entry {
            Ok(en) => contents.entries.push(en),
            Err(why) => {
                contents.damage.push(Damage {
                    line: i + 2,
                    bytes: e - s,
                    why,
                    tail: last_good.is_none_or(|g| i > g),
                });
                contents.damaged_bytes.push((i + 2, bytes[s..e].to_vec()));
            }
        }
    }
    Ok(contents)
}

/// An open, locked log that events are appended to.
#[derive(Debug)]
pub struct Log {
    file: File,
    path: PathBuf,
    len: u64,
    next_seq: u64,
}

/// The name a log has on disk, for messages.
fn session_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn lock(file: &File, path: &Path) -> Result<(), StoreError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(StoreError::Busy {
            name: session_name(path),
        }),
        Err(TryLockError::Error(e)) => Err(io_err(path, &e)),
    }
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
    /// Creates a new log holding `header`, durable before this returns.
    pub fn create(path: &Path, header: &Value) -> Result<Log, StoreError> {
        let dir = path
            .parent()
            .map_or_else(String::new, |d| d.display().to_string());
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create_new(true)
            .open(path)
            .map_err(|e| match e.kind() {
                io::ErrorKind::AlreadyExists => StoreError::Exists {
                    name: session_name(path),
                    dir: dir.clone(),
                },
                _ => io_err(path, &e),
            })?;
        lock(&file, path)?;
        let mut line = serde_json::to_vec(header).map_err(|e| StoreError::Io {
            path: path.display().to_string(),
            detail: e.to_string(),
        })?;
        line.push(b'\n');
        let written = file.write_all(&line).and_then(|()| file.sync_all());
        if let Err(e) = written {
            // Leave no half-made session behind.
            let _ = fs::remove_file(path);
            return Err(io_err(path, &e));
        }
        sync_dir(path)?;
        Ok(Log {
            file,
            path: path.to_path_buf(),
            len: line.len() as u64,
            next_seq: 1,
        })
    }

    /// Opens an existing log for writing: locks it, reads it, and sets any torn tail
    /// aside (copied to `.damaged`, then cut off).
    pub fn open(path: &Path) -> Result<(Log, Contents), StoreError> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => StoreError::Missing {
                    name: session_name(path),
                    dir: path
                        .parent()
                        .map_or_else(String::new, |d| d.display().to_string()),
                },
                _ => io_err(path, &e),
            })?;
        lock(&file, path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(|e| io_err(path, &e))?;
        let contents = parse(path, &bytes)?;
        if !contents.damage.is_empty() {
            set_aside(path, &contents)?;
        }
        let len = bytes.len() as u64;
        if contents.good_len < len {
            file.set_len(contents.good_len)
                .and_then(|()| file.sync_all())
                .map_err(|e| io_err(path, &e))?;
        }
        let next_seq = contents.entries.last().map_or(1, |e| e.seq + 1);
        Ok((
            Log {
                file,
                path: path.to_path_buf(),
                len: contents.good_len,
                next_seq,
            },
            contents,
        ))
    }

    /// Appends one event; returns its entry once it is on disk.
    pub fn append(&mut self, at: &str, event: Value) -> Result<RawEntry, StoreError> {
        let entry = RawEntry {
            seq: self.next_seq,
            at: at.to_string(),
            event,
        };
        let mut line = serde_json::to_vec(&entry).map_err(|e| StoreError::Io {
            path: self.path.display().to_string(),
            detail: e.to_string(),
        })?;
        line.push(b'\n');
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
        self.next_seq += 1;
        Ok(entry)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Copies damaged lines to `<log>.damaged` (appending, so earlier finds are kept),
/// durable before the log itself is cut.
fn set_aside(path: &Path, contents: &Contents) -> Result<(), StoreError> {
    let mut aside = path.as_os_str().to_owned();
    aside.push(".damaged");
    let aside = PathBuf::from(aside);
    let existing = fs::read(&aside).unwrap_or_default();
    let mut out = Vec::new();
    for (line, bytes) in &contents.damaged_bytes {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> &'static [u8] {
        b"{\"umpire\":1,\"game\":\"take-two\"}\n"
    }

    #[test]
    fn good_lines_are_read_in_order() {
        let mut log = header().to_vec();
        log.extend_from_slice(
            b"{\"seq\":1,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"a\"}}\n",
        );
        log.extend_from_slice(
            b"{\"seq\":2,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"b\"}}\n",
        );
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.entries.len(), 2);
        assert!(c.damage.is_empty());
        assert_eq!(c.good_len, log.len() as u64);
    }

    #[test]
    fn a_last_line_without_newline_is_a_torn_tail() {
        let mut log = header().to_vec();
        let good = b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n";
        log.extend_from_slice(good);
        let good_len = log.len();
        log.extend_from_slice(b"{\"seq\":2,\"at\":\"t\",\"event\":{}}");
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.entries.len(), 1);
        assert_eq!(c.damage.len(), 1);
        assert!(c.damage[0].tail);
        assert_eq!(c.good_len, good_len as u64);
    }

    #[test]
    fn a_bad_line_before_good_ones_is_skipped_not_cut() {
        let mut log = header().to_vec();
        log.extend_from_slice(b"garbage\n");
        log.extend_from_slice(b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n");
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.entries.len(), 1);
        assert_eq!(c.damage.len(), 1);
        assert!(!c.damage[0].tail);
        assert_eq!(c.good_len, log.len() as u64);
    }

    #[test]
    fn a_seq_that_goes_backwards_is_damage() {
        let mut log = header().to_vec();
        log.extend_from_slice(b"{\"seq\":2,\"at\":\"t\",\"event\":{}}\n");
        log.extend_from_slice(b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n");
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.entries.len(), 1);
        assert_eq!(c.damage.len(), 1);
    }

    #[test]
    fn a_damaged_header_is_refused() {
        assert!(parse(Path::new("x.jsonl"), b"").is_err());
        assert!(parse(Path::new("x.jsonl"), b"{\"umpire\":1").is_err());
        assert!(parse(Path::new("x.jsonl"), b"[1]\n").is_err());
    }
}
