//! Every transcript in README.md and GUIDE.md, replayed against the real binary and
//! compared line by line, so the docs cannot drift from what umpire says.
//!
//! What counts as a transcript is mechanical: a fenced block tagged `console`. Any other
//! fenced block that holds a `$ ` line or a prompt line fails the test, so nothing that
//! looks like a transcript escapes it; a file's format or a list of commands with no
//! replies is tagged `text` or `sh`.
//!
//! Inside a transcript:
//! - `$ umpire ARGS` runs the binary (ARGS split at spaces, `'...'` and `"..."` quote;
//!   no shell, so `<`, `|`, `>` and `;` are refused) in a fresh sessions directory of the
//!   block's own (`--sessions DIR`, `NO_COLOR=1`, run from that directory): what a pipe
//!   gets, no colour and no wrapping, and the prompt in script mode.
//! - The lines after it, up to the next `$ ` line or the block's end, are what it prints:
//!   standard output, then standard error. They are compared exactly, every line, but
//!   for spaces at a line's end (Markdown cannot show them; the echo of an empty grid
//!   row ends in one). No wildcard, no elision: a reply left out fails.
//! - What is typed is read off those lines: a prompt line (`take-two friday r1> out
//!   alice`: the game, the session, the round, hand or turn, then `> `; or `umpire> `)
//!   types its text after `> `, and a grid row echoed under it (`  | DONT`) types `DONT`.
//!   They reach the binary's standard input one a line; script mode echoes each after its
//!   prompt, so the echo is compared like any reply.
//! - `$ echo $?` prints the exit status of the command before it: a status is checked
//!   where a transcript shows it.
//! - A block that opens on a prompt line carries on the session of the `console` block
//!   before it in the same file: its lines are typed into the same process after that
//!   block's, and compared with what the process prints next.
//!
//! No output is normalised: no transcript shows a clock's time or a temporary path. One
//! that must (`history`, `sessions`) needs a placeholder named and documented here.
//!
//! `UMPIRE_BLESS=1 cargo test --test integration transcripts::` rewrites the replies of
//! every transcript that no longer matches with what the binary says now (the commands
//! and the lines typed stay as written; the prompts and the replies are the binary's),
//! then checks them again; read the diff before committing it.

use std::path::Path;
use std::process::Stdio;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::Table;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One line of a doc, numbered from 1 as an editor numbers it.
#[derive(Clone, Debug)]
struct Line {
    no: usize,
    text: String,
}

/// A fenced block: where its body lies in the file and how far it is indented (a block
/// inside a list item).
#[derive(Debug)]
struct Block {
    /// The body's first and one-past-last line, 0-based.
    body: (usize, usize),
    indent: usize,
}

/// The lines of one command's output that one block shows.
#[derive(Debug)]
struct Part {
    block: usize,
    lines: Vec<Line>,
}

#[derive(Debug)]
enum Does {
    Umpire(Vec<String>),
    Status,
}

/// One `$` line and what it printed, possibly over several blocks (a session carried on).
#[derive(Debug)]
struct Command {
    head: Line,
    does: Does,
    parts: Vec<Part>,
}

/// Commands that run one after the other in one sessions directory: a block and the blocks
/// that carry on its session.
#[derive(Debug, Default)]
struct Chain {
    steps: Vec<Command>,
}

/// A doc read for its transcripts.
#[derive(Debug)]
struct Doc {
    name: String,
    lines: Vec<String>,
    blocks: Vec<Block>,
    chains: Vec<Chain>,
}

/// The text typed on a prompt line (`take-two friday r1> out alice` gives `out alice`),
/// or `None` when the line is no prompt. A prompt is `umpire` alone, or the game (or a
/// score pad's one-word title), the session's name and the round, hand or turn (`r1`,
/// `h2`, `t7`, `over`); a room's director's is the room alone, or `ROOM/TABLE`, the
/// game and the round.
fn typed(line: &str) -> Option<&str> {
    let line = line.trim_end();
    let (prompt, text) = match line.split_once("> ") {
        Some(split) => split,
        None => (line.strip_suffix('>')?, ""),
    };
    let words: Vec<&str> = prompt.split(' ').collect();
    // The game as `new` takes it, or a score pad's one-word `--title` (`Hearts`).
    let game = |w: &str| {
        !w.is_empty()
            && w.starts_with(|c: char| c.is_ascii_alphabetic())
            && w.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
    };
    let label = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    };
    // A room's director: the room alone (`club> `), or the room and the table typed
    // into (`club/t1 take-two r1> `).
    let plain = |w: &str| {
        !w.is_empty()
            && w.starts_with(|c: char| c.is_ascii_alphanumeric())
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    let room_table = |w: &str| w.split_once('/').is_some_and(|(r, t)| plain(r) && plain(t));
    let is_prompt = match words.as_slice() {
        ["umpire"] => true,
        [room] => plain(room) && !line.starts_with(' '),
        [rt, g, l] if room_table(rt) => game(g) && label(l),
        [g, name, l] => game(g) && !name.is_empty() && label(l),
        _ => false,
    };
    is_prompt.then_some(text)
}

/// A grid row as script mode echoes it (`  | DONT`), typed as `DONT`.
fn row(line: &str) -> Option<&str> {
    let line = line.trim_end();
    if line == "  |" {
        Some("")
    } else {
        line.strip_prefix("  | ")
    }
}

/// The lines typed into a command, read off the lines it shows, with the index of each
/// line that typed one.
fn inputs<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<(usize, String)> {
    let mut typed_here = Vec::new();
    let mut rows = false;
    for (i, line) in lines.into_iter().enumerate() {
        if let Some(text) = typed(line) {
            typed_here.push((i, text.to_string()));
            rows = true;
        } else if let Some(text) = row(line).filter(|_| rows) {
            typed_here.push((i, text.to_string()));
        } else {
            rows = false;
        }
    }
    typed_here
}

/// A `$` line's words, split as a shell would split plain words and quotes.
fn words(command: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, '<' | '>' | '|' | ';' | '&' | '`' | '*') => {
                return Err(format!("`{c}` needs a shell, which transcripts do not run"));
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("a quote is not closed".into());
    }
    if in_word {
        out.push(word);
    }
    Ok(out)
}

/// Reads `text` for its transcripts; every problem found is one line naming where.
fn parse(name: &str, text: &str) -> Result<Doc, Vec<String>> {
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut problems = Vec::new();
    let mut doc = Doc {
        name: name.to_string(),
        lines: Vec::new(),
        blocks: Vec::new(),
        chains: Vec::new(),
    };
    let mut i = 0;
    while i < lines.len() {
        let open = &lines[i];
        let indent = open.len() - open.trim_start().len();
        let Some(info) = open.trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].trim_start().starts_with("```") {
            end += 1;
        }
        if end == lines.len() {
            problems.push(format!("{name}:{}: a fenced block is not closed", i + 1));
        }
        let body: Vec<Line> = (start..end)
            .map(|k| Line {
                no: k + 1,
                text: lines[k]
                    .get(indent..)
                    .unwrap_or(lines[k].trim_start())
                    .to_string(),
            })
            .collect();
        i = end + 1;
        if info.trim() != "console" {
            if let Some(l) = body
                .iter()
                .find(|l| l.text.starts_with("$ ") || typed(&l.text).is_some())
            {
                problems.push(format!(
                    "{name}:{}: `{}` looks like a transcript in a block tagged {:?}: tag it `console` so it is checked",
                    l.no,
                    l.text,
                    info.trim()
                ));
            }
            continue;
        }
        let block = doc.blocks.len();
        doc.blocks.push(Block {
            body: (start, end),
            indent,
        });
        let Some(first) = body.first() else {
            problems.push(format!("{name}:{}: an empty transcript", start));
            continue;
        };
        if !first.text.starts_with("$ ") {
            if typed(&first.text).is_none() {
                problems.push(format!(
                    "{name}:{}: a transcript opens on `$ umpire ...`, or on a prompt line to carry on the session before it",
                    first.no
                ));
                continue;
            }
            let Some(step) = doc.chains.last_mut().and_then(|c| c.steps.last_mut()) else {
                problems.push(format!(
                    "{name}:{}: this block carries on a session, but no transcript comes before it",
                    first.no
                ));
                continue;
            };
            if matches!(step.does, Does::Status) {
                problems.push(format!(
                    "{name}:{}: this block carries on the block before it, which ends on `$ echo $?`",
                    first.no
                ));
                continue;
            }
            step.parts.push(Part {
                block,
                lines: Vec::new(),
            });
        } else {
            doc.chains.push(Chain::default());
        }
        let chain = doc.chains.last_mut().expect("a chain");
        for line in body {
            if let Some(command) = line.text.strip_prefix("$ ") {
                let does = if command.trim() == "echo $?" {
                    if chain.steps.is_empty() {
                        problems.push(format!(
                            "{name}:{}: `$ echo $?` with no command before it",
                            line.no
                        ));
                    }
                    Does::Status
                } else {
                    match words(command) {
                        Ok(w) if w.first().is_some_and(|p| p == "umpire") => {
                            Does::Umpire(w[1..].to_vec())
                        }
                        Ok(_) => {
                            problems.push(format!(
                                "{name}:{}: `{}`: a transcript runs `umpire` and `echo $?` only",
                                line.no, line.text
                            ));
                            Does::Status
                        }
                        Err(e) => {
                            problems.push(format!("{name}:{}: {e}", line.no));
                            Does::Status
                        }
                    }
                };
                chain.steps.push(Command {
                    head: line,
                    does,
                    parts: vec![Part {
                        block,
                        lines: Vec::new(),
                    }],
                });
            } else {
                let step = chain
                    .steps
                    .last_mut()
                    .expect("a step: the block opened on one");
                step.parts.last_mut().expect("a part").lines.push(line);
            }
        }
    }
    doc.lines = lines;
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems)
    }
}

/// What a step printed, as lines (standard output, then standard error), and its status.
struct Ran {
    lines: Vec<String>,
    code: Option<i32>,
}

fn run_step(table: &Table, step: &Command, last: Option<i32>) -> Ran {
    match &step.does {
        Does::Status => Ran {
            lines: vec![last.map_or("(killed)".to_string(), |c| c.to_string())],
            code: last,
        },
        Does::Umpire(args) => {
            let input: String = step
                .parts
                .iter()
                .flat_map(|p| inputs(p.lines.iter().map(|l| l.text.as_str())))
                .map(|(_, t)| t + "\n")
                .collect();
            let mut command = table.command();
            command
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let mut child = command.spawn().expect("the binary starts");
            let mut stdin = child.stdin.take().expect("stdin");
            let writer = std::thread::spawn(move || {
                use std::io::Write;
                let _ = stdin.write_all(input.as_bytes());
            });
            let out = child.wait_with_output().expect("the binary runs");
            let _ = writer.join();
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            Ran {
                lines: text.lines().map(str::to_string).collect(),
                code: out.status.code(),
            }
        }
    }
}

/// Where a step's output splits between the blocks it spans: for each part after the
/// first, the index in `got` where it begins (the echo of its first typed line), or
/// `None` when the binary echoed fewer lines than were typed.
fn splits(step: &Command, got: &[String]) -> Option<Vec<usize>> {
    let echoes = inputs(got.iter().map(String::as_str));
    let mut at = Vec::new();
    let mut typed_before = 0;
    for (j, part) in step.parts.iter().enumerate() {
        if j > 0 {
            at.push(echoes.get(typed_before)?.0);
        }
        typed_before += inputs(part.lines.iter().map(|l| l.text.as_str())).len();
    }
    Some(at)
}

/// Runs every transcript of `doc`: a failure is a message naming the doc's line; with
/// `bless`, the replies of each failing chain are returned as new block bodies instead.
fn check(doc: &Doc, bless: bool) -> (Vec<String>, Vec<(usize, Vec<String>)>) {
    let failures = Mutex::new(Vec::new());
    let blessed = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(chain) = doc.chains.get(k) else {
                        break;
                    };
                    let (fails, bodies) = check_chain(doc, chain, bless);
                    failures.lock().expect("failures").extend(fails);
                    blessed.lock().expect("blessed").extend(bodies);
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("failures");
    failures.sort();
    (failures, blessed.into_inner().expect("blessed"))
}

fn check_chain(doc: &Doc, chain: &Chain, bless: bool) -> (Vec<String>, Vec<(usize, Vec<String>)>) {
    let table = Table::new();
    let mut last = None;
    let mut failures = Vec::new();
    // For bless: each block's new body, built part by part.
    let mut bodies: Vec<(usize, Vec<String>)> = Vec::new();
    let mut stale = false;
    for step in &chain.steps {
        let ran = run_step(&table, step, last);
        if matches!(step.does, Does::Umpire(_)) {
            last = ran.code;
        }
        let want: Vec<&Line> = step.parts.iter().flat_map(|p| &p.lines).collect();
        let got = &ran.lines;
        let differs = want.len() != got.len()
            || want
                .iter()
                .zip(got)
                .any(|(w, g)| w.text.trim_end() != g.trim_end());
        if differs {
            stale = true;
            failures.push(difference(doc, step, &want, got));
        }
        // The new lines of each part, split at the echoes of typed lines; when they
        // cannot be found, the doc's own lines stay for a person to mend.
        let cuts = splits(step, got);
        let mut from = 0;
        for (j, part) in step.parts.iter().enumerate() {
            let body = match bodies.last_mut() {
                Some((b, body)) if *b == part.block => body,
                _ => {
                    bodies.push((part.block, Vec::new()));
                    &mut bodies.last_mut().expect("pushed").1
                }
            };
            if j == 0 {
                body.push(step.head.text.clone());
            }
            match &cuts {
                Some(cuts) => {
                    let to = cuts.get(j).copied().unwrap_or(got.len()).max(from);
                    body.extend(got[from..to].iter().cloned());
                    from = to;
                }
                None => body.extend(part.lines.iter().map(|l| l.text.clone())),
            }
        }
    }
    if bless && stale {
        (failures, bodies)
    } else {
        (failures, Vec::new())
    }
}

/// One failure: the `$` line, the first line that differs, and the whole of what the
/// binary printed, so a stale doc can be mended from the message.
fn difference(doc: &Doc, step: &Command, want: &[&Line], got: &[String]) -> String {
    let first = want
        .iter()
        .zip(got)
        .position(|(w, g)| w.text.trim_end() != g.trim_end())
        .unwrap_or(want.len().min(got.len()));
    let at = want.get(first).map_or_else(
        || format!("after line {}", want.last().map_or(step.head.no, |l| l.no)),
        |l| format!("at line {}", l.no),
    );
    let said = |o: Option<&str>| o.map_or("(nothing)".to_string(), |t| format!("`{t}`"));
    let mut out = format!(
        "{}:{}: `{}` differs {at}:\n  the doc:    {}\n  the binary: {}\n  the binary said, in full:\n",
        doc.name,
        step.head.no,
        step.head.text,
        said(want.get(first).map(|l| l.text.as_str())),
        said(got.get(first).map(String::as_str)),
    );
    for line in got {
        out.push_str("    ");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Writes the blessed bodies into the doc's file.
fn rewrite(path: &Path, doc: &Doc, mut bodies: Vec<(usize, Vec<String>)>) {
    let mut lines = doc.lines.clone();
    bodies.sort_by_key(|(b, _)| std::cmp::Reverse(*b));
    for (b, body) in bodies {
        let block = &doc.blocks[b];
        let pad = " ".repeat(block.indent);
        let body: Vec<String> = body
            .into_iter()
            .map(|l| {
                // Spaces at a line's end are not compared, and Markdown hides them.
                let l = l.trim_end();
                if l.is_empty() {
                    String::new()
                } else {
                    format!("{pad}{l}")
                }
            })
            .collect();
        lines.splice(block.body.0..block.body.1, body);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    std::fs::write(path, text).expect("the doc is written");
}

/// Checks the transcripts of one doc of the repository, or blesses them.
fn check_file(name: &str) -> Doc {
    let path = Path::new(ROOT).join(name);
    let text = std::fs::read_to_string(&path).expect("the doc reads");
    let doc = parse(name, &text).unwrap_or_else(|p| panic!("{}", p.join("\n")));
    let bless = std::env::var_os("UMPIRE_BLESS").is_some();
    let (mut failures, bodies) = check(&doc, bless);
    let mut doc = doc;
    if bless && !bodies.is_empty() {
        rewrite(&path, &doc, bodies);
        // Checked again as rewritten: what blessing could not mend still fails.
        let text = std::fs::read_to_string(&path).expect("the doc reads");
        doc = parse(name, &text).unwrap_or_else(|p| panic!("{}", p.join("\n")));
        failures = check(&doc, false).0;
    }
    assert!(
        failures.is_empty(),
        "{} transcript(s) of {name} no longer match the binary:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    doc
}

/// Fails unless `doc` has a transcript of a session of each registered game.
fn tours_every_game(doc: &Doc) {
    for game in umpire::registry::GAMES {
        let tour = format!("$ umpire new {} ", game.name);
        assert!(
            doc.chains
                .iter()
                .flat_map(|c| &c.steps)
                .any(|s| s.head.text.starts_with(&tour)),
            "{} has no transcript of a {} session (`{tour}...`)",
            doc.name,
            game.name
        );
    }
}

/// The README is a first page: it shows a few games, and its transcripts are held to the
/// binary like the guide's; the guide tours every game.
#[test]
fn every_transcript_in_the_readme_matches_the_binary() {
    check_file("README.md");
}

#[test]
fn every_transcript_in_the_guide_matches_the_binary() {
    tours_every_game(&check_file("GUIDE.md"));
}

/// The README is a first page: short, with the two set-up commands CI runs and the links
/// to the rest.
#[test]
fn the_readme_is_a_first_page() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README");
    let lines = text.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines, over 300");
    for link in [
        "(GUIDE.md)",
        "(ARCHITECTURE.md)",
        "(RELIABILITY.md)",
        "(dictionaries/README.md)",
    ] {
        assert!(text.contains(link), "README.md does not link {link}");
    }
    // The set-up is two commands, the prompt and the tests; .ci/run runs exactly that
    // test command, and the long run the README names beside it.
    assert!(
        text.contains("\ncargo run    # the scorekeeper's prompt"),
        "the set-up's `cargo run` line"
    );
    assert!(
        text.contains("\ncargo test   # the tests\n```"),
        "the set-up's `cargo test` line, the last of the two"
    );
    assert!(
        text.contains("`cargo test -- --ignored`;\nCI runs it"),
        "the long run named beside the set-up"
    );
    let ci = std::fs::read_to_string(Path::new(ROOT).join(".ci/run")).expect(".ci/run");
    for command in ["cargo test", "cargo test -- --ignored"] {
        assert!(ci.lines().any(|l| l == command), ".ci/run runs `{command}`");
    }
}

/// Every test left out of a plain `cargo test` is in the long run the README names and
/// CI runs (`cargo test -- --ignored`), and says why it is long: nothing is ignored
/// for any other reason, so nothing is left unrun.
#[test]
fn every_ignored_test_is_in_the_long_run_and_says_why() {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("reads") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&Path::new(ROOT).join("src"), &mut files);
    walk(&Path::new(ROOT).join("tests"), &mut files);
    let mut long = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source");
        for (no, line) in text.lines().enumerate() {
            let line = line.trim_start();
            if !line.starts_with("#[ignore") {
                continue;
            }
            assert!(
                line.starts_with("#[ignore = \"long run: ")
                    && line.ends_with("(`cargo test -- --ignored`, which CI runs)\"]"),
                "{}:{}: an ignored test is in the long run and says why: {line}",
                file.display(),
                no + 1
            );
            long += 1;
        }
    }
    assert!(
        long > 0,
        "the long run holds the tests that are slow at every commit"
    );
}

/// A heading's anchor as GitHub makes it: lowercase, spaces to hyphens, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// Every link from README.md and GUIDE.md to a file of the repository or a heading
/// finds it.
#[test]
fn the_docs_links_reach_their_files_and_headings() {
    let mut broken = Vec::new();
    for name in ["README.md", "GUIDE.md"] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(name)).expect("doc");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if target.contains("://") || target.contains(' ') {
                continue;
            }
            let (file, heading) = target.split_once('#').unwrap_or((target, ""));
            let file = if file.is_empty() { name } else { file };
            let Ok(linked) = std::fs::read_to_string(Path::new(ROOT).join(file)) else {
                if !Path::new(ROOT).join(file).exists() {
                    broken.push(format!("{name}: {target}: no file {file}"));
                }
                continue;
            };
            if !heading.is_empty() && !anchors(&linked).iter().any(|a| a == heading) {
                broken.push(format!("{name}: {target}: no such heading in {file}"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

// The harness itself: it passes a transcript the binary bears out, and fails the ones it
// does not, wherever they go wrong. The transcripts it is tried on are written by the
// binary first (a session's commands, blessed), so these tests hold whatever the replies
// come to say; each then spoils one line and expects to be told which.

fn replay(text: &str) -> Result<(), Vec<String>> {
    let doc = parse("test.md", text)?;
    let (failures, _) = check(&doc, false);
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}

/// `doc` with every reply written in by the binary.
fn blessed(doc: &str) -> String {
    let table = Table::new();
    let path = table.dir().join("doc.md");
    std::fs::write(&path, doc).expect("writes");
    let parsed = parse("doc.md", doc).expect("parses");
    let (_, bodies) = check(&parsed, true);
    rewrite(&path, &parsed, bodies);
    std::fs::read_to_string(&path).expect("reads")
}

/// A Take Two session's commands, its replies still to be written.
const SESSION: &str = "```console
$ umpire new take-two ann ben --name t
take-two t r1> out ann
take-two t r1> left ben QZ
```
";

/// A one-shot command and its exit status, the replies still to be written.
const ONE_SHOT: &str = "```console
$ umpire take-word CAT CATS
$ echo $?
```
";

/// The 1-based line of `doc` that follows the first line starting with `start`.
fn line_after(doc: &str, start: &str) -> usize {
    doc.lines()
        .position(|l| l.starts_with(start))
        .expect("the line")
        + 2
}

fn spoil(doc: &str, line: usize, with: &str) -> String {
    doc.lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                format!("{with}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn a_transcript_the_binary_bears_out_passes() {
    let session = blessed(SESSION);
    assert_eq!(replay(&session), Ok(()));
    // The lines typed were replayed, and answered: ben's Q and Z are worth 20.
    let reply = session
        .lines()
        .nth(line_after(&session, "take-two t r1> left") - 1);
    assert!(reply.is_some_and(|r| r.contains("20")), "{session}");
    let one_shot = blessed(ONE_SHOT);
    assert_eq!(replay(&one_shot), Ok(()));
    assert!(one_shot.ends_with("$ echo $?\n1\n```\n"), "{one_shot}");
}

#[test]
fn a_wrong_reply_fails_naming_its_line() {
    let session = blessed(SESSION);
    let at = line_after(&session, "take-two t r1> left");
    let right = session.lines().nth(at - 1).expect("the reply").to_string();
    let failures = replay(&spoil(&session, at, &right.replace("20", "21"))).unwrap_err();
    assert_eq!(failures.len(), 1, "{failures:?}");
    let failure = &failures[0];
    assert!(
        failure.starts_with("test.md:2: `$ umpire new take-two"),
        "{failure}"
    );
    assert!(
        failure.contains(&format!("differs at line {at}")),
        "{failure}"
    );
    assert!(
        failure.contains(&format!("the binary: `{right}`")),
        "{failure}"
    );
}

#[test]
fn a_reply_left_out_or_added_fails() {
    let session = blessed(SESSION);
    // The line after the greeting, left out.
    let left_out: String = session
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != 3)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let failures = replay(&left_out).unwrap_err();
    assert!(failures[0].contains("differs at line 4"), "{failures:?}");
    let body = session.strip_suffix("```\n").expect("a block");
    let added = format!("{body}recorded  ben wins\n```\n");
    let failures = replay(&added).unwrap_err();
    assert!(
        failures[0].contains("the binary: (nothing)"),
        "{failures:?}"
    );
}

#[test]
fn a_wrong_exit_status_fails() {
    let one_shot = blessed(ONE_SHOT);
    let last = one_shot.lines().count() - 1;
    let failures = replay(&spoil(&one_shot, last, "0")).unwrap_err();
    assert!(failures[0].contains("the binary: `1`"), "{failures:?}");
}

#[test]
fn a_block_carries_on_the_session_before_it() {
    let session = blessed(SESSION);
    let (head, tail) = session.split_at(session.find("take-two t r1> left").expect("line"));
    let two = format!("{head}```\n\nben's turn:\n\n```console\n{tail}");
    assert_eq!(replay(&two), Ok(()));
    let at = line_after(&two, "take-two t r1> left");
    let failures = replay(&spoil(&two, at, "recorded  nothing")).unwrap_err();
    assert!(
        failures[0].contains(&format!("differs at line {at}")),
        "{failures:?}"
    );
}

#[test]
fn what_looks_like_a_transcript_must_be_tagged_console() {
    let untagged = SESSION.replacen("```console", "```", 1);
    let problems = parse("test.md", &untagged).unwrap_err();
    assert!(
        problems[0].starts_with("test.md:2: `$ umpire new"),
        "{problems:?}"
    );
    let prompt_only = "```text\ntake-two t r1> out ann\n```\n";
    assert!(parse("test.md", prompt_only).is_err());
    // A file's format, or commands with no replies, are no transcripts.
    assert!(
        parse(
            "test.md",
            "```text\n..TRAIL..\n```\n```sh\numpire new\n```\n"
        )
        .is_ok()
    );
}

#[test]
fn a_transcript_runs_umpire_and_nothing_else() {
    for bad in [
        "$ ls",
        "$ umpire new take-two a b < night.txt",
        "$ rm -rf x",
    ] {
        let doc = format!("```console\n{bad}\n```\n");
        assert!(parse("test.md", &doc).is_err(), "{bad}");
    }
    let orphan = "```console\ntake-two t r1> out ann\n```\n";
    assert!(parse("test.md", orphan).unwrap_err()[0].contains("no transcript comes before"));
}

#[test]
fn blessing_rewrites_a_stale_reply_and_keeps_what_is_typed() {
    // The session carried on in a block inside a list item, indented.
    let session = blessed(SESSION);
    let (head, tail) = session.split_at(session.find("take-two t r1> left").expect("line"));
    let indented: String = format!("```console\n{tail}")
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect();
    let fresh = format!("{head}```\n\n- then:\n\n{indented}");
    let at = line_after(&fresh, "  take-two t r1> left");
    let stale = spoil(&fresh, at, "  recorded  nothing");
    assert_eq!(blessed(&stale), fresh);
    assert_eq!(replay(&fresh), Ok(()));
}

#[test]
fn a_prompt_line_is_read_for_what_was_typed() {
    assert_eq!(typed("take-two friday r1> out alice"), Some("out alice"));
    assert_eq!(
        typed("take-rummy friday h12> held bob -"),
        Some("held bob -")
    );
    assert_eq!(typed("board-chips sunday over> score"), Some("score"));
    assert_eq!(typed("umpire> check qi"), Some("check qi"));
    assert_eq!(typed("take-two friday r1>"), Some(""));
    assert_eq!(typed("fixed #7: T of TRAIL -> R of TRAIL"), None);
    assert_eq!(typed("recorded  bob left Q Z X: 28"), None);
    assert_eq!(typed("A  alice  5C 6C 7C 8C     value  20"), None);
}

#[test]
fn a_heading_is_linked_by_githubs_anchor() {
    assert_eq!(anchor(" Keeping score: Take Two"), "keeping-score-take-two");
    assert_eq!(
        anchor(" Keeping score: Word Making & Word Taking"),
        "keeping-score-word-making--word-taking"
    );
    assert_eq!(
        anchor(" Charts, completions, help"),
        "charts-completions-help"
    );
}
