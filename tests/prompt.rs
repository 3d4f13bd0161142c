//! The prompt as a script meets it: help with an example for each verb, near misses
//! with a suggestion, an answer with no question waiting, counts that agree with their
//! nouns, what works and what is refused (saying what was not done) with no session
//! open, and a refused megabyte line echoed by its start. And `--replies json`, the
//! prompt as a program reads it: the session reports each line's outcome as data and
//! this front end writes it, one JSON object a line: what was recorded (its entry number,
//! its words, the standing it leaves), refused (and the kind of refusal), the standings
//! when a round closes, an undo and what it took. The prompt at a real terminal is in
//! `prompt_terminal.rs`.

use crate::common;

use common::{Table, started};
use serde_json::{Value, json};

#[test]
fn help_at_the_prompt_gives_each_verb_an_example() {
    let t = Table::new();
    let verbs = [
        "out", "left", "penalty", "end", "hand", "grid", "tiles", "score", "undo", "check",
        "players", "add", "rename", "note", "history", "rulings", "chart", "reveal", "export",
        "help", "new", "open", "sessions", "quit",
    ];
    let script: String = verbs.iter().map(|v| format!("help {v}\n")).collect();
    let run = t.run(
        &["new", "take-two", "a", "b", "--name", "help"],
        &format!("help\n{script}"),
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(
        run.stdout.matches("  example: ").count(),
        verbs.len(),
        "{}",
        run.stdout
    );
    for v in verbs {
        assert!(run.stdout.contains(&format!("\n  {v}")), "help lists {v}");
    }
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

/// With no session open, a refusal says what was not done: an export, a history or a
/// reveal is not something that would have been recorded.
#[test]
fn with_no_session_open_a_refusal_says_what_was_not_done() {
    let empty = Table::new();
    let run = empty.run(&[], "export csv\nhistory\nreveal\nout ann\ncheck\n");
    let refusals = run.refusals();
    assert_eq!(refusals.len(), 5, "{}", run.stdout);
    assert!(refusals[0].starts_with("not exported: no session open for `export`"));
    assert!(refusals[1].starts_with("not shown: no session open for `history`"));
    assert!(refusals[2].starts_with("not revealed: no session open for `reveal`"));
    assert!(refusals[3].starts_with("not recorded: no session open for `out`"));
    assert!(refusals[3].ends_with("; nothing changed"));
    assert_eq!(
        refusals[4],
        "not checked: check needs words, e.g. check qi dont"
    );
    let run = empty.run(&[], "check qi\n");
    run.says("(take-two rules; no session is open, so the ruling is not logged)");
}

#[test]
fn a_refused_megabyte_line_is_echoed_by_its_start_and_length() {
    let t = Table::new();
    started(&t, "big", "");
    let line = format!("note {}\n", "x".repeat(1 << 20));
    let run = t.run(&["resume", "big"], &line);
    assert_eq!(
        run.refusals().len(),
        1,
        "{}",
        &run.stdout[..200.min(run.stdout.len())]
    );
    assert!(
        run.stdout.len() < 4000,
        "the line is not echoed whole: {} bytes",
        run.stdout.len()
    );
    run.says(" characters)");
}

fn replies(t: &Table, args: &[&str], script: &str) -> Vec<Value> {
    let mut full = vec!["--replies", "json"];
    full.extend_from_slice(args);
    let run = t.run(&full, script);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn each_line_is_one_json_object_of_what_it_recorded_refused_or_closed() {
    let t = Table::new();
    let r = replies(
        &t,
        &["new", "take-two", "ann", "bob", "--name", "j"],
        "out ann\nlfet bob QZ\nleft bob QZ\nundo\nleft bob Q\nend\n",
    );
    assert_eq!(r.len(), 7, "{r:#?}");
    assert_eq!(r[0]["opened"]["players"], json!(["ann", "bob"]));
    assert_eq!(r[0]["opened"]["standings"]["status"], "round 1");

    assert_eq!(r[1]["typed"], "out ann");
    assert_eq!(r[1]["prompt"], "take-two j r1");
    assert_eq!(r[1]["refused"], false);
    let recorded = &r[1]["said"][0];
    assert_eq!(recorded["said"], "recorded");
    assert_eq!(recorded["seq"], 1);
    assert_eq!(
        recorded["told"],
        json!({"entry": "game", "text": "ann out: 0"})
    );
    assert_eq!(recorded["standing"]["total"], 0);
    assert_eq!(recorded["standing"]["period"]["number"], 1);

    assert_eq!(r[2]["refused"], true);
    assert_eq!(r[2]["said"][0]["said"], "refused");
    assert_eq!(r[2]["said"][0]["refusal"]["kind"], "bad-input");
    assert!(
        r[2]["said"][0]["refusal"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("did you mean \"left\"")),
        "{}",
        r[2]
    );

    assert_eq!(r[3]["said"][0]["standing"]["total"], 20);
    let undo = &r[4]["said"][0];
    assert_eq!(undo["said"], "stepped");
    assert_eq!(undo["step"], "undid");
    assert_eq!(undo["seq"], 2);
    assert_eq!(undo["told"]["text"], "bob left Q Z: 20");
    assert_eq!(undo["change"]["standing"]["total"], 0);

    // The round closes: the entry, then the standings in full.
    let end = &r[6]["said"];
    assert_eq!(end[0]["said"], "recorded");
    assert_eq!(end[1]["said"], "closed");
    assert_eq!(end[1]["standings"]["totals"], json!([0, 10]));
    // The log holds what the terminal would have recorded.
    assert_eq!(t.json("j")["totals"], json!({"ann": 0, "bob": 10}));
}

#[test]
fn the_terminal_s_words_are_the_same_outcome_said_as_text() {
    let t = Table::new();
    let script = "out ann\nleft bob QZ\nfix 1 left bob Q\nhistory\n";
    let text = t.run(&["new", "take-two", "ann", "bob", "--name", "w"], script);
    text.says("recorded  round 1 corrected: bob left Q: 10   (bob: r1 10, total 10)");
    let r = replies(
        &t,
        &["new", "take-two", "ann", "bob", "--name", "w2"],
        script,
    );
    let fix = &r[3]["said"][0];
    assert_eq!(fix["said"], "recorded");
    assert_eq!(
        fix["told"],
        json!({"entry": "corrected", "period": "round", "number": 1, "text": "bob left Q: 10"})
    );
    assert_eq!(fix["standing"]["period"]["points"], 10);
    let history = &r[4]["said"][0];
    assert_eq!(history["said"], "history");
    assert_eq!(history["rows"][1]["counts"]["counts"], "fixed");
    assert_eq!(history["rows"][1]["counts"]["by"], 3);
}
