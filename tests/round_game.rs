//! The session core proven for games of rounds: Bust (`tests/bust`, a round game in a
//! folder of its own, built on the contract's `Rounds`) is started, scored, corrected
//! both ways, undone, exported and served as a page through the real prompt and the
//! real server, with no line of `src/` naming it.

use std::sync::Arc;

use crate::bust;
use crate::common::http::{address_in, get, standings_rows};
use umpire::lexicon::Lexicon;
use umpire::repl::Repl;
use umpire::session::Sessions;

fn prompt(dir: &std::path::Path) -> Repl {
    let shelf = Sessions::new(
        dir.to_path_buf(),
        Arc::new(Lexicon::embedded().expect("dictionary")),
        bust::catalog(),
    );
    let args: Vec<String> = ["bust", "ann", "ben", "--rounds", "2", "--name", "b"]
        .map(String::from)
        .to_vec();
    let table = umpire::repl::new_session(&shelf, &args).expect("new bust starts");
    Repl::with_mode(shelf, Some(table), true)
}

/// What typing `line` says.
fn says(repl: &mut Repl, line: &str) -> String {
    repl.respond(line, &mut || None).0
}

#[test]
fn a_round_game_in_its_own_folder_is_scored_corrected_both_ways_and_undone() {
    let dir = crate::common::tempdir().expect("dir");
    let mut p = prompt(dir.path());
    assert_eq!(
        says(&mut p, "got ann 7"),
        "recorded  ann 7   (ann: r1 7, total 7)"
    );
    assert_eq!(
        says(&mut p, "got ben 30"),
        "recorded  ben 30: bust   (ben: r1 0, total 0)"
    );
    let closed = says(&mut p, "end 1");
    assert!(closed.starts_with("recorded  round 1 closed\n"), "{closed}");
    assert!(
        closed.contains("│ ann    ┆  7 ┆     7 ┆ leads │"),
        "{closed}"
    );
    says(&mut p, "got ann 5");
    assert!(
        says(&mut p, "got ann 9")
            .contains("ann has a score this round: fix it with fix 2 got ann N"),
    );
    assert_eq!(
        says(&mut p, "undo"),
        "undid #4 ann 5; now ann: total 7; the refused line before it recorded nothing"
    );
    // `fix ROUND VERB ARGS` replaces that player's entry of the round, as `fix #N`.
    assert_eq!(
        says(&mut p, "fix 1 got ben 12"),
        "recorded  round 1 corrected: ben 12   (ben: r1 12, total 12)"
    );
    assert_eq!(
        says(&mut p, "fix #1 got ann 20"),
        "fixed #1: ann 7 -> ann 20; totals now ann 7 -> 20"
    );
    says(&mut p, "got ann 3");
    says(&mut p, "got ben 4");
    let over = says(&mut p, "end 2");
    assert!(over.ends_with("match over: ann wins"), "{over}");
    let history = says(&mut p, "history 1");
    assert!(
        history.contains("ann 20  (fixed by #7; was: ann 7)"),
        "{history}"
    );
    assert!(history.contains("round 1 corrected: ben 12"), "{history}");
    let score = says(&mut p, "score");
    assert!(
        score.contains("│ ann    ┆ 20 ┆  3 ┆    23 ┆ wins │"),
        "{score}"
    );
}

#[test]
fn a_round_game_exports_charts_and_is_served_as_the_page_untouched() {
    let dir = crate::common::tempdir().expect("dir");
    let mut p = prompt(dir.path());
    for line in [
        "got ann 7",
        "got ben 30",
        "end 1",
        "got ann 3",
        "got ben 4",
        "end 2",
    ] {
        says(&mut p, line);
    }
    let json: serde_json::Value = serde_json::from_str(&says(&mut p, "export json")).expect("JSON");
    assert_eq!(json["totals"], serde_json::json!({"ann": 10, "ben": 4}));
    assert_eq!(
        json["rounds"][0]["points"],
        serde_json::json!({"ann": 7, "ben": 0})
    );
    assert_eq!(json["winners"], serde_json::json!(["ann"]));
    let csv = says(&mut p, "export csv");
    assert!(csv.starts_with("round,ann,ben\n1,7,0\n2,3,4\n"), "{csv}");
    assert!(says(&mut p, "export md").contains("| ann | 7 | 3 | 10 |"));
    assert!(says(&mut p, "export svg").starts_with("<svg"));
    assert!(says(&mut p, "chart").contains("r2"));
    let served = says(&mut p, "serve 127.0.0.1:0");
    let addr = address_in(&served).expect("the scoreboard's address");
    let page = get(addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("match over: ann wins"), "{}", page.body);
    let rows = standings_rows(&page.body);
    assert!(
        rows.iter()
            .any(|r| r.first().map(String::as_str) == Some("ann") && r.contains(&"10".to_string())),
        "{rows:?}"
    );
}
