//! What a scorekeeper trips over in a whole evening, asserted in script mode: opening
//! and finding sessions, ending and extending a match, late joiners, corrections in the
//! open round, near misses, questions that lapsed, the wording, and the verbs that work
//! before anyone sits down.

use crate::common;

use common::Table;

#[test]
fn open_is_a_word_of_the_shell_too_and_a_missing_session_names_where_it_looked() {
    let t = Table::new();
    let run = t.run(&["sessions"], "");
    assert!(
        run.stdout
            .starts_with(&format!("no sessions yet in {}", t.sessions().display())),
        "{}",
        run.stdout
    );
    t.run(&["new", "take-two", "ann", "ben", "--name", "friday"], "");
    let run = t.run(&["open", "friday"], "out ann\n");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = t.run(&["open", "fridya"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains(&format!(
            "there is no session \"fridya\" in {} (did you mean friday?)",
            t.sessions().display()
        )),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--sessions DIR"), "{}", run.stderr);
}

#[test]
fn finish_ends_an_open_ended_match_and_counts_in_stats() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "f"],
        "out ann\nleft ben QZ\nend\nfinish\nout ann\n",
    );
    run.says("recorded  the match is finished after 1 round: ann wins with 0");
    run.says("match over: ann wins");
    run.says("take-two f over> out ann");
    assert!(
        run.refusals()[0].contains("the match is over"),
        "{}",
        run.stdout
    );
    let v: serde_json::Value =
        serde_json::from_str(&t.run(&["stats", "--json"], "").stdout).expect("json");
    assert_eq!(v["take-two"]["ann"]["wins"], 1);
    assert_eq!(v["take-two"]["ben"]["finished"], 1);
}

#[test]
fn a_rounds_match_is_extended_with_rounds_n() {
    let t = Table::new();
    t.run(
        &[
            "new", "take-two", "ann", "ben", "--rounds", "1", "--name", "r",
        ],
        "out ann\nleft ben A\nend\n",
    );
    let run = t.run(&["resume", "r"], "rounds 2\nleft ann Z\nout ben\nend\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("the match is now 2 rounds (was 1)");
    let v = t.json("r");
    assert_eq!(v["winner"], "ben");
    assert_eq!(v["totals"]["ann"], 10);
}

#[test]
fn a_late_joiner_starts_from_the_score_the_house_gives_and_history_says_so() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "late"],
        "out ann\nleft ben QZ\nend\nadd eve --score 20\nhistory\nscore\n",
    );
    run.says("recorded  eve joins, starting at 20");
    run.says("┆ eve joins, starting at 20");
    run.says("│ eve    ┆    20 ┆  – ┆    20 ┆");
    run.says("– had not joined");
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
fn near_misses_get_a_suggestion_and_a_lapsed_answer_says_so() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "catherine", "--name", "nm"],
        "out catherin\nfix 1 otu ann\nyes\n",
    );
    let r = run.refusals();
    assert!(r[0].contains("(did you mean catherine?)"), "{}", r[0]);
    assert!(r[1].contains("(did you mean \"out\"?)"), "{}", r[1]);
    run.says("there is no question waiting");
}

#[test]
fn counts_agree_with_their_nouns() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "w"],
        "grid ann\nCAT\n\n",
    );
    run.says("1 word, 3 tiles used");
    let run = t.run(&["stats"], "");
    run.says("1 session read from");
    run.says("Take Two: 1 session");
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
fn the_tile_set_fits_in_ten_lines() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "tl"],
        "tiles\n",
    );
    let tail = run.stdout.split("r1> tiles").nth(1).expect("tiles");
    let lines: Vec<&str> = tail.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() <= 10, "{tail}");
    assert!(tail.contains("Q  1×10"), "{tail}");
}

#[test]
fn check_define_and_stats_work_before_anyone_sits_down() {
    let t = Table::new();
    let run = t.run(&[], "check qi dont\ndefine qi\nstats\nleft ann A\n");
    run.says("│ DONT ┆ not allowed");
    run.says("no session is open, so the ruling is not logged");
    assert!(run.stdout.to_lowercase().contains("qi"), "{}", run.stdout);
    run.says("no sessions yet in");
    assert!(
        run.refusals()[0].contains("no session open for `left`"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_export_at_the_prompt_takes_its_format_from_the_file_name() {
    let t = Table::new();
    let json = t.dir().join("x.json");
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "ex"],
        &format!("out ann\nexport night.csv\nexport {}\n", json.display()),
    );
    assert!(run.refusals().is_empty(), "{}", run.stdout);
    let csv = std::fs::read_to_string(t.dir().join("night.csv")).expect("csv");
    assert!(csv.starts_with("round,ann,ben\n"), "{csv}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    assert_eq!(v["game"], "take-two");
}

#[test]
fn players_may_have_names_in_any_alphabet() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "zoë", "José", "--name", "uni"],
        "out ZOË\nleft josé QZ\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    run.says("│ zoë    ┆  0 ┆");
    let v = t.json("uni");
    assert_eq!(v["totals"]["José"], 20);
}
