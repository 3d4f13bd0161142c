//! Every write to a log lands whole or is said not to have. Torn writes: a log cut at
//! every byte offset of its last line, and logs with garbage appended, open with every
//! whole event kept, the damage reported and kept aside, and the next write placed right
//! after the last good event. Disk trouble: when the log cannot be written (a full disk,
//! a file size limit, a directory that cannot be used), the prompt says the entry was NOT
//! recorded, the session stays as it was, and nothing claims a success that was not
//! written; a full disk is simulated with RLIMIT_FSIZE, which makes writes past a size
//! fail (EFBIG) for any user, root included, on any filesystem. And one writer: a second
//! umpire on an open session is refused, and a log replaced while open is refused.

use crate::common;

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;

use common::Typed;
use common::{Table, pairs, started, totals};
use umpire::lexicon::Lexicon;
use umpire::session::store::Log;

/// A log with a few events, written by the real binary.
fn real_log() -> (common::Table, Vec<u8>) {
    let t = common::Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "s"],
        "out ann\nleft ben QZ\ncheck qi\nnote fine\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let log = t.log("s");
    (t, log)
}

fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' && i + 1 < bytes.len() {
            starts.push(i + 1);
        }
    }
    starts
}

/// Opens a log, waiting out a lock held for a moment by a child of another test: a
/// process forked by another thread holds copies of this process's files (the lock
/// among them) until it execs, which closes them.
fn open_retrying(
    path: &Path,
) -> Result<(Log, umpire::session::store::Contents), umpire::session::store::StoreError> {
    let mut tries = 0;
    loop {
        match Log::open(path) {
            Err(umpire::session::store::StoreError::Busy { .. }) if tries < 200 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

/// Opens `bytes` as a log in `dir`, appends one event, and checks the outcome.
fn open_and_append(dir: &Path, bytes: &[u8], whole_events: usize, good_len: usize) -> usize {
    let path = dir.join("cut.jsonl");
    let aside = dir.join("cut.jsonl.damaged");
    let _ = std::fs::remove_file(&aside);
    std::fs::write(&path, bytes).expect("write");
    let (mut log, contents) =
        open_retrying(&path).expect("a damaged tail never stops a log opening");
    assert_eq!(
        contents.entries.len(),
        whole_events,
        "every whole event kept"
    );
    let damaged = bytes.len() > good_len;
    if damaged {
        assert!(
            contents.damage.iter().any(|d| d.tail),
            "a cut is reported as a torn write"
        );
    }
    if damaged {
        let kept = std::fs::read(&aside).expect("the damaged tail is kept aside");
        let tail = &bytes[good_len..];
        let tail_line = tail.strip_suffix(b"\n").unwrap_or(tail);
        let first = tail_line.split(|b| *b == b'\n').next().unwrap_or(b"");
        assert!(
            kept.windows(first.len().max(1)).any(|w| w == first) || first.is_empty(),
            "the .damaged file holds the cut bytes"
        );
    }
    let entry = log
        .append(
            "2026-11-22T00:00:00Z",
            serde_json::json!({"type": "noted", "text": "after"}),
        )
        .expect("append");
    assert_eq!(
        entry.seq as usize,
        whole_events + 1,
        "numbering goes on from the last good event"
    );
    drop(log);
    let after = std::fs::read(&path).expect("read");
    assert_eq!(
        &after[..good_len],
        &bytes[..good_len],
        "good events untouched"
    );
    assert!(
        after[good_len..].starts_with(format!("{{\"seq\":{},", whole_events + 1).as_bytes()),
        "the next write follows the last good event"
    );
    contents.damage.len()
}

#[test]
fn a_log_cut_at_every_byte_of_its_last_line_keeps_every_whole_event() {
    let (t, log) = real_log();
    let starts = line_starts(&log);
    let last = *starts.last().expect("lines");
    let events = starts.len() - 1;
    let mut offsets = 0;
    for cut in last..=log.len() {
        let whole = if cut == log.len() { events } else { events - 1 };
        let good = if cut == log.len() { log.len() } else { last };
        open_and_append(t.dir(), &log[..cut], whole, good);
        offsets += 1;
    }
    eprintln!("{offsets} byte offsets of the last line tried");
    assert!(offsets > 40);
}

#[test]
#[ignore = "long run: a log cut at every one of its bytes (`cargo test -- --ignored`, which CI runs)"]
fn a_log_cut_anywhere_at_all_keeps_every_event_before_the_cut() {
    let (t, log) = real_log();
    let starts = line_starts(&log);
    let header_end = starts[1];
    eprintln!(
        "{} byte offsets of the whole log tried",
        log.len() - header_end + 1
    );
    for cut in header_end..=log.len() {
        // Whole lines before the cut, and where the last of them ends.
        let good = starts
            .iter()
            .copied()
            .filter(|s| *s <= cut)
            .max()
            .unwrap_or(header_end);
        let good = if cut == log.len() { log.len() } else { good };
        let whole = starts.iter().filter(|s| **s < good).count() - 1;
        open_and_append(t.dir(), &log[..cut], whole, good);
    }
}

#[test]
fn garbage_appended_is_reported_and_only_an_unfinished_line_is_cut() {
    let (t, log) = real_log();
    let events = line_starts(&log).len() - 1;
    let garbage: [&[u8]; 9] = [
        b"\n",
        b"\n\n\n",
        b"{}\n",
        b"not json at all\n",
        b"{\"seq\":1,\"at\":\"x\",\"event\":{}}\n",
        b"\x00\x00\x00\x00",
        b"\xff\xfe\xfd\n\xff",
        b"{\"seq\":99,\"at\":\"x\",\"ev",
        b"{\"seq\":99,\"at\":\"x\",\"event\":{\"type\":\"noted\",\"text\":\"x\"}}",
    ];
    for g in garbage {
        let mut bytes = log.clone();
        bytes.extend_from_slice(g);
        // Complete lines stay where they are; an unfinished last line is cut.
        let kept = match bytes.iter().rposition(|b| *b == b'\n') {
            Some(i) => i + 1,
            None => bytes.len(),
        };
        let damage = open_and_append(t.dir(), &bytes, events, kept);
        assert!(damage >= 1, "{g:?}");
    }
}

#[test]
fn the_binary_reports_the_damage_and_carries_on() {
    let (t, log) = real_log();
    let mut bytes = log.clone();
    bytes.extend_from_slice(b"{\"seq\":6,\"at\":\"2026");
    std::fs::write(t.log_path("s"), &bytes).expect("write");
    let run = t.run(&["resume", "s"], "out ann\n");
    run.says("warning: line 7");
    run.says("torn last write");
    run.says("recorded  ann out: 0");
    let after = t.log("s");
    assert!(after.starts_with(&log));
    assert!(after[log.len()..].starts_with(b"{\"seq\":6,"));
}

#[test]
fn an_event_that_no_longer_fits_is_reported_once_and_skipped() {
    use std::sync::Arc;
    use umpire::lexicon::Lexicon;
    let (t, mut log) = real_log();
    // A hand edit: a second Q in round 2's leftovers where the set has one... after a
    // first one; the second cannot fit.
    log.extend_from_slice(b"{\"seq\":6,\"at\":\"2026-11-22T00:00:00Z\",\"event\":{\"type\":\"left\",\"player\":\"ann\",\"tiles\":\"Q\"}}\n");
    log.extend_from_slice(b"{\"seq\":7,\"at\":\"2026-11-22T00:00:00Z\",\"event\":{\"type\":\"left\",\"player\":\"ben\",\"tiles\":\"Q\"}}\n");
    std::fs::write(t.log_path("s"), &log).expect("write");
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    let mut table = umpire::session::open_path(&t.log_path("s"), umpire::registry::with(lexicon))
        .expect("opens");
    assert_eq!(table.warnings().len(), 1, "{:?}", table.warnings());
    // Said "entry 7 no longer fits (the tile set has only 1 Q ...); skipped".
    assert!(
        matches!(
            &table.warnings()[0],
            umpire::session::Warning::Skipped { seq: 7, why }
                if why.starts_with("the tile set has only 1 Q")
        ),
        "{:?}",
        table.warnings()
    );
    let reply = table.typed("undo", "", None);
    assert!(
        crate::common::undid(&reply.text, "ann left Q: 10"),
        "{}",
        reply.text
    );
    // The skipped entry fits once ann's is gone: it counts again, and is said to.
    assert!(
        reply
            .text
            .contains("entry 7 fits again now and counts: ben left Q: 10"),
        "{}",
        reply.text
    );
    assert_eq!(
        table.warnings().len(),
        1,
        "reported once: {:?}",
        table.warnings()
    );
}

#[test]
fn a_torn_last_line_is_set_aside_and_every_earlier_event_kept() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "torn"],
        "out alice\nleft bob Q\n",
    );
    let good = t.log("torn");
    let mut torn = good.clone();
    torn.extend_from_slice(b"{\"seq\":3,\"at\":\"2026-01-01T00:00:00Z\",\"event\":{\"type\":\"en");
    std::fs::write(t.log_path("torn"), &torn).expect("write");
    let run = t.run(&["resume", "torn"], "end\n");
    run.says("torn last write");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let damaged = std::fs::read_to_string(t.sessions().join("torn.jsonl.damaged")).expect("kept");
    assert!(
        damaged.contains("{\"seq\":3,\"at\":\"2026-01-01T00:00:00Z\",\"event\":{\"type\":\"en")
    );
    // The next write went right after the last good event.
    let log = t.log("torn");
    assert!(log.starts_with(&good));
    let tail = String::from_utf8(log[good.len()..].to_vec()).expect("utf-8");
    assert!(tail.starts_with("{\"seq\":3,"), "{tail}");
    assert_eq!(t.json("torn")["rounds"].as_array().map(Vec::len), Some(1));
}

/// Runs `args` with `script`, unable to grow any file past `limit` bytes.
fn run_limited(t: &Table, limit: u64, args: &[&str], script: &str) -> common::Run {
    let mut cmd = t.command();
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: between fork and exec only async-signal-safe calls: setrlimit, signal.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The default disposition, which kills a process that writes past the
            // limit: the binary must ignore SIGXFSZ itself for these tests to pass.
            libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("spawns");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(script.as_bytes());
    }
    let out = child.wait_with_output().expect("runs");
    common::Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

#[test]
fn a_full_disk_refuses_each_entry_and_leaves_the_log_whole() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "--name", "full"],
        "out ann\n",
    );
    let before = t.log("full");
    // Room for a few bytes: each new line starts to be written and is cut short.
    let run = run_limited(
        &t,
        before.len() as u64 + 10,
        &["resume", "full"],
        "left ben QZ\ncheck qi\nnote x\nrename ann anna\nundo\nscore\n",
    );
    assert!(
        !run.stdout.contains("recorded  "),
        "nothing claims success: {}",
        run.stdout
    );
    let refusals = run.refusals();
    assert_eq!(refusals.len(), 5, "{}", run.stdout);
    for r in &refusals {
        assert!(r.contains("could not be written"), "{r}");
    }
    assert_eq!(run.code, Some(1));
    // The half-written lines were cut off again: the log is exactly as before.
    assert_eq!(t.log("full"), before);
    // In memory nothing changed either: the score still shows ben with no entry.
    run.says("│ ben    ┆  ·");
    // With room again, the same session goes on from where it was.
    let ok = t.run(&["resume", "full"], "left ben QZ\n");
    ok.says("recorded  ben left Q Z: 20");
    assert!(!ok.stdout.contains("warning"), "{}", ok.stdout);
}

#[test]
fn a_session_that_cannot_be_created_leaves_nothing_behind() {
    let t = Table::new();
    std::fs::create_dir_all(t.sessions()).expect("dir");
    let run = run_limited(
        &t,
        0,
        &["new", "take-two", "ann", "ben", "--name", "nope"],
        "out ann\n",
    );
    assert_eq!(run.code, Some(2), "{} {}", run.stdout, run.stderr);
    assert!(run.stderr.contains("nope.jsonl"), "{}", run.stderr);
    assert!(!run.stdout.contains("recorded"), "{}", run.stdout);
    assert!(
        !t.log_path("nope").exists(),
        "no half-made session left behind"
    );
}

#[test]
fn a_sessions_directory_that_cannot_be_used_is_named() {
    let t = Table::new();
    let file = t.dir().join("not-a-dir");
    std::fs::write(&file, "x").expect("write");
    let run = std::process::Command::new(common::bin())
        .arg("--sessions")
        .arg(file.join("sessions"))
        .args(["new", "take-two", "ann", "ben"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("cannot use sessions directory"), "{err}");
}

#[test]
fn a_second_writer_is_refused_and_the_first_goes_on() {
    use std::io::Write;
    use std::process::Stdio;
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "busy"],
        "out alice\n",
    );
    let mut first = t
        .command()
        .args(["resume", "busy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("first starts");
    let mut stdin = first.stdin.take().expect("stdin");
    // The first prints its banner once it holds the lock.
    let mut reader = std::io::BufReader::new(first.stdout.take().expect("stdout"));
    let mut banner = String::new();
    std::io::BufRead::read_line(&mut reader, &mut banner).expect("banner");
    assert!(banner.starts_with("take-two \"busy\""), "{banner}");
    let second = t.run(&["resume", "busy"], "left bob Q\n");
    assert_eq!(second.code, Some(2), "{} {}", second.stdout, second.stderr);
    assert!(
        second.stderr.contains("open in another umpire"),
        "{}",
        second.stderr
    );
    stdin
        .write_all(b"left bob QZ\nend\n")
        .expect("first still reads");
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut reader, &mut rest).expect("first's output");
    assert!(rest.contains("recorded  round 1 closed"), "{rest}");
    assert!(first.wait().expect("first ends").success());
    let v = t.json("busy");
    assert_eq!(totals(&v), pairs(&[("alice", 0), ("bob", 20)]));
}

#[test]
fn a_log_replaced_while_open_is_refused_and_nothing_unsaved_is_acknowledged() {
    let t = Table::new();
    started(&t, "r", "");
    let path = t.log_path("r");
    let mut session = umpire::session::open_path(
        &path,
        umpire::registry::with(Arc::new(Lexicon::embedded().expect("dictionary"))),
    )
    .expect("opens");
    assert!(!session.typed("out", "ann", None).refused);
    // An editor saves its copy by rename.
    let copy = t.dir().join("copy.jsonl");
    std::fs::copy(&path, &copy).expect("copy");
    std::fs::rename(&copy, &path).expect("rename");
    let reply = session.typed("left", "ben QZ", None);
    assert!(reply.refused, "{}", reply.text);
    assert!(
        reply.text.contains("was replaced or removed"),
        "{}",
        reply.text
    );
    assert!(!reply.text.contains("recorded  "), "{}", reply.text);
}
