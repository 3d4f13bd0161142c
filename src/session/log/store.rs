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
use std::io::{self, BufRead, Read, Write};
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

/// Reads a log's bytes. Pure: the caller decides what to do about damage (a reader
/// skips it; [`Log::open`] sets it aside).
pub fn parse(path: &Path, bytes: &[u8]) -> Result<Contents, StoreError> {
    let bom = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    let mut lines = bytes[bom..].split_inclusive(|b| *b == b'\n');
    let first = lines.next();
    let header = header_of(path, first)?;
    let mut entries = Vec::new();
    let mut scan = Scan::new();
    let mut start = (bom + first.map_or(0, <[u8]>::len)) as u64;
    for line in lines {
        if let Some(en) = scan.line(start, line) {
            entries.push(en);
        }
        start += line.len() as u64;
    }
    let scanned = scan.finish(bytes.len() as u64);
    Ok(Contents {
        header,
        entries,
        damage: scanned.damage,
        disorder: scanned.disorder,
        #[cfg(test)]
        good_len: scanned.good_len,
    })
}

/// The byte-order mark some editors put before the header: not part of it.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The header from the log's first line (with its newline, if it has one; `None` for
/// an empty file).
fn header_of(path: &Path, first: Option<&[u8]>) -> Result<Value, StoreError> {
    let display = || path.display().to_string();
    let Some(first) = first.filter(|l| !l.is_empty()) else {
        return Err(StoreError::BadHeader {
            path: display(),
            detail: "the file is empty".into(),
        });
    };
    let (text, newline) = match first.strip_suffix(b"\n") {
        Some(text) => (text, true),
        None => (first, false),
    };
    // The header is a file anyone can edit: a key given twice is refused, not read as
    // its last value.
    let parsed = std::str::from_utf8(text)
        .map_err(|e| e.to_string())
        .and_then(|text| crate::contract::strict_json(text).map_err(|e| e.to_string()));
    match parsed {
        Ok(v @ Value::Object(_)) if newline => Ok(v),
        Ok(_) if newline => Err(StoreError::BadHeader {
            path: display(),
            detail: "not a JSON object".into(),
        }),
        Ok(_) => Err(StoreError::BadHeader {
            path: display(),
            detail: "cut off before its end".into(),
        }),
        Err(e) => Err(StoreError::BadHeader {
            path: display(),
            detail: e,
        }),
    }
}

/// What reading a log's entries found besides them: the damage, the disorder, where
/// the good lines end, and the highest seq.
pub(crate) struct Scanned {
    pub(crate) damage: Vec<Damage>,
    pub(crate) disorder: Vec<Disorder>,
    good_len: u64,
    damaged_bytes: Vec<(usize, Vec<u8>)>,
    highest: u64,
}

/// The entry lines of a log read one at a time, in file order, each line given once:
/// what [`parse`] does over bytes in memory and [`Reading`] over the file as it is
/// read, so that both read a log alike.
struct Scan {
    damage: Vec<Damage>,
    disorder: Vec<Disorder>,
    /// Where the torn last line starts, when there is one.
    torn_at: Option<u64>,
    damaged_bytes: Vec<(usize, Vec<u8>)>,
    /// The seqs read so far and the lines that hold them, to tell a repeat from a
    /// line merely out of order.
    seen: Seen,
    highest: u64,
    behind: Behind,
    /// The 1-based number of the last line read (the header is line 1).
    number: usize,
}

impl Scan {
    fn new() -> Scan {
        Scan {
            damage: Vec::new(),
            disorder: Vec::new(),
            torn_at: None,
            damaged_bytes: Vec::new(),
            seen: Seen::default(),
            highest: 0,
            behind: Behind::default(),
            number: 1,
        }
    }

    /// The next line, which starts at byte `start` of the file and holds its newline
    /// unless it is the last: its entry, or `None` when it is damage (noted).
    fn line(&mut self, start: u64, with_newline: &[u8]) -> Option<RawLine> {
        self.number += 1;
        let number = self.number;
        let (line, newline) = match with_newline.strip_suffix(b"\n") {
            Some(line) => (line, true),
            None => (with_newline, false),
        };
        let mut entry = None;
        let why = if !newline {
            // Only the last line can lack its newline: the torn write.
            self.torn_at = Some(start);
            Some(Unread::CutOff)
        } else if line.iter().all(u8::is_ascii_whitespace) {
            Some(Unread::Blank)
        } else {
            match serde_json::from_slice::<RawLine>(line) {
                Err(err) => Some(Unread::NotAnEvent(err.to_string())),
                Ok(en) => match self.seen.line_of(en.seq) {
                    Some(first) => Some(Unread::Repeats {
                        seq: en.seq,
                        line: first,
                    }),
                    None => {
                        if en.seq <= self.highest {
                            self.behind
                                .add(number, en.seq, self.highest, &mut self.disorder);
                        } else {
                            self.behind.flush(&mut self.disorder);
                        }
                        self.highest = self.highest.max(en.seq);
                        self.seen.insert(en.seq, number);
                        entry = Some(en);
                        None
                    }
                },
            }
        };
        if let Some(why) = why {
            self.damage.push(Damage {
                line: number,
                bytes: line.len(),
                why,
                tail: !newline,
            });
            self.damaged_bytes.push((number, line.to_vec()));
        }
        entry
    }

    /// What the scan found, once every line has been read: the log is `len` bytes.
    fn finish(mut self, len: u64) -> Scanned {
        self.behind.flush(&mut self.disorder);
        if let Some(gaps) = missing(&self.seen, !self.damage.is_empty()) {
            self.disorder.push(gaps);
        }
        Scanned {
            damage: self.damage,
            disorder: self.disorder,
            good_len: self.torn_at.unwrap_or(len),
            damaged_bytes: self.damaged_bytes,
            highest: self.highest,
        }
    }
}

/// The seqs read and the line of each, as runs of consecutive seqs on consecutive
/// lines: a log as umpire writes it is one run, however long, where a set of every
/// seq took tens of megabytes on a long log.
#[derive(Default)]
struct Seen {
    /// First seq of a run -> its first line and how many seqs it holds.
    runs: std::collections::BTreeMap<u64, (usize, u64)>,
    /// The run the last seq went into.
    last: Option<u64>,
}

impl Seen {
    /// The line that holds `seq`, when one does.
    fn line_of(&self, seq: u64) -> Option<usize> {
        let (start, (line, len)) = self.runs.range(..=seq).next_back()?;
        let k = seq - start;
        (k < *len).then(|| line + k as usize)
    }

    fn insert(&mut self, seq: u64, line: usize) {
        if let Some(start) = self.last
            && let Some((first, len)) = self.runs.get_mut(&start)
            && start.checked_add(*len) == Some(seq)
            && first.checked_add(*len as usize) == Some(line)
        {
            *len += 1;
            return;
        }
        self.runs.insert(seq, (line, 1));
        self.last = Some(seq);
    }
}

/// Lines whose seq is below one already read, gathered while they follow the same
/// highest seq, so that one seq typed too high is one message, not one a later line.
#[derive(Default)]
struct Behind {
    /// First and last line, first and last seq, and the seq they come after.
    run: Option<(usize, usize, u64, u64, u64)>,
}

impl Behind {
    fn add(&mut self, line: usize, seq: u64, highest: u64, out: &mut Vec<Disorder>) {
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

    fn flush(&mut self, out: &mut Vec<Disorder>) {
        if let Some((first, last, first_seq, last_seq, after)) = self.run.take() {
            out.push(Disorder::Behind {
                lines: (first, last),
                seqs: (first_seq, last_seq),
                after,
            });
        }
    }
}

/// The seqs from 1 to the highest that no readable line holds, found in one: a line
/// deleted by hand would otherwise pass unnoticed (every seq is given once, in order).
fn missing(seen: &Seen, damaged: bool) -> Option<Disorder> {
    /// How many gaps are named.
    const NAMED: usize = 3;
    let mut gaps = Vec::new();
    let mut more = 0;
    let mut expect = 1u64;
    // The runs hold each seq once, in order of their first seq.
    for (start, (_, len)) in &seen.runs {
        let s = *start;
        if s > expect {
            if gaps.len() < NAMED {
                gaps.push((expect, s - 1));
            } else {
                more += 1;
            }
        }
        let last = s + (len - 1);
        expect = expect.max(last.saturating_add(1));
    }
    if gaps.is_empty() {
        return None;
    }
    Some(Disorder::Missing {
        gaps,
        more,
        damaged,
    })
}

#[cfg(test)]
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

/// A log read a line at a time, each entry handed on as it is read: the header first,
/// then [`Reading::entries`]. Reading a whole file into memory and then every entry's
/// text held that file two or three times over before a game had typed one entry (a
/// 50 MB log opened at 137 MB, and read for `export` at more than 400 MB).
pub(crate) struct Reading {
    path: PathBuf,
    input: Option<io::BufReader<io::Take<File>>>,
    header: Value,
    /// The header line's bytes as they are in the file, newline included.
    #[cfg(feature = "cli")]
    header_line: Vec<u8>,
    /// Bytes read so far, of whole lines.
    pos: u64,
    /// Opened to be written to (locked): damage is set aside and a torn last line cut
    /// off once the entries are read, and the [`Log`] is handed over.
    writing: bool,
    /// Whole lines only: a last line without its newline is one still being written,
    /// left for a later read rather than reported torn (the scoreboard's way).
    whole_lines: bool,
}

/// What [`Reading::entries`] found besides the entries.
pub(crate) struct Found {
    pub(crate) damage: Vec<Damage>,
    /// Readable entries out of order, kept in file order, and seqs no line holds.
    pub(crate) disorder: Vec<Disorder>,
    /// The log to append to, when it was opened for writing.
    pub(crate) log: Option<Log>,
}

impl Reading {
    /// Reads the log at `path` without locking or repairing it.
    pub(crate) fn read(path: &Path) -> Result<Reading, StoreError> {
        let meta = fs::metadata(path).map_err(|e| missing_or_io(path, &e))?;
        check_file(path, &meta)?;
        let file = File::open(path).map_err(|e| io_err(path, &e))?;
        Reading::start(path, file, false)
    }

    /// [`Reading::read`] of whole lines only: a last line still being written is left
    /// for the next read.
    #[cfg(feature = "cli")]
    pub(crate) fn read_whole_lines(path: &Path) -> Result<Reading, StoreError> {
        let mut reading = Reading::read(path)?;
        reading.whole_lines = true;
        Ok(reading)
    }

    /// Opens the log at `path` for writing: locked; its damage is set aside once read.
    pub(crate) fn open(path: &Path) -> Result<Reading, StoreError> {
        // A pipe would block the open itself: look before opening.
        let meta = fs::metadata(path).map_err(|e| missing_or_io(path, &e))?;
        check_file(path, &meta)?;
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| missing_or_io(path, &e))?;
        let meta = file.metadata().map_err(|e| io_err(path, &e))?;
        check_file(path, &meta)?;
        lock(&file, path)?;
        Reading::start(path, file, true)
    }

    fn start(path: &Path, file: File, writing: bool) -> Result<Reading, StoreError> {
        let mut input = io::BufReader::with_capacity(1 << 16, file.take(MAX_LOG + 1));
        let mut header_line = Vec::new();
        input
            .read_until(b'\n', &mut header_line)
            .map_err(|e| io_err(path, &e))?;
        let bom = if header_line.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        let header = header_of(path, Some(&header_line[bom..]))?;
        Ok(Reading {
            path: path.to_path_buf(),
            input: Some(input),
            header,
            pos: header_line.len() as u64,
            #[cfg(feature = "cli")]
            header_line,
            writing,
            whole_lines: false,
        })
    }

    pub(crate) fn header(&self) -> &Value {
        &self.header
    }

    /// Reads no entry: [`Reading::entries`] then finds none (the header alone is
    /// checked).
    pub(crate) fn skip_entries(&mut self) {
        self.input = None;
    }

    /// It was opened to be written to.
    pub(crate) fn writing(&self) -> bool {
        self.writing
    }

    /// The header line as the file holds it, newline included.
    #[cfg(feature = "cli")]
    pub(crate) fn header_line(&self) -> &[u8] {
        &self.header_line
    }

    /// How many bytes were read, of whole lines (the header's at least).
    #[cfg(feature = "cli")]
    pub(crate) fn len(&self) -> u64 {
        self.pos
    }

    /// Reads every entry line, handing each readable entry to `each` in file order;
    /// then, for a log opened to write, sets its damage aside and cuts a torn last line
    /// off. A second call reads nothing more.
    pub(crate) fn entries(&mut self, mut each: impl FnMut(RawLine)) -> Result<Found, StoreError> {
        let Some(mut input) = self.input.take() else {
            return Ok(Found {
                damage: Vec::new(),
                disorder: Vec::new(),
                log: None,
            });
        };
        let mut scan = Scan::new();
        let mut line = Vec::new();
        loop {
            line.clear();
            let n = input
                .read_until(b'\n', &mut line)
                .map_err(|e| io_err(&self.path, &e))?;
            if n == 0 || (self.whole_lines && !line.ends_with(b"\n")) {
                break;
            }
            if let Some(entry) = scan.line(self.pos, &line) {
                each(entry);
            }
            self.pos += n as u64;
        }
        if !self.writing && self.pos > MAX_LOG {
            return Err(StoreError::TooBig {
                path: self.path.display().to_string(),
                size: self.pos,
                max: MAX_LOG,
            });
        }
        let scanned = scan.finish(self.pos);
        let log = if self.writing {
            let file = input.into_inner().into_inner();
            Some(Log::after_reading(&self.path, file, self.pos, &scanned)?)
        } else {
            None
        };
        Ok(Found {
            damage: scanned.damage,
            disorder: scanned.disorder,
            log,
        })
    }
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
    fn after_reading(
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

    /// A log as a hand edit or a crash can leave it: a byte-order mark, an entry out of
    /// order, a repeat, a blank line, garbage, a gap, a torn last line.
    fn damaged_log() -> Vec<u8> {
        let mut log = b"\xef\xbb\xbf".to_vec();
        log.extend_from_slice(header());
        for line in [
            "{\"seq\":1,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"a\"}}\n",
            "{\"seq\":3,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"c\"}}\n",
            "{\"seq\":2,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"b\"}}\n",
            "{\"seq\":3,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"again\"}}\n",
            "  \n",
            "garbage\n",
            "{\"seq\":7,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"g\"}}\n",
            "{\"seq\":8,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"h\"}}\n",
            "{\"seq\":9,\"at\":\"t\",\"ev",
        ] {
            log.extend_from_slice(line.as_bytes());
        }
        log
    }

    #[test]
    fn a_log_read_a_line_at_a_time_finds_what_parse_finds_in_its_bytes() {
        let dir = crate::testing::tempdir().expect("dir");
        let path = dir.path().join("x.jsonl");
        let log = damaged_log();
        fs::write(&path, &log).expect("log");
        let whole = parse(&path, &log).expect("parses");
        let mut reading = Reading::read(&path).expect("reads");
        assert_eq!(reading.header(), &whole.header);
        let mut seen = Vec::new();
        let found = reading
            .entries(|e| seen.push((e.seq, e.event.get().to_string())))
            .expect("entries");
        let expected: Vec<(u64, String)> = whole
            .entries
            .iter()
            .map(|e| (e.seq, e.event.get().to_string()))
            .collect();
        assert_eq!(seen, expected);
        assert_eq!(found.damage, whole.damage);
        assert_eq!(found.disorder, whole.disorder);
        // Said as "line 4: seq 2 comes after seq 3; kept in file order" and "no line
        // holds seq 4 to 6: lines removed or renumbered by hand, or among the damaged
        // lines? the entries that are there are kept" (render's tests).
        assert_eq!(
            found.disorder,
            [
                Disorder::Behind {
                    lines: (4, 4),
                    seqs: (2, 2),
                    after: 3
                },
                Disorder::Missing {
                    gaps: vec![(4, 6)],
                    more: 0,
                    damaged: true
                },
            ]
        );
        assert!(found.log.is_none(), "read only");
        // Read only: nothing was cut or set aside.
        assert_eq!(fs::read(&path).expect("log"), log);
        assert!(!dir.path().join("x.jsonl.damaged").exists());
    }

    #[test]
    fn a_log_opened_to_write_is_read_a_line_at_a_time_then_its_torn_line_is_cut_and_set_aside() {
        let dir = crate::testing::tempdir().expect("dir");
        let path = dir.path().join("x.jsonl");
        let log = damaged_log();
        fs::write(&path, &log).expect("log");
        let whole = parse(&path, &log).expect("parses");
        let mut reading = Reading::open(&path).expect("opens");
        let mut seqs = Vec::new();
        let found = reading.entries(|e| seqs.push(e.seq)).expect("entries");
        assert_eq!(seqs, [1, 3, 2, 7, 8]);
        assert_eq!(found.damage, whole.damage);
        let mut log_file = found.log.expect("a log to write to");
        assert_eq!(log_file.next_seq, Some(9));
        let cut = fs::read(&path).expect("log");
        assert_eq!(cut.len() as u64, whole.good_len);
        assert!(log.starts_with(&cut));
        let aside = fs::read_to_string(dir.path().join("x.jsonl.damaged")).expect("aside");
        assert!(aside.contains("garbage"), "{aside}");
        assert!(aside.contains("{\"seq\":9,\"at\":\"t\",\"ev"), "{aside}");
        log_file
            .append_event(
                "t",
                None,
                None,
                &serde_json::json!({"type": "noted", "text": "i"}),
            )
            .expect("appends");
        assert!(fs::read_to_string(&path).expect("log").ends_with(
            "\"h\"}}\n{\"seq\":9,\"at\":\"t\",\"event\":{\"type\":\"noted\",\"text\":\"i\"}}\n"
        ));
    }

    #[test]
    fn a_phone_s_line_id_is_written_beside_by_and_read_back_and_an_entry_without_one_reads_as_before()
     {
        let dir = crate::testing::tempdir().expect("dir");
        let path = dir.path().join("x.jsonl");
        let old = "{\"h\":1}\n{\"seq\":1,\"at\":\"t\",\"by\":\"phone\",\"event\":{\"type\":\"noted\",\"text\":\"a\"}}\n";
        fs::write(&path, old).expect("log");
        let mut reading = Reading::open(&path).expect("opens");
        let mut read = Vec::new();
        let found = reading.entries(|e| read.push(e)).expect("entries");
        let mut log = found.log.expect("a log to write to");
        let note = serde_json::json!({"type": "noted", "text": "b"});
        log.append_event("u", Some("phone"), Some("9f2c"), &note)
            .expect("appends");
        log.append_event("v", None, None, &note).expect("appends");
        let text = fs::read_to_string(&path).expect("log");
        assert!(
            text.ends_with(
                "{\"seq\":2,\"at\":\"u\",\"by\":\"phone\",\"line\":\"9f2c\",\"event\":{\"type\":\"noted\",\"text\":\"b\"}}\n\
                 {\"seq\":3,\"at\":\"v\",\"event\":{\"type\":\"noted\",\"text\":\"b\"}}\n"
            ),
            "{text}"
        );
        let back = parse(&path, text.as_bytes()).expect("parses");
        let lines: Vec<(Option<&str>, Option<&str>)> = back
            .entries
            .iter()
            .map(|e| (e.by.as_deref(), e.line.as_deref()))
            .collect();
        assert_eq!(
            lines,
            [
                (Some("phone"), None),
                (Some("phone"), Some("9f2c")),
                (None, None)
            ]
        );
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].line, None, "a log of an earlier version has none");
    }

    #[test]
    fn seqs_are_kept_as_runs_and_a_repeat_anywhere_in_one_is_found() {
        let mut seen = Seen::default();
        for (k, seq) in (1..=100_000u64).enumerate() {
            seen.insert(seq, k + 2);
        }
        // A line set aside in between starts another run.
        seen.insert(100_001, 100_003);
        assert_eq!(seen.runs.len(), 2);
        assert_eq!(seen.line_of(1), Some(2));
        assert_eq!(seen.line_of(50_000), Some(50_001));
        assert_eq!(seen.line_of(100_001), Some(100_003));
        assert_eq!(seen.line_of(100_002), None);
        assert_eq!(seen.line_of(0), None);
        let mut high = Seen::default();
        high.insert(u64::MAX - 1, 2);
        high.insert(u64::MAX, 3);
        assert_eq!(high.runs.len(), 1);
        assert_eq!(high.line_of(u64::MAX), Some(3));
        assert!(missing(&high, false).is_some_and(|m| matches!(
            m,
            Disorder::Missing { gaps, more: 0, damaged: false } if gaps == [(1, u64::MAX - 2)]
        )));
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
                Disorder::Behind {
                    lines: (5, 7),
                    seqs: (3, 5),
                    after: 20
                },
                Disorder::Missing {
                    gaps: vec![(6, 19)],
                    more: 0,
                    damaged: false
                },
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
            vec![Disorder::Missing {
                gaps: vec![(3, 3), (6, 7)],
                more: 0,
                damaged: false
            }]
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
        assert_eq!(c.damage[0].why, Unread::Repeats { seq: 1, line: 2 });
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
