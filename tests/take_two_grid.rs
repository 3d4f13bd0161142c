//! Take Two's grids ruled at the prompt and from the shell: one piece or pieces apart,
//! crossings, blanks, a grid that does not match the hand, a grid file, judge mode, bad
//! grids, and the penalty asked at a terminal or applied in a script, per grid or per
//! word.

use crate::common;

use std::sync::Arc;

use common::{Table, pairs, totals};
use umpire::lexicon::Lexicon;

/// The words a ruling's JSON names, in its order.
fn words_of(ruling: &serde_json::Value) -> Vec<&str> {
    ruling["words"]
        .as_array()
        .expect("words")
        .iter()
        .map(|w| w["word"].as_str().unwrap_or(""))
        .collect()
}

fn start(t: &Table, name: &str) {
    let run = t.run(&["new", "take-two", "alice", "bob", "--name", name], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn a_grid_of_valid_words_is_one_piece_and_its_ruling_is_logged() {
    let t = Table::new();
    start(&t, "ok");
    let run = t.run(&["resume", "ok"], "grid alice\nCAT\nA..\nRUN\n\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("the grid is one piece");
    let v = t.json("ok");
    let r = &v["rulings"][0];
    assert_eq!(r["asked"], "grid alice");
    assert_eq!(r["remarks"][0], "the grid is one piece");
    assert_eq!(r["faults"].as_array().map(Vec::len), Some(0));
    assert_eq!(r["acceptable"], true);
    let words = words_of(r);
    assert_eq!(words, vec!["CAT", "RUN", "CAR"]);
    assert!(
        v["rounds"].as_array().is_some_and(Vec::is_empty),
        "nothing scored"
    );
}

#[test]
fn a_barred_word_with_apply_records_the_penalty_and_its_words() {
    let t = Table::new();
    start(&t, "pen");
    let run = t.run(
        &["resume", "pen"],
        "grid bob --apply\nDONT\nO..\nG..\n\nout alice\nleft bob A\nend\n",
    );
    run.says("only as \"don't\": needs an apostrophe");
    run.says("recorded  bob +25 (grid: DONT)");
    assert_eq!(totals(&t.json("pen")), pairs(&[("alice", 0), ("bob", 26)]));
    let log = String::from_utf8(t.log("pen")).expect("utf-8");
    assert!(
        log.contains(
            "\"type\":\"penalty\",\"player\":\"bob\",\"why\":\"grid: DONT\",\"words\":[\"DONT\"]"
        ),
        "{log}"
    );
}

#[test]
fn without_apply_a_script_records_no_penalty_and_says_how() {
    let t = Table::new();
    start(&t, "noapply");
    let run = t.run(&["resume", "noapply"], "grid bob\nXRAY\n\n");
    run.says("`grid bob --apply` records the +25");
    let log = String::from_utf8(t.log("noapply")).expect("utf-8");
    assert!(!log.contains("\"penalty\""));
}

#[test]
fn a_piece_apart_is_reported_with_its_cells() {
    let t = Table::new();
    start(&t, "apart");
    let run = t.run(&["resume", "apart"], "grid alice\nCAT..\n.....\n...OX\n\n");
    run.says("the grid is NOT one piece");
    run.says("not joined to the rest: r3c4 r3c5");
    let r = &t.json("apart")["rulings"][0];
    assert_eq!(r["faults"][0], "the grid is NOT one piece");
    assert_eq!(r["faults"][1], "not joined to the rest: r3c4 r3c5");
    assert_eq!(r["acceptable"], false);
}

#[test]
fn a_two_letter_crossing_is_judged_both_ways() {
    let t = Table::new();
    start(&t, "two");
    let run = t.run(&["resume", "two"], "grid alice\nQI\nI.\n\n");
    let v = t.json("two");
    let words = v["rulings"][0]["words"].as_array().expect("words");
    assert_eq!(words.len(), 2, "{}", run.stdout);
    assert_eq!(words[0]["word"], "QI");
    assert_eq!(words[0]["at"], "across at r1c1");
    assert_eq!(words[1]["word"], "QI");
    assert_eq!(words[1]["at"], "down at r1c1");
    assert!(words.iter().all(|w| w["allowed"] == true));
}

#[test]
fn blanks_spell_their_letter_and_count_as_blanks() {
    let t = Table::new();
    start(&t, "blank");
    // The lowercase s is a blank standing for S: IS reads down, and the hand's ? is used.
    let run = t.run(
        &["resume", "blank"],
        "hand alice QI?\ngrid alice\nQI\n.s\n\n",
    );
    assert!(!run.stdout.contains("fault:"), "{}", run.stdout);
    let words = &t.json("blank")["rulings"][0]["words"];
    assert_eq!(words[1]["word"], "IS", "the blank reads as S");
    assert_eq!(words[1]["allowed"], true);
    run.says("alice's entry from the hand: `out alice`");
    // A blank Q beside the set's one real Q is within the set.
    let run = t.run(&["resume", "blank"], "grid bob\nQI\n..\n?qI\n\n");
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    assert!(!run.stdout.contains("the tile set has"), "{}", run.stdout);
    let run = t.run(&["resume", "blank"], "grid bob\nQI\n..\nQI\n\n");
    run.says("fault: the tile set has only 1 Q, and the grid would hold 2");
}

#[test]
fn a_grid_that_does_not_match_the_hand_is_a_fault_and_leftovers_are_offered() {
    let t = Table::new();
    start(&t, "hand");
    let run = t.run(
        &["resume", "hand"],
        "hand alice CATSQ\ngrid alice\nCATS\n\nhand bob DOG\ngrid bob\nDOGE\n\n",
    );
    run.says("alice's entry from the hand: `left alice Q`");
    run.says("fault: the grid holds tiles that are not in bob's hand: E");
    let v = t.json("hand");
    assert_eq!(v["rulings"][0]["acceptable"], true);
    assert_eq!(v["rulings"][1]["acceptable"], false);
}

#[test]
fn a_grid_file_is_read_like_typed_rows() {
    let t = Table::new();
    start(&t, "file");
    std::fs::write(t.dir().join("g.txt"), "CAT\nA\nR\n").expect("write");
    let run = t.run(&["resume", "file"], "grid alice --file g.txt\nscore\n");
    run.says("CAR");
    assert!(
        run.stdout.contains("take-two file r1> score"),
        "the next line is a command again: {}",
        run.stdout
    );
    let run = t.run(&["resume", "file"], "grid alice --file missing.txt\n");
    assert!(
        run.refusals()[0].contains("cannot read grid file missing.txt"),
        "{}",
        run.stdout
    );
}

#[test]
fn judge_mode_says_only_acceptable_or_not_until_reveal() {
    let t = Table::new();
    start(&t, "judge");
    let run = t.run(&["resume", "judge"], "grid bob --judge\nXRAY\n\n");
    run.says("grid bob: not acceptable");
    assert!(
        !run.stdout.contains("hyphen"),
        "details hidden: {}",
        run.stdout
    );
    let run = t.run(&["resume", "judge"], "reveal\n");
    run.says("only as \"x-ray\": needs a hyphen");
}

#[test]
fn bad_grids_get_one_clear_line_and_record_nothing() {
    let t = Table::new();
    start(&t, "bad");
    let before = t.log("bad");
    let huge: String = (0..101).map(|_| "AB\n").collect();
    let cases = [
        ("grid alice\nC4T\n\n", "'4' is not a grid cell"),
        ("grid alice\nQ\n\n", "a single tile"),
        ("grid alice\n\n", "the grid is empty"),
        ("grid alice\n...\n\n", "the grid is empty"),
        (
            &format!("grid alice\n{}\n\n", "A".repeat(150)),
            "at most 100 by 100",
        ),
        (&format!("grid alice\n{huge}\n"), "at most 100 by 100"),
        ("grid carol\nCAT\n\n", "unknown player"),
        ("grid\nCAT\n\n", "grid needs PLAYER"),
        (
            "grid alice --fast\nCAT\n\n",
            "grid takes --file FILE, --apply and --judge",
        ),
    ];
    for (script, expect) in cases {
        let run = t.run(&["resume", "bad"], script);
        let refusals = run.refusals();
        assert_eq!(refusals.len(), 1, "{script:.30}: {}", run.stdout);
        assert!(
            refusals[0].contains(expect),
            "{script:.30}: {}",
            refusals[0]
        );
        assert_eq!(t.log("bad"), before, "{script:.30} changed the log");
    }
    // Rows of unequal length are padded, not refused.
    let run = t.run(&["resume", "bad"], "grid alice\nCAT\nA\nR\n\n");
    assert!(run.refusals().is_empty(), "{}", run.stdout);
}

#[test]
fn at_a_terminal_the_penalty_is_asked_and_recorded_on_yes() {
    let dir = common::tempdir().expect("temp dir");
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    let args: Vec<String> = ["alice", "bob", "--name", "ask"].map(String::from).to_vec();
    let new_in = umpire::session::Sessions {
        dir: dir.path().to_path_buf(),
        with: umpire::registry::with(lexicon),
    };
    let mut table = umpire::repl::new_session(
        &new_in,
        &["take-two".to_string()]
            .into_iter()
            .chain(args.iter().cloned())
            .collect::<Vec<_>>(),
    )
    .expect("created");
    let rows = vec!["DONT".to_string(), "O...".to_string(), "G...".to_string()];
    let mut desk = umpire::session::Desk::new(false);
    let reply = common::Reply::of(&table.run(&mut desk, "grid", "bob", Some(&rows)));
    assert_eq!(reply.ask.as_deref(), Some("record +25 for bob (DONT)?"));
    assert_eq!(table.standings().running, vec![0, 0]);
    let yes = common::Reply::of(&table.answer(&mut desk, true));
    assert!(
        yes.text.contains("recorded  bob +25 (grid: DONT)"),
        "{}",
        yes.text
    );
    assert_eq!(table.standings().running, vec![0, 25]);
    // A "no" records nothing.
    table.run(&mut desk, "grid", "alice", Some(&rows));
    let no = common::Reply::of(&table.answer(&mut desk, false));
    assert_eq!(no.text, "nothing recorded");
    assert_eq!(table.standings().running, vec![0, 25]);
}

#[test]
fn the_shell_grid_command_exits_by_its_verdict() {
    let t = Table::new();
    std::fs::write(t.dir().join("good.txt"), "CAT\nA..\nRUN\n").expect("write");
    std::fs::write(t.dir().join("bad.txt"), "DONT\n").expect("write");
    std::fs::write(t.dir().join("apart.txt"), "CAT\n...\nOX.\n").expect("write");
    std::fs::write(t.dir().join("broken.txt"), "C#T\n").expect("write");
    let run = t.run(&["grid", "good.txt"], "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let run = t.run(&["grid", "--json", "bad.txt"], "");
    assert_eq!(run.code, Some(1));
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["words"][0]["word"], "DONT");
    assert_eq!(v["words"][0]["allowed"], false);
    assert!(
        v["words"][0]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("apostrophe")
    );
    assert_eq!(v["connected"], true);
    let run = t.run(&["grid", "--json", "apart.txt"], "");
    assert_eq!(run.code, Some(1));
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["connected"], false);
    let run = t.run(&["grid", "broken.txt"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("'#' is not a grid cell"),
        "{}",
        run.stderr
    );
    let run = t.run(&["grid", "-"], "QI\nI.\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
}

#[test]
fn the_shell_grid_command_accepts_a_byte_order_mark_as_the_board_command_does() {
    let t = Table::new();
    std::fs::write(t.dir().join("bom.txt"), "\u{feff}CAT\r\nA..\r\nRUN\r\n").expect("write");
    let run = t.run(&["grid", "--json", "bom.txt"], "");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let words = words_of(&v);
    assert_eq!(words, vec!["CAT", "RUN", "CAR"]);
    let run = t.run(&["grid", "-"], "\u{feff}QI\nI.\n");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    // Only a leading mark is the file's: one inside a row is still not a cell.
    let run = t.run(&["grid", "-"], "QI\n\u{feff}I.\n");
    assert_eq!(run.code, Some(2), "{}", run.stdout);
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
