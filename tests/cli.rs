//! umpire's command line as the shell runs it: each subcommand's help with examples,
//! `--version`, a flag's value typed wrong, shell completions, output without colour
//! codes when piped, a full or closed standard output, and pipes and devices named as
//! logs or files, refused without hanging.

use crate::common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{Table, started};

#[test]
fn every_subcommand_s_help_has_examples() {
    let t = Table::new();
    for sub in [
        "new",
        "resume",
        "sessions",
        "export",
        "check",
        "grid",
        "dict",
        "completions",
    ] {
        let run = t.run(&[sub, "--help"], "");
        assert_eq!(run.code, Some(0), "{sub}");
        assert!(
            run.stdout.contains("Examples:"),
            "{sub} --help: {}",
            run.stdout
        );
    }
    let run = t.run(&["--version"], "");
    assert!(run.stdout.starts_with("umpire "), "{}", run.stdout);
}

/// Issue 56: a game's flag given a value it does not take says the value it would
/// have taken, when one is near, and every value it takes; a rule set likewise.
#[test]
fn a_flag_value_typed_wrong_gets_a_did_you_mean_and_the_values_taken() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--penalty", "per-wrd"],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr.trim_end(),
        "umpire: invalid value 'per-wrd' for '--penalty <PENALTY>' (did you mean per-word?): it takes per-grid or per-word (`new take-two --help` lists what it takes)"
    );
    let run = t.run(&["new", "word-taking", "ann", "ben", "--win-on", "x"], "");
    assert_eq!(
        run.stderr.trim_end(),
        "umpire: invalid value 'x' for '--win-on <WIN_ON>': it takes hold or reach (`new word-taking --help` lists what it takes)"
    );
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--rules", "names-plces"],
        "",
    );
    assert!(
        run.stderr.starts_with(
            "umpire: unknown rule set \"names-plces\" (did you mean names-places?): use take-two, "
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn shell_completions_are_generated_for_bash_zsh_and_fish() {
    let t = Table::new();
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef umpire"),
        ("fish", "complete -c umpire"),
    ] {
        let run = t.run(&["completions", shell], "");
        assert_eq!(run.code, Some(0), "{shell}");
        assert!(run.stdout.contains(marker), "{shell}");
        assert!(
            run.stdout.contains("sessions"),
            "{shell} completes subcommands"
        );
    }
}

#[test]
fn piped_output_carries_no_colour_codes() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "a", "b", "--name", "plain"],
        "check qi dont\nout a\n",
    );
    assert!(!run.stdout.contains('\u{1b}'), "{}", run.stdout);
    let check = t.run(&["check", "qi", "dont"], "");
    assert!(!check.stdout.contains('\u{1b}'));
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
