//! Race, a game that lives entirely in this folder: first to the target wins, points are
//! scored turn by turn, no rounds, highest total wins. It is how ARCHITECTURE.md's
//! "Adding a game" reads in code: the four roles of the contract, each in the file that
//! does that job (this one the set-up; `engine.rs`, `prompt.rs`, `show.rs`), and one
//! line in a registry (`REGISTRY`). Nothing in `src/` knows it exists; the tests in
//! `outside_games.rs` play it through the session core, the prompt and the exports.

mod engine;
mod prompt;
mod show;

use serde::{Deserialize, Serialize};
use umpire::contract::{Demo, Files, Flag, FlagKind, FlagValues, Refusal, Setup};
use umpire::session::{Catalog, Registered};

/// First to the target wins; points are added turn by turn.
pub struct Race;

/// The registry a table that plays Race would have: its one line.
pub static REGISTRY: &[Registered] = &[Registered::of::<Race>()];

pub fn catalog() -> Catalog {
    Catalog::of(REGISTRY)
}

/// `new race`'s own flag: the score that ends the race.
const FLAGS: &[Flag] = &[Flag {
    name: "target",
    value: "N",
    help: "The score that ends the race",
    kind: FlagKind::Number {
        min: 1,
        max: 1000,
        default: Some(10),
    },
}];

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RaceOptions {
    pub target: i64,
}

#[derive(Debug, Clone, Default)]
pub struct RaceState {
    pub totals: Vec<i64>,
    /// Totals after each turn, for the chart.
    pub history: Vec<Vec<i64>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum RaceEvent {
    Scored { player: String, points: i64 },
}

/// Someone reached the target.
fn over(state: &RaceState, options: &RaceOptions) -> bool {
    state.totals.iter().any(|t| *t >= options.target)
}

impl Setup for Race {
    const NAME: &'static str = "race";
    const TITLE: &'static str = "Race";
    const SUMMARY: &'static str = "first to the target";
    /// A race judges words by the lexicon's own standard: its `check` keeps rulings.
    const RULE_SETS: &'static [umpire::lexicon::RuleSet] = &[umpire::lexicon::RuleSet::STANDARD];

    const FLAGS: &'static [Flag] = FLAGS;
    type Options = RaceOptions;

    fn setup(flags: &FlagValues, _: &Files, _: &[String]) -> Result<RaceOptions, Refusal> {
        Ok(RaceOptions {
            target: flags.number("target").unwrap_or(10),
        })
    }

    fn describe_options(o: &RaceOptions) -> String {
        format!("to {}", o.target)
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben"],
            script: &["plus ann 3"],
        }
    }
}

/// A race needs nothing only some games need.
impl umpire::contract::Extras<RaceEvent> for Race {}
