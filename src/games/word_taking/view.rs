//! What the core shows of a word-taking game: the words held as [`Standings`] (one
//! chart mark a turn), the centre, the box and each player's words as a [`TableView`],
//! the export's own fields, the prompt's turn number and what the prompt completes.

use serde_json::{Map, Value, json};

use super::game::WordTaking;
use super::letters::Word;
use super::parse::describe;
use super::state::Event;
use super::state::{Ending, Table};
use crate::contract::{
    Block, Figure, Mark, Progress, Roster, Scene, Show, Standings, TableView, Unit,
};

/// Each seat's words held, as the core counts scores.
fn held(state: &Table, players: usize) -> Vec<i64> {
    (0..players).map(|i| state.held(i) as i64).collect()
}

/// The seat whose turn it is.
pub(super) fn turn_seat(state: &Table, roster: &Roster) -> usize {
    state.turn() % roster.len().max(1)
}

/// "bob to play (drew P, not used yet)", "bob to play".
fn turn_text(state: &Table, roster: &Roster) -> String {
    let who = roster.name(turn_seat(state, roster));
    match (state.drawn(), state.has_drawn()) {
        (Some(d), _) => format!("{who} to play (drew {d}, not used yet)"),
        (None, true) => format!("{who} to play (has drawn)"),
        (None, false) => format!("{who} to play"),
    }
}

/// "centre: A E P S", "the centre is empty".
fn centre_text(state: &Table) -> String {
    if state.centre().is_empty() {
        "the centre is empty".to_string()
    } else {
        format!("centre: {}", state.centre())
    }
}

fn count_letters(n: usize) -> String {
    crate::text::count(n as i64, "letter", "letters")
}

/// "game over: the box is empty; ann holds the most words, 6, and wins", or "...; ann
/// and ben hold 6 words each and share the win".
fn over_text(state: &Table, roster: &Roster, why: Ending) -> String {
    let count = |seat: usize| Unit::WORDS.count(state.held(seat) as i64);
    match state.winners() {
        [w] if why == Ending::Target => {
            format!(
                "game over: {} holds {} and wins",
                roster.name(*w),
                count(*w)
            )
        }
        [w] => format!(
            "game over: {}; {} holds the most words, {}, and wins",
            why.describe(),
            roster.name(*w),
            count(*w)
        ),
        winners => {
            let names: Vec<&str> = winners.iter().map(|w| roster.name(*w)).collect();
            format!(
                "game over: {}; {} hold {} each and share the win",
                why.describe(),
                crate::text::and_list(&names),
                winners.first().map_or_else(|| count(0), |w| count(*w))
            )
        }
    }
}

/// The chart: every player's words before the first turn ("0"), after each turn
/// ("t1", "t2"...), and in the turn being played when a take or make has changed them
/// since, each from the turn they sat down at.
fn marks(state: &Table, now: &[i64]) -> Vec<Mark> {
    let players = now.len();
    let at = |turns: usize, counts: &dyn Fn(usize) -> i64| -> Vec<Option<i64>> {
        (0..players)
            .map(|i| (state.joined(i) as usize <= turns).then(|| counts(i)))
            .collect()
    };
    let mut marks = vec![Mark {
        label: "0".into(),
        totals: at(0, &|_| 0),
    }];
    for (k, counts) in state.history().iter().enumerate() {
        marks.push(Mark {
            label: format!("t{}", k + 1),
            totals: at(k + 1, &|i| counts.get(i).map_or(0, |c| *c as i64)),
        });
    }
    let last: Vec<i64> = state.history().last().map_or_else(
        || vec![0; players],
        |c| {
            (0..players)
                .map(|i| c.get(i).map_or(0, |n| *n as i64))
                .collect()
        },
    );
    if now != last {
        let turns = state.history().len();
        marks.push(Mark {
            label: format!("t{}", turns + 1),
            totals: at(turns, &|i| now.get(i).copied().unwrap_or(0)),
        });
    }
    marks
}

/// "box: 97 letters: A×9 B×2 ...", "the box is empty".
fn box_text(state: &Table) -> String {
    let b = state.in_box();
    if b.is_empty() {
        return "the box is empty".to_string();
    }
    format!("box: {}: {}", count_letters(b.len()), b.tally())
}

impl Show for WordTaking {
    fn describe(event: &Event, before: &Scene<'_, Self>) -> String {
        describe(
            event,
            before.state,
            &before.options.table,
            before.roster.names(),
        )
    }

    fn standings(scene: &Scene<'_, Self>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let players = roster.len();
        let totals = held(state, players);
        let finished = state.finished();
        let target = options.table.target_words;
        let status = match state.ending() {
            Some(why) => over_text(state, roster, why),
            None => format!(
                "{} wins; {}; {} in the box; {}",
                Unit::WORDS.count(target as i64),
                centre_text(state),
                count_letters(state.in_box().len()),
                turn_text(state, roster)
            ),
        };
        Standings {
            running: totals.clone(),
            totals: totals.clone(),
            marks: marks(state, &totals),
            // Nobody leads a table with no words on it.
            ranked: totals.iter().any(|t| *t > 0),
            finished,
            status,
            figures: vec![Figure {
                name: "words held",
                values: totals,
            }],
            ..Standings::new(roster.names().to_vec(), Unit::WORDS, false)
        }
    }

    /// The words in front of each player in turn order, whose turn it is, then the centre
    /// and what is left in the box.
    fn table(scene: &Scene<'_, Self>) -> TableView {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let over = state.finished();
        let turn = turn_seat(state, roster);
        let target = options.table.target_words;
        let mut headers = vec!["player", "words", "held"];
        if !over {
            headers.push("turn");
        }
        let rows = (0..roster.len())
            .map(|i| {
                let words: Vec<&str> = state.words(i).iter().map(|w| w.as_str()).collect();
                let mut row = vec![
                    roster.name(i).to_string(),
                    if words.is_empty() {
                        "-".to_string()
                    } else {
                        words.join(" ")
                    },
                    format!("{}/{target}", state.held(i)),
                ];
                if !over {
                    row.push(if i == turn {
                        "to play".to_string()
                    } else {
                        String::new()
                    });
                }
                row
            })
            .collect();
        let title = match state.ending() {
            Some(why) => format!("the words: {}", over_text(state, roster, why)),
            None => format!(
                "the words: turn {}, {}",
                state.turns() + 1,
                turn_text(state, roster)
            ),
        };
        let mut lines = vec![centre_text(state)];
        if let Some(d) = state.drawn() {
            lines.push(format!("drawn: {d} ({}, not used yet)", roster.name(turn)));
        }
        lines.push(box_text(state));
        TableView {
            blocks: vec![
                Block::Grid {
                    title,
                    headers: headers.into_iter().map(String::from).collect(),
                    rows,
                },
                Block::Text {
                    title: "the letters".into(),
                    lines,
                },
            ],
        }
    }

    /// The export's own fields: each player's words, the centre, the box, the letter
    /// drawn and not used, whose turn it is, the target.
    fn export(scene: &Scene<'_, Self>) -> Map<String, Value> {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let mut m = Map::new();
        // In seat order (serde_json keeps insertion order here).
        let words: Map<String, Value> = roster
            .names()
            .iter()
            .enumerate()
            .map(|(seat, name)| {
                let held: Vec<&str> = state.words(seat).iter().map(Word::as_str).collect();
                (name.clone(), held.into())
            })
            .collect();
        m.insert("words".into(), words.into());
        m.insert("centre".into(), state.centre().compact().into());
        m.insert("box".into(), state.in_box().compact().into());
        m.insert(
            "drawn".into(),
            state.drawn().map_or(Value::Null, |d| d.to_string().into()),
        );
        m.insert(
            "to_play".into(),
            if state.finished() {
                Value::Null
            } else {
                roster.name(turn_seat(state, roster)).into()
            },
        );
        m.insert("turns".into(), state.turns().into());
        // Every turn's moves: draws, makes, and takes with the word taken and from whom.
        m.insert(
            "moves".into(),
            serde_json::to_value(state.moves()).unwrap_or(Value::Null),
        );
        if let Some(why) = state.ending() {
            m.insert(
                "ended".into(),
                serde_json::to_value(why).unwrap_or(Value::Null),
            );
        }
        let mut target = json!({
            "words": options.table.target_words,
            "win_on": options.table.win_on.name(),
        });
        if !options.table.on_empty.is_finish()
            && let Some(t) = target.as_object_mut()
        {
            t.insert("on_empty".into(), options.table.on_empty.name().into());
        }
        m.insert("target".into(), target);
        m
    }

    // No `situation`: the status line already says whose turn it is, the letter drawn
    // and not used, the centre and what the box holds, all a resuming table needs.

    /// "t14": the turn being played, or "over".
    fn progress(scene: &Scene<'_, Self>) -> Progress {
        let state = scene.state;
        if state.finished() {
            Progress {
                label: "over".into(),
                number: state.turns(),
            }
        } else {
            Progress {
                label: format!("t{}", state.turns() + 1),
                number: state.turns() + 1,
            }
        }
    }
}
