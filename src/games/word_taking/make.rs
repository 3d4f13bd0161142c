//! The make ruling (rules 2 and 5): a new word from the drawn letter and/or the
//! centre's letters.
//!
//! Whether the drawn letter was used matters: rule 5 says a word made from the pool
//! alone does not cost the draw, and a drawn letter left unused goes to the centre when
//! the turn ends. The ruling says which letters came from where.

use serde::Serialize;
use thiserror::Error;

use crate::lexicon::Verdict;

use super::letters::Word;
use super::referee::Referee;
use super::supply::{Added, Missing, Supply};
use crate::contract::Refuse;

/// Why a make is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum MakeError {
    #[error("cannot make {word}: {missing}")]
    NotOnTable { word: Word, missing: Box<Missing> },
    #[error("{word} is not allowed: {reason}")]
    NotAllowed {
        word: Word,
        reason: String,
        code: String,
    },
}

impl Refuse for MakeError {}

/// A make the rules allow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct MakeRuling {
    pub(crate) word: Word,
    /// Where its letters came from.
    pub(crate) letters: Added,
    pub(crate) verdict: Verdict,
}

/// The letters' part: every letter of the word is on the table.
pub(crate) fn fit(word: &Word, supply: &Supply) -> Result<Added, MakeError> {
    supply
        .provide(&word.letters())
        .map_err(|missing| MakeError::NotOnTable {
            word: word.clone(),
            missing,
        })
}

/// The whole ruling: [`fit`], then the table's word rules.
pub(crate) fn rule(
    referee: &Referee<'_>,
    word: &Word,
    supply: &Supply,
) -> Result<MakeRuling, MakeError> {
    let letters = fit(word, supply)?;
    let verdict = referee.verdict(word);
    if !verdict.allowed {
        return Err(MakeError::NotAllowed {
            word: word.clone(),
            reason: verdict.reason,
            code: verdict.code,
        });
    }
    Ok(MakeRuling {
        word: word.clone(),
        letters,
        verdict,
    })
}
