//! Tables as the scorekeeper sees them (comfy-table), in one style everywhere.

use comfy_table::{Cell, ContentArrangement, Table, presets};

use crate::lexicon::Verdict;

/// A table with the house style: UTF-8 box lines, header row, wrapping to the terminal.
pub fn new(headers: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(headers.iter().map(Cell::new));
    t
}

/// WORD, VERDICT, WHY: one row per verdict.
pub fn verdicts(verdicts: &[Verdict]) -> Table {
    let mut t = new(&["word", "verdict", "why"]);
    for v in verdicts {
        let verdict = if v.allowed { "allowed" } else { "not allowed" };
        t.add_row(vec![
            Cell::new(&v.word),
            Cell::new(verdict),
            Cell::new(&v.reason),
        ]);
    }
    t
}
