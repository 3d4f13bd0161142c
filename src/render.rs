//! Tables as the scorekeeper sees them (comfy-table), in one style everywhere.

use comfy_table::{Attribute, Cell, Color, ContentArrangement, Table, presets};

use crate::games::Scoreboard;
use crate::lexicon::Verdict;

/// A table with the house style: UTF-8 box lines, header row, wrapping to the terminal.
pub fn new(headers: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(headers.iter().map(Cell::new));
    t
}

/// "allowed" in green, "not allowed" in red, when colour is on.
pub fn verdict_cell(allowed: bool) -> Cell {
    let (text, colour) = if allowed {
        ("allowed", Color::Green)
    } else {
        ("not allowed", Color::Red)
    };
    paint(Cell::new(text), colour)
}

/// Colours a cell only when colour is on (a terminal, and no NO_COLOR).
fn paint(cell: Cell, colour: Color) -> Cell {
    if color_enabled() {
        cell.fg(colour).add_attribute(Attribute::Bold)
    } else {
        cell
    }
}

/// WORD, VERDICT, WHY: one row per verdict.
pub fn verdicts(verdicts: &[Verdict]) -> Table {
    let mut t = new(&["word", "verdict", "why"]);
    for v in verdicts {
        t.add_row(vec![
            Cell::new(&v.word),
            verdict_cell(v.allowed),
            Cell::new(&v.reason),
        ]);
    }
    t
}

/// A word as it may appear in an error line: shortened, so a 10 KB paste does not
/// flood the terminal.
pub fn printable(word: &str) -> String {
    const SHOWN: usize = 24;
    if word.chars().count() <= SHOWN {
        format!("{word:?}")
    } else {
        let head: String = word.chars().take(SHOWN).collect();
        format!("{head:?}...")
    }
}

/// A cell right-aligned, for numbers.
fn num(n: impl ToString) -> Cell {
    Cell::new(n.to_string()).set_alignment(comfy_table::CellAlignment::Right)
}

/// The marker column: who leads, who won.
fn marker(board: &Scoreboard, i: usize) -> Cell {
    let text = if board.finished {
        if board.winners.contains(&i) {
            "wins"
        } else {
            ""
        }
    } else if board.leaders().contains(&i) {
        "leads"
    } else {
        ""
    };
    paint(Cell::new(text), Color::Green)
}

/// After each recorded entry: the round being scored and the running totals.
pub fn standings(board: &Scoreboard) -> Table {
    rounds_table(board, false)
}

/// `score`: every round, the round in progress, and the running totals.
pub fn score(board: &Scoreboard) -> Table {
    rounds_table(board, true)
}

/// Players down the side; the closed rounds (when `closed`) and the open one across;
/// then the running totals (closed rounds plus the open round's entries so far, so that
/// both tables agree with each other) and who leads.
fn rounds_table(board: &Scoreboard, closed: bool) -> Table {
    let shown: Vec<&crate::games::RoundRow> = if closed {
        board.rounds.iter().chain(board.open.iter()).collect()
    } else {
        board.open.iter().collect()
    };
    let mut headers = vec!["player".to_string()];
    headers.extend(shown.iter().map(|r| {
        let open = board.open.as_ref().is_some_and(|o| o.number == r.number);
        if open && closed {
            format!("r{} (open)", r.number)
        } else {
            format!("r{}", r.number)
        }
    }));
    headers.push("total".into());
    headers.push(String::new());
    let header_refs: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut t = new(&header_refs);
    let running = board.running_totals();
    for (i, name) in board.players.iter().enumerate() {
        let mut row = vec![Cell::new(name)];
        row.extend(
            shown
                .iter()
                .map(|r| match r.points.get(i).copied().flatten() {
                    Some(p) => num(p),
                    None => Cell::new(if closed { "-" } else { "" }),
                }),
        );
        row.push(num(running.get(i).copied().unwrap_or(0)));
        row.push(marker(board, i));
        t.add_row(row);
    }
    t
}

/// Colour on a terminal, off under NO_COLOR (<https://no-color.org>) or when output is
/// piped.
pub fn color_enabled() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

/// A ruling in full: each word with where it lies, its verdict and why; then whether a
/// grid is one piece and any other fault.
pub fn ruling(r: &crate::session::event::Ruling) -> String {
    let with_places = r.words.iter().any(|v| v.at.is_some());
    let mut t = if with_places {
        new(&["word", "where", "verdict", "why"])
    } else {
        new(&["word", "verdict", "why"])
    };
    for v in &r.words {
        let mut row = vec![Cell::new(&v.word)];
        if with_places {
            row.push(Cell::new(v.at.as_deref().unwrap_or("")));
        }
        row.push(verdict_cell(v.allowed));
        row.push(Cell::new(&v.reason));
        t.add_row(row);
    }
    let mut out = vec![t.to_string()];
    match r.connected {
        Some(true) => out.push("the grid is one piece".into()),
        Some(false) => out.push("the grid is NOT one piece".into()),
        None => {}
    }
    out.extend(r.faults.iter().map(|f| format!("fault: {f}")));
    out.join("\n")
}
