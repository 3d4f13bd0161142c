//! The box: how many of each letter a game starts with.
//!
//! The rule sheet prints no letter counts, so umpire ships a documented default
//! (`dictionaries/letters-word-taking.json`) that a table may copy and edit. The set is
//! stored whole in a session's options, so a session replays the same whatever happens
//! to the file it came from.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::letters::{Letter, Letters};
use crate::contract::{Kind, Refuse};

/// umpire's default box, as shipped.
pub(crate) const DEFAULT_LETTERS: &str =
    include_str!("../../../dictionaries/letters-word-taking.json");

/// Enough for any real box; bounds the work a hand-edited file can cause.
pub(crate) const MAX_COUNT: u16 = 1000;

/// A letter-set file that cannot be used, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum LetterSetError {
    #[error("letter set: {0}")]
    Json(String),
    #[error("letter set: {0:?} is not a letter: keys are the capital letters A-Z")]
    BadKey(String),
    #[error("letter set: {letter} has {count}; at most {MAX_COUNT} of a letter")]
    TooMany { letter: String, count: u32 },
    #[error("letter set: the box has no letters")]
    Empty,
}

/// A letter file that does not read is bad input.
impl Refuse for LetterSetError {
    fn kind(&self) -> Kind {
        Kind::BadInput
    }
}

/// A box of letters: a name, a note on where the counts come from, and the counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LetterSet {
    pub(crate) name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) note: String,
    /// Count per capital letter; a letter not listed is not in the box.
    pub(crate) letters: BTreeMap<String, u32>,
}

impl LetterSet {
    /// Reads a set file (the format of `dictionaries/letters-word-taking.json`) and
    /// checks it.
    pub(crate) fn from_json(text: &str) -> Result<LetterSet, LetterSetError> {
        let value =
            crate::contract::strict_json(text).map_err(|e| LetterSetError::Json(e.to_string()))?;
        let set: LetterSet =
            serde_json::from_value(value).map_err(|e| LetterSetError::Json(e.to_string()))?;
        set.counts()?;
        Ok(set)
    }

    /// umpire's default box.
    pub(crate) fn standard() -> Result<LetterSet, LetterSetError> {
        LetterSet::from_json(DEFAULT_LETTERS)
    }

    /// The counts, checked: every key one capital letter, no count above
    /// [`MAX_COUNT`], at least one letter.
    pub(crate) fn counts(&self) -> Result<Letters, LetterSetError> {
        let mut counts = [0u16; 26];
        for (key, n) in &self.letters {
            let mut chars = key.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => Letter::from_char(c),
                _ => None,
            }
            .ok_or_else(|| LetterSetError::BadKey(key.clone()))?;
            let count = u16::try_from(*n)
                .ok()
                .filter(|c| *c <= MAX_COUNT)
                .ok_or_else(|| LetterSetError::TooMany {
                    letter: key.clone(),
                    count: *n,
                })?;
            if let Some(slot) = counts.get_mut(letter.index()) {
                *slot = count;
            }
        }
        let letters = Letters::from_counts(counts);
        if letters.is_empty() {
            return Err(LetterSetError::Empty);
        }
        Ok(letters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_box_holds_117_letters_with_five_s() {
        let set = LetterSet::standard().expect("the shipped set is valid");
        let counts = set.counts().expect("checked");
        assert_eq!(counts.len(), 117);
        assert_eq!(counts.count(Letter::S), 5);
        assert_eq!(counts.count(Letter::parse("E").expect("E")), 16);
        assert!(set.note.contains("does not say"), "{}", set.note);
    }

    #[test]
    fn a_set_file_with_a_bad_key_or_count_is_refused() {
        let bad_key = r#"{"name":"x","letters":{"AB":1}}"#;
        assert_eq!(
            LetterSet::from_json(bad_key),
            Err(LetterSetError::BadKey("AB".into()))
        );
        let lower = r#"{"name":"x","letters":{"a":1}}"#;
        assert!(matches!(
            LetterSet::from_json(lower),
            Err(LetterSetError::BadKey(_))
        ));
        let huge = r#"{"name":"x","letters":{"A":70000}}"#;
        assert!(matches!(
            LetterSet::from_json(huge),
            Err(LetterSetError::TooMany { .. })
        ));
        let empty = r#"{"name":"x","letters":{"A":0}}"#;
        assert_eq!(LetterSet::from_json(empty), Err(LetterSetError::Empty));
        // serde alone would keep the last of two counts for one letter.
        let twice = r#"{"name":"x","letters":{"A":1,"A":50}}"#;
        assert!(
            matches!(LetterSet::from_json(twice), Err(LetterSetError::Json(why)) if why.contains("A") && why.contains("twice")),
            "{:?}",
            LetterSet::from_json(twice)
        );
        assert!(matches!(
            LetterSet::from_json("not json"),
            Err(LetterSetError::Json(_))
        ));
    }
}
