//! A game of rounds written outside the crate is a full game: Hearts (`tests/hearts`,
//! its rules on the round-game layer and nothing else) is played through the real
//! prompt, scored, corrected both ways, undone, exported and served as a page, with no
//! line of `src/` naming it.

use std::sync::Arc;

use crate::common::http::{address_in, get, standings_rows};
use crate::hearts;
use umpire::lexicon::Lexicon;
use umpire::repl::Repl;
use umpire::session::Sessions;

fn prompt(dir: &std::path::Path, players: &[&str]) -> Repl {
    let shelf = Sessions::new(
        dir.to_path_buf(),
        Arc::new(Lexicon::embedded().expect("dictionary")),
        hearts::REGISTRY,
    );
    let mut args: Vec<String> = vec!["hearts".into()];
    args.extend(players.iter().map(|p| p.to_string()));
    args.extend(["--name".into(), "h".into()]);
    let table = umpire::repl::new_session(&shelf, &args).expect("new hearts starts");
    Repl::with_mode(shelf, Some(table), true)
}

/// What typing `line` says.
fn says(repl: &mut Repl, line: &str) -> String {
    repl.respond(line, &mut || None).0
}

/// Types each line, each of which must be recorded.
fn plays(repl: &mut Repl, lines: &[&str]) {
    for line in lines {
        let said = says(repl, line);
        assert!(said.starts_with("recorded"), "{line}: {said}");
    }
}

#[test]
fn a_whole_hearts_match_is_played_to_100_and_the_lowest_total_wins() {
    let dir = crate::common::tempdir().expect("dir");
    let mut p = prompt(dir.path(), &["ann", "ben", "cat", "dan"]);
    assert_eq!(
        says(&mut p, "hearts ann 4"),
        "recorded  ann took 4 hearts   (ann: h1 4, total 4)"
    );
    plays(&mut p, &["hearts ben 0", "hearts cat 9"]);
    let refused = says(&mut p, "end");
    assert!(
        refused.contains("dan has no entry yet (hearts PLAYER N)"),
        "{refused}"
    );
    says(&mut p, "hearts dan 0");
    let refused = says(&mut p, "end");
    assert!(
        refused.contains("hand 1 comes to 13 hearts and no queen, not 13 and the queen"),
        "{refused}"
    );
    assert!(
        says(&mut p, "hearts dan 1").contains("dan's hearts this hand is entered already"),
        "a second entry is refused"
    );
    assert!(says(&mut p, "queen ann").starts_with("recorded  ann took the queen: 13"));
    let closed = says(&mut p, "end");
    assert!(
        closed.starts_with("recorded  hand 1 closed: ann 17, ben 0, cat 9, dan 0\n"),
        "{closed}"
    );
    // A moon: 26 to everyone else; then three hands to pass 100.
    let moon = says(&mut p, "moon cat");
    assert!(moon.starts_with("recorded  cat shot the moon"), "{moon}");
    assert!(says(&mut p, "hearts ann 2").contains("this hand's moon is entered"));
    plays(&mut p, &["end"]);
    for _ in 0..2 {
        plays(
            &mut p,
            &[
                "hearts ann 0",
                "hearts ben 13",
                "hearts cat 0",
                "hearts dan 0",
                "queen ben",
                "end",
            ],
        );
    }
    // ben: 0 + 26 + 26 + 26 = 78; one more hand takes him past 100.
    plays(
        &mut p,
        &[
            "hearts ann 1",
            "hearts ben 12",
            "hearts cat 0",
            "hearts dan 0",
            "queen ben",
        ],
    );
    let over = says(&mut p, "end");
    assert!(over.contains("match over: cat wins"), "{over}");
    let refused = says(&mut p, "hearts ann 1");
    assert!(
        refused.contains("the match is over (cat won with 9)"),
        "{refused}"
    );
    let score = says(&mut p, "score");
    assert!(score.contains("cat"), "{score}");
}

#[test]
fn a_hearts_match_is_corrected_both_ways_undone_exported_and_served() {
    let dir = crate::common::tempdir().expect("dir");
    let mut p = prompt(dir.path(), &["ann", "ben", "cat"]);
    plays(
        &mut p,
        &[
            "hearts ann 4",
            "hearts ben 0",
            "hearts cat 9",
            "queen ben",
            "end",
        ],
    );
    // `fix HAND VERB ARGS` replaces that player's entry of the hand, as `fix #N`.
    let refused = says(&mut p, "fix 1 hearts ann 5");
    assert!(
        refused.contains("#3 (cat took 9 hearts) would no longer fit"),
        "one entry alone breaks the hand: {refused}"
    );
    // ann's 4 hearts were ben's: each fix alone breaks the hand's 13 hearts, both in
    // one line keep it, and one undo takes both back.
    let alone = says(&mut p, "fix #2 hearts ben 4");
    assert!(alone.contains("pass the 13 there are"), "{alone}");
    assert_eq!(
        says(&mut p, "fix #1 hearts ann 0; #2 hearts ben 4"),
        "fixed #1: ann took 4 hearts -> ann took 0 hearts; totals now ann 4 -> 0\nfixed #2: ben took 0 hearts -> ben took 4 hearts; totals now ben 13 -> 17"
    );
    assert!(
        says(&mut p, "undo").starts_with("undid #6 fix #1: hearts ann 0; fix #2: hearts ben 4")
    );
    assert_eq!(
        says(&mut p, "fix #4 queen ann"),
        "fixed #4: ben took the queen: 13 -> ann took the queen: 13; totals now ann 4 -> 17, ben 13 -> 0"
    );
    assert!(says(&mut p, "undo").starts_with("undid #8"));
    plays(&mut p, &["hearts ann 0"]);
    let json: serde_json::Value = serde_json::from_str(&says(&mut p, "export json")).expect("JSON");
    assert_eq!(
        json["totals"],
        serde_json::json!({"ann": 4, "ben": 13, "cat": 9})
    );
    assert_eq!(
        json["hands"][0]["points"],
        serde_json::json!({"ann": 4, "ben": 13, "cat": 9})
    );
    let csv = says(&mut p, "export csv");
    assert!(csv.starts_with("hand,ann,ben,cat\n1,4,13,9\n"), "{csv}");
    assert!(says(&mut p, "export md").contains("| ben | 13 | 13 |"));
    assert!(says(&mut p, "export svg").starts_with("<svg"));
    let served = says(&mut p, "serve 127.0.0.1:0");
    let addr = address_in(&served).expect("the scoreboard's address");
    let page = get(addr, "/");
    assert_eq!(page.status, 200);
    let rows = standings_rows(&page.body);
    assert!(
        rows.iter()
            .any(|r| r.first().map(String::as_str) == Some("ben") && r.contains(&"13".to_string())),
        "{rows:?}"
    );
}

/// Hearts meets what every registered game meets: its demo records one entry a line and
/// reads back with the same standings, and a name its log holds is held to a name's
/// limit when the log is opened.
#[test]
fn hearts_demo_records_an_entry_a_line_and_a_long_name_in_its_log_is_cut() {
    use umpire::contract::Setup;
    let dir = crate::common::tempdir().expect("dir");
    let demo = hearts::Hearts::demo();
    let mut p = prompt(dir.path(), demo.new);
    for line in demo.script {
        let said = says(&mut p, line);
        assert_eq!(said.matches("recorded").count(), 1, "{line}: {said}");
    }
    let score = says(&mut p, "score");
    drop(p);
    let path = dir.path().join("h.jsonl");
    let with = |lexicon| umpire::session::OpenWith {
        lexicon,
        games: hearts::REGISTRY,
    };
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    let read = umpire::session::read_path(&path, with(Arc::clone(&lexicon))).expect("reads");
    let mut again = Repl::with_mode(
        Sessions::new(
            dir.path().to_path_buf(),
            Arc::clone(&lexicon),
            hearts::REGISTRY,
        ),
        Some(read),
        true,
    );
    assert_eq!(
        says(&mut again, "score"),
        score,
        "the log reads back as it was played"
    );
    let log = std::fs::read_to_string(&path).expect("log");
    let long = "x".repeat(1000);
    std::fs::write(
        &path,
        log.replacen("\"player\":\"ann\"", &format!("\"player\":\"{long}\""), 1),
    )
    .expect("edit");
    let read = umpire::session::read_path(&path, with(lexicon)).expect("reads");
    let warned = format!("{:?}", read.warnings());
    assert!(warned.contains("max: 24"), "{warned}");
}
