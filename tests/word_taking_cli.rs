//! `umpire word-moves` and `umpire take-word` as a user runs them: output, JSON, exit
//! codes.

use crate::common;

use common::{Shell, stdout_of, umpire};
use serde_json::Value;

/// Standard output, standard error and the exit code.
fn run(cmd: &mut Shell) -> (String, String, Option<i32>) {
    let out = cmd.output().expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn word_moves_lists_every_take_then_every_make_as_json() {
    let (out, _, code) = run(umpire().args(["word-moves", "--centre", "S", "AMPLE", "--json"]));
    assert_eq!(code, Some(0));
    let expected = json(
        r#"[
            {"word": "MAPLES", "from": "AMPLE", "added": "S"},
            {"word": "PELMAS", "from": "AMPLE", "added": "S"},
            {"word": "SAMPLE", "from": "AMPLE", "added": "S"}
        ]"#,
    );
    assert_eq!(json(&out), expected);
}

#[test]
fn word_moves_prints_one_line_a_move_and_a_count() {
    let (out, _, code) = run(umpire().args([
        "word-moves",
        "--centre",
        "ST",
        "--min-length",
        "3",
        "CAT",
        "AMPLE",
    ]));
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "take CAT +ST -> SCATT",
            "take CAT +ST -> TACTS",
            "take CAT +S -> ACTS",
            "take CAT +S -> CAST",
            "take CAT +S -> SCAT",
            "take CAT +T -> TACT",
            "take AMPLE +ST -> AMPLEST",
            "take AMPLE +S -> MAPLES",
            "take AMPLE +S -> PELMAS",
            "take AMPLE +S -> SAMPLE",
            "10 takes, 0 makes (word-taking (level 80, min length 3))",
        ]
    );
}

#[test]
fn word_moves_leaves_out_plural_only_takes() {
    let (out, _, code) = run(umpire().args([
        "word-moves",
        "--centre",
        "ES",
        "--min-length",
        "3",
        "--json",
        "BOX",
        "OX",
    ]));
    assert_eq!(code, Some(0));
    assert_eq!(
        json(&out),
        json(r#"[{"word": "SOX", "from": "OX", "added": "S"}]"#)
    );
}

#[test]
fn word_moves_with_nothing_possible_exits_one() {
    let (out, _, code) =
        run(umpire().args(["word-moves", "--centre", "Q", "--min-length", "2", "CAT"]));
    assert_eq!(code, Some(1));
    assert!(out.starts_with("0 takes, 0 makes"), "{out}");
}

#[test]
fn word_moves_under_names_places_finds_places() {
    let (out, _, code) = run(umpire().args([
        "word-moves",
        "--centre",
        "VE",
        "--rules",
        "names-places",
        "--min-length",
        "4",
        "--json",
        "NICE",
    ]));
    assert_eq!(code, Some(0));
    let moves = json(&out);
    let list = moves.as_array().expect("an array");
    assert!(
        list.contains(&json(
            r#"{"word": "VENICE", "from": "NICE", "added": "EV"}"#
        )),
        "{out}"
    );
}

#[test]
fn word_moves_with_a_users_word_list_still_knows_a_plural() {
    let dir = common::tempdir().expect("temp dir");
    let list = dir.path().join("words.txt");
    let fst = dir.path().join("words.fst");
    std::fs::write(&list, "cat\ncats\ncast\nact\nacts\n").expect("write");
    let (_, _, code) = run(umpire().args([
        "dict",
        "build",
        list.to_str().expect("utf-8"),
        "-o",
        fst.to_str().expect("utf-8"),
    ]));
    assert_eq!(code, Some(0));
    let (out, _, code) = run(umpire().args([
        "--dict",
        fst.to_str().expect("utf-8"),
        "word-moves",
        "--centre",
        "S",
        "--json",
        "CAT",
    ]));
    assert_eq!(code, Some(0));
    // The list allows CATS, but WordNet still says it is only CAT's plural.
    assert_eq!(
        json(&out),
        json(
            r#"[{"word": "ACTS", "from": "CAT", "added": "S"},
                {"word": "CAST", "from": "CAT", "added": "S"}]"#
        )
    );
}

#[test]
fn word_moves_refuses_letters_that_are_not_letters() {
    let (_, err, code) = run(umpire().args(["word-moves", "--centre", "A1", "CAT"]));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--centre: '1' is not a letter: letters are A-Z"),
        "{err}"
    );
    let (_, err, code) = run(umpire().args(["word-moves", "--centre", "A", "C4T"]));
    assert_eq!(code, Some(2));
    assert!(err.contains("\"C4T\" is not a word"), "{err}");
}

#[test]
fn take_word_rules_sample_from_ample_valid() {
    let (out, _, code) = run(umpire().args(["take-word", "AMPLE", "SAMPLE", "--pool", "S"]));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("valid: AMPLE +S makes SAMPLE (SCOWL"),
        "{out}"
    );
    let (out, _, code) =
        run(umpire().args(["take-word", "ample", "sample", "--pool", "s", "--json"]));
    assert_eq!(code, Some(0));
    let v = json(&out);
    assert_eq!(v["valid"], true);
    assert_eq!(v["added"], "S");
    assert_eq!(v["old"], "AMPLE");
    assert_eq!(v["new"], "SAMPLE");
}

#[test]
fn take_word_refuses_a_plural_unless_the_word_is_ones_own() {
    let (out, _, code) = run(umpire().args(["take-word", "CAT", "CATS", "--json"]));
    assert_eq!(code, Some(1));
    let v = json(&out);
    assert_eq!(v["valid"], false);
    assert_eq!(v["added"], "S");
    assert_eq!(
        v["reason"],
        "CATS only makes CAT plural (+S): rule 4 bars a take that turns a singular into its plural"
    );
    let (out, _, code) = run(umpire().args(["take-word", "OX", "OXEN"]));
    assert_eq!(code, Some(1));
    assert!(out.contains("irregular plural"), "{out}");
    let (out, _, code) = run(umpire().args(["take-word", "CAT", "CATS", "--own"]));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("valid: CAT +S protects it as CATS"),
        "{out}"
    );
}

/// `take-word --own`: rule 4's protection is the word with an S after it; a
/// rearrangement with the S is refused, naming what the rule allows.
#[test]
fn take_word_own_allows_the_s_after_the_word_not_a_rearrangement() {
    let (out, _, code) = run(umpire().args(["take-word", "BRACKET", "BACKREST", "--own"]));
    assert_eq!(code, Some(1));
    assert_eq!(
        out.trim_end(),
        "not valid: BACKREST rearranges BRACKET: rule 4 lets a player add an S to their own word (BRACKETS), not rearrange it"
    );
    let (out, _, code) = run(umpire().args(["take-word", "BRACKET", "BRACKETS", "--own"]));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("valid: BRACKET +S protects it as BRACKETS"),
        "{out}"
    );
    // Not one's own: BACKREST is an ordinary take of BRACKET.
    let (_, _, code) = run(umpire().args(["take-word", "BRACKET", "BACKREST"]));
    assert_eq!(code, Some(0));
}

/// Under a names set, a take to another name is no plural (rule 7): ADAMS from ADAM.
#[test]
fn take_word_under_a_names_set_takes_a_name_that_ends_in_s() {
    let (out, _, code) =
        run(umpire().args(["take-word", "--rules", "names-history", "ADAM", "ADAMS"]));
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out.trim_end(),
        "valid: ADAM +S makes ADAMS (historical person (Adams); a name of its own (rule 7), not ADAM made plural)"
    );
}

/// `take-word` as issue #41 met it: a take that only makes a noun plural is refused
/// whatever else the plural means (NUTS is also "crazy"), and a word that merely ends in
/// S after a stem that is no noun at all is a new word (a preposition, adverbs).
#[test]
fn take_word_refuses_a_plural_whatever_else_it_means_and_takes_words_that_merely_end_in_s() {
    for (old, new, valid, said) in [
        (
            "NUT",
            "NUTS",
            false,
            "NUTS only makes NUT plural (+S): rule 4 bars a take that turns a singular into its plural",
        ),
        (
            "AFTERWARD",
            "AFTERWARDS",
            true,
            "AFTERWARD +S makes AFTERWARDS",
        ),
        ("TOWARD", "TOWARDS", true, "TOWARD +S makes TOWARDS"),
        ("BESIDE", "BESIDES", true, "BESIDE +S makes BESIDES"),
        ("WESTWARD", "WESTWARDS", true, "WESTWARD +S makes WESTWARDS"),
    ] {
        let (out, code) =
            stdout_of(umpire().args(["take-word", old, new, "--pool", "S", "--json"]));
        let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        assert_eq!(v["valid"], valid, "{out}");
        assert_eq!(code, Some(if valid { 0 } else { 1 }), "{out}");
        let reason = v["reason"].as_str().unwrap_or("");
        assert!(reason.contains(said), "{old} to {new}: {reason}");
    }
}

#[test]
fn take_word_names_letters_missing_from_the_pool_or_lost() {
    let (out, _, code) = run(umpire().args(["take-word", "FIN", "FIND", "--pool", "E"]));
    assert_eq!(code, Some(1));
    assert_eq!(
        out.trim(),
        "not valid: FIND from FIN: D is not on the table (no drawn letter; centre: E)"
    );
    let (out, _, code) = run(umpire().args(["take-word", "FIND", "FIN", "--json"]));
    assert_eq!(code, Some(1));
    let v = json(&out);
    assert_eq!(v["added"], Value::Null);
    assert!(
        v["reason"]
            .as_str()
            .unwrap_or("")
            .contains("does not keep every letter of FIND"),
        "{out}"
    );
    let (out, _, code) = run(umpire().args(["take-word", "FIN", "FIN"]));
    assert_eq!(code, Some(1));
    assert!(out.contains("adds nothing"), "{out}");
}

#[test]
fn take_word_without_a_pool_assumes_the_added_letters_are_there() {
    let (out, _, code) = run(umpire().args(["take-word", "LAME", "AMPLE"]));
    assert_eq!(code, Some(0));
    assert!(out.starts_with("valid: LAME +P makes AMPLE"), "{out}");
}

#[test]
fn take_word_refuses_non_letters_with_exit_two() {
    let (_, err, code) = run(umpire().args(["take-word", "FIN", "F1ND"]));
    assert_eq!(code, Some(2));
    assert!(err.contains("\"F1ND\" is not a word"), "{err}");
    let (_, err, code) = run(umpire().args(["take-word", "FIN", "FIND", "--pool", "D?"]));
    assert_eq!(code, Some(2));
    assert!(err.contains("--pool: '?' is not a letter"), "{err}");
}

#[test]
fn both_commands_show_examples_in_their_help() {
    for cmd in ["word-moves", "take-word"] {
        let (out, _, code) = run(umpire().args([cmd, "--help"]));
        assert_eq!(code, Some(0));
        assert!(out.contains("Examples:"), "{cmd}: {out}");
    }
}

#[test]
fn word_moves_into_a_reader_that_stops_early_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // Thousands of lines, read one byte of: the rest meets a closed pipe.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args([
            "word-moves",
            "--centre",
            "AEIOURSTLNPD",
            "CAT",
            "LAME",
            "HOUSE",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "{stderr}");
}
