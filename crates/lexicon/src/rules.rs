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
/// policy may also bar foreign words, or count names of some classes and nothing else
/// (a names variant). The lexicon knows policies, never games: a game names its
/// policies ([`RuleSet`]) and picks one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Words of foreign languages do not count: a word only SCOWL's large levels list,
    /// that no English dictionary defines and a foreign language's list holds
    /// (`no-foreign.tsv`), or that players reported (`foreign-reported.tsv`). An
    /// absorbed word is English whatever its accent (CAFE from café).
    pub(crate) bars_foreign: bool,
    /// Only names of these classes count, and nothing else.
    pub(crate) only_names: Option<NameClasses>,
}

impl Policy {
    /// The classes of names a names policy plays, or `None` for a policy of words.
    /// Read only: a policy is one of the consts here or made by [`Policy::names_of`].
    pub fn only_names(&self) -> Option<NameClasses> {
        self.only_names
    }

    /// Standard words, plurals and absorbed foreign words.
    pub const STANDARD: Policy = Policy {
        bars_foreign: false,
        only_names: None,
    };
    /// Standard words, and no word of a foreign language (OUI, JAWOHL, GRACIAS).
    pub const NO_FOREIGN: Policy = Policy {
        bars_foreign: true,
        only_names: None,
    };

    /// Names of one class only.
    pub const fn names(class: NameClass) -> Policy {
        Policy::names_of(NameClasses::of(class))
    }

    /// Names of any of these classes, and nothing else (rule 7's "Geographical and
    /// Historical names": places and persons in one game).
    pub const fn names_of(classes: NameClasses) -> Policy {
        Policy {
            bars_foreign: false,
            only_names: Some(classes),
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

/// A `--rules` value, or a log's, that names no rule set the games declare, or rule
/// sets that do not combine (only names sets play together).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what}")]
pub struct UnknownRuleSet {
    pub(crate) what: String,
}

/// The longest part of a `--rules` value an error quotes: every rule set's name fits
/// many times over, and a line from a damaged log stays one line.
const QUOTED: usize = 120;

/// `name` quoted whole (escaped, so a control character cannot reach the terminal), up
/// to [`QUOTED`] characters.
fn quoted(name: &str) -> String {
    if name.chars().count() <= QUOTED {
        format!("{name:?}")
    } else {
        let head: String = name.chars().take(QUOTED).collect();
        format!("{head:?}...")
    }
}

/// The rule set called `name`, among `known`.
pub fn find_rule_set(known: &[RuleSet], name: &str) -> Result<RuleSet, UnknownRuleSet> {
    known
        .iter()
        .find(|s| s.name == name)
        .copied()
        .ok_or_else(|| {
            let names: Vec<&str> = known.iter().map(|s| s.name).collect();
            let near = crate::text::did_you_mean(name, names.iter().copied())
                .map(|n| format!(" (did you mean {n}?)"))
                .unwrap_or_default();
            UnknownRuleSet {
                what: format!(
                    "unknown rule set {}{near}: use {}",
                    quoted(name),
                    crate::text::or_list(&names)
                ),
            }
        })
}

/// The rule sets a `--rules` value names: one name, or names sets joined by commas
/// (`names-places,names-history`), which a table plays as their union (rule 7: "for
/// Geographical and Historical names only"). Each name is checked whole; a set repeated
/// counts once.
pub(crate) fn find_rule_sets(
    known: &[RuleSet],
    spec: &str,
) -> Result<(RuleSet, Vec<RuleSet>), UnknownRuleSet> {
    let mut sets: Vec<RuleSet> = Vec::new();
    for part in spec.split(',') {
        let part = part.trim();
        if part.is_empty() {
            return Err(UnknownRuleSet {
                what: format!(
                    "no rule set named between the commas of {}: join names sets with commas, as names-places,names-history",
                    quoted(spec)
                ),
            });
        }
        let set = find_rule_set(known, part)?;
        if !sets.contains(&set) {
            sets.push(set);
        }
    }
    let Some((&first, rest)) = sets.split_first() else {
        return Err(UnknownRuleSet {
            what: format!("no rule set named in {}", quoted(spec)),
        });
    };
    if !rest.is_empty()
        && let Some(alone) = sets.iter().find(|s| s.policy.only_names.is_none())
    {
        let names: Vec<&str> = known
            .iter()
            .filter(|s| s.policy.only_names.is_some())
            .map(|s| s.name)
            .collect();
        return Err(UnknownRuleSet {
            what: format!(
                "rule set {} plays alone: only names sets combine ({})",
                quoted(alone.name),
                crate::text::or_list(&names)
            ),
        });
    }
    Ok((first, rest.to_vec()))
}

/// The kinds of names WordNet marks as instances.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameClass {
    /// A place: a town, a river, a country (WordNet's locations, the gazetteer).
    Place,
    /// A person of history.
    Person,
    /// An author.
    Author,
}

impl NameClass {
    /// Every class, in the order a reason names them: places first (rule 7's
    /// "Geographical and Historical names"), then persons, then authors.
    pub(crate) const ALL: [NameClass; 3] = [NameClass::Place, NameClass::Person, NameClass::Author];

    pub(crate) fn describe(self) -> &'static str {
        match self {
            NameClass::Place => "geographical name",
            NameClass::Person => "historical person",
            NameClass::Author => "author",
        }
    }

    /// The class's bit among [`NameClasses`] (the summary's WordNet bits).
    const fn bit(self) -> u8 {
        match self {
            NameClass::Place => super::format::WN_LOCATION,
            NameClass::Person => super::format::WN_PERSON,
            NameClass::Author => super::format::WN_AUTHOR,
        }
    }
}

/// The classes of names a names policy plays: one, or several together (places and
/// persons, rule 7's first variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameClasses(u8);

impl NameClasses {
    /// One class.
    pub const fn of(class: NameClass) -> NameClasses {
        NameClasses(class.bit())
    }

    /// These classes and `other`'s.
    pub const fn and(self, other: NameClasses) -> NameClasses {
        NameClasses(self.0 | other.0)
    }

    /// The summary's WordNet bits of the classes (WN_LOCATION, WN_PERSON, WN_AUTHOR).
    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    pub(crate) fn contains(self, class: NameClass) -> bool {
        self.0 & class.bit() != 0
    }

    /// The classes, in [`NameClass::ALL`]'s order.
    pub(crate) fn iter(self) -> impl Iterator<Item = NameClass> {
        NameClass::ALL
            .into_iter()
            .filter(move |c| self.contains(*c))
    }

    /// "geographical name", "geographical name or historical person".
    pub(crate) fn describe(self) -> String {
        let names: Vec<&str> = self.iter().map(NameClass::describe).collect();
        crate::text::or_list(&names)
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
/// The lowest level a table may agree on.
pub const MIN_LEVEL: u8 = 10;
/// The highest level a table may agree on (the dictionary holds nothing above it).
pub const MAX_LEVEL: u8 = 95;

/// The longest `--min-length` a table may agree on: the sheets speak of two or three
/// letters, and no rack spells a word of sixteen. (1, its least, is no limit.)
pub const MAX_MIN_LENGTH: u8 = 15;

/// Everything the judge needs to know about a table's agreement on words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// The rule set the table plays (the first, when it plays several names sets).
    pub(crate) set: RuleSet,
    /// Further names sets the table plays with the first, as one game of their names
    /// together (`--rules names-places,names-history`); usually none.
    pub(crate) also: Vec<RuleSet>,
    /// The policy of the set, or the union of the names sets' classes.
    policy: Policy,
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
    /// Under a names policy, the highest SCOWL level of a name's dictionary spelling
    /// that counts (the summary's name level): what a hint
    /// and `missed` offer in a names game, names a table knows rather than the
    /// gazetteer's tail. `None` (the judge's own rules) counts every name the
    /// dictionary knows: a name laid on the table is judged whatever its fame.
    pub name_level: Option<u8>,
}

/// [`Rules`] as a log's header holds them: the rule set by its name (names sets played
/// together by their names joined with commas), resolved against the rule sets the
/// games declare when the log is opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRules {
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
    /// The rules, their sets found among `known`.
    pub fn resolve(self, known: &[RuleSet]) -> Result<Rules, UnknownRuleSet> {
        let (set, also) = find_rule_sets(known, &self.set)?;
        let mut rules = Rules::union(set, also);
        rules.level = self.level;
        rules.region = self.region;
        rules.min_length = self.min_length;
        rules.allow = self.allow;
        rules.deny = self.deny;
        Ok(rules)
    }
}

fn is_empty(h: &HouseList) -> bool {
    h.words.is_empty()
}

impl Rules {
    /// The set's defaults: level 80, any region, no length limit, no house lists.
    pub fn new(set: RuleSet) -> Rules {
        Rules::union(set, Vec::new())
    }

    /// `set` with the names sets `also` played together: their names count, each
    /// under its own class. Sets that are not names sets keep `set`'s policy alone
    /// ([`find_rule_sets`] refuses to combine them).
    pub(crate) fn union(set: RuleSet, also: Vec<RuleSet>) -> Rules {
        let policy = match set.policy.only_names {
            Some(first) if !also.is_empty() => Policy::names_of(
                also.iter()
                    .filter_map(|s| s.policy.only_names)
                    .fold(first, NameClasses::and),
            ),
            _ => set.policy,
        };
        Rules {
            set,
            also,
            policy,
            level: DEFAULT_LEVEL,
            region: Region::Any,
            min_length: 1,
            allow: HouseList::default(),
            deny: HouseList::default(),
            name_level: None,
        }
    }

    /// The table's own ruling on a word from here on: allowed (or barred) whatever the
    /// dictionary says, taking it off the other house list.
    pub fn house_rule(&mut self, word: &str, allowed: bool) -> Result<(), FoldError> {
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

    /// The rule sets' names as `--rules` takes them and a header stores them:
    /// `names-places,names-history` for two names sets played together.
    pub(crate) fn set_names(&self) -> String {
        std::iter::once(self.set.name)
            .chain(self.also.iter().map(|s| s.name))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// As a log's header holds them.
    pub fn stored(&self) -> StoredRules {
        StoredRules {
            set: self.set_names(),
            level: self.level,
            region: self.region,
            min_length: self.min_length,
            allow: self.allow.clone(),
            deny: self.deny.clone(),
        }
    }

    /// The policy the judge reads.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// One line naming the options in force, for rulings and `help`.
    pub fn describe(&self) -> String {
        let mut s = format!("{} (level {}", self.set_names(), self.level);
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
pub fn parse_level(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if (MIN_LEVEL..=MAX_LEVEL).contains(&n) => Ok(n),
        _ => Err(format!(
            "level must be a number from {MIN_LEVEL} to {MAX_LEVEL} (SCOWL size; default {DEFAULT_LEVEL})"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORDS: RuleSet = RuleSet {
        name: "words",
        summary: "standard words",
        policy: Policy::STANDARD,
    };
    const PLACES: RuleSet = RuleSet {
        name: "places",
        summary: "places",
        policy: Policy::names(NameClass::Place),
    };
    const PERSONS: RuleSet = RuleSet {
        name: "persons",
        summary: "persons",
        policy: Policy::names(NameClass::Person),
    };
    const KNOWN: [RuleSet; 3] = [WORDS, PLACES, PERSONS];

    /// Names sets joined by commas play the union of their classes, stored as typed
    /// (a set repeated once) and read back the same.
    #[test]
    fn names_sets_joined_by_commas_play_their_union() {
        let (set, also) = find_rule_sets(&KNOWN, "places, persons,places").expect("known sets");
        let rules = Rules::union(set, also);
        let classes = rules.policy().only_names.expect("a names policy");
        assert!(classes.contains(NameClass::Place));
        assert!(classes.contains(NameClass::Person));
        assert!(!classes.contains(NameClass::Author));
        assert_eq!(classes.describe(), "geographical name or historical person");
        assert_eq!(rules.stored().set, "places,persons");
        assert_eq!(rules.describe(), "places,persons (level 80)");
        let back = rules
            .stored()
            .resolve(&KNOWN)
            .expect("the header reads back");
        assert_eq!(back, rules);
        // One set alone plays its own policy, as an old header's single name does.
        let one = StoredRules {
            set: "places".into(),
            ..rules.stored()
        };
        let one = one.resolve(&KNOWN).expect("an old header reads");
        assert_eq!(one.policy(), Policy::names(NameClass::Place));
        assert!(one.also.is_empty());
    }

    /// An unknown name is quoted whole, an empty part is named, and a set that is no
    /// names set plays alone.
    #[test]
    fn rule_set_names_are_refused_whole_and_only_names_sets_combine() {
        let err = find_rule_sets(&KNOWN, "places,persns").expect_err("unknown");
        assert_eq!(
            err.to_string(),
            "unknown rule set \"persns\" (did you mean persons?): use words, places or persons"
        );
        let err = find_rule_sets(&KNOWN, "zzz").expect_err("unknown");
        assert_eq!(
            err.to_string(),
            "unknown rule set \"zzz\": use words, places or persons"
        );
        let long = "x".repeat(150);
        let err = find_rule_sets(&KNOWN, &long).expect_err("unknown");
        assert!(
            err.to_string()
                .starts_with(&format!("unknown rule set \"{}\"...", "x".repeat(120))),
            "{err}"
        );
        let err = find_rule_sets(&KNOWN, "words,places").expect_err("no union");
        assert_eq!(
            err.to_string(),
            "rule set \"words\" plays alone: only names sets combine (places or persons)"
        );
        let err = find_rule_sets(&KNOWN, "places,").expect_err("empty part");
        assert!(
            err.to_string()
                .contains("between the commas of \"places,\"")
        );
        let err = find_rule_sets(&KNOWN, "\u{1b}[31m").expect_err("escaped");
        assert!(!err.to_string().contains('\u{1b}'), "{err}");
    }
}
