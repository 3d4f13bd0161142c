//! A game's own table, as data: what `table` prints at the prompt, what the Markdown
//! export and the live scoreboard show. A game describes it in blocks; the core decides
//! how each block looks on a terminal or in a document.

use serde::Serialize;

/// What is on the table: hands, a board, the words in front of each player.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    pub blocks: Vec<Block>,
}

/// One part of a table view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Block {
    /// Rows under headers (one row a player, say).
    Grid {
        title: String,
        headers: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    /// Lines to print as they are, in a fixed-width font (a board).
    Text { title: String, lines: Vec<String> },
}

impl TableView {
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }
}
