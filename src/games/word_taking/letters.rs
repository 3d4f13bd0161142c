//! Letters as the table holds them: one [`Letter`], a multiset of them ([`Letters`], 26
//! counts), and a [`Word`] spelt in them.
//!
//! Every rule of the game is arithmetic on letter counts: a take keeps the old word's
//! counts and adds to them, the added letters must be among the drawn letter and the
//! centre's counts, the box never gives more of a letter than it holds. Counting once,
//! by letter, keeps each of those a comparison of 26 numbers and never a matter of
//! letter order.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::contract::{Kind, Refuse};
use crate::lexicon::fold::{FoldError, fold};

/// The most letters typed at once: more than any box holds.
pub(crate) const MAX_TYPED: usize = 1000;

/// Why typed letters or a typed word were refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum LetterError {
    #[error("{} is not a letter: letters are A-Z, without accents or marks", crate::text::quoted_char(*.0))]
    NotALetter(char),
    #[error("no letters given: type them, e.g. AEST")]
    Empty,
    #[error("{0} letters is more than a table holds (at most {MAX_TYPED})")]
    TooMany(usize),
    #[error("{0:?} is not one letter: give a single letter A-Z")]
    NotOneLetter(String),
    #[error("{word:?} is not a word: {error}")]
    NotAWord { word: String, error: FoldError },
    #[error(
        "{word:?} is not a word of letters: {} is not one of A-Z (the box holds no hyphens, apostrophes or accents)", crate::text::quoted_char(*.c)
    )]
    NotPlain { word: String, c: char },
}

/// Letters or a word that do not read are bad input.
impl Refuse for LetterError {
    fn kind(&self) -> Kind {
        Kind::BadInput
    }
}

/// One letter, A to Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Letter(u8);

impl Letter {
    /// The letter S, which rule 4 lets a player add to their own word.
    pub(crate) const S: Letter = Letter(b'S' - b'A');

    /// Reads one typed character, either case.
    pub(crate) fn from_char(c: char) -> Option<Letter> {
        c.is_ascii_alphabetic()
            .then(|| Letter(c.to_ascii_uppercase() as u8 - b'A'))
    }

    /// Reads text that must be exactly one letter ("p", "P").
    pub(crate) fn parse(text: &str) -> Result<Letter, LetterError> {
        let mut chars = text.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Letter::from_char(c).ok_or(LetterError::NotALetter(c)),
            (None, _) => Err(LetterError::Empty),
            _ => Err(LetterError::NotOneLetter(text.trim().to_string())),
        }
    }

    /// 0 for A .. 25 for Z: the index into count tables.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The capital letter.
    pub(crate) fn to_char(self) -> char {
        char::from(b'A' + self.0)
    }

    /// A..Z in order.
    pub(crate) fn all() -> impl Iterator<Item = Letter> {
        (0..26).map(Letter)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl Serialize for Letter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.to_char())
    }
}

impl<'de> Deserialize<'de> for Letter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Letter, D::Error> {
        let text = String::deserialize(d)?;
        Letter::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// How many of each letter: the box, the centre, a word, the letters a take adds.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub(crate) struct Letters([u16; 26]);

impl Letters {
    /// Parses typed letters in either case; spaces and commas are ignored.
    pub(crate) fn parse(text: &str) -> Result<Letters, LetterError> {
        let mut out = Letters::default();
        let mut n = 0;
        for c in text.chars() {
            if c.is_whitespace() || c == ',' {
                continue;
            }
            let letter = Letter::from_char(c).ok_or(LetterError::NotALetter(c))?;
            if n == MAX_TYPED {
                let typed = text
                    .chars()
                    .filter(|c| !c.is_whitespace() && *c != ',')
                    .count();
                return Err(LetterError::TooMany(typed));
            }
            out.add(letter);
            n += 1;
        }
        if n == 0 {
            return Err(LetterError::Empty);
        }
        Ok(out)
    }

    /// The letters of a word, counted; characters other than A-Z (either case) are
    /// skipped, so a folded key and a capitalised word count the same.
    pub(crate) fn of_word(word: &str) -> Letters {
        let mut out = Letters::default();
        for c in word.chars() {
            if let Some(l) = Letter::from_char(c) {
                out.add(l);
            }
        }
        out
    }

    /// A set from its 26 counts (A first), as a letter-set file gives them.
    pub(crate) fn from_counts(counts: [u16; 26]) -> Letters {
        Letters(counts)
    }

    /// The 26 counts, A first.
    pub(crate) fn counts(&self) -> &[u16; 26] {
        &self.0
    }

    pub(crate) fn count(&self, letter: Letter) -> u16 {
        self.0.get(letter.index()).copied().unwrap_or(0)
    }

    /// How many letters in all.
    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|n| usize::from(*n)).sum()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|n| *n == 0)
    }

    /// One more of `letter` (counts stop at the type's limit, far above any box).
    pub(crate) fn add(&mut self, letter: Letter) {
        if let Some(n) = self.0.get_mut(letter.index()) {
            *n = n.saturating_add(1);
        }
    }

    /// Every letter of `other` added to these.
    pub(crate) fn add_all(&mut self, other: &Letters) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// One fewer of `letter`; false (and nothing changed) when there is none.
    pub(crate) fn remove(&mut self, letter: Letter) -> bool {
        match self.0.get_mut(letter.index()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }

    /// True when these letters include every letter of `other`, counted.
    pub(crate) fn contains(&self, other: &Letters) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// The letters of `need` that these lack, counted: empty when `self` contains
    /// `need`.
    pub(crate) fn shortfall(&self, need: &Letters) -> Letters {
        let mut out = Letters::default();
        for ((o, have), want) in out.0.iter_mut().zip(self.0.iter()).zip(need.0.iter()) {
            *o = want.saturating_sub(*have);
        }
        out
    }

    /// These letters less `other`, or `None` when `other` has a letter these lack.
    pub(crate) fn minus(&self, other: &Letters) -> Option<Letters> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a = a.checked_sub(*b)?;
        }
        Some(out)
    }

    /// Each letter as many times as it is counted, A to Z.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Letter> + '_ {
        Letter::all().flat_map(|l| std::iter::repeat_n(l, usize::from(self.count(l))))
    }

    /// Each letter with its count, A to Z: "A×10 B×2 C×3", for a box or a centre too
    /// long to read letter by letter.
    pub(crate) fn tally(&self) -> String {
        Letter::all()
            .filter(|l| self.count(*l) > 0)
            .map(|l| format!("{l}×{}", self.count(l)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The letters run together, A to Z: "AEST".
    pub(crate) fn compact(&self) -> String {
        self.iter().map(Letter::to_char).collect()
    }
}

impl fmt::Display for Letters {
    /// Spaced, A to Z: "A E S T".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, l) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{l}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Letters({:?})", self.compact())
    }
}

impl Serialize for Letters {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.compact())
    }
}

impl<'de> Deserialize<'de> for Letters {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Letters, D::Error> {
        let text = String::deserialize(d)?;
        if text.is_empty() {
            return Ok(Letters::default());
        }
        Letters::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A word on the table, in capitals A-Z (folded: accents and apostrophes removed, the
/// way letters spell it).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub(crate) struct Word(String);

impl Word {
    /// Reads a typed word: letters A-Z in either case and nothing else, since a word on
    /// this table is made of the box's letters (C.A.T or CAF\u{c9} would otherwise be
    /// folded into CAT and CAFE without anyone noticing).
    pub(crate) fn parse(text: &str) -> Result<Word, LetterError> {
        if let Some(c) = text.chars().find(|c| !c.is_ascii_alphabetic()) {
            return Err(LetterError::NotPlain {
                word: text.chars().take(40).collect(),
                c,
            });
        }
        let key = fold(text).map_err(|error| LetterError::NotAWord {
            word: text.to_string(),
            error,
        })?;
        Ok(Word(key.to_ascii_uppercase()))
    }

    /// The word as the dictionary's key: lowercase.
    pub(crate) fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    pub(crate) fn letters(&self) -> Letters {
        Letters::of_word(&self.0)
    }

    /// Its length in letters.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    #[cfg(test)]
    /// Always false: a word has letters. (For the `len` convention.)
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Word {
    type Error = LetterError;
    fn try_from(s: String) -> Result<Word, LetterError> {
        Word::parse(&s)
    }
}

impl From<Word> for String {
    fn from(w: Word) -> String {
        w.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(s: &str) -> Letters {
        Letters::parse(s).expect("letters")
    }

    #[test]
    fn typed_letters_ignore_case_spaces_and_commas() {
        assert_eq!(letters("s, a e  T").compact(), "AEST");
        assert_eq!(letters("ssA").to_string(), "A S S");
    }

    /// A box too long to read letter by letter is told as counts, only of the letters
    /// it holds; a test failure shows letters as they read.
    #[test]
    fn a_tally_counts_only_the_letters_held() {
        assert_eq!(letters("zaab ccc").tally(), "A×2 B×1 C×3 Z×1");
        assert_eq!(Letters::default().tally(), "");
        assert_eq!(format!("{:?}", letters("tea")), "Letters(\"AET\")");
        let word = Word::parse("Tea").expect("a word");
        assert!(!word.is_empty());
        assert_eq!(word.len(), 3);
    }

    #[test]
    fn a_character_that_is_not_a_letter_is_named() {
        assert_eq!(Letters::parse("AB1"), Err(LetterError::NotALetter('1')));
        assert_eq!(Letters::parse("é"), Err(LetterError::NotALetter('é')));
        assert_eq!(Letters::parse(" , "), Err(LetterError::Empty));
        assert_eq!(
            Letters::parse(&"A".repeat(1500)),
            Err(LetterError::TooMany(1500))
        );
        // The count says the letters typed, not the spaces and commas between them.
        assert_eq!(
            Letters::parse(&"A, ".repeat(1200)),
            Err(LetterError::TooMany(1200))
        );
        assert_eq!(
            LetterError::NotALetter('1').to_string(),
            "'1' is not a letter: letters are A-Z, without accents or marks"
        );
    }

    #[test]
    fn one_letter_means_exactly_one() {
        assert_eq!(Letter::parse(" p ").expect("one letter").to_string(), "P");
        assert_eq!(
            Letter::parse("pq"),
            Err(LetterError::NotOneLetter("pq".into()))
        );
        assert_eq!(Letter::parse("?"), Err(LetterError::NotALetter('?')));
        assert_eq!(Letter::parse(""), Err(LetterError::Empty));
    }

    #[test]
    fn shortfall_names_what_is_missing_counted() {
        let centre = letters("AEST");
        assert!(centre.shortfall(&letters("SEAT")).is_empty());
        assert_eq!(centre.shortfall(&letters("SEATS")).compact(), "S");
        assert_eq!(centre.minus(&letters("SET")), Some(letters("A")));
        assert_eq!(centre.minus(&letters("SS")), None);
        assert!(centre.contains(&letters("TEA")));
        assert!(!centre.contains(&letters("TEAS S")));
    }

    #[test]
    fn words_fold_to_capitals_and_refuse_non_letters() {
        let w = Word::parse("Cafe").expect("a word");
        assert_eq!(w.as_str(), "CAFE");
        assert_eq!(w.key(), "cafe");
        assert_eq!(w.letters().compact(), "ACEF");
        // The box has no accents, hyphens or stops: nothing is folded away unseen.
        for (typed, c) in [("Café", 'é'), ("C.A.T", '.'), ("X-RAY", '-'), ("ab3", '3')] {
            assert_eq!(
                Word::parse(typed),
                Err(LetterError::NotPlain {
                    word: typed.to_string(),
                    c
                }),
                "{typed}"
            );
        }
        assert_eq!(
            Word::parse("ab3").map_err(|e| e.to_string()),
            Err(
                "\"ab3\" is not a word of letters: '3' is not one of A-Z (the box holds no hyphens, apostrophes or accents)"
                    .to_string()
            )
        );
    }

    #[test]
    fn letters_and_words_round_trip_through_json() {
        let l = letters("SEAT");
        let json = serde_json::to_string(&l).expect("serialises");
        assert_eq!(json, "\"AEST\"");
        assert_eq!(serde_json::from_str::<Letters>(&json).expect("reads"), l);
        let w: Word = serde_json::from_str("\"sample\"").expect("reads");
        assert_eq!(w.as_str(), "SAMPLE");
        assert!(serde_json::from_str::<Word>("\"s4mple\"").is_err());
        assert!(serde_json::from_str::<Letter>("\"PQ\"").is_err());
    }
}
