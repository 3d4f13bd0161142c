//! What people and tools do to logs and to umpire's output: exports aimed at a log,
//! hand-edited numbering, replaced, copied and renamed files, hostile headers, pipes
//! and devices named like logs, a closed or full standard output, escape sequences.
//! Each test here failed on the version before the log hardening.

use crate::common;
use crate::common::Typed;

use std::io::Write;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::Table;
use umpire::lexicon::Lexicon;

fn started(t: &Table, name: &str, script: &str) -> Vec<u8> {
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", name], script);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    t.log(name)
}

#[test]
fn an_export_aimed_at_a_session_log_is_refused_from_the_shell_and_the_prompt() {
    let t = Table::new();
    let before = started(&t, "t1", "out ann\n");
    let target = t.log_path("t1");
    let run = t.run(
        &[
            "export",
            "t1",
            "--format",
            "csv",
            "-o",
            &target.to_string_lossy(),
        ],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("never overwrites a log")
            || run.stderr.contains("would be a session log"),
        "{}",
        run.stderr
    );
    assert_eq!(t.log("t1"), before);
    let link = t.dir().join("night.csv");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let run = t.run(&["export", "t1", "-o", &link.to_string_lossy()], "");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("is the session log"), "{}", run.stderr);
    let run = t.run(
        &["resume", "t1"],
        &format!("export json {}\nleft ben A\n", target.display()),
    );
    assert_eq!(
        run.stdout
            .lines()
            .filter(|l| l.starts_with("not exported: "))
            .count(),
        1,
        "{}",
        run.stdout
    );
    let after = t.log("t1");
    assert!(after.starts_with(&before), "the log is only appended to");
    assert!(String::from_utf8_lossy(&after[before.len()..]).starts_with("{\"seq\":2,"));
    // Exports elsewhere take their format from the file name.
    let run = t.run(&["export", "t1", "-o", "evening.csv"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let csv = std::fs::read_to_string(t.dir().join("evening.csv")).expect("csv");
    assert!(csv.starts_with("round,ann,ben\n"), "{csv}");
}

#[test]
fn a_hand_typed_seq_cuts_no_good_event_and_the_numbering_never_wraps() {
    let t = Table::new();
    started(&t, "s", "out ann\nleft ben QZ\nend\nleft ann A\nout ben\n");
    let text = String::from_utf8(t.log("s")).expect("utf-8");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[3] = lines[3].replacen("\"seq\":3", "\"seq\":20", 1);
    std::fs::write(t.log_path("s"), lines.join("\n") + "\n").expect("edit");
    let run = t.run(&["resume", "s"], "end\n");
    run.says("warning: lines 5 to 6: seqs 4 to 5 come after seq 20; kept in file order");
    run.says("recorded  round 2 closed");
    let v = t.json("s");
    assert_eq!(v["totals"]["ben"], 20, "every event kept");
    assert_eq!(v["totals"]["ann"], 1);
    let last = String::from_utf8(t.log("s")).expect("utf-8");
    assert!(
        last.lines()
            .last()
            .is_some_and(|l| l.starts_with("{\"seq\":21,")),
        "{last}"
    );

    let mut lines: Vec<String> = last.lines().map(str::to_string).collect();
    let n = lines.len() - 1;
    lines[n] = lines[n].replacen("\"seq\":21", &format!("\"seq\":{}", u64::MAX), 1);
    let at_max = lines.join("\n") + "\n";
    std::fs::write(t.log_path("s"), &at_max).expect("edit");
    let run = t.run(&["resume", "s"], "note one more\n");
    assert_eq!(run.refusals().len(), 1, "{}", run.stdout);
    assert!(
        run.refusals()[0].contains("the highest a log can hold"),
        "{}",
        run.stdout
    );
    assert_eq!(t.log("s"), at_max.as_bytes(), "nothing wrapped to seq 0");
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

#[test]
fn a_copied_or_renamed_log_is_the_session_its_file_name_says() {
    let t = Table::new();
    let friday = started(&t, "friday", "out ann\n");
    std::fs::copy(t.log_path("friday"), t.log_path("saturday")).expect("cp");
    let run = t.run(&["resume", "saturday"], "left ben QZ\n");
    run.says("the log's header calls it \"friday\"; its file name, saturday, is its name");
    assert_eq!(t.log("friday"), friday, "friday is untouched");
    assert!(t.log("saturday").len() > friday.len());
    let list = t.run(&["sessions"], "");
    assert!(
        list.stdout.contains("│ friday ") && list.stdout.contains("│ saturday "),
        "{}",
        list.stdout
    );
    // After a move, a bare `umpire` resumes the moved session.
    std::fs::rename(t.log_path("saturday"), t.log_path("sunday")).expect("mv");
    std::fs::remove_file(t.log_path("friday")).expect("rm");
    let bare = t.run(&[], "score\n");
    bare.says("take-two sunday r1> score");
}

#[test]
fn a_temporary_file_left_by_a_crash_during_new_blocks_nothing() {
    let t = Table::new();
    std::fs::create_dir_all(t.sessions()).expect("dir");
    std::fs::write(t.sessions().join(".x.jsonl.new-4242"), b"").expect("stale");
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "x"],
        "out ann\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let list = t.run(&["sessions"], "");
    assert!(!list.stderr.contains("unreadable"), "{}", list.stderr);
}

#[test]
fn headers_are_checked_as_strictly_as_new_checks_its_flags() {
    let t = Table::new();
    let good = String::from_utf8(started(&t, "h", "")).expect("utf-8");
    let header = good.lines().next().expect("header").to_string();
    let cases = [
        (
            header.replacen("\"value\":10", "\"value\":4294967295", 1),
            "count and value must be at most",
        ),
        (
            header.replacen("[\"ann\",\"ben\"]", "[\"bob\",\"BOB\"]", 1),
            "there is already a player called BOB",
        ),
        (
            header.replacen("[\"ann\",\"ben\"]", "[\"ann\",\"\"]", 1),
            "is not a player name",
        ),
        (
            header.replacen("\"umpire\":1", "\"umpire\":9", 1),
            "newer than this umpire",
        ),
    ];
    for (bad, expect) in cases {
        assert_ne!(bad, header, "{expect}: the edit applies");
        std::fs::write(t.log_path("h"), format!("{bad}\n")).expect("write");
        let run = t.run(&["resume", "h"], "left ann QQ\n");
        assert_eq!(run.code, Some(2), "{expect}: {}", run.stdout);
        assert!(run.stderr.contains(expect), "{expect}: {}", run.stderr);
    }
    // A newer format can still be read and exported, just not written to.
    let newer = header.replacen("\"umpire\":1", "\"umpire\":9", 1);
    std::fs::write(t.log_path("h"), format!("{newer}\n")).expect("write");
    assert_eq!(t.json("h")["game"], "take-two");
}

/// Runs `args` and gives up after `secs` (a hang is a failure, not a stuck test).
fn run_within(t: &Table, args: &[&str], secs: u64) -> common::Run {
    let mut child = t
        .command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("waits").is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("{args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    common::Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code(),
    }
}

#[test]
fn pipes_and_devices_named_like_logs_or_files_are_refused_without_hanging() {
    let t = Table::new();
    started(&t, "ok", "out ann\n");
    let fifo = t.sessions().join("pipe.jsonl");
    let c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).expect("path");
    // SAFETY: mkfifo with a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    std::os::unix::fs::symlink("/dev/zero", t.sessions().join("zero.jsonl")).expect("symlink");
    let run = run_within(&t, &["sessions"], 20);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.says("│ ok ");
    assert!(
        run.stderr.contains("pipe: unreadable, skipped"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("zero: unreadable, skipped"),
        "{}",
        run.stderr
    );
    let run = run_within(&t, &["stats"], 20);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = run_within(&t, &["resume", "pipe"], 20);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);

    let run = t.run(&["resume", "ok"], "grid ann --file /dev/zero\n");
    assert!(
        run.refusals()[0].contains("not a regular file"),
        "{}",
        run.stdout
    );
    let run = t.run(&["new", "take-two", "a", "b", "--tiles", "/dev/zero"], "");
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
    let run = t.run(&["grid", "/dev/zero"], "");
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
}

#[test]
fn a_full_standard_output_is_one_line_and_exit_2_and_a_closed_pipe_ends_quietly() {
    let t = Table::new();
    started(&t, "o", "out ann\nleft ben QZ\nend\n");
    for args in [
        vec!["export", "o", "--format", "json"],
        vec!["sessions"],
        vec!["stats"],
        vec!["define", "dog"],
        vec!["check", "qi"],
        vec!["dict", "info"],
        vec!["run", "5C", "6C", "7C"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = t
            .command()
            .args(&args)
            .stdin(Stdio::null())
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // A reader that goes away at once: no panic, no message.
    let mut child = t
        .command()
        .args(["check", "--json", "qi", "za", "dont", "cat", "dog"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_empty(), "a closed pipe ends quietly: {err}");
    // 0 when the pipe closed first (the usual case), 1 (DONT is not allowed) in the
    // rare run where every verdict was written before it closed.
    assert!(matches!(out.status.code(), Some(0 | 1)), "{err}");
}

#[test]
fn escape_sequences_from_a_log_never_reach_the_terminal_or_a_document_raw() {
    let t = Table::new();
    started(&t, "e", "");
    let mut child = t
        .command()
        .args(["resume", "e"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let script = "note \u{1b}]0;pwned\u{7} \u{1b}[2J\npenalty ann \u{1b}[31mred\nhistory\nscore\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Not even the script's own lines, echoed after the prompt.
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    let after_echo: String = stdout
        .lines()
        .filter(|l| !l.starts_with("take-two e r1> "))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(after_echo.contains("\\u{1b}]0;pwned\\u{7}"), "{after_echo}");
    let md = t.export("e", "md");
    assert!(!md.contains('\u{1b}') && !md.contains('\u{7}'), "{md:?}");
    let run = t.run(&["new", "take-two", "a\u{1b}[2J", "b"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("is not a player name"),
        "{}",
        run.stderr
    );
}

#[test]
fn renaming_a_player_to_the_same_name_records_nothing() {
    let t = Table::new();
    started(&t, "r", "");
    let run = t.run(&["resume", "r"], "rename ann ann\n");
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: ann is already called that: rename takes a new name, e.g. rename ann ann2; nothing changed"
        ]
    );
    let log = String::from_utf8(t.log("r")).expect("utf-8");
    assert!(!log.contains("player-renamed"), "{log}");
}

#[test]
fn a_log_with_a_byte_order_mark_opens() {
    let t = Table::new();
    let log = started(&t, "bom", "out ann\n");
    let mut with_bom = b"\xef\xbb\xbf".to_vec();
    with_bom.extend_from_slice(&log);
    std::fs::write(t.log_path("bom"), &with_bom).expect("write");
    let run = t.run(&["resume", "bom"], "left ben A\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(t.json("bom")["open_round"]["points"]["ben"], 1);
}

#[test]
fn a_refused_megabyte_line_is_echoed_by_its_start_and_length() {
    let t = Table::new();
    started(&t, "big", "");
    let line = format!("note {}\n", "x".repeat(1 << 20));
    let run = t.run(&["resume", "big"], &line);
    assert_eq!(
        run.refusals().len(),
        1,
        "{}",
        &run.stdout[..200.min(run.stdout.len())]
    );
    assert!(
        run.stdout.len() < 4000,
        "the line is not echoed whole: {} bytes",
        run.stdout.len()
    );
    run.says(" characters)");
}

#[test]
fn a_starting_score_beyond_what_typing_allows_is_set_aside_never_overflowing_a_total() {
    for score in [i64::MAX, i64::MIN, 1_000_001] {
        let t = Table::new();
        let run = t.run(
            &["new", "take-two", "ann", "ben", "--name", "big"],
            "out ann\nleft ben QZ\nend\n",
        );
        assert_eq!(run.code, Some(0), "{}", run.stdout);
        let mut log = t.log("big");
        log.extend_from_slice(
            format!(
                "{{\"seq\":4,\"at\":\"2026-11-24T00:00:00Z\",\"event\":{{\"type\":\"player-joined\",\"name\":\"dave\",\"score\":{score}}}}}\n"
            )
            .as_bytes(),
        );
        std::fs::write(t.log_path("big"), &log).expect("write");
        let open = t.run(&["resume", "big"], "score\nexport svg\n");
        assert_eq!(open.code, Some(0), "{score}: {}", open.stderr);
        assert!(
            open.stdout.contains(&format!(
                "warning: entry 4 no longer fits (a starting score is at most 1000000 either way, not {score}); skipped"
            )),
            "{score}: {}",
            open.stdout
        );
        assert!(!open.stdout.contains("dave"), "{score}: {}", open.stdout);
        let v = t.json("big");
        assert_eq!(
            common::totals(&v),
            common::pairs(&[("ann", 0), ("ben", 20)]),
            "{score}"
        );
        let stats = t.run(&["stats"], "");
        assert_eq!(stats.code, Some(0), "{score}: {}", stats.stderr);
        assert!(
            stats.stderr.contains("big: entry 4 no longer fits"),
            "{score}: one bad log is one line: {}",
            stats.stderr
        );
    }
}

#[test]
fn a_new_stopped_half_way_leaves_no_temporary_file_for_long() {
    let t = Table::new();
    std::fs::create_dir_all(t.sessions()).expect("dir");
    // One left by a process long gone, one by a process that runs (this test).
    let gone = t.sessions().join(".friday.jsonl.new-4194303");
    let live = t
        .sessions()
        .join(format!(".sunday.jsonl.new-{}", std::process::id()));
    std::fs::write(&gone, b"{\"umpire\":1").expect("write");
    std::fs::write(&live, b"{\"umpire\":1").expect("write");
    let run = t.run(&["sessions"], "");
    assert!(!gone.exists(), "the dead process's file is removed");
    assert!(live.exists(), "a running process's file is left alone");
    assert!(
        run.stderr.contains(
            "removed .friday.jsonl.new-4194303, left by a `new` that was stopped half-way"
        ),
        "{}",
        run.stderr
    );
    std::fs::write(&gone, b"{").expect("write");
    let made = t.run(&["new", "take-two", "ann", "ben", "--name", "f"], "");
    assert_eq!(made.code, Some(0), "{}", made.stderr);
    assert!(!gone.exists(), "new clears them too");
}

#[test]
fn a_tile_set_that_gives_a_key_twice_is_refused_naming_it() {
    let t = Table::new();
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/dictionaries/tiles-take-two.json"
    ))
    .expect("the tile file");
    let tiles = original.replacen("\"A\":", "\"A\": {\"count\": 50, \"value\": 1}, \"A\":", 1);
    assert_ne!(tiles, original, "the key is there");
    std::fs::write(t.dir().join("dup.json"), tiles).expect("write");
    let run = t.run(
        &[
            "new", "take-two", "ann", "ben", "--tiles", "dup.json", "--name", "d",
        ],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert!(
        run.stderr.contains("the key \"A\" is given twice"),
        "{}",
        run.stderr
    );
}
