//! Hearts, written outside the crate against its public API: the proof that a game on
//! the round-game layer is its rules. A point a heart, 13 for the queen of spades (a hand
//! comes to 26), a moon is 26 to everyone else; lowest wins once someone reaches 100.

mod rules;

use serde::{Deserialize, Serialize};
use umpire::contract::{Demo, Files, FlagValues, Kind, Refusal, Refuse, Setup};
use umpire::session::{Catalog, Registered};

pub struct Hearts;

/// The registry a table that plays Hearts would have: its one line.
pub static REGISTRY: Catalog = Catalog::of(&[Registered::of::<Hearts>()]);

/// The hearts in a deck; the queen of spades counts as many.
pub const HEARTS: u32 = 13;

/// One hand: the hearts each seat took, who took the queen, who shot the moon.
#[derive(Debug, Clone, PartialEq)]
pub struct Hand {
    pub hearts: Vec<Option<u32>>,
    pub queen: Option<usize>,
    pub moon: Option<usize>,
}

/// What the scorekeeper records of a hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Took {
    /// `hearts PLAYER N`.
    Hearts { player: String, hearts: u32 },
    /// `queen PLAYER`: the queen of spades.
    Queen { player: String },
    /// `moon PLAYER`: every heart and the queen.
    Moon { player: String },
}

/// Why Hearts refuses a line: each names what is wrong and what is accepted.
#[derive(Debug, thiserror::Error)]
pub enum HeartsError {
    #[error("{verb} takes {usage}, e.g. {verb} ann{n}", n = if *verb == "hearts" { " 4" } else { "" })]
    Usage {
        verb: &'static str,
        usage: &'static str,
    },
    #[error("{what} this hand is entered already: to change it, fix {hand} {verb} PLAYER ...")]
    Twice {
        what: String,
        hand: u32,
        verb: &'static str,
    },
    #[error("{0} hearts are taken this hand already: {1} more would pass the 13 there are")]
    TooMany(u32, u32),
    #[error("a moon is every heart and the queen to one player: {0}")]
    Moon(&'static str),
    #[error(
        "hand {0} comes to {1} hearts and {2}, not 13 and the queen: fix the entry typed wrong"
    )]
    NotWhole(u32, u32, &'static str),
}

impl Refuse for HeartsError {
    fn kind(&self) -> Kind {
        match self {
            HeartsError::Usage { .. } => Kind::BadInput,
            _ => Kind::Rule,
        }
    }
}

impl Setup for Hearts {
    const NAME: &'static str = "hearts";
    const TITLE: &'static str = "Hearts";
    const SUMMARY: &'static str =
        "the trick game: a point a heart, 13 for the queen of spades, lowest wins at 100";
    /// The table plays to 100 (`target N` changes it).
    type Options = ();

    fn setup(_: &FlagValues, _: &Files, _: &[String]) -> Result<(), Refusal> {
        Ok(())
    }

    fn describe_options(_: &()) -> String {
        "to 100 points, lowest wins".to_string()
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat", "dan"],
            script: &[
                "hearts ann 4",
                "hearts ben 0",
                "hearts cat 9",
                "hearts dan 0",
                "queen ben",
                "end",
                "moon cat",
                "end",
            ],
        }
    }
}

/// Hearts needs nothing only some games need.
impl umpire::contract::Extras<Took> for Hearts {}
