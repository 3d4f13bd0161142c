//! The decision: which spellings of a key count under a table's rules, and why.
//!
//! A key is allowed when any one of its spellings is allowed (PARIS passes as the herb
//! paris though Paris is a city), and barred otherwise with the most telling reason: the
//! barred spelling at the lowest SCOWL level (MRS is the abbreviation Mrs, SCOWL 10, not
//! the possessive Mr's, SCOWL 35). Which spellings count as words is decided in
//! [`super::words`], shared with the build, which precomputes the answer per key: asking
//! only whether a word is allowed ([`allows`]) costs one fst look-up.
//!
//! This file holds the judgement's entry points ([`decide`], [`allows`], [`judge`], the
//! search's walk) and what is settled before a key's senses are read: house lists, the
//! length agreement, a user's own list, a lone letter. Weighing the senses is the case's
//! (`judge/case.rs`, with how a key reads as a name in `case/names.rs`), the reasons a
//! verdict gives are `judge/reason.rs`'s, and their sentences `judge/wording.rs`'s.

mod case;
mod reason;
mod wording;

use super::Lexicon;
use super::fold::{FoldError, fold};
use super::format::Summary;
use super::rules::{DEFAULT_LEVEL, Region, Rules};
use super::verdict::Verdict;

use case::Case;
use reason::Reason;
pub(super) use reason::refused_by_dictionary;

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
pub fn visit_allowed_spelt(
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
pub fn verdict(lex: &Lexicon, rules: &Rules, key: &str) -> Verdict {
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

#[cfg(test)]
mod tests {
    use super::reason::Inflected;
    use super::*;
    use crate::rules::{NameClass, Policy, RuleSet};
    use crate::spelt::counts;
    use crate::store::Gazetteer;

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
        let fixture = include_str!("../../../tests/fixtures/rulings.txt");
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
