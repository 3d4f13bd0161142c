//! [`Refusal`]: a command that was not recorded, and why, in one line, with the typed
//! error it came from.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

/// A command that was not recorded, and why: one line for the prompt, its kind for
/// scripts and tests, and the game's own error it came from, for whoever must say it
/// again better (TAKE rummy's card already laid, named with the entry that laid it).
#[derive(Debug, Clone, Serialize)]
pub struct Refusal {
    pub(crate) kind: Kind,
    pub(crate) message: String,
    /// The typed error this refusal was made from, when it was made from one.
    #[serde(skip)]
    source: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

/// Two refusals are the same when they say the same: the error behind them is how.
impl PartialEq for Refusal {
    fn eq(&self, other: &Refusal) -> bool {
        self.kind == other.kind && self.message == other.message
    }
}

impl Eq for Refusal {}

/// What sort of refusal: stable for tests and scripts, whatever the wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A name that is not one of the players.
    UnknownPlayer,
    /// A player or session name that is malformed or taken.
    BadName,
    /// The match is decided: nothing more can be scored.
    MatchOver,
    /// The input did not parse (a verb's arguments, tiles, cards).
    BadInput,
    /// Well-formed, but the rules of the game (or the state of the table) forbid it.
    Rule,
}

impl Refusal {
    /// A refusal under the rules of the game.
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal::of(Kind::Rule, message)
    }

    /// Input that did not parse.
    pub fn input(message: impl Into<String>) -> Refusal {
        Refusal::of(Kind::BadInput, message)
    }

    pub(crate) fn of(kind: Kind, message: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            message: message.into(),
            source: None,
        }
    }

    /// The kind of refusal.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The typed error this refusal was made from, if it is an `E`: a game reads its
    /// own error back rather than working out again what went wrong.
    pub fn error<E: std::error::Error + 'static>(&self) -> Option<&E> {
        let source: &(dyn std::error::Error + 'static) = self.source.as_deref()?;
        source.downcast_ref::<E>()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

/// An error that can refuse a command (a tile that is not a tile, a run that is not a
/// run). Each error type says what kind of refusal it is, variant by variant where
/// they differ, so `?` turns it into a [`Refusal`] of the right [`Kind`] and no game
/// maps kinds by hand.
pub trait Refuse: std::error::Error {
    /// The kind of refusal this error is; most errors are the rules saying no.
    fn kind(&self) -> Kind {
        Kind::Rule
    }
}

impl<E: Refuse + Send + Sync + 'static> From<E> for Refusal {
    fn from(e: E) -> Refusal {
        Refusal {
            kind: e.kind(),
            message: e.to_string(),
            source: Some(Arc::new(e)),
        }
    }
}

/// Word flags that do not describe rules are bad input.
impl Refuse for crate::lexicon::RulesError {
    fn kind(&self) -> Kind {
        Kind::BadInput
    }
}

/// A dictionary that cannot be read refuses what needed it; the rules are not at fault,
/// but nothing else is either.
impl Refuse for crate::lexicon::LexiconError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error, PartialEq)]
    #[error("{0} is laid already")]
    struct Twice(u8);

    impl Refuse for Twice {}

    #[test]
    fn a_refusal_keeps_the_typed_error_it_was_made_from() {
        let r: Refusal = Twice(9).into();
        assert_eq!(r.to_string(), "9 is laid already");
        assert_eq!(r.kind(), Kind::Rule);
        assert_eq!(r.error::<Twice>(), Some(&Twice(9)));
        assert!(r.error::<crate::lexicon::RulesError>().is_none());
        assert!(Refusal::new("said").error::<Twice>().is_none());
        // Said the same, two refusals are equal, whatever error they were made from.
        assert_eq!(r, Refusal::new("9 is laid already"));
    }
}
