//! What the core shows of a Take Two match beyond what the layer shows of every game
//! of rounds: each entry in words, the penalties column and figure, the open round's
//! entries as the table, and penalties and pardons as rulings.

use serde_json::Value;

use super::round::Round;
use super::tiles::{self, parse_tiles};
use super::{Event, PENALTY, TakeTwo};
use crate::contract::event::Ruling;
use crate::contract::{Block, Column, Figure, Scene, Show, TableView};
use crate::lexicon::Verdict;

/// The round's own column: how many penalties each seat took.
pub(super) fn columns(round: &Round, players: usize) -> Vec<Column> {
    vec![Column {
        name: "penalties",
        values: (0..players)
            .map(|i| {
                let n = round.penalties.get(i).map_or(0, Vec::len);
                (n > 0).then(|| Value::from(n))
            })
            .collect(),
    }]
}

/// Each player's penalties over the closed rounds, for `stats`.
pub(super) fn figures(scene: &Scene<'_, TakeTwo>) -> Vec<Figure> {
    let closed = scene.state.closed();
    vec![Figure {
        name: "penalties",
        values: (0..scene.roster.len())
            .map(|i| {
                closed
                    .iter()
                    .map(|r| r.penalties.get(i).map_or(0, Vec::len) as i64)
                    .sum()
            })
            .collect(),
    }]
}

/// An entry in words: "bob left Q Z X: 28".
pub(super) fn describe(event: &Event, before: &Scene<'_, TakeTwo>) -> String {
    let options = before.options;
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
    }
}

/// The open round: each player's entry, penalties, recorded hand and points so far.
pub(super) fn table(scene: &Scene<'_, TakeTwo>) -> TableView {
    let (state, options, roster) = (scene.state, scene.options, scene.roster);
    if state.over() {
        return TableView::default();
    }
    let round = state.open();
    let number = state.number();
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

/// A penalty is the table's ruling on a player's words (+25), and a pardon takes
/// one back: both show among the rulings, with the words they were for.
pub(super) fn ruling(event: &Event, before: &Scene<'_, TakeTwo>) -> Option<Ruling> {
    let round = <TakeTwo as Show>::progress(before).number;
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

/// The line that takes back a penalty still standing for a word `check` now finds
/// allowed: `pardon PLAYER` while it is the player's last penalty of the open round
/// (a pardon takes back the last), `fix ROUND pardon PLAYER` for the last of a closed
/// round. None for any other penalty, which `pardon` would not reach first.
pub(super) fn takes_back(scene: &Scene<'_, TakeTwo>, ruling: &Ruling) -> Option<String> {
    let player = ruling.player.as_deref()?;
    let verdict = ruling.words.iter().find(|v| v.code == "penalty")?;
    let seat = scene.roster.find(player).ok()?;
    let state = scene.state;
    let open = state.number();
    let round = if ruling.round == open {
        state.open()
    } else {
        state
            .closed()
            .get(usize::try_from(ruling.round).ok()?.checked_sub(1)?)?
    };
    let last = round.penalties.get(seat)?.last()?;
    let reason = if last.is_empty() {
        format!("+{PENALTY} penalty")
    } else {
        format!("+{PENALTY} penalty ({last})")
    };
    if reason != verdict.reason {
        return None;
    }
    let name = scene.roster.name(seat);
    Some(if ruling.round == open {
        format!("`pardon {name}` takes the penalty back")
    } else {
        format!(
            "`fix {} pardon {name}` takes the penalty back",
            ruling.round
        )
    })
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
        .and_then(|i| before.state.open().penalties.get(i))
        .map_or(0, |p| p.iter().filter(|w| w.as_str() == why).count());
    left.checked_sub(1)
        .and_then(|k| words.get(k))
        .map(|w| vec![w.clone()])
        .unwrap_or(words)
}

fn event_is_penalty(event: &Event) -> bool {
    matches!(event, Event::Penalty { .. })
}
