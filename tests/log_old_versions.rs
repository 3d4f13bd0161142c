//! Logs people already have keep opening with the same totals. The fixtures in
//! tests/fixtures/v1 were written by umpire as it was before the game-neutral core
//! (commit d00e44f): a finished three-round match with a late joiner, a rename, grid
//! rulings (the old `connected` field), corrections, a pardon and an undo
//! (`v1-finished.script` is what was typed), and an open-ended one with an open round.
//! Beside each log is what that version exported. `tests/fixtures/evenings` holds a whole
//! evening of each game as umpire logged it before the module restructuring (see the
//! README there): undo, rename, a late joiner, notes, rulings and corrections. Each opens
//! today with the same totals, winners, table and rulings as the version that wrote it
//! exported; a later format change must come with a reader that keeps this true.

use crate::common;

use common::Table;
use serde_json::Value;

const V1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/v1");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{V1}/{name}")).expect("fixture")
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).expect("JSON")
}

/// A table holding a copy of the v1 log `name`.
fn table_with(name: &str) -> Table {
    let t = Table::new();
    std::fs::create_dir_all(t.sessions()).expect("dir");
    std::fs::write(t.log_path(name), fixture(&format!("{name}.jsonl"))).expect("copy");
    t
}

/// The parts of an export that carry the score: they must not change.
fn score_of(v: &Value) -> Value {
    let rounds: Vec<Value> = v["rounds"]
        .as_array()
        .expect("rounds")
        .iter()
        .map(|r| {
            serde_json::json!({
                "round": r["round"],
                "points": r["points"],
                "penalties": r["penalties"],
                "entries": r["entries"],
            })
        })
        .collect();
    // Penalties and pardons are rulings now too (they were points only when these logs
    // were written): the word rulings the old version exported must all be there still.
    let rulings: Vec<Value> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter(|r| {
            let asked = r["asked"].as_str().unwrap_or("");
            !asked.starts_with("penalty ") && !asked.starts_with("pardon ")
        })
        .map(|r| {
            serde_json::json!({
                "asked": r["asked"],
                "round": r["round"],
                "acceptable": r["acceptable"],
                "words": r["words"],
            })
        })
        .collect();
    serde_json::json!({
        "players": v["players"],
        "totals": v["totals"],
        "rounds": rounds,
        "open_round": v["open_round"],
        "finished": v["finished"],
        "winner": v["winner"],
        "rulings": rulings,
        "notes": v["notes"].as_array().map(|n| n.iter().map(|x| x["text"].clone()).collect::<Vec<_>>()),
    })
}

#[test]
fn a_finished_v1_match_opens_with_the_same_totals_rounds_and_rulings() {
    let t = table_with("v1-finished");
    let now = t.json("v1-finished");
    let then = json(&fixture("v1-finished.json"));
    assert_eq!(score_of(&now), score_of(&then));
    assert_eq!(now["totals"]["alice"], 13);
    assert_eq!(now["winner"], "alice");
    // The penalties show among the rulings, with the words they were for where the log
    // names them (a grid's), by the players' names as they are now.
    let asked: Vec<&str> = now["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter_map(|r| r["asked"].as_str())
        .filter(|a| a.starts_with("penalty ") || a.starts_with("pardon "))
        .collect();
    assert_eq!(
        asked,
        [
            "penalty robert",
            "penalty carol",
            "pardon robert",
            "penalty dave"
        ]
    );
    assert_eq!(
        t.export("v1-finished", "csv"),
        String::from_utf8(fixture("v1-finished.csv")).expect("utf-8")
    );
    // The old grid ruling's shape reads as today's remark and fault.
    let grids: Vec<&Value> = now["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter(|r| r["asked"].as_str().is_some_and(|a| a.starts_with("grid ")))
        .collect();
    assert_eq!(grids[0]["remarks"][0], "the grid is one piece");
    assert_eq!(grids[1]["faults"][0], "the grid is NOT one piece");
    let run = t.run(&["resume", "v1-finished"], "score\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(!run.stdout.contains("warning"), "{}", run.stdout);
    run.says("match over: alice wins");
}

#[test]
fn an_open_v1_match_opens_with_its_open_round_and_goes_on() {
    let t = table_with("v1-open");
    let now = t.json("v1-open");
    let then = json(&fixture("v1-open.json"));
    assert_eq!(score_of(&now), score_of(&then));
    assert_eq!(
        now["open_round"]["points"]["ben"], 50,
        "two penalties in round 2"
    );
    let run = t.run(&["resume", "v1-open"], "out ben\nend\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(t.json("v1-open")["totals"]["ben"], 61);
}

/// A game that judges no words keeps no word rules in its header (its `check` is a
/// look-up by the lexicon's own standard, not another game's rules, and records
/// nothing); a header of an earlier version that holds some keeps them, and its
/// look-ups are made under them.
#[test]
fn a_game_that_judges_no_words_keeps_no_word_rules_and_an_old_header_keeps_its_own() {
    let t = Table::new();
    t.run(&["new", "board-chips", "ann", "ben", "--name", "bc"], "");
    let log = t.log("bc");
    let header: Value =
        serde_json::from_slice(log.split(|b| *b == b'\n').next().expect("a header"))
            .expect("the header is JSON");
    assert_eq!(header["game"], "board-chips");
    assert!(header.get("rules").is_none(), "{header}");
    let run = t.run(&["resume", "bc"], "check qi\n");
    run.says("QI");
    run.says(
        "a look-up under standard (level 80): board-chips judges no words, so nothing is recorded",
    );
    let v = t.json("bc");
    assert_eq!(v["rules"], Value::Null, "no word rules to export");
    assert_eq!(
        v["rulings"],
        serde_json::json!([]),
        "a look-up keeps no ruling"
    );

    let old = Table::new();
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/evenings/take-rummy.jsonl"
    ))
    .expect("the evening's log");
    std::fs::create_dir_all(old.sessions()).expect("dir");
    std::fs::write(old.log_path("take-rummy"), &bytes).expect("copy");
    let header = json(bytes.split(|b| *b == b'\n').next().expect("a header"));
    assert!(
        header.get("rules").is_some(),
        "the fixture was written with rules"
    );
    let run = old.run(&["resume", "take-rummy"], "check qi\n");
    run.says("QI");
    // Judged by the rules the old header holds, and, the game judging no words, kept
    // as no ruling.
    run.says(
        "a look-up under take-two (level 80): take-rummy judges no words, so nothing is recorded",
    );
}

const EVENINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/evenings");

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

fn evening_fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{EVENINGS}/{name}")).expect("fixture")
}

/// A table holding a copy of the evening of `game`, and what that version exported.
fn evening(game: &str) -> (Table, Value) {
    let t = Table::new();
    std::fs::create_dir_all(t.sessions()).expect("dir");
    std::fs::write(t.log_path(game), evening_fixture(&format!("{game}.jsonl"))).expect("copy");
    let then = serde_json::from_slice(&evening_fixture(&format!("{game}.json"))).expect("JSON");
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
