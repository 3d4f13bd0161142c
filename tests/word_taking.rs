//! Whole Word Making & Word Taking sessions driven through the real binary in script
//! mode: the sheet's AMPLE -> SAMPLE example with the missed hint, what `missed` and
//! `hint` searched, rule 8 (hold and reach), the take rulings as the prompt meets them, a
//! draw typed wrong named with its `fix`, a second `next` asked at a terminal, undo and
//! resume, the table, the export, and bad input.

use crate::common;

use common::{AtTerminal, Table, pairs, reply_to, script, totals};

/// `new word-taking alice bob carol --name NAME` and any more flags.
fn new<'a>(name: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "new",
        "word-taking",
        "alice",
        "bob",
        "carol",
        "--name",
        name,
        "--min-length",
        "3",
    ];
    args.extend_from_slice(more);
    args
}

/// The sheet's rule 3: bob holds AMPLE, carol draws an S and does not take it; alice,
/// whose turn comes next, takes AMPLE with the S from the centre as SAMPLE.
const AMPLE: &[&str] = &[
    "draw alice A",
    "next",
    "draw bob M",
    "next",
    "draw carol P",
    "next",
    "draw alice L",
    "next",
    "draw bob E",
    "make bob AMPLE",
    "next",
    "draw carol S",
    "missed",
    "next",
    "draw alice T",
    "take alice SAMPLE from bob",
];

#[test]
fn the_sheets_ample_and_sample_missed_then_taken() {
    let t = Table::new();
    let run = t.run(&new("ample", &[]), &script(AMPLE));
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    for said in [
        "recorded  bob makes AMPLE (E drawn, A L M P from the centre)",
        // `missed` on carol's turn, with the S drawn: bob's AMPLE can take it.
        // At the hint's level, SCOWL 50: PELMAS, a rare word, is not offered.
        "open to carol now (drawn S; the centre is empty; word-taking (level 80, min length 3); words to SCOWL 50):",
        "take bob's AMPLE: MAPLES (+S), SAMPLE (+S)",
        // The end of carol's turn, then what she missed (of the six-letter takes, the
        // commonest word: the sheet's own SAMPLE), naming her; the S goes to the centre.
        "recorded  carol's turn ends; S goes to the centre; alice to play\nmissed: carol could have taken bob's AMPLE as SAMPLE (+S); 2 takes in all\n",
        "SAMPLE is allowed",
        "recorded  alice takes AMPLE from bob as SAMPLE (+S from the centre)   (alice: 1 word)",
    ] {
        assert!(run.stdout.contains(said), "{said}\n{}", run.stdout);
    }
    let v = t.json("ample");
    let seats: Vec<&String> = v["words"]
        .as_object()
        .map_or(Vec::new(), |w| w.keys().collect());
    assert_eq!(seats, ["alice", "bob", "carol"], "the words in seat order");
    assert_eq!(v["game"], "word-taking");
    assert_eq!(v["unit"], "words");
    assert_eq!(totals(&v), pairs(&[("alice", 1), ("bob", 0), ("carol", 0)]));
    assert_eq!(v["words"]["alice"], serde_json::json!(["SAMPLE"]));
    assert_eq!(v["words"]["bob"], serde_json::json!([]));
    assert_eq!(v["centre"], "");
    assert_eq!(v["drawn"], "T");
    assert_eq!(v["to_play"], "alice");
    assert_eq!(v["finished"], false);
    // The default box is 117 letters; seven have been drawn.
    assert_eq!(v["box"].as_str().map(str::len), Some(110));
}

#[test]
fn the_missed_hint_can_be_turned_off() {
    let t = Table::new();
    let run = t.run(&new("quiet", &["--no-missed-hint"]), &script(AMPLE));
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    assert!(!run.stdout.contains("missed: "), "{}", run.stdout);
    // `missed` itself still answers.
    run.says("take bob's AMPLE: MAPLES (+S), SAMPLE (+S)");
}

/// A names game's hint offers the names a dictionary lists to its level; LOPEZ (a
/// surname, and a town) is rarer, and possible: `missed` and `hint` say what they
/// searched and that a rarer name is open, never that nothing is possible.
#[test]
fn missed_says_what_it_searched_and_that_a_rarer_name_is_open() {
    let t = Table::new();
    let lines = [
        "missed",
        "draw ann L",
        "next",
        "draw ben O",
        "next",
        "draw cat P",
        "next",
        "draw ann E",
        "next",
        "draw ben Z",
        "missed",
        "hint",
        "make ben LOPEZ",
    ];
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "cat",
            "--rules",
            "names-places",
            "--hint-level",
            "10",
            "--name",
            "lopez",
        ],
        &script(&lines),
    );
    let out = &run.stdout;
    assert_eq!(
        reply_to(out, "missed"),
        "open to ann now (no letter drawn; the centre is empty; names-places (level 80); names to SCOWL 10):\n  nothing: no take or make is possible in any name the table's rules allow\n"
    );
    // The second `missed`: the output from its prompt's line on.
    let second = out.rfind("> missed\n").expect("missed typed twice");
    let line = out[..second].rfind('\n').map_or(0, |i| i + 1);
    assert_eq!(
        reply_to(&out[line..], "missed"),
        "open to ben now (drawn Z; centre ELOP; names-places (level 80); names to SCOWL 10):\n  nothing among names to SCOWL 10, the hint's level; 5 makes are open in rarer names the table's rules allow\n"
    );
    assert_eq!(
        reply_to(out, "hint"),
        "hint: nothing is open to ben now among names to SCOWL 10, the hint's level; 5 makes are open in rarer names the table's rules allow\n"
    );
    run.says("recorded  ben makes LOPEZ (Z drawn, E L O P from the centre)");
}

/// The same of words: ZA (SCOWL 80) is the one make of Z and A at a table of two
/// letters or more, above the hint's level 50.
/// Hints offer the table's region's words: with no region chosen, words every region
/// knows (AND) before an Australian word (DOONA, SCOWL 35 in Australia, 80 in America);
/// at `--region au`, DOONA, the longest.
#[test]
fn hints_offer_the_regions_words_and_with_no_region_words_every_region_knows() {
    let lines = [
        "draw alice D",
        "next",
        "draw bob O",
        "next",
        "draw carol O",
        "next",
        "draw alice N",
        "next",
        "draw bob A",
        "hint",
        "missed",
    ];
    let t = Table::new();
    let any = t.run(&new("no-region", &[]), &script(&lines));
    assert_eq!(
        reply_to(&any.stdout, "hint"),
        "hint: bob could make AND; 4 makes in all\n"
    );
    assert_eq!(
        reply_to(&any.stdout, "missed"),
        "open to bob now (drawn A; centre DNOO; word-taking (level 80, min length 3); words to SCOWL 50):\n  make: ADO, AND, DON and 1 more\n"
    );
    let us = t.run(&new("us", &["--region", "us"]), &script(&lines));
    assert_eq!(
        reply_to(&us.stdout, "hint"),
        "hint: bob could make AND; 4 makes in all\n"
    );
    let au = t.run(&new("au", &["--region", "au"]), &script(&lines));
    assert_eq!(
        reply_to(&au.stdout, "hint"),
        "hint: bob could make DOONA; 5 makes in all\n"
    );
    assert_eq!(
        reply_to(&au.stdout, "missed"),
        "open to bob now (drawn A; centre DNOO; word-taking (level 80, region au, min length 3); words to SCOWL 50):\n  make: DOONA, ADO, AND and 2 more\n"
    );
}

#[test]
fn missed_counts_a_rarer_word_the_table_allows() {
    let t = Table::new();
    let lines = ["draw ann Z", "next", "draw ben A", "missed"];
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--min-length",
            "2",
            "--name",
            "za",
        ],
        &script(&lines),
    );
    assert_eq!(
        reply_to(&run.stdout, "missed"),
        "open to ben now (drawn A; centre Z; word-taking (level 80, min length 2); words to SCOWL 50):\n  nothing among words to SCOWL 50, the hint's level; 1 make is open in a rarer word the table's rules allow\n"
    );
}

/// The opening most tests share: carol makes CAT from the T and A in the centre and
/// the C she drew; alice, to play, draws an S.
const CAT_OPENING: &[&str] = &[
    "draw alice T",
    "next",
    "draw bob A",
    "next",
    "draw carol C",
    "make carol CAT",
    "next",
    "draw alice S",
];

/// `CAT_OPENING`, then `more`.
fn after_cat(more: &[&'static str]) -> Vec<&'static str> {
    CAT_OPENING.iter().chain(more).copied().collect()
}

/// carol reaches the target (one word) on turn 3; alice takes it before carol's turn
/// comes round, so carol has not "retained" it; alice still holds hers when her own
/// turn comes, and wins (rule 8).
fn retain() -> Vec<&'static str> {
    after_cat(&[
        "take alice ACTS from carol",
        "next",
        "draw bob E",
        "next",
        "draw carol N",
        "next",
    ])
}

#[test]
fn rule_8_the_winner_must_still_hold_the_target_when_their_turn_comes() {
    let t = Table::new();
    let mut lines = retain();
    lines.push("draw alice O");
    let run = t.run(&new("hold", &["--target-words", "1"]), &script(&lines));
    assert_eq!(
        run.refusals(),
        vec![
            "not recorded: the game is over: alice won; nothing more can be recorded; nothing changed"
        ],
        "{}",
        run.stdout
    );
    run.says(
        "recorded  carol's turn ends; N goes to the centre; alice holds 1 word and wins (rule 8)",
    );
    // carol held a word at the end of turn 3, but not when her turn came again.
    assert!(
        !run.stdout.contains("carol holds 1 word and wins"),
        "{}",
        run.stdout
    );
    // Once the game is won, the last turn's missed moves go unsaid: only bob's turn
    // has its hint (carol's last turn missed takes too: ACTS + EN is ASCENT).
    assert_eq!(
        run.stdout.matches("missed: ").collect::<Vec<_>>().len(),
        1,
        "{}",
        run.stdout
    );
    run.says("bob's turn ends; E goes to the centre; carol to play\nmissed: bob could have taken alice's ACTS as CASTE (+E); 1 take in all\n");
    let v = t.json("hold");
    assert_eq!(v["finished"], true);
    assert_eq!(v["winners"], serde_json::json!(["alice"]));
    assert_eq!(v["to_play"], serde_json::Value::Null);
    assert_eq!(v["words"]["alice"], serde_json::json!(["ACTS"]));
    assert_eq!(v["centre"], "EN");
}

#[test]
fn under_win_on_reach_the_first_word_to_the_target_wins_at_once() {
    let t = Table::new();
    let run = t.run(
        &new("reach", &["--target-words", "1", "--win-on", "reach"]),
        &script(&retain()),
    );
    run.says("recorded  carol makes CAT (C drawn, A T from the centre); carol holds 1 word and wins (rule 8)");
    // Everything after the winning word is refused, and says who won.
    assert_eq!(run.refusals().len(), retain().len() - 6, "{}", run.stdout);
    assert!(
        run.refusals()
            .iter()
            .all(|r| r.contains("the game is over: carol won")),
        "{}",
        run.stdout
    );
    let v = t.json("reach");
    assert_eq!(v["winners"], serde_json::json!(["carol"]));
    assert_eq!(v["finished"], true);
}

#[test]
fn takes_are_ruled_as_the_sheet_says() {
    let t = Table::new();
    let lines = after_cat(&[
        // Rule 4: only a plural.
        "take alice CATS from carol",
        // Rule 3: nothing added.
        "take alice CAT from carol",
        // Letters that are not on the table.
        "take alice COATS from carol",
        // Not a word.
        "take alice TACS from carol",
        // Not alice's turn to act for bob.
        "make bob SAT",
        // One letter a turn.
        "draw alice E",
        // A mistyped owner.
        "take alice SCAT from carl",
        // Allowed: a new word, not a plural.
        "take alice SCAT from carol",
        "next",
        "draw bob S",
        // Rule 4: a player may add an S to their own word... but bob has none.
        "take bob SCATS from bob",
        "next",
        "draw carol E",
        "next",
        "draw alice S",
        // alice protects her own word with an S: allowed even though a plural.
        "take alice SCATS from alice",
        // The table asks again about a word already ruled on.
        "check cats",
    ]);
    let run = t.run(&new("rulings", &[]), &script(&lines));
    // A script with refused lines exits 1, the ruled-out ones included.
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    let refusals = run.refusals();
    let expect = [
        "CAT adds nothing to CAT: a take must add at least one letter (rule 3)",
        "O is not on the table",
        "it is alice's turn, not bob's",
        "alice has already drawn this turn",
        "did you mean carol?",
        "bob holds no words to take",
    ];
    assert_eq!(refusals.len(), expect.len(), "{}", run.stdout);
    for (got, want) in refusals.iter().zip(expect) {
        assert!(got.contains(want), "{want:?} in {got:?}");
        assert!(got.ends_with("nothing changed"), "{got}");
    }
    // Refused for their words: rulings the log keeps, like check's.
    let ruled = run.ruled_out();
    let expect = [
        "refused: CATS only makes CAT plural (+S): rule 4 bars",
        "refused: TACS is not allowed: not in the dictionary",
    ];
    assert_eq!(ruled.len(), expect.len(), "{}", run.stdout);
    assert_eq!(
        run.stdout
            .matches("\nthe ruling is kept (`rulings`)\n")
            .count(),
        2,
        "{}",
        run.stdout
    );
    for (got, want) in ruled.iter().zip(expect) {
        assert!(got.starts_with(want), "{want:?} in {got:?}");
        assert!(got.ends_with("; nothing changed on the table"), "{got}");
    }
    for said in [
        "recorded  alice takes CAT from carol as SCAT (+S drawn)",
        "recorded  alice protects SCAT as SCATS (+S drawn)",
    ] {
        assert!(run.stdout.contains(said), "{said}\n{}", run.stdout);
    }
    let log = String::from_utf8_lossy(&t.log("rulings")).to_string();
    let ruled: Vec<serde_json::Value> = log
        .lines()
        .skip(1)
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["event"]["type"] == "ruled")
        .map(|e| e["event"]["ruling"].clone())
        .filter(|r| r["asked"] != "check")
        .collect();
    assert_eq!(
        ruled,
        [
            serde_json::json!({"asked": "take alice CATS from carol", "player": "alice", "round": 4,
                "rules": "word-taking (level 80, min length 3)", "words": [{"word": "CATS", "allowed": false,
                "reason": "only makes CAT plural (+S): rule 4 bars such a take", "code": "plural-only"}]}),
            serde_json::json!({"asked": "take alice TACS from carol", "player": "alice", "round": 4,
                "rules": "word-taking (level 80, min length 3)", "words": [{"word": "TACS", "allowed": false,
                "reason": "not in the dictionary", "code": "unknown"}]}),
        ]
    );
    assert!(
        run.stdout.contains("CATS was ruled before: not allowed (")
            && run.stdout.contains(
                ", turn 4, take alice CATS from carol: only makes CAT plural (+S): rule 4 bars such a take)"
            ),
        "{}",
        run.stdout
    );
    // The export lists the rulings (check's too), and alice's record counts the one word
    // the dictionary refused (TACS), not the take refused as only a plural (CATS).
    let v = t.json("rulings");
    assert_eq!(v["rulings"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["rulings"][0]["words"][0]["word"], "CATS");
    let stats = t.run(&["stats", "--game", "word-taking"], "");
    let alice: Vec<&str> = stats
        .stdout
        .lines()
        .find(|l| l.contains("alice"))
        .unwrap_or_default()
        .split(['│', '┆'])
        .map(str::trim)
        .filter(|cell| !cell.is_empty())
        .collect();
    assert_eq!(
        alice,
        ["alice", "1", "0", "0", "1", "1"],
        "{}",
        stats.stdout
    );
    let v = t.json("rulings");
    assert_eq!(v["words"]["alice"], serde_json::json!(["SCATS"]));
    assert_eq!(v["centre"], "ES");
}

#[test]
fn undo_and_resume_give_back_the_same_table() {
    let t = Table::new();
    let mut lines = AMPLE.to_vec();
    lines.push("undo");
    let run = t.run(&new("undo", &[]), &script(&lines));
    assert!(
        crate::common::undid(
            &run.stdout,
            "alice takes AMPLE from bob as SAMPLE (+S from the centre)"
        ),
        "{}",
        run.stdout
    );
    let v = t.json("undo");
    assert_eq!(v["words"]["bob"], serde_json::json!(["AMPLE"]));
    assert_eq!(v["centre"], "S");
    assert_eq!(v["drawn"], "T");
    // Resumed, the table is as it was: alice can take it again, now with the T too.
    let run = t.run(
        &["resume", "undo"],
        &script(&[
            "take alice STAMPLE from bob",
            "take alice SAMPLE from bob",
            "table",
        ]),
    );
    assert_eq!(run.refusals(), Vec::<&str>::new(), "{}", run.stdout);
    assert_eq!(run.ruled_out().len(), 1, "{}", run.stdout);
    assert!(
        run.ruled_out()[0].starts_with("refused: STAMPLE is not allowed"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("recorded  alice takes AMPLE from bob as SAMPLE")
    );
    for row in [
        "│ alice  ┆ SAMPLE",
        "│ bob    ┆ -",
        "drawn: T (alice, not used yet)",
    ] {
        assert!(run.stdout.contains(row), "{row}\n{}", run.stdout);
    }
}

#[test]
fn a_late_player_sits_down_with_no_words_and_plays_after_the_last_seat() {
    let t = Table::new();
    let lines = [
        "draw alice T",
        "next",
        "add dan --score 3",
        "add dan",
        "draw bob A",
        "next",
        "draw carol C",
        "make carol CAT",
        "next",
        "draw dan S",
        "take dan ACTS from carol",
        "next",
        "score",
    ];
    let run = t.run(&new("late", &[]), &script(&lines));
    assert_eq!(run.refusals().len(), 1, "{}", run.stdout);
    assert!(
        run.refusals()[0].contains("without --score"),
        "{}",
        run.stdout
    );
    run.says("recorded  carol's turn ends; dan to play");
    let v = t.json("late");
    assert_eq!(
        totals(&v),
        pairs(&[("alice", 0), ("bob", 0), ("carol", 0), ("dan", 1)])
    );
    assert_eq!(v["to_play"], "alice");
    // The chart's marks, a turn a row: dan from the turn he sat down after; carol's
    // word counts at the end of turn 3 and is dan's by the end of turn 4.
    assert_eq!(
        t.export("late", "csv"),
        "turn,alice,bob,carol,dan\nt1,0,0,0,0\nt2,0,0,0,0\nt3,0,0,1,0\nt4,0,0,0,1\ntotal,0,0,0,1\n"
    );
}

#[test]
fn the_names_variants_play_names_of_their_class_only() {
    let t = Table::new();
    // PARIS from the centre under names-places; the same letters are refused as a
    // common word under the standard rules.
    let lines = [
        "draw alice P",
        "next",
        "draw bob A",
        "next",
        "draw carol R",
        "next",
        "draw alice I",
        "next",
        "draw bob S",
        "make bob PAIRS",
        "make bob PARIS",
    ];
    let run = t.run(
        &new("places", &["--rules", "names-places"]),
        &script(&lines),
    );
    assert_eq!(run.refusals(), Vec::<&str>::new(), "{}", run.stdout);
    assert_eq!(run.ruled_out().len(), 1, "{}", run.stdout);
    // The make was refused: the script says so by its exit code.
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.ruled_out()[0].contains("PAIRS is not allowed"),
        "{}",
        run.stdout
    );
    run.says("recorded  bob makes PARIS");
}

#[test]
fn bad_flags_and_bad_letter_files_are_refused_with_one_line() {
    let t = Table::new();
    std::fs::write(
        t.dir().join("box.json"),
        r#"{"name":"x","letters":{"a":3}}"#,
    )
    .expect("written");
    for (flags, said) in [
        (
            vec!["--target-words", "0"],
            "invalid value '0' for '--target-words <N>': 0 is not in 1..=1000",
        ),
        (
            vec!["--letters", "box.json"],
            "is not a letter: keys are the capital letters A-Z",
        ),
        (vec!["--letters", "missing.json"], "missing.json"),
        (vec!["--win-on", "soon"], "soon"),
    ] {
        let run = t.run(&new("bad", &flags), "");
        assert_ne!(run.code, Some(0), "{flags:?}: {}", run.stdout);
        assert!(
            run.stderr.contains(said),
            "{flags:?}: {said:?} in {}",
            run.stderr
        );
        assert!(!t.log_path("bad").exists(), "nothing written for {flags:?}");
    }
}

#[test]
fn a_letter_set_of_ones_own_limits_the_box() {
    let t = Table::new();
    std::fs::write(
        t.dir().join("box.json"),
        r#"{"name":"tiny","letters":{"C":1,"A":1,"T":1}}"#,
    )
    .expect("written");
    let lines = [
        "draw alice C",
        "next",
        "draw bob C",
        "draw bob A",
        "next",
        "draw carol T",
        "make carol CAT",
        "table",
        "next",
        "draw alice E",
    ];
    // Ten words from a box of three letters can never happen: refused at `new`.
    let never = t.run(&new("never", &["--letters", "box.json"]), "");
    assert_ne!(never.code, Some(0));
    assert!(
        never.stderr.contains(
            "--target-words 10: the box holds 3 letters, so no one could ever hold that many words"
        ),
        "{}",
        never.stderr
    );
    std::fs::write(
        t.dir().join("one.json"),
        r#"{"name":"one","letters":{"A":1}}"#,
    )
    .expect("written");
    let one = t.run(
        &new("one", &["--letters", "one.json", "--target-words", "2"]),
        "",
    );
    assert!(
        one.stderr.contains(
            "--target-words 2: the box holds 1 letter, so no one could ever hold that many words"
        ),
        "{}",
        one.stderr
    );
    let run = t.run(
        &new("tiny", &["--letters", "box.json", "--target-words", "1"]),
        &script(&lines),
    );
    assert_eq!(run.refusals().len(), 2, "{}", run.stdout);
    assert!(
        run.refusals()[0].contains("the box has no C left (2 letters in the box: A×1 T×1)"),
        "{}",
        run.stdout
    );
    // The box emptied on carol's turn: under --on-empty finish the game ended with it.
    assert!(
        run.refusals()[1].contains("the game is over: carol won"),
        "{}",
        run.stdout
    );
    run.says("the box is empty");
    run.says("box.json box (3 letters)");
}

#[test]
fn a_ruling_that_cannot_be_written_is_not_said_to_be_kept() {
    // A read-only session (as `serve` and `export` open one) refuses to record: the
    // take is still refused, but no ruling is claimed to be kept.
    let t = Table::new();
    let lines = after_cat(&[]);
    let run = t.run(&new("ro", &[]), &script(&lines));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let lexicon = std::sync::Arc::new(umpire::lexicon::Lexicon::embedded().expect("dictionary"));
    let session = umpire::session::read_bytes(
        std::path::Path::new("ro.jsonl"),
        &t.log("ro"),
        umpire::registry::with(std::sync::Arc::clone(&lexicon)),
    )
    .expect("the log reads");
    let dir = common::tempdir().expect("temp dir");
    let mut repl = umpire::repl::Repl::with_mode(
        umpire::registry::sessions(dir.path().to_path_buf(), lexicon),
        Some(session),
        true,
    );
    let (text, _) = repl.respond("take alice CATS from carol", &mut || None);
    assert!(
        text.starts_with("refused: CATS only makes CAT plural (+S)"),
        "{text}"
    );
    assert!(
        text.contains("not recorded: this session is open read-only"),
        "{text}"
    );
    assert!(!text.contains("the ruling is kept"), "{text}");
}

/// A box of the given letters, written for the table.
fn small_box(t: &Table, letters: &str) {
    std::fs::write(
        t.dir().join("box.json"),
        format!(r#"{{"name":"small","letters":{letters}}}"#),
    )
    .expect("written");
}

#[test]
fn under_on_empty_finish_the_game_ends_with_the_turn_that_emptied_the_box() {
    let t = Table::new();
    small_box(&t, r#"{"C":1,"A":1,"T":1,"S":1}"#);
    let lines = [
        "draw alice C",
        "next",
        "draw A",
        "next",
        "draw carol T",
        "make carol CAT",
        "next",
        "draw S",
        "next",
        "draw bob E",
        "score",
    ];
    let run = t.run(
        &new("empty", &["--letters", "box.json", "--target-words", "2"]),
        &script(&lines),
    );
    run.says("alice draws S; the box is empty now: the game ends when alice's turn ends, the most words winning (house rule, --on-empty finish)");
    run.says(
        "recorded  the game ends: the box is empty; carol holds the most words, 1 word, and wins",
    );
    assert_eq!(run.refusals().len(), 1, "{}", run.stdout);
    assert!(
        run.refusals()[0].contains("the game is over"),
        "{}",
        run.stdout
    );
    let v = t.json("empty");
    assert_eq!(v["finished"], true);
    assert_eq!(v["ended"], "box-empty");
}

#[test]
fn under_on_empty_play_on_the_game_goes_on_from_the_centre_until_no_move_is_left() {
    let t = Table::new();
    small_box(&t, r#"{"C":1,"A":1,"T":1,"S":1}"#);
    let lines = [
        "draw alice C",
        "next",
        "draw A",
        "next",
        "draw carol T",
        "next",
        // The box is empty: alice plays on from the centre (C A T S).
        "draw alice S",
        "next",
        "make bob CAST",
        "next",
    ];
    let run = t.run(
        &new(
            "playon",
            &[
                "--letters",
                "box.json",
                "--target-words",
                "2",
                "--on-empty",
                "play-on",
            ],
        ),
        &script(&lines),
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("play goes on from the centre until no move is left");
    // After alice's turn bob still had CAST to make; after his, nothing was left.
    run.says("recorded  the game ends: the box is empty and no move is left; bob holds the most words, 1 word, and wins");
    assert_eq!(
        run.stdout.matches("the game ends").count(),
        1,
        "{}",
        run.stdout
    );
}

#[test]
fn finish_ends_the_game_the_most_words_winning_and_a_tie_naming_all() {
    let t = Table::new();
    let lines = [
        "draw alice C",
        "next",
        "draw bob A",
        "next",
        "draw carol T",
        "make carol CAT",
        "next",
        "draw alice O",
        "next",
        "draw bob X",
        "next",
        "draw carol D",
        "next",
        "draw alice O",
        "make alice DOO",
        "finish",
        "undo",
        "finish",
    ];
    let run = t.run(&new("called", &[]), &script(&lines));
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    run.says("the game ends: the table called finish; alice and carol hold 1 word each and share the win");
    let v = t.json("called");
    assert_eq!(v["finished"], true);
    assert_eq!(v["winners"], serde_json::json!(["alice", "carol"]));
}

#[test]
fn draw_without_a_player_is_the_turns_player_and_a_forgotten_next_is_said_so() {
    let t = Table::new();
    let lines = ["draw T", "draw bob A", "next", "draw bob A"];
    let run = t.run(&new("comfort", &[]), &script(&lines));
    run.says("recorded  alice draws T");
    run.says("it is alice's turn, not bob's: alice's turn has not ended (type `next` first)");
    run.says("recorded  bob draws A");
}

#[test]
fn a_second_next_without_a_draw_is_asked_at_a_terminal() {
    let mut t = AtTerminal::new(&["word-taking", "ann", "ben"]);
    t.ok(&["draw ann C", "next"]);
    let asked = t.typed("next");
    assert_eq!(
        asked.ask.as_deref(),
        Some("end ben's turn without a draw?"),
        "{}",
        asked.text
    );
    assert!(
        asked
            .text
            .contains("ben has not drawn this turn, and the box holds 116 letters: rule 2 has every player draw"),
        "{}",
        asked.text
    );
    assert_eq!(t.answered(false).text, "nothing recorded");
    assert_eq!(t.session.progress().label, "t2");
    t.typed("next");
    let yes = t.answered(true);
    assert!(
        yes.text
            .contains("recorded  ben's turn ends without a draw; ann to play"),
        "{}",
        yes.text
    );
}

#[test]
fn the_table_is_told_when_a_player_reaches_the_target_and_the_export_lists_every_move() {
    let t = Table::new();
    let lines = [
        "draw alice T",
        "next",
        "draw bob A",
        "next",
        "draw carol C",
        "make carol CAT",
        "next",
        "draw alice O",
        "take alice COAT from carol",
        "next",
    ];
    let run = t.run(&new("told", &["--target-words", "1"]), &script(&lines));
    run.says(
        "carol holds 1 word: carol wins at the start of carol's next turn unless one is taken",
    );
    let v = t.json("told");
    let moves = v["moves"].as_array().cloned().unwrap_or_default();
    assert_eq!(moves.len(), 6, "{moves:?}");
    assert_eq!(
        moves[5],
        serde_json::json!({"turn": 4, "player": "alice", "type": "taken", "word": "COAT", "owner": "carol", "from": "CAT"})
    );
}

#[test]
fn plural_takes_follow_wordnet_new_words_pass_and_verb_forms_are_said_so() {
    let t = Table::new();
    let setup = |word: &str| -> Vec<String> {
        // carol makes WORD from the centre, then alice takes it with the letters given.
        let mut lines: Vec<String> = Vec::new();
        let letters: Vec<char> = word.chars().collect();
        for (i, c) in letters.iter().enumerate() {
            let who = ["alice", "bob", "carol"][i % 3];
            lines.push(format!("draw {who} {c}"));
            lines.push("next".into());
        }
        lines
    };
    for (old, extra, taken_as, allowed, said) in [
        (
            "DIE",
            "C",
            "DICE",
            false,
            "only makes DIE plural (irregular plural)",
        ),
        (
            "ALGA",
            "E",
            "ALGAE",
            false,
            "only makes ALGA plural (irregular plural)",
        ),
        ("CHAO", "S", "CHAOS", true, "CHAOS is allowed"),
        // SPECIES and ALAS mean more than a plural, but they are SPECIE's and ALA's
        // plurals all the same (rule 4 bars the addition, whatever else it spells).
        (
            "SPECIE",
            "S",
            "SPECIES",
            false,
            "only makes SPECIE plural (+S)",
        ),
        ("ALA", "S", "ALAS", false, "only makes ALA plural (+S)"),
        (
            "KNIFE",
            "S",
            "KNIFES",
            true,
            "allowed as a verb form of KNIFE, not its plural (KNIVES)",
        ),
    ] {
        let mut lines = setup(old);
        let n = old.len();
        let maker = ["alice", "bob", "carol"][n % 3];
        let taker = ["alice", "bob", "carol"][(n + 1) % 3];
        lines.push(format!("draw {maker} Q"));
        lines.push(format!("make {maker} {old}"));
        lines.push("next".into());
        lines.push(format!("draw {taker} {extra}"));
        lines.push(format!("take {taker} {taken_as} from {maker}"));
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let name = old.to_ascii_lowercase();
        let run = t.run(&new(&name, &[]), &script(&refs));
        assert!(run.stdout.contains(said), "{taken_as}: {}", run.stdout);
        let taken = run.stdout.contains(&format!("as {taken_as}"));
        assert_eq!(taken, allowed, "{taken_as}: {}", run.stdout);
    }
}

#[test]
fn the_no_suffix_takes_house_rule_refuses_ed_ing_and_er_takes() {
    let t = Table::new();
    let lines = [
        "draw alice W",
        "next",
        "draw bob A",
        "next",
        "draw carol L",
        "next",
        "draw alice K",
        "make alice WALK",
        "next",
        "draw bob E",
        "next",
        "draw carol D",
        "take carol WALKED from alice",
    ];
    let run = t.run(&new("suffix", &["--no-suffix-takes"]), &script(&lines));
    run.says("refused: WALKED only adds -ED to WALK: the table's house rule (--no-suffix-takes) bars such a take");
    let plain = t.run(&new("suffix2", &[]), &script(&lines));
    plain.says("as WALKED");
}

#[test]
fn resuming_a_game_says_whose_turn_it_is_the_centre_the_drawn_letter_and_the_box() {
    let t = Table::new();
    let run = t.run(
        &new("resume", &[]),
        &script(&["draw alice T", "next", "draw B"]),
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    let again = t.run(&["open", "resume"], "");
    // Said once, in the status line under the standings, and not again.
    let status =
        "10 words wins; centre: T; 115 letters in the box; bob to play (drew B, not used yet)";
    assert_eq!(
        again
            .stdout
            .lines()
            .filter(|l| l.contains("centre: T"))
            .count(),
        1,
        "{}",
        again.stdout
    );
    assert!(
        again.stdout.lines().any(|l| l == status),
        "{}",
        again.stdout
    );
}

#[test]
fn a_word_denied_while_a_player_holds_it_says_who_holds_it_and_the_entry_to_fix() {
    let t = Table::new();
    let mut lines: Vec<&str> = AMPLE.to_vec();
    lines.extend([
        "deny SAMPLE not at this table",
        "deny AMPLE either",
        "deny QI",
    ]);
    let run = t.run(&new("denied", &[]), &script(&lines));
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    // alice took SAMPLE at entry 15 and holds it; AMPLE went into it, so no one holds
    // AMPLE now; QI is on no one's table.
    run.says("alice holds SAMPLE (#15): the ruling does not take it off the table; `fix #15 ...` puts that entry right");
    assert!(!run.stdout.contains("holds AMPLE"), "{}", run.stdout);
    assert!(!run.stdout.contains("holds QI"), "{}", run.stdout);
    // The ruling stands and the word stays where it is.
    let v = t.json("denied");
    assert_eq!(totals(&v), pairs(&[("alice", 1), ("bob", 0), ("carol", 0)]));
}

/// jo drew P and the scorekeeper typed B: POE, ROPE... are all refused for a P not on
/// the table; the reply names the draw and the line that mends it, which works.
#[test]
fn a_make_one_letter_short_names_the_draw_that_may_have_been_typed_wrong_and_its_fix() {
    let t = Table::new();
    let lines = [
        "draw ann O",
        "next",
        "draw jo E",
        "next",
        "draw ann R",
        "next",
        "make jo POE",
        "draw jo B",
        "make jo POE",
        "make jo ZOO",
        "fix #7 draw jo P",
        "make jo ROPE",
        "next",
        "draw ann T",
        "take ann ROPES from jo",
    ];
    let run = t.run(
        &["new", "word-taking", "ann", "jo", "--name", "misheard"],
        &script(&lines),
    );
    let said: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("not recorded"))
        .collect();
    assert_eq!(
        said,
        [
            "not recorded: cannot make POE: P is not on the table (no drawn letter; centre: E O R); jo has not drawn this turn: if jo drew P, `draw jo P` first, then `make jo POE` again; nothing changed",
            "not recorded: cannot make POE: P is not on the table (drawn: B; centre: E O R); jo's draw at #7 was typed as B: if jo drew P, `fix #7 draw jo P`, then `make jo POE` again; nothing changed",
            // Two letters short: no one draw explains it.
            "not recorded: cannot make ZOO: another O and Z are not on the table (drawn: B; centre: E O R); nothing changed",
            "not recorded: ROPES from ROPE: S is not on the table (drawn: T; the centre is empty); ann's draw at #11 was typed as T: if ann drew S, `fix #11 draw ann S`, then `take ann ROPES from jo` again; nothing changed",
        ]
    );
    run.says("fixed #7: jo draws B -> jo draws P; totals unchanged");
    run.says("recorded  jo makes ROPE (P drawn, E O R from the centre)");
}

/// The draw named is the one that counts now: typed P, fixed to B, it is #9 (the
/// fix's own line is the way back), whatever notes and checks lie between.
#[test]
fn the_draw_named_is_the_draw_as_a_fix_left_it() {
    let t = Table::new();
    let lines = [
        "draw ann O",
        "note a note",
        "next",
        "draw jo E",
        "check cat",
        "next",
        "draw ann R",
        "next",
        "draw jo P",
        "fix #9 draw jo B",
        "make jo POE",
    ];
    let run = t.run(
        &["new", "word-taking", "ann", "jo", "--name", "refixed"],
        &script(&lines),
    );
    assert_eq!(
        reply_to(&run.stdout, "make jo POE"),
        "not recorded: cannot make POE: P is not on the table (drawn: B; centre: E O R); jo's draw at #9 was typed as B: if jo drew P, `fix #9 draw jo P`, then `make jo POE` again; nothing changed\n"
    );
}

/// A box of few letters for a short game: CAT, then COAT.
const SMALL_BOX: &str =
    r#"{"name":"small","letters":{"C":1,"A":2,"T":1,"E":3,"R":2,"S":2,"O":1,"W":1}}"#;

fn cat_coat_box(t: &Table) {
    std::fs::write(t.dir().join("small.json"), SMALL_BOX).expect("letters");
}

#[test]
fn a_take_typed_with_an_apostrophe_names_it_plainly() {
    let t = Table::new();
    cat_coat_box(&t);
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "apos",
            "--letters",
            "small.json",
        ],
        &script(&[
            "draw ann C",
            "next",
            "draw ben A",
            "next",
            "draw ann T",
            "make ann CAT",
            "next",
            "draw ben O",
            "take ben DON'T from ann",
        ]),
    );
    run.says(
        "not recorded: \"DON'T\" is not a word of letters: \"'\" is not one of A-Z (the box holds no hyphens, apostrophes or accents); nothing changed",
    );
    assert!(!run.stdout.contains(r"'\''"), "{}", run.stdout);
}

#[test]
fn a_player_holding_the_target_who_loses_a_word_is_told_the_win_is_off() {
    let t = Table::new();
    cat_coat_box(&t);
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "drop",
            "--letters",
            "small.json",
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
            "draw ben O",
            "take ben COAT from ann",
        ]),
    );
    run.says(
        "recorded  ben takes CAT from ann as COAT (+O drawn); ben holds 1 word: ben wins at the start of ben's next turn unless one is taken; ann drops to 0 words, below the 1 that win: no win for ann at the start of ann's next turn",
    );
}

#[test]
fn a_word_the_table_allowed_at_once_is_not_counted_against_the_player() {
    let t = Table::new();
    cat_coat_box(&t);
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--name",
            "aw",
            "--letters",
            "small.json",
        ],
        &script(&[
            "draw ann A",
            "next",
            "draw ben W",
            "make ben AW",
            "allow AW",
            "make ben AW",
            "next",
            "draw ann C",
            "make ann WACS",
        ]),
    );
    run.says("recorded  ben makes AW");
    let stats = t.run(&["stats", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stats.stdout).expect("JSON");
    let ben = &v["word-taking"]["ben"];
    assert_eq!(ben["words_not_allowed"], 0, "{}", stats.stdout);
}
