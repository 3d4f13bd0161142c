//! Sessions and where they live: a new session's log and the greeting that says where,
//! session names that could escape the directory, `sessions` listing them, `open` and
//! `resume` (a missing session named with where umpire looked, a game resumed saying
//! whose turn it is), `umpire` alone resuming the latest unfinished one, `quit`, a log
//! copied or renamed, and the temporary file of a `new` stopped half-way.

use crate::common;

use common::{BOARD, Table, pairs, script, started, totals};

#[test]
fn a_new_sessions_greeting_says_where_its_log_is() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "friday"], "");
    let second = run.stdout.lines().nth(1).unwrap_or_default();
    assert_eq!(
        second,
        "logged to sessions/friday.jsonl (each entry as it is recorded); `umpire resume friday` carries on",
        "{}",
        run.stdout
    );
    // Resumed, it is the table's session as before: no such line.
    let run = t.run(&["resume", "friday"], "");
    assert!(!run.stdout.contains("logged to"), "{}", run.stdout);
}

/// Issue 56: an installed umpire run in a folder without `sessions/` logs to the
/// user's data folder, and the greeting says so in full, as the README says.
#[test]
fn a_first_session_outside_a_checkout_says_its_log_is_in_the_data_folder() {
    let t = Table::new();
    let home = t.dir().join("home");
    let here = t.dir().join("anywhere");
    std::fs::create_dir_all(&here).expect("a folder without sessions/");
    let out = std::process::Command::new(common::bin())
        .args(["new", "take-two", "ann", "ben", "--name", "friday"])
        .env("NO_COLOR", "1")
        .env_remove("UMPIRE_SESSIONS")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .current_dir(&here)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let log = home.join("data/umpire/sessions/friday.jsonl");
    assert_eq!(
        stdout.lines().nth(1).unwrap_or_default(),
        format!(
            "logged to {} (each entry as it is recorded); `umpire resume friday` carries on",
            log.display()
        ),
        "{stdout}"
    );
    assert!(log.is_file(), "the log is where the greeting says");
    assert!(
        !here.join("sessions").exists(),
        "no sessions/ was made here"
    );
}

#[test]
fn session_names_that_could_escape_the_directory_are_refused() {
    let t = Table::new();
    for name in ["../escape", "a/b", ".hidden", "x y"] {
        let run = t.run(&["new", "take-two", "a", "b", "--name", name], "");
        assert_eq!(run.code, Some(2), "{name}");
        assert!(
            run.stderr.contains("is not a session name"),
            "{name}: {}",
            run.stderr
        );
    }
    assert!(!t.dir().join("escape.jsonl").exists());
    let run = t.run(&["resume", "../etc/passwd"], "");
    assert_eq!(run.code, Some(2));
}

#[test]
fn sessions_lists_name_game_players_and_rounds() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "alice", "bob", "--name", "one"],
        "out alice\nleft bob A\nend\n",
    );
    t.run(&["new", "take-two", "carol", "dave", "--name", "two"], "");
    let run = t.run(&["sessions"], "");
    assert_eq!(run.code, Some(0));
    let one = run
        .stdout
        .lines()
        .find(|l| l.contains("one"))
        .expect("one listed");
    assert!(
        one.contains("take-two") && one.contains("alice, bob") && one.contains(" 1 "),
        "{one}"
    );
    assert!(run.stdout.contains("carol, dave"));
}

#[test]
fn open_is_a_word_of_the_shell_too_and_a_missing_session_names_where_it_looked() {
    let t = Table::new();
    let run = t.run(&["sessions"], "");
    assert!(
        run.stdout
            .starts_with(&format!("no sessions yet in {}", t.sessions().display())),
        "{}",
        run.stdout
    );
    t.run(&["new", "take-two", "ann", "ben", "--name", "friday"], "");
    let run = t.run(&["open", "friday"], "out ann\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = t.run(&["open", "fridya"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains(&format!(
            "there is no session \"fridya\" in {} (did you mean friday?)",
            t.sessions().display()
        )),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--sessions DIR"), "{}", run.stderr);
}

#[test]
fn resuming_a_game_says_whose_turn_it_is_and_what_the_player_needs() {
    let t = Table::new();
    t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "--board",
            BOARD,
            "--name",
            "b",
        ],
        &script(&["cover ann 5,3 M 5,4 A"]),
    );
    let run = t.run(&["resume", "b"], "");
    run.says(
        "44 chips left in the kitty; 2 of 101 squares covered; 85 tiles in the pool; ben to play",
    );
    t.run(
        &["new", "word-taking", "ann", "ben", "--name", "w"],
        &script(&["draw ann T", "next", "draw ben A"]),
    );
    let run = t.run(&["resume", "w"], "");
    run.says("ben to play");
    run.says("centre: T");
    t.run(
        &["new", "take-two", "ann", "ben", "--name", "t"],
        &script(&["out ann"]),
    );
    let run = t.run(&["resume", "t"], "");
    run.says("round 1: no entry yet for ben (out, or left TILES)");
}

#[test]
fn a_session_resumed_after_quitting_keeps_every_round() {
    let t = Table::new();
    let first = t.run(
        &["new", "take-two", "alice", "bob", "--name", "r"],
        "out alice\nleft bob QZ\nend\nquit\nleft alice A\n",
    );
    first.says("saved \"r\"; bye");
    // The line after quit was never read.
    let second = t.run(&["resume", "r"], "left alice B\nout bob\nend\n");
    assert_eq!(second.code, Some(0), "{}", second.stdout);
    second.says("take-two r r2> left alice B");
    let v = t.json("r");
    assert_eq!(totals(&v), pairs(&[("alice", 3), ("bob", 20)]));
}

#[test]
fn umpire_alone_resumes_the_most_recent_unfinished_session() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "--name", "older"],
        "out ann\n",
    );
    std::thread::sleep(std::time::Duration::from_millis(1100));
    t.run(
        &["new", "take-two", "cat", "dan", "--name", "newer"],
        "out cat\n",
    );
    std::thread::sleep(std::time::Duration::from_millis(1100));
    t.run(
        &[
            "new", "take-two", "eve", "fay", "--name", "done", "--rounds", "1",
        ],
        "out eve\nleft fay A\nend\n",
    );
    let run = t.run(&[], "left dan Q\n");
    assert!(
        run.stdout.starts_with("take-two \"newer\""),
        "{}",
        run.stdout
    );
    run.says("recorded  dan left Q: 10");
    let empty = Table::new();
    let run = empty.run(&[], "out ann\n");
    assert!(run.stdout.starts_with("no session open"), "{}", run.stdout);
    assert!(
        run.refusals()[0].contains("no session open for `out`"),
        "{}",
        run.stdout
    );
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
