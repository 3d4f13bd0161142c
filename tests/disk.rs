//! Disk trouble: when the log cannot be written (a full disk, a file size limit, a
//! directory that cannot be used), the prompt says the entry was NOT recorded, the
//! session stays as it was, and nothing claims a success that was not written.
//!
//! A full disk is simulated with RLIMIT_FSIZE, which makes writes past a size fail
//! (EFBIG) for any user, root included, on any filesystem.

use crate::common;

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::Stdio;

use common::Table;

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
