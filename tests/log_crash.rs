//! Crash safety: the real binary, fed a scorekeeper's script, killed with SIGKILL at
//! seeded random points and restarted on the same session, again and again, for every
//! game, umpire's and Oh Hell's through its own program (each game's demo is its
//! script). Every entry whose "recorded" line
//! was printed must be in the log, in order, and the finished session must export the
//! totals of a clean run.
//!
//! `UMPIRE_CRASH_KILLS` (default 200, shared among the games) and `UMPIRE_CRASH_SEED`
//! set the run.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{Rng, Table, totals};

/// The whole event lines of a log (a torn tail is not counted), as their `type`s.
fn logged_types(t: &Table, name: &str) -> Vec<String> {
    let log = t.log(name);
    let text = String::from_utf8_lossy(&log);
    let mut types = Vec::new();
    let mut lines = text.split_inclusive('\n').skip(1);
    for line in lines.by_ref() {
        if !line.ends_with('\n') {
            break;
        }
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            break;
        };
        types.push(v["event"]["type"].as_str().unwrap_or("?").to_string());
    }
    types
}

#[test]
#[ignore = "long run: 200 processes killed mid-entry (`cargo test -- --ignored`, which CI runs)"]
fn every_acknowledged_entry_survives_sigkill_and_totals_match_a_clean_run() {
    let kills_wanted: usize = std::env::var("UMPIRE_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seed: u64 = std::env::var("UMPIRE_CRASH_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED_1234_ABCD_0001);
    let mut rng = Rng(seed);
    let games = common::every_game();
    let per_game = (kills_wanted / games.len()).max(20);
    for (program, game) in games {
        let demo = (game.demo)();
        let t = Table::running(program);
        crash_game(
            &t,
            game.name,
            demo.new,
            demo.script,
            per_game,
            seed,
            &mut rng,
        );
    }
}

/// A whole board-chips game on the example board, one turn (one event) a line: the
/// refereed mode, beyond the tally-mode demo.
const BOARD_GAME: &str = include_str!("common/board_chips_game.txt");

#[test]
#[ignore = "long run: 50 processes killed mid-turn (`cargo test -- --ignored`, which CI runs)"]
fn every_acknowledged_board_chips_turn_survives_sigkill_and_chips_match_a_clean_run() {
    let kills: usize = std::env::var("UMPIRE_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seed = 0x5EED_B0A2_D000_0001;
    let t = Table::new();
    let board = include_str!("../dictionaries/board-chips-example.txt");
    std::fs::write(t.dir().join("board.txt"), board).expect("board written");
    let script: Vec<&str> = BOARD_GAME.lines().collect();
    crash_game(
        &t,
        "board-chips",
        &["alice", "bob", "carol", "--board", "board.txt"],
        &script,
        (kills / 4).max(20),
        seed,
        &mut Rng(seed),
    );
}

/// A Take Two evening with corrections, one event a line: undo, redo, a fix of an open
/// round's entry and of a closed round's, the table's own ruling, a note.
const CORRECTIONS: &[&str] = &[
    "out ann",
    "left ben QZX",
    "left cat EA?",
    "fix #2 left ben QZ",
    "undo",
    "redo",
    "end",
    "left ann K",
    "undo",
    "left ann KJ",
    "out ben",
    "left cat W",
    "end",
    "fix #10 left ann J",
    "allow qi the table says",
    "note all done",
];

#[test]
fn every_acknowledged_undo_redo_and_fix_survives_sigkill_and_totals_match_a_clean_run() {
    let kills: usize = std::env::var("UMPIRE_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let seed = 0x5EED_F1C5_0000_0001;
    let t = Table::new();
    crash_game(
        &t,
        "take-two",
        &["ann", "ben", "cat"],
        CORRECTIONS,
        (kills / 4).max(20),
        seed,
        &mut Rng(seed),
    );
    let v = t.json("clean");
    assert_eq!(
        totals(&v),
        common::pairs(&[("ann", 8), ("ben", 20), ("cat", 6)]),
        "the corrections counted"
    );
}

/// Plays `script` on `game` in `t` under SIGKILLs until `kills_wanted` kills.
fn crash_game(
    t: &Table,
    game: &str,
    new: &[&str],
    script: &[&str],
    kills_wanted: usize,
    seed: u64,
    rng: &mut Rng,
) {
    let new_args = |name: &str| -> Vec<String> {
        let mut args = vec!["new".to_string(), game.to_string()];
        args.extend(new.iter().map(|a| a.to_string()));
        args.extend(["--name".to_string(), name.to_string()]);
        args
    };
    let args = new_args("clean");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let clean = t.run(&args, &script.join("\n"));
    assert_eq!(clean.code, Some(0), "{game}: {}", clean.stdout);
    let clean_types = logged_types(t, "clean");
    assert_eq!(
        clean_types.len(),
        script.len(),
        "{game}: each demo line records one event"
    );
    let clean_totals = totals(&t.json("clean"));

    let mut kills = 0;
    let mut sessions = 0;
    let (mut torn, mut unacked, mut acked_total) = (0, 0, 0);
    while kills < kills_wanted {
        sessions += 1;
        let name = format!("crash{sessions}");
        let args = new_args(&name);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let made = t.run(&args, "");
        assert_eq!(made.code, Some(0), "{game}: {}", made.stderr);
        loop {
            let before = logged_types(t, &name).len();
            if before == script.len() {
                break;
            }
            let mut child = t
                .command()
                .args(["resume", &name])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("starts");
            let acked = Arc::new(AtomicUsize::new(0));
            let reader = {
                let acked = Arc::clone(&acked);
                let out = child.stdout.take().expect("stdout");
                std::thread::spawn(move || {
                    for line in BufReader::new(out).lines().map_while(Result::ok) {
                        // An entry is acknowledged by the line that says it was
                        // recorded: a recording, an undo, a redo or a fix.
                        if ["recorded  ", "undid #", "redid #", "fixed #"]
                            .iter()
                            .any(|p| line.starts_with(p))
                        {
                            acked.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                })
            };
            let mut stdin = child.stdin.take().expect("stdin");
            let send = 1 + rng.below(5) as usize;
            let mut sent = 0;
            for line in script.iter().skip(before).take(send) {
                if stdin.write_all(format!("{line}\n").as_bytes()).is_err() {
                    break;
                }
                let _ = stdin.flush();
                sent += 1;
                std::thread::sleep(Duration::from_micros(rng.below(1500)));
            }
            // Kill at a random moment after the last line went in: often mid-command.
            std::thread::sleep(Duration::from_micros(rng.below(4000)));
            let _ = child.kill();
            let _ = child.wait();
            drop(stdin);
            let _ = reader.join();
            kills += 1;

            let after = logged_types(t, &name);
            let acked = acked.load(Ordering::SeqCst);
            acked_total += acked;
            unacked += after.len() - before - acked.min(after.len() - before);
            if !t.log(&name).ends_with(b"\n") {
                torn += 1;
            }
            assert!(
                after.len() >= before + acked,
                "{game} kill {kills}: {acked} acknowledged after {before}, but only {} in the log",
                after.len()
            );
            assert!(
                after.len() <= before + sent,
                "{game} kill {kills}: more events than lines sent"
            );
            assert_eq!(
                after[..],
                clean_types[..after.len()],
                "{game} kill {kills}: the log is not the clean run's beginning"
            );
        }
        // The finished session, after all its kills, scores like the clean run.
        let finished = t.run(&["resume", &name], "score\n");
        assert_eq!(finished.code, Some(0), "{game}: {}", finished.stdout);
        assert_eq!(
            totals(&t.json(&name)),
            clean_totals,
            "{game} session {name}"
        );
    }
    eprintln!(
        "{game}: {kills} kills over {sessions} sessions (seed {seed:#x}): {acked_total} acknowledged entries all survived; \
         {unacked} entries written but killed before acknowledging; {torn} kills left a torn last line"
    );
}
