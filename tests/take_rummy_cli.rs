//! `umpire run` and `umpire take` as a user runs them: output, JSON, exit codes.

use crate::common;

use common::umpire;

/// Standard output, standard error and the exit code.
fn output(args: &[&str]) -> (String, String, Option<i32>) {
    let out = umpire().args(args).output().expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn json(args: &[&str]) -> (serde_json::Value, Option<i32>) {
    let (out, err, code) = output(args);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (v, code)
}

#[test]
fn a_run_exits_zero_and_says_what_it_is() {
    let (out, _, code) = output(&["run", "7c", "5C", "6♣"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("run      5C 6C 7C"), "{out}");
    assert!(
        out.contains("verdict  a run: 3 clubs in order, 5C to 7C"),
        "{out}"
    );
    assert!(out.contains("value    15"), "{out}");
    assert!(out.contains("locked   no"), "{out}");
}

#[test]
fn not_a_run_exits_one_with_the_reason() {
    let (out, _, code) = output(&["run", "KC", "AC", "2C"]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("not a run: KC AC 2C wraps around past the ace"),
        "{out}"
    );
    let (out, _, code) = output(&["run", "5C", "6C"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("a run needs at least 3 cards"), "{out}");
}

#[test]
fn cards_that_cannot_be_read_exit_two_with_one_line() {
    let (out, err, code) = output(&["run", "5C", "11H", "7C"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        "umpire: 11H is not a card: ranks are 2-10, J, Q, K, A (T for 10), suits C, D, H, S or ♣ ♦ ♥ ♠, and JK or * is a joker"
    );
    let (_, err, code) = output(&["run", "5X", "6C", "7C"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("X is not a suit"), "{err}");
    let (_, err, code) = output(&["run", "JK", "JK", "*", "5C"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("a third joker: the deck has only 2"), "{err}");
    let (_, err, code) = output(&["run", "5C", "6C", "5c"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("5C appears twice"), "{err}");
}

#[test]
fn run_json_has_valid_locked_value_reason_and_jokers() {
    let (v, code) = json(&["run", "--json", "5C", "JK", "7C", "8C"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["valid"], true);
    assert_eq!(v["locked"], false);
    assert_eq!(v["value"], 35);
    assert_eq!(v["jokers"], serde_json::json!(["6C"]));
    assert_eq!(v["run"], serde_json::json!(["5C", "JK=6C", "7C", "8C"]));
    assert_eq!(
        v["reason"],
        "4 clubs in order, 5C to 8C; the joker stands for 6C"
    );
    let (v, code) = json(&["run", "--json", "2H-AH"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["locked"], true);
    assert_eq!(v["value"], 95);
    let (v, code) = json(&["run", "--json", "5C", "6C", "8C"]);
    assert_eq!(code, Some(1));
    assert_eq!(v["valid"], false);
    assert_eq!(v["value"], 0);
    assert!(v["reason"].as_str().unwrap_or("").contains("7C missing"));
}

#[test]
fn the_joker_ace_reads_low_before_the_two() {
    let (v, code) = json(&["run", "--json", "JK", "2D", "3D"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["jokers"], serde_json::json!(["AD"]));
    assert_eq!(v["value"], 30);
}

#[test]
fn the_sheets_take_and_double_take_are_allowed() {
    let (out, _, code) = output(&["take", "5C", "6C", "7C", "+", "8C"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("verdict  allowed: takes 5C-7C with 8C"),
        "{out}"
    );
    assert!(out.contains("run      5C 6C 7C 8C"), "{out}");
    let (v, code) = json(&[
        "take", "--json", "2D", "3D", "4D", "5D,", "7D", "8D", "9D", "+", "6D",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(v["valid"], true);
    assert_eq!(
        v["run"],
        serde_json::json!(["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"])
    );
    assert_eq!(v["value"], 40);
    assert_eq!(v["locked"], false);
    assert!(
        v["reason"]
            .as_str()
            .unwrap_or("")
            .starts_with("joins 2D-5D and 7D-9D with 6D")
    );
}

#[test]
fn locking_it_up_and_a_locked_run_refusing_a_joker() {
    let (v, code) = json(&["take", "--json", "2S-KS", "+", "AS"]);
    assert_eq!(code, Some(0));
    assert_eq!(v["locked"], true);
    assert_eq!(v["value"], 95);
    let (out, _, code) = output(&["take", "2S-AS", "+", "JK"]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("refused: 2S-AS is locked (complete at 13 cards): it cannot be taken, not even with a joker"),
        "{out}"
    );
}

#[test]
fn a_take_that_does_not_make_one_run_exits_one() {
    let (v, code) = json(&["take", "--json", "5C 6C 7C", "+", "9C"]);
    assert_eq!(code, Some(1));
    assert_eq!(v["valid"], false);
    assert_eq!(v["run"], serde_json::json!([]));
    let (out, _, code) = output(&["take", "4C", "JK", "6C", "+", "5C"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("cannot swap out the joker"), "{out}");
}

#[test]
fn a_take_with_unreadable_input_exits_two() {
    let (_, err, code) = output(&["take", "5C", "6C", "7C", "8C"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("then + and the cards from hand"), "{err}");
    let (_, err, code) = output(&["take", "5C", "7C", "9C", "+", "8C"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("the run on the table, 5C 7C 9C, is not a run"),
        "{err}"
    );
    let (_, err, code) = output(&["take", "5C 6C 7C", "+", "7C"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("7C appears twice"), "{err}");
    let (_, err, code) = output(&["take", "5C 6C 7C", "+", "8Q"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("the cards from hand: 8Q is not a card"),
        "{err}"
    );
}

#[test]
fn a_take_of_three_runs_is_judged_like_any_take_exit_zero_or_one() {
    // Two cards bridging three runs: one take, allowed.
    let (v, code) = json(&[
        "take",
        "--json",
        "2D 3D 4D, 6D 7D 8D, 10D JD QD",
        "+",
        "5D 9D",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(v["valid"], true);
    assert_eq!(v["value"], 5 * 8 + 10 * 3);
    assert_eq!(
        v["reason"],
        "joins 2D-4D, 6D-8D and 10D-QD with 5D 9D: 11 diamonds in order, 2D to QD"
    );
    // Three runs that no card joins: simply not allowed, exit 1 (it was 2, "bad input").
    let (out, _, code) = output(&["take", "5C 6C 7C, 9H 10H JH, 2S 3S 4S", "+", "8C"]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("refused: 5C-7C and 9H-JH are of different suits"),
        "{out}"
    );
    let (_, err, code) = output(&["take", "5C 6C 7C, , 2S 3S 4S", "+", "8C"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("the second run on the table is missing"),
        "{err}"
    );
}

#[test]
fn each_subcommand_shows_examples_in_its_help() {
    let (out, _, code) = output(&["run", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("umpire run JK 2D 3D"), "{out}");
    let (out, _, _) = output(&["take", "--help"]);
    assert!(
        out.contains("umpire take 2D 3D 4D 5D, 7D 8D 9D + 6D"),
        "{out}"
    );
}
