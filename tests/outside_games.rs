//! The session core proven game-neutral: a small game in a folder of its own
//! (`tests/race`: no rounds, the highest total wins, first to a target) runs through
//! recording, undo, replay, history, the table view, exports, the chart, stats and the
//! prompt, with no help from any real game and no line of `src/` that names it.

use crate::common;
use crate::common::Typed;
use crate::race::{self, Race};

use std::path::Path;
use std::sync::Arc;

use umpire::contract::Files;
use umpire::export::Format;
use umpire::lexicon::{Lexicon, RuleSet, Rules};
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
