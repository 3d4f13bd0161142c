//! What a table's word rules allow, as options the judge reads: a [`Policy`] (which
//! senses of a word count) under a rule set's name, a SCOWL level, a region, a minimum
//! length and house lists.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::fold::{FoldError, fold_into};

/// Which senses of a word count under a table's word rules: the lexicon's side of a
/// rule sheet. Every policy bars words that need a hyphen or an apostrophe,
/// abbreviations, prefixes and suffixes with no sense of their own, and proper names; a
/// policy may also bar foreign words, or count names of one class and nothing else (a
/// names variant). The lexicon knows policies, never games: a game names its policies
/// ([`RuleSet`]) and picks one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Words of foreign languages do not count: a word only SCOWL's large levels list,
    /// that no English dictionary defines and a foreign language's list holds
    /// (`no-foreign.tsv`), or that players reported (`foreign-reported.tsv`). An
    /// absorbed word is English whatever its accent (CAFE from café).
    pub(crate) bars_foreign: bool,
    /// Only names of this class count, and nothing else.
    pub(crate) only_names: Option<NameClass>,
}

impl Policy {
    /// Standard words, plurals and absorbed foreign words.
    pub const STANDARD: Policy = Policy {
        bars_foreign: false,
        only_names: None,
    };
    /// Standard words, and no word of a foreign language (OUI, JAWOHL, GRACIAS).
    pub(crate) const NO_FOREIGN: Policy = Policy {
        bars_foreign: true,
        only_names: None,
    };

    /// Names of one class only.
    pub(crate) const fn names(class: NameClass) -> Policy {
        Policy {
            bars_foreign: false,
            only_names: Some(class),
        }
    }
}

/// A policy under the name a rule sheet gives it, as typed after `--rules` and stored in
/// a log's header. Games declare their rule sets; the lexicon only reads the policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSet {
    /// What `--rules` takes and a log's header stores (a game names its sets).
    pub name: &'static str,
    /// One line for `help` and the guide: what the set allows and bars.
    pub summary: &'static str,
    /// Which senses of a word count under the set.
    pub policy: Policy,
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl RuleSet {
    /// The lexicon's own rule set, named for its policy: what a session of a game that
    /// judges no words uses for `check`, when no game offers rules of its own.
    pub const STANDARD: RuleSet = RuleSet {
        name: "standard",
        summary: "standard words, plurals, absorbed foreign words; bars hyphen/apostrophe forms, abbreviations, prefixes, suffixes, proper names",
        policy: Policy::STANDARD,
    };
}

/// A `--rules` name, or a log's, that no rule set has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {name}: use {known}")]
pub struct UnknownRuleSet {
    pub(crate) name: String,
    pub(crate) known: String,
}

/// The rule set called `name`, among `known`.
pub(crate) fn find_rule_set(known: &[RuleSet], name: &str) -> Result<RuleSet, UnknownRuleSet> {
    known
        .iter()
        .find(|s| s.name == name)
        .copied()
        .ok_or_else(|| UnknownRuleSet {
            name: crate::text::printable(name),
            known: crate::text::or_list(&known.iter().map(|s| s.name).collect::<Vec<_>>()),
        })
}

/// The kinds of names WordNet marks as instances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameClass {
    Place,
    Person,
    Author,
}

impl NameClass {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            NameClass::Place => "geographical name",
            NameClass::Person => "historical person",
            NameClass::Author => "author",
        }
    }
}

/// SCOWL spelling regions a table can restrict itself to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Region {
    /// Any English spelling, variants included.
    #[default]
    Any,
    /// American spelling (color, center).
    Us,
    /// British spelling (colour, centre).
    Gb,
    /// Canadian spelling (colour, centre, realize).
    Ca,
    /// Australian spelling (colour, centre, realise).
    Au,
}

impl Region {
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Region::Any => "any",
            Region::Us => "us",
            Region::Gb => "gb",
            Region::Ca => "ca",
            Region::Au => "au",
        }
    }

    /// "American", "British"... for reasons such as "British spelling".
    pub(crate) fn adjective(self) -> &'static str {
        match self {
            Region::Any => "any",
            Region::Us => "American",
            Region::Gb => "British",
            Region::Ca => "Canadian",
            Region::Au => "Australian",
        }
    }
}

/// Words a table has agreed to allow or bar whatever the dictionary says.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseList {
    /// Folded keys.
    pub(crate) words: BTreeSet<String>,
}

impl HouseList {
    /// Reads one word a line (`#` comments and blank lines skipped).
    pub fn read(path: &Path) -> Result<HouseList, String> {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read house list {}: {e}", path.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        Self::parse(&text).map_err(|(line, e)| format!("{} line {line}: {e}", path.display()))
    }

    /// Parses one word a line; the error carries the 1-based line number.
    pub fn parse(text: &str) -> Result<HouseList, (usize, FoldError)> {
        let mut words = BTreeSet::new();
        let mut key = String::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            fold_into(line, &mut key).map_err(|e| (n + 1, e))?;
            words.insert(key.clone());
        }
        Ok(HouseList { words })
    }

    pub(crate) fn contains(&self, key: &str) -> bool {
        self.words.contains(key)
    }
}

/// SCOWL's levels: 10..35 small, 40..50 medium, 55..70 large ("words in most
/// dictionaries"), 80 huge ("the strange and unusual words people like to use in word
/// games"), 95 insane. The default is 80 (kept in `words.rs`, which `build.rs` shares).
pub(crate) use super::words::DEFAULT_LEVEL;
pub(crate) const MIN_LEVEL: u8 = 10;
pub(crate) const MAX_LEVEL: u8 = 95;

/// The longest `--min-length` a table may agree on: the sheets speak of two or three
/// letters, and no rack spells a word of sixteen. (1, its least, is no limit.)
pub(crate) const MAX_MIN_LENGTH: u8 = 15;

/// Everything the judge needs to know about a table's agreement on words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub(crate) set: RuleSet,
    /// The highest SCOWL level a word may come from.
    pub level: u8,
    /// Whose spellings count: a word spelt only another region's way is refused.
    pub region: Region,
    /// Words shorter than this are refused (the sheet's "no word of less than two or
    /// three letters" agreement); 1 means no limit.
    pub min_length: usize,
    /// Words the table allows whatever the dictionary says (`--allow FILE`).
    pub allow: HouseList,
    /// Words the table bars whatever the dictionary says (`--deny FILE`); a word on
    /// both lists is barred.
    pub deny: HouseList,
}

/// [`Rules`] as a log's header holds them: the rule set by its name, which is resolved
/// against the rule sets the games declare when the log is opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredRules {
    pub(crate) set: String,
    pub(crate) level: u8,
    pub(crate) region: Region,
    pub(crate) min_length: usize,
    #[serde(default, skip_serializing_if = "is_empty")]
    pub(crate) allow: HouseList,
    #[serde(default, skip_serializing_if = "is_empty")]
    pub(crate) deny: HouseList,
}

impl StoredRules {
    /// The rules, their set found among `known`.
    pub(crate) fn resolve(self, known: &[RuleSet]) -> Result<Rules, UnknownRuleSet> {
        Ok(Rules {
            set: find_rule_set(known, &self.set)?,
            level: self.level,
            region: self.region,
            min_length: self.min_length,
            allow: self.allow,
            deny: self.deny,
        })
    }
}

fn is_empty(h: &HouseList) -> bool {
    h.words.is_empty()
}

impl Rules {
    /// The set's defaults: level 80, any region, no length limit, no house lists.
    pub fn new(set: RuleSet) -> Rules {
        Rules {
            set,
            level: DEFAULT_LEVEL,
            region: Region::Any,
            min_length: 1,
            allow: HouseList::default(),
            deny: HouseList::default(),
        }
    }

    /// The table's own ruling on a word from here on: allowed (or barred) whatever the
    /// dictionary says, taking it off the other house list.
    pub(crate) fn house_rule(&mut self, word: &str, allowed: bool) -> Result<(), FoldError> {
        let mut key = String::new();
        fold_into(word, &mut key)?;
        let (on, off) = if allowed {
            (&mut self.allow, &mut self.deny)
        } else {
            (&mut self.deny, &mut self.allow)
        };
        off.words.remove(&key);
        on.words.insert(key);
        Ok(())
    }

    /// As a log's header holds them.
    pub(crate) fn stored(&self) -> StoredRules {
        StoredRules {
            set: self.set.name.to_string(),
            level: self.level,
            region: self.region,
            min_length: self.min_length,
            allow: self.allow.clone(),
            deny: self.deny.clone(),
        }
    }

    /// The policy the judge reads.
    pub(crate) fn policy(&self) -> Policy {
        self.set.policy
    }

    /// One line naming the options in force, for rulings and `help`.
    pub fn describe(&self) -> String {
        let mut s = format!("{} (level {}", self.set, self.level);
        if self.region != Region::Any {
            s.push_str(&format!(", region {}", self.region.name()));
        }
        if self.min_length > 1 {
            s.push_str(&format!(", min length {}", self.min_length));
        }
        if !self.allow.words.is_empty() {
            s.push_str(&format!(", {} house-allowed", self.allow.words.len()));
        }
        if !self.deny.words.is_empty() {
            s.push_str(&format!(", {} house-barred", self.deny.words.len()));
        }
        s.push(')');
        s
    }
}

#[cfg(feature = "cli")]
/// Parses a `--level` value, naming the accepted range on error.
pub(crate) fn parse_level(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if (MIN_LEVEL..=MAX_LEVEL).contains(&n) => Ok(n),
        _ => Err(format!(
            "level must be a number from {MIN_LEVEL} to {MAX_LEVEL} (SCOWL size; default {DEFAULT_LEVEL})"
        )),
    }
}
