//! Reading a log: its lines scanned as they come (seq order, repeats, damage), the
//! header checked, a whole log parsed or read a line at a time.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::*;

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
    pub(super) good_len: u64,
    pub(super) damaged_bytes: Vec<(usize, Vec<u8>)>,
    pub(super) highest: u64,
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
    pub(super) path: PathBuf,
    pub(super) input: Option<io::BufReader<io::Take<File>>>,
    pub(super) header: Value,
    /// The header line's bytes as they are in the file, newline included.
    #[cfg(feature = "cli")]
    pub(super) header_line: Vec<u8>,
    /// Bytes read so far, of whole lines.
    pub(super) pos: u64,
    /// Opened to be written to (locked): damage is set aside and a torn last line cut
    /// off once the entries are read, and the [`Log`] is handed over.
    pub(super) writing: bool,
    /// Whole lines only: a last line without its newline is one still being written,
    /// left for a later read rather than reported torn (the scoreboard's way).
    pub(super) whole_lines: bool,
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
