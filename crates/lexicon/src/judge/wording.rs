//! Each reason in the words a player reads: the sentence a verdict gives (`Display` for
//! [`Reason`] and [`Inflected`]), and SCOWL's levels named as a player says them.
//!
//! Apart from the reasons themselves (`reason.rs`) and the case that picks one
//! (`case.rs`): a reason is a ruling's whole explanation, so every word of it is
//! reviewed (the tests here hold each reason to its sentence, word for word), and a
//! sentence is changed without reading how a key is decided.

use std::fmt;

use super::reason::{Inflected, Reason};
use crate::fold::has_diacritics;
use crate::format::Filed;
use crate::rules::NameClass;

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
                let absorbed = has_diacritics(form);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{NameClasses, Region};
    use crate::store::{Affix, Gazetteer, Languages};

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
}
