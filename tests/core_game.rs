//! The session core proven game-neutral: a small game defined here (no rounds, the
//! highest total wins, first to a target) runs through recording, undo, replay, history,
//! the table view, exports, the chart and stats with no help from any real game.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use umpire::contract::{
    Action, Arg, Block, Ctx, Demo, Files, Game, Mark, Progress, Refusal, Roster, Standings,
    TableView, Unit, Verb, standings::best,
};
use umpire::lexicon::{Lexicon, Rules};
use umpire::session::export::Format;
use umpire::session::stats::Stats;
use umpire::session::store::Log;
use umpire::session::{AnySession, OpenWith, Session, Start};

/// First to the target wins; points are added turn by turn.
struct Race;

#[derive(Debug, Clone, clap::Args)]
struct RaceFlags {
    #[arg(long, default_value_t = 10)]
    target: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct RaceOptions {
    target: i64,
}

#[derive(Debug, Clone, Default)]
struct RaceState {
    totals: Vec<i64>,
    /// Totals after each turn, for the chart.
    history: Vec<Vec<i64>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum RaceEvent {
    Scored { player: String, points: i64 },
}

const VERBS: &[Verb] = &[Verb {
    name: "plus",
    args: "PLAYER N",
    summary: "the player scores N",
    example: "plus ann 3",
    completes: &[Arg::Player, Arg::Text],
    block: false,
}];

fn over(state: &RaceState, options: &RaceOptions) -> bool {
    state.totals.iter().any(|t| *t >= options.target)
}

impl Game for Race {
    const NAME: &'static str = "race";
    const TITLE: &'static str = "Race";
    const SUMMARY: &'static str = "first to the target";
    const PERIOD: Option<&'static str> = None;

    type Flags = RaceFlags;
    type Options = RaceOptions;
    type State = RaceState;
    type Event = RaceEvent;

    fn setup(flags: &RaceFlags, _: &Files, _: &[String]) -> Result<RaceOptions, Refusal> {
        Ok(RaceOptions {
            target: flags.target,
        })
    }

    fn describe_options(o: &RaceOptions) -> String {
        format!("to {}", o.target)
    }

    fn start(_: &RaceOptions, players: usize) -> RaceState {
        RaceState {
            totals: vec![0; players],
            history: Vec::new(),
        }
    }

    fn verbs() -> &'static [Verb] {
        VERBS
    }

    fn command(
        ctx: &Ctx<'_, Self>,
        verb: &str,
        args: &str,
        _: Option<&[String]>,
    ) -> Result<Action<RaceEvent>, Refusal> {
        let mut words = args.split_whitespace();
        match (verb, words.next(), words.next()) {
            ("plus", Some(p), Some(n)) => {
                let i = ctx.roster.find(p)?;
                let points = n
                    .parse()
                    .map_err(|_| Refusal::input(format!("{n:?} is not a number")))?;
                Ok(Action::record(RaceEvent::Scored {
                    player: ctx.roster.name(i).to_string(),
                    points,
                }))
            }
            _ => Err(Refusal::input("plus needs PLAYER N")),
        }
    }

    fn apply(
        state: &mut RaceState,
        options: &RaceOptions,
        roster: &Roster,
        event: &RaceEvent,
    ) -> Result<(), Refusal> {
        if over(state, options) {
            return Err(Refusal::new("the race is over"));
        }
        let RaceEvent::Scored { player, points } = event;
        let i = roster.find(player)?;
        if let Some(t) = state.totals.get_mut(i) {
            *t += points;
        }
        state.history.push(state.totals.clone());
        Ok(())
    }

    fn describe(event: &RaceEvent, before: &RaceState, _: &RaceOptions, roster: &Roster) -> String {
        let RaceEvent::Scored { player, points } = event;
        let had = roster
            .find(player)
            .ok()
            .and_then(|i| before.totals.get(i).copied())
            .unwrap_or(0);
        format!("{player} +{points} (now {})", had + points)
    }

    fn standings(state: &RaceState, options: &RaceOptions, roster: &Roster) -> Standings {
        let finished = over(state, options);
        let mut marks = vec![Mark {
            label: "0".into(),
            totals: vec![Some(0); roster.len()],
        }];
        for (k, totals) in state.history.iter().enumerate() {
            marks.push(Mark {
                label: format!("t{}", k + 1),
                totals: totals.iter().map(|t| Some(*t)).collect(),
            });
        }
        Standings {
            players: roster.names().to_vec(),
            unit: Unit::CHIPS,
            lower_wins: false,
            totals: state.totals.clone(),
            starts: vec![0; roster.len()],
            running: state.totals.clone(),
            periods: None,
            marks,
            ranked: !state.history.is_empty(),
            finished,
            winners: if finished {
                best(&state.totals, false)
            } else {
                Vec::new()
            },
            status: format!("racing to {}", options.target),
            figures: Vec::new(),
        }
    }

    fn table(state: &RaceState, _: &RaceOptions, roster: &Roster) -> TableView {
        TableView {
            blocks: vec![Block::Grid {
                title: "the track".into(),
                headers: vec!["runner".into(), "at".into()],
                rows: roster
                    .names()
                    .iter()
                    .zip(&state.totals)
                    .map(|(n, t)| vec![n.clone(), t.to_string()])
                    .collect(),
            }],
        }
    }

    fn progress(state: &RaceState, options: &RaceOptions, _: &Roster) -> Progress {
        let n = state.history.len() as u32 + 1;
        Progress {
            label: if over(state, options) {
                "over".into()
            } else {
                format!("t{n}")
            },
            number: n,
        }
    }

    fn add_player(state: &mut RaceState, _: &RaceOptions, score: i64) -> Result<(), Refusal> {
        state.totals.push(score);
        Ok(())
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben"],
            script: &["plus ann 3"],
        }
    }
}

fn with() -> OpenWith {
    umpire::registry::with(Arc::new(Lexicon::embedded().expect("dictionary")), true)
}

fn create(dir: &Path, name: &str) -> Session<Race> {
    let path = dir.join(format!("{name}.jsonl"));
    Session::<Race>::create(
        Start {
            path: &path,
            name,
            players: vec!["ann".into(), "ben".into(), "cat".into()],
            rules: Rules::new(umpire::games::take_two::RULE_SET),
            files: Files::default(),
        },
        &RaceFlags { target: 10 },
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
    let reply = s.run("plus", "ben 4", None);
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
    s.run("plus", "ann 9", None);
    let reply = s.run("undo", "", None);
    assert!(
        reply.text.contains("undid  ann +9 (now 9)"),
        "{}",
        reply.text
    );
    assert_eq!(s.standings().totals, vec![0, 4, 0]);
    let refused = s.run("plus", "zed 1", None);
    assert!(
        refused.refused && refused.text.contains("unknown player"),
        "{}",
        refused.text
    );
    assert!(s.prompt().ends_with("t2"), "{}", s.prompt());
}

#[test]
fn a_game_without_rounds_replays_and_describes_history_against_each_state() {
    let dir = common::tempdir().expect("dir");
    {
        let mut s = create(dir.path(), "h");
        for line in ["ann 3", "ann 4", "ben 2"] {
            assert!(!s.run("plus", line, None).refused);
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
        assert!(!s.run("plus", line, None).refused);
    }
    let st = s.standings();
    assert!(st.finished);
    assert_eq!(st.winner_names().as_deref(), Some("ben"));
    let over = s.run("plus", "ann 1", None);
    assert!(over.refused, "{}", over.text);

    let json: serde_json::Value =
        serde_json::from_str(&s.export(Format::Json).expect("json")).expect("parses");
    assert_eq!(json["totals"]["ben"], 11);
    assert_eq!(json["winners"], serde_json::json!(["ben"]));
    assert_eq!(json["finished"], true);
    assert_eq!(json["unit"], "chips");
    assert!(
        json.get("rounds").is_none(),
        "no rounds in a game without them"
    );

    let csv = s.export(Format::Csv).expect("csv");
    assert_eq!(
        csv,
        "turn,ann,ben,cat\nt1,3,0,0\nt2,3,5,0\nt3,3,5,1\nt4,3,11,1\ntotal,3,11,1\n"
    );
    let md = s.export(Format::Md).expect("md");
    assert!(md.contains("| player | total |"), "{md}");
    assert!(md.contains("## The table"), "{md}");
    assert!(md.contains("| ben | 11 |"), "{md}");
    assert!(md.contains("**Winner: ben.**"), "{md}");

    let svg = s.export(Format::Svg).expect("svg");
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
        copy.run(verb, args, None).text
    }
}
