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

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

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
pub struct RawEntry {
    /// The entry's number, as `history` and `fix #N` name it; unique in a sound log.
    pub seq: u64,
    pub(crate) at: String,
    /// The front end that typed it, when not the prompt (`phone`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) by: Option<String>,
    pub(crate) event: Box<serde_json::value::RawValue>,
}

/// A line that could not be read, and where it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    /// 1-based line number in the log.
    pub(crate) line: usize,
    pub(crate) bytes: usize,
    pub(crate) why: String,
    /// Part of the torn tail, which is cut off when the log is opened for writing.
    pub tail: bool,
}

impl Damage {
    /// One line for the prompt.
    pub(crate) fn describe(&self) -> String {
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
    pub(crate) header: Value,
    /// The readable entries, in file order (not always seq order).
    pub entries: Vec<RawEntry>,
    /// The lines that could not be read, which every read skips.
    pub damage: Vec<Damage>,
    /// Readable entries out of order, kept in file order: one line each.
    pub(crate) disorder: Vec<String>,
    /// Byte length of the log up to and including its last good line.
    good_len: u64,
    /// The damaged lines' bytes, for the `.damaged` file.
    damaged_bytes: Vec<(usize, Vec<u8>)>,
}

/// Reads a log's bytes. Pure: the caller decides what to do about damage (a reader
/// skips it; [`Log::open`] sets it aside).
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Contents, StoreError> {
    let display = path.display().to_string();
    // A byte-order mark some editors add is not part of the header.
    let bom = if bytes.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    let mut lines = Vec::new();
    let mut start = bom;
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
    // The header is a file anyone can edit: a key given twice is refused, not read as
    // its last value.
    let parsed = std::str::from_utf8(&bytes[hs..he])
        .map_err(|e| e.to_string())
        .and_then(|text| crate::contract::strict_json(text).map_err(|e| e.to_string()));
    let header: Value = match parsed {
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
                detail: e,
            });
        }
    };

    let mut contents = Contents {
        header,
        entries: Vec::new(),
        damage: Vec::new(),
        disorder: Vec::new(),
        good_len: bytes.len() as u64,
        damaged_bytes: Vec::new(),
    };
    // seq -> the line that holds it, to tell a repeat from a line merely out of order.
    let mut seen: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    let mut highest = 0u64;
    let mut behind = Behind::default();
    for (k, &(s, e, newline)) in lines.iter().enumerate().skip(1) {
        let number = k + 1;
        let line = &bytes[s..e];
        let why = if !newline {
            // Only the last line can lack its newline: the torn write.
            contents.good_len = s as u64;
            Some("cut off before its end".to_string())
        } else if line.iter().all(u8::is_ascii_whitespace) {
            Some("blank".to_string())
        } else {
            match serde_json::from_slice::<RawEntry>(line) {
                Err(err) => Some(format!("not an event ({err})")),
                Ok(en) => match seen.get(&en.seq) {
                    Some(first) => Some(format!("seq {} repeats line {first}", en.seq)),
                    None => {
                        if en.seq <= highest {
                            behind.add(number, en.seq, highest, &mut contents.disorder);
                        } else {
                            behind.flush(&mut contents.disorder);
                        }
                        highest = highest.max(en.seq);
                        seen.insert(en.seq, number);
                        contents.entries.push(en);
                        None
                    }
                },
            }
        };
        if let Some(why) = why {
            contents.damage.push(Damage {
                line: number,
                bytes: e - s,
                why,
                tail: !newline,
            });
            contents.damaged_bytes.push((number, line.to_vec()));
        }
    }
    behind.flush(&mut contents.disorder);
    if let Some(gaps) = missing(
        contents.entries.iter().map(|e| e.seq),
        !contents.damage.is_empty(),
    ) {
        contents.disorder.push(gaps);
    }
    Ok(contents)
}

/// Lines whose seq is below one already read, gathered while they follow the same
/// highest seq, so that one seq typed too high is one message, not one a later line.
#[derive(Default)]
struct Behind {
    /// First and last line, first and last seq, and the seq they come after.
    run: Option<(usize, usize, u64, u64, u64)>,
}

impl Behind {
    fn add(&mut self, line: usize, seq: u64, highest: u64, out: &mut Vec<String>) {
        match &mut self.run {
            Some((_, last_line, _, last_seq, after)) if *after == highest => {
                *last_line = line;
                *last_seq = seq;
            }
            _ => {
                self.flush(out);
                self.run = Some((line, line, seq, seq, highest));
            }
        }
    }

    fn flush(&mut self, out: &mut Vec<String>) {
        if let Some((first, last, first_seq, last_seq, after)) = self.run.take() {
            out.push(if first == last {
                format!("line {first}: seq {first_seq} comes after seq {after}; kept in file order")
            } else {
                format!(
                    "lines {first} to {last}: seqs {first_seq} to {last_seq} come after seq {after}; kept in file order"
                )
            });
        }
    }
}

/// The seqs from 1 to the highest that no readable line holds, said in one line: a line
/// deleted by hand would otherwise pass unnoticed (every seq is given once, in order).
fn missing(seqs: impl Iterator<Item = u64>, damaged: bool) -> Option<String> {
    let mut seqs: Vec<u64> = seqs.collect();
    seqs.sort_unstable();
    let mut ranges = Vec::new();
    let mut expect = 1u64;
    for s in seqs {
        if s > expect {
            ranges.push(if s - 1 == expect {
                format!("{expect}")
            } else {
                format!("{expect} to {}", s - 1)
            });
        }
        expect = expect.max(s.saturating_add(1));
    }
    if ranges.is_empty() {
        return None;
    }
    let shown: Vec<&str> = ranges.iter().take(3).map(String::as_str).collect();
    let more = ranges.len().saturating_sub(3);
    Some(format!(
        "no line holds seq {}{}: lines removed or renumbered by hand{}? the entries that are there are kept",
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more gaps")
        } else {
            String::new()
        },
        if damaged {
            ", or among the damaged lines"
        } else {
            ""
        }
    ))
}

/// The bytes of the log at `path`, read only from a regular file and never more than
/// [`MAX_LOG`].
pub(crate) fn read_log(path: &Path) -> Result<Vec<u8>, StoreError> {
    let meta = fs::metadata(path).map_err(|e| missing_or_io(path, &e))?;
    check_file(path, &meta)?;
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(MAX_LOG + 1).read_to_end(&mut bytes))
        .map_err(|e| io_err(path, &e))?;
    if bytes.len() as u64 > MAX_LOG {
        return Err(StoreError::TooBig {
            path: path.display().to_string(),
            size: bytes.len() as u64,
            max: MAX_LOG,
        });
    }
    Ok(bytes)
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

/// An open, locked log that events are appended to.
#[derive(Debug)]
pub struct Log {
    file: File,
    path: PathBuf,
    len: u64,
    /// `None` once the numbering is exhausted (the highest seq is `u64::MAX`).
    next_seq: Option<u64>,
}

/// The name a log has on disk, for messages.
fn session_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// How long a busy log is waited for before it is reported busy.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(150);

/// Takes the log's lock, waiting a moment for it: a lock just released can stay held
/// briefly, by a prompt that is quitting, or by a child process forked at that instant
/// (its copy of the descriptor holds the lock until its exec closes it). A session
/// really open elsewhere is still reported busy, after [`LOCK_PATIENCE`].
fn lock(file: &File, path: &Path) -> Result<(), StoreError> {
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
        // A pipe would block the open itself: look before opening.
        let meta = fs::metadata(path).map_err(|e| missing_or_io(path, &e))?;
        check_file(path, &meta)?;
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| missing_or_io(path, &e))?;
        let meta = file.metadata().map_err(|e| io_err(path, &e))?;
        check_file(path, &meta)?;
        lock(&file, path)?;
        let mut bytes = Vec::new();
        (&mut file)
            .take(MAX_LOG + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| io_err(path, &e))?;
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
        let highest = contents.entries.iter().map(|e| e.seq).max().unwrap_or(0);
        Ok((
            Log {
                file,
                path: path.to_path_buf(),
                len: contents.good_len,
                next_seq: highest.checked_add(1),
            },
            contents,
        ))
    }

    /// Appends one event; returns its entry once it is on disk.
    pub fn append(&mut self, at: &str, event: Value) -> Result<RawEntry, StoreError> {
        let seq = self.append_event(at, None, &event)?;
        let event = serde_json::value::to_raw_value(&event).map_err(|e| StoreError::Io {
            path: self.path.display().to_string(),
            detail: e.to_string(),
        })?;
        Ok(RawEntry {
            seq,
            at: at.to_string(),
            by: None,
            event,
        })
    }

    /// Appends one event, serialised once straight into its line (`{"seq":N,"at":...,
    /// "event":...}`, as [`RawEntry`] reads it back); returns its seq once it is on disk.
    pub(crate) fn append_event(
        &mut self,
        at: &str,
        by: Option<&str>,
        event: &impl Serialize,
    ) -> Result<u64, StoreError> {
        let Some(seq) = self.next_seq else {
            return Err(StoreError::Exhausted {
                path: self.path.display().to_string(),
                seq: u64::MAX,
            });
        };
        self.check_identity()?;
        let mut line = format!("{{\"seq\":{seq},\"at\":").into_bytes();
        let encoded = serde_json::to_writer(&mut line, at)
            .and_then(|()| match by {
                Some(by) => {
                    line.extend_from_slice(b",\"by\":");
                    serde_json::to_writer(&mut line, by)
                }
                None => Ok(()),
            })
            .and_then(|()| {
                line.extend_from_slice(b",\"event\":");
                serde_json::to_writer(&mut line, event)
            })
            .map_err(|e| StoreError::Io {
                path: self.path.display().to_string(),
                detail: e.to_string(),
            });
        encoded?;
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
        Ok(seq)
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
    fn a_seq_out_of_order_is_reported_and_kept_with_every_event_after_it() {
        let mut log = header().to_vec();
        for seq in [1, 2, 20, 3, 4, 5] {
            log.extend_from_slice(
                format!("{{\"seq\":{seq},\"at\":\"t\",\"event\":{{}}}}\n").as_bytes(),
            );
        }
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        let seqs: Vec<u64> = c.entries.iter().map(|e| e.seq).collect();
        assert_eq!(
            seqs,
            vec![1, 2, 20, 3, 4, 5],
            "nothing cut, file order kept"
        );
        assert!(c.damage.is_empty());
        // One message for the lines behind seq 20, one for the seqs no line holds.
        assert_eq!(
            c.disorder,
            vec![
                "lines 5 to 7: seqs 3 to 5 come after seq 20; kept in file order".to_string(),
                "no line holds seq 6 to 19: lines removed or renumbered by hand? the entries that are there are kept".to_string(),
            ]
        );
        assert_eq!(c.good_len, log.len() as u64);
    }

    #[test]
    fn a_line_deleted_by_hand_is_said() {
        let mut log = header().to_vec();
        for seq in [1, 2, 4, 5, 8] {
            log.extend_from_slice(
                format!("{{\"seq\":{seq},\"at\":\"t\",\"event\":{{}}}}\n").as_bytes(),
            );
        }
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.entries.len(), 5, "every line kept");
        assert_eq!(
            c.disorder,
            vec!["no line holds seq 3, 6 to 7: lines removed or renumbered by hand? the entries that are there are kept".to_string()]
        );
        // A whole log says nothing.
        let mut whole = header().to_vec();
        whole.extend_from_slice(b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n");
        assert!(
            parse(Path::new("x.jsonl"), &whole)
                .expect("parses")
                .disorder
                .is_empty()
        );
    }

    #[test]
    fn a_repeated_seq_is_damage_kept_in_place() {
        let mut log = header().to_vec();
        log.extend_from_slice(b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n");
        log.extend_from_slice(b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n");
        log.extend_from_slice(b"{\"seq\":2,\"at\":\"t\",\"event\":{}}\n");
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.entries.len(), 2);
        assert_eq!(c.damage.len(), 1);
        assert!(!c.damage[0].tail);
        assert!(
            c.damage[0].why.contains("repeats line 2"),
            "{}",
            c.damage[0].why
        );
        assert_eq!(c.good_len, log.len() as u64);
    }

    #[test]
    fn only_a_last_line_without_its_newline_is_torn() {
        let mut log = header().to_vec();
        log.extend_from_slice(b"{\"seq\":1,\"at\":\"t\",\"event\":{}}\n");
        log.extend_from_slice(b"garbage with its newline\n");
        let whole = log.len();
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.good_len, whole as u64, "a complete line is never cut");
        assert!(!c.damage[0].tail);
        log.extend_from_slice(b"{\"seq\":2,");
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.good_len, whole as u64);
        assert!(c.damage[1].tail);
    }

    #[test]
    fn a_byte_order_mark_before_the_header_is_skipped() {
        let mut log = b"\xef\xbb\xbf".to_vec();
        log.extend_from_slice(header());
        let c = parse(Path::new("x.jsonl"), &log).expect("parses");
        assert_eq!(c.header["game"], "take-two");
    }

    #[test]
    fn the_numbering_never_wraps() {
        let dir = crate::testing::tempdir().expect("dir");
        let path = dir.path().join("x.jsonl");
        let mut log = header().to_vec();
        log.extend_from_slice(
            format!("{{\"seq\":{},\"at\":\"t\",\"event\":{{}}}}\n", u64::MAX).as_bytes(),
        );
        std::fs::write(&path, &log).expect("write");
        let (mut l, _) = Log::open(&path).expect("opens");
        let e = l
            .append("t", serde_json::json!({}))
            .expect_err("no seq left");
        assert!(matches!(e, StoreError::Exhausted { .. }), "{e}");
        assert_eq!(std::fs::read(&path).expect("read"), log, "nothing written");
    }

    #[test]
    fn a_log_replaced_while_open_takes_no_more_entries() {
        let dir = crate::testing::tempdir().expect("dir");
        let path = dir.path().join("x.jsonl");
        let mut l = Log::create(&path, &serde_json::json!({"umpire": 1})).expect("created");
        l.append("t", serde_json::json!({"type": "noted"}))
            .expect("first");
        let copy = dir.path().join("y.jsonl");
        std::fs::copy(&path, &copy).expect("copy");
        std::fs::rename(&copy, &path).expect("an editor saves by rename");
        let e = l
            .append("t", serde_json::json!({"type": "noted"}))
            .expect_err("replaced");
        assert!(matches!(e, StoreError::Replaced { .. }), "{e}");
        std::fs::remove_file(&path).expect("removed");
        assert!(l.append("t", serde_json::json!({})).is_err(), "removed");
    }

    #[test]
    fn a_new_log_appears_whole_or_not_at_all_and_leaves_no_temporary_file() {
        let dir = crate::testing::tempdir().expect("dir");
        let path = dir.path().join("x.jsonl");
        Log::create(&path, &serde_json::json!({"umpire": 1})).expect("created");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .expect("dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["x.jsonl"]);
        let e = Log::create(&path, &serde_json::json!({"umpire": 1})).expect_err("exists");
        assert!(matches!(e, StoreError::Exists { .. }), "{e}");
    }

    #[test]
    fn a_pipe_or_directory_named_like_a_log_is_refused_without_blocking() {
        let dir = crate::testing::tempdir().expect("dir");
        let fifo = dir.path().join("f.jsonl");
        let c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).expect("path");
        // SAFETY: mkfifo with a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(read_log(&fifo), Err(StoreError::NotAFile { .. })));
        assert!(matches!(Log::open(&fifo), Err(StoreError::NotAFile { .. })));
        assert!(matches!(
            read_log(dir.path()),
            Err(StoreError::NotAFile { .. })
        ));
    }

    #[test]
    fn a_damaged_header_is_refused() {
        assert!(parse(Path::new("x.jsonl"), b"").is_err());
        assert!(parse(Path::new("x.jsonl"), b"{\"umpire\":1").is_err());
        assert!(parse(Path::new("x.jsonl"), b"[1]\n").is_err());
    }
}
