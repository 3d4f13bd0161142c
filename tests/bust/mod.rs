//! Bust, a round game that lives entirely in this folder, written to ARCHITECTURE.md's
//! "Adding a game" to the letter: each round every player scores some points, a round
//! over the bust line counts nothing, and after the last round the highest total wins.
//! Its rounds are the contract's [`Rounds`]; corrections, undo, the standings, the
//! exports, the chart and the page come from the core with no line of `src/` naming it.

mod engine;
mod prompt;
mod show;

use serde::{Deserialize, Serialize};
use umpire::contract::{Demo, Files, Flag, FlagKind, FlagValues, Refusal, Rounds, Setup};
use umpire::session::{Catalog, Entry};

pub struct Bust;

/// The registry a table that plays Bust would have: its one line.
pub static REGISTRY: &[Entry] = &[Entry::of::<Bust>()];

pub fn catalog() -> Catalog {
    Catalog(REGISTRY)
}

/// `new bust`'s own flag, as data: the command line checks its range.
const FLAGS: &[Flag] = &[Flag {
    name: "rounds",
    value: "K",
    help: "The rounds the match lasts",
    kind: FlagKind::Number {
        min: 1,
        max: 20,
        default: Some(3),
    },
}];

/// A round's score over this counts nothing.
pub const BUST: i64 = 21;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BustOptions {
    pub rounds: i64,
}

/// One round: what each seat scored.
#[derive(Debug, Clone, PartialEq)]
pub struct Round(pub Vec<Option<i64>>);

impl umpire::contract::Round for Round {
    type Scoring = ();

    fn new(seats: usize) -> Round {
        Round(vec![None; seats])
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }

    fn points(&self, seat: usize, _: &()) -> Option<i64> {
        let p = self.0.get(seat).copied().flatten()?;
        Some(if p > BUST { 0 } else { p })
    }
}

#[derive(Debug, Clone)]
pub struct BustState {
    pub rounds: Rounds<Round>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum BustEvent {
    Scored { player: String, points: i64 },
    RoundEnded { round: u32 },
}

/// The match has played its rounds.
fn over(state: &BustState, options: &BustOptions) -> bool {
    i64::from(state.rounds.closed_count()) >= options.rounds
}

impl Setup for Bust {
    const NAME: &'static str = "bust";
    const TITLE: &'static str = "Bust";
    const SUMMARY: &'static str = "score each round, but not over the line";
    const FLAGS: &'static [Flag] = FLAGS;
    type Options = BustOptions;

    fn setup(flags: &FlagValues, _: &Files, _: &[String]) -> Result<BustOptions, Refusal> {
        let rounds = flags.number("rounds").unwrap_or(3);
        Ok(BustOptions { rounds })
    }

    fn describe_options(o: &BustOptions) -> String {
        format!("{} rounds, bust over {BUST}", o.rounds)
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "--rounds", "2"],
            script: &["got ann 7", "got ben 30", "end 1"],
        }
    }
}
