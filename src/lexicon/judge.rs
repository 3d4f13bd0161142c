//! The decision: which spellings of a key count under a table's rules, and why.
//!
//! A key is allowed when any one of its spellings is allowed (PARIS passes as the herb
//! paris though Paris is a city), and barred otherwise with the most telling reason: the
//! barred spelling at the lowest SCOWL level (MRS is the abbreviation Mrs, SCOWL 10, not
//! the possessive Mr's, SCOWL 35). Which spellings count as words is decided in
//! [`super::words`], shared with the build, which precomputes the answer per key: asking
//! only whether a word is allowed ([`allows`]) costs one fst look-up.

use std::fmt;

use super::Lexicon;
use super::fold::{FoldError, fold};
use super::format::{Category, Filed, Summary, WN_NAME};
use super::rules::{DEFAULT_LEVEL, NameClass, NameClasses, Region, Rules};
use super::store::{Affix, Found, Gazetteer, Languages, Sense};
use super::verdict::Verdict;
use super::words::{KeyFacts, barred_spelling, counts_as_word, only_abbreviations};

/// Why a key is allowed or barred, borrowing spellings from the lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reason<'a> {
    /// The table's house list allows it.
    HouseAllowed,
    /// A standard spelling within the level and region.
    Word {
        form: &'a str,
        level: u8,
        variant: bool,
        /// The key is also a proper name, shown so players see why it passed anyway.
        also_name: Option<&'a str>,
        /// A source other than SCOWL that made a word of a spelling SCOWL files as an
        /// abbreviation (MATHS: WordNet; AW: umpire's list of interjections).
        filed: Filed,
    },
    /// In the user's own word list (`--dict`), which replaces the dictionary's judgement.
    Listed {
        list: &'a str,
    },
    /// Names variants: a name of a class the table plays.
    Name {
        form: &'a str,
        class: NameClass,
        /// Known as a place from the gazetteer (a town, a river, an island or a lake
        /// WordNet lacks), not WordNet.
        gazetteer: Option<Gazetteer>,
        /// Another class the table plays that the name is also (WELLS, a town and
        /// H. G. Wells, where places and persons play together).
        also: Option<NameClass>,
    },
    /// The table's house list bars it.
    HouseDenied,
    TooShort {
        len: usize,
        min: usize,
    },
    /// A single letter other than A, I and O: the dictionary lists each letter's name
    /// ("the 17th letter"), which no word game plays as a word, and which a sheet's "if
    /// this letter does not itself form a word" takes for granted.
    LetterName,
    /// A letter and an S (BS, TS, XS): SCOWL lists letters' plurals as words (CS even
    /// among its commonest), which no word game plays; only AS, ES, IS, OS and US,
    /// words of their own, are allowed.
    LetterPlural,
    NeedsApostrophe {
        form: &'a str,
        /// The word was typed with the apostrophe (the rules bar it all the same).
        written: bool,
    },
    NeedsHyphen {
        form: &'a str,
        /// The word was typed with the hyphen.
        written: bool,
    },
    Affix {
        affix: Affix<'a>,
    },
    Abbreviation {
        form: &'a str,
        /// Which source decided it is one: SCOWL's list, GCIDE (Xmas) or FreeDict
        /// (inst).
        by: Filed,
    },
    /// A symbol: a unit's or an element's (Hz: hertz, kg: kilogram), or a spelling with
    /// a capital after its first letter (pH).
    Symbol {
        form: &'a str,
        stands_for: Option<&'static str>,
    },
    ProperName {
        form: &'a str,
        class: Option<NameClass>,
        /// WordNet names something else by it (a god, a character of fiction, a
        /// dynasty): no real person, place or author.
        other_name: bool,
        /// A spelling WordNet does not class that is the plural or possessive of one
        /// it does (Americas, America's).
        of: Option<Inflected<'a>>,
    },
    /// A word of a foreign language that English dictionaries do not take in (under a
    /// policy that bars foreign words): OUI, JAWOHL, GRACIAS.
    Foreign {
        languages: Languages,
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
    /// Names variants: not a name of the wanted classes.
    NotAName {
        wanted: NameClasses,
        /// The proper spelling, its class, and whether WordNet names something else by
        /// it.
        other: Option<(&'a str, Option<NameClass>, bool)>,
        /// The proper spelling is the plural or possessive of a name WordNet classes
        /// (Americas, of America): said instead of "capitalised word".
        of: Option<Inflected<'a>>,
        /// With no proper spelling, and letters that are no word, an abbreviation's
        /// (NASA: a name's initials are no name).
        abbreviation: Option<&'a str>,
        is_word: bool,
    },
    /// Not in the user's own word list.
    NotListed {
        list: &'a str,
    },
    Unknown,
}

/// A capitalised spelling that is another name's plural or possessive: what a player
/// who lays AMERICAS means (the Americas, the plural of America), where SCOWL lists
/// America's and Americas and WordNet classes only America.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Inflected<'a> {
    /// The possessive (America's), else the plural (Americas).
    pub(crate) possessive: bool,
    /// The name it is of, as WordNet spells it.
    pub(crate) name: &'a str,
}

impl fmt::Display for Inflected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.possessive {
            "possessive"
        } else {
            "plural"
        };
        write!(f, "the {what} of {}", self.name)
    }
}

impl Reason<'_> {
    pub(crate) fn allows(&self) -> bool {
        matches!(
            self,
            Reason::HouseAllowed
                | Reason::Word { .. }
                | Reason::Name { .. }
                | Reason::Listed { .. }
        )
    }

    #[cfg(test)]
    /// Whether this is the dictionary refusing the word, not the table's own agreement
    /// (a minimum length, its house list). The match names every reason, so a new one
    /// cannot be added without placing it; [`refused_by_dictionary`] answers the same
    /// from a stored code, and a test holds the two together.
    pub(crate) fn refused_by_dictionary(&self) -> bool {
        match self {
            Reason::HouseAllowed
            | Reason::Word { .. }
            | Reason::Name { .. }
            | Reason::Listed { .. }
            | Reason::HouseDenied
            | Reason::TooShort { .. } => false,
            Reason::NotListed { .. }
            | Reason::LetterName
            | Reason::LetterPlural
            | Reason::NeedsApostrophe { .. }
            | Reason::NeedsHyphen { .. }
            | Reason::Affix { .. }
            | Reason::Abbreviation { .. }
            | Reason::Symbol { .. }
            | Reason::ProperName { .. }
            | Reason::Foreign { .. }
            | Reason::AboveLevel { .. }
            | Reason::OtherRegion { .. }
            | Reason::NotAName { .. }
            | Reason::Unknown => true,
        }
    }

    /// A stable machine-readable name for the reason class (JSON output, tests).
    pub(crate) fn code(&self) -> &'static str {
        match self {
            Reason::HouseAllowed => "house-allowed",
            Reason::Word { form, .. } if super::fold::has_diacritics(form) => "absorbed-foreign",
            Reason::Word { .. } => "word",
            Reason::Name { .. } => "name",
            Reason::Listed { .. } => "listed",
            Reason::NotListed { .. } => "not-listed",
            Reason::HouseDenied => "house-denied",
            Reason::TooShort { .. } => "too-short",
            Reason::LetterName | Reason::LetterPlural => "letter",
            Reason::NeedsApostrophe { .. } => "apostrophe",
            Reason::NeedsHyphen { .. } => "hyphen",
            Reason::Affix { .. } => "affix",
            Reason::Abbreviation { .. } => "abbreviation",
            Reason::Symbol { .. } => "symbol",
            Reason::ProperName { .. } => "proper-name",
            Reason::Foreign { .. } => "foreign",
            Reason::AboveLevel { .. } => "above-level",
            Reason::OtherRegion { .. } => "other-region",
            Reason::NotAName { .. } => "not-a-name",
            Reason::Unknown => "unknown",
        }
    }
}

/// Whether a verdict's code is the dictionary's refusal of the word (as opposed to an
/// agreement of the table's: a minimum length, its own house list, or a game's rule
/// such as a plural-only take): what players' records count as words not allowed.
pub(crate) fn refused_by_dictionary(code: &str) -> bool {
    REFUSAL_CODES.contains(&code)
}

/// The codes [`Reason::code`] gives a word the dictionary refuses; a new refusing
/// reason belongs here too (a test checks each reason's code against
/// [`Reason::refused_by_dictionary`]).
const REFUSAL_CODES: [&str; 13] = [
    "not-listed",
    "letter",
    "apostrophe",
    "hyphen",
    "affix",
    "abbreviation",
    "symbol",
    "proper-name",
    "foreign",
    "above-level",
    "other-region",
    "not-a-name",
    "unknown",
];

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

/// "a geographical name", "an author".
fn with_article(what: &str) -> String {
    let article = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {what}")
}

fn name_phrase(class: Option<NameClass>, other_name: bool) -> &'static str {
    match class {
        Some(class) => class.describe(),
        None if other_name => "a name of no real person, place or author",
        None => "capitalised word",
    }
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
                filed,
            } => {
                let absorbed = super::fold::has_diacritics(form);
                if absorbed {
                    write!(f, "absorbed foreign word ({form}), ")?;
                }
                if *variant && !absorbed {
                    // SCOWL files a variant under the level of the word it varies (NITE
                    // under NIGHT's 10): the level is that word's, not the variant's.
                    write!(f, "variant spelling of a SCOWL {level} word")?;
                } else {
                    write!(f, "SCOWL {level} ({})", level_label(*level))?;
                }
                let by = match filed {
                    Filed::WordNet => Some("a word by WordNet"),
                    Filed::FreeDictWord => Some("a word by WordNet and FreeDict"),
                    Filed::Inflected => Some("a word by WordNet and SCOWL's inflections"),
                    Filed::Interjection => Some("an interjection (umpire's list)"),
                    Filed::Scowl | Filed::Gcide | Filed::FreeDict | Filed::Uninflected => None,
                };
                if let Some(by) = by {
                    write!(f, "; {by}, though SCOWL lists it as an abbreviation")?;
                }
                if let Some(name) = also_name {
                    write!(f, "; also a proper name ({name})")?;
                }
                Ok(())
            }
            Reason::Name {
                form,
                class,
                gazetteer,
                also,
            } => {
                match gazetteer {
                    None => write!(f, "{} ({form})", class.describe())?,
                    Some(place) => {
                        write!(f, "{} ({form}, {})", class.describe(), place.describe())?
                    }
                }
                if let Some(other) = also {
                    write!(f, "; also {}", with_article(other.describe()))?;
                }
                Ok(())
            }
            Reason::Listed { list } => write!(f, "in the word list {list}"),
            Reason::NotListed { list } => write!(f, "not in the word list {list}"),
            Reason::HouseDenied => write!(f, "house list: barred"),
            Reason::TooShort { len, min } => {
                let letters = crate::text::count(
                    i64::try_from(*len).unwrap_or(i64::MAX),
                    "letter",
                    "letters",
                );
                write!(f, "too short: {letters}, the table plays at least {min}")
            }
            Reason::LetterName => write!(
                f,
                "a letter, not a word: the one-letter words are A, I and O"
            ),
            Reason::LetterPlural => write!(
                f,
                "a letter's plural, not a word: the two-letter words ending in S are AS, ES, IS, OS and US"
            ),
            Reason::NeedsApostrophe {
                form,
                written: false,
            } => write!(f, "only as \"{form}\": needs an apostrophe"),
            Reason::NeedsApostrophe {
                form,
                written: true,
            } => write!(
                f,
                "\"{form}\" has an apostrophe: the rules bar words that need one"
            ),
            Reason::NeedsHyphen {
                form,
                written: false,
            } => write!(f, "only as \"{form}\": needs a hyphen"),
            Reason::NeedsHyphen {
                form,
                written: true,
            } => write!(
                f,
                "\"{form}\" has a hyphen: the rules bar words that need one"
            ),
            Reason::Affix { affix } => {
                write!(f, "{} ({affix}), no standalone sense", affix.kind())
            }
            Reason::Abbreviation { form, by } => match by {
                Filed::Gcide => write!(f, "abbreviation ({form}): GCIDE defines it as one"),
                Filed::FreeDict => write!(
                    f,
                    "abbreviation ({form}): FreeDict gives it only as one, WordNet as another word's short form"
                ),
                Filed::Uninflected => write!(
                    f,
                    "abbreviation ({form}): WordNet gives it only as another word's short form, no dictionary as a word"
                ),
                Filed::Scowl
                | Filed::WordNet
                | Filed::FreeDictWord
                | Filed::Inflected
                | Filed::Interjection => {
                    write!(f, "abbreviation ({form}): SCOWL lists it as one")
                }
            },
            Reason::Symbol {
                form,
                stands_for: Some(name),
            } => write!(f, "symbol ({form}: {name})"),
            Reason::Symbol {
                form,
                stands_for: None,
            } => write!(f, "symbol ({form})"),
            Reason::ProperName {
                form, of: Some(of), ..
            } => write!(f, "proper name ({form}): {of}"),
            Reason::ProperName {
                form,
                class,
                other_name,
                of: None,
            } => {
                write!(
                    f,
                    "proper name ({form}): {}",
                    name_phrase(*class, *other_name)
                )
            }
            Reason::Foreign { languages } => {
                write!(f, "{}: not an English word", languages.first())
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
                of,
                abbreviation,
                is_word,
            } => {
                write!(f, "not {}", with_article(&wanted.describe()))?;
                match (other, abbreviation) {
                    (Some((form, _, _)), _) if let Some(of) = of => {
                        write!(f, " ({form}: {of})")
                    }
                    (Some((form, class, other_name)), _) => {
                        write!(f, " ({form}: {})", name_phrase(*class, *other_name))
                    }
                    (None, Some(form)) => write!(f, " ({form}: an abbreviation)"),
                    (None, None) if *is_word => write!(f, " (an ordinary word)"),
                    (None, None) => write!(f, " (not in the dictionary)"),
                }
            }
            Reason::Unknown => write!(f, "not in the dictionary"),
        }
    }
}

/// A decision on one folded key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<'a> {
    pub(crate) reason: Reason<'a>,
}

impl Decision<'_> {
    /// The table's rules let the word be played.
    pub fn allowed(&self) -> bool {
        self.reason.allows()
    }
}

/// Decides on an already folded key, with the reason. Allocates nothing; looks the key
/// up once in the dictionary (and in the small list of affixes) and reads its spellings.
pub fn decide<'a>(lex: &'a Lexicon, rules: &'a Rules, key: &'a str) -> Decision<'a> {
    let case = Case::new(lex, rules, key);
    let reason = case
        .settled()
        .or_else(|| case.allowed())
        .unwrap_or_else(|| case.barred());
    Decision { reason }
}

/// Only whether `key` is allowed: the batch path. One fst look-up of an answer worked out
/// at build time: under the default rules, in a set of just the words they allow;
/// under any other table, in a map of every key's summary. Both give the key's summary,
/// which says whether it is a foreign word a policy may bar. A user's own list is one
/// look-up in it.
pub fn allows(lex: &Lexicon, rules: &Rules, key: &str) -> bool {
    if let Some(reason) = settled(lex, rules, key, || lex.lookup(key).exists()) {
        return reason.allows();
    }
    let plain_table = rules.policy().only_names.is_none();
    if plain_table && rules.level == DEFAULT_LEVEL && rules.region == Region::Any {
        return lex
            .default_word(key)
            .is_some_and(|s| !(rules.policy().bars_foreign && s.is_foreign()));
    }
    lex.summary(key)
        .is_some_and(|summary| allows_summary(rules, summary))
}

/// Each key `rules` allow whose letters one of `bounds` (counts of a-z) can spell, in
/// key order: what a search of a table's letters builds on. The same verdicts as
/// [`allows`] (a test holds the two together), judged from the summary the walk of the
/// dictionary yields with each key, so a crowded table's thousands of keys cost no
/// look-up each.
pub(crate) fn visit_allowed_spelt(
    lex: &Lexicon,
    rules: &Rules,
    bounds: &[[u16; 26]],
    visit: &mut dyn FnMut(&str),
) {
    lex.visit_candidates_spelt(rules, bounds, &mut |key, summary| {
        let allowed = match summary {
            Some(summary) => match settled(lex, rules, key, || true) {
                Some(reason) => reason.allows(),
                None => allows_summary(rules, summary),
            },
            None => allows(lex, rules, key),
        };
        if allowed {
            visit(key);
        }
    });
}

/// Whether a key with `summary`, past the table's own lists and lengths, is allowed.
fn allows_summary(rules: &Rules, summary: Summary) -> bool {
    if let Some(wanted) = rules.policy().only_names {
        return summary.names() & wanted.bits() != 0
            && rules
                .name_level
                .is_none_or(|limit| summary.name_level().is_some_and(|l| l <= limit));
    }
    if rules.policy().bars_foreign && summary.is_foreign() {
        return false;
    }
    summary
        .word_level(rules.region.index())
        .is_some_and(|l| l <= rules.level)
}

/// Folds `word` and judges it: the owned report the CLI, REPL and log use. A word typed
/// with the hyphen or apostrophe it needs is told so, not told to add one.
pub fn judge(lex: &Lexicon, rules: &Rules, word: &str) -> Result<Verdict, FoldError> {
    let key = fold(word)?;
    let mut d = decide(lex, rules, &key);
    match &mut d.reason {
        Reason::NeedsHyphen { written, .. } => *written = word.contains(super::fold::HYPHENS),
        Reason::NeedsApostrophe { written, .. } => {
            *written = word.contains(super::fold::APOSTROPHES)
        }
        _ => {}
    }
    Ok(report(&key, &d))
}

fn report(key: &str, d: &Decision<'_>) -> Verdict {
    Verdict {
        word: key.to_ascii_uppercase(),
        allowed: d.allowed(),
        code: d.reason.code().to_string(),
        reason: d.reason.to_string(),
        at: None,
    }
}

/// The owned report on an already folded key.
pub(crate) fn verdict(lex: &Lexicon, rules: &Rules, key: &str) -> Verdict {
    report(key, &decide(lex, rules, key))
}

/// The English words of one letter; every other letter is only its own name.
const ONE_LETTER_WORDS: [&str; 3] = ["a", "i", "o"];

/// The letter-and-S spellings that are words of their own (ES is the letter S's
/// name, OS a bone); the rest are letters' plurals.
const LETTER_S_WORDS: [&str; 5] = ["as", "es", "is", "os", "us"];

/// Decisions that do not depend on the dictionary's senses: house lists, the length
/// agreement, and a user's own list, which is the whole judgement (the table chose it
/// for the game it plays, whatever the rule set). `listed` looks the key up in it.
fn settled<'a>(
    lex: &'a Lexicon,
    rules: &Rules,
    key: &str,
    listed: impl FnOnce() -> bool,
) -> Option<Reason<'a>> {
    Some(if rules.deny.contains(key) {
        Reason::HouseDenied
    } else if rules.allow.contains(key) {
        Reason::HouseAllowed
    } else if key.len() < rules.min_length {
        Reason::TooShort {
            len: key.len(),
            min: rules.min_length,
        }
    } else if let Some(list) = lex.list_name() {
        if listed() {
            Reason::Listed { list }
        } else {
            Reason::NotListed { list }
        }
    } else if rules.policy().only_names.is_some() {
        return None;
    } else if key.len() == 1 && !ONE_LETTER_WORDS.contains(&key) {
        Reason::LetterName
    } else if key.len() == 2 && key.ends_with('s') && !LETTER_S_WORDS.contains(&key) {
        Reason::LetterPlural
    } else {
        return None;
    })
}

/// One key under one table's rules.
struct Case<'a> {
    lex: &'a Lexicon,
    rules: &'a Rules,
    key: &'a str,
    entry: Found<'a>,
    /// Whether the key is a listed affix, looked up the first time a spelling needs it.
    is_affix: std::cell::Cell<Option<bool>>,
    /// Whether some spelling is barred and whether every SCOWL spelling is an
    /// abbreviation, worked out the first time either is needed.
    facts: std::cell::Cell<Option<KeyFacts>>,
}

impl<'a> Case<'a> {
    fn new(lex: &'a Lexicon, rules: &'a Rules, key: &'a str) -> Case<'a> {
        Case {
            lex,
            rules,
            key,
            entry: lex.lookup(key),
            is_affix: std::cell::Cell::new(None),
            facts: std::cell::Cell::new(None),
        }
    }

    fn settled(&self) -> Option<Reason<'a>> {
        settled(self.lex, self.rules, self.key, || self.entry.exists())
    }

    /// The key's languages when it is a foreign word the table's policy bars.
    fn foreign(&self) -> Option<Languages> {
        if self.rules.policy().bars_foreign {
            self.lex.foreign(self.key)
        } else {
            None
        }
    }

    /// The key's capitalised spelling (every town of the gazetteer has one): a name's
    /// before an abbreviation's (Aas before AAS), then the commonest.
    fn capitalised(&self) -> Option<&'a str> {
        self.entry
            .senses()
            .filter(|s| s.form.starts_with(char::is_uppercase))
            .min_by_key(|s| (s.category == Category::Abbreviation, s.levels[0]))
            .map(|s| s.form)
    }

    /// A proper spelling's class: WordNet's, else a place when WordNet names nothing
    /// by it and the gazetteer lists the key as a town or a river.
    fn class_of(&self, s: &Sense<'_>) -> Option<NameClass> {
        s.name_class().or_else(|| {
            (matches!(s.category, Category::Upper | Category::ProperName)
                && s.wordnet & WN_NAME == 0
                && self.lex.gazetteer(self.key).is_some())
            .then_some(NameClass::Place)
        })
    }

    /// A spelling that counts as a word, whatever the level (see [`super::words`]).
    fn plain(&self, s: &Sense<'_>, facts: KeyFacts) -> bool {
        // Only an unusual spelling with no sense of its own can be barred as an affix.
        let may_be_affix = s.category == Category::Word
            && s.levels[0] >= super::words::AFFIX_LEVEL
            && !super::words::has_own_sense(s);
        let affix = may_be_affix && self.is_affix();
        counts_as_word(s, KeyFacts { affix, ..facts })
    }

    fn is_affix(&self) -> bool {
        if let Some(known) = self.is_affix.get() {
            return known;
        }
        let known = self.lex.affix(self.key).is_some();
        self.is_affix.set(Some(known));
        known
    }

    /// The spelling's level when it is within the table's level and region.
    fn within(&self, s: &Sense<'_>) -> Option<u8> {
        s.level_in(self.rules.region)
            .filter(|l| *l <= self.rules.level)
    }

    /// The facts of the key's spellings a word's count needs (the affix aside).
    fn facts(&self) -> KeyFacts {
        if let Some(known) = self.facts.get() {
            return known;
        }
        let known = KeyFacts {
            has_barred: self.entry.senses().any(|s| barred_spelling(&s)),
            affix: false,
            only_abbreviations: only_abbreviations(
                self.entry.senses().map(|s| (s.wordnet_only, s.category)),
            ),
        };
        self.facts.set(Some(known));
        known
    }

    /// The key as a name of `class`: the spelling WordNet puts in it, else, for a
    /// place, the gazetteer's place by the key's capitalised spelling.
    fn name_as(&self, class: NameClass) -> Option<(&'a str, Option<Gazetteer>)> {
        if let Some(s) = self.entry.senses().find(|s| s.is_in_class(class)) {
            return Some((s.form, None));
        }
        if class != NameClass::Place {
            return None;
        }
        let place = self.lex.gazetteer(self.key)?;
        Some((self.capitalised()?, Some(place)))
    }

    /// Under a names policy, the name the key is of the classes `wanted`, in their
    /// order (a place before a person), with another wanted class it also is.
    fn named(&self, wanted: NameClasses) -> Option<Reason<'a>> {
        let mut found = wanted
            .iter()
            .filter_map(|class| self.name_as(class).map(|n| (class, n)));
        let (class, (form, gazetteer)) = found.next()?;
        Some(Reason::Name {
            form,
            class,
            gazetteer,
            also: found.next().map(|(c, _)| c),
        })
    }

    /// `form` (a capitalised spelling of the key) as the plural (Americas) or the
    /// possessive (America's) of a name WordNet or the gazetteer classes, with that
    /// name: the key less its S (or ES) looked up once or twice.
    fn inflected(&self, form: &str) -> Option<Inflected<'a>> {
        let possessive = form.ends_with("'s");
        if !possessive && !form.ends_with('s') {
            return None;
        }
        // The key folds the apostrophe away: its S is its last letter either way.
        let key: &'a str = self.key;
        let one = key.len().checked_sub(1)?;
        let less_s = key.get(..one)?;
        let less_es = (!possessive && key.ends_with("es"))
            .then(|| key.get(..one.saturating_sub(1)))
            .flatten();
        [Some(less_s), less_es]
            .into_iter()
            .flatten()
            .filter(|stem| !stem.is_empty())
            .find_map(|stem| {
                let place = self.lex.gazetteer(stem).is_some();
                let name = self.lex.lookup(stem).senses().find(|s| {
                    s.is_proper()
                        && (s.name_class().is_some()
                            || (place
                                && matches!(s.category, Category::Upper | Category::ProperName)))
                })?;
                Some(Inflected {
                    possessive,
                    name: name.form,
                })
            })
    }

    /// The key's name level (see [`Summary::name_level`]) when a table's hint level
    /// for names is below it.
    fn name_above_level(&self) -> Option<(u8, u8)> {
        let limit = self.rules.name_level?;
        let level = self
            .lex
            .summary(self.key)
            .and_then(|s| s.name_level())
            .unwrap_or(u8::MAX);
        (level > limit).then_some((level, limit))
    }

    /// The reason the key is allowed, if it is.
    fn allowed(&self) -> Option<Reason<'a>> {
        if let Some(wanted) = self.rules.policy().only_names {
            return self
                .named(wanted)
                .filter(|_| self.name_above_level().is_none());
        }
        if self.foreign().is_some() {
            return None;
        }
        let facts = self.facts();
        let (s, level) = self
            .entry
            .senses()
            .filter(|s| self.plain(s, facts))
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
            filed: if s.category == Category::Abbreviation {
                s.filed
            } else {
                Filed::Scowl
            },
        })
    }

    /// The most telling reason a key that is not allowed is barred. A spelling that
    /// counts as a word decides first (it is foreign, above the level or of another
    /// region: the barred spellings beside it would not bar it). Otherwise the barred
    /// spelling at the lowest SCOWL level decides (WordNet-only spellings, which have no
    /// level, last), ties in the order apostrophe, hyphen, symbol, abbreviation, name
    /// (Hz is a symbol though SCOWL capitalises it); but a
    /// plain spelling that is a listed affix is barred as the affix.
    fn barred(&self) -> Reason<'a> {
        let entry = self.entry;
        if let Some(wanted) = self.rules.policy().only_names {
            // A name of the wanted classes, but not one the table's hint level offers.
            if let (Some(Reason::Name { form, .. }), Some((level, max))) =
                (self.named(wanted), self.name_above_level())
            {
                return Reason::AboveLevel { form, level, max };
            }
            // The first proper spelling WordNet classifies, else one that is a classed
            // name's plural or possessive, the plural first (Americas, what a player
            // laying AMERICAS means, before America's), else any proper spelling.
            let (other, of) = entry
                .senses()
                .filter(|s| s.is_proper())
                .map(|s| {
                    let of = self
                        .class_of(&s)
                        .is_none()
                        .then(|| self.inflected(s.form))
                        .flatten();
                    (s, of)
                })
                .min_by_key(|(s, of)| {
                    (
                        self.class_of(s).is_none(),
                        of.is_none(),
                        of.is_some_and(|of| of.possessive),
                        s.levels[0],
                    )
                })
                .map_or((None, None), |(s, of)| (Some(s), of));
            // An ordinary word is that (IN is the word in before Indiana's postal code);
            // letters that are no word but an abbreviation are that (NASA, ATTN).
            let facts = self.facts();
            let abbreviation = entry
                .senses()
                .filter(|s| s.category == Category::Abbreviation)
                .min_by_key(|s| (!s.form.bytes().all(|b| b.is_ascii_uppercase()), s.levels[0]))
                .filter(|_| !entry.senses().any(|s| self.plain(&s, facts)))
                .map(|s| s.form);
            return Reason::NotAName {
                wanted,
                other: other.map(|s| (s.form, self.class_of(&s), s.wordnet & WN_NAME != 0)),
                of,
                abbreviation,
                is_word: entry.exists(),
            };
        }
        // A foreign word is that first, unless the rules bar a commoner spelling of it
        // anyway: that is what the player meant (HZ is hertz's symbol, SCOWL 50, before a
        // German word at 95; DONT is don't, SCOWL 10, not French; ATLANTIS the place, SCOWL
        // 50, not German). A spelling as rare as the foreign word (Merci, Gracia's at 95),
        // or a capital WordNet places nowhere (Poisson; Nox, a goddess), says less than
        // the language does.
        let foreign = self.foreign();
        if let Some(languages) = foreign {
            let commoner_barred = entry.senses().any(|s| {
                let telling = s.is_symbol()
                    || s.category == Category::Abbreviation
                    || !s.is_proper()
                    || self.class_of(&s).is_some();
                barred_spelling(&s) && telling && s.levels[0] < languages.level()
            });
            if !commoner_barred {
                return Reason::Foreign { languages };
            }
        }
        let facts = self.facts();
        let region = self.rules.region;
        // Spellings that count as words, in one pass: the lowest (lowercase before
        // capitals) in the region, or anywhere.
        let mut in_region: Option<(u8, Sense<'a>)> = None;
        let mut elsewhere: Option<Sense<'a>> = None;
        let lower = |a: &Sense<'a>, b: &Option<Sense<'a>>| {
            b.as_ref()
                .is_none_or(|b| (a.levels[0], a.is_proper()) < (b.levels[0], b.is_proper()))
        };
        for s in entry.senses() {
            if !self.plain(&s, facts) {
                continue;
            }
            match s.level_in(region) {
                Some(level)
                    if in_region
                        .as_ref()
                        .is_none_or(|(l, b)| (level, s.is_proper()) < (*l, b.is_proper())) =>
                {
                    in_region = Some((level, s));
                }
                None if lower(&s, &elsewhere) => elsewhere = Some(s),
                _ => {}
            }
        }
        // A foreign word's plain spelling is the foreign word itself: when a commoner
        // barred spelling speaks for the key, the level or region of that plain spelling
        // is no reason (BELLEVUE is a place, not "SCOWL 80, above the table's level 95").
        if foreign.is_some() {
            (in_region, elsewhere) = (None, None);
        }
        if let Some((level, s)) = in_region {
            return Reason::AboveLevel {
                form: s.form,
                level,
                max: self.rules.level,
            };
        }
        if let Some(s) = elsewhere {
            return Reason::OtherRegion {
                form: s.form,
                region,
            };
        }
        // The plain spelling is an affix the rule keeps from counting: that is what the
        // player laid (PRE, UN, ING), whatever capitalised or abbreviated forms it has.
        let affix = if self.is_affix() {
            self.lex.affix(self.key)
        } else {
            None
        };
        // With no plain spelling, the affix still says more than a capitalised name
        // of the same letters (FUL, Ful; MILLI, Milli; TY, Ty): only a spelling that needs
        // punctuation, an abbreviation or a symbol is a cause of its own.
        let only_names = || {
            entry.senses().all(|s| {
                s.category == Category::Word
                    || (s.is_proper()
                        && s.category != Category::Abbreviation
                        && !s.has_apostrophe()
                        && !s.has_hyphen()
                        && !s.is_symbol())
            })
        };
        if let Some(affix) = affix
            && (entry.senses().any(|s| s.category == Category::Word) || only_names())
        {
            return Reason::Affix { affix };
        }
        let mut best: Option<((u8, u8, bool, bool), Reason<'a>)> = None;
        for s in entry.senses() {
            let level = s.levels[0];
            let (order, reason) = if s.has_apostrophe() {
                (
                    0,
                    Reason::NeedsApostrophe {
                        form: s.form,
                        written: false,
                    },
                )
            } else if s.has_hyphen() {
                (
                    1,
                    Reason::NeedsHyphen {
                        form: s.form,
                        written: false,
                    },
                )
            } else if s.is_symbol()
                || (s.category == Category::Abbreviation && self.lex.stands_for(s.form).is_some())
            {
                (
                    2,
                    Reason::Symbol {
                        form: s.form,
                        stands_for: self.lex.stands_for(s.form),
                    },
                )
            } else if s.category == Category::Abbreviation {
                (
                    3,
                    Reason::Abbreviation {
                        form: s.form,
                        by: s.filed,
                    },
                )
            } else if s.is_proper() {
                (
                    4,
                    Reason::ProperName {
                        form: s.form,
                        class: self.class_of(&s),
                        other_name: s.wordnet & WN_NAME != 0,
                        of: None,
                    },
                )
            } else {
                continue;
            };
            // Among names, one WordNet classifies says more than a bare capital; among
            // abbreviations, one a source beside SCOWL decided (inst, by FreeDict, before
            // Inst).
            let rank = (
                level,
                order,
                s.is_proper() && self.class_of(&s).is_none(),
                s.filed == Filed::Scowl,
            );
            if best.as_ref().is_none_or(|(r, _)| rank < *r) {
                best = Some((rank, reason));
            }
        }
        match (best, affix) {
            // A bare capital that is a classed name's plural or possessive says whose.
            (
                Some((
                    _,
                    Reason::ProperName {
                        form,
                        class: None,
                        other_name: false,
                        of: None,
                    },
                )),
                _,
            ) => Reason::ProperName {
                form,
                class: None,
                other_name: false,
                of: self.inflected(form),
            },
            (Some((_, reason)), _) => reason,
            (None, Some(affix)) => Reason::Affix { affix },
            (None, None) => Reason::Unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::rules::{Policy, RuleSet};
    use crate::lexicon::spelt::counts;
    use crate::lexicon::store::Affix;

    /// One reason of every kind: the stored code of each must be placed as the reason
    /// itself is, or stats would count a refusal as a house ruling (or the reverse).
    #[test]
    fn every_reasons_code_is_placed_as_the_reason_is() {
        let reasons = [
            Reason::HouseAllowed,
            Reason::Word {
                form: "cat",
                level: 10,
                variant: false,
                also_name: None,
                filed: Filed::Scowl,
            },
            Reason::Word {
                form: "café",
                level: 50,
                variant: false,
                also_name: None,
                filed: Filed::Scowl,
            },
            Reason::Listed { list: "house.txt" },
            Reason::Name {
                form: "Paris",
                class: NameClass::Place,
                gazetteer: None,
                also: None,
            },
            Reason::HouseDenied,
            Reason::TooShort { len: 1, min: 2 },
            Reason::LetterName,
            Reason::LetterPlural,
            Reason::NeedsApostrophe {
                form: "don't",
                written: false,
            },
            Reason::NeedsHyphen {
                form: "e-mail",
                written: true,
            },
            Reason::Affix {
                affix: Affix::for_test("pre"),
            },
            Reason::Abbreviation {
                form: "Mrs",
                by: Filed::Scowl,
            },
            Reason::Symbol {
                form: "Hz",
                stands_for: Some("hertz"),
            },
            Reason::ProperName {
                form: "Paris",
                class: Some(NameClass::Place),
                other_name: false,
                of: None,
            },
            Reason::Foreign {
                languages: Languages::for_test(1),
            },
            Reason::AboveLevel {
                form: "zax",
                level: 80,
                max: 60,
            },
            Reason::OtherRegion {
                form: "colour",
                region: Region::Us,
            },
            Reason::NotAName {
                wanted: NameClasses::of(NameClass::Person),
                other: None,
                of: None,
                abbreviation: None,
                is_word: true,
            },
            Reason::NotListed { list: "house.txt" },
            Reason::Unknown,
        ];
        for reason in &reasons {
            assert_eq!(
                refused_by_dictionary(reason.code()),
                reason.refused_by_dictionary(),
                "{reason:?} ({})",
                reason.code()
            );
            assert!(
                !(reason.allows() && reason.refused_by_dictionary()),
                "{reason:?}"
            );
        }
        let refusals = reasons.iter().filter(|r| r.refused_by_dictionary()).count();
        assert_eq!(refusals, 14);
    }

    /// Every reason as the table reads it, word for word: a reason is a ruling's whole
    /// explanation, so a changed word is a changed ruling.
    #[test]
    fn every_reason_reads_as_the_table_hears_it() {
        let cases: Vec<(Reason<'_>, &str, &str)> = vec![
            (Reason::HouseAllowed, "house-allowed", "house list: allowed"),
            (
                Reason::Word {
                    form: "cat",
                    level: 10,
                    variant: false,
                    also_name: None,
                    filed: Filed::Scowl,
                },
                "word",
                "SCOWL 10 (common)",
            ),
            (
                Reason::Word {
                    form: "colour",
                    level: 50,
                    variant: true,
                    also_name: Some("Colour"),
                    filed: Filed::Scowl,
                },
                "word",
                "variant spelling of a SCOWL 50 word; also a proper name (Colour)",
            ),
            (
                Reason::Word {
                    form: "café",
                    level: 35,
                    variant: true,
                    also_name: None,
                    filed: Filed::Scowl,
                },
                "absorbed-foreign",
                "absorbed foreign word (café), SCOWL 35 (common)",
            ),
            (
                Reason::Name {
                    form: "Paris",
                    class: NameClass::Place,
                    gazetteer: None,
                    also: None,
                },
                "name",
                "geographical name (Paris)",
            ),
            (
                Reason::Name {
                    form: "Ely",
                    class: NameClass::Place,
                    gazetteer: Some(Gazetteer::Town),
                    also: None,
                },
                "name",
                "geographical name (Ely, a town: GeoNames)",
            ),
            (
                Reason::Name {
                    form: "Mersey",
                    class: NameClass::Place,
                    gazetteer: Some(Gazetteer::River),
                    also: None,
                },
                "name",
                "geographical name (Mersey, a river: Natural Earth)",
            ),
            (
                Reason::Listed { list: "house.txt" },
                "listed",
                "in the word list house.txt",
            ),
            (
                Reason::NotListed { list: "house.txt" },
                "not-listed",
                "not in the word list house.txt",
            ),
            (Reason::HouseDenied, "house-denied", "house list: barred"),
            (
                Reason::TooShort { len: 2, min: 3 },
                "too-short",
                "too short: 2 letters, the table plays at least 3",
            ),
            (
                Reason::TooShort { len: 1, min: 2 },
                "too-short",
                "too short: 1 letter, the table plays at least 2",
            ),
            (
                Reason::LetterName,
                "letter",
                "a letter, not a word: the one-letter words are A, I and O",
            ),
            (
                Reason::LetterPlural,
                "letter",
                "a letter's plural, not a word: the two-letter words ending in S are AS, ES, IS, OS and US",
            ),
            (
                Reason::NeedsApostrophe {
                    form: "don't",
                    written: false,
                },
                "apostrophe",
                "only as \"don't\": needs an apostrophe",
            ),
            (
                Reason::NeedsApostrophe {
                    form: "don't",
                    written: true,
                },
                "apostrophe",
                "\"don't\" has an apostrophe: the rules bar words that need one",
            ),
            (
                Reason::NeedsHyphen {
                    form: "x-ray",
                    written: false,
                },
                "hyphen",
                "only as \"x-ray\": needs a hyphen",
            ),
            (
                Reason::NeedsHyphen {
                    form: "x-ray",
                    written: true,
                },
                "hyphen",
                "\"x-ray\" has a hyphen: the rules bar words that need one",
            ),
            (
                Reason::Affix {
                    affix: Affix::for_test("pre"),
                },
                "affix",
                "prefix (pre-), no standalone sense",
            ),
            (
                Reason::Abbreviation {
                    form: "Mrs",
                    by: Filed::Scowl,
                },
                "abbreviation",
                "abbreviation (Mrs): SCOWL lists it as one",
            ),
            (
                Reason::Symbol {
                    form: "Hz",
                    stands_for: Some("hertz"),
                },
                "symbol",
                "symbol (Hz: hertz)",
            ),
            (
                Reason::Symbol {
                    form: "pH",
                    stands_for: None,
                },
                "symbol",
                "symbol (pH)",
            ),
            (
                Reason::ProperName {
                    form: "Paris",
                    class: Some(NameClass::Place),
                    other_name: false,
                    of: None,
                },
                "proper-name",
                "proper name (Paris): geographical name",
            ),
            (
                Reason::ProperName {
                    form: "Zeus",
                    class: None,
                    other_name: true,
                    of: None,
                },
                "proper-name",
                "proper name (Zeus): a name of no real person, place or author",
            ),
            (
                Reason::ProperName {
                    form: "Xerox",
                    class: None,
                    other_name: false,
                    of: None,
                },
                "proper-name",
                "proper name (Xerox): capitalised word",
            ),
            (
                Reason::Foreign {
                    languages: Languages::for_test(1),
                },
                "foreign",
                "French: not an English word",
            ),
            (
                Reason::AboveLevel {
                    form: "zax",
                    level: 80,
                    max: 60,
                },
                "above-level",
                "zax is SCOWL 80 (rare), above the table's level 60",
            ),
            (
                Reason::OtherRegion {
                    form: "colour",
                    region: Region::Us,
                },
                "other-region",
                "colour is not an American spelling",
            ),
            (
                Reason::OtherRegion {
                    form: "color",
                    region: Region::Gb,
                },
                "other-region",
                "color is not a British spelling",
            ),
            (
                Reason::NotAName {
                    wanted: NameClasses::of(NameClass::Person),
                    other: None,
                    of: None,
                    abbreviation: None,
                    is_word: true,
                },
                "not-a-name",
                "not a historical person (an ordinary word)",
            ),
            (
                Reason::NotAName {
                    wanted: NameClasses::of(NameClass::Author),
                    other: None,
                    of: None,
                    abbreviation: None,
                    is_word: false,
                },
                "not-a-name",
                "not an author (not in the dictionary)",
            ),
            (
                Reason::NotAName {
                    wanted: NameClasses::of(NameClass::Place),
                    other: Some(("Zeus", None, true)),
                    of: None,
                    abbreviation: None,
                    is_word: true,
                },
                "not-a-name",
                "not a geographical name (Zeus: a name of no real person, place or author)",
            ),
            (
                Reason::NotAName {
                    wanted: NameClasses::of(NameClass::Person),
                    other: Some(("Paris", Some(NameClass::Place), false)),
                    of: None,
                    abbreviation: None,
                    is_word: true,
                },
                "not-a-name",
                "not a historical person (Paris: geographical name)",
            ),
            (Reason::Unknown, "unknown", "not in the dictionary"),
        ];
        for (reason, code, text) in &cases {
            assert_eq!(reason.code(), *code, "{reason:?}");
            assert_eq!(reason.to_string(), *text, "{reason:?}");
        }
    }

    /// A word typed with the hyphen or apostrophe it needs is told it has one (the rules
    /// bar it all the same), not told to add one; typed without, it is told to add one.
    #[test]
    fn a_word_typed_with_its_hyphen_or_apostrophe_is_told_so() {
        let lex = Lexicon::embedded().expect("embedded dictionary opens");
        let rules = Rules::new(RuleSet::STANDARD);
        let said = |word: &str| judge(&lex, &rules, word).expect("a word").reason;
        assert_eq!(
            said("x-ray"),
            "\"x-ray\" has a hyphen: the rules bar words that need one"
        );
        assert_eq!(said("xray"), "only as \"x-ray\": needs a hyphen");
        assert_eq!(
            said("don't"),
            "\"don't\" has an apostrophe: the rules bar words that need one"
        );
        assert_eq!(said("dont"), "only as \"don't\": needs an apostrophe");
    }

    /// SCOWL's sizes at each edge, as a player would say them.
    #[test]
    fn levels_are_named_at_each_edge() {
        let edges = [
            (10, "common"),
            (35, "common"),
            (36, "standard"),
            (60, "standard"),
            (61, "uncommon"),
            (70, "uncommon"),
            (71, "rare"),
            (80, "rare"),
            (81, "obscure"),
            (95, "obscure"),
        ];
        for (level, label) in edges {
            assert_eq!(level_label(level), label, "SCOWL {level}");
        }
    }

    #[test]
    fn only_words_and_names_allow() {
        assert!(Reason::HouseAllowed.allows());
        assert!(Reason::Listed { list: "l" }.allows());
        assert!(
            Reason::Name {
                form: "Ely",
                class: NameClass::Place,
                gazetteer: Some(Gazetteer::Town),
                also: None,
            }
            .allows()
        );
        assert!(!Reason::HouseDenied.allows());
        assert!(!Reason::TooShort { len: 1, min: 2 }.allows());
        assert!(!Reason::Unknown.allows());
        let decision = Decision {
            reason: Reason::Unknown,
        };
        assert!(!decision.allowed());
        let decision = Decision {
            reason: Reason::HouseAllowed,
        };
        assert!(decision.allowed());
    }

    /// A name's plural or possessive laid in a names game is refused saying which name
    /// it is of, and the spelling a player laying the letters means: AMERICAS is the
    /// Americas (SCOWL's Americas, the plural), before America's at a lower level; a key
    /// SCOWL spells only as a possessive says that. A word's own senses still come first.
    #[test]
    fn a_names_plural_or_possessive_says_which_name_it_is_of() {
        let lex = Lexicon::embedded().expect("embedded dictionary opens");
        let reason = |policy: &str, word: &str| {
            judge(&lex, &fixture_rules(policy), word)
                .map(|v| (v.allowed, v.reason))
                .expect("a word of letters")
        };
        assert_eq!(
            reason("only-places", "americas"),
            (
                false,
                "not a geographical name (Americas: the plural of America)".to_string()
            )
        );
        assert_eq!(
            reason("only-places", "londons"),
            (
                false,
                "not a geographical name (London's: the possessive of London)".to_string()
            )
        );
        assert_eq!(
            reason("only-persons", "caesars"),
            (
                false,
                "not a historical person (Caesars: the plural of Caesar)".to_string()
            )
        );
        // A bare capital of no name's stem says what it said.
        assert_eq!(
            reason("only-places", "es"),
            (
                false,
                "not a geographical name (E's: capitalised word)".to_string()
            )
        );
        assert_eq!(
            Reason::ProperName {
                form: "Americas",
                class: None,
                other_name: false,
                of: Some(Inflected {
                    possessive: false,
                    name: "America",
                }),
            }
            .to_string(),
            "proper name (Americas): the plural of America"
        );
    }

    /// The rules a fixture's `== POLICY [--level N] [--region R] [--min-length N]` line
    /// names: the lexicon's policies, as the games' rule sets pick them.
    fn fixture_rules(line: &str) -> Rules {
        let mut words = line.split_whitespace();
        let policy = match words.next() {
            Some("standard") => Policy::STANDARD,
            Some("no-foreign") => Policy::NO_FOREIGN,
            Some("only-places") => Policy::names(NameClass::Place),
            Some("only-persons") => Policy::names(NameClass::Person),
            Some("only-authors") => Policy::names(NameClass::Author),
            other => panic!("the fixture names an unknown policy: {other:?}"),
        };
        let set = RuleSet {
            name: "fixture",
            summary: "a policy of the lexicon's, as the fixture names it",
            policy,
        };
        let mut rules = Rules::new(set);
        while let Some(flag) = words.next() {
            let value = words.next().expect("a flag's value");
            match flag {
                "--level" => rules.level = value.parse().expect("a level"),
                "--min-length" => rules.min_length = value.parse().expect("a length"),
                "--region" => {
                    rules.region = match value {
                        "gb" => Region::Gb,
                        "us" => Region::Us,
                        "au" => Region::Au,
                        _ => panic!("the fixture names an unknown region: {value}"),
                    }
                }
                _ => panic!("the fixture names an unknown flag: {flag}"),
            }
        }
        rules
    }

    /// Every word of `tests/fixtures/rulings.txt` ruled exactly as reviewed: the verdict, the
    /// code and the reason's every word, under every rule set (a reason is the ruling the
    /// table reads, so a changed word is a changed ruling).
    #[test]
    fn every_ruling_reads_word_for_word_as_reviewed() {
        let lex = Lexicon::embedded().expect("embedded dictionary opens");
        let fixture = include_str!("../../tests/fixtures/rulings.txt");
        let mut rules = None;
        let mut checked = 0;
        for line in fixture.lines() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(set) = line.strip_prefix("== ") {
                rules = Some(fixture_rules(set));
                continue;
            }
            let rules = rules.as_ref().expect("a rule set before the first word");
            let word = line.split(' ').next().expect("a word");
            let v = judge(&lex, rules, word).expect("a word of letters");
            let got = format!(
                "{} {} {}: {}",
                v.word,
                if v.allowed { '+' } else { '-' },
                v.code,
                v.reason
            );
            assert_eq!(got, line);
            // The batch path's one look-up says the same as the whole judgement.
            let key = word.to_ascii_lowercase();
            assert_eq!(allows(&lex, rules, &key), v.allowed, "{line}");
            checked += 1;
        }
        assert_eq!(checked, 12 * 46, "every word under every rule set");
    }

    /// The search's walk judges each key from the summary it yields and gives exactly
    /// the keys [`allows`] allows of those the letters spell, under every kind of
    /// table: each policy, the levels on both sides of the common and default sets,
    /// a region, a minimum length and house lists (which make the walk look keys up).
    #[test]
    #[ignore = "long run: the whole dictionary walked under every policy (`cargo test -- --ignored`, which CI runs)"]
    fn the_searchs_walk_allows_what_allows_allows() {
        let lex = Lexicon::embedded().expect("embedded dictionary opens");
        let bounds = [
            counts("aeilnorstchu"),
            counts("eerrsttminoal"),
            counts("parisnoelhmyd"),
        ];
        let mut tables = Vec::new();
        for line in [
            "standard --level 50",
            "standard --level 35 --region gb",
            "standard",
            "standard --level 95",
            "no-foreign --level 50",
            "no-foreign --level 70 --region us",
            "no-foreign",
            "only-places",
            "only-persons --level 40",
            "only-authors",
            "standard --level 50 --min-length 4",
        ] {
            tables.push(fixture_rules(line));
        }
        let mut house = fixture_rules("no-foreign --level 50");
        house.house_rule("oui", true).expect("a word");
        house.house_rule("stone", false).expect("a word");
        tables.push(house);
        let mut denied = fixture_rules("standard --level 50");
        denied.house_rule("notes", false).expect("a word");
        tables.push(denied);
        for rules in &tables {
            let mut walked = Vec::new();
            visit_allowed_spelt(&lex, rules, &bounds, &mut |key| {
                walked.push(key.to_string())
            });
            let mut judged = Vec::new();
            lex.visit_keys_spelt(&bounds, &mut |key| {
                if allows(&lex, rules, key) {
                    judged.push(key.to_string());
                }
            });
            assert!(walked.len() > 20, "{rules:?}: {} keys", walked.len());
            assert_eq!(walked, judged, "{rules:?}");
        }
    }

    /// A key's summary is marked foreign exactly when the map of foreign words holds it,
    /// so the search's judgement needs no look-up of its own: every key of the dictionary.
    #[test]
    #[ignore = "long run: every key of the dictionary (`cargo test -- --ignored`, which CI runs)"]
    fn a_summary_is_foreign_exactly_when_the_foreign_map_holds_the_key() {
        let lex = Lexicon::embedded().expect("embedded dictionary opens");
        let (mut foreign, mut keys) = (0, 0);
        lex.visit_keys(&mut |key| {
            if let Some(summary) = lex.summary(key) {
                keys += 1;
                assert_eq!(summary.is_foreign(), lex.foreign(key).is_some(), "{key}");
                foreign += usize::from(summary.is_foreign());
            }
        });
        assert!(keys > 100_000, "{keys} keys with a summary");
        assert!(foreign > 7_000, "{foreign} foreign keys with a summary");
    }
}
