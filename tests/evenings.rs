//! Logs people already have keep opening the same. `tests/fixtures/evenings` holds a whole
//! evening of each game as umpire logged it before the module restructuring (see the
//! README there): undo, rename, a late joiner, notes, rulings and corrections. Each opens
//! today with the same totals, winners, table and rulings as the version that wrote it
//! exported; a later format change must come with a reader that keeps this true.

use crate::common;

use common::Table;
use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/evenings");

const GAMES: [&str; 4] = ["take-two", "board-chips", "take-rummy", "word-taking"];

/// The export's fields that every game has and that are about the core, not the table.
const CORE: [&str; 12] = [
    "game",
    "name",
    "created",
    "players",
    "options",
    "rules",
    "unit",
    "totals",
    "starts",
    "lowest_wins",
    "finished",
    "winners",
];

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).expect("fixture")
}

/// A table holding a copy of the evening of `game`, and what that version exported.
fn evening(game: &str) -> (Table, Value) {
    let t = Table::new();
    std::fs::create_dir_all(t.sessions()).expect("dir");
    std::fs::write(t.log_path(game), fixture(&format!("{game}.jsonl"))).expect("copy");
    let then = serde_json::from_slice(&fixture(&format!("{game}.json"))).expect("JSON");
    (t, then)
}

/// Each ruling as (round, word, allowed): what the table was told.
fn verdicts(v: &Value) -> Vec<(i64, String, bool)> {
    let mut out = Vec::new();
    for r in v["rulings"].as_array().expect("rulings") {
        for w in r["words"].as_array().expect("words") {
            out.push((
                r["round"].as_i64().expect("round"),
                w["word"].as_str().expect("word").to_string(),
                w["allowed"].as_bool().expect("allowed"),
            ));
        }
    }
    out
}

fn notes(v: &Value) -> Vec<Value> {
    v["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .map(|n| n["text"].clone())
        .collect()
}

#[test]
fn every_game_s_evening_opens_with_the_same_totals_and_winners() {
    for game in GAMES {
        let (t, then) = evening(game);
        let now = t.json(game);
        for key in CORE {
            assert_eq!(now[key], then[key], "{game}: {key}");
        }
        assert!(
            !then["totals"].as_object().expect("totals").is_empty(),
            "{game}"
        );
    }
}

#[test]
fn every_game_s_evening_opens_with_the_same_table() {
    for game in GAMES {
        let (t, then) = evening(game);
        let now = t.json(game);
        let then = then.as_object().expect("an object");
        let own: Vec<&String> = then
            .keys()
            .filter(|k| !CORE.contains(&k.as_str()) && !["rulings", "notes"].contains(&k.as_str()))
            .collect();
        assert!(!own.is_empty(), "{game} exports fields of its own");
        for key in own {
            if key == "status" {
                // The status is a sentence for people, which may come to say more (Board
                // Chips now says the pool): each of its old clauses must still be said.
                let now = now[key.as_str()].as_str().expect("a status");
                let then = then[key.as_str()].as_str().expect("a status");
                for clause in then.split("; ") {
                    assert!(now.contains(clause), "{game}: {clause:?} in {now:?}");
                }
                continue;
            }
            assert_eq!(&now[key.as_str()], &then[key.as_str()], "{game}: {key}");
        }
    }
}

#[test]
fn every_game_s_evening_opens_with_the_same_rulings_and_notes() {
    for game in GAMES {
        let (t, then) = evening(game);
        let now = t.json(game);
        assert_eq!(verdicts(&now), verdicts(&then), "{game}");
        assert_eq!(notes(&now), notes(&then), "{game}");
    }
    let (_, two) = evening("take-two");
    assert!(verdicts(&two).contains(&(1, "DONT".into(), false)));
    let (_, words) = evening("word-taking");
    assert!(verdicts(&words).contains(&(5, "COATS".into(), false)));
}

#[test]
fn every_game_s_evening_resumes_where_it_stopped() {
    let expect = [
        ("take-two", "take-two r4> "),
        ("board-chips", "board-chips t12> "),
        ("take-rummy", "take-rummy h4> "),
        ("word-taking", "word-taking t11> "),
    ];
    for (game, prompt) in expect {
        let (t, _) = evening(game);
        let run = t.run(&["resume", game], "score\n");
        assert_eq!(run.code, Some(0), "{game}: {}", run.stderr);
        assert!(run.stdout.contains(prompt), "{game}: {}", run.stdout);
        assert!(!run.stdout.contains("warning"), "{game}: {}", run.stdout);
    }
}
