//! `--replies json`: the prompt as a program reads it. The session reports each line's
//! outcome as data and this front end writes it, one JSON object a line: what was
//! recorded (its entry number, its words, the standing it leaves), refused (and the
//! kind of refusal), the standings when a round closes, an undo and what it took.

use crate::common::Table;
use serde_json::{Value, json};

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
