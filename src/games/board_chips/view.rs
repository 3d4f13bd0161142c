//! What the core shows of a board-chips game: the chips as [`Standings`] (one chart
//! mark a turn), the board and the chips in front of each player as a [`TableView`],
//! the export's own fields (the kitty, every turn with its coverings and the words
//! they completed), and the prompt's turn number.

use serde_json::{Map, Value, json};

use super::game::BoardChips;
use super::record::Turn;
use super::state::{Event, HAND, KITTY, Options, Ruled, State};
use super::{describe, table};
use crate::contract::{
    Block, Figure, Highlight, Mark, Progress, Roster, Scene, Show, Standings, TableView, Unit,
};

/// Each seat's chips as the core counts scores.
fn chips(state: &State, players: usize) -> Vec<i64> {
    (0..players)
        .map(|i| state.chips().get(i).copied().map_or(0, i64::from))
        .collect()
}

/// The words each seat completed (board mode), counting a word once per covering that
/// completed it.
fn words_by_seat(state: &State, players: usize) -> Vec<Vec<String>> {
    let mut words = vec![Vec::new(); players];
    for turn in state.turns() {
        if let Some(w) = words.get_mut(turn.seat) {
            w.extend(turn.completed().map(|c| c.word.clone()));
        }
    }
    words
}

/// "31 chips left in the kitty", "the kitty is empty".
fn kitty_text(kitty: u32) -> String {
    match kitty {
        0 => "the kitty is empty".to_string(),
        n => format!("{} left in the kitty", Unit::CHIPS.count(i64::from(n))),
    }
}

/// "58 of 101 squares covered" on a board, "58 of 101 tiles placed" without one.
fn placed_text(state: &State, options: &Options) -> String {
    match (options.board(), state.coverage()) {
        (Some(board), Some(coverage)) => format!(
            "{} of {} squares covered",
            coverage.count(),
            board.square_count()
        ),
        _ => format!("{} of {} tiles placed", state.tiles_placed(), state.tiles()),
    }
}

/// "77 tiles in the pool", "the pool is empty".
fn pool_text(state: &State, players: usize) -> String {
    match state.pool(players) {
        0 => "the pool is empty".to_string(),
        1 => "1 tile in the pool".to_string(),
        n => format!("{n} tiles in the pool"),
    }
}

/// The player to play next, in words, for the status and the table while the game
/// goes on: only the first turn has no player to follow (a finished game is said by
/// why it ended instead).
fn next_text(state: &State, roster: &Roster) -> String {
    match state.next_seat() {
        Some(seat) => format!("{} to play", roster.name(seat)),
        None => "anyone may start".to_string(),
    }
}

/// The chart: every player's chips before the first turn ("0") and after each turn
/// ("t1", "t2"...), from the turn they sat down at.
fn marks(state: &State, players: usize) -> Vec<Mark> {
    let mut running = vec![0i64; players];
    let at = |k: usize, running: &[i64]| -> Vec<Option<i64>> {
        (0..players)
            .map(|i| (state.joined(i) <= k).then(|| running.get(i).copied().unwrap_or(0)))
            .collect()
    };
    let mut marks = Vec::with_capacity(state.turns().len() + 1);
    marks.push(Mark {
        label: "0".into(),
        totals: at(0, &running),
    });
    for (k, turn) in state.turns().iter().enumerate() {
        if let Some(t) = running.get_mut(turn.seat) {
            *t += i64::from(turn.chips);
        }
        marks.push(Mark {
            label: format!("t{}", turn.number),
            totals: at(k + 1, &running),
        });
    }
    marks
}

/// A turn as the engine records it, with the player's name as the roster has it now.
fn turn_json(turn: &Turn, roster: &Roster) -> Value {
    let mut v = serde_json::to_value(turn).unwrap_or(Value::Null);
    if let Some(obj) = v.as_object_mut()
        && let Some(name) = roster.names().get(turn.seat)
    {
        obj.insert("player".into(), name.as_str().into());
    }
    v
}

impl Show for BoardChips {
    /// Says what `event` does to `before` (the state it is applied to). An event that does
    /// not apply there is described as it was typed.
    fn describe(event: &Event, before: &Scene<'_, Self>) -> String {
        let (before, options, players) = (before.state, before.options, before.roster.names());
        match before.judge(options, players, event) {
            Ok(Ruled::Turn { turn, .. }) => describe::turn_text(&turn),
            Ok(Ruled::Rack { rack, seat }) => {
                describe::rack_text(players.get(seat).map_or("", String::as_str), &rack)
            }
            Err(_) => describe::typed(event, options),
        }
    }

    fn standings(scene: &Scene<'_, Self>) -> Standings {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let players = roster.len();
        let totals = chips(state, players);
        let finished = state.is_finished();
        let status = match state.over() {
            Some(why) => format!("game over: {why}; {}", kitty_text(state.kitty())),
            None => format!(
                "{}; {}; {}; {}",
                kitty_text(state.kitty()),
                placed_text(state, options),
                pool_text(state, players),
                next_text(state, roster)
            ),
        };
        // A game without rounds has no averages in `stats`: the chips and the words
        // completed, summed over sessions, stand in for them.
        let mut figures = vec![Figure {
            name: "chips",
            values: totals.clone(),
        }];
        if options.board().is_some() {
            figures.push(Figure {
                name: "words completed",
                values: words_by_seat(state, players)
                    .iter()
                    .map(|w| w.len() as i64)
                    .collect(),
            });
        }
        Standings {
            running: totals.clone(),
            totals,
            marks: marks(state, players),
            // Nobody leads a table of zeros: ranks start with the first chip.
            ranked: state.chips().iter().any(|c| *c > 0),
            finished,
            status,
            figures,
            ..Standings::new(roster.names().to_vec(), Unit::CHIPS, false)
        }
    }

    /// The board with its covered squares (board mode), then the chips: a row a player,
    /// who plays next, and the kitty, so the chips column always adds up to 44.
    fn table(scene: &Scene<'_, Self>) -> TableView {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let mut blocks = Vec::new();
        if let (Some(board), Some(coverage)) = (options.board(), state.coverage()) {
            blocks.push(Block::Text {
                title: format!(
                    "the board: {} ({})",
                    placed_text(state, options),
                    table::LEGEND
                ),
                lines: table::draw(&table::cells(board, coverage)),
            });
        }
        let board = options.board().is_some();
        let words = words_by_seat(state, roster.len());
        let over = state.is_finished();
        let mut headers = vec!["player", "chips"];
        if board {
            headers.push("words");
        }
        if !over {
            headers.push("next");
        }
        let mut rows: Vec<Vec<String>> = (0..roster.len())
            .map(|i| {
                let mut row = vec![
                    roster.name(i).to_string(),
                    state.chips().get(i).copied().unwrap_or(0).to_string(),
                ];
                if board {
                    row.push(words.get(i).map_or_else(String::new, |w| w.join(" ")));
                }
                if !over {
                    row.push(if state.next_seat() == Some(i) {
                        "to play".to_string()
                    } else {
                        String::new()
                    });
                }
                row
            })
            .collect();
        let mut kitty = vec!["(kitty)".to_string(), state.kitty().to_string()];
        kitty.resize(headers.len(), String::new());
        rows.push(kitty);
        let title = match state.over() {
            Some(why) => format!("the chips: game over, {why}"),
            None => format!(
                "the chips: turn {}, {}; {}",
                state.turns().len() + 1,
                next_text(state, roster),
                pool_text(state, roster.len())
            ),
        };
        blocks.push(Block::Grid {
            title,
            headers: headers.into_iter().map(String::from).collect(),
            rows,
        });
        TableView { blocks }
    }

    /// The export's own fields: the kitty, the tiles placed, who plays next, each
    /// player's words (board mode) and every turn as umpire ruled on it, named by the
    /// players' names as they are now.
    fn export(scene: &Scene<'_, Self>) -> Map<String, Value> {
        let (state, options, roster) = (scene.state, scene.options, scene.roster);
        let mut m = Map::new();
        m.insert("kitty".into(), state.kitty().into());
        m.insert("kitty_start".into(), KITTY.into());
        m.insert("tiles_placed".into(), state.tiles_placed().into());
        m.insert("tiles".into(), state.tiles().into());
        m.insert("pool".into(), state.pool(roster.len()).into());
        if let (Some(board), Some(coverage)) = (options.board(), state.coverage()) {
            m.insert(
                "squares".into(),
                json!({"covered": coverage.count(), "total": board.square_count()}),
            );
            let words = words_by_seat(state, roster.len());
            let by_player: Map<String, Value> = roster
                .names()
                .iter()
                .zip(words)
                .map(|(p, w)| (p.clone(), json!(w)))
                .collect();
            m.insert("words".into(), Value::Object(by_player));
        }
        m.insert(
            "next".into(),
            state
                .next_seat()
                .map_or(Value::Null, |s| roster.name(s).into()),
        );
        if let Some(why) = state.over() {
            m.insert("ended".into(), why.into());
        }
        let turns: Vec<Value> = state.turns().iter().map(|t| turn_json(t, roster)).collect();
        m.insert("turns".into(), turns.into());
        m
    }

    /// Whose turn it is and what they play from: the pool, and the player's rack when
    /// the table has said it. Nothing once the game is over (the status says so).
    fn situation(scene: &Scene<'_, Self>) -> Vec<String> {
        let (state, roster) = (scene.state, scene.roster);
        if state.is_finished() {
            return Vec::new();
        }
        // The status line already says whose turn it is and the pool; only what it
        // leaves out is said here.
        let mut lines = Vec::new();
        if state.turns().is_empty() {
            lines.push(format!(
                "each player draws {HAND} tiles before the first turn (the pool counts them as drawn)"
            ));
            // A small board's tiles may not fill every rack: the table should know
            // before it deals.
            let players = roster.len() as u32;
            let wanted = HAND.saturating_mul(players);
            if state.tiles() < wanted {
                lines.push(format!(
                    "warning: the pool cannot fill every rack: {} tiles for {players} players drawing {HAND} each ({wanted}); the pool is empty from the start and the racks are {} short",
                    state.tiles(),
                    crate::text::count(wanted - state.tiles(), "tile", "tiles")
                ));
            }
        }
        if let Some(seat) = state.next_seat()
            && let Some(rack) = state.rack(seat)
        {
            lines.push(describe::rack_text(roster.name(seat), rack));
        }
        lines
    }

    /// "t14": the turn about to be played, or "over".
    fn progress(scene: &Scene<'_, Self>) -> Progress {
        let state = scene.state;
        let played = state.turns().len() as u32;
        if state.is_finished() {
            Progress {
                label: "over".into(),
                number: played,
            }
        } else {
            Progress {
                label: format!("t{}", played + 1),
                number: played + 1,
            }
        }
    }
}

/// The board's covered squares, to colour where a screen can: each is a cell of
/// the board's drawing, the first block of the table.
pub(super) fn highlights(scene: &Scene<'_, BoardChips>) -> Vec<Highlight> {
    let (Some(board), Some(coverage)) = (scene.options.board(), scene.state.coverage()) else {
        return Vec::new();
    };
    table::covered_spans(&table::cells(board, coverage))
        .into_iter()
        .map(|(line, start, len)| Highlight {
            block: 0,
            line,
            start,
            len,
        })
        .collect()
}
