//! Every flag and subcommand, in one place.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::lexicon::{HouseList, Region, RuleSet, Rules, parse_level};

/// Scorekeeper and referee for word and card games played at a real table.
///
/// Run with no subcommand to open the scorekeeper's prompt.
#[derive(Debug, Parser)]
#[command(name = "umpire", version, about, long_about = None)]
pub struct Cli {
    /// Use a word list built by `umpire dict build` instead of the embedded dictionary.
    #[arg(long, global = true, value_name = "FILE.fst")]
    pub dict: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge words under a game's rules; exit 0 if all are allowed, 1 if any is not.
    #[command(
        after_help = "Examples:\n  umpire check qi za dont\n  umpire check --rules word-taking cafe\n  umpire check --json london\n  umpire check --stdin --quiet < words.txt"
    )]
    Check(CheckArgs),
    /// The dictionary: what it holds, and building your own word list.
    #[command(subcommand)]
    Dict(DictCommand),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Words to judge (letters only; accents are folded away).
    #[arg(value_name = "WORD", required_unless_present = "stdin")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print a JSON array of {word, allowed, reason, code}.
    #[arg(long)]
    pub json: bool,
    /// Read one word a line from standard input (batch checking).
    #[arg(long, conflicts_with = "words")]
    pub stdin: bool,
    /// With --stdin: print only the number of words not allowed.
    #[arg(long, requires = "stdin")]
    pub quiet: bool,
}

/// The word rules a table agrees on; shared by every command that judges words.
#[derive(Debug, Clone, Args)]
pub struct RuleArgs {
    /// Rule set: which words count.
    #[arg(long = "rules", value_enum, default_value_t = RuleSet::TakeTwo)]
    pub set: RuleSet,
    /// Highest SCOWL level a word may come from (10 common .. 95 obscure).
    #[arg(long, default_value_t = crate::lexicon::DEFAULT_LEVEL, value_parser = parse_level)]
    pub level: u8,
    /// Spelling region.
    #[arg(long, value_enum, default_value_t = Region::Any)]
    pub region: Region,
    /// Refuse words shorter than this (the sheets allow agreeing on 2 or 3).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=15))]
    pub min_length: u8,
    /// House list of words always allowed (one a line).
    #[arg(long, value_name = "FILE")]
    pub allow: Option<PathBuf>,
    /// House list of words always barred (one a line).
    #[arg(long, value_name = "FILE")]
    pub deny: Option<PathBuf>,
}

impl RuleArgs {
    /// The rules these flags describe, reading any house lists.
    pub fn to_rules(&self) -> Result<Rules, String> {
        let mut rules = Rules::new(self.set);
        rules.level = self.level;
        rules.region = self.region;
        rules.min_length = usize::from(self.min_length);
        if let Some(path) = &self.allow {
            rules.allow = HouseList::read(path)?;
        }
        if let Some(path) = &self.deny {
            rules.deny = HouseList::read(path)?;
        }
        Ok(rules)
    }
}

#[derive(Debug, Subcommand)]
pub enum DictCommand {
    /// Counts by category and level, sources and licences.
    Info {
        /// Print the full licence notices of the embedded data.
        #[arg(long)]
        licences: bool,
    },
    /// Compile a plain word list (one word a line) for use with --dict.
    #[command(
        after_help = "Example:\n  umpire dict build house-words.txt -o house.fst\n  umpire --dict house.fst check zax"
    )]
    Build {
        /// The list: one word a line, `#` comments allowed.
        list: PathBuf,
        /// Where to write the compiled list.
        #[arg(short, long, value_name = "FILE.fst")]
        output: PathBuf,
    },
}
