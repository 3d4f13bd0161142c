//! TAKE rummy through the binary in script mode: the sheet's examples at the prompt (the
//! take of 5-6-7 clubs with the 8, the double take, locking it up, the joker ace, a run
//! of fourteen cards), runs named as the table names them, hands scored from end-of-hand
//! entries and from tracked turns, a match to its target, a tie, `finish` and `target`,
//! corrections, undo and resume, the table, the exports, and every bad input of the issue
//! refused in one line. Hands tracked from the deal are in `take_rummy_turns.rs`.

use crate::common;

use common::{AtTerminal, Table, pairs, script, totals};
use serde_json::json;

/// `new take-rummy PLAYERS... --name NAME [FLAGS...]`.
pub(crate) fn new_args<'a>(players: &[&'a str], name: &'a str, flags: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["new", "take-rummy"];
    args.extend_from_slice(players);
    args.extend_from_slice(&["--name", name]);
    args.extend_from_slice(flags);
    args
}

/// Asserts that every one of `said` is somewhere in the run's output.
pub(crate) fn says(out: &str, said: &[&str]) {
    for s in said {
        assert!(out.contains(s), "missing {s:?} in:\n{out}");
    }
}

/// What `table` printed: the text after the last `table` command.
pub(crate) fn last_table(out: &str) -> &str {
    out.rsplit("> table\n").next().unwrap_or("")
}

#[test]
fn the_sheets_take_moves_alices_five_six_seven_of_clubs_to_bob_with_his_eight() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob"], "take", &[]),
        &script(&[
            "lay alice 5C 6C 7C",
            "take bob 8C onto alice",
            "table",
            "held alice 2D",
            "held bob -",
            "end",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(
        &run.stdout,
        &[
            "recorded  alice lays 5C 6C 7C: 15 (run A)",
            "recorded  bob takes alice's 5C 6C 7C with 8C: 5C-8C, 20 (run A)",
            "recorded  hand 1 closed: alice -5, bob 20",
        ],
    );
    let table = last_table(&run.stdout);
    says(
        table,
        &[
            "runs on the table, hand 1\nA  bob  5C 6C 7C 8C  value  20\n",
            "│ alice  ┆ no runs    ┆ no entry yet ┆        │",
            "│ bob    ┆ 1 run (20) ┆ no entry yet ┆        │",
        ],
    );
    assert!(!table.contains("A  alice"), "the run moved to bob: {table}");
    let v = t.json("take");
    assert_eq!(totals(&v), pairs(&[("alice", -5), ("bob", 20)]));
    assert_eq!(
        v["hands"][0]["laid"],
        json!({"alice": [], "bob": ["5C 6C 7C 8C"]})
    );
    assert_eq!(v["hands"][0]["held"], json!({"alice": ["2D"], "bob": []}));
}

#[test]
fn the_double_take_joins_two_players_runs_with_one_card() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "double", &[]),
        &script(&[
            "lay alice 2D 3D 4D 5D",
            "lay bob 7D 8D 9D",
            "take carol 6D onto alice bob",
            "table",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(
        &run.stdout,
        &[
            "recorded  carol takes alice's 2D 3D 4D 5D and bob's 7D 8D 9D with 6D: 2D-9D, 40 (run A)",
        ],
    );
    says(
        last_table(&run.stdout),
        &["A  carol  2D 3D 4D 5D 6D 7D 8D 9D  value  40\n"],
    );
    // Named by number, with a comma, in any case: the same take.
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "double2", &[]),
        &script(&[
            "lay alice 2D 3D 4D 5D",
            "lay bob 7D 8D 9D",
            "take CAROL 6d onto ALICE:1, Bob:1",
        ]),
    );
    says(
        &run.stdout,
        &[
            "recorded  carol takes alice's 2D 3D 4D 5D and bob's 7D 8D 9D with 6D: 2D-9D, 40 (run A)",
        ],
    );
}

#[test]
fn locking_it_up_a_complete_run_cannot_be_taken_not_even_with_a_joker() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "lock", &[]),
        &script(&[
            "lay alice 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
            "take bob AS onto alice",
            "take carol JK onto bob",
            "table",
            "held alice -",
            "held bob 2C",
            "held carol JK",
            "end",
        ]),
    );
    says(
        &run.stdout,
        &[
            "recorded  bob takes alice's 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS with AS: 2S-AS, 95, locked (run A)",
            "recorded  hand 1 closed: alice 0, bob 90, carol -20",
        ],
    );
    // Refused for its cards: the ruling is kept, as a word game keeps a refused word.
    assert_eq!(
        run.ruled_out(),
        vec![
            "refused: 2S-AS is locked (complete at 13 cards): it cannot be taken, not even with a joker; nothing changed on the table"
        ]
    );
    says(
        last_table(&run.stdout),
        &["A  bob  2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS  value  95  LOCKED\n"],
    );
    // Laid at the hand's end, a locked run counts like any other: big points.
    let run = t.run(
        &["resume", "lock"],
        &script(&[
            "laid carol AH-KH",
            "held carol -",
            "held alice -",
            "held bob -",
            "laid alice -",
            "laid bob -",
            "end",
        ]),
    );
    says(
        &run.stdout,
        &[
            "recorded  carol laid AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH (95, locked): 95",
            "recorded  hand 2 closed: alice 0, bob 0, carol 95",
        ],
    );
    let v = t.json("lock");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 0), ("bob", 90), ("carol", 75)])
    );
}

#[test]
fn a_joker_used_as_an_ace_leaves_the_natural_ace_free_but_never_both_ends() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob"], "ace", &[]),
        &script(&[
            "laid alice JK 2H 3H, QH KH AH",
            "laid bob AD 2D JK=AD",
            "laid bob JK 2C 3C 4C",
        ]),
    );
    // A `laid` joker at an open end could be either card, and scores 20 either way: it
    // is recorded as umpire reads it, unasked (issue 42).
    says(
        &run.stdout,
        &[
            "recorded  alice laid JK=AH 2H 3H (30), QH KH AH (35): 65",
            "recorded  bob laid JK=AC 2C 3C 4C (35): 35",
        ],
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: bob's run: AD and a joker standing for AD would put aces at both ends: a run's ace is low (A-2-3) or high (Q-K-A), never both; nothing changed",
        ]
    );
}

#[test]
fn a_hand_scored_from_end_of_hand_entries_is_laid_minus_held() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "ends", &[]),
        &script(&[
            "laid alice 5C 6C 7C, QH KH AH",
            "held alice 2D",
            "laid bob -",
            "held bob 9S JK",
            "end",
            "held carol 3S 4S",
            "end",
            "laid carol -",
            "end",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: carol has no entry yet (held PLAYER CARDS, or held PLAYER - for none); nothing changed",
            "not recorded: carol has no laid entry and no runs were tracked this hand: `laid carol -` records laying nothing, then `end`; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &[
            "recorded  alice laid 5C 6C 7C (15), QH KH AH (35): 50",
            "recorded  alice held 2D: -5   (alice: h1 45, total 45)",
            "recorded  bob laid nothing: 0",
            "recorded  bob held 9S JK: -25   (bob: h1 -25, total -25)",
            "recorded  hand 1 closed: alice 45, bob -25, carol -10",
        ],
    );
    // The score table shows the hand as it closes.
    says(
        &run.stdout,
        &[
            "│ alice  ┆  45 ┆    45 ┆ leads │",
            "│ bob    ┆ -25 ┆   -25 ┆       │",
        ],
    );
    let v = t.json("ends");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 45), ("bob", -25), ("carol", -10)])
    );
    let hand = &v["hands"][0];
    assert_eq!(hand["hand"], 1);
    assert_eq!(
        hand["points"],
        json!({"alice": 45, "bob": -25, "carol": -10})
    );
    assert_eq!(
        hand["laid"],
        json!({"alice": ["5C 6C 7C", "QH KH AH"], "bob": [], "carol": []})
    );
    assert_eq!(
        hand["held"],
        json!({"alice": ["2D"], "bob": ["9S", "JK"], "carol": ["3S", "4S"]})
    );
    assert_eq!(
        hand["laid_value"],
        json!({"alice": 50, "bob": 0, "carol": 0})
    );
    assert_eq!(
        hand["held_value"],
        json!({"alice": 5, "bob": 25, "carol": 10})
    );
    assert_eq!(
        hand["entries"]["alice"],
        "laid 5C 6C 7C, QH KH AH (50); held 2D (5)"
    );
}

#[test]
fn a_hand_tracked_turn_by_turn_needs_only_the_held_entries() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "turns", &[]),
        &script(&[
            "lay alice 5C 6C 7C",
            "take bob 8C onto alice",
            "lay carol 2D 3D 4D 5D",
            "lay alice 7D 8D 9D",
            "take bob 6D onto carol alice",
            "lay alice QH KH AH",
            "take alice JK onto alice",
            "laid carol 9S 10S JS",
            "held alice 2H",
            "take alice 10H onto alice",
            "held bob -",
            "held carol QS JK",
            "end",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: the table is tracked this hand (lay and take): carol's runs are counted from it, so `laid` is not needed; nothing changed",
            "not recorded: alice's hand is already recorded as held (2H); `undo` that before they lay or take; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &[
            "recorded  bob takes carol's 2D 3D 4D 5D and alice's 7D 8D 9D with 6D: 2D-9D, 40 (run B)",
            "recorded  alice adds JK=JH to their QH KH AH: JH-AH, 55 (run D)",
            "recorded  hand 1 closed: alice 50, bob 60, carol -30",
        ],
    );
    let v = t.json("turns");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 50), ("bob", 60), ("carol", -30)])
    );
    assert_eq!(
        v["hands"][0]["laid"],
        json!({"alice": ["JK=JH QH KH AH"], "bob": ["5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D 9D"], "carol": []})
    );
}

/// One hand where alice lays two locked runs (190) and bob and carol little.
fn big_hand() -> Vec<&'static str> {
    vec![
        "laid alice 2S-AS, 2H-AH",
        "held alice -",
        "laid bob 5C 6C 7C",
        "held bob KD",
        "laid carol -",
        "held carol 2D 3D",
        "end",
    ]
}

#[test]
fn the_match_ends_when_a_hand_closes_with_someone_past_the_target() {
    let t = Table::new();
    let mut lines = Vec::new();
    for _ in 0..3 {
        lines.extend(big_hand());
    }
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "to500", &[]),
        &script(&lines),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(
        &run.stdout,
        &[
            "take-rummy to500 h3> laid alice 2S-AS, 2H-AH",
            "recorded  hand 3 closed: alice 190, bob 5, carol -10",
            "match over: alice wins",
        ],
    );
    let v = t.json("to500");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 570), ("bob", 15), ("carol", -30)])
    );
    assert_eq!(v["finished"], true);
    assert_eq!(v["winner"], "alice");
    assert_eq!(v["winners"], json!(["alice"]));
    assert_eq!(v["target"], 500);
    assert_eq!(v["hands"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["status"], "match over after 3 hands, playing to 500");

    // Nothing more is recorded; the prompt says the match is over.
    let log = t.log("to500");
    let run = t.run(
        &["resume", "to500"],
        "laid bob 9H 10H JH\nadd dave\nscore\n",
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: the match is over (alice won with 570); `new take-rummy ...` starts another; nothing changed",
            "not recorded: the match is over: nobody can join it; `new take-rummy ...` starts another; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &["take-rummy to500 over>", "match over: alice wins"],
    );
    assert_eq!(t.log("to500"), log);
}

#[test]
fn a_tie_at_the_target_names_every_tied_player() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "tie", &["--target", "100"]),
        &script(&[
            "laid alice 2S-AS",
            "laid bob 2H-AH",
            "held alice -",
            "held bob -",
            "held carol JK",
            "laid carol -",
            "end",
            "laid alice 5C 6C 7C",
            "laid bob 5D 6D 7D",
            "held alice -",
            "held bob -",
            "held carol -",
            "laid carol -",
            "end",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(&run.stdout, &["match over: alice and bob win (a tie)"]);
    let v = t.json("tie");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 110), ("bob", 110), ("carol", -20)])
    );
    assert_eq!(v["winners"], json!(["alice", "bob"]));
    assert!(v.get("winner").is_none(), "a tie has no single winner");
    assert_eq!(v["finished"], true);
}

#[test]
fn fix_corrects_a_past_hand_and_the_totals_follow() {
    let t = Table::new();
    let mut lines = big_hand();
    lines.extend([
        "laid bob 9H 10H JH",
        "laid alice -",
        "laid carol -",
        "held alice -",
        "held bob -",
        "held carol -",
        "end",
        "fix 1 held bob 2C",
        "fix 1 laid carol 3C 4C JK=5C",
        "fix 2 lay bob 2H 3H 4H",
        "fix 1 held carol 2C",
        "fix 4 held bob -",
    ]);
    let run = t.run(
        &new_args(&["alice", "bob", "carol"], "fix", &[]),
        &script(&lines),
    );
    says(
        &run.stdout,
        &[
            "recorded  hand 1 corrected: bob held 2C: -5",
            "recorded  hand 1 corrected: carol laid 3C 4C JK=5C (30): 30",
        ],
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: lay is not a correction: fix takes laid or held, e.g. fix 1 laid alice 5C 6C 7C, QH KH AH (fix #N corrects any entry); nothing changed",
            "not recorded: held carol 2C does not fit in place of #6 (carol held 2D 3D: -10): 2C is already in bob's held cards: the deck has one of each card; nothing changed",
            "not recorded: there is no hand 4: hands 1 to 2 are closed, 3 is open; nothing changed",
        ]
    );
    let v = t.json("fix");
    // alice 190; bob 15 - 5, then 25; carol 30 - 10, then 0.
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 190), ("bob", 35), ("carol", 20)])
    );
    assert_eq!(v["hands"][0]["held"]["bob"], json!(["2C"]));
    assert_eq!(v["hands"][0]["laid"]["carol"], json!(["3C 4C JK=5C"]));
}

#[test]
fn a_fix_that_would_have_ended_the_match_earlier_is_refused() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob"], "early", &["--target", "200"]),
        &script(&[
            "laid alice 2S-AS",
            "laid bob -",
            "held alice -",
            "held bob -",
            "end",
            "laid alice -",
            "laid bob -",
            "held alice -",
            "held bob -",
            "end",
            "fix 1 laid alice 2S-AS, 2H-AH, 2D-AD",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: with #1 as laid alice 2S-AS, 2H-AH, 2D-AD, #6 (alice laid nothing: 0) would no longer fit: the match is over (alice won with 285); `new take-rummy ...` starts another; nothing changed"
        ]
    );
    assert_eq!(
        totals(&t.json("early")),
        pairs(&[("alice", 95), ("bob", 0)])
    );
}

#[test]
fn undo_and_resume_come_to_the_same_totals_as_a_clean_run() {
    let t = Table::new();
    let clean = [
        "lay alice 5C 6C 7C",
        "take bob 8C onto alice",
        "held alice 2D",
        "held bob -",
        "end",
        "laid alice QH KH AH",
        "laid bob -",
        "held alice -",
        "held bob 3S",
        "end",
    ];
    let run = t.run(&new_args(&["alice", "bob"], "clean", &[]), &script(&clean));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let want = totals(&t.json("clean"));
    assert_eq!(want, pairs(&[("alice", 30), ("bob", 15)]));

    // The same evening with mistakes undone, split over three sittings.
    let first = t.run(
        &new_args(&["alice", "bob"], "messy", &[]),
        &script(&[
            "lay alice 5C 6C 7C",
            "take bob 9C onto alice",
            "take bob 8C onto alice",
            "held alice 2H",
            "undo",
            "held alice 2D",
        ]),
    );
    // The take refused for its cards kept its ruling as #2.
    says(&first.stdout, &["undid #4 alice held 2H: -5;"]);
    let second = t.run(
        &["resume", "messy"],
        &script(&["held bob -", "end", "undo", "end", "laid alice QH KH AH"]),
    );
    says(
        &second.stdout,
        &[
            "take-rummy messy h1> held bob -",
            "undid #8 hand 1 closed: alice -5, bob 20;",
        ],
    );
    let third = t.run(
        &["resume", "messy"],
        &script(&["held alice -", "held bob 3S", "laid bob -", "end"]),
    );
    says(&third.stdout, &["take-rummy messy h2> held alice -"]);
    assert_eq!(totals(&t.json("messy")), want);
}

#[test]
fn discard_asks_whether_a_run_could_take_the_card_and_records_nothing() {
    let t = Table::new();
    t.run(
        &new_args(&["alice", "bob"], "discard", &[]),
        &script(&["lay alice 5C 6C 7C", "lay bob QH KH AH"]),
    );
    let log = t.log("discard");
    let run = t.run(
        &["resume", "discard"],
        &script(&[
            "discard? 8C",
            "discard? 4c",
            "discard? JH",
            "discard? 2H",
            "discard? 9S",
            "discard? 5C",
            "discard?",
        ]),
    );
    says(
        &run.stdout,
        &[
            "8C could be added to run A (5C 6C 7C), making 5C-8C: the sheet forbids discarding it",
            "4C could be added to run A (5C 6C 7C), making 4C-7C: the sheet forbids discarding it",
            "JH could be added to run B (QH KH AH), making JH-AH: the sheet forbids discarding it",
            // Q-K-A is closed at the top: a two cannot wrap onto it.
            "no run on the table can take 2H: it may be discarded",
            "no run on the table can take 9S: it may be discarded",
        ],
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: 5C is already on the table in run A: the deck has one of each card; nothing changed",
            "not recorded: no cards given: type cards like 5C 10H QS AD, and JK for a joker; nothing changed",
        ]
    );
    assert_eq!(t.log("discard"), log, "discard? records nothing");
}

#[test]
fn a_player_joins_between_hands_from_the_score_the_house_gives() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob"], "join", &[]),
        &script(&[
            "held alice 2D",
            "add carol",
            "held bob -",
            "laid alice -",
            "laid bob -",
            "end",
            "add carol --score 40",
            "laid carol 9H 10H JH",
            "held alice -",
            "held bob -",
            "held carol -",
            "laid alice -",
            "laid bob -",
            "end",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: a player can join only between hands (this hand has entries); nothing changed"
        ]
    );
    let v = t.json("join");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", -5), ("bob", 0), ("carol", 65)])
    );
    // The core's starts, every player's, as in every game.
    assert_eq!(v["starts"], json!({"alice": 0, "bob": 0, "carol": 40}));
    assert_eq!(v["hands"][0]["points"], json!({"alice": -5, "bob": 0}));
}

#[test]
fn the_exports_carry_totals_winners_and_each_hands_cards() {
    let t = Table::new();
    let mut lines = vec![
        "lay alice 5C 6C 7C",
        "take bob 8C onto alice",
        "held alice 2D",
        "held bob -",
        "held carol QS",
        "end",
    ];
    for _ in 0..3 {
        lines.extend(big_hand());
    }
    t.run(
        &new_args(&["alice", "bob", "carol"], "night", &[]),
        &script(&lines),
    );
    let v = t.json("night");
    assert_eq!(v["game"], "take-rummy");
    assert_eq!(v["unit"], "points");
    assert_eq!(v["lowest_wins"], false);
    assert_eq!(v["options"], json!({"target": 500}));
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 565), ("bob", 35), ("carol", -40)])
    );
    assert_eq!(v["winners"], json!(["alice"]));
    assert_eq!(v["finished"], true);
    let hands = v["hands"].as_array().expect("hands");
    assert_eq!(hands.len(), 4);
    assert_eq!(hands[0]["laid"]["bob"], json!(["5C 6C 7C 8C"]));
    assert_eq!(hands[0]["held"]["carol"], json!(["QS"]));
    assert_eq!(
        hands[3]["laid"]["alice"],
        json!([
            "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
        ])
    );
    assert_eq!(hands[3]["held"]["carol"], json!(["2D", "3D"]));
    assert_eq!(v["open_hand"], serde_json::Value::Null);

    let csv = t.export("night", "csv");
    assert_eq!(
        csv,
        "hand,alice,bob,carol\n1,-5,20,-10\n2,190,5,-10\n3,190,5,-10\n4,190,5,-10\ntotal,565,35,-40\n"
    );

    let md = t.export("night", "md");
    says(
        &md,
        &[
            "# TAKE rummy \"night\"",
            "| player | h1 | h2 | h3 | h4 | total |",
            "| alice | -5 | 190 | 190 | 190 | 565 |",
            "**Winner: alice.**",
            "## The table",
            "hand 4, the last (closed)",
            "| alice | 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS, 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH (190) | nothing (0) | 190 |",
        ],
    );
}

#[test]
fn new_take_rummy_help_lists_the_target_and_no_word_flags() {
    let t = Table::new();
    let run = t.run(&["new", "take-rummy", "--help"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    says(
        &run.stdout,
        &["--target <N>", "[default: 500]", "umpire new take-rummy"],
    );
    assert!(!run.stdout.contains("--level"), "{}", run.stdout);
    let run = t.run(&["new", "--help"], "");
    says(&run.stdout, &["take-rummy"]);
    for bad in ["0", "x", "2000000"] {
        let run = t.run(&["new", "take-rummy", "a", "b", "--target", bad], "");
        assert_eq!(run.code, Some(2), "--target {bad}: {}", run.stdout);
    }
    let run = t.run(&["new", "take-rummy", "solo", "--name", "solo"], "");
    assert_ne!(run.code, Some(0));
    assert!(
        run.stderr.contains("TAKE rummy needs at least 2 players"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

#[test]
fn bad_input_gets_one_clear_line_and_leaves_the_log_as_it_was() {
    let t = Table::new();
    t.run(
        &new_args(&["alice", "bob"], "bad", &[]),
        &script(&["lay alice 5C 6C 7C", "lay bob 2S-AS", "held alice JK 9H"]),
    );
    let before = t.log("bad");
    let cases = [
        (
            "held bob 11H",
            "11H is not a card: ranks are 2-10, J, Q, K, A (T for 10), suits C, D, H, S or ♣ ♦ ♥ ♠, and JK or * is a joker",
        ),
        (
            "held bob 5X",
            "5X is not a card: X is not a suit: suits are C, D, H, S or ♣ ♦ ♥ ♠",
        ),
        (
            "held bob JK JK",
            "a third joker this hand: the deck has only 2 (in alice's held cards, in bob's held cards)",
        ),
        (
            "held bob 9H",
            "9H is already in alice's held cards (since #3): the deck has one of each card",
        ),
        (
            "held bob 3D 3D",
            "3D is already in bob's held cards: the deck has one of each card",
        ),
        (
            "lay bob 3D 4D",
            "bob's run: a run needs at least 3 cards, and 3D 4D is 2",
        ),
        (
            "lay bob 3D 5D 6D",
            "bob's run: not consecutive: 4D missing between 3D and 5D, and no joker to fill it",
        ),
        (
            "take bob 8C onto alice:2",
            "alice has 1 run on the table, A (5C-7C): there is no run alice:2",
        ),
        (
            "take bob 8C onto carol",
            "\"carol\" is neither a run on the table nor a player: name a run by its letter (run A), its owner (PLAYER's run) or a card of it (the run with 8C); the runs on the table are A (5C-7C) and B (2S-AS)",
        ),
        (
            "take alice 8C onto alice",
            "alice's hand is already recorded as held (JK 9H); `undo` that before they lay or take",
        ),
        (
            "take bob 8C",
            "take needs the cards and the run they go onto: take bob CARDS onto RUN",
        ),
        (
            "take bob 8C onto Q",
            "there is no run Q on the table: the runs on the table are A (5C-7C) and B (2S-AS)",
        ),
        (
            "take bob 8C onto 9D",
            "no run on the table holds 9D: the runs on the table are A (5C-7C) and B (2S-AS)",
        ),
        ("take bob 8C onto 7C-2S", "7C-2S is not a range"),
        (
            "held alice 2D",
            "alice already has a held entry this hand (JK 9H)",
        ),
        (
            "laid bob 2D 3D 4D",
            "the table is tracked this hand (lay and take)",
        ),
        (
            "held alcie 2D",
            "unknown player \"alcie\" (did you mean alice?)",
        ),
        ("end", "bob has no entry yet"),
        ("end 1", "end takes no arguments"),
        (
            "laid",
            "laid needs the player and the runs, e.g. laid PLAYER 5C 6C 7C, QH KH AH",
        ),
        (
            "held bob",
            "held needs the player and the cards, e.g. held bob 5C QS JK, or held bob - for none",
        ),
        (
            "discard? 8C 9C",
            "discard? takes one card, e.g. discard? 8C",
        ),
        (
            "fix 2 held bob 2D",
            "there is no hand 2: hand 1 is the open hand",
        ),
        ("fix x held bob 2D", "is not a hand number"),
        ("add dave", "a player can join only between hands"),
        (
            "held bob 2D-2D",
            "2D-2D is not a range: it starts and ends at 2D; type the card alone",
        ),
        ("held bob ♥5", "♥5 is not a card"),
    ];
    for (line, expect) in cases {
        let run = t.run(&["resume", "bad"], &format!("{line}\n"));
        let refusals = run.refusals();
        assert_eq!(refusals.len(), 1, "{line}: {}", run.stdout);
        assert!(refusals[0].contains(expect), "{line}: {}", refusals[0]);
        assert!(
            refusals[0].ends_with("; nothing changed"),
            "{}",
            refusals[0]
        );
        assert_eq!(run.code, Some(1), "{line}");
        assert_eq!(t.log("bad"), before, "{line} changed the log");
    }
}

#[test]
fn suits_as_symbols_and_any_case_are_read_and_written_as_letters() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["alice", "bob"], "symbols", &[]),
        &script(&[
            "laid alice 5♣ 6♣ 7♣, t♥ j♥ q♥",
            "held alice *",
            "held bob 2♠",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(
        &run.stdout,
        &[
            "recorded  alice laid 5C 6C 7C (15), 10H JH QH (30): 45",
            "recorded  alice held JK: -20",
            "recorded  bob held 2S: -5",
        ],
    );
}

#[test]
fn a_run_of_fourteen_cards_is_refused_for_aces_at_both_ends_at_the_prompt_and_the_shell() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "ann", "ben", "--name", "aces"],
        &script(&["laid ben JK 2H-AH"]),
    );
    run.says(
        "not recorded: ben's run: 14 cards would run from ace to ace: the sheet forbids aces at both ends of one run, so a run holds at most 13 (A to K, or 2 to A); nothing changed",
    );
    let run = t.run(&["run", "JK", "2H-AH"], "");
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    run.says(
        "verdict  not a run: 14 cards would run from ace to ace: the sheet forbids aces at both ends of one run",
    );
}

/// Issue 42: runs are named the way umpire names them (`run A`) and the way players do
/// (`ben's run`, `the run with 10D`); a run part that names nothing is refused as a run
/// that cannot be read, and an owner with several runs is asked which.
#[test]
fn runs_are_named_as_the_table_names_them() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben", "carol"], "runs", &[]),
        &script(&[
            "lay ben 5C 6C 7C",
            "take ann 8C onto run A",
            "lay ben 2H 3H 4H",
            "take carol 5H onto ben's run",
            "lay ben 9D 10D JD",
            "lay ben 2S 3S 4S",
            "take carol QD onto ben's run",
            "take carol QD onto the run with 10D",
            "take ann 5S onto the blue run",
            "take ann 6H 7H onto Carol’s run",
        ]),
    );
    assert_eq!(run.code, Some(1), "refusals in a script: {}", run.stdout);
    says(
        &run.stdout,
        &[
            "> take ann 8C onto run A\nrecorded  ann takes ben's 5C 6C 7C with 8C: 5C-8C, 20 (run A)\n",
            "> take carol 5H onto ben's run\nrecorded  carol takes ben's 2H 3H 4H with 5H: 2H-5H, 20 (run B)\n",
            "> take carol QD onto ben's run\nnot recorded: ben has 2 runs on the table, C (9D-JD) and D (2S-4S): say which (by its letter, or a card of it); nothing changed\n",
            "> take carol QD onto the run with 10D\nrecorded  carol takes ben's 9D 10D JD with QD: 9D-QD, 35 (run C)\n",
            "> take ann 5S onto the blue run\nnot recorded: \"blue\" is neither a run on the table nor a player: name a run by its letter (run A), its owner (PLAYER's run) or a card of it (the run with 8C); the runs on the table are A (5C-8C), B (2H-5H), C (9D-QD) and D (2S-4S); nothing changed\n",
            "> take ann 6H 7H onto Carol’s run\nnot recorded: carol has 2 runs on the table, B (2H-5H) and C (9D-QD): say which (by its letter, or a card of it); nothing changed\n",
        ],
    );
}

/// Issue 42: cards added to one's own run are said as adding, two of one's own runs
/// joined as joining; a take from another player is still a take.
#[test]
fn a_card_added_to_ones_own_run_is_said_as_adding() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "adds", &[]),
        &script(&[
            "lay ann 5C 6C 7C",
            "take ann 8C onto run A",
            "lay ann 10C JC QC",
            "take ann 9C onto A and B",
            "lay ben 2H 3H 4H",
            "take ann 5H onto ben's run",
        ]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    says(
        &run.stdout,
        &[
            "> take ann 8C onto run A\nrecorded  ann adds 8C to their 5C 6C 7C: 5C-8C, 20 (run A)\n",
            "> take ann 9C onto A and B\nrecorded  ann joins their 5C 6C 7C 8C and 10C JC QC with 9C: 5C-QC, 55 (run A)\n",
            "> take ann 5H onto ben's run\nrecorded  ann takes ben's 2H 3H 4H with 5H: 2H-5H, 20 (run C)\n",
        ],
    );
}

#[test]
fn a_take_refused_for_its_cards_is_kept_as_a_ruling_and_a_typo_is_not() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "ruled", &[]),
        &script(&[
            "lay ann 5C 6C 7C",
            "lay ben 2S-AS",
            "take ben 9C onto A",
            "take ann JK onto B",
            "take ann 8C onto Q",
            "rulings",
        ]),
    );
    assert_eq!(
        run.ruled_out(),
        vec![
            "refused: 9C with 5C-7C does not make one run: not consecutive: 8C missing between 7C and 9C, and no joker to fill it; nothing changed on the table",
            "refused: 2S-AS is locked (complete at 13 cards): it cannot be taken, not even with a joker; nothing changed on the table",
        ]
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: there is no run Q on the table: the runs on the table are A (5C-7C) and B (2S-AS); nothing changed"
        ]
    );
    assert_eq!(run.code, Some(1));
    let v = t.json("ruled");
    let rulings = v["rulings"].as_array().expect("rulings");
    assert_eq!(rulings.len(), 2);
    assert_eq!(rulings[0]["asked"], "take ben 9C onto A");
    assert_eq!(rulings[0]["player"], "ben");
    assert_eq!(rulings[0]["words"][0]["word"], "9C onto A");
    assert_eq!(rulings[0]["words"][0]["allowed"], false);
    assert!(
        rulings[1]["words"][0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("locked")),
        "{}",
        rulings[1]
    );
    // The table is as it was.
    assert_eq!(v["table"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_hand_closed_through_its_question_says_whose_deal_is_next() {
    let mut t = AtTerminal::new(&["take-rummy", "ann", "ben", "cat"]);
    t.ok(&[
        "deal ann 9H",
        "held ann -",
        "held ben 2D",
        "held cat 3D",
        "end",
        "laid ben 5C 6C 7C",
        "held ann -",
        "held ben -",
        "held cat -",
    ]);
    let asked = t.typed("end");
    assert_eq!(
        asked.ask.as_deref(),
        Some("close the hand with ann and cat having laid nothing?"),
        "{}",
        asked.text
    );
    let yes = t.answered(true);
    assert!(yes.text.contains("recorded  hand 2 closed"), "{}", yes.text);
    assert!(
        yes.text
            .trim_end()
            .ends_with("next: cat deals hand 3 (`deal cat CARD`)"),
        "{}",
        yes.text
    );
    // cat had laid after all: the fix goes in before the close, and the close is told
    // with cat's new points in the history, not the ones it had.
    let fixed = t.typed("fix 2 laid cat 8H 9H 10H");
    assert!(
        fixed.text.contains(
            "recorded  hand 2 corrected: cat laid 8H 9H 10H (20): 20   (totals now cat -5 -> 15)"
        ),
        "the totals the fix moved: {}",
        fixed.text
    );
    let history = t.typed("history 2");
    let row = history
        .text
        .lines()
        .find(|l| l.contains("cat laid 8H 9H 10H"))
        .unwrap_or_else(|| panic!("no fixed row: {}", history.text));
    assert!(
        row.contains("hand 2 closed: ann 0, ben 15, cat 20"),
        "the close with cat's laid run: {row}"
    );
    assert!(
        row.contains("was: hand 2 closed: ann 0, ben 15, cat 0"),
        "{row}"
    );
}

#[test]
fn a_second_held_entry_in_the_open_hand_points_to_the_fix_that_replaces_it() {
    // Played at a table: cat's held entry missed a card; the second entry was refused
    // with "`fix` it once the hand is closed", though `fix #N` replaces it at once.
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "bob", "cat"], "again", &[]),
        &script(&[
            "laid ann 2H-6H",
            "held ann -",
            "laid bob -",
            "held bob 9C",
            "laid cat -",
            "held cat KS KH",
            "held cat KS KH 4S",
            "fix #6 held cat KS KH 4S",
            "end",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: cat already has a held entry this hand (KS KH); `undo` it, or replace it with `fix #N held cat ...` (`history` gives N); nothing changed"
        ],
        "{}",
        run.stdout
    );
    says(
        &run.stdout,
        &["recorded  hand 1 closed: ann 25, bob -5, cat -25"],
    );
}

#[test]
fn a_correction_of_a_closed_hand_says_the_players_points_for_it_and_total_now() {
    // Played at a table: `fix 5 held cath KS KH 4S` after the match said only
    // "hand 5 corrected: Cath held KS KH 4S: -25", and the table had to ask for
    // `score` to learn Cath's total.
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "bob", "cat"], "fixsays", &[]),
        &script(&[
            "laid ann 2H-6H",
            "held ann -",
            "laid bob -",
            "held bob 9C",
            "laid cat -",
            "held cat KS",
            "end",
            "laid ann -",
            "held ann -",
            "laid bob 5S 6S 7S",
            "held bob -",
            "laid cat -",
            "held cat -",
            "end",
            "fix 1 held bob 9C 10C",
        ]),
    );
    says(
        &run.stdout,
        &["recorded  hand 1 corrected: bob held 9C 10C: -15   (bob: h1 -15, total 0)\n"],
    );
}

#[test]
fn a_fix_that_would_end_the_match_under_an_open_hand_is_refused() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "under", &["--target", "50"]),
        &script(&[
            "laid ann 5C 6C 7C",
            "laid ben -",
            "held ann -",
            "held ben -",
            "end",
            "lay ben 2D 3D 4D",
            "fix 1 laid ann 5C-KC",
            "table",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: with #1 as laid ann 5C-KC, #6 (ben lays 2D 3D 4D: 15 (run A)) would no longer fit: the match is over (ann won with 65); `new take-rummy ...` starts another; nothing changed"
        ]
    );
    says(last_table(&run.stdout), &["A  ben  2D 3D 4D  value  15"]);
    assert_eq!(totals(&t.json("under")), pairs(&[("ann", 15), ("ben", 0)]));
    // Once hand 2 is empty again, the correction may end the match at hand 1.
    let run = t.run(&["resume", "under"], "undo\nfix 1 laid ann 5C-KC\n");
    says(&run.stdout, &["match over: ann wins"]);
}

#[test]
fn finish_ends_a_match_early_and_target_moves_it_but_not_below_a_total_reached() {
    let t = Table::new();
    let run = t.run(
        &new_args(&["ann", "ben"], "early", &[]),
        &script(&[
            "finish",
            "target 100",
            "laid ann 2S-AS",
            "laid ben 5C 6C 7C",
            "held ann -",
            "finish",
            "held ben -",
            "end",
            "target 95",
            "target 0",
            "target x",
            "target 200",
            "finish",
            "laid ann 5H 6H 7H",
            "target 300",
        ]),
    );
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: no hand has closed yet: there is nothing to finish; nothing changed",
            "not recorded: hand 1 has entries: `end` it, or `undo` them, before `finish`; nothing changed",
            "not recorded: ann already has 95: a target of 95 would already be reached (a target above 95, or `finish` to end the match now); nothing changed",
            "not recorded: target takes the points that end the match, 1 to 1000000, e.g. target 300 (not 0); nothing changed",
            "not recorded: target takes the points that end the match, 1 to 1000000, e.g. target 300 (not \"x\"); nothing changed",
            "not recorded: the match is over (ann won with 95); `new take-rummy ...` starts another; nothing changed",
            "not recorded: the match was finished by `finish`; `undo` that first; nothing changed",
        ]
    );
    says(
        &run.stdout,
        &[
            "recorded  the match is played to 100 points from here (it was 500)",
            "recorded  the match is played to 200 points from here (it was 100)",
            "recorded  the match is finished after 1 hand: ann wins with 95",
            "match over: ann wins",
        ],
    );
    let v = t.json("early");
    assert_eq!(v["finished"], true);
    assert_eq!(v["winners"], json!(["ann"]));
    assert_eq!(v["target"], 200);
    assert_eq!(v["finished_early"], true);
    assert_eq!(
        v["status"],
        "match finished after 1 hand, before the target of 200"
    );
    // The table still shows the last hand's runs, and so does the export.
    assert_eq!(v["table"], json!([]));
    // A match whose hand closes at the new target ends there.
    let run = t.run(
        &new_args(&["ann", "ben"], "lower", &[]),
        &script(&[
            "target 90",
            "laid ann 2S-AS",
            "laid ben -",
            "held ann -",
            "held ben -",
            "end",
        ]),
    );
    says(&run.stdout, &["match over: ann wins"]);
}

#[test]
fn opening_a_match_whose_target_was_changed_names_the_target_it_is_played_to() {
    // Played at a table: `target 300` at the start of the evening; every resume after
    // said "to 500 points" in its first line and "playing to 300" below it.
    let t = Table::new();
    t.run(
        &new_args(&["ann", "bob"], "tgt", &[]),
        &script(&["target 300"]),
    );
    let run = t.run(&["open", "tgt"], "");
    let first = run.stdout.lines().next().unwrap_or("");
    assert_eq!(
        first,
        "take-rummy \"tgt\": ann, bob; to 300 points; 7 cards dealt each from a deck of 52 and 2 jokers",
        "{}",
        run.stdout
    );
    run.says("playing to 300");
}

#[test]
fn a_target_changed_mid_match_is_said_in_the_markdown_export() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "ann", "ben", "--name", "to300"],
        &script(&["target 300"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let md = t.export("to300", "md");
    assert!(
        md.contains(
            "Terms: to 300 points; 7 cards dealt each from a deck of 52 and 2 jokers. At the start: to 500 points; 7 cards dealt each from a deck of 52 and 2 jokers.\n"
        ),
        "{md}"
    );
}

#[test]
fn the_export_after_the_match_ends_has_the_final_table_and_the_chart_its_target() {
    let t = Table::new();
    t.run(
        &new_args(&["ann", "ben"], "final", &["--target", "20"]),
        &script(&[
            "lay ann 5C 6C 7C",
            "take ben 8C onto A",
            "held ann -",
            "held ben -",
            "end",
        ]),
    );
    let v = t.json("final");
    assert_eq!(v["finished"], true);
    assert_eq!(
        v["table"],
        json!([{"run": "A", "owner": "ben", "cards": "5C 6C 7C 8C", "value": 20, "locked": false, "jokers": []}])
    );
    assert_eq!(
        v["plays"][0]["plays"][1],
        json!({"play": "take", "player": "ben", "cards": ["8C"], "onto": ["A"], "run": "A",
               "makes": "5C 6C 7C 8C", "value": 20, "locked": false})
    );
    // The chart draws the target as a line, labelled in the legend.
    let svg = t.export("final", "svg");
    assert!(svg.contains("\ntarget 20\n"), "{svg}");
    let other = t.export("final", "csv");
    assert!(!other.contains("target"), "{other}");
}
