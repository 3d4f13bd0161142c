//! `umpire check`: the word judge from the shell.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

use super::{CommandError, Outcome, open_lexicon};
use crate::cli::CheckArgs;
use crate::lexicon::{Lexicon, Rules, Verdict, decide, fold::fold_into, judge};
use crate::table;

pub fn run(dict: Option<&Path>, args: &CheckArgs) -> Result<Outcome, CommandError> {
    let rules = args.rules.to_rules().map_err(CommandError::usage)?;
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

/// A word as it may appear in an error line: shortened, so a 10 KB paste does not
/// flood the terminal.
pub(crate) fn printable(word: &str) -> String {
    const SHOWN: usize = 24;
    if word.chars().count() <= SHOWN {
        format!("{word:?}")
    } else {
        let head: String = word.chars().take(SHOWN).collect();
        format!("{head:?}...")
    }
}

/// One word a line from stdin. Reuses one line buffer and one key buffer, so the cost
/// per word is the fst look-up; a line that is not a word counts as not allowed.
fn batch(lex: &Lexicon, rules: &Rules, quiet: bool, json: bool) -> Result<Outcome, CommandError> {
    let stdin = io::stdin();
    let mut input = io::BufReader::with_capacity(1 << 16, stdin.lock());
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut line = Vec::with_capacity(64);
    let mut key = String::with_capacity(64);
    let mut barred: u64 = 0;
    let mut verdicts: Vec<Verdict> = Vec::new();
    let io_err = |e: io::Error| CommandError::usage(format!("reading standard input: {e}"));
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).map_err(io_err)? == 0 {
            break;
        }
        let word = String::from_utf8_lossy(trim_line(&line));
        if word.trim().is_empty() {
            continue;
        }
        let word = word.trim();
        if quiet {
            let allowed = fold_into(word, &mut key).is_ok() && decide(lex, rules, &key).allowed();
            barred += u64::from(!allowed);
            continue;
        }
        let verdict = match judge(lex, rules, word) {
            Ok(v) => v,
            Err(e) => Verdict {
                word: printable(word),
                allowed: false,
                reason: e.to_string(),
                code: "not-a-word".into(),
            },
        };
        barred += u64::from(!verdict.allowed);
        if json {
            verdicts.push(verdict);
        } else {
            let verb = if verdict.allowed {
                "allowed"
            } else {
                "not allowed"
            };
            writeln!(out, "{}\t{verb}\t{}", verdict.word, verdict.reason)
                .map_err(|e| CommandError::usage(format!("writing output: {e}")))?;
        }
    }
    let write_err = |e: io::Error| CommandError::usage(format!("writing output: {e}"));
    if quiet {
        writeln!(out, "{barred}").map_err(write_err)?;
    } else if json {
        serde_json::to_writer_pretty(&mut out, &verdicts)
            .map_err(|e| CommandError::usage(e.to_string()))?;
        writeln!(out).map_err(write_err)?;
    }
    out.flush().map_err(write_err)?;
    Ok(outcome(barred == 0))
}

fn trim_line(line: &[u8]) -> &[u8] {
    let mut l = line;
    while let [rest @ .., b'\n' | b'\r'] = l {
        l = rest;
    }
    l
}
