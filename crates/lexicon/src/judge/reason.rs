//! What a verdict can say: every [`Reason`] a key is allowed or barred for, with how each
//! is classed: whether it allows the word, whether it is the dictionary's refusal or the
//! table's own agreement, and its stable code.
//!
//! Apart from the case (`case.rs`), which picks one reason for a key, and from the
//! wording (`wording.rs`), which says one to a player: the codes outlive the judgement
//! (a log stores them, `stats` counts the dictionary's refusals by them), so the list of
//! reasons and what each code means is read and kept in step on its own.

use crate::fold::has_diacritics;
use crate::format::Filed;
use crate::rules::{NameClass, NameClasses, Region};
use crate::store::{Affix, Gazetteer, Languages};

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
            Reason::Word { form, .. } if has_diacritics(form) => "absorbed-foreign",
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
