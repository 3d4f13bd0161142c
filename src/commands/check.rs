//! `umpire check`: the word judge from the shell.

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use super::{CommandError, Exit, open_lexicon};
use crate::cli::CheckArgs;
use serde::Serialize;

use crate::lexicon::fold::{FoldError, MAX_KEY_LEN, fold, fold_into, is_dropped};
use crate::lexicon::{Lexicon, Rules, Verdict, allows, judge};
use crate::render as table;
use crate::text::printable;

pub(super) fn run(
    dict: Option<&Path>,
    args: &CheckArgs,
    games: crate::session::Catalog,
) -> Result<Exit, CommandError> {
    let rules = super::rules(&args.rules, games)?;
    let lex = open_lexicon(dict)?;
    if args.stdin {
        return batch(&lex, &rules, args.quiet, args.json);
    }
    let mut verdicts = Vec::with_capacity(args.words.len());
    for word in &args.words {
        let v = judge(&lex, &rules, word)
            .map_err(|e| CommandError::usage(format!("{}: {e}", printable(word))))?;
        verdicts.push(v);
    }
    let out = if args.json {
        serde_json::to_string_pretty(&verdicts).map_err(|e| CommandError::usage(e.to_string()))?
    } else {
        table::verdicts(&verdicts).to_string()
    };
    super::out(&out)?;
    Ok(outcome(verdicts.iter().all(|v| v.allowed)))
}

fn outcome(all_allowed: bool) -> Exit {
    if all_allowed { Exit::Yes } else { Exit::No }
}

/// What `--stdin` prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only the count of words not allowed.
    Quiet,
    /// `WORD<TAB>allowed|not allowed<TAB>reason`, one line a word.
    Lines,
    /// One JSON array of verdicts, written as they are made.
    Json,
}

/// Bytes of input judged at a time; each block is shared among the cores.
const BLOCK: usize = 4 << 20;

/// Bytes of an over-long line kept to say what it was.
const HEAD: usize = 1024;

/// One word a line from stdin. Input is read in large blocks, each split at line ends
/// among the machine's cores; within a chunk one key buffer serves every word, so the
/// cost per word is the fst look-up. Verdicts are written block by block, JSON too, so
/// memory stays bounded however long the input. A line that is not a word counts as not
/// allowed; a line longer than a block is one verdict like any other.
fn batch(lex: &Lexicon, rules: &Rules, quiet: bool, json: bool) -> Result<Exit, CommandError> {
    let mode = match (quiet, json) {
        (true, _) => Mode::Quiet,
        (false, true) => Mode::Json,
        (false, false) => Mode::Lines,
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = Output {
        w: BufWriter::with_capacity(1 << 16, stdout.lock()),
        mode,
        barred: 0,
        verdicts: 0,
    };
    let read_err = |e: io::Error| CommandError::usage(format!("reading standard input: {e}"));

    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    // The line longer than a block being read, if any.
    let mut long: Option<LongLine> = None;
    let mut eof = false;
    loop {
        // Fill the block (a partial last line stays for the next one), reading into the
        // buffer's spare room so that no more memory is touched than input fills.
        if !eof && buf.len() < BLOCK {
            let want = BLOCK - buf.len();
            let n = (&mut input)
                .take(want as u64)
                .read_to_end(&mut buf)
                .map_err(read_err)?;
            eof = n < want;
        }
        if let Some(line) = long.as_mut() {
            // The rest of an over-long line: read on to its end, keeping only a count.
            let end = buf.iter().position(|b| *b == b'\n');
            line.take(&buf[..end.unwrap_or(buf.len())]);
            buf.drain(..end.map_or(buf.len(), |i| i + 1));
            if (end.is_some() || eof)
                && let Some(line) = long.take()
            {
                out.verdict(line.verdict())?;
            }
            continue;
        }
        if buf.is_empty() && eof {
            break;
        }
        let cut = if eof {
            buf.len()
        } else {
            buf.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1)
        };
        if cut == 0 {
            // A whole block and no line end: a line longer than any word.
            let mut line = LongLine::default();
            line.take(&buf);
            long = Some(line);
            buf.clear();
            continue;
        }
        for chunk in judge_block(lex, rules, &buf[..cut], mode, threads) {
            out.chunk(chunk)?;
        }
        buf.drain(..cut);
    }
    out.finish()
}

/// Where verdicts go, in input order, with the count of words not allowed.
struct Output<W: Write> {
    w: W,
    mode: Mode,
    barred: u64,
    verdicts: u64,
}

impl<W: Write> Output<W> {
    fn chunk(&mut self, chunk: Chunk) -> Result<(), CommandError> {
        self.barred += chunk.barred;
        let mut text = &chunk.text[..];
        if self.mode == Mode::Json && !text.is_empty() {
            // Each verdict comes as ",\n" and the object: the first opens the array.
            let opening: &[u8] = if self.verdicts == 0 { b"[\n" } else { b",\n" };
            self.w.write_all(opening).map_err(write_err)?;
            text = text.get(2..).unwrap_or_default();
        }
        self.verdicts += chunk.verdicts;
        self.w.write_all(text).map_err(write_err)
    }

    fn verdict(&mut self, v: Verdict) -> Result<(), CommandError> {
        let mut chunk = Chunk::default();
        chunk.add(v, self.mode);
        self.chunk(chunk)
    }

    fn finish(mut self) -> Result<Exit, CommandError> {
        match self.mode {
            Mode::Quiet => writeln!(self.w, "{}", self.barred).map_err(write_err)?,
            Mode::Json if self.verdicts == 0 => writeln!(self.w, "[]").map_err(write_err)?,
            Mode::Json => self.w.write_all(b"\n]\n").map_err(write_err)?,
            Mode::Lines => {}
        }
        self.w.flush().map_err(write_err)?;
        Ok(outcome(self.barred == 0))
    }
}

fn write_err(e: io::Error) -> CommandError {
    CommandError::from_write(&e)
}

/// A line longer than a block: its first bytes, to name it, and how many characters it
/// has, to say how long it is. Never held whole.
#[derive(Default)]
struct LongLine {
    head: Vec<u8>,
    chars: usize,
}

impl LongLine {
    fn take(&mut self, bytes: &[u8]) {
        let room = HEAD.saturating_sub(self.head.len());
        self.head.extend_from_slice(&bytes[..room.min(bytes.len())]);
        // Characters, not bytes: UTF-8 continuation bytes do not start one.
        self.chars += bytes
            .iter()
            .filter(|b| (**b & 0xC0) != 0x80 && !(b.is_ascii() && is_dropped(char::from(**b))))
            .count();
    }

    /// The verdict the whole line would get: folding stops at the first character that
    /// is not a letter or at the 65th letter, both within the head.
    fn verdict(self) -> Verdict {
        let word = String::from_utf8_lossy(&self.head);
        // Only folding can refuse it: the dictionary is not asked.
        let error = match fold(word.trim()) {
            Err(FoldError::TooLong(_)) | Ok(_) | Err(FoldError::Empty) => {
                FoldError::TooLong(self.chars)
            }
            Err(e) => e,
        };
        not_a_word(&word, &error)
    }
}

fn not_a_word(word: &str, e: &FoldError) -> Verdict {
    Verdict {
        word: printable(word.trim()),
        allowed: false,
        reason: e.to_string(),
        code: "not-a-word".into(),
        at: None,
    }
}

/// What one chunk of lines came to.
#[derive(Default)]
struct Chunk {
    barred: u64,
    verdicts: u64,
    /// The verdicts as printed: lines, or JSON objects each after ",\n".
    text: Vec<u8>,
}

impl Chunk {
    fn add(&mut self, verdict: Verdict, mode: Mode) {
        self.barred += u64::from(!verdict.allowed);
        self.verdicts += 1;
        match mode {
            Mode::Quiet => {}
            Mode::Json => {
                self.text.extend_from_slice(b",\n");
                let mut object = Vec::new();
                let formatter = serde_json::ser::PrettyFormatter::with_indent(b"  ");
                let mut ser = serde_json::Serializer::with_formatter(&mut object, formatter);
                if verdict.serialize(&mut ser).is_ok() {
                    // Indented one level, as an element of the array.
                    for (i, line) in object.split(|b| *b == b'\n').enumerate() {
                        if i > 0 {
                            self.text.push(b'\n');
                        }
                        self.text.extend_from_slice(b"  ");
                        self.text.extend_from_slice(line);
                    }
                }
            }
            Mode::Lines => {
                let verb = if verdict.allowed {
                    "allowed"
                } else {
                    "not allowed"
                };
                let _ = writeln!(self.text, "{}\t{verb}\t{}", verdict.word, verdict.reason);
            }
        }
    }
}

/// Splits `block` at line ends into one chunk per thread and judges them side by side;
/// the results come back in input order.
fn judge_block(
    lex: &Lexicon,
    rules: &Rules,
    block: &[u8],
    mode: Mode,
    threads: usize,
) -> Vec<Chunk> {
    if threads <= 1 || block.len() < 64 * 1024 {
        return vec![judge_lines(lex, rules, block, mode)];
    }
    let mut parts = Vec::with_capacity(threads);
    let mut rest = block;
    for i in (1..=threads).rev() {
        let target = rest.len() / i;
        let cut = rest[target..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(rest.len(), |p| target + p + 1);
        let (head, tail) = rest.split_at(cut);
        parts.push(head);
        rest = tail;
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .iter()
            .map(|part| scope.spawn(move || judge_lines(lex, rules, part, mode)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

fn judge_lines(lex: &Lexicon, rules: &Rules, lines: &[u8], mode: Mode) -> Chunk {
    let mut chunk = Chunk::default();
    let mut key = String::with_capacity(MAX_KEY_LEN);
    for line in lines.split(|b| *b == b'\n') {
        let bytes = line.trim_ascii();
        if bytes.is_empty() {
            continue;
        }
        if mode == Mode::Quiet {
            // Invalid UTF-8 cannot be a word: counted as not allowed. A plain word takes
            // fold_into's own fast path.
            let allowed = std::str::from_utf8(bytes)
                .is_ok_and(|w| fold_into(w, &mut key).is_ok() && allows(lex, rules, &key));
            chunk.barred += u64::from(!allowed);
            continue;
        }
        let word = String::from_utf8_lossy(bytes);
        let verdict = judge(lex, rules, &word).unwrap_or_else(|e| not_a_word(&word, &e));
        chunk.add(verdict, mode);
    }
    chunk
}
