//! What a session log holds: a header line, then one event a line.
//!
//! Events are nouns in the past tense. The core's own events (an undo, a note, a
//! ruling, a player joining) sit beside the game's; both are JSON objects tagged by
//! `"type"`, so a log reads as a plain record of the evening.

use serde::{Deserialize, Serialize};

use crate::lexicon::{Rules, Verdict};

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
    pub rules: Rules,
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

/// A ruling given at the table: the words judged, the rules in force, each verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// What asked for it: `check`, or `grid alice`.
    pub asked: String,
    /// The round being played when it was given (1-based).
    pub round: u32,
    /// The rules in force, in words ("take-two (level 80)").
    pub rules: String,
    pub words: Vec<Verdict>,
    /// For a grid: whether its pieces are all joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connected: Option<bool>,
    /// For a grid: faults other than words (disconnected cells, tiles not in the hand).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<String>,
}

impl Ruling {
    /// Every word allowed and no fault.
    pub fn acceptable(&self) -> bool {
        self.words.iter().all(|v| v.allowed)
            && self.connected != Some(false)
            && self.faults.is_empty()
    }
}

/// The core's own events, shared by every game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum CoreEvent<E> {
    /// The event with this seq no longer counts.
    Undone {
        seq: u64,
    },
    /// A remark for the record.
    Noted {
        text: String,
    },
    /// A word ruling (the words, the rules in force, the verdicts).
    Ruled {
        ruling: Ruling,
    },
    PlayerJoined {
        name: String,
    },
    PlayerRenamed {
        from: String,
        to: String,
    },
    /// A closed round's entry recorded again, replacing or adding to what it had.
    Corrected {
        round: u32,
        entry: E,
    },
}

/// One event of a session: the core's or the game's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Event<E> {
    Core(CoreEvent<E>),
    Game(E),
}

impl<E> Event<E> {
    /// Events `undo` can take back. A ruling is what was said at the table and stays;
    /// an undo is not undone (there is no redo).
    pub fn undoable(&self) -> bool {
        !matches!(
            self,
            Event::Core(CoreEvent::Undone { .. } | CoreEvent::Ruled { .. })
        )
    }
}

/// One line of the log after the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry<E> {
    pub seq: u64,
    /// When it was recorded (RFC 3339, UTC).
    pub at: String,
    pub event: Event<E>,
}
