//! `fix ROUND VERB ARGS` (`fix HAND ...` in TAKE rummy): the core's shorthand for `fix #N`
//! of the entry of that round the line takes the place of (the same player's, as the
//! game says), or the line added to the round. One correction mechanism for every game:
//! the line is ruled on as if typed where it goes, and every later entry must still fit.

use crate::common::{Table, pairs, totals};

/// Two rounds of Take Two: ann 0 + 5, ben 20 + 0, cat 4 + 4.
const TWO_ROUNDS: &str =
    "out ann\nleft ben QZ\nleft cat AB\nend\nleft ann K\nout ben\nleft cat W\nend\n";

fn take_two(t: &Table, name: &str, script: &str) {
    t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", name],
        script,
    );
}

/// The refusals of `line` typed at session `name`, checking it changed nothing.
fn refused(t: &Table, name: &str, line: &str) -> String {
    let before = t.log(name);
    let run = t.run(&["resume", name], &format!("{line}\n"));
    let r = run.refusals();
    assert_eq!(r.len(), 1, "{line}: {}", run.stdout);
    assert_eq!(t.log(name), before, "{line} changed the log");
    r[0].to_string()
}

#[test]
fn a_round_s_entry_is_replaced_by_the_same_player_s_and_held_to_the_tile_set() {
    let t = Table::new();
    take_two(&t, "tiles", TWO_ROUNDS);
    let run = t.run(&["resume", "tiles"], "fix 1 left ben Q\n");
    run.says("recorded  round 1 corrected: ben left Q: 10   (ben: r1 10, total 10)");
    assert_eq!(
        totals(&t.json("tiles")),
        pairs(&[("ann", 5), ("ben", 10), ("cat", 8)])
    );
    let why = refused(&t, "tiles", "fix 1 left cat QA");
    assert!(why.contains("in place of #3 (cat left A B: 4)"), "{why}");
    assert!(why.contains("the tile set has only 1 Q"), "{why}");
}

#[test]
fn a_fix_of_the_open_round_replaces_only_that_player_s_entry() {
    let t = Table::new();
    take_two(&t, "open", "out ben\nleft cat EE\n");
    let run = t.run(&["resume", "open"], "fix 1 left ben K\nhistory\n");
    run.says("recorded  round 1 corrected: ben left K: 5   (ben: r1 5, total 5)");
    run.says("ben left K: 5  (fixed by #3; was: ben out: 0)");
    let v = t.json("open");
    assert_eq!(v["open_round"]["points"]["ben"], 5);
    assert_eq!(
        v["open_round"]["points"]["cat"], 2,
        "cat's later entry is kept"
    );
    // A player with no entry in the open round gets one.
    let run = t.run(&["resume", "open"], "fix 1 out ann\n");
    run.says("recorded  round 1 corrected: ann out: 0   (ann: r1 0, total 0)");
}

#[test]
fn a_late_joiner_is_no_player_of_a_round_before_they_sat_down() {
    let t = Table::new();
    take_two(
        &t,
        "late",
        "out ann\nleft ben K\nleft cat A\nend\nadd dave\n",
    );
    let why = refused(&t, "late", "fix 1 out dave");
    assert!(
        why.contains("unknown player \"dave\"") && why.contains("ann, ben, cat"),
        "{why}"
    );
}

#[test]
fn a_fix_names_the_rounds_there_are() {
    let t = Table::new();
    take_two(&t, "rounds", "");
    for n in [0, 2] {
        assert!(
            refused(&t, "rounds", &format!("fix {n} out ann"))
                .contains(&format!("there is no round {n}: round 1 is the open round")),
        );
    }
    t.run(&["resume", "rounds"], TWO_ROUNDS);
    for n in [0, 4] {
        let why = refused(&t, "rounds", &format!("fix {n} out ann"));
        assert!(
            why.contains(&format!(
                "there is no round {n}: rounds 1 to 2 are closed, 3 is open"
            )),
            "{why}"
        );
    }
    let run = t.run(&["resume", "rounds"], "fix 2 out ann\nfix 3 out ann\n");
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    assert_eq!(
        totals(&t.json("rounds")),
        pairs(&[("ann", 0), ("ben", 20), ("cat", 8)])
    );
}

#[test]
fn a_pardon_by_fix_takes_back_that_round_s_last_penalty_and_a_penalty_is_added_to_its_round() {
    let t = Table::new();
    take_two(
        &t,
        "pardon",
        "penalty ben played DONT\nout ann\nleft ben K\nleft cat A\nend\npenalty ben played NASA\n",
    );
    let run = t.run(
        &["resume", "pardon"],
        "fix 1 pardon ben\nfix 2 pardon ben\nfix 1 penalty cat played XRAY\n",
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("recorded  round 1 corrected: ben's penalty (played DONT) taken back (-25)");
    let v = t.json("pardon");
    assert_eq!(v["rounds"][0]["points"]["ben"], 5);
    assert_eq!(v["rounds"][0]["points"]["cat"], 26);
    assert_eq!(v["open_round"]["points"].get("ben"), None, "NASA pardoned");
    let why = refused(&t, "pardon", "fix 1 pardon ben");
    assert!(why.contains("ben has no penalty in that round"), "{why}");
    // The pardon and the penalty are rulings about round 1, given when typed.
    let rulings: Vec<(String, u64)> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .map(|r| {
            (
                r["asked"].as_str().unwrap_or_default().to_string(),
                r["round"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        rulings,
        [
            ("penalty ben".to_string(), 1),
            ("penalty ben".to_string(), 2),
            ("pardon ben".to_string(), 1),
            ("pardon ben".to_string(), 2),
            ("penalty cat".to_string(), 1),
        ]
    );
    // `history 1` lists the fixes of round 1 with the round's own entries.
    let run = t.run(&["resume", "pardon"], "history 1\n");
    run.says("round 1 corrected: cat +25 (played XRAY)");
    assert!(!run.stdout.contains("round 2 corrected"), "{}", run.stdout);
}

/// TAKE rummy's hand 1 as the guide plays it, refusals and all: dealt and followed
/// card by card, carol holding four cards when bob went out.
const DEALT: &[&str] = &[
    "deal alice 9H",
    "draw bob 9H",
    "lay bob 5C 6C 7C",
    "discard bob 9H",
    "discard bob 8C",
    "discard bob 2D",
    "draw carol 2D",
    "lay carol 2D 3D 4D",
    "discard carol KS",
    "draw alice",
    "take alice 8C onto A",
    "lay alice JK QH KH",
    "lay alice QH KH JK=AH",
    "discard alice 3S",
    "draw bob",
    "take bob 5D 6D onto 4D",
    "discard bob 4S",
    "draw carol 4S",
    "discard carol 4S",
    "discard carol 7S",
    "draw alice",
    "take alice 7D onto B",
    "discard alice 2S",
    "draw bob",
    "lay bob 9H 10H JH",
    "draw carol",
    "discard carol 9S",
    "draw alice 9S",
    "discard alice 9S",
    "discard alice 5H",
    "draw bob 5H",
    "draw bob",
    "discard bob 4C",
    "discard bob KC",
    "held alice 2C 9S",
    "held carol 4S JC QC 3H",
    "end",
];

#[test]
fn a_fix_of_a_dealt_hand_s_held_cards_is_held_to_umpire_s_count_as_the_entry_was() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "take-rummy",
            "alice",
            "bob",
            "carol",
            "--name",
            "dealt",
        ],
        &format!("{}\n", DEALT.join("\n")),
    );
    let refused_lines = run.refusals().len();
    assert!(
        refused_lines > 0,
        "the guide's hand has refusals: {}",
        run.stdout
    );
    assert_eq!(
        totals(&t.json("dealt")),
        pairs(&[("alice", 80), ("bob", 25), ("carol", -30)])
    );
    let why = refused(&t, "dealt", "fix 1 held carol 4S JC");
    assert!(
        why.contains("carol holds 4 cards by umpire's count"),
        "{why}"
    );
    let run = t.run(&["resume", "dealt"], "fix 1 held carol 4S JC 3H 2H\n");
    run.says(
        "recorded  hand 1 corrected: carol held 4S JC 3H 2H: -25   (carol: h1 -25, total -25)",
    );
}

#[test]
fn a_hand_s_fix_is_ruled_as_if_typed_then_and_may_end_the_match_later() {
    let t = Table::new();
    let small = "laid alice 5C 6C 7C\nlaid bob -\nheld alice -\nheld bob 3C\nend\n";
    t.run(
        &["new", "take-rummy", "alice", "bob", "--name", "lowered"],
        &format!("{small}target 300\n{small}"),
    );
    assert_eq!(
        totals(&t.json("lowered")),
        pairs(&[("alice", 30), ("bob", -10)])
    );
    // As if typed then: alice at 300 after hand 1 would have made `target 300`, typed
    // after it, impossible, so the fix is refused naming that entry.
    let why = refused(
        &t,
        "lowered",
        "fix 1 laid alice 2S-AS, 2H-AH, 2D-AD, 5C 6C 7C",
    );
    assert!(
        why.contains("#6 (the match is played to 300 points from here (it was 500)) would no longer fit: alice already has 300"),
        "{why}"
    );
    // At 285 after hand 1, short of the 500 it was played to, and 300 after hand 2,
    // played to 300: the match ends there.
    let run = t.run(
        &["resume", "lowered"],
        "fix 1 laid alice 2S-AS, 2H-AH, 2D-KD, 5C 6C 7C\n",
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("match over: alice wins");
    assert_eq!(
        totals(&t.json("lowered")),
        pairs(&[("alice", 300), ("bob", -10)])
    );
}
