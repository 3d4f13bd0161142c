//! The owned report of a judgement, as printed, logged and exported.

use serde::{Deserialize, Serialize};

/// A word's verdict under a table's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The folded word in capitals, as the tiles spell it.
    pub word: String,
    /// The table's rules let the word be played.
    pub allowed: bool,
    /// A sentence a player understands: which spelling decided, and why.
    pub reason: String,
    /// The reason's class (`word`, `apostrophe`, `proper-name`...), stable for scripts.
    pub code: String,
    /// Where the word lies, for a grid ("across at r1c1").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

impl Verdict {
    /// The dictionary refused the word: not a word too short for the table's
    /// agreement, not barred by its house list, not refused by a game's own rule (a
    /// plural-only take, a penalty).
    pub fn refused_by_dictionary(&self) -> bool {
        !self.allowed && super::judge::refused_by_dictionary(&self.code)
    }
}
