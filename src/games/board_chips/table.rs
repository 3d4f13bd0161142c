//! The board as `table` shows it: plain data the core can lay out as it likes
//! ([`cells`]), and a plain-text drawing for a terminal ([`draw`]).
//!
//! The drawing marks a covered square by putting its letter in brackets, `[T]`, and
//! shows an open square as its bare letter, ` T `: readable without colour (NO_COLOR, a
//! log pasted in a message), and the letter underneath stays visible, as a tile
//! showing the same letter would. No square is a `.`, as in the board file. Row and
//! column numbers frame the board, so a square can be read off it as `ROW,COLUMN`.

use serde::Serialize;

use super::board::{Board, Square};
use super::play::Coverage;

/// One place on the board as the table shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(super) enum Cell {
    /// No square here.
    Gap,
    /// A square not yet covered, with its printed letter.
    Open { letter: char },
    /// A square covered by a tile.
    Covered { letter: char },
}

/// What the drawing's marks mean, for a line under it.
pub(super) const LEGEND: &str = "[A] covered, A open, . no square";

/// The board's rows of cells, top to bottom, each as wide as the board.
pub(super) fn cells(board: &Board, coverage: &Coverage) -> Vec<Vec<Cell>> {
    (1..=board.rows())
        .map(|row| {
            (1..=board.cols())
                .map(|col| {
                    let square = Square::new(row, col);
                    match board.letter(square) {
                        None => Cell::Gap,
                        Some(letter) if coverage.is_covered(board, square) => {
                            Cell::Covered { letter }
                        }
                        Some(letter) => Cell::Open { letter },
                    }
                })
                .collect()
        })
        .collect()
}

/// Where the covered cells are in the lines of [`draw`]: (line, first character,
/// length), for a screen to colour them.
pub(super) fn covered_spans(cells: &[Vec<Cell>]) -> Vec<(usize, usize, usize)> {
    let label = cells.len().to_string().len();
    let mut spans = Vec::new();
    for (r, row) in cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if matches!(cell, Cell::Covered { .. }) {
                spans.push((r + 1, label + 1 + 3 * c, 3));
            }
        }
    }
    spans
}

/// The board as lines of text: a header of column numbers, then one line a row, led
/// by its number. Each cell is three characters with the letter in the middle
/// (` T `, `[T]`, ` . `); trailing spaces are trimmed.
pub(super) fn draw(cells: &[Vec<Cell>]) -> Vec<String> {
    let cols = cells.iter().map(Vec::len).max().unwrap_or(0);
    let label = cells.len().to_string().len();
    let mut lines = Vec::with_capacity(cells.len() + 1);
    let mut header = " ".repeat(label + 1);
    for col in 1..=cols {
        header.push_str(&format!("{col:>2} "));
    }
    lines.push(header.trim_end().to_string());
    for (i, row) in cells.iter().enumerate() {
        let mut line = format!("{:>label$} ", i + 1);
        for cell in row {
            let (left, letter, right) = match *cell {
                Cell::Gap => (' ', '.', ' '),
                Cell::Open { letter } => (' ', letter, ' '),
                Cell::Covered { letter } => ('[', letter, ']'),
            };
            line.extend([left, letter, right]);
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}
