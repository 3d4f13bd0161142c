//! What a game keeps for its export and its table: each turn as umpire ruled on it
//! (the coverings, the words they completed, the chips taken) and the standings.
//! Serialized, never read back: the log holds the events, and these are worked out
//! from them on replay.

use serde::Serialize;

use super::board::{Direction, Square};
use super::play::Covering;

/// A word completed by a covering, named so the export can tell two alike apart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct CompletedWord {
    pub(crate) word: String,
    pub(crate) direction: Direction,
    /// The square of its first letter.
    pub(crate) start: Square,
}

/// One covering of a turn as the export shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct CoveringRecord {
    /// The square and its letter (as printed on the board).
    #[serde(flatten)]
    pub(crate) covering: Covering,
    /// The words whose last open letter this was.
    pub(crate) completed: Vec<CompletedWord>,
    /// The chips taken for them: fewer than the words when the kitty ran out.
    pub(crate) chips: u32,
    /// The words whose first letter this was (and that it did not also complete).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) started: Vec<String>,
    /// The square as the table names it, by the word that made it legal ("C of
    /// JACKET"): for the prompt; the export has the square and the words.
    #[serde(skip)]
    pub(crate) name: String,
}

/// What a turn was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Play {
    /// On a board: the coverings in the order laid.
    Covered { coverings: Vec<CoveringRecord> },
    /// In tally mode: the tiles placed, as called.
    Placed { tiles: u32 },
    /// The player could not play and exchanged tiles with the pool: `count` of them
    /// (two, or one when the pool held one); `back`, the letters put back when told.
    Exchanged {
        #[serde(skip_serializing_if = "String::is_empty")]
        back: String,
        #[serde(skip)]
        count: u32,
    },
    /// The player could not play and the pool was empty.
    Passed,
}

/// One turn, as kept for the export and the prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Turn {
    /// Counted from 1.
    pub(crate) number: u32,
    /// As the roster spelled the name when the turn was played.
    pub(crate) player: String,
    /// The player's seat: the name may change later (`rename`), the seat does not.
    #[serde(skip)]
    pub(crate) seat: usize,
    #[serde(flatten)]
    pub(crate) play: Play,
    /// The chips the turn took from the kitty.
    pub(crate) chips: u32,
    /// Why the game ended with this turn ("every square is covered"), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) game_over: Option<&'static str>,
}

impl Turn {
    /// The tiles the turn put on the board.
    pub(crate) fn tiles(&self) -> u32 {
        match &self.play {
            Play::Covered { coverings } => coverings.len() as u32,
            Play::Placed { tiles } => *tiles,
            Play::Exchanged { .. } | Play::Passed => 0,
        }
    }

    /// The words the turn completed, in order.
    pub(crate) fn completed(&self) -> impl Iterator<Item = &CompletedWord> {
        let coverings: &[CoveringRecord] = match &self.play {
            Play::Covered { coverings } => coverings,
            _ => &[],
        };
        coverings.iter().flat_map(|c| &c.completed)
    }
}
