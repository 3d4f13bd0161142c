//! [`Refusal`]: a command that was not recorded, and why, in one line.

use std::fmt;

use serde::Serialize;

/// A command that was not recorded, and why: one line for the prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    pub(crate) kind: Kind,
    pub(crate) message: String,
}

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
        Refusal {
            kind: Kind::Rule,
            message: message.into(),
        }
    }

    /// Input that did not parse.
    pub fn input(message: impl Into<String>) -> Refusal {
        Refusal {
            kind: Kind::BadInput,
            message: message.into(),
        }
    }

    pub(crate) fn of(kind: Kind, message: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            message: message.into(),
        }
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

impl<E: Refuse> From<E> for Refusal {
    fn from(e: E) -> Refusal {
        Refusal {
            kind: e.kind(),
            message: e.to_string(),
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
