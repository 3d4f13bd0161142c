//! What each game's rule sheet allows, as options the judge reads.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::fold::{FoldError, fold_into};

/// The rule sets the game sheets name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// Take Two: standard words, plurals and absorbed foreign words; no words needing a
    /// hyphen or apostrophe, no abbreviations, prefixes, suffixes or proper names.
    TakeTwo,
    /// Word Making & Word Taking: standard words only; no proper or geographical names,
    /// no foreign words (known only in a foreign spelling).
    WordTaking,
    /// The sheet's rule 7 variant: geographical names only.
    NamesPlaces,
    /// The sheet's rule 7 variant: historical persons only.
    NamesHistory,
    /// The sheet's rule 7 variant: names of authors only.
    NamesAuthors,
}

impl RuleSet {
    pub const ALL: [RuleSet; 5] = [
        RuleSet::TakeTwo,
        RuleSet::WordTaking,
        RuleSet::NamesPlaces,
        RuleSet::NamesHistory,
        RuleSet::NamesAuthors,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::TakeTwo => "take-two",
            RuleSet::WordTaking => "word-taking",
            RuleSet::NamesPlaces => "names-places",
            RuleSet::NamesHistory => "names-history",
            RuleSet::NamesAuthors => "names-authors",
        }
    }

    /// One line for `help` and the README: what the set bars.
    pub fn summary(self) -> &'static str {
        match self {
            RuleSet::TakeTwo => {
                "standard words, plurals, absorbed foreign words; bars hyphen/apostrophe forms, abbreviations, prefixes, suffixes, proper names"
            }
            RuleSet::WordTaking => {
                "standard words; bars proper and geographical names and foreign spellings"
            }
            RuleSet::NamesPlaces => "geographical names only (WordNet places)",
            RuleSet::NamesHistory => "historical persons only (WordNet people)",
            RuleSet::NamesAuthors => "authors only (WordNet writers, poets, dramatists...)",
        }
    }

    /// For the names variants, the class of name they accept.
    pub fn name_class(self) -> Option<NameClass> {
        match self {
            RuleSet::NamesPlaces => Some(NameClass::Place),
            RuleSet::NamesHistory => Some(NameClass::Person),
            RuleSet::NamesAuthors => Some(NameClass::Author),
            RuleSet::TakeTwo | RuleSet::WordTaking => None,
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds of names WordNet marks as instances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameClass {
    Place,
    Person,
    Author,
}

impl NameClass {
    pub fn describe(self) -> &'static str {
        match self {
            NameClass::Place => "geographical name",
            NameClass::Person => "historical person",
            NameClass::Author => "author",
        }
    }
}

/// SCOWL spelling regions a table can restrict itself to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Region {
    /// Any English spelling, variants included.
    #[default]
    Any,
    Us,
    Gb,
    Ca,
    Au,
}

impl Region {
    pub const ALL: [Region; 5] = [Region::Any, Region::Us, Region::Gb, Region::Ca, Region::Au];

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Region::Any => "any",
            Region::Us => "us",
            Region::Gb => "gb",
            Region::Ca => "ca",
            Region::Au => "au",
        }
    }

    /// "American", "British"... for reasons such as "British spelling".
    pub fn adjective(self) -> &'static str {
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
    pub words: BTreeSet<String>,
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

    pub fn contains(&self, key: &str) -> bool {
        self.words.contains(key)
    }
}

/// SCOWL's levels: 10..35 small, 40..50 medium, 55..70 large ("words in most
/// dictionaries"), 80 huge ("the strange and unusual words people like to use in word
/// games"), 95 insane. The default is 80 (kept in `words.rs`, which `build.rs` shares).
pub use super::words::DEFAULT_LEVEL;
pub const MIN_LEVEL: u8 = 10;
pub const MAX_LEVEL: u8 = 95;

/// Everything the judge needs to know about a table's agreement on words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub set: RuleSet,
    /// The highest SCOWL level a word may come from.
    pub level: u8,
    pub region: Region,
    /// Words shorter than this are refused (the sheet's "no word of less than two or
    /// three letters" agreement); 1 means no limit.
    pub min_length: usize,
    #[serde(default, skip_serializing_if = "is_empty")]
    pub allow: HouseList,
    #[serde(default, skip_serializing_if = "is_empty")]
    pub deny: HouseList,
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

/// Parses a `--level` value, naming the accepted range on error.
pub fn parse_level(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if (MIN_LEVEL..=MAX_LEVEL).contains(&n) => Ok(n),
        _ => Err(format!(
            "level must be a number from {MIN_LEVEL} to {MAX_LEVEL} (SCOWL size; default {DEFAULT_LEVEL})"
        )),
    }
}
