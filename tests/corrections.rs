//! Corrections, the same in every game: undo that never surprises, redo, a fix of any
//! past entry (`fix #N`), a correction that ends or reopens the match, and `history` that
//! tells them. `fix ROUND VERB ARGS` (`fix HAND ...` in TAKE rummy) is the core's shorthand
//! for `fix #N` of the entry of that round the line takes the place of (the same
//! player's, as the game says), or the line added to the round: the line is ruled on as
//! if typed where it goes, and every later entry must still fit.

use crate::common;

use common::{BOARD, Table, pairs, reply_lines, script, totals};

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
fn undo_says_in_one_line_what_it_took_back_and_where_that_leaves_the_table() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "u"],
        &script(&["out ann", "left ben QZX", "undo"]),
    );
    let reply = reply_lines(&run.stdout, "undo");
    assert_eq!(
        reply,
        ["undid #2 ben left Q Z X: 28; now ben: r1 no entry yet, total 0"],
        "{}",
        run.stdout
    );
}

#[test]
fn undo_after_a_refused_line_takes_the_entry_before_and_says_the_refused_line_recorded_nothing() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "u"],
        &script(&["out ann", "left bob QZ", "undo", "history"]),
    );
    let reply = reply_lines(&run.stdout, "undo");
    assert_eq!(
        reply,
        ["undid #1 ann out: 0; now ann: total 0; the refused line before it recorded nothing"],
        "{}",
        run.stdout
    );
    run.says("ann out: 0  (undone)");
}

#[test]
fn undo_takes_back_the_last_entry_and_says_what_it_undid() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "alice", "bob", "--name", "u"],
        "out alice\nleft bob QZX\nundo\nleft bob Q\nend\nundo\nundo\nout bob\n",
    );
    assert!(
        crate::common::undid(&run.stdout, "bob left Q Z X: 28"),
        "{}",
        run.stdout
    );
    assert!(
        crate::common::undid(&run.stdout, "round 1 closed: alice 0, bob 10"),
        "{}",
        run.stdout
    );
    assert!(
        crate::common::undid(&run.stdout, "bob left Q: 10"),
        "{}",
        run.stdout
    );
    let v = t.json("u");
    assert_eq!(v["rounds"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["open_round"]["points"]["bob"], 0);
    // The log keeps every line: undo is an event, never a rewrite.
    let log = String::from_utf8(t.log("u")).expect("utf-8");
    assert_eq!(log.lines().count(), 1 + 8);
    assert_eq!(log.matches("\"type\":\"undone\"").count(), 3);
}

#[test]
fn nothing_to_undo_is_said_plainly() {
    let t = Table::new();
    let run = t.run(&["new", "take-two", "a", "b", "--name", "n"], "undo\n");
    assert_eq!(
        run.refusals(),
        vec!["not recorded: there is nothing to undo; nothing changed"]
    );
}

#[test]
fn redo_puts_back_what_the_last_undos_took_until_something_else_is_recorded() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "r"],
        &script(&[
            "out ann",
            "left ben QZX",
            "undo",
            "undo",
            "redo",
            "redo",
            "redo",
            "undo",
            "note the tiles were recounted",
            "redo",
            "history",
        ]),
    );
    let redid: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("redid #"))
        .collect();
    assert_eq!(
        redid,
        [
            "redid #1 ann out: 0; now ann: r1 0, total 0",
            "redid #2 ben left Q Z X: 28; now ben: r1 28, total 28",
        ]
    );
    let refusals = run.refusals();
    assert_eq!(refusals.len(), 2, "{}", run.stdout);
    assert!(
        refusals[0].contains("there is nothing more to redo"),
        "{}",
        refusals[0]
    );
    assert!(
        refusals[1].contains("there is nothing to redo: redo puts back what the last undo took, before anything else is recorded"),
        "{}",
        refusals[1]
    );
    for shown in [
        "undid entry 2",
        "redid entry 1",
        "note: the tiles were recounted",
    ] {
        assert!(run.stdout.contains(shown), "{shown}: {}", run.stdout);
    }
    let v = t.json("r");
    assert_eq!(totals(&v), common::pairs(&[("ann", 0), ("ben", 0)]));
}

#[test]
fn a_fix_replaces_a_take_two_entry_and_the_rest_is_applied_again_on_top() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cal", "--name", "f"],
        &script(&[
            "out ann",
            "left ben QZX",
            "left cal AB",
            "end",
            "out ben",
            "fix #2 left ben QZ",
            "history",
        ]),
    );
    run.says("fixed #2: ben left Q Z X: 28 -> ben left Q Z: 20; totals now ben 28 -> 20");
    run.says("ben left Q Z: 20  (fixed by #6; was: ben left Q Z X: 28)");
    let v = t.json("f");
    assert_eq!(
        totals(&v),
        common::pairs(&[("ann", 0), ("ben", 20), ("cal", 4)])
    );
    // The log keeps the original and the correction.
    let log = String::from_utf8_lossy(&t.log("f")).to_string();
    assert!(log.contains("\"tiles\":\"QZX\""), "{log}");
    assert!(log.contains("\"type\":\"replaced\",\"seq\":2"), "{log}");
    // Undo takes the correction back; the original counts again, and stays after reopening.
    let again = t.run(&["resume", "f"], &script(&["undo"]));
    assert!(
        common::undid(&again.stdout, "fix #2: left ben QZ"),
        "{}",
        again.stdout
    );
    assert_eq!(
        totals(&t.json("f")),
        common::pairs(&[("ann", 0), ("ben", 28), ("cal", 4)])
    );
}

#[test]
fn a_fix_names_players_as_they_are_called_now() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "n"],
        &script(&[
            "out ann",
            "left ben QZX",
            "rename ben benny",
            "fix #2 left benny Q",
            "end",
        ]),
    );
    run.says("fixed #2: ben left Q Z X: 28 -> ben left Q: 10");
    assert_eq!(
        totals(&t.json("n")),
        common::pairs(&[("ann", 0), ("benny", 10)])
    );
}

#[test]
fn a_fix_that_would_break_a_later_entry_is_refused_naming_it_and_changes_nothing() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "cal",
            "--board",
            BOARD,
            "--name",
            "b",
        ],
        &script(&[
            "cover ann 5,3 M 5,4 A",
            "cover ben 5,5 P 5,6 L",
            "cover cal 5,7 E",
            "fix #2 cover ben 5,5 P",
        ]),
    );
    let refusals = run.refusals();
    assert_eq!(refusals.len(), 1, "{}", run.stdout);
    assert!(
        refusals[0].starts_with(
            "not recorded: with #2 as cover ben 5,5 P, #3 (cal covers E of MAPLE: completes MAPLE, 1 chip) would no longer fit: E of MAPLE (r5c7): out of spelling order"
        ),
        "{}",
        refusals[0]
    );
    let v = t.json("b");
    assert_eq!(
        totals(&v),
        common::pairs(&[("ann", 0), ("ben", 0), ("cal", 1)])
    );
    assert_eq!(
        String::from_utf8_lossy(&t.log("b")).lines().count(),
        4,
        "nothing logged"
    );
}

#[test]
fn a_fix_replaces_a_board_chips_turn() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "ben",
            "cal",
            "--board",
            BOARD,
            "--name",
            "b",
        ],
        &script(&[
            "cover ann 5,3 M 5,4 A",
            "cover ben 5,5 P 5,6 L",
            "cover cal 4,1 J",
            "fix #3 cover cal 5,7 E",
        ]),
    );
    run.says("fixed #3: cal covers J of JAR: starts JAR -> cal covers E of MAPLE: completes MAPLE, 1 chip; totals now cal 0 -> 1");
    let v = t.json("b");
    assert_eq!(v["kitty"], 43);
}

#[test]
fn a_fix_replaces_a_take_rummy_lay_and_a_held_entry() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-rummy", "ann", "ben", "--name", "r"],
        &script(&[
            "lay ann 5C 6C 7C",
            "lay ben 2D 3D 4D",
            "held ann 9S",
            "fix #2 lay ben 2D 3D 4D 5D",
            "fix #3 held ann 9S KS",
        ]),
    );
    assert_eq!(run.refusals(), Vec::<&str>::new(), "{}", run.stdout);
    let v = t.json("r");
    assert_eq!(v["table"][1]["cards"], "2D 3D 4D 5D", "{v}");
    assert_eq!(
        v["open_hand"]["held"]["ann"],
        serde_json::json!(["9S", "KS"])
    );
    assert_eq!(v["open_hand"]["laid_value"]["ben"], 20);
}

#[test]
fn a_fix_in_word_taking_can_be_made_in_two_steps_through_a_note() {
    // The drawn letter was mistyped (C for S), and the word made from it: the make
    // stands on the draw, so it is set aside as a note first, then both are fixed.
    let t = Table::new();
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--name", "w"],
        &script(&[
            "draw ann T",
            "next",
            "draw ben A",
            "next",
            "draw ann C",
            "make ann CAT",
            "next",
            "fix #5 draw ann S",
            "fix #6 note the draw was an S",
            "fix #5 draw ann S",
            "fix #6 make ann SAT",
        ]),
    );
    let refusals = run.refusals();
    assert_eq!(refusals.len(), 1, "{}", run.stdout);
    assert!(
        refusals[0].contains("#6 (ann makes CAT (C drawn, A T from the centre)) would no longer fit: cannot make CAT: C is not on the table"),
        "{}",
        refusals[0]
    );
    let v = t.json("w");
    assert_eq!(v["words"]["ann"], serde_json::json!(["SAT"]), "{v}");
    let run = t.run(&["resume", "w"], "table\n");
    assert!(
        run.stdout.contains("S×4"),
        "one S fewer in the box: {}",
        run.stdout
    );
    assert!(
        run.stdout.contains("C×3"),
        "the C is back in the box: {}",
        run.stdout
    );
}

/// A correction that ends the match, opens it again or changes who won says so, as
/// the entry that ended it did.
#[test]
fn a_correction_that_ends_or_reopens_the_match_says_so() {
    let t = Table::new();
    let run = t.run(
        &[
            "new", "take-two", "ann", "ben", "--rounds", "1", "--name", "m",
        ],
        &script(&[
            "out ann",
            "left ben QZX",
            "end",
            "undo",
            "redo",
            "fix #1 left ann JKVWYF",
        ]),
    );
    run.says("match over: ann wins");
    let undo = reply_lines(&run.stdout, "undo");
    assert_eq!(undo.len(), 2, "{}", run.stdout);
    assert!(
        undo[0].ends_with("; the match is no longer over: its end was what this took back"),
        "{}",
        run.stdout
    );
    // No player's standing says where the table is: the game says it.
    assert_eq!(
        undo[1],
        "now round 1: every player has an entry; `end` closes it"
    );
    let redo = reply_lines(&run.stdout, "redo");
    assert!(
        redo.last()
            .is_some_and(|l| l.ends_with("; match over: ann wins")),
        "{}",
        run.stdout
    );
    let fix = reply_lines(&run.stdout, "fix #1 left ann JKVWYF");
    assert!(
        fix.last()
            .is_some_and(|l| l.ends_with("; match over: ben wins")),
        "{}",
        run.stdout
    );
}

#[test]
fn an_undo_that_reopens_a_game_says_its_end_was_what_it_took_back() {
    let t = Table::new();
    std::fs::write(
        t.dir().join("tiny.json"),
        r#"{"name":"tiny","letters":{"C":1,"A":1,"T":1}}"#,
    )
    .expect("letters");
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "end",
            "--letters",
            "tiny.json",
            "--target-words",
            "1",
        ],
        &script(&[
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
            "next",
            "undo",
        ]),
    );
    run.says(
        "undid #8 the game ends: the box is empty; ann holds the most words, 1 word, and wins; totals unchanged; the game is no longer over: its end was what this took back\n",
    );
}

/// Issue 56: `history` tells every entry with the names the players have now, a fix
/// of an entry from before the rename too; the rename's own entry says both names.
#[test]
fn history_after_a_rename_names_each_player_as_they_are_called_now() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "r"],
        &script(&[
            "out ann",
            "left ben QZ",
            "end",
            "rename ben Benjamin",
            "left Benjamin E",
            "fix 1 left Benjamin QZX",
            "history",
        ]),
    );
    let history = run.stdout.split("r2> history").nth(1).unwrap_or_default();
    let rows: Vec<&str> = history
        .lines()
        .filter(|l| l.starts_with("│ "))
        .map(|l| {
            l.rsplit('┆')
                .next()
                .unwrap_or_default()
                .trim_end_matches('│')
                .trim()
        })
        .collect();
    assert_eq!(
        rows,
        [
            "entry",
            "ann out: 0",
            "Benjamin left Q Z X: 28  (fixed by #6; was: Benjamin left Q Z: 20)",
            "round 1 closed: ann 0, Benjamin 28",
            "ben is now Benjamin",
            "Benjamin left E: 1",
            "round 1 corrected: Benjamin left Q Z X: 28",
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn history_has_a_round_column_and_history_n_shows_one_round() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "h"],
        "out ann\nleft ben QZ\nend\nleft ann K\nhistory 2\n",
    );
    let tail = run.stdout.split("r2> history 2").nth(1).expect("history");
    assert!(tail.contains("┆ round ┆"), "{tail}");
    assert!(tail.contains("ann left K: 5"), "{tail}");
    assert!(!tail.contains("ben left Q Z"), "only round 2: {tail}");
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
fn the_open_round_can_be_fixed_and_pardon_says_which_penalty_it_took_back() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "fx"],
        "out ben\nleft cat EE\npenalty ann DONT\npenalty ann NASA\nfix 1 left ben K\npardon ann\n",
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("recorded  round 1 corrected: ben left K: 5");
    run.says("recorded  ann's penalty (NASA) taken back (-25)");
    let v = t.json("fx");
    assert_eq!(v["open_round"]["points"]["ben"], 5);
    assert_eq!(
        v["open_round"]["points"]["cat"], 2,
        "cat's later entry kept"
    );
    assert_eq!(v["open_round"]["points"]["ann"], 25);
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
fn a_round_corrected_after_the_next_changes_the_totals_and_undo_takes_it_back() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "fix"],
        TWO_ROUNDS,
    );
    assert_eq!(
        totals(&t.json("fix")),
        pairs(&[("ann", 5), ("ben", 20), ("cat", 8)])
    );

    let run = t.run(
        &["resume", "fix"],
        "fix 1 left ben Q\nfix 1 penalty cat played XRAY\n",
    );
    run.says("recorded  round 1 corrected: ben left Q: 10");
    let v = t.json("fix");
    assert_eq!(totals(&v), pairs(&[("ann", 5), ("ben", 10), ("cat", 33)]));
    assert_eq!(v["rounds"][0]["points"]["ben"], 10);
    assert_eq!(v["rounds"][0]["penalties"]["cat"], 1);

    // history shows the original entry and the correction.
    let run = t.run(&["resume", "fix"], "history\nundo\nundo\n");
    run.says("ben left Q Z: 20");
    run.says("round 1 corrected: ben left Q: 10");
    assert!(
        crate::common::undid(&run.stdout, "round 1 corrected: cat +25 (played XRAY)"),
        "{}",
        run.stdout
    );
    assert_eq!(
        totals(&t.json("fix")),
        pairs(&[("ann", 5), ("ben", 20), ("cat", 8)])
    );
}

#[test]
fn bad_corrections_get_one_clear_line_and_change_nothing() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "badfix"],
        TWO_ROUNDS,
    );
    let before = t.log("badfix");
    let cases = [
        (
            "fix 7 out ann",
            "there is no round 7: rounds 1 to 2 are closed",
        ),
        (
            "fix 4 out ann",
            "there is no round 4: rounds 1 to 2 are closed, 3 is open",
        ),
        ("fix 1 otu ann", "(did you mean \"out\"?)"),
        ("fix 1 out ana", "(did you mean ann?)"),
        ("fix 1 out dan", "unknown player \"dan\""),
        ("fix 1 left cat QA", "the tile set has only 1 Q"),
        ("fix one out ann", "\"one\" is not a round number"),
        (
            "fix 1 end",
            "fix takes out, left, points, penalty or pardon",
        ),
        ("fix 1 pardon ann", "ann has no penalty to pardon"),
        ("fix", "fix needs ROUND VERB ARGS"),
    ];
    for (line, expect) in cases {
        let run = t.run(&["resume", "badfix"], &format!("{line}\n"));
        let r = run.refusals();
        assert_eq!(r.len(), 1, "{line}: {}", run.stdout);
        assert!(r[0].contains(expect), "{line}: {}", r[0]);
        assert_eq!(t.log("badfix"), before, "{line} changed the log");
    }
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

/// Several entries fixed in one line in the round's form must each take the place of
/// one entry: a player's points in a round typed whole correct part of it, so that
/// part is fixed on its own (or the round typed whole again).
#[test]
fn several_fixes_in_the_round_s_form_each_take_one_entry_s_place() {
    let t = Table::new();
    let run = t.run(
        &["new", "scorepad", "ann", "ben", "--name", "s"],
        &script(&[
            "points 4 13",
            "end",
            "fix 1 points ann 1; #1 points 2 2",
            "points ann 1",
            "points ben 2",
            "end",
            "fix 2 points ann 5; 2 points ben 6",
        ]),
    );
    assert_eq!(
        run.refusals(),
        [
            "not recorded: points ann 1 does not take the place of one entry of round 1 (it adds to the round, or corrects part of an entry): fix it on its own; nothing changed"
        ]
    );
    run.says("fixed #3: ann 1 -> ann 5; totals now ann 5 -> 9\nfixed #4: ben 2 -> ben 6; totals now ben 15 -> 19");
}
