//! What the core shows of a TAKE rummy match: the hands as [`Standings`] periods (each
//! hand's points with the cards laid and held as the game's own columns), the runs on
//! the table and the open hand's entries as a [`TableView`], the export's own fields,
//! the prompt's hand number, and what Tab offers for cards.

use crate::contract::standings::period_marks;
use serde_json::{Map, Value, json};

use super::describe::describe_event;
use super::event::Event;
use super::game::{State, TakeRummy};
use super::hand::{Hand, cards_text};
use super::runs::Run;
use crate::contract::{
    Block, Column, Entry, Figure, Period, Periods, Progress, Scene, Show, Standings, TableView,
    Unit,
};
use crate::games::take_rummy::cards::{Card, Natural};

/// One hand as a period: each seat's points, where its entry stands, the cards laid
/// and held, and the entry in words. `closed`: the hand is scored, so a seat without a
/// `laid` entry laid nothing.
fn period(number: u32, hand: &Hand, players: usize, closed: bool) -> Period {
    let seated = |s: usize| s < hand.seats();
    // A seat's laid runs count once it has a `laid` entry or owns runs on the tracked
    // table; in a closed hand, always.
    let laid_counts =
        |s: usize| seated(s) && (closed || hand.is_tracked() || hand.laid(s).is_some());
    let column = |name: &'static str, value: &dyn Fn(usize) -> Option<Value>| Column {
        name,
        values: (0..players).map(value).collect(),
    };
    Period {
        number,
        points: (0..players)
            .map(|s| if seated(s) { hand.score(s) } else { None })
            .collect(),
        entries: (0..players)
            .map(|s| match (seated(s), hand.held(s)) {
                (false, _) => Entry::Absent,
                (true, Some(_)) => Entry::Done,
                (true, None) if hand.laid(s).is_some() => Entry::Partial,
                (true, None) => Entry::Waiting,
            })
            .collect(),
        columns: vec![
            column("laid", &|s| {
                laid_counts(s).then(|| runs_json(hand.counted_runs(s)))
            }),
            column("held", &|s| {
                hand.held(s)
                    .filter(|_| seated(s))
                    .map(|cards| json!(cards.iter().map(Card::to_string).collect::<Vec<_>>()))
            }),
            column("laid_value", &|s| {
                laid_counts(s).then(|| Value::from(hand.laid_value(s)))
            }),
            column("held_value", &|s| {
                seated(s)
                    .then(|| hand.held_value(s))
                    .flatten()
                    .map(Value::from)
            }),
        ],
        details: (0..players)
            .map(|s| {
                if !seated(s) {
                    return String::new();
                }
                let mut parts = Vec::new();
                if laid_counts(s) {
                    parts.push(format!("laid {}", laid_text(hand, s)));
                }
                if hand.held(s).is_some() {
                    parts.push(format!("held {}", held_text(hand, s)));
                }
                parts.join("; ")
            })
            .collect(),
    }
}

/// Runs as the export writes them: each as its cards, jokers with their meaning.
fn runs_json(runs: &[Run]) -> Value {
    json!(runs.iter().map(Run::to_string).collect::<Vec<_>>())
}

/// "5C 6C 7C, QH KH AH (50)", or "nothing (0)".
fn laid_text(hand: &Hand, seat: usize) -> String {
    let runs = hand.counted_runs(seat);
    let value = hand.laid_value(seat);
    if runs.is_empty() {
        return format!("nothing ({value})");
    }
    let each: Vec<String> = runs.iter().map(Run::to_string).collect();
    format!("{} ({value})", each.join(", "))
}

/// "9S JK (25)", "nothing (0)", or "" without a `held` entry.
fn held_text(hand: &Hand, seat: usize) -> String {
    match hand.held(seat) {
        Some([]) => "nothing (0)".to_string(),
        Some(cards) => format!(
            "{} ({})",
            cards_text(cards),
            hand.held_value(seat).unwrap_or(0)
        ),
        None => String::new(),
    }
}

/// The hand `table` shows: the open one, or once the match is over the last one.
fn shown_hand(state: &State) -> Option<(u32, &Hand, bool)> {
    let game = state.game();
    if game.finished() {
        let number = u32::try_from(game.closed().len()).unwrap_or(u32::MAX);
        game.closed().last().map(|h| (number, h, true))
    } else {
        Some((game.hand_number(), game.open(), false))
    }
}

/// "2 runs (35)", "1 run (20)", "no runs".
fn owned_text(runs: &[Run]) -> String {
    let value: u32 = runs.iter().map(Run::value).sum();
    match runs.len() {
        0 => "no runs".to_string(),
        n => format!("{} ({value})", crate::text::count(n as i64, "run", "runs")),
    }
}

/// One line a run, owners in seat order: `alice:1  5C 6C 7C 8C  value 20  LOCKED`.
fn run_lines(hand: &Hand, names: &[String]) -> Vec<String> {
    let rows = hand.table().rows(names);
    let name_width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0);
    let cards_width = rows
        .iter()
        .map(|r| r.run.to_string().chars().count())
        .max()
        .unwrap_or(0);
    rows.iter()
        .map(|r| {
            let line = format!(
                "{:<name_width$}  {:<cards_width$}  value {:>3}{}",
                r.name,
                r.run.to_string(),
                r.value,
                if r.locked { "  LOCKED" } else { "" }
            );
            line.trim_end().to_string()
        })
        .collect()
}

impl Show for TakeRummy {
    fn describe(event: &Event, before: &Scene<'_, Self>) -> String {
        describe_event(event, &before.state.game, before.roster.names())
    }

    /// The match as the core shows it: totals over the closed hands (with any start the
    /// house gave), one period a hand, running totals with the open hand's held entries,
    /// one chart mark a hand, and the locked runs each player ended a hand with, for
    /// `stats`.
    fn standings(scene: &Scene<'_, Self>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let players = roster.len();
        let game = state.game();
        let closed: Vec<Period> = game
            .closed()
            .iter()
            .zip(1u32..)
            .map(|(hand, number)| period(number, hand, players, true))
            .collect();
        let marks = period_marks("h", game.starts(players), |s| state.joined(s), &closed);
        let finished = game.finished();
        let open = (!game.open().is_empty() && !finished)
            .then(|| period(game.hand_number(), game.open(), players, false));
        let totals = game.totals(players);
        let mut running = totals.clone();
        if let Some(open) = &open {
            for (t, p) in running.iter_mut().zip(&open.points) {
                *t += p.unwrap_or(0);
            }
        }
        let status = if finished {
            format!(
                "match over after {}, playing to {}",
                crate::text::count(game.closed().len() as i64, "hand", "hands"),
                options.target
            )
        } else {
            format!("hand {}, playing to {}", game.hand_number(), options.target)
        };
        Standings {
            players: roster.names().to_vec(),
            unit: Unit::POINTS,
            lower_wins: false,
            winners: game.winners(players),
            starts: game.starts(players),
            totals,
            running,
            periods: Some(Periods {
                name: "hand",
                closed,
                open,
                partial: "laid, not yet held",
            }),
            marks,
            ranked: !game.closed().is_empty(),
            finished,
            status,
            figures: vec![Figure {
                name: "locked runs",
                values: (0..players)
                    .map(|s| {
                        game.closed()
                            .iter()
                            .flat_map(|h| h.counted_runs(s))
                            .filter(|r| r.is_locked())
                            .count() as i64
                    })
                    .collect(),
            }],
        }
    }

    /// The runs on the table by owner (when the hand is tracked), then each player's entries
    /// in the hand: what `table` prints, and the Markdown export's table.
    fn table(scene: &Scene<'_, Self>) -> TableView {
        let (state, roster) = (scene.state, scene.roster);
        let Some((number, hand, closed)) = shown_hand(state) else {
            return TableView::default();
        };
        let names = roster.names();
        let mut blocks = Vec::new();
        if hand.is_tracked() {
            blocks.push(Block::Text {
                title: format!("runs on the table, hand {number}"),
                lines: run_lines(hand, names),
            });
        }
        let rows = (0..roster.len())
            .map(|s| {
                let seated = s < hand.seats() || (!closed && hand.is_empty());
                let laid = if !seated {
                    "not playing".to_string()
                } else if hand.is_tracked() {
                    owned_text(hand.counted_runs(s))
                } else if closed || hand.laid(s).is_some() {
                    laid_text(hand, s)
                } else {
                    "no entry yet".to_string()
                };
                let held = if !seated {
                    String::new()
                } else if hand.held(s).is_some() {
                    held_text(hand, s)
                } else {
                    "no entry yet".to_string()
                };
                let points = hand
                    .score(s)
                    .filter(|_| seated)
                    .map_or_else(String::new, |p| p.to_string());
                vec![roster.name(s).to_string(), laid, held, points]
            })
            .collect();
        let title = if closed {
            format!("hand {number}, the last (closed)")
        } else {
            format!("hand {number} (open)")
        };
        blocks.push(Block::Grid {
            title,
            headers: ["player", "laid", "held", "points"]
                .map(String::from)
                .to_vec(),
            rows,
        });
        TableView { blocks }
    }

    /// The export's own fields: the target and the runs on the table in the open hand.
    /// Each player's start (a late joiner's points from the house) is the core's
    /// `starts`, as in every game.
    fn export(scene: &Scene<'_, Self>) -> Map<String, Value> {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let game = state.game();
        let mut m = Map::new();
        m.insert("target".into(), options.target.into());
        let table: Vec<Value> = game
            .open()
            .table()
            .rows(roster.names())
            .iter()
            .map(|r| {
                json!({
                    "run": r.name,
                    "owner": r.owner,
                    "cards": r.run.to_string(),
                    "value": r.value,
                    "locked": r.locked,
                    "jokers": r.run.jokers().iter().map(Natural::to_string).collect::<Vec<_>>(),
                })
            })
            .collect();
        m.insert("table".into(), table.into());
        m
    }

    /// "h3": the hand being played, or "over".
    fn progress(scene: &Scene<'_, Self>) -> Progress {
        let state = scene.state;
        let game = state.game();
        if game.finished() {
            Progress {
                label: "over".into(),
                number: u32::try_from(game.closed().len()).unwrap_or(u32::MAX),
            }
        } else {
            let n = game.hand_number();
            Progress {
                label: format!("h{n}"),
                number: n,
            }
        }
    }
}
