//! Player records across sessions (`umpire stats`): every session read and a damaged one
//! named, wins, rounds and penalties, words held and words ruled not allowed, a record
//! kept whole across a rename in every game, and an empty or missing directory.

use crate::common;

use common::{BOARD, Table, script};
use serde_json::Value;

#[test]
fn stats_reads_every_session_and_names_the_damaged_one() {
    let t = Table::new();
    t.run(
        &[
            "new", "take-two", "ann", "ben", "--name", "one", "--rounds", "1",
        ],
        "out ann\nleft ben QZ\nend\n",
    );
    t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "two", "--rounds", "2"],
        "left ann Q\nout ben\nleft cat A\nend\npenalty ann\nleft ann B\nout ben\nleft cat E\nend\ngrid ann --apply\nDONT\n\n",
    );
    t.run(
        &["new", "take-two", "ann", "cat", "--name", "three"],
        "out ann\n",
    );
    std::fs::write(t.log_path("three"), b"{\"umpire\":1,\"game\":\"take-t").expect("damage");

    let run = t.run(&["stats", "--json"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains("three: unreadable, skipped"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    let all: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let v = &all["take-two"];
    assert_eq!(v["ann"]["sessions"], 2);
    assert_eq!(v["ann"]["wins"], 1, "ann won session one");
    assert_eq!(v["ann"]["rounds"], 3);
    assert_eq!(v["ann"]["penalties"], 1);
    assert_eq!(v["ben"]["wins"], 1, "ben won session two");
    assert_eq!(v["ben"]["best"], 0);
    assert_eq!(v["cat"]["sessions"], 1);
    assert_eq!(v["cat"]["wins"], 0);

    let run = t.run(&["stats", "ann"], "");
    run.says("│ ann");
    assert!(!run.stdout.contains("│ ben"), "{}", run.stdout);
    let run = t.run(&["stats", "zed"], "");
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("\"zed\" has played no session"),
        "{}",
        run.stderr
    );
    let run = t.run(&["stats", "--game", "chess"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("unknown game \"chess\""),
        "{}",
        run.stderr
    );
}

#[test]
fn grid_words_ruled_not_allowed_count_against_their_player() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "ben", "--name", "g"],
        "grid ben\nDONT\nO\nG\n\ngrid ann\nCAT\n\n",
    );
    let run = t.run(&["stats", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["take-two"]["ben"]["words_not_allowed"], 1);
    assert_eq!(v["take-two"]["ann"]["words_not_allowed"], 0);
}

#[test]
fn a_word_taking_record_counts_words_held_and_words_the_dictionary_refused() {
    let t = Table::new();
    t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--min-length",
            "3",
            "--name",
            "w",
        ],
        "draw ann C\nnext\ndraw ben A\nnext\ndraw ann T\nmake ann CAT\nnext\n\
         draw ben S\ntake ben CATS from ann\ntake ben TACS from ann\ntake ben ACTS from ann\n",
    );
    let run = t.run(&["stats", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let ben = &v["word-taking"]["ben"];
    assert_eq!(ben["words_held"], 1, "{v}");
    // TACS is no word; CATS, only a plural, is the game's rule and not counted.
    assert_eq!(ben["words_not_allowed"], 1, "{v}");
    assert_eq!(v["word-taking"]["ann"]["words_held"], 0, "{v}");
    assert_eq!(v["word-taking"]["ann"]["words_not_allowed"], 0, "{v}");
}

#[test]
fn a_renamed_player_keeps_the_rulings_about_them_and_leaves_no_ghost() {
    let t = Table::new();
    t.run(
        &["new", "take-two", "ann", "bob", "--name", "g"],
        "grid bob --apply\nDONT\n\nrename bob robert\n",
    );
    let run = t.run(&["stats", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let players = v["take-two"].as_object().expect("take-two records");
    let names: Vec<&String> = players.keys().collect();
    assert_eq!(names, vec!["ann", "robert"], "no ghost bob: {v}");
    assert_eq!(v["take-two"]["robert"]["words_not_allowed"], 1);
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
fn stats_on_an_empty_or_missing_directory_says_so() {
    let t = Table::new();
    let run = t.run(&["stats"], "");
    assert_eq!(run.code, Some(0));
    assert!(
        run.stdout.starts_with("no sessions yet in"),
        "{}",
        run.stdout
    );
    std::fs::create_dir_all(t.sessions()).expect("dir");
    let run = t.run(&["stats"], "");
    assert!(
        run.stdout.starts_with("no sessions yet in"),
        "{}",
        run.stdout
    );
}
