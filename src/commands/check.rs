//! `umpire check`: the word judge from the shell.

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use super::{CommandError, Outcome, open_lexicon};
use crate::cli::CheckArgs;
use crate::lexicon::{Lexicon, Rules, Verdict, allows, fold::fold_into, judge};
use crate::render::{self as table, printable};

pub fn run(dict: Option<&Path>, args: &CheckArgs) -> Result<Outcome, CommandError> {
    let rules = args
        .rules
        .to_rules(crate::lexicon::RuleSet::TakeTwo)
        .map_err(CommandError::usage)?;
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
    println!("{out}");
    Ok(outcome(verdicts.iter().all(|v| v.allowed)))
}

fn outcome(all_allowed: bool) -> Outcome {
    if all_allowed {
        Outcome::Yes
    } else {
        Outcome::No
    }
}

/// What `--stdin` prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only the count of words not allowed.
    Quiet,
    /// `WORD<TAB>allowed|not allowed<TAB>reason`, one line a word.
    Lines,
    /// One JSON array of verdicts.
    Json,
}

/// Bytes of input judged at a time; each block is shared among the cores.
const BLOCK: usize = 4 << 20;

/// One word a line from stdin. Input is read in large blocks, each split at line ends
/// among the machine's cores; within a chunk one key buffer serves every word, so the
/// cost per word is the fst look-up. A line that is not a word counts as not allowed.
fn batch(lex: &Lexicon, rules: &Rules, quiet: bool, json: bool) -> Result<Outcome, CommandError> {
    let mode = match (quiet, json) {
        (true, _) => Mode::Quiet,
        (false, true) => Mode::Json,
        (false, false) => Mode::Lines,
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let read_err = |e: io::Error| CommandError::usage(format!("reading standard input: {e}"));
    let write_err = |e: io::Error| CommandError::usage(format!("writing output: {e}"));

    let mut barred: u64 = 0;
    let mut verdicts: Vec<Verdict> = Vec::new();
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK + 4096);
    let mut eof = false;
    while !eof {
        // Fill the block; keep any partial last line for the next one.
        while buf.len() < BLOCK {
            let start = buf.len();
            buf.resize(start + (BLOCK - start).max(4096), 0);
            let n = input.read(&mut buf[start..]).map_err(read_err)?;
            buf.truncate(start + n);
            if n == 0 {
                eof = true;
                break;
            }
        }
        let cut = if eof {
            buf.len()
        } else {
            buf.iter()
                .rposition(|b| *b == b'\n')
                .map_or(buf.len(), |i| i + 1)
        };
        let results = judge_block(lex, rules, &buf[..cut], mode, threads);
        for r in results {
            barred += r.barred;
            out.write_all(&r.text).map_err(write_err)?;
            verdicts.extend(r.verdicts);
        }
        buf.drain(..cut);
    }
    match mode {
        Mode::Quiet => writeln!(out, "{barred}").map_err(write_err)?,
        Mode::Json => {
            serde_json::to_writer_pretty(&mut out, &verdicts)
                .map_err(|e| CommandError::usage(e.to_string()))?;
            writeln!(out).map_err(write_err)?;
        }
        Mode::Lines => {}
    }
    out.flush().map_err(write_err)?;
    Ok(outcome(barred == 0))
}

/// What one chunk of lines came to.
#[derive(Default)]
struct Chunk {
    barred: u64,
    text: Vec<u8>,
    verdicts: Vec<Verdict>,
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
    if parts.len() <= 1 || block.len() < 64 * 1024 {
        return vec![judge_lines(lex, rules, block, mode)];
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
    let mut key = String::with_capacity(64);
    for line in lines.split(|b| *b == b'\n') {
        let bytes = line.trim_ascii();
        if bytes.is_empty() {
            continue;
        }
        if mode == Mode::Quiet {
            // Invalid UTF-8 cannot be a word: counted as not allowed.
            let allowed = std::str::from_utf8(bytes)
                .is_ok_and(|w| fold_into(w, &mut key).is_ok() && allows(lex, rules, &key));
            chunk.barred += u64::from(!allowed);
            continue;
        }
        let word = String::from_utf8_lossy(bytes);
        let verdict = judge(lex, rules, &word).unwrap_or_else(|e| Verdict {
            word: printable(&word),
            allowed: false,
            reason: e.to_string(),
            code: "not-a-word".into(),
            at: None,
        });
        chunk.barred += u64::from(!verdict.allowed);
        if mode == Mode::Json {
            chunk.verdicts.push(verdict);
        } else {
            let verb = if verdict.allowed {
                "allowed"
            } else {
                "not allowed"
            };
            let _ = writeln!(chunk.text, "{}\t{verb}\t{}", verdict.word, verdict.reason);
        }
    }
    chunk
}
