//! What the core shows of a Take Two match: each event in words, the standings with a
//! column a round, the open round's entries as the table, and the prompt's progress.

use serde_json::Value;

use super::play::finished;
use super::round::Round;
use super::tiles::{self, parse_tiles};
use super::{Event, Options, PENALTY, TakeTwo};
use crate::contract::event::Ruling;
use crate::contract::{
    Block, Column, EntryStatus, Figure, Period, Progress, Scene, Show, Standings, TableView, Unit,
};
use crate::lexicon::Verdict;

fn period(number: u32, round: &Round, options: &Options, players: usize) -> Period {
    Period {
        number,
        points: (0..players)
            .map(|i| round.points(i, &options.tiles))
            .collect(),
        entries: (0..players)
            .map(|i| {
                if !round.seated(i) {
                    EntryStatus::Absent
                } else if round.finishes.get(i).is_some_and(Option::is_some) {
                    EntryStatus::Done
                } else if round.penalties.get(i).is_some_and(|p| !p.is_empty()) {
                    EntryStatus::Partial
                } else {
                    EntryStatus::Waiting
                }
            })
            .collect(),
        columns: vec![Column {
            name: "penalties",
            values: (0..players)
                .map(|i| {
                    let n = round.penalties.get(i).map_or(0, Vec::len);
                    (n > 0).then(|| Value::from(n))
                })
                .collect(),
        }],
        details: (0..players).map(|i| round.detail(i)).collect(),
    }
}

impl Show for TakeTwo {
    /// The match's length as it stands: `rounds N` changes it mid-match.
    fn describe_now(scene: &Scene<'_, Self>) -> String {
        let mut options = scene.options.clone();
        options.rounds = scene.state.length;
        <Self as crate::contract::Setup>::describe_options(&options)
    }

    fn describe(event: &Event, before: &Scene<'_, Self>) -> String {
        let (before, options) = (before.state, before.options);
        match event {
            Event::Out { player } => format!("{player} out: 0"),
            Event::Points { player, points } => format!("{player} counted: {points}"),
            Event::Left { player, tiles } => {
                let t = parse_tiles(tiles).unwrap_or_default();
                format!(
                    "{player} left {}: {}",
                    tiles::show(&t),
                    options.tiles.score(&t)
                )
            }
            Event::Penalty { player, why, .. } if why.is_empty() => format!("{player} +{PENALTY}"),
            Event::Penalty { player, why, .. } => format!("{player} +{PENALTY} ({why})"),
            Event::Pardoned { player, why, .. } => match why.as_deref() {
                Some("") | None => format!("{player}'s penalty taken back (-{PENALTY})"),
                Some(why) => format!("{player}'s penalty ({why}) taken back (-{PENALTY})"),
            },
            Event::Hand { player, tiles } => {
                let t = parse_tiles(tiles).unwrap_or_default();
                format!("{player}'s hand: {}", tiles::show(&t))
            }
            Event::RoundEnded { round } => format!("round {round} closed"),
            Event::MatchFinished { after } => {
                let over = if finished(before, options) {
                    " (it was already over)"
                } else {
                    ""
                };
                format!("match finished after round {after}{over}")
            }
            Event::RoundsSet { rounds } => match before.length {
                Some(old) => format!("the match is now {rounds} rounds (was {old})"),
                None => format!("the match is now {rounds} rounds"),
            },
        }
    }

    fn standings(scene: &Scene<'_, Self>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let players = roster.len();
        let is_finished = finished(state, options);
        let closed = state.play.closed();
        let n = state.play.number();
        let status = match (state.length, options.limit) {
            _ if is_finished => format!(
                "match over after {}",
                crate::text::count(closed.len() as i64, "round", "rounds")
            ),
            (Some(k), Some(p)) => format!("round {n} of {k}, or to {p} points"),
            (Some(k), None) => format!("round {n} of {k}"),
            (None, Some(p)) => format!("round {n}, playing to {p} points"),
            (None, None) => format!("round {n}"),
        };
        let base = Standings {
            finished: is_finished,
            status,
            figures: vec![Figure {
                name: "penalties",
                values: (0..players)
                    .map(|i| {
                        closed
                            .iter()
                            .map(|r| r.penalties.get(i).map_or(0, Vec::len) as i64)
                            .sum()
                    })
                    .collect(),
            }],
            ..Standings::new(roster.names().to_vec(), Unit::POINTS, true)
        };
        // The closed rounds are described when they are read, from options of their own.
        let kept = options.clone();
        state.play.standings(
            &options.tiles,
            base,
            "round",
            "penalty only so far",
            move |number, round, _| period(number, round, &kept, players),
        )
    }

    /// The open round: each player's entry, penalties, recorded hand and points so far.
    fn table(scene: &Scene<'_, Self>) -> TableView {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        if finished(state, options) {
            return TableView::default();
        }
        let round = state.play.open();
        let number = state.play.closed().len() + 1;
        let rows = (0..roster.len())
            .map(|i| {
                let entry = round
                    .finishes
                    .get(i)
                    .and_then(Option::as_ref)
                    .map_or_else(|| "no entry yet".to_string(), super::Finish::text);
                let penalties = round.penalties.get(i).map_or(0, Vec::len);
                let penalty_text = if penalties == 0 {
                    String::new()
                } else {
                    format!("+{}", PENALTY * penalties as i64)
                };
                let hand = round
                    .hands
                    .get(i)
                    .and_then(Option::as_ref)
                    .map_or_else(String::new, |h| tiles::show(h));
                let points = round
                    .points(i, &options.tiles)
                    .map_or_else(String::new, |p| p.to_string());
                vec![
                    roster.name(i).to_string(),
                    entry,
                    penalty_text,
                    hand,
                    points,
                ]
            })
            .collect();
        TableView {
            blocks: vec![Block::Grid {
                title: format!("round {number} (open)"),
                headers: ["player", "entry", "penalties", "hand", "points"]
                    .map(String::from)
                    .to_vec(),
                rows,
            }],
        }
    }

    fn progress(scene: &Scene<'_, Self>) -> Progress {
        let (state, options) = (scene.state, scene.options);
        if finished(state, options) {
            Progress {
                label: "over".into(),
                number: state.play.closed().len() as u32,
            }
        } else {
            let n = state.play.closed().len() as u32 + 1;
            Progress {
                label: format!("r{n}"),
                number: n,
            }
        }
    }

    /// A penalty is the table's ruling on a player's words (+25), and a pardon takes
    /// one back: both show among the rulings, with the words they were for.
    fn ruling(event: &Event, before: &Scene<'_, Self>) -> Option<Ruling> {
        let round = TakeTwo::progress(before).number;
        let (asked, player, verdicts, line) = match event {
            Event::Penalty { player, why, words } => {
                let reason = if why.is_empty() {
                    format!("+{PENALTY} penalty")
                } else {
                    format!("+{PENALTY} penalty ({why})")
                };
                let verdicts: Vec<Verdict> = words
                    .iter()
                    .map(|w| Verdict {
                        word: w.to_ascii_uppercase(),
                        allowed: false,
                        reason: reason.clone(),
                        code: "penalty".to_string(),
                        at: None,
                    })
                    .collect();
                (format!("penalty {player}"), player, verdicts, reason)
            }
            Event::Pardoned { player, why, words } => {
                let what = match why.as_deref() {
                    Some("") | None => String::new(),
                    Some(why) => format!(" ({why})"),
                };
                let line = format!("+{PENALTY}{what} taken back");
                // The words the penalty was for are allowed after all: the table's
                // latest ruling on each.
                let verdicts = words
                    .iter()
                    .map(|word| Verdict {
                        word: word.clone(),
                        allowed: true,
                        reason: line.clone(),
                        code: "pardon".to_string(),
                        at: None,
                    })
                    .collect();
                (format!("pardon {player}"), player, verdicts, line)
            }
            _ => return None,
        };
        let (faults, remarks) = if verdicts.is_empty() && event_is_penalty(event) {
            (vec![line], Vec::new())
        } else if verdicts.is_empty() {
            (Vec::new(), vec![line])
        } else {
            (Vec::new(), Vec::new())
        };
        Some(Ruling {
            asked,
            player: Some(player.clone()),
            round,
            rules: "the table's own".to_string(),
            words: verdicts,
            faults,
            remarks,
        })
    }

    /// The open round: who has no entry yet.
    fn situation(scene: &Scene<'_, Self>) -> Vec<String> {
        let (state, roster) = (scene.state, scene.roster);
        if super::play::finished(state, scene.options) {
            return Vec::new();
        }
        let waiting: Vec<&str> = (0..roster.len())
            .filter(|i| {
                state.play.open().seated(*i)
                    && state
                        .play
                        .open()
                        .finishes
                        .get(*i)
                        .is_none_or(Option::is_none)
            })
            .map(|i| roster.name(i))
            .collect();
        let n = state.play.closed().len() + 1;
        if waiting.is_empty() {
            vec![format!(
                "round {n}: every player has an entry; `end` closes it"
            )]
        } else {
            vec![format!(
                "round {n}: no entry yet for {} (out, or left TILES)",
                crate::text::and_list(&waiting)
            )]
        }
    }
}

/// The words of the penalty a pardon of `player` takes back on the table `before`, its
/// reason `why`: those a
/// grid barred ("grid: DONT, XRAY") or a typed reason names. Under `--penalty
/// per-word` each word was a penalty of its own with the same reason, recorded in
/// order, and the pardon takes the last left: the word at that place.
pub(super) fn pardoned_words(before: &Scene<'_, TakeTwo>, player: &str, why: &str) -> Vec<String> {
    let words: Vec<String> = match why.strip_prefix("grid: ") {
        Some(barred) => barred
            .split(", ")
            .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphabetic()))
            .map(str::to_string)
            .collect(),
        None => super::verbs::penalty_words(why),
    };
    if before.options.penalty != super::PenaltyRule::PerWord || words.len() < 2 {
        return words;
    }
    let left = before
        .roster
        .find(player)
        .ok()
        .and_then(|i| before.state.play.open().penalties.get(i))
        .map_or(0, |p| p.iter().filter(|w| w.as_str() == why).count());
    left.checked_sub(1)
        .and_then(|k| words.get(k))
        .map(|w| vec![w.clone()])
        .unwrap_or(words)
}

fn event_is_penalty(event: &Event) -> bool {
    matches!(event, Event::Penalty { .. })
}
