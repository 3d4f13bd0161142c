//! TAKE rummy through the [`Game`] contract, as the session core drives it: options
//! from flags, verbs to events with refusals of the right kind, corrections, late
//! joiners, the standings and chart marks, the table view, the export fields, the
//! prompt's progress and what Tab offers for cards.

use std::sync::OnceLock;

use super::event::Event;
use super::{Options, TakeRummy};
#[allow(unused_imports)]
use crate::contract::{
    Block, Ctx, Engine, Files, Kind, Prompt, Refusal, Roster, RoundEvent, Scene, Setup, Show,
};

/// The match as the layer holds it.
type State = crate::contract::Match<super::hand::Hand>;
use crate::lexicon::{Lexicon, Rules};

fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| Lexicon::embedded().expect("dictionary"))
}

/// A TAKE rummy session's game side, driven line by line as the core drives it.
struct Table {
    state: State,
    options: Options,
    roster: Roster,
}

impl Table {
    fn new(players: &[&str], target: u32) -> Table {
        let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let options =
            TakeRummy::setup(&target_flag(target), &Files::default(), &names).expect("setup");
        Table {
            state: TakeRummy::start(&options, names.len()),
            options,
            roster: Roster::new(names),
        }
    }

    /// Calls `f` with the context a command meets at the prompt.
    fn with_ctx<R>(&self, f: impl FnOnce(&Ctx<'_, TakeRummy>) -> R) -> R {
        let rules = Rules::new(crate::lexicon::RuleSet {
            name: "standard",
            summary: "standard words (a game that judges no words still checks them)",
            policy: crate::lexicon::Policy::STANDARD,
        });
        f(&Ctx {
            state: &self.state,
            options: &self.options,
            roster: &self.roster,
            lexicon: lexicon(),
            rules: &rules,
            script: true,
        })
    }

    /// Types a line; records what it comes to, or returns what it only shows.
    fn typed(&mut self, line: &str) -> Result<Vec<String>, Refusal> {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        let action = self.with_ctx(|ctx| TakeRummy::command(ctx, verb, args, None))?;
        if action.refused {
            let said: Vec<String> = action
                .show
                .iter()
                .map(|s| match s {
                    crate::contract::Shown::Text(t) => t.clone(),
                    crate::contract::Shown::Ruling(r) => format!("{r:?}"),
                })
                .collect();
            return Err(Refusal::new(said.join("; ")));
        }
        for event in action.record {
            match event {
                crate::contract::event::Event::Game(e) => {
                    let before = self.state.clone();
                    let applied =
                        TakeRummy::apply(&mut self.state, &self.options, &self.roster, &e);
                    if let Err(why) = applied {
                        assert_eq!(self.state, before, "{line}: a refusal changed the match");
                        return Err(why);
                    }
                }
                other => panic!("a TAKE rummy verb records game events, not {other:?}"),
            }
        }
        Ok(action
            .show
            .into_iter()
            .map(|s| match s {
                crate::contract::Shown::Text(t) => t,
                crate::contract::Shown::Ruling(r) => format!("{r:?}"),
            })
            .collect())
    }

    fn ok(&mut self, lines: &[&str]) {
        for line in lines {
            if let Err(e) = self.typed(line) {
                panic!("{line}: refused: {e}");
            }
        }
    }

    fn refused(&mut self, line: &str) -> Refusal {
        let before = self.state.clone();
        let refusal = match self.typed(line) {
            Ok(shown) => panic!("{line}: should be refused, got {shown:?}"),
            Err(e) => e,
        };
        assert_eq!(self.state, before, "{line} changed the match");
        refusal
    }

    fn complete(&self, kind: &str) -> Vec<String> {
        TakeRummy::complete(
            &Scene {
                state: &self.state,
                options: &self.options,
                roster: &self.roster,
            },
            kind,
        )
    }
}

/// A hand's column by name, seat by seat.
fn column(p: &crate::contract::Period, name: &str) -> Vec<Option<serde_json::Value>> {
    p.columns
        .iter()
        .find(|c| c.name == name)
        .map(|c| c.values.clone())
        .expect(name)
}

/// The sheet's take example, scored from the table: alice lays 5-6-7 of clubs, bob
/// takes them with his 8.
const TAKE_HAND: &[&str] = &[
    "lay alice 5C 6C 7C",
    "take bob 8C onto alice",
    "held alice 2D",
    "held bob -",
    "end",
];

#[test]
fn each_refusal_has_the_kind_of_what_went_wrong() {
    for (before, line, kind) in [
        (&[][..], "laid zed 5C 6C 7C", Kind::UnknownPlayer),
        (&[], "held alice 11H", Kind::BadInput),
        (&[], "held alice 5X", Kind::BadInput),
        (&[], "laid alice", Kind::BadInput),
        (&[], "end now", Kind::BadInput),
        (&[], "discard? 5C 6C", Kind::BadInput),
        (&[], "shuffle", Kind::BadInput),
        (&[], "laid alice 5C 6C", Kind::Rule),
        (&[], "laid alice 5C 7C 8C", Kind::Rule),
        (&[], "held alice 5C 5C", Kind::Rule),
        (&[], "take bob 8C onto alice", Kind::Rule),
        (&[], "end", Kind::Rule),
        (&["held alice JK JK"], "held bob JK", Kind::Rule),
        (&["lay alice 2S-AS"], "take bob JK onto alice", Kind::Rule),
        (
            &["lay alice 5C 6C 7C"],
            "take bob 8C onto alice:2",
            Kind::Rule,
        ),
        (&["lay alice 5C 6C 7C"], "laid bob 2D 3D 4D", Kind::Rule),
    ] {
        let mut t = Table::new(&["alice", "bob"], 500);
        t.ok(before);
        let r = t.refused(line);
        assert_eq!(r.kind, kind, "{line}: {}", r.message);
        assert!(!r.message.contains('\n'), "{line}: one line: {}", r.message);
    }
}

#[test]
fn a_finished_match_refuses_entries_and_late_joiners_as_over() {
    let mut t = Table::new(&["alice", "bob"], 20);
    t.ok(TAKE_HAND);
    assert!(t.state.over());
    let r = t.refused("laid alice 5C 6C 7C");
    assert_eq!(r.kind, Kind::MatchOver);
    assert_eq!(
        r.message,
        "the match is over (bob won with 20); `new take-rummy ...` starts another"
    );
    let r = t.refused("take alice 9C onto bob");
    assert_eq!(r.kind, Kind::MatchOver, "{}", r.message);
    let r = TakeRummy::add_player(&mut t.state, &t.options, 0).expect_err("over");
    assert_eq!(r.kind, Kind::MatchOver);
}

#[test]
fn a_player_joins_between_hands_only_and_from_a_score_short_of_the_target() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok(&["held alice 2D"]);
    let r = TakeRummy::add_player(&mut t.state, &t.options, 0).expect_err("mid-hand");
    assert_eq!(r.kind, Kind::Rule);
    assert_eq!(
        r.message,
        "a player can join only between hands (this hand has entries)"
    );
    t.ok(&["held bob -", "laid alice -", "laid bob -", "end"]);
    let r = TakeRummy::add_player(&mut t.state, &t.options, 500).expect_err("at the target");
    assert_eq!(r.kind, Kind::BadInput);
    TakeRummy::add_player(&mut t.state, &t.options, 40).expect("joins");
    t.roster.push("carol".into());
    t.ok(&["laid carol 9H 10H JH"]);
    // In the open hand only carol's laid runs count yet, and only her entry is begun.
    let open = TakeRummy::standings(&t.scene())
        .periods
        .and_then(|p| p.open)
        .expect("hand 2 is open");
    assert_eq!(
        column(&open, "laid"),
        vec![None, None, Some(serde_json::json!(["9H 10H JH"]))]
    );
    use crate::contract::EntryStatus;
    assert_eq!(
        open.entries,
        vec![
            EntryStatus::Waiting,
            EntryStatus::Waiting,
            EntryStatus::Partial
        ]
    );
    t.ok(&[
        "held carol -",
        "held alice -",
        "held bob -",
        "laid alice -",
        "laid bob -",
        "end",
    ]);
    let s = TakeRummy::standings(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    assert_eq!(s.totals, vec![-5, 0, 40 + 25]);
    // carol is absent from hand 1 and appears on the chart with her start after it.
    let hands = s.periods.as_ref().expect("hands");
    assert_eq!(
        hands.closed.get(0).expect("the first closed period").points,
        vec![Some(-5), Some(0), None]
    );
    assert_eq!(
        hands
            .closed
            .get(0)
            .expect("the first closed period")
            .entries[2],
        EntryStatus::Absent
    );
    let nothing = Some(serde_json::json!([]));
    assert_eq!(
        column(
            &hands.closed.get(0).expect("the first closed period"),
            "laid"
        ),
        vec![nothing.clone(), nothing, None]
    );
    let marks: Vec<(String, Vec<Option<i64>>)> = s
        .marks
        .iter()
        .map(|m| (m.label.clone(), m.totals.clone()))
        .collect();
    assert_eq!(
        marks,
        vec![
            ("0".into(), vec![Some(0), Some(0), None]),
            ("h1".into(), vec![Some(-5), Some(0), Some(40)]),
            ("h2".into(), vec![Some(-5), Some(0), Some(65)]),
        ]
    );
}

#[test]
fn the_standings_carry_each_hands_laid_and_held_cards_as_columns() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok(TAKE_HAND);
    t.ok(&[
        "laid alice JK=AH 2H 3H, QS KS AS",
        "held alice 4D",
        "laid bob -",
    ]);
    let s = TakeRummy::standings(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    assert_eq!(s.status, "hand 2, playing to 500");
    assert!(s.ranked && !s.finished && s.winners.is_empty());
    assert_eq!(s.totals, vec![-5, 20]);
    // The open hand counts alice's entry; bob has no entry yet.
    assert_eq!(s.running, vec![-5 + 20 + 5 + 5 + 35 - 5, 20]);
    let hands = s.periods.expect("hands");
    assert_eq!(hands.name, "hand");
    let h1 = &hands.closed.get(0).expect("the first closed period");
    assert_eq!(h1.points, vec![Some(-5), Some(20)]);
    assert_eq!(
        column(h1, "laid"),
        vec![
            Some(serde_json::json!([])),
            Some(serde_json::json!(["5C 6C 7C 8C"]))
        ]
    );
    assert_eq!(
        column(h1, "held"),
        vec![Some(serde_json::json!(["2D"])), Some(serde_json::json!([]))]
    );
    assert_eq!(
        column(h1, "laid_value"),
        vec![Some(serde_json::json!(0)), Some(serde_json::json!(20))]
    );
    assert_eq!(
        h1.details,
        vec![
            "laid nothing (0); held 2D (5)",
            "laid 5C 6C 7C 8C (20); held nothing (0)"
        ]
    );
    let open = hands.open.expect("hand 2 is open");
    assert_eq!(open.number, 2);
    assert_eq!(
        column(&open, "laid"),
        vec![
            Some(serde_json::json!(["JK=AH 2H 3H", "QS KS AS"])),
            Some(serde_json::json!([]))
        ]
    );
    assert_eq!(column(&open, "held")[1], None);
    // bob has laid (nothing) but not yet held: part of his entry is in.
    assert_eq!(
        open.entries,
        vec![
            crate::contract::EntryStatus::Done,
            crate::contract::EntryStatus::Partial
        ]
    );
    assert_eq!(open.points, vec![Some(60), None]);
}

#[test]
fn the_table_shows_the_runs_by_owner_marking_locked_ones_and_the_hands_entries() {
    let mut t = Table::new(&["alice", "bob", "carol"], 500);
    t.ok(&[
        "lay alice 5C 6C 7C",
        "lay bob 2S-AS",
        "take carol 8C onto alice",
        "lay alice 7D 8D 9D",
        "held bob QH",
    ]);
    let view = TakeRummy::table(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    let [
        Block::Text { title, lines },
        Block::Grid {
            title: grid,
            headers,
            rows,
        },
    ] = view.blocks.as_slice()
    else {
        panic!("runs, then entries: {view:?}");
    };
    assert_eq!(title, "runs on the table, hand 1");
    assert_eq!(
        lines,
        &vec![
            "A  carol  5C 6C 7C 8C                              value  20".to_string(),
            "B  bob    2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS  value  95  LOCKED".to_string(),
            "C  alice  7D 8D 9D                                 value  15".to_string(),
        ]
    );
    assert_eq!(grid, "hand 1 (open)");
    assert_eq!(headers, &vec!["player", "laid", "held", "points"]);
    assert_eq!(
        rows,
        &vec![
            vec!["alice", "1 run (15)", "no entry yet", ""],
            vec!["bob", "1 run (95)", "QH (10)", "85"],
            vec!["carol", "1 run (20)", "no entry yet", ""],
        ]
    );
}

#[test]
fn the_last_hand_stays_on_the_table_once_the_match_is_over() {
    let mut t = Table::new(&["alice", "bob"], 20);
    t.ok(TAKE_HAND);
    let view = TakeRummy::table(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    let titles: Vec<&str> = view
        .blocks
        .iter()
        .map(|b| match b {
            Block::Grid { title, .. } | Block::Text { title, .. } => title.as_str(),
        })
        .collect();
    assert_eq!(
        titles,
        vec!["runs on the table, hand 1", "hand 1, the last (closed)"]
    );
    let p = TakeRummy::progress(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    assert_eq!((p.label.as_str(), p.number), ("over", 1));
}

#[test]
fn tab_offers_only_the_cards_not_yet_placed_this_hand() {
    let mut t = Table::new(&["alice", "bob"], 500);
    assert_eq!(t.complete("card").len(), 53, "52 cards and a joker");
    t.ok(&["lay alice 5C 6C 7C", "held bob JK 9H"]);
    let cards = t.complete("card");
    assert_eq!(cards.len(), 52 - 4 + 1);
    for gone in ["5C", "6C", "7C", "9H"] {
        assert!(!cards.iter().any(|c| c == gone), "{gone} is placed");
    }
    assert_eq!(cards.iter().filter(|c| *c == "JK").count(), 1);
    assert_eq!(cards.first().map(String::as_str), Some("2C"));
    assert!(cards.contains(&"10H".to_string()) && cards.contains(&"8C".to_string()));
    t.ok(&["take alice JK=8C onto alice"]);
    assert!(
        !t.complete("card").contains(&"JK".to_string()),
        "both jokers are placed"
    );
    let take = t.complete("take");
    assert!(take.contains(&"onto".to_string()) && take.contains(&"A".to_string()));
    assert!(take.contains(&"run".to_string()) && take.contains(&"alice's".to_string()));
    assert!(t.complete("held").contains(&"none".to_string()));
    assert!(take.contains(&"8C".to_string()) && !take.contains(&"5C".to_string()));
    assert_eq!(t.complete("deck").len(), 53);
    assert!(t.complete("tile").is_empty());
    assert_eq!(
        t.complete("top"),
        ["stock", "pile"],
        "no deal, no discard pile"
    );
    // A new hand starts with the whole deck again.
    t.ok(&["held alice -", "end"]);
    assert_eq!(t.complete("card").len(), 53);
}

#[test]
fn discard_says_whether_a_run_on_the_table_could_take_the_card_and_records_nothing() {
    let mut t = Table::new(&["alice", "bob"], 500);
    assert_eq!(
        t.typed("discard? 9C").expect("answers"),
        vec!["no runs on the table this hand: 9C may be discarded"]
    );
    t.ok(&["lay alice 5C 6C 7C"]);
    let before = t.state.clone();
    assert_eq!(
        t.typed("discard? 8c").expect("answers"),
        vec![
            "8C could be added to run A (5C 6C 7C), making 5C-8C: the sheet forbids discarding it"
        ]
    );
    assert_eq!(
        t.typed("discard? KH").expect("answers"),
        vec!["no run on the table can take KH: it may be discarded"]
    );
    assert_eq!(t.state, before);
}

#[test]
fn options_are_checked_as_strictly_from_a_header_as_from_flags() {
    let ok = Options {
        target: 500,
        deal: 7,
    };
    assert!(TakeRummy::check_options(&ok, 3).is_ok());
    let r = TakeRummy::check_options(&Options { target: 0, deal: 7 }, 3).expect_err("zero");
    assert_eq!(r.kind, Kind::BadInput);
    assert_eq!(
        r.message,
        "a target of 0 points: the target is 1 to 1000000 points"
    );
    assert!(
        TakeRummy::check_options(
            &Options {
                target: 2_000_000,
                deal: 7
            },
            3
        )
        .is_err()
    );
    let r = TakeRummy::check_options(
        &Options {
            target: 500,
            deal: 8,
        },
        3,
    )
    .expect_err("a deal of 8");
    assert_eq!(
        r.message,
        "a deal of 8 cards: TAKE rummy deals 7 (the sheet) or 10"
    );
    // A header from before `--deal` deals the sheet's seven.
    let old: Options = serde_json::from_str(r#"{"target":300}"#).expect("an old header");
    assert_eq!(
        old,
        Options {
            target: 300,
            deal: 7
        }
    );
    let r = TakeRummy::check_options(&ok, 1).expect_err("one player");
    assert_eq!(
        r.message,
        "TAKE rummy needs at least 2 players: a take needs someone to take from"
    );
    assert_eq!(
        TakeRummy::describe_options(&ok),
        "to 500 points; 7 cards dealt each from a deck of 52 and 2 jokers"
    );
}

#[test]
fn the_demo_records_one_event_a_line_and_leaves_a_match_in_progress() {
    let demo = TakeRummy::demo();
    let mut t = Table::new(&["ann", "ben", "cat"], 300);
    for line in demo.script {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        let action = t
            .with_ctx(|ctx| TakeRummy::command(ctx, verb, args, None))
            .expect(line);
        assert_eq!(action.record.len(), 1, "{line}");
        t.ok(&[line]);
    }
    let s = TakeRummy::standings(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    // Hand 1, dealt and played turn by turn until ben went out: ann 5C-8C (20) less
    // 45 held, ben 10H-KH (40) and nothing held, cat 2D-5D (20) less 3C 4C 9C.
    // Hand 2, from end-of-hand entries: ann 2S-AS (95), ben 35 less 5, cat -15.
    assert_eq!(s.totals, vec![-25 + 95, 40 + 30, 5 - 15]);
    assert!(!s.finished);
    let p = TakeRummy::progress(&Scene {
        state: &t.state,
        options: &t.options,
        roster: &t.roster,
    });
    assert_eq!(p.label, "h3");
    assert!(
        <TakeRummy as Prompt>::player(&RoundEvent::Closed {
            number: 1,
            off_total: false
        })
        .is_none()
    );
}

impl Table {
    /// What a typed line comes to at a terminal, where a question can be answered.
    fn at_terminal(
        &self,
        line: &str,
    ) -> Result<crate::contract::Action<RoundEvent<TakeRummy>>, Refusal> {
        let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
        let rules = Rules::new(crate::lexicon::RuleSet {
            name: "standard",
            summary: "standard words",
            policy: crate::lexicon::Policy::STANDARD,
        });
        TakeRummy::command(
            &Ctx {
                state: &self.state,
                options: &self.options,
                roster: &self.roster,
                lexicon: lexicon(),
                rules: &rules,
                script: false,
            },
            verb,
            args,
            None,
        )
    }

    fn scene(&self) -> Scene<'_, TakeRummy> {
        Scene {
            state: &self.state,
            options: &self.options,
            roster: &self.roster,
        }
    }
}

#[test]
fn a_joker_that_could_stand_for_two_cards_is_asked_about_and_a_script_must_say_which() {
    let mut t = Table::new(&["ann", "ben"], 500);
    let action = t.at_terminal("lay ann JK QH KH").expect("asked");
    assert!(action.record.is_empty(), "nothing before the answer");
    let ask = action.ask.expect("a question");
    assert_eq!(ask.question, "record it as JK=JH? (AH records it as JK=AH)");
    let melded = |cards: &str| Event::Melded {
        player: "ann".into(),
        run: crate::games::take_rummy::cards::parse_typed(cards).expect("cards"),
    };
    assert_eq!(
        ask.record,
        vec![crate::contract::event::Event::Game(RoundEvent::Entry(
            melded("JK=JH QH KH")
        ))]
    );
    // The other card is an answer too (`AH`, or `JK=AH`): it records the joker so.
    let answers = <TakeRummy as crate::contract::Extras<
        <TakeRummy as crate::contract::RoundGame>::Entry,
    >>::answers(&t.scene(), &[melded("JK=JH QH KH")]);
    let words: Vec<&str> = answers.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(words, ["JH", "JK=JH", "AH", "JK=AH"]);
    assert_eq!(
        answers
            .iter()
            .find(|(w, _)| w == "AH")
            .map(|(_, e)| e.clone()),
        Some(vec![melded("QH KH JK=AH")])
    );
    assert!(
        <TakeRummy as crate::contract::Extras<<TakeRummy as crate::contract::RoundGame>::Entry>>::answers(&t.scene(), &[melded("5C JK=6C 7C")])
            .is_empty(),
        "a joker filling a gap stands for one card"
    );
    let r = t.refused("lay ann JK QH KH");
    assert_eq!(r.kind, Kind::BadInput);
    assert_eq!(
        r.message,
        "JK QH KH: the joker could stand for JK=JH (JH-KH) or JK=AH (QH-AH); say which, e.g. JK=AH in place of JK"
    );
    // Said outright it is no question.
    t.ok(&["lay ann QH KH JK=AH"]);
    // A joker from hand at either end of a run on the table is asked about too.
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok(&["lay ben 8D 9D 10D"]);
    let r = t.refused("take ann JK onto A");
    assert_eq!(
        r.message,
        "JK: the joker could stand for JK=7D (7D-10D) or JK=JD (8D-JD); say which, e.g. JK=JD in place of JK"
    );
    let asked = t.at_terminal("take ann JK onto A").expect("asked");
    let offered: Vec<Event> = asked
        .ask
        .expect("a question")
        .record
        .into_iter()
        .filter_map(|e| match e {
            crate::contract::event::Event::Game(RoundEvent::Entry(g)) => Some(g),
            _ => None,
        })
        .collect();
    let answers = <TakeRummy as crate::contract::Extras<
        <TakeRummy as crate::contract::RoundGame>::Entry,
    >>::answers(&t.scene(), &offered);
    let jd = answers
        .iter()
        .find(|(w, _)| w == "JD")
        .map(|(_, e)| e.clone())
        .expect("JD is an answer");
    let mut answered = t.state.clone();
    for e in jd {
        TakeRummy::apply(&mut answered, &t.options, &t.roster, &RoundEvent::Entry(e))
            .expect("JD fits");
    }
    assert_eq!(
        answered
            .open()
            .table()
            .runs_of(0)
            .last()
            .map(ToString::to_string),
        Some("8D 9D 10D JK=JD".to_string())
    );
    // A joker filling a gap, or one that can go but one way (the top is closed), is
    // no question.
    t.ok(&["take ann JK=JD onto A", "lay ben 5C JK 7C"]);
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok(&["lay ann QH KH AH", "take ben JK onto A"]);
    assert_eq!(
        t.state
            .open()
            .table()
            .runs_of(1)
            .last()
            .map(ToString::to_string),
        Some("JK=JH QH KH AH".to_string())
    );
}

#[test]
fn end_asks_about_a_player_with_no_laid_entry_in_a_hand_scored_from_entries() {
    let mut t = Table::new(&["ann", "ben", "cal"], 500);
    t.ok(&[
        "laid ann 5C 6C 7C",
        "held ann -",
        "held ben 2D",
        "held cal -",
    ]);
    let action = t.at_terminal("end").expect("asked");
    assert!(action.record.is_empty());
    assert_eq!(
        action.show,
        vec![crate::contract::Shown::Text(
            "ben and cal have no laid entry and no runs were tracked this hand".into()
        )]
    );
    let ask = action.ask.expect("a question");
    assert_eq!(
        ask.question,
        "close the hand with ben and cal having laid nothing?"
    );
    assert_eq!(
        ask.record,
        vec![crate::contract::event::Event::Game(RoundEvent::Closed {
            number: 1,
            off_total: false
        })]
    );
    let r = t.refused("end");
    assert_eq!(
        r.message,
        "ben and cal have no laid entry and no runs were tracked this hand: `laid PLAYER -` records laying nothing, then `end`"
    );
    t.ok(&["laid ben -", "laid cal -", "end"]);
    assert_eq!(t.state.totals().to_vec(), vec![15, -5, 0]);
}

#[test]
fn the_situation_says_the_deal_the_pile_the_turn_and_the_floaters() {
    let mut t = Table::new(&["ann", "ben"], 500);
    assert_eq!(
        TakeRummy::situation(&t.scene()),
        vec!["hand 1: no entries yet; anyone may deal (`deal PLAYER CARD`)".to_string()]
    );
    t.ok(&["laid ann -"]);
    assert_eq!(
        TakeRummy::situation(&t.scene()),
        vec!["hand 1: scored from end-of-hand entries".to_string()]
    );
    t.ok(&[
        "laid ben -",
        "held ann -",
        "held ben -",
        "end",
        "deal ann 4S",
        "draw ben 4S",
    ]);
    assert_eq!(
        TakeRummy::situation(&t.scene()),
        vec![
            "hand 2: ann dealt; the discard pile is empty; turn: ben, took 4S from the discard pile: to meld and discard (not 4S)"
                .to_string()
        ]
    );
    t.ok(&["lay ben 5C 6C 7C", "discard ben QS", "draw ann"]);
    assert_eq!(
        TakeRummy::situation(&t.scene()),
        vec![
            "hand 2: ann dealt; QS on the discard pile; turn: ann, drawn: to meld and discard"
                .to_string()
        ]
    );
    t.ok(&[
        "discard ann 9D",
        "draw ben",
        "lay ben 2S 3S 4S",
        "take ben 8C 9C onto A",
    ]);
    assert_eq!(
        TakeRummy::situation(&t.scene()),
        vec![
            "hand 2: ann dealt; 9D on the discard pile; turn: ann, to draw".to_string(),
            "floating: ben".to_string(),
        ]
    );
}

/// A take refused for its cards is kept as a ruling, as a refused word is: who asked,
/// what they typed, the sheet's reason and a stable code for each kind of refusal,
/// and the line that says it is kept. A take that names no run is only refused.
#[test]
fn a_take_refused_for_its_cards_is_kept_as_a_ruling_with_a_code_of_its_kind() {
    let mut t = Table::new(&["alice", "bob", "carol", "dave"], 500);
    t.ok(&[
        "lay alice 5C 6C 7C",
        "lay bob 5D 6D 7D",
        "lay carol 4H JK 6H",
        "lay dave 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ]);
    for (line, asked, player, code) in [
        (
            "take BOB 9C onto alice",
            "take bob 9C onto alice",
            "bob",
            "not-a-run",
        ),
        (
            "take bob 6C onto ALICE",
            "take bob 6C onto alice",
            "bob",
            "already-there",
        ),
        (
            "take bob 8C onto alice,bob",
            "take bob 8C onto alice bob",
            "bob",
            "different-suits",
        ),
        (
            "take alice 5H onto carol",
            "take alice 5H onto carol",
            "alice",
            "joker-swap",
        ),
        (
            "take alice JK onto dave",
            "take alice JK onto dave",
            "alice",
            "locked",
        ),
    ] {
        let (verb, args) = line.split_once(' ').expect("a verb");
        let action = t
            .with_ctx(|ctx| TakeRummy::command(ctx, verb, args, None))
            .expect(line);
        assert!(action.refused, "{line}");
        assert_eq!(action.then, ["the ruling is kept (`rulings`)"], "{line}");
        let [
            crate::contract::event::Event::Core(crate::contract::event::CoreEvent::Ruled {
                ruling,
            }),
        ] = action.record.as_slice()
        else {
            panic!("{line}: records {:?}", action.record);
        };
        let [verdict] = ruling.words.as_slice() else {
            panic!("{line}: one verdict, not {:?}", ruling.words);
        };
        assert_eq!(
            (
                ruling.asked.as_str(),
                ruling.player.as_deref(),
                verdict.code.as_str()
            ),
            (asked, Some(player), code),
            "{line}"
        );
        assert_eq!(
            verdict.word,
            asked.splitn(3, ' ').nth(2).unwrap_or_default()
        );
        assert!(!verdict.allowed);
        assert_eq!(
            (ruling.round, ruling.rules.as_str()),
            (1, "TAKE rummy (the sheet)")
        );
        assert_eq!(
            action.show,
            [crate::contract::Shown::Text(format!(
                "refused: {}; nothing changed on the table",
                verdict.reason
            ))]
        );
        if code == "not-a-run" {
            assert_eq!(
                verdict.reason,
                "9C with 5C-7C does not make one run: not consecutive: 8C missing between 7C and 9C, and no joker to fill it"
            );
        }
    }
    for (line, message) in [
        (
            "take bob 8C onto zed",
            r#""zed" is neither a run on the table nor a player: name a run by its letter (run A), its owner (PLAYER's run) or a card of it (the run with 8C); the runs on the table are A (5C-7C), B (5D-7D), C (4H-6H) and D (2S-AS)"#,
        ),
        (
            "take bob onto alice",
            "a take adds at least one card from hand",
        ),
    ] {
        let action = t.with_ctx(|ctx| TakeRummy::command(ctx, "take", &line[5..], None));
        let refusal = action.map(|a| a.record).expect_err(line);
        assert_eq!(refusal.message, message, "{line}");
    }
}

/// Once a player has gone out of a dealt hand umpire knows every other hand's count,
/// and the prompt holds a `held` entry to it: fewer cards are refused (a card forgotten),
/// the full count recorded. `help` lists the verbs in this order, and a word that is not
/// one of them is refused as such.
#[test]
fn after_going_out_a_held_entry_is_held_to_umpires_count_at_the_prompt() {
    let verbs: Vec<&str> = TakeRummy::verbs().iter().map(|v| v.name).collect();
    assert_eq!(
        verbs,
        [
            "laid", "held", "end", "lay", "take", "deal", "draw", "discard", "discard?", "finish",
            "target"
        ]
    );
    let mut t = Table::new(&["ann", "ben"], 500);
    assert_eq!(
        t.refused("shuffle ann").message,
        r#"unknown verb "shuffle""#
    );
    t.ok(&[
        "deal ann 9H",
        "draw ben",
        "lay ben 5C 6C 7C",
        "discard ben 2D",
        "draw ann",
        "discard ann 3D",
        "draw ben",
        "lay ben 10S JS QS KS",
        "discard ben 9D",
    ]);
    assert_eq!(
        t.refused("held ann 4C").message,
        "ann holds 7 cards by umpire's count: a held entry of 1 leaves 6 cards out: play is over, and every card left in the hand counts against them"
    );
    t.ok(&["held ann 2H 3H 4H 5H 6H 7H 8H", "end"]);
    assert_eq!(TakeRummy::standings(&t.scene()).totals, vec![-35, 55]);
}

/// `top` offers the discard pile's top card once the deal is tracked; only a `held`
/// entry is followed by the player's standing (a run says its own value).
#[test]
fn tab_offers_the_piles_top_and_only_a_held_entry_is_about_a_players_standing() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok(&["deal ann 9H"]);
    assert_eq!(t.complete("top"), ["9H", "stock", "pile"]);
    t.ok(&["draw ben", "discard ben 2D"]);
    assert_eq!(t.complete("top"), ["2D", "stock", "pile"]);
    let held = Event::Held {
        player: "ben".into(),
        cards: Vec::new(),
    };
    assert_eq!(
        TakeRummy::player(&RoundEvent::Entry(held.clone())),
        Some("ben")
    );
    assert_eq!(
        TakeRummy::describe(&RoundEvent::Entry(held.clone()), &t.scene()),
        "ben held nothing: 0"
    );
    let melded = Event::Melded {
        player: "ben".into(),
        run: Vec::new(),
    };
    assert_eq!(TakeRummy::player(&RoundEvent::Entry(melded.clone())), None);
}

/// The rows of the table view, player by player.
fn table_rows(t: &Table) -> Vec<String> {
    TakeRummy::table(&t.scene())
        .blocks
        .iter()
        .map(|b| match b {
            Block::Grid { title, rows, .. } => {
                let rows: Vec<String> = rows.iter().map(|r| r.join(" | ")).collect();
                format!("{title}: {}", rows.join("; "))
            }
            Block::Text { title, lines } => format!("{title}: {}", lines.join("; ")),
        })
        .collect()
}

/// An open hand scored from entries shows each player's entry as it stands; between
/// hands there is no open hand to chart; once the match is finished the table shows
/// its last hand, where a player who joined after it is not playing.
#[test]
fn the_table_shows_each_entry_as_it_stands_and_a_later_joiner_out_of_the_last_hand() {
    let mut t = Table::new(&["alice", "bob"], 500);
    t.ok(&["laid alice 5C 6C 7C"]);
    assert_eq!(
        table_rows(&t),
        [
            "hand 1 (open): alice | 5C 6C 7C (15) | no entry yet | ; bob | no entry yet | no entry yet | "
        ]
    );
    t.ok(&["held alice -", "laid bob -", "held bob 2D", "end"]);
    let st = TakeRummy::standings(&t.scene());
    assert!(
        st.periods.expect("hands").open.is_none(),
        "hand 2 has no entry yet"
    );
    TakeRummy::add_player(&mut t.state, &t.options, 0).expect("carol joins");
    t.roster.push("carol".into());
    t.ok(&["finish"]);
    assert_eq!(
        table_rows(&t),
        [
            "hand 1, the last (closed): alice | 5C 6C 7C (15) | nothing (0) | 15; bob | nothing (0) | 2D (5) | -5; carol | not playing |  | "
        ]
    );
}

/// A dealt hand: the table says the deal, the pile, the counts, whose turn and where
/// they are in it, and the floaters; the export gives every play in order and the runs.
#[test]
fn a_dealt_hand_shows_the_turn_and_exports_every_play() {
    let mut t = Table::new(&["ann", "ben"], 500);
    t.ok(&[
        "deal ann 9H",
        "draw ben",
        "discard ben 2D",
        "draw ann",
        "discard ann 3D",
        "draw ben",
        "lay ben 5C 6C 7C",
        "lay ben 10S JS QS KS",
        "take ben 8C onto 5C",
    ]);
    let turn = |t: &Table| {
        table_rows(t)
            .into_iter()
            .filter(|r| r.starts_with("the turn"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        turn(&t),
        [
            "the turn, hand 1: dealer ann; discard pile 3D on top (3 cards); stock 36; cards in hand: ann 7, ben 0; turn: ann, to draw; floating: ben"
        ]
    );
    t.ok(&["draw ann 3D"]);
    assert_eq!(
        turn(&t),
        [
            "the turn, hand 1: dealer ann; discard pile 2D on top (2 cards); stock 36; cards in hand: ann 8, ben 0; turn: ann, took 3D from the discard pile: to meld and discard (not 3D); floating: ben"
        ]
    );
    t.ok(&["discard ann 4D"]);
    assert_eq!(
        turn(&t),
        [
            "the turn, hand 1: dealer ann; discard pile 4D on top (3 cards); stock 36; cards in hand: ann 7, ben 0; turn: ben, to draw from the stock (a floater); floating: ben"
        ]
    );
    let runs = serde_json::json!([
        {"run": "A", "owner": "ben", "cards": "5C 6C 7C 8C", "value": 20, "locked": false, "jokers": []},
        {"run": "B", "owner": "ben", "cards": "10S JS QS KS", "value": 40, "locked": false, "jokers": []},
    ]);
    let stock =
        |player: &str| serde_json::json!({"play": "draw", "player": player, "from": "stock"});
    let discard = |player: &str, card: &str| serde_json::json!({"play": "discard", "player": player, "card": card, "out": false});
    assert_eq!(
        serde_json::Value::Object(TakeRummy::export(&t.scene())),
        serde_json::json!({
            "target": 500,
            "table": runs,
            "plays": [{
                "hand": 1,
                "dealer": "ann",
                "plays": [
                    {"play": "deal", "player": "ann", "up": "9H"},
                    stock("ben"),
                    discard("ben", "2D"),
                    stock("ann"),
                    discard("ann", "3D"),
                    stock("ben"),
                    {"play": "lay", "player": "ben", "run": "A", "cards": "5C 6C 7C", "value": 15},
                    {"play": "lay", "player": "ben", "run": "B", "cards": "10S JS QS KS", "value": 40},
                    {"play": "take", "player": "ben", "cards": ["8C"], "onto": ["A"], "run": "A",
                     "makes": "5C 6C 7C 8C", "value": 20, "locked": false},
                    {"play": "draw", "player": "ann", "from": "discard", "card": "3D"},
                    discard("ann", "4D"),
                ],
                "table": runs,
            }],
        })
    );
    assert_eq!(
        TakeRummy::describe_now(&t.scene()),
        "to 500 points; 7 cards dealt each from a deck of 52 and 2 jokers"
    );
}

/// `--target N`, as the command line gives it.
fn target_flag(target: u32) -> crate::contract::FlagValues {
    let mut values = crate::contract::FlagValues::defaults(TakeRummy::FLAGS);
    values.set(
        "target",
        crate::contract::FlagValue::Number(i64::from(target)),
    );
    values
}
