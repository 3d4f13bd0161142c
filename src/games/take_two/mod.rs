//! Take Two (its rule sheet is the specification): a speed crossword tile game scored from
//! the tiles each player has left when someone finishes.
//!
//! Scoring, from the sheet: the player who used all their tiles scores 0; every other
//! player adds up the values of their unused tiles; a player found with an incorrect
//! word has 25 points added. The lowest running total leads. The sheet sets no match
//! length, so a session may end after a number of rounds (`--rounds`, extendable with
//! `rounds N`), when someone reaches a point limit (`--limit`), or when the table says
//! so (`finish`).
//!
//! The rounds themselves, closing them, `finish`, `rounds N`, the late joiners and the
//! standings are the contract's round-game layer (`RoundGame`); this folder is the
//! game's rules on it.
//!
//! - `verbs.rs`: what the scorekeeper types, turned into entries;
//! - `play.rs`: the game on the layer: its round, its end, each hook;
//! - `round.rs`: one round's entries and their limits;
//! - `score.rs`: standings, the table view, progress;
//! - `grid.rs` and `crossword.rs`: the end-of-round dispute, a whole grid ruled.

pub(crate) mod crossword;
mod error;
mod grid;
mod play;
mod round;
mod score;
#[cfg(feature = "cli")]
mod shell;
pub(crate) mod tiles;
mod verbs;

use serde::{Deserialize, Serialize};

use crate::contract::{Demo, Flag, FlagKind, FlagValues, Refusal, Setup};
use crate::games::take_two::tiles::TileSet;
use crate::lexicon::{Policy, RuleSet};
pub(crate) use error::TakeTwoError;
pub(crate) use round::Finish;

/// The sheet's word rules: standard words, plurals and absorbed foreign words; no word
/// that needs a hyphen or apostrophe, no abbreviation, prefix, suffix or proper name.
pub(crate) const RULE_SET: RuleSet = RuleSet {
    name: "take-two",
    summary: "standard words, plurals, absorbed foreign words; bars hyphen/apostrophe forms, abbreviations, prefixes, suffixes, proper names",
    policy: Policy::STANDARD,
};

/// The sheet's penalty for an incorrect word.
pub(crate) const PENALTY: i64 = 25;

/// The default tile set: the sheet's 117 letters and 3 blanks, with umpire's documented
/// counts and values (the sheet prints neither).
pub(crate) const DEFAULT_TILES: &str = include_str!("../../../dictionaries/tiles-take-two.json");

pub(crate) struct TakeTwo;

/// `new take-two`'s own flags: each range here is the only one (the command line's
/// and `check_options`'s).
const FLAGS: &[Flag] = &[
    Flag {
        name: "rounds",
        value: "K",
        help: "End the match after this many rounds (`rounds N` changes it later)",
        kind: FlagKind::Number {
            min: 1,
            max: MAX_ROUNDS,
            default: None,
        },
    },
    Flag {
        name: "limit",
        value: "P",
        help: "End the match when a player's total reaches this many points",
        kind: FlagKind::Number {
            min: 1,
            max: MAX_LIMIT,
            default: None,
        },
    },
    Flag {
        name: "tiles",
        value: "FILE",
        help: "A tile-set file (the format of dictionaries/tiles-take-two.json)",
        kind: FlagKind::File,
    },
    Flag {
        name: "penalty",
        value: "PENALTY",
        help: "How a grid with several words not allowed is penalised: +25 once (the sheet's \"a player found to have an incorrect word\"), or +25 for each word",
        kind: FlagKind::Choice {
            choices: &["per-grid", "per-word"],
            default: "per-grid",
        },
    },
];

/// The longest match `--rounds` (and `rounds N`) may set.
pub(crate) const MAX_ROUNDS: i64 = crate::contract::MAX_ROUNDS as i64;

/// The most points `points PLAYER N` may give one round (the default set's tiles come
/// to 188 all together).
pub(crate) const MAX_COUNTED: u32 = 10_000;

/// The highest point limit `--limit` may set.
pub(crate) const MAX_LIMIT: i64 = 1_000_000;

/// How many penalties a grid (or a `penalty` naming several words) comes to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum PenaltyRule {
    /// +25 for a player found with incorrect words, however many (the sheet's reading).
    #[default]
    PerGrid,
    /// +25 for each word not allowed.
    PerWord,
}

impl PenaltyRule {
    /// The rule a `--penalty` choice names.
    fn from_choice(choice: &str) -> PenaltyRule {
        match choice {
            "per-word" => PenaltyRule::PerWord,
            _ => PenaltyRule::PerGrid,
        }
    }
}

fn is_per_grid(rule: &PenaltyRule) -> bool {
    *rule == PenaltyRule::PerGrid
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Options {
    pub(crate) tiles: TileSet,
    /// Where the tile set came from: "default" or the file given.
    pub(crate) tiles_from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rounds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) limit: Option<u32>,
    /// Logs written before the option hold none: the sheet's +25 a grid.
    #[serde(default, skip_serializing_if = "is_per_grid")]
    pub(crate) penalty: PenaltyRule,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub(crate) enum Event {
    /// The player used all their tiles.
    Out { player: String },
    /// The player's unused tiles, as letters and `?`.
    Left { player: String, tiles: String },
    /// The player's points for the round as the table counted them aloud, not worked
    /// out from tiles.
    Points { player: String, points: u32 },
    /// +25 for an incorrect word.
    Penalty {
        player: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        why: String,
        /// The words that failed, when a grid ruling found them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        words: Vec<String>,
    },
    /// A penalty taken back: the player's last one in the round.
    Pardoned {
        player: String,
        /// The reason of the penalty taken back, as it was given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<String>,
        /// The words that penalty was for, ruled allowed after all (pardons logged
        /// before they were kept hold none, and rule on no word).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        words: Vec<String>,
    },
    /// The tiles a player holds this round.
    Hand { player: String, tiles: String },
}

impl Setup for TakeTwo {
    const NAME: &'static str = "take-two";
    const TITLE: &'static str = "Take Two";
    const SUMMARY: &'static str =
        "the speed crossword tile game; unused tiles score their values, lowest total wins";
    const RULE_SETS: &'static [RuleSet] = &[RULE_SET];
    const FLAGS: &'static [Flag] = FLAGS;
    type Options = Options;

    fn setup(
        flags: &FlagValues,
        files: &crate::contract::Files,
        players: &[String],
    ) -> Result<Options, Refusal> {
        if players.len() < 2 {
            return Err(TakeTwoError::TooFewPlayers.into());
        }
        let (tiles, tiles_from) = match flags.file("tiles") {
            Some(path) => {
                let text = files.get(path)?;
                (
                    TileSet::from_json(text).map_err(|e| TakeTwoError::TileFile {
                        path: path.display().to_string(),
                        detail: e.to_string(),
                    })?,
                    path.display().to_string(),
                )
            }
            None => (TileSet::from_json(DEFAULT_TILES)?, "default".to_string()),
        };
        let options = Options {
            tiles,
            tiles_from,
            rounds: flags.number("rounds").and_then(|n| u32::try_from(n).ok()),
            limit: flags.number("limit").and_then(|n| u32::try_from(n).ok()),
            penalty: PenaltyRule::from_choice(flags.choice("penalty").unwrap_or_default()),
        };
        Self::check_options(&options, players.len())?;
        Ok(options)
    }

    fn check_options(options: &Options, _players: usize) -> Result<(), Refusal> {
        options.tiles.check()?;
        if options
            .rounds
            .is_some_and(|k| !(1..=MAX_ROUNDS).contains(&i64::from(k)))
        {
            return Err(TakeTwoError::RoundsOption.into());
        }
        if options
            .limit
            .is_some_and(|p| !(1..=MAX_LIMIT).contains(&i64::from(p)))
        {
            return Err(TakeTwoError::LimitOption.into());
        }
        Ok(())
    }

    fn describe_options(o: &Options) -> String {
        let end = <TakeTwo as crate::contract::RoundGame>::ends(o).describe();
        let penalty = match o.penalty {
            PenaltyRule::PerGrid => "",
            PenaltyRule::PerWord => "; +25 for each word not allowed",
        };
        format!(
            "{end}; {} tiles ({}){penalty}",
            crate::text::printable_text(&o.tiles_from),
            o.tiles.size()
        )
    }

    #[cfg(feature = "cli")]
    fn one_shots() -> &'static [crate::contract::OneShot] {
        shell::ONE_SHOTS
    }

    fn demo() -> Demo {
        Demo {
            new: &["ann", "ben", "cat", "--rounds", "2"],
            script: &[
                "out ann",
                "left ben QZ",
                "penalty ben played XRAY",
                "left cat EA?",
                "end",
                "left ann K",
                "out ben",
                "left cat W",
                "end",
            ],
        }
    }
}

#[cfg(feature = "bench")]
pub(crate) mod bench;
#[cfg(all(test, feature = "cli"))]
mod fuzz;
#[cfg(test)]
mod tests;
