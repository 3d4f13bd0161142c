//! Games written outside the crate, each in a folder of the tests with a registry of its
//! own and no line of `src/` naming it. Race (`tests/race`: no rounds, the highest total
//! wins, first to a target) proves the session core game-neutral: recording, undo,
//! replay, history, the table view, exports, the chart, stats and the prompt, with no
//! help from any real game. Hearts (`tests/hearts`, its rules on the round-game layer
//! and nothing else) is a full game of rounds: played through the real prompt, scored,
//! corrected both ways, undone, exported and served as a page.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use crate::hearts;
use crate::race::{self, Race};
use common::Typed;
use common::http::{address_in, get, standings_rows};
use umpire::contract::Files;
use umpire::export::Format;
use umpire::lexicon::{Lexicon, RuleSet, Rules};
use umpire::repl::Repl;
use umpire::session::Sessions;
use umpire::session::stats::Stats;
use umpire::session::store::Log;
use umpire::session::{AnySession, OpenWith, Session, Start};

fn with() -> OpenWith {
    OpenWith {
        lexicon: Arc::new(Lexicon::embedded().expect("dictionary")),
        games: race::catalog(),
    }
}

/// Race judges no words; a session still carries word rules for `check`: the
/// lexicon's own.
const PLAIN: RuleSet = RuleSet::STANDARD;

fn create(dir: &Path, name: &str) -> Session<Race> {
    let path = dir.join(format!("{name}.jsonl"));
    Session::<Race>::create(
        Start {
            path: &path,
            name,
            players: vec!["ann".into(), "ben".into(), "cat".into()],
            rules: Rules::new(PLAIN),
            files: Files::default(),
        },
        &umpire::contract::FlagValues::defaults(<race::Race as umpire::contract::Setup>::FLAGS),
        with(),
    )
    .expect("created")
}

fn reopen(dir: &Path, name: &str) -> Session<Race> {
    let path = dir.join(format!("{name}.jsonl"));
    let (log, contents) = Log::open(&path).expect("opens");
    Session::<Race>::from_contents(&path, contents, Some(log), with()).expect("replays")
}

#[test]
fn a_game_without_rounds_records_ranks_from_the_first_entry_and_undoes() {
    let dir = common::tempdir().expect("dir");
    let mut s = create(dir.path(), "r");
    assert!(s.standings().leaders().is_empty(), "nobody leads yet");
    let reply = s.typed("plus", "ben 4", None);
    assert!(
        reply.text.contains("recorded  ben +4 (now 4)"),
        "{}",
        reply.text
    );
    assert_eq!(
        s.standings().leaders(),
        vec![1],
        "leads from the first entry"
    );
    s.typed("plus", "ann 9", None);
    let reply = s.typed("undo", "", None);
    assert!(
        crate::common::undid(&reply.text, "ann +9 (now 9)"),
        "{}",
        reply.text
    );
    assert_eq!(s.standings().totals, vec![0, 4, 0]);
    let refused = s.typed("plus", "zed 1", None);
    assert!(
        refused.refused && refused.text.contains("unknown player"),
        "{}",
        refused.text
    );
    assert_eq!(s.progress().label, "t2");
}

#[test]
fn a_game_without_rounds_replays_and_describes_history_against_each_state() {
    let dir = common::tempdir().expect("dir");
    {
        let mut s = create(dir.path(), "h");
        for line in ["ann 3", "ann 4", "ben 2"] {
            assert!(!s.typed("plus", line, None).refused);
        }
    }
    let s = reopen(dir.path(), "h");
    assert_eq!(s.standings().totals, vec![7, 2, 0]);
    let history = s.run_text("history", "");
    assert!(history.contains("ann +3 (now 3)"), "{history}");
    assert!(history.contains("ann +4 (now 7)"), "{history}");
    let one = s.run_text("history", "2");
    assert!(
        one.contains("ann +4 (now 7)") && !one.contains("ann +3"),
        "{one}"
    );
}

#[test]
fn a_game_without_rounds_exports_charts_and_counts_in_stats() {
    let dir = common::tempdir().expect("dir");
    let mut s = create(dir.path(), "x");
    for line in ["ann 3", "ben 5", "cat 1", "ben 6"] {
        assert!(!s.typed("plus", line, None).refused);
    }
    let st = s.standings();
    assert!(st.finished);
    assert_eq!(st.won().map(|w| w.winners), Some(vec!["ben".to_string()]));
    let over = s.typed("plus", "ann 1", None);
    assert!(over.refused, "{}", over.text);

    let json: serde_json::Value =
        serde_json::from_str(&s.exported(Format::Json).expect("json")).expect("parses");
    assert_eq!(json["totals"]["ben"], 11);
    assert_eq!(json["winners"], serde_json::json!(["ben"]));
    assert_eq!(json["finished"], true);
    assert_eq!(json["unit"], "chips");
    assert!(
        json.get("rounds").is_none(),
        "no rounds in a game without them"
    );

    let csv = s.exported(Format::Csv).expect("csv");
    assert_eq!(
        csv,
        "turn,ann,ben,cat\nt1,3,0,0\nt2,3,5,0\nt3,3,5,1\nt4,3,11,1\ntotal,3,11,1\n"
    );
    let md = s.exported(Format::Md).expect("md");
    assert!(md.contains("| player | total |"), "{md}");
    assert!(md.contains("## The table"), "{md}");
    assert!(md.contains("| ben | 11 |"), "{md}");
    assert!(md.contains("**Winner: ben.**"), "{md}");

    let svg = s.exported(Format::Svg).expect("svg");
    let doc = roxmltree::Document::parse(&svg).expect("valid XML");
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("3"))
        .filter(|n| {
            n.attribute("points")
                .is_some_and(|p| p.split_whitespace().count() == 5)
        })
        .count();
    assert_eq!(lines, 3, "one line a player through five marks");

    let chart = s.run_text("chart", "");
    assert!(chart.contains("t4"), "{chart}");
    assert!(chart.contains("+ ben 11"), "{chart}");

    let table = s.run_text("table", "");
    assert!(
        table.contains("the track") && table.contains("runner"),
        "{table}"
    );

    let mut stats = Stats::default();
    stats.add(&s);
    let race = &stats.games["race"];
    assert_eq!(race.period, None);
    assert_eq!(race.players["ben"].wins, 1);
    assert_eq!(race.players["ann"].wins, 0);
    assert_eq!(race.players["ann"].finished, 1);
    let json = stats.to_json();
    assert!(json["race"]["ann"].get("rounds").is_none(), "{json}");
}

/// `run` returning only the text, for verbs that show.
trait RunText {
    fn run_text(&self, verb: &str, args: &str) -> String;
}

impl RunText for Session<Race> {
    fn run_text(&self, verb: &str, args: &str) -> String {
        // Showing verbs change nothing: run them on a read-only copy of the log.
        let path = AnySession::path(self).to_path_buf();
        let bytes = std::fs::read(&path).expect("log");
        let contents = umpire::session::store::parse(&path, &bytes).expect("parses");
        let mut copy =
            Session::<Race>::from_contents(&path, contents, None, with()).expect("replays");
        copy.typed(verb, args, None).text
    }
}

#[test]
fn a_game_in_its_own_folder_is_started_played_and_reopened_through_its_registry_line() {
    let dir = common::tempdir().expect("dir");
    let shelf = umpire::session::Sessions::new(
        dir.path().to_path_buf(),
        Arc::new(Lexicon::embedded().expect("dictionary")),
        race::catalog(),
    );
    let args: Vec<String> = ["race", "ann", "ben", "--target", "5", "--name", "r"]
        .map(String::from)
        .to_vec();
    let table = umpire::repl::new_session(&shelf, &args).expect("new race starts");
    assert_eq!(table.title(), "Race");
    let mut repl = umpire::repl::Repl::with_mode(shelf.clone(), Some(table), true);
    let mut none = || None;
    let (help, _) = repl.respond("help", &mut none);
    assert!(
        help.contains("race verbs:") && help.contains("plus PLAYER N"),
        "{help}"
    );
    let (text, _) = repl.respond("plus ben 6", &mut none);
    assert!(text.contains("recorded  ben +6 (now 6)"), "{text}");
    assert!(text.contains("game over: ben wins"), "{text}");
    drop(repl);
    let reopened = shelf.read("r").expect("the log reopens as a race");
    assert_eq!(reopened.standings().totals, vec![0, 6]);
    assert_eq!(
        reopened.standings().won().map(|w| w.winners),
        Some(vec!["ben".to_string()])
    );
    let unknown = umpire::repl::new_session(&shelf, &["take-two".to_string(), "ann".to_string()]);
    assert!(
        unknown.is_err_and(|e| e.to_string().contains("umpire keeps score for race")),
        "a registry lists only its own games"
    );
}

#[test]
fn the_words_tab_completes_are_the_log_s_own_read_once_and_kept_up_as_entries_come() {
    let dir = common::tempdir().expect("dir");
    let mut s = create(dir.path(), "w");
    assert!(AnySession::words(&s).is_empty());
    s.typed("check", "qi zax", None);
    assert_eq!(AnySession::words(&s), ["qi", "zax"]);
    // Reopened, the words are gathered from the log the first time they are asked for,
    s.typed("check", "aa", None);
    drop(s);
    let mut s = reopen(dir.path(), "w");
    assert_eq!(AnySession::words(&s), ["aa", "qi", "zax"]);
    // then kept up as entries are recorded.
    s.typed("check", "jo", None);
    assert_eq!(AnySession::words(&s), ["aa", "jo", "qi", "zax"]);
}

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
