//! The decision: which spellings of a key count under a table's rules, and why.
//!
//! A key is allowed when any one of its spellings is allowed (PARIS passes as the herb
//! paris though Paris is a city), and barred otherwise with the most telling reason.
//! Two facts of the SCOWL data shape the rules here:
//!
//! - SCOWL 95 holds many folded forms of barred spellings as plain words (dont, london,
//!   nasa, xray). A plain level-95 spelling with no WordNet meaning of its own is taken
//!   as such an echo whenever the key has a barred spelling, and does not rescue it.
//! - A listed affix (pre-, -ing) is barred as a word when WordNet gives the plain
//!   spelling no meaning of its own and SCOWL lists it only among the unusual words
//!   (level 80 and up). Below 80 SCOWL's editors found it in most dictionaries (OR, PER,
//!   ATE are words, not the suffixes -or, -per, -ate), and WordNet, which lists no
//!   function words or inflections, cannot be the only judge of those.

use std::fmt;

use super::Lexicon;
use super::fold::{FoldError, fold};
use super::format::Category;
use super::rules::{NameClass, Region, RuleSet, Rules};
use super::store::{Affix, Entry, Sense};
use super::verdict::Verdict;

/// SCOWL's "insane" level, where the echoes of barred spellings live.
const ECHO_LEVEL: u8 = 95;
/// From this level up SCOWL lists "strange and unusual words": an affix-like spelling
/// here needs a WordNet meaning to count as a word.
const AFFIX_LEVEL: u8 = 80;

/// Why a key is allowed or barred, borrowing spellings from the lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason<'a> {
    /// The table's house list allows it.
    HouseAllowed,
    /// A standard spelling within the level and region.
    Word {
        form: &'a str,
        level: u8,
        variant: bool,
        /// The key is also a proper name, shown so players see why it passed anyway.
        also_name: Option<&'a str>,
    },
    /// In the user's own word list (`--dict`), which replaces the dictionary's judgement.
    Listed {
        list: &'a str,
    },
    /// Names variants: a name of the class the table plays.
    Name {
        form: &'a str,
        class: NameClass,
    },
    /// The table's house list bars it.
    HouseDenied,
    TooShort {
        len: usize,
        min: usize,
    },
    NeedsApostrophe {
        form: &'a str,
    },
    NeedsHyphen {
        form: &'a str,
    },
    Affix {
        affix: Affix<'a>,
    },
    Abbreviation {
        form: &'a str,
    },
    ProperName {
        form: &'a str,
        class: Option<NameClass>,
    },
    /// Known only with diacritics (word-taking bars foreign words).
    Foreign {
        form: &'a str,
    },
    /// A standard spelling, but only above the table's level.
    AboveLevel {
        form: &'a str,
        level: u8,
        max: u8,
    },
    /// A standard spelling within the level, but not in the table's region.
    OtherRegion {
        form: &'a str,
        region: Region,
    },
    /// Names variants: not a name of the wanted class.
    NotAName {
        wanted: NameClass,
        other: Option<(&'a str, Option<NameClass>)>,
        is_word: bool,
    },
    /// Not in the user's own word list.
    NotListed {
        list: &'a str,
    },
    Unknown,
}

impl Reason<'_> {
    pub fn allows(&self) -> bool {
        matches!(
            self,
            Reason::HouseAllowed
                | Reason::Word { .. }
                | Reason::Name { .. }
                | Reason::Listed { .. }
        )
    }

    /// A stable machine-readable name for the reason class (JSON output, tests).
    pub fn code(&self) -> &'static str {
        match self {
            Reason::HouseAllowed => "house-allowed",
            Reason::Word { form, .. } if super::fold::has_diacritics(form) => "absorbed-foreign",
            Reason::Word { .. } => "word",
            Reason::Name { .. } => "name",
            Reason::Listed { .. } => "listed",
            Reason::NotListed { .. } => "not-listed",
            Reason::HouseDenied => "house-denied",
            Reason::TooShort { .. } => "too-short",
            Reason::NeedsApostrophe { .. } => "apostrophe",
            Reason::NeedsHyphen { .. } => "hyphen",
            Reason::Affix { .. } => "affix",
            Reason::Abbreviation { .. } => "abbreviation",
            Reason::ProperName { .. } => "proper-name",
            Reason::Foreign { .. } => "foreign",
            Reason::AboveLevel { .. } => "above-level",
            Reason::OtherRegion { .. } => "other-region",
            Reason::NotAName { .. } => "not-a-name",
            Reason::Unknown => "unknown",
        }
    }
}

/// SCOWL's size names, as a player would say them.
pub(crate) fn level_label(level: u8) -> &'static str {
    match level {
        0..=35 => "common",
        36..=60 => "standard",
        61..=70 => "uncommon",
        71..=80 => "rare",
        _ => "obscure",
    }
}

fn name_phrase(class: Option<NameClass>) -> &'static str {
    class.map_or("capitalised word", NameClass::describe)
}

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::HouseAllowed => write!(f, "house list: allowed"),
            Reason::Word {
                form,
                level,
                variant,
                also_name,
            } => {
                if super::fold::has_diacritics(form) {
                    write!(f, "absorbed foreign word ({form}), ")?;
                } else if *variant {
                    write!(f, "variant spelling, ")?;
                }
                write!(f, "SCOWL {level} ({})", level_label(*level))?;
                if let Some(name) = also_name {
                    write!(f, "; also a proper name ({name})")?;
                }
                Ok(())
            }
            Reason::Name { form, class } => write!(f, "{} ({form})", class.describe()),
            Reason::Listed { list } => write!(f, "in the word list {list}"),
            Reason::NotListed { list } => write!(f, "not in the word list {list}"),
            Reason::HouseDenied => write!(f, "house list: barred"),
            Reason::TooShort { len, min } => {
                write!(
                    f,
                    "too short: {len} letters, the table plays at least {min}"
                )
            }
            Reason::NeedsApostrophe { form } => {
                write!(f, "only as \"{form}\": needs an apostrophe")
            }
            Reason::NeedsHyphen { form } => write!(f, "only as \"{form}\": needs a hyphen"),
            Reason::Affix { affix } => {
                write!(f, "{} ({affix}), no standalone sense", affix.kind())
            }
            Reason::Abbreviation { form } => write!(f, "abbreviation ({form})"),
            Reason::ProperName { form, class } => {
                write!(f, "proper name ({form}): {}", name_phrase(*class))
            }
            Reason::Foreign { form } => {
                write!(f, "foreign word: known only as \"{form}\"")
            }
            Reason::AboveLevel { form, level, max } => write!(
                f,
                "{form} is SCOWL {level} ({}), above the table's level {max}",
                level_label(*level)
            ),
            Reason::OtherRegion { form, region } => {
                let adj = region.adjective();
                let article = if adj.starts_with(['A', 'E', 'I', 'O', 'U']) {
                    "an"
                } else {
                    "a"
                };
                write!(f, "{form} is not {article} {adj} spelling")
            }
            Reason::NotAName {
                wanted,
                other,
                is_word,
            } => {
                write!(f, "not a {}", wanted.describe())?;
                match other {
                    Some((form, class)) => write!(f, " ({form}: {})", name_phrase(*class)),
                    None if *is_word => write!(f, " (an ordinary word)"),
                    None => write!(f, " (not in the dictionary)"),
                }
            }
            Reason::Unknown => write!(f, "not in the dictionary"),
        }
    }
}

/// A decision on one folded key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<'a> {
    pub reason: Reason<'a>,
}

impl Decision<'_> {
    pub fn allowed(&self) -> bool {
        self.reason.allows()
    }
}

/// Decides on an already folded key, with the reason. Allocates nothing and searches
/// the fst once, so judging a word costs about one look-up.
pub fn decide<'a>(lex: &'a Lexicon, rules: &'a Rules, key: &'a str) -> Decision<'a> {
    let case = Case::new(lex, rules, key);
    let reason = case
        .settled()
        .or_else(|| case.allowed())
        .unwrap_or_else(|| case.barred());
    Decision { reason }
}

/// Only whether `key` is allowed: the batch path, which skips working out why a word is
/// barred.
pub fn allows(lex: &Lexicon, rules: &Rules, key: &str) -> bool {
    let case = Case::new(lex, rules, key);
    match case.settled() {
        Some(reason) => reason.allows(),
        None => case.allowed().is_some(),
    }
}

/// Folds `word` and judges it: the owned report the CLI, REPL and log use.
pub fn judge(lex: &Lexicon, rules: &Rules, word: &str) -> Result<Verdict, FoldError> {
    let key = fold(word)?;
    Ok(verdict(lex, rules, &key))
}

/// The owned report on an already folded key.
pub fn verdict(lex: &Lexicon, rules: &Rules, key: &str) -> Verdict {
    let d = decide(lex, rules, key);
    Verdict {
        word: key.to_ascii_uppercase(),
        allowed: d.allowed(),
        code: d.reason.code().to_string(),
        reason: d.reason.to_string(),
        at: None,
    }
}

/// Spellings that no tile row can show or that the sheets bar outright.
fn barred_spelling(s: &Sense<'_>) -> bool {
    s.has_apostrophe()
        || s.has_hyphen()
        || s.is_proper()
        || s.category == Category::Abbreviation
        || s.category == Category::Contraction
}

/// One key under one table's rules.
struct Case<'a> {
    lex: &'a Lexicon,
    rules: &'a Rules,
    key: &'a str,
    entry: Entry<'a>,
}

impl<'a> Case<'a> {
    fn new(lex: &'a Lexicon, rules: &'a Rules, key: &'a str) -> Case<'a> {
        Case {
            lex,
            rules,
            key,
            entry: lex.lookup(key),
        }
    }

    /// Decisions that do not depend on the dictionary's senses: house lists, the
    /// length agreement, and a user's own list, which is the whole judgement (the table
    /// chose it for the game it plays, whatever the rule set).
    fn settled(&self) -> Option<Reason<'a>> {
        let key = self.key;
        Some(if self.rules.deny.contains(key) {
            Reason::HouseDenied
        } else if self.rules.allow.contains(key) {
            Reason::HouseAllowed
        } else if key.len() < self.rules.min_length {
            Reason::TooShort {
                len: key.len(),
                min: self.rules.min_length,
            }
        } else if let Some(list) = self.lex.list_name() {
            if self.entry.exists() {
                Reason::Listed { list }
            } else {
                Reason::NotListed { list }
            }
        } else {
            return None;
        })
    }

    fn word_taking(&self) -> bool {
        self.rules.set == RuleSet::WordTaking
    }

    /// A plain spelling that counts as a word, whatever the level.
    fn plain(&self, s: &Sense<'_>, has_barred: bool) -> bool {
        // The folded echo of a barred spelling (see the module docs).
        let echo = s.levels[0] >= ECHO_LEVEL && has_barred && !s.has_common_sense();
        // An affix that only the unusual-word lists call a word.
        let bare_affix = || {
            s.levels[0] >= AFFIX_LEVEL
                && !s.has_common_sense()
                && self.lex.affix(self.key).is_some()
        };
        s.category == Category::Word
            && !s.wordnet_only
            && !s.has_apostrophe()
            && !s.has_hyphen()
            && !echo
            && !bare_affix()
    }

    /// The spelling's level when it is within the table's level and region.
    fn within(&self, s: &Sense<'_>) -> Option<u8> {
        s.level_in(self.rules.region)
            .filter(|l| *l <= self.rules.level)
    }

    fn has_barred(&self) -> bool {
        self.entry.senses().any(|s| barred_spelling(&s))
    }

    /// The reason the key is allowed, if it is.
    fn allowed(&self) -> Option<Reason<'a>> {
        if let Some(wanted) = self.rules.set.name_class() {
            let s = self.entry.senses().find(|s| s.is_in_class(wanted))?;
            return Some(Reason::Name {
                form: s.form,
                class: wanted,
            });
        }
        let has_barred = self.has_barred();
        let (s, level) = self
            .entry
            .senses()
            .filter(|s| {
                self.plain(s, has_barred)
                    && !(self.word_taking() && super::fold::has_diacritics(s.form))
            })
            .filter_map(|s| self.within(&s).map(|level| (s, level)))
            .min_by_key(|(_, level)| *level)?;
        // Only a name WordNet knows is worth a mention (not every capitalised "A").
        let also_name = self
            .entry
            .senses()
            .find(|p| {
                matches!(p.category, Category::Upper | Category::ProperName)
                    && p.name_class().is_some()
            })
            .map(|p| p.form);
        Some(Reason::Word {
            form: s.form,
            level,
            variant: s.is_variant_in(self.rules.region),
            also_name,
        })
    }

    /// The most telling reason a key that is not allowed is barred.
    fn barred(&self) -> Reason<'a> {
        let entry = self.entry;
        // The first proper spelling WordNet classifies, else any proper spelling.
        let proper = || {
            entry
                .senses()
                .filter(|s| s.is_proper())
                .min_by_key(|s| (s.name_class().is_none(), s.levels[0]))
        };
        if let Some(wanted) = self.rules.set.name_class() {
            return Reason::NotAName {
                wanted,
                other: proper().map(|s| (s.form, s.name_class())),
                is_word: entry.exists(),
            };
        }
        let has_barred = self.has_barred();
        // Lowest level first, lowercase before capitals.
        let lowest = |pred: &dyn Fn(&Sense<'a>) -> bool| -> Option<Sense<'a>> {
            entry
                .senses()
                .filter(|s| pred(s))
                .min_by_key(|s| (s.levels[0], s.is_proper()))
        };
        if let Some(s) = lowest(&|s| s.has_apostrophe()) {
            return Reason::NeedsApostrophe { form: s.form };
        }
        if let Some(s) = lowest(&|s| s.has_hyphen()) {
            return Reason::NeedsHyphen { form: s.form };
        }
        let foreign = |s: &Sense<'a>| {
            self.word_taking()
                && self.plain(s, has_barred)
                && super::fold::has_diacritics(s.form)
                && self.within(s).is_some()
        };
        if let Some(s) = lowest(&foreign) {
            return Reason::Foreign { form: s.form };
        }
        if let Some(affix) = self.lex.affix(self.key) {
            return Reason::Affix { affix };
        }
        if let Some(s) = lowest(&|s| s.category == Category::Abbreviation) {
            return Reason::Abbreviation { form: s.form };
        }
        if let Some(s) = proper() {
            return Reason::ProperName {
                form: s.form,
                class: s.name_class(),
            };
        }
        let region = self.rules.region;
        if let Some(s) = lowest(&|s| self.plain(s, has_barred) && s.level_in(region).is_some()) {
            return Reason::AboveLevel {
                form: s.form,
                level: s.level_in(region).unwrap_or(s.levels[0]),
                max: self.rules.level,
            };
        }
        if let Some(s) = lowest(&|s| self.plain(s, has_barred)) {
            return Reason::OtherRegion {
                form: s.form,
                region,
            };
        }
        Reason::Unknown
    }
}
