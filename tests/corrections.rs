//! Mistakes and disputes, the same in every game: undo that never surprises, redo, a
//! fix of any past entry, rulings that follow renames and can be withdrawn, the table's
//! own allow and deny, penalties as rulings, and what the table sees on resume.

use crate::common;

use common::{Table, totals};
use serde_json::Value;

const BOARD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/dictionaries/board-chips-example.txt"
);

fn script(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The reply lines that follow the prompt echo of `line`, up to the next prompt.
fn reply_to<'a>(out: &'a str, line: &str) -> Vec<&'a str> {
    let mut lines = out.lines();
    let mut found = Vec::new();
    while let Some(l) = lines.next() {
        if l.ends_with(&format!("> {line}")) {
            for r in lines.by_ref() {
                if r.contains("> ")
                    && r.split("> ").next().is_some_and(|p| {
                        !p.contains(' ')
                            || p.starts_with("take-two")
                            || p.starts_with("board-chips")
                            || p.starts_with("take-rummy")
                            || p.starts_with("word-taking")
                    })
                {
                    break;
                }
                found.push(r);
            }
            break;
        }
    }
    found
}

#[test]
fn undo_says_in_one_line_what_it_took_back_and_where_that_leaves_the_table() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "u"],
        &script(&["out ann", "left ben QZX", "undo"]),
    );
    let reply = reply_to(&run.stdout, "undo");
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
    let reply = reply_to(&run.stdout, "undo");
    assert_eq!(
        reply,
        ["undid #1 ann out: 0; now ann: total 0; the refused line before it recorded nothing"],
        "{}",
        run.stdout
    );
    run.says("ann out: 0  (undone)");
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

#[test]
fn rulings_follow_a_rename_in_rulings_and_the_exports() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "dan", "--name", "g"],
        "grid dan --apply\nDONT\nO...\nG...\n\nrename dan Daniel\nrulings\n",
    );
    run.says("grid Daniel");
    assert!(!run.stdout.contains("┆ grid dan "), "{}", run.stdout);
    let v = t.json("g");
    let asked: Vec<&str> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter_map(|r| r["asked"].as_str())
        .collect();
    assert_eq!(asked, ["grid Daniel", "penalty Daniel"]);
    let md = t.export("g", "md");
    assert!(md.contains("| grid Daniel |"), "{md}");
}

#[test]
fn a_player_s_record_stays_one_across_a_rename_in_every_game() {
    let t = Table::new();
    t.run(
        &["new", "word-taking", "dev", "ann", "--name", "w"],
        &script(&[
            "draw dev C",
            "next",
            "draw ann A",
            "next",
            "draw dev T",
            "make dev TCA",
            "rename dev devon",
        ]),
    );
    t.run(
        &["new", "take-rummy", "dev", "ann", "--name", "r"],
        &script(&["lay dev 5C 6C 7C", "rename dev devon"]),
    );
    t.run(
        &[
            "new",
            "board-chips",
            "dev",
            "ann",
            "--board",
            BOARD,
            "--name",
            "b",
        ],
        &script(&["cover dev 5,3 M 5,4 A", "rename dev devon"]),
    );
    t.run(
        &["new", "take-two", "dev", "ann", "--name", "t"],
        &script(&["penalty dev played DONT", "rename dev devon"]),
    );
    let run = t.run(&["stats", "--json"], "");
    let v: Value = serde_json::from_str(&run.stdout).expect("JSON");
    for game in ["word-taking", "take-rummy", "board-chips", "take-two"] {
        let players: Vec<&String> = v[game].as_object().expect(game).keys().collect();
        assert_eq!(players, ["ann", "devon"], "{game}: {v}");
    }
    assert_eq!(v["word-taking"]["devon"]["words_not_allowed"], 1, "{v}");
}

#[test]
fn a_typed_penalty_is_a_ruling_with_its_words() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "bob", "--name", "p"],
        &script(&["penalty bob played DONT", "penalty ann", "rulings"]),
    );
    let row = |asked: &str| -> Vec<String> {
        run.stdout
            .lines()
            .find(|l| l.contains(&format!("┆ {asked} ")))
            .unwrap_or_default()
            .split(['│', '┆'])
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .skip(2)
            .collect()
    };
    assert_eq!(
        row("penalty bob"),
        [
            "penalty bob",
            "DONT",
            "not allowed",
            "+25 penalty (played DONT)"
        ],
        "{}",
        run.stdout
    );
    assert_eq!(
        row("penalty ann"),
        ["penalty ann", "-", "not acceptable", "+25 penalty"],
        "{}",
        run.stdout
    );
    let v = t.json("p");
    assert_eq!(v["rulings"][0]["words"][0]["word"], "DONT");
    assert_eq!(v["rulings"][0]["player"], "bob");
}

#[test]
fn undo_withdraws_a_ruling_given_by_mistake_and_the_records_stop_counting_it() {
    let t = Table::new();
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--name", "w"],
        &script(&[
            "draw ann T",
            "next",
            "draw ben A",
            "next",
            "draw ann B",
            "make ann ABT",
            "undo",
            "rulings",
            "make ann BAT",
        ]),
    );
    assert!(
        common::undid(&run.stdout, "ruling (make ann ABT): ABT not allowed"),
        "{}",
        run.stdout
    );
    run.says("no rulings yet");
    assert!(
        run.stdout.contains("recorded  ann makes BAT"),
        "the draw was not undone: {}",
        run.stdout
    );
    let stats = t.run(&["stats", "--json"], "");
    let v: Value = serde_json::from_str(&stats.stdout).expect("JSON");
    assert_eq!(v["word-taking"]["ann"]["words_not_allowed"], 0, "{v}");
}

#[test]
fn allow_and_deny_are_the_table_s_own_rulings_from_then_on_until_undone() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "h"],
        &script(&[
            "check qi",
            "deny qi not played here",
            "check qi",
            "undo",
            "undo",
            "check qi",
            "allow swift the table agreed",
            "check swift",
        ]),
    );
    let verdicts: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("│ QI ") || l.starts_with("│ SWIFT "))
        .collect();
    assert_eq!(verdicts.len(), 4, "{}", run.stdout);
    assert!(verdicts[0].contains("┆ allowed "), "{}", verdicts[0]);
    assert!(verdicts[1].contains("┆ not allowed "), "{}", verdicts[1]);
    assert!(verdicts[2].contains("┆ allowed "), "{}", verdicts[2]);
    assert!(verdicts[3].contains("┆ allowed "), "{}", verdicts[3]);
    let v = t.json("h");
    let asked: Vec<&str> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .filter_map(|r| r["asked"].as_str())
        .collect();
    assert_eq!(asked, ["check", "check", "allow", "check"], "{v}");
    assert_eq!(
        v["rules"], "take-two (level 80, 1 house-allowed)",
        "the session's rules now"
    );
}

#[test]
fn deny_bars_a_word_from_a_word_taking_make() {
    let t = Table::new();
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "--name", "w"],
        &script(&[
            "deny cat the table will not have it",
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
        ]),
    );
    assert!(
        run.ruled_out()
            .iter()
            .any(|l| l.contains("CAT") && l.contains("house")),
        "{}",
        run.stdout
    );
}

#[test]
fn a_late_joiner_s_start_shows_in_score_and_the_markdown_export() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "s"],
        &script(&[
            "out ann",
            "left ben QZ",
            "end",
            "add fay --score 30",
            "score",
        ]),
    );
    run.says("│ fay    ┆    30 ┆  – ┆    30 ┆");
    let md = t.export("s", "md");
    assert!(md.contains("| player | start | r1 | total |"), "{md}");
    assert!(md.contains("| fay | 30 | - | 30 |"), "{md}");
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
fn a_hand_is_answered_as_a_hand_not_a_score() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "h"],
        &script(&["hand ben QZXEA"]),
    );
    let reply = reply_to(&run.stdout, "hand ben QZXEA");
    assert_eq!(reply, ["recorded  ben's hand: Q Z X E A"], "{}", run.stdout);
}

#[test]
fn a_second_out_in_a_round_is_accepted_and_said_once() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cal", "--name", "o"],
        &script(&["out ann", "out ben", "left cal A", "end"]),
    );
    let said: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("second player out"))
        .collect();
    assert_eq!(
        said,
        [
            "ben is the second player out this round, after ann: the sheet stops play at the first FINISHED; both score 0 (fix #N if that is not what happened)"
        ]
    );
    assert_eq!(
        totals(&t.json("o")),
        common::pairs(&[("ann", 0), ("ben", 0), ("cal", 1)])
    );
}

#[test]
fn with_penalty_per_word_a_grid_with_two_words_not_allowed_records_50() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "take-two",
            "ann",
            "bob",
            "--penalty",
            "per-word",
            "--name",
            "w",
        ],
        "grid bob\nNASA\nO..\nN..\nT..\n\ngrid bob --apply\nNASA\nO..\nN..\nT..\n\npenalty ann played NASA DONT\n",
    );
    run.says("penalty not recorded: in a script, `grid bob --apply` records the +50");
    let v = t.json("w");
    assert_eq!(v["open_round"]["points"]["bob"], 50, "{v}");
    assert_eq!(v["open_round"]["points"]["ann"], 50, "{v}");
    assert_eq!(v["open_round"]["penalties"]["bob"], 2, "{v}");
    let banner = t.run(&["resume", "w"], "");
    banner.says("+25 for each word not allowed");
}

#[test]
fn a_penalty_for_a_word_ruled_allowed_is_said_before_it_counts() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "eve", "--name", "q"],
        &script(&["check qi", "penalty eve played QI"]),
    );
    run.says("(QI was ruled allowed in round 1; recorded all the same: a script is not asked)");
    assert_eq!(t.json("q")["open_round"]["points"]["eve"], 25);
}

#[test]
fn an_undo_in_a_log_that_points_forward_is_reported_and_takes_back_nothing() {
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "ann",
            "bob",
            "--board",
            BOARD,
            "--name",
            "h",
        ],
        &script(&["cover ann 5,3 M 5,4 A"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    // A hand-edited line: entry 2 "undoes" entry 3, which comes after it.
    let mut log = t.log("h");
    log.extend_from_slice(
        b"{\"seq\":2,\"at\":\"2026-11-24T00:00:00Z\",\"event\":{\"type\":\"undone\",\"seq\":3}}\n",
    );
    std::fs::write(t.log_path("h"), &log).expect("write");
    let run = t.run(&["resume", "h"], &script(&["cover bob 5,5 P 5,6 L"]));
    run.says("warning: entry 2 undoes entry 3, which comes after it");
    let again = t.run(&["resume", "h"], "score\n");
    assert!(
        again.stdout.contains("4 of 101 squares covered"),
        "bob's turn, entry 3, still counts: {}",
        again.stdout
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
    let undo = reply_to(&run.stdout, "undo");
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
    let redo = reply_to(&run.stdout, "redo");
    assert!(
        redo.last()
            .is_some_and(|l| l.ends_with("; match over: ann wins")),
        "{}",
        run.stdout
    );
    let fix = reply_to(&run.stdout, "fix #1 left ann JKVWYF");
    assert!(
        fix.last()
            .is_some_and(|l| l.ends_with("; match over: ben wins")),
        "{}",
        run.stdout
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
