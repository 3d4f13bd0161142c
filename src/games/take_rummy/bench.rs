//! TAKE rummy's engines: judging a 13-card run, and folding a 1,000-hand match through
//! the round-game layer's `apply` (from events in memory, and from their JSON log
//! lines), and through
//! the session core: opening a 1,000-hand session log with `registry::read`, as
//! `resume`, `export` and `stats` do. The same for a 1,000-hand match tracked turn by
//! turn from the deal (24 events a hand: the deal, draws, lays, takes, discards, going
//! out). Run: `cargo bench -p umpire-benches --bench rummy`.

use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::cards::parse_typed;
use super::game::{Options, TakeRummy};
use super::parse::parse_event;
use super::runs::judge;
use super::state::{MAX_TARGET, Match, new_match};
use super::turns::DEALT;
use crate::contract::{Engine, Roster, RoundEvent};
use crate::lexicon::Lexicon;

/// One event of the match, as the session records it.
type Event = RoundEvent<TakeRummy>;

/// The match's options: the target at its highest, so the match runs on.
const OPTIONS: Options = Options {
    target: MAX_TARGET,
    deal: DEALT,
};

/// The event `line` records on `state`: the layer's close for `end`, the game's own
/// entry for the rest.
fn event(line: &str, state: &Match, players: &[String]) -> Event {
    if line == "end" {
        return RoundEvent::Closed {
            number: state.number(),
            off_total: false,
        };
    }
    let (verb, args) = line.split_once(' ').unwrap_or((line, ""));
    RoundEvent::Entry(parse_event(verb, args, state, players).expect(line))
}
use criterion::{Criterion, criterion_group};

/// Two kinds of hand, alternating: one scored from `laid` entries, one tracked turn by
/// turn with a lay, a lay, a double take and a single take.
const SCORED: &[&str] = &[
    "laid ann 2S-AS, 5C 6C 7C",
    "laid ben JK 9H 10H JH",
    "laid cat -",
    "held ann 2D",
    "held ben -",
    "held cat QD KD JK",
    "end",
];
const TRACKED: &[&str] = &[
    "lay ann 2D 3D 4D 5D",
    "lay ben 7D 8D 9D",
    "take cat 6D onto ann ben",
    "lay ann QH KH AH",
    "take ben JK onto ann",
    "held ann 5S",
    "held ben 2C 3C",
    "held cat -",
    "end",
];

/// The events of a `hands`-hand match among three players, built by the verb parsers.
fn match_events(hands: usize, players: &[String]) -> Vec<Event> {
    let roster = Roster::new(players.to_vec());
    let mut state = new_match(MAX_TARGET, players.len()).expect("target");
    let mut events = Vec::new();
    for h in 0..hands {
        let lines = if h % 2 == 0 { SCORED } else { TRACKED };
        for line in lines {
            let e = event(line, &state, players);
            TakeRummy::apply(&mut state, &OPTIONS, &roster, &e).expect("applies");
            events.push(e);
        }
    }
    assert_eq!(state.closed().len(), hands);
    assert!(!state.over());
    events
}

/// One hand tracked from the deal, the dealer `d`, then `x` (who plays first) and `y`:
/// the demo's first hand, with the deal passing left hand by hand.
fn dealt_hand(d: &str, x: &str, y: &str) -> Vec<String> {
    [
        format!("deal {d} 9H"),
        format!("draw {x}"),
        format!("lay {x} 5C 6C 7C"),
        format!("discard {x} 2D"),
        format!("draw {y} 2D"),
        format!("lay {y} 2D 3D 4D"),
        format!("discard {y} KS"),
        format!("draw {d}"),
        format!("take {d} 8C onto A"),
        format!("discard {d} QH"),
        format!("draw {x} QH"),
        format!("lay {x} 10H JH QH"),
        format!("discard {x} 4S"),
        format!("draw {y}"),
        format!("take {y} 5D onto 2D"),
        format!("discard {y} 7S"),
        format!("draw {d}"),
        format!("discard {d} 3S"),
        format!("draw {x}"),
        format!("take {x} KH onto C"),
        format!("discard {x} AS"),
        format!("held {d} 2H 3H 8S 9S JD AD"),
        format!("held {y} 3C 4C 9C"),
        "end".to_string(),
    ]
    .to_vec()
}

/// The events of a `hands`-hand match among three players, every hand tracked from
/// the deal.
fn dealt_events(hands: usize, players: &[String]) -> Vec<Event> {
    let roster = Roster::new(players.to_vec());
    let mut state = new_match(MAX_TARGET, players.len()).expect("target");
    let mut events = Vec::new();
    for h in 0..hands {
        let seat = |k: usize| players[(h + k) % players.len()].as_str();
        for line in dealt_hand(seat(0), seat(1), seat(2)) {
            let e = event(&line, &state, players);
            TakeRummy::apply(&mut state, &OPTIONS, &roster, &e).expect(&line);
            events.push(e);
        }
    }
    assert_eq!(state.closed().len(), hands);
    events
}

fn fold(events: &[Event], players: &[String]) -> Match {
    let roster = Roster::new(players.to_vec());
    let mut state = new_match(MAX_TARGET, players.len()).expect("target");
    for e in events {
        TakeRummy::apply(&mut state, &OPTIONS, &roster, e).expect("applies");
    }
    state
}

/// Writes a take-rummy session log of `events` (three players, the target at its
/// highest so the match runs on), as the session core would have written it.
fn session_log(dir: &Path, events: &[Event], lexicon: &Arc<Lexicon>) -> PathBuf {
    let name = "thousand";
    let args: Vec<String> = ["ann", "ben", "cat", "--target", "1000000", "--name", name]
        .map(String::from)
        .to_vec();
    let new_in = crate::session::Sessions {
        dir: dir.to_path_buf(),
        with: crate::registry::with(Arc::clone(lexicon)),
    };
    drop(
        crate::repl::new_session(
            &new_in,
            &["take-rummy".to_string()]
                .into_iter()
                .chain(args.iter().cloned())
                .collect::<Vec<_>>(),
        )
        .expect("session created"),
    );
    let path = dir.join(format!("{name}.jsonl"));
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .expect("log");
    for (seq, event) in (1..).zip(events) {
        let event = serde_json::to_string(event).expect("json");
        writeln!(
            f,
            r#"{{"seq":{seq},"at":"2026-11-22T20:00:00Z","event":{event}}}"#
        )
        .expect("write");
    }
    path
}

fn rummy(c: &mut Criterion) {
    let natural = parse_typed("9S AS 4S QS 2S 7S KS 3S 10S 6S JS 5S 8S").expect("cards");
    let jokers = parse_typed("JK 3S-6S JK 8S-KS AS").expect("cards");
    assert!(judge(&natural).expect("a run").is_locked());
    assert!(judge(&jokers).expect("a run").is_locked());
    c.bench_function("judge a 13-card run typed out of order", |b| {
        b.iter(|| judge(black_box(&natural)))
    });
    c.bench_function("judge a 13-card run with two jokers", |b| {
        b.iter(|| judge(black_box(&jokers)))
    });

    let players: Vec<String> = ["ann", "ben", "cat"].map(String::from).to_vec();
    let events = match_events(1_000, &players);
    let lines: Vec<String> = events
        .iter()
        .map(|e| serde_json::to_string(e).expect("json"))
        .collect();
    c.bench_function("apply a 1,000-hand match (8,000 events)", |b| {
        b.iter(|| fold(black_box(&events), &players).closed().len())
    });
    c.bench_function("replay a 1,000-hand match from JSON lines", |b| {
        b.iter(|| {
            let events: Vec<Event> = lines
                .iter()
                .map(|l| serde_json::from_str(l).expect("reads"))
                .collect();
            fold(&events, &players).closed().len()
        })
    });

    let dir = crate::testing::tempdir().expect("temp dir");
    let lexicon = Arc::new(Lexicon::embedded().expect("dictionary"));
    let path = session_log(dir.path(), &events, &lexicon);
    c.bench_function("open a 1,000-hand session log (registry::read)", |b| {
        b.iter(|| {
            let t = crate::session::read_path(&path, crate::registry::with(Arc::clone(&lexicon)))
                .expect("replays");
            assert!(t.warnings().is_empty(), "{:?}", t.warnings());
            let standings = t.standings();
            assert_eq!(standings.played(), 1_000);
            standings.totals
        })
    });

    let dealt = dealt_events(1_000, &players);
    assert_eq!(dealt.len(), 24_000);
    let dealt_lines: Vec<String> = dealt
        .iter()
        .map(|e| serde_json::to_string(e).expect("json"))
        .collect();
    c.bench_function(
        "apply a 1,000-hand match tracked from the deal (24,000 events)",
        |b| b.iter(|| fold(black_box(&dealt), &players).closed().len()),
    );
    c.bench_function("replay a 1,000-hand tracked match from JSON lines", |b| {
        b.iter(|| {
            let events: Vec<Event> = dealt_lines
                .iter()
                .map(|l| serde_json::from_str(l).expect("reads"))
                .collect();
            fold(&events, &players).closed().len()
        })
    });
    let tracked = crate::testing::tempdir().expect("temp dir");
    let path = session_log(tracked.path(), &dealt, &lexicon);
    c.bench_function(
        "open a 1,000-hand tracked session log (registry::read)",
        |b| {
            b.iter(|| {
                let t =
                    crate::session::read_path(&path, crate::registry::with(Arc::clone(&lexicon)))
                        .expect("replays");
                assert!(t.warnings().is_empty(), "{:?}", t.warnings());
                let standings = t.standings();
                assert_eq!(standings.played(), 1_000);
                standings.totals
            })
        },
    );
}

criterion_group!(benches, rummy);
/// Runs the group as `criterion_main!` would, for `benches/rummy.rs`.
pub(crate) fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}
