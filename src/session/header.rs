//! The first line of a session log: what was played, by whom, under which rules.

use serde::{Deserialize, Serialize};

use crate::lexicon::StoredRules;

/// The log format written by this version of umpire.
pub const FORMAT: u32 = 1;

/// The first line of a log: what was played, by whom, under which rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header<O> {
    /// The log format version (see [`FORMAT`]).
    pub umpire: u32,
    pub game: String,
    pub name: String,
    pub created: String,
    pub players: Vec<String>,
    pub options: O,
    /// The word rules, for a game that judges words (logs of earlier versions hold
    /// them for every game, and keep them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<StoredRules>,
}

/// The part of a header every game shares, for reading a log before knowing its game.
#[derive(Debug, Clone, Deserialize)]
pub struct HeaderInfo {
    pub umpire: u32,
    pub game: String,
    pub name: String,
    pub created: String,
    pub players: Vec<String>,
}
