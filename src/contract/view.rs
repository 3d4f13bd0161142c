//! A game's own table, as data: what `table` prints at the prompt, what the Markdown
//! export and the live scoreboard show. A game describes it in blocks; the core decides
//! how each block looks on a terminal or in a document.

use serde::Serialize;

/// What is on the table: hands, a board, the words in front of each player.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// The parts of the table, in the order they are shown.
    pub blocks: Vec<Block>,
}

/// One part of a table view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Block {
    /// Rows under headers (one row a player, say).
    Grid {
        /// The heading above the grid ("round 3 (open)").
        title: String,
        /// One per column.
        headers: Vec<String>,
        /// Each row's cells, one per header.
        rows: Vec<Vec<String>>,
    },
    /// Lines to print as they are, in a fixed-width font (a board).
    Text {
        /// The heading above the lines ("the letters").
        title: String,
        /// The lines, each printed whole, none wrapped.
        lines: Vec<String>,
    },
}

/// A span of a line of a [`Block::Text`] that a screen may show in a style of its own:
/// a covered square of a board, which the terminal colours when colour is on. The line
/// already says it in plain text (the game draws the brackets too), so a screen that
/// ignores a highlight loses nothing; one that honours it (the terminal, the page) says
/// it twice, as a colour and a mark, and colour is never the only difference.
///
/// Kept beside the view rather than in it ([`crate::contract::Extras::highlights`]), so
/// the blocks every screen already draws keep their shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Highlight {
    /// The block, by its place in [`TableView::blocks`]; a highlight of a block that is
    /// not a text block, or of a line it does not have, is ignored.
    pub(crate) block: usize,
    /// The line of that block, from 0.
    pub(crate) line: usize,
    /// The span's first character in the line (counted in `char`s, from 0).
    pub(crate) start: usize,
    /// How many characters it runs.
    pub(crate) len: usize,
}

impl TableView {
    #[cfg(feature = "cli")]
    pub(crate) fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }
}
