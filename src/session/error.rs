//! [`SessionError`]: why a session could not be opened, read or started, typed, so the
//! one-shot commands, the prompt and the scoreboard each say it their own way.

use thiserror::Error;

use super::store::StoreError;
use crate::contract::Refusal;

#[derive(Debug, Error)]
pub enum SessionError {
    /// The log file itself: missing, locked, unreadable, damaged beyond use.
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{path}: the header names no game")]
    NoGame { path: String },
    #[error("unknown game {name}: umpire keeps score for {known}")]
    UnknownGame { name: String, known: String },
    #[error("the session header does not read as {game}: {detail}")]
    Header { game: &'static str, detail: String },
    #[error(
        "the log is format {found}, newer than this umpire's ({ours}): update umpire to write to it"
    )]
    Newer { found: u32, ours: u32 },
    #[error("the header names no players")]
    NoPlayers,
    #[error("the header's players: {0}")]
    Players(Refusal),
    #[error("the header's options: {0}")]
    Options(Refusal),
    /// `new` refused what it was given (a player's name, the game's flags).
    #[error("{0}")]
    Refused(Refusal),
    /// A file a flag named (a board, a tile set).
    #[error(transparent)]
    File(#[from] crate::bounded::FileError),
    /// The sessions directory.
    #[error(transparent)]
    Dir(#[from] super::dir::DirError),
    /// The word flags (`--rules`, a house list).
    #[error(transparent)]
    Rules(#[from] crate::lexicon::RulesError),
    #[error(
        "there is no session {name:?} in {dir}{hint}; a session made with --sessions DIR (or {env}) is found with the same setting"
    )]
    Missing {
        name: String,
        dir: String,
        hint: String,
        env: &'static str,
    },
    #[error("the header's word rules: {0}")]
    RuleSet(#[from] crate::lexicon::UnknownRuleSet),
    #[error("the log could not be started: {0}")]
    Encode(String),
}

impl From<Refusal> for SessionError {
    fn from(r: Refusal) -> SessionError {
        SessionError::Refused(r)
    }
}
