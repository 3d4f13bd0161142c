//! [`RuleArgs`]: the word rules a table agrees on, as flags. Every command that judges
//! words takes them (`check`, `define`, `new` for a game that judges words, a game's
//! own shell commands), so they are declared once, here.

#[cfg(feature = "cli")]
use std::path::PathBuf;

use super::UnknownRuleSet;
#[cfg(feature = "cli")]
use super::{HouseList, Region, RuleSet, Rules, find_rule_sets};

/// Why the word flags do not describe rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// `--rules` names a rule set none of the games declares.
    #[error(transparent)]
    Unknown(#[from] UnknownRuleSet),
    /// A house list that cannot be read (its file, its line).
    #[error("{0}")]
    House(String),
}

// The word rules a table agrees on; shared by every command that judges words. (Plain
// comments on flattened and newtype argument structs: under `defer`, a doc comment here
// would replace the subcommand's own description.)
// The command line's flags are the front end's (a build without it has the struct
// alone). Public for umpire's front ends; `missing_docs` is allowed for the reason
// above.
#[cfg(feature = "cli")]
#[allow(missing_docs)]
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct RuleArgs {
    /// Rule set: which words count (default: the game's own; `umpire dict info` lists
    /// the rule sets); names sets joined by commas play together
    /// (names-places,names-history).
    #[cfg_attr(feature = "cli", arg(long = "rules", value_name = "SET"))]
    pub(crate) set: Option<String>,
    /// Highest SCOWL level a word may come from (10 common .. 95 obscure).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = crate::DEFAULT_LEVEL, value_parser = super::parse_level))]
    pub(crate) level: u8,
    /// Spelling region.
    #[cfg_attr(feature = "cli", arg(long, value_enum, default_value_t = Region::Any))]
    pub(crate) region: Region,
    /// Refuse words shorter than this (the sheets allow agreeing on 2 or 3).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=i64::from(super::MAX_MIN_LENGTH))))]
    pub(crate) min_length: u8,
    /// House list of words always allowed (one a line).
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE"))]
    pub(crate) allow: Option<PathBuf>,
    /// House list of words always barred (one a line).
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE"))]
    pub(crate) deny: Option<PathBuf>,
}

#[cfg(feature = "cli")]
impl RuleArgs {
    #[cfg(feature = "cli")]
    /// The rules these flags describe, reading any house lists; `default` is the rule
    /// set when `--rules` is not given, and `--rules` names one of `known`.
    pub fn to_rules(&self, default: RuleSet, known: &[RuleSet]) -> Result<Rules, RulesError> {
        let mut rules = match &self.set {
            Some(spec) => {
                let (set, also) = find_rule_sets(known, spec)?;
                Rules::union(set, also)
            }
            None => Rules::new(default),
        };
        rules.level = self.level;
        rules.region = self.region;
        rules.min_length = usize::from(self.min_length);
        if let Some(path) = &self.allow {
            rules.allow = HouseList::read(path).map_err(RulesError::House)?;
        }
        if let Some(path) = &self.deny {
            rules.deny = HouseList::read(path).map_err(RulesError::House)?;
        }
        Ok(rules)
    }
}
