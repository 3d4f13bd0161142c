//! Crash safety: the real binary, fed a scorekeeper's script, killed with SIGKILL at
//! seeded random points and restarted on the same session, again and again. Every entry
//! whose "recorded" line was printed must be in the log, in order, and the finished
//! session must export the totals of a clean run.
//!
//! `UMPIRE_CRASH_KILLS` (default 200) and `UMPIRE_CRASH_SEED` set the run.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{Table, totals};

/// One event each, so the log's event count says how far the script got.
const ROUND: [&str; 6] = [
    "out ann",
    "left ben QZ",
    "penalty ben played XRAY",
    "left cat EA?",
    "end",
    "note round over",
];
const ROUNDS: usize = 4;

fn script() -> Vec<&'static str> {
    (0..ROUNDS).flat_map(|_| ROUND).collect()
}

/// The `type` the event of script line `i` has.
fn expected_type(line: &str) -> &'static str {
    match line.split_whitespace().next() {
        Some("out") => "out",
        Some("left") => "left",
        Some("penalty") => "penalty",
        Some("end") => "round-ended",
        _ => "noted",
    }
}

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

/// A small seeded generator (xorshift64*), so every run kills at the same points.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn kills_wanted(default: usize) -> usize {
    std::env::var("UMPIRE_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn seed() -> u64 {
    std::env::var("UMPIRE_CRASH_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED_1234_ABCD_0001)
}

#[test]
fn every_acknowledged_entry_survives_sigkill_and_totals_match_a_clean_run() {
    let t = Table::new();
    survive_kills(
        &t,
        &["take-two", "ann", "ben", "cat"],
        &script(),
        expected_type,
        kills_wanted(200),
    );
}

/// A whole board-chips game on the example board, one turn (one event) a line.
const BOARD_GAME: &str = include_str!("common/board_chips_game.txt");

#[test]
fn every_acknowledged_board_chips_turn_survives_sigkill_and_chips_match_a_clean_run() {
    let t = Table::new();
    let board = include_str!("../dictionaries/board-chips-example.txt");
    std::fs::write(t.dir().join("board.txt"), board).expect("board written");
    let script: Vec<&str> = BOARD_GAME.lines().collect();
    survive_kills(
        &t,
        &[
            "board-chips",
            "alice",
            "bob",
            "carol",
            "--board",
            "board.txt",
        ],
        &script,
        |_| "squares-covered",
        kills_wanted(200) / 4,
    );
}

/// Plays `script` on a fresh session of `new` (the game and its arguments) over and
/// over, killing the binary at seeded random points and resuming, until `kills_wanted`
/// kills; every acknowledged entry must be in the log, in order, with the type
/// `expected_type` gives its line, and each finished session must export the totals of
/// a clean run.
fn survive_kills(
    t: &Table,
    new: &[&str],
    script: &[&str],
    expected_type: fn(&str) -> &'static str,
    kills_wanted: usize,
) {
    let seed = seed();
    let mut rng = Rng(seed);
    let with_name = |name: &str| -> Vec<String> {
        let mut args = vec!["new".to_string()];
        args.extend(new.iter().map(|a| a.to_string()));
        args.extend(["--name".to_string(), name.to_string()]);
        args
    };
    let args = with_name("clean");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let clean = t.run(&args, &script.join("\n"));
    assert_eq!(clean.code, Some(0), "{}", clean.stdout);
    let clean_totals = totals(&t.json("clean"));

    let mut kills = 0;
    let mut sessions = 0;
    let (mut torn, mut unacked, mut acked_total) = (0, 0, 0);
    while kills < kills_wanted {
        sessions += 1;
        let name = format!("crash{sessions}");
        let args = with_name(&name);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let made = t.run(&args, "");
        assert_eq!(made.code, Some(0), "{}", made.stderr);
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
                        if line.starts_with("recorded  ") {
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
                "kill {kills}: {acked} acknowledged after {before}, but only {} in the log",
                after.len()
            );
            assert!(
                after.len() <= before + sent,
                "kill {kills}: more events than lines sent"
            );
            for (i, ty) in after.iter().enumerate() {
                assert_eq!(
                    ty,
                    expected_type(script[i]),
                    "kill {kills}: event {} out of order",
                    i + 1
                );
            }
        }
        // The finished session, after all its kills, scores like the clean run.
        let finished = t.run(&["resume", &name], "score\n");
        assert_eq!(finished.code, Some(0), "{}", finished.stdout);
        assert_eq!(totals(&t.json(&name)), clean_totals, "session {name}");
    }
    eprintln!(
        "{kills} kills over {sessions} sessions (seed {seed:#x}): {acked_total} acknowledged entries all survived; \
         {unacked} entries written but killed before acknowledging; {torn} kills left a torn last line"
    );
}
