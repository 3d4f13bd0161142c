//! The table's memory: rulings kept with the scores, corrections of past rounds,
//! definitions on request, and player records across sessions.

use crate::common;

use common::{Table, pairs, totals};

const TWO_ROUNDS: &str =
    "out ann\nleft ben QZ\nleft cat AB\nend\nleft ann K\nout ben\nleft cat W\nend\n";

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
fn rulings_are_kept_exported_and_recalled_when_a_word_comes_up_again() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "rul"],
        "check qi dont\nout ann\nleft ben A\nend\ncheck dont za\nrulings\n",
    );
    run.says("DONT was ruled before: not allowed (");
    run.says("round 1, check)");
    let v = t.json("rul");
    let rulings = v["rulings"].as_array().expect("rulings");
    assert_eq!(rulings.len(), 2);
    assert_eq!(rulings[0]["round"], 1);
    assert_eq!(rulings[1]["round"], 2);
    assert_eq!(rulings[0]["words"][1]["word"], "DONT");
    assert_eq!(rulings[0]["words"][1]["allowed"], false);
    assert!(
        rulings[0]["words"][1]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("apostrophe")
    );
    assert!(
        rulings[0]["rules"]
            .as_str()
            .unwrap_or("")
            .starts_with("take-two")
    );
    let md = t.export("rul", "md");
    assert!(md.contains("## Rulings"), "{md}");
    assert!(
        md.contains("| DONT | not allowed | only as \"don't\": needs an apostrophe |"),
        "{md}"
    );
}

#[test]
fn define_groups_meanings_by_part_of_speech_and_lists_spellings() {
    let t = Table::new();
    let run = t.run(&["define", "dog"], "");
    assert_eq!(run.code, Some(0));
    let noun = run.stdout.find("\n  noun\n").expect("a noun section");
    let verb = run.stdout.find("\n  verb\n").expect("a verb section");
    assert!(noun < verb, "{}", run.stdout);
    run.says("1. a member of the genus Canis");
    run.says("spellings that fold to DOG: dog (word, SCOWL 10)");

    let run = t.run(&["define", "mice"], "");
    assert!(
        run.stdout.starts_with("MICE: a form of mouse (noun)"),
        "{}",
        run.stdout
    );

    let run = t.run(&["define", "dont"], "");
    assert_eq!(run.code, Some(1));
    run.says("WordNet has no definition of DONT; the word judge says: not allowed");
    let run = t.run(&["define", "d0g"], "");
    assert_eq!(run.code, Some(2));

    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "def"],
        "define qi\ndefine\n",
    );
    run.says("circulating life energy");
    assert_eq!(
        run.refusals(),
        vec!["not defined: define takes one word, e.g. define qi"]
    );
}

#[test]
fn verdicts_never_show_a_meaning() {
    let t = Table::new();
    let run = t.run(&["check", "dog"], "");
    assert!(!run.stdout.contains("Canis"), "{}", run.stdout);
}

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
