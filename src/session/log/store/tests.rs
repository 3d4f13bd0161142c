//! The store's own tests: lines read in order, damage set aside, a log written,
//! locked and cut back.

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
fn a_phone_s_line_id_is_written_beside_by_and_read_back_and_an_entry_without_one_reads_as_before() {
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
