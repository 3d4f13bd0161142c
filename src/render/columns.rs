//! A table drawn a column at a time, exactly as comfy-table draws the house style
//! (`UTF8_FULL_CONDENSED`) when it has no width to fit and no colour to paint: when
//! the output is not a terminal.
//!
//! Why: the score table has the players down the side and a column for every round,
//! and comfy-table holds every cell of a table, with its styling, before it draws a
//! line of it: about 400 bytes a cell, 200 MB for a match of 78,192 rounds (issue 43).
//! Drawn here, a column is measured and written into every line as soon as its cells
//! are known, so only the lines themselves are held, and the rounds are described one
//! at a time. At a terminal comfy-table still draws the table, fitted to its width.
//! The tests hold the two to the same bytes.

use unicode_width::UnicodeWidthStr;

/// Where a cell's text sits in its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Align {
    Left,
    Right,
}

/// The lines of a table being drawn: its top, its header, the rule under the header,
/// one line a row, and its bottom.
pub(super) struct Columns {
    lines: Vec<String>,
    started: bool,
}

impl Columns {
    /// A table of `rows` rows, no column drawn yet.
    pub(super) fn new(rows: usize) -> Columns {
        Columns {
            lines: vec![String::new(); rows + 4],
            started: false,
        }
    }

    /// Draws the next column: its header, on the left, and its cells, one a row (a row
    /// short of cells is blank there), aligned by `align`.
    pub(super) fn push<S: AsRef<str>>(&mut self, header: &str, cells: &[S], align: Align) {
        // As comfy-table measures: the widest text, and never less than one character.
        let content = cells
            .iter()
            .map(|c| c.as_ref().width())
            .chain([header.width(), 1])
            .max()
            .unwrap_or(1);
        let first = !self.started;
        self.started = true;
        let [top, head, rule, body @ .., bottom] = &mut self.lines[..] else {
            return;
        };
        let (corner, tee, bar, cross) = if first {
            ('┌', '╞', '│', '└')
        } else {
            ('┬', '╪', '┆', '┴')
        };
        top.push(corner);
        top.extend(std::iter::repeat_n('─', content + 2));
        head.push(bar);
        put(head, header, content, Align::Left);
        rule.push(tee);
        rule.extend(std::iter::repeat_n('═', content + 2));
        for (i, line) in body.iter_mut().enumerate() {
            line.push(bar);
            put(
                line,
                cells.get(i).map_or("", |c| c.as_ref()),
                content,
                align,
            );
        }
        bottom.push(cross);
        bottom.extend(std::iter::repeat_n('─', content + 2));
    }

    /// The table, its lines closed on the right, joined as comfy-table joins them (no
    /// newline after the last).
    pub(super) fn finish(mut self) -> String {
        let last = self.lines.len() - 1;
        for (i, line) in self.lines.iter_mut().enumerate() {
            line.push(match i {
                0 => '┐',
                2 => '╡',
                i if i == last => '┘',
                _ => '│',
            });
        }
        self.lines.join("\n")
    }
}

/// A cell's text padded to `content` and one space either side.
fn put(line: &mut String, text: &str, content: usize, align: Align) {
    let gap = content.saturating_sub(text.width());
    line.push(' ');
    if align == Align::Right {
        line.extend(std::iter::repeat_n(' ', gap));
    }
    line.push_str(text);
    if align == Align::Left {
        line.extend(std::iter::repeat_n(' ', gap));
    }
    line.push(' ');
}

#[cfg(test)]
mod tests {
    use super::*;
    use comfy_table::{Cell, CellAlignment};

    /// A column: its header, its cells and their alignment.
    type Spec<'a> = (&'a str, Vec<&'a str>, Align);

    /// The same table drawn by comfy-table, as the prompt draws it when the output is
    /// not a terminal.
    fn comfy(columns: &[Spec<'_>], rows: usize) -> String {
        let headers: Vec<&str> = columns.iter().map(|(h, _, _)| *h).collect();
        let mut t = super::super::new(&headers);
        for r in 0..rows {
            t.add_row(columns.iter().map(|(_, cells, align)| {
                let cell = Cell::new(cells.get(r).copied().unwrap_or(""));
                match align {
                    Align::Left => cell,
                    Align::Right => cell.set_alignment(CellAlignment::Right),
                }
            }));
        }
        t.to_string()
    }

    fn drawn(columns: &[Spec<'_>], rows: usize) -> String {
        let mut c = Columns::new(rows);
        for (header, cells, align) in columns {
            c.push(header, cells, *align);
        }
        c.finish()
    }

    #[test]
    fn a_score_table_is_drawn_as_comfy_table_draws_it() {
        let columns = [
            ("player", vec!["ann", "bartholomew", "çé"], Align::Left),
            ("r1", vec!["2", "-14", "·"], Align::Right),
            ("r10 (open)", vec!["1", "", "100*"], Align::Right),
            ("total", vec!["3", "104256", "–"], Align::Right),
            ("", vec!["leads", "", ""], Align::Left),
        ];
        let ours = drawn(&columns, 3);
        assert_eq!(ours, comfy(&columns, 3));
        assert!(ours.starts_with("┌─────────────┬─────┬"), "{ours}");
        assert!(ours.contains("│ bartholomew ┆ -14 ┆"), "{ours}");
    }

    #[test]
    fn wide_letters_empty_columns_and_a_header_alone_are_measured_as_comfy_table_does() {
        let cases: [(Vec<Spec<'_>>, usize); 4] = [
            // Letters two columns wide, and an accent that takes none of its own.
            (
                vec![
                    ("player", vec!["李小龍", "e\u{301}mile"], Align::Left),
                    ("r1", vec!["５", "0"], Align::Right),
                ],
                2,
            ),
            // A column with nothing in it is one character wide.
            (
                vec![
                    ("player", vec!["a"], Align::Left),
                    ("", vec![""], Align::Left),
                ],
                1,
            ),
            // A header wider than every cell, and no rows at all.
            (vec![("a long heading", vec![], Align::Right)], 0),
            // One column, one row.
            (vec![("p", vec!["x"], Align::Left)], 1),
        ];
        for (columns, rows) in cases {
            assert_eq!(drawn(&columns, rows), comfy(&columns, rows), "{columns:?}");
        }
    }

    #[test]
    fn a_row_short_of_cells_is_blank_there() {
        let mut c = Columns::new(2);
        c.push("player", &["ann", "ben"], Align::Left);
        c.push("r1", &["3"], Align::Right);
        let table = c.finish();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[3], "│ ann    ┆  3 │");
        assert_eq!(lines[4], "│ ben    ┆    │");
    }
}
