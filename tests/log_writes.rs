//! Torn writes: a log cut at every byte offset of its last line, and logs with garbage
//! appended, must open with every whole event kept, the damage reported and kept
//! aside, and the next write placed right after the last good event.

use crate::common;
use crate::common::Typed;

use std::path::Path;

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
