//! The score pad: any game played in rounds, a column a player and a row a round, as paper
//! keeps it: points a player at a time or a round in seat order, the flags below, and
//! everything else the round-game layer's.

mod rules;

use serde::{Deserialize, Serialize};

use crate::contract::{
    Demo, Ends, Files, Flag, FlagKind, FlagValues, Kind, Refusal, Refuse, Setup,
};

pub(crate) struct ScorePad;

/// The most points one entry may give either way, and the longest `--title`.
pub(crate) const MAX_POINTS: i64 = 1_000_000;
const MAX_TITLE: usize = 40;

const FLAGS: &[Flag] = &[
    Ends::ROUNDS,
    Ends::TARGET,
    Flag {
        name: "lowest-wins",
        value: "",
        help: "The lowest total wins (the highest does otherwise)",
        kind: FlagKind::Switch,
    },
    Flag {
        name: "round-total",
        value: "N",
        help: "Every round comes to N (Hearts 26; 0 where points pass); `end anyway` closes one that misses it",
        kind: FlagKind::Number {
            min: -MAX_POINTS,
            max: MAX_POINTS,
            default: None,
        },
    },
    Flag {
        name: "title",
        value: "TEXT",
        help: "The game being played, shown in the banner, prompt, page and exports",
        kind: FlagKind::Text { max: MAX_TITLE },
    },
];

/// What the flags come to, stored in the session header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Options {
    /// `--rounds` and `--target`, as the layer keeps them.
    #[serde(flatten)]
    pub(crate) ends: Ends,
    #[serde(default)]
    pub(crate) lowest_wins: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) round_total: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<String>,
}

/// One round: each seat's points, once entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sheet(Vec<Option<i64>>);

/// What the scorekeeper records of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Scored {
    /// `points PLAYER N`, and `points N N ...`: the whole round in seat order.
    Points {
        player: String,
        points: i64,
    },
    Scores {
        points: Vec<i64>,
    },
}

/// What a score pad refuses, each naming what is wrong and what is accepted.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PadError {
    #[error("points takes PLAYER N, or the round in seat order: points ann 12, points 12 0 -5")]
    Usage,
    #[error("{0} is not points: a whole number within {MAX_POINTS} either way")]
    NotPoints(String),
    #[error("a whole round is {0} numbers, one a player in seat order ({1}), not {2}")]
    Seats(usize, String, usize),
    #[error(
        "{0} has {1} in round {2}: fix {2} points {0} N, or fix {2} points N N ... typed whole"
    )]
    Entered(String, i64, u32),
}

impl Refuse for PadError {
    fn kind(&self) -> Kind {
        match self {
            PadError::Usage | PadError::NotPoints(_) => Kind::BadInput,
            _ => Kind::Rule,
        }
    }
}

impl Setup for ScorePad {
    const NAME: &'static str = "scorepad";
    const TITLE: &'static str = "score pad";
    const SUMMARY: &'static str =
        "any game played in rounds: points by player or a whole round at once";
    const FLAGS: &'static [Flag] = FLAGS;
    type Options = Options;

    /// The flags' ranges are held by the command line, and a header's as it is read.
    fn setup(flags: &FlagValues, _: &Files, _: &[String]) -> Result<Options, Refusal> {
        Ok(Options {
            ends: Ends::of(flags),
            lowest_wins: flags.switch("lowest-wins"),
            round_total: flags.number("round-total"),
            title: flags.text("title").map(str::to_string),
        })
    }

    fn describe_options(o: &Options) -> String {
        let total = o.round_total.map(|n| format!("; rounds of {n}"));
        let wins = if o.lowest_wins { "lowest" } else { "highest" };
        let end = o.ends.describe();
        format!("{end}; {wins} total wins{}", total.unwrap_or_default())
    }

    fn title(o: &Options) -> Option<&str> {
        o.title.as_deref()
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat", "--rounds", "2", "--round-total", "26"],
            script: &[
                "points 13 13 0",
                "end",
                "points ann 0",
                "points ben 26",
                "points cat 0",
            ],
        }
    }
}
