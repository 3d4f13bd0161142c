//! A player's crossword grid as typed at the end of a Take Two round, and the
//! ruling on it: every across and down run of two or more letters must be a word,
//! and the grid must be one piece.
//!
//! Typing: a capital letter is a tile; a lowercase letter, or `?` followed by a letter,
//! is a blank standing for that letter; `.` or a space is an empty cell. Rows of unequal
//! length are padded with empty cells. Pure: no I/O.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;
use thiserror::Error;

use crate::contract::event::{NOT_ONE_PIECE, ONE_PIECE, Ruling};
use crate::contract::{Kind, Refuse};
use crate::games::take_two::tiles::Tile;
use crate::lexicon::{Lexicon, Rules, Verdict, verdict};

/// The largest grid accepted, in rows and in columns: far beyond a table's, and a
/// bound on the work one command can cause.
pub(crate) const MAX_SIDE: usize = 100;

/// One filled cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cell {
    /// The letter shown, A-Z.
    pub(crate) letter: u8,
    /// A blank tile standing for `letter`.
    pub(crate) blank: bool,
}

impl Cell {
    pub(crate) fn tile(self) -> Tile {
        if self.blank {
            Tile::Blank
        } else {
            Tile::Letter(self.letter)
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum GridError {
    #[error(
        "the grid is empty: type it row by row, letters and . for empty cells, then a blank line"
    )]
    Empty,
    #[error(
        "row {row}, column {col}: {} is not a grid cell (use letters, lowercase or ?x for a blank, . or space for empty)", crate::text::quoted_char(*.found)
    )]
    BadCell { row: usize, col: usize, found: char },
    #[error(
        "row {row}, column {col}: ? must be followed by the lowercase letter the blank stands for (?e), or type the blank as that lowercase letter (CaT)"
    )]
    BareBlank { row: usize, col: usize },
    #[error("the grid is {rows} by {cols}: at most {MAX_SIDE} by {MAX_SIDE}")]
    TooBig { rows: usize, cols: usize },
    #[error("the grid has a single tile: a word needs two or more letters")]
    OneTile,
}

/// A grid that does not read is bad input.
impl Refuse for GridError {
    fn kind(&self) -> Kind {
        Kind::BadInput
    }
}

/// A position, 1-based for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub(crate) struct Pos {
    pub(crate) row: usize,
    pub(crate) col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// A parsed grid, trimmed to its filled cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Cell>>,
    /// Row and column of the trimmed grid's top-left cell in the typed one (0-based).
    origin: (usize, usize),
}

impl Grid {
    /// Parses typed rows. Blank rows above and below the grid, and empty columns
    /// beside it, do not count towards its size.
    pub(crate) fn parse<S: AsRef<str>>(lines: &[S]) -> Result<Grid, GridError> {
        // A bound on the work before trimming: twice the largest grid.
        if lines.len() > 2 * MAX_SIDE {
            return Err(GridError::TooBig {
                rows: lines.len(),
                cols: 0,
            });
        }
        let mut rows: Vec<Vec<Option<Cell>>> = Vec::with_capacity(lines.len());
        for (r, line) in lines.iter().enumerate() {
            let line = line.as_ref();
            // A byte-order mark some editors put at a file's start is not a cell (as
            // a board file's is not: `board_chips::board`).
            let line = match r {
                0 => line.strip_prefix('\u{feff}').unwrap_or(line),
                _ => line,
            };
            rows.push(parse_row(r + 1, line)?);
        }
        // Trim to the filled cells' bounding box.
        let filled = |row: &Vec<Option<Cell>>| row.iter().any(Option::is_some);
        let top = rows.iter().position(filled).ok_or(GridError::Empty)?;
        let bottom = rows.iter().rposition(filled).unwrap_or(top);
        let left = rows
            .iter()
            .filter_map(|r| r.iter().position(Option::is_some))
            .min()
            .unwrap_or(0);
        let right = rows
            .iter()
            .filter_map(|r| r.iter().rposition(Option::is_some))
            .max()
            .unwrap_or(left);
        let (h, w) = (bottom - top + 1, right - left + 1);
        if h > MAX_SIDE || w > MAX_SIDE {
            return Err(GridError::TooBig { rows: h, cols: w });
        }
        let mut cells = vec![None; h * w];
        for (r, row) in rows[top..=bottom].iter().enumerate() {
            for c in 0..w {
                cells[r * w + c] = row.get(left + c).copied().flatten();
            }
        }
        let grid = Grid {
            rows: h,
            cols: w,
            cells,
            origin: (top, left),
        };
        if grid.tiles().len() == 1 {
            return Err(GridError::OneTile);
        }
        Ok(grid)
    }

    fn at(&self, r: usize, c: usize) -> Option<Cell> {
        if r < self.rows && c < self.cols {
            self.cells[r * self.cols + c]
        } else {
            None
        }
    }

    /// Where cell (r, c) of the trimmed grid was typed, 1-based.
    fn pos(&self, r: usize, c: usize) -> Pos {
        Pos {
            row: self.origin.0 + r + 1,
            col: self.origin.1 + c + 1,
        }
    }

    /// Every tile on the grid (blanks as `?`).
    pub(crate) fn tiles(&self) -> Vec<Tile> {
        self.cells.iter().flatten().map(|c| c.tile()).collect()
    }

    /// Every across and down run of two or more letters, across first, in reading order.
    pub(crate) fn words(&self) -> Vec<Run> {
        let mut out = Vec::new();
        for across in [true, false] {
            let (outer, inner) = if across {
                (self.rows, self.cols)
            } else {
                (self.cols, self.rows)
            };
            for a in 0..outer {
                let mut b = 0;
                while b < inner {
                    let cell = |b: usize| if across { self.at(a, b) } else { self.at(b, a) };
                    if cell(b).is_none() {
                        b += 1;
                        continue;
                    }
                    let start = b;
                    let mut text = String::new();
                    while let Some(c) = cell(b) {
                        text.push(char::from(c.letter));
                        b += 1;
                    }
                    if b - start >= 2 {
                        let (r, c) = if across { (a, start) } else { (start, a) };
                        out.push(Run {
                            text,
                            at: self.pos(r, c),
                            across,
                        });
                    }
                }
            }
        }
        out
    }

    /// The grid's pieces (cells joined across or down), largest first.
    pub(crate) fn pieces(&self) -> Vec<Vec<Pos>> {
        let mut seen = vec![false; self.cells.len()];
        let mut pieces = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || self.cells[start].is_none() {
                continue;
            }
            let mut piece = Vec::new();
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                let (r, c) = (i / self.cols, i % self.cols);
                piece.push(self.pos(r, c));
                let mut near = Vec::with_capacity(4);
                if r > 0 {
                    near.push(i - self.cols);
                }
                if r + 1 < self.rows {
                    near.push(i + self.cols);
                }
                if c > 0 {
                    near.push(i - 1);
                }
                if c + 1 < self.cols {
                    near.push(i + 1);
                }
                for n in near {
                    if !seen[n] && self.cells[n].is_some() {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            piece.sort();
            pieces.push(piece);
        }
        pieces.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        pieces
    }
}

/// One typed row: its cells, or what is wrong with it (`number` counts from 1).
fn parse_row(number: usize, line: &str) -> Result<Vec<Option<Cell>>, GridError> {
    let line = line.trim_end_matches(['\r', '\n']);
    let mut row = Vec::new();
    let mut chars = line.chars();
    let mut col = 0;
    while let Some(c) = chars.next() {
        col += 1;
        let cell = match c {
            'A'..='Z' => Some(Cell {
                letter: c as u8,
                blank: false,
            }),
            'a'..='z' => Some(Cell {
                letter: c.to_ascii_uppercase() as u8,
                blank: true,
            }),
            // `?e` is a blank standing for E. `?T` is refused: C?T may mean C, a blank,
            // T as easily as a blank T after C.
            '?' => match chars.next() {
                Some(l) if l.is_ascii_lowercase() => Some(Cell {
                    letter: l.to_ascii_uppercase() as u8,
                    blank: true,
                }),
                _ => return Err(GridError::BareBlank { row: number, col }),
            },
            '.' | ' ' | '\t' => None,
            other => {
                return Err(GridError::BadCell {
                    row: number,
                    col,
                    found: other,
                });
            }
        };
        row.push(cell);
        if row.len() > 2 * MAX_SIDE {
            return Err(GridError::TooBig {
                rows: number,
                cols: line.chars().count(),
            });
        }
    }
    Ok(row)
}

/// Checks one row as it is typed, so a bad character is said on its row.
pub(crate) fn check_row(number: usize, line: &str) -> Result<(), GridError> {
    parse_row(number, line).map(|_| ())
}

/// One run of letters on the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Run {
    pub(crate) text: String,
    /// Its first cell.
    pub(crate) at: Pos,
    pub(crate) across: bool,
}

impl Run {
    /// "across at r1c1"
    pub(crate) fn place(&self) -> String {
        format!(
            "{} at {}",
            if self.across { "across" } else { "down" },
            self.at
        )
    }
}

/// The ruling on a whole grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GridRuling {
    /// Every run with its verdict (a word repeated is judged once, listed each time).
    pub(crate) words: Vec<(Run, Verdict)>,
    pub(crate) connected: bool,
    /// The cells of every piece apart from the largest.
    pub(crate) apart: Vec<Vec<Pos>>,
    pub(crate) tiles: Vec<Tile>,
}

impl GridRuling {
    #[cfg(feature = "cli")]
    pub(crate) fn acceptable(&self) -> bool {
        self.connected && self.words.iter().all(|(_, v)| v.allowed)
    }

    /// The distinct words not allowed, in grid order.
    pub(crate) fn barred(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (_, v) in &self.words {
            if !v.allowed && !out.contains(&v.word) {
                out.push(v.word.clone());
            }
        }
        out
    }

    /// "r5c1 r5c2 r5c3" for each piece apart from the largest.
    pub(crate) fn apart_text(&self) -> Vec<String> {
        self.apart
            .iter()
            .map(|p| p.iter().map(Pos::to_string).collect::<Vec<_>>().join(" "))
            .collect()
    }
}

impl GridRuling {
    /// The ruling as the log keeps it; `faults` adds what the caller found (tiles that
    /// do not fit the set or the hand).
    pub(crate) fn to_ruling(
        &self,
        asked: String,
        player: Option<String>,
        round: u32,
        rules: &Rules,
        mut faults: Vec<String>,
    ) -> Ruling {
        let mut shape: Vec<String> = Vec::new();
        let mut remarks = Vec::new();
        if self.connected {
            remarks.push(ONE_PIECE.to_string());
        } else {
            shape.push(NOT_ONE_PIECE.to_string());
            shape.extend(
                self.apart_text()
                    .into_iter()
                    .map(|cells| format!("not joined to the rest: {cells}")),
            );
        }
        faults.splice(0..0, shape);
        Ruling {
            asked,
            player,
            round,
            rules: rules.describe(),
            words: self.words.iter().map(|(_, v)| v.clone()).collect(),
            faults,
            remarks,
        }
    }
}

/// Rules on every run of `grid` and on its shape.
pub(crate) fn rule(grid: &Grid, lexicon: &Lexicon, rules: &Rules) -> GridRuling {
    let mut cache: HashMap<String, Verdict> = HashMap::new();
    let words = grid
        .words()
        .into_iter()
        .map(|run| {
            let verdict = cache
                .entry(run.text.clone())
                .or_insert_with(|| verdict(lexicon, rules, &run.text.to_ascii_lowercase()))
                .clone();
            let verdict = Verdict {
                at: Some(run.place()),
                ..verdict
            };
            (run, verdict)
        })
        .collect();
    let mut pieces = grid.pieces();
    let connected = pieces.len() <= 1;
    let apart = if pieces.is_empty() {
        Vec::new()
    } else {
        pieces.split_off(1)
    };
    GridRuling {
        words,
        connected,
        apart,
        tiles: grid.tiles(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::parse(rows).expect("parses")
    }

    /// `blank` empty rows, then `high` rows of `wide` cells, each `indent` dots in,
    /// with a tile in each corner.
    fn framed(blank: usize, indent: usize, high: usize, wide: usize) -> Vec<String> {
        let pad = ".".repeat(indent);
        let edge = format!("{pad}A{}B", ".".repeat(wide - 2));
        let mut lines = vec![String::new(); blank];
        lines.push(edge.clone());
        lines.extend(std::iter::repeat_n(String::new(), high - 2));
        lines.push(edge);
        lines
    }

    #[test]
    fn a_grid_may_be_a_hundred_by_a_hundred_wherever_it_was_typed() {
        for (blank, indent) in [(0, 0), (100, 0), (0, 60), (99, 99)] {
            let lines = framed(blank, indent, 100, 100);
            let g = Grid::parse(&lines).expect("100 by 100");
            assert_eq!((g.rows, g.cols, g.origin), (100, 100, (blank, indent)));
        }
        assert_eq!(
            Grid::parse(&framed(5, 5, 101, 100)).map(|_| ()),
            Err(GridError::TooBig {
                rows: 101,
                cols: 100
            })
        );
        assert_eq!(
            Grid::parse(&framed(5, 5, 100, 101)).map(|_| ()),
            Err(GridError::TooBig {
                rows: 100,
                cols: 101
            })
        );
    }

    #[test]
    fn more_than_two_hundred_typed_rows_are_refused_before_they_are_read() {
        let mut lines = framed(0, 0, 3, 3);
        lines.resize(200, String::new());
        assert!(Grid::parse(&lines).is_ok(), "200 rows, 197 of them blank");
        lines.push(String::new());
        assert_eq!(
            Grid::parse(&lines).map(|_| ()),
            Err(GridError::TooBig { rows: 201, cols: 0 })
        );
    }

    #[test]
    fn a_letter_alone_across_or_down_is_no_word_wherever_it_lies() {
        let g = grid(&["CAT", "..O"]);
        let words: Vec<String> = g.words().iter().map(|w| w.text.clone()).collect();
        assert_eq!(words, ["CAT", "TO"]);
    }

    #[test]
    fn a_piece_is_followed_up_left_and_down_but_never_across_a_row_end() {
        let sizes =
            |rows: &[&str]| -> Vec<usize> { grid(rows).pieces().iter().map(Vec::len).collect() };
        assert_eq!(sizes(&["A.C", "ABC"]), [5], "up the right arm");
        assert_eq!(sizes(&["..A", "BBA", "B.."]), [5], "left along the middle");
        assert_eq!(sizes(&[".AB", "C.."]), [2, 1], "B and C are not neighbours");
        assert_eq!(sizes(&["A.", ".B"]), [1, 1]);
    }

    #[test]
    fn a_typed_row_holds_at_most_two_hundred_cells_and_a_blank_names_a_small_letter() {
        let row = format!("AB{}", ".".repeat(198));
        assert!(Grid::parse(&[row.as_str()]).is_ok());
        let row = format!("{row}.");
        assert_eq!(
            Grid::parse(&[row.as_str()]).map(|_| ()),
            Err(GridError::TooBig { rows: 1, cols: 201 })
        );
        assert_eq!(
            Grid::parse(&["C?At"]).map(|_| ()),
            Err(GridError::BareBlank { row: 1, col: 2 })
        );
        assert_eq!(
            check_row(3, "C4T"),
            Err(GridError::BadCell {
                row: 3,
                col: 2,
                found: '4'
            })
        );
        assert_eq!(check_row(3, "C?aT"), Ok(()));
    }

    #[test]
    fn a_grid_is_acceptable_in_one_piece_of_allowed_words_and_names_what_is_not() {
        let lex = Lexicon::embedded().expect("embedded dictionary opens");
        let rules = Rules::new(crate::games::take_two::RULE_SET);
        let good = rule(&grid(&["CAT", "..O"]), &lex, &rules);
        assert!(good.connected && good.acceptable(), "{good:?}");
        assert!(good.barred().is_empty() && good.apart_text().is_empty());
        let at: Vec<Option<String>> = good.words.iter().map(|(_, v)| v.at.clone()).collect();
        assert_eq!(
            at,
            [
                Some("across at r1c1".to_string()),
                Some("down at r1c3".to_string())
            ]
        );
        let barred = rule(&grid(&["CATQZ", ".....", "QZ..."]), &lex, &rules);
        assert!(!barred.connected && !barred.acceptable());
        assert_eq!(barred.barred(), ["CATQZ", "QZ"]);
        assert_eq!(barred.apart_text(), ["r3c1 r3c2"]);
        let twice = rule(&grid(&["QZ.", "..Q", "..Z"]), &lex, &rules);
        assert_eq!(twice.barred(), ["QZ"], "a word barred twice is named once");
        let one_piece = rule(&grid(&["CATQZ"]), &lex, &rules);
        assert!(one_piece.connected && !one_piece.acceptable());
        let apart = rule(&grid(&["CAT.", "...A", "...T"]), &lex, &rules);
        assert!(!apart.acceptable() && apart.barred().is_empty());
    }

    #[test]
    fn runs_are_read_across_then_down_with_their_first_cell() {
        let g = grid(&["CAT", "A..", "R.."]);
        let words: Vec<(String, String)> = g
            .words()
            .iter()
            .map(|w| (w.text.clone(), w.place()))
            .collect();
        assert_eq!(
            words,
            vec![
                ("CAT".into(), "across at r1c1".into()),
                ("CAR".into(), "down at r1c1".into())
            ]
        );
    }

    #[test]
    fn a_blank_shows_its_letter_and_counts_as_a_blank_tile() {
        let g = grid(&["Ca?t"]);
        assert_eq!(g.words()[0].text, "CAT");
        let tiles = g.tiles();
        assert_eq!(tiles, vec![Tile::Letter(b'C'), Tile::Blank, Tile::Blank]);
    }

    #[test]
    fn unequal_rows_are_padded_and_the_grid_trimmed() {
        let g = grid(&["", "  DOG", "  O", "  T."]);
        assert_eq!(g.words().len(), 2);
        assert_eq!(g.words()[0].at, Pos { row: 2, col: 3 });
    }

    #[test]
    fn a_piece_apart_is_found_with_its_cells() {
        let g = grid(&["CAT..", ".....", "...OX"]);
        let p = g.pieces();
        assert_eq!(p.len(), 2);
        assert_eq!(p[1], vec![Pos { row: 3, col: 4 }, Pos { row: 3, col: 5 }]);
    }

    #[test]
    fn bad_grids_are_refused_by_name() {
        assert_eq!(
            Grid::parse(&["C4T"]),
            Err(GridError::BadCell {
                row: 1,
                col: 2,
                found: '4'
            })
        );
        assert_eq!(
            Grid::parse(&["CA?"]),
            Err(GridError::BareBlank { row: 1, col: 3 })
        );
        assert_eq!(Grid::parse::<&str>(&[]), Err(GridError::Empty));
        assert_eq!(Grid::parse(&["...", "  "]), Err(GridError::Empty));
        assert_eq!(Grid::parse(&["..A.."]), Err(GridError::OneTile));
        let wide = "A".repeat(101);
        assert!(matches!(
            Grid::parse(&[wide.as_str()]),
            Err(GridError::TooBig { .. })
        ));
        let tall = vec!["A"; 101];
        assert!(matches!(Grid::parse(&tall), Err(GridError::TooBig { .. })));
    }
}
