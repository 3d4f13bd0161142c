//! The session core: one game's match, the journal it is recorded in, and the verbs
//! every game shares (undo, notes, rulings, players, score, the table). Knows no single
//! game: [`Session`] is generic over [`Game`](crate::contract::Game), and every front
//! end sees it as an [`AnySession`]. It makes no text for people: a command comes to an
//! [`Outcome`], which the terminal, the page and JSON each say their own way.
//!
//! - `fold.rs`: the match, pure: the state folded from the entries, tried and kept;
//! - `journal.rs` and `store.rs`: the log file (append, fsync, lock, torn tail);
//! - `session.rs`: the two together, opened or started, with the word judge;
//! - `record.rs`: recording, undo and redo; `fix.rs`: `fix #N`;
//! - `shared.rs`: the verbs every game shares;
//! - `desk.rs`: what one front end remembers between lines (a question);
//! - `outcome.rs`: what a command came to, as data;
//! - `any.rs`: the game-neutral face ([`AnySession`]) the front ends use;
//! - `follow.rs`: taking in what another process appended (the scoreboard);
//! - `stats.rs`: records across sessions.

mod any;
mod catalog;
mod desk;
pub(crate) mod dir;
mod entries;
mod error;
mod fix;
mod fold;
mod follow;
pub(crate) mod header;
mod journal;
mod ledger;
mod new;
pub mod outcome;
mod record;
mod revisions;
#[allow(clippy::module_inception)]
mod session;
mod sessions;
mod shared;
pub mod stats;
pub mod store;
mod texts;
mod verbs;
mod warnings;

pub use crate::bounded::FileError;
pub use any::{AnySession, Latest, Report, Summary};
pub use catalog::{Catalog, Registered};
pub use desk::{Desk, Reading};
#[cfg(feature = "cli")]
pub(crate) use desk::{LINE_ID_DIGITS, line_id};
pub use dir::DirError;
#[cfg(feature = "cli")]
pub(crate) use entries::MAX_CHECK_WORDS;
#[cfg(feature = "cli")]
pub(crate) use error::CoreError;
pub use error::SessionError;
pub use follow::Followed;
pub use header::Fitted;
pub use new::NewSession;
pub use outcome::{Outcome, RulingRecord};
pub use session::{Session, Start};
#[cfg(feature = "cli")]
pub(crate) use sessions::read_from;
pub use sessions::{Sessions, ShelfNote, open_path, read_bytes, read_path};
pub use texts::Cut;
#[cfg(feature = "cli")]
pub(crate) use verbs::SHARED_VERBS;
pub use warnings::{Warned, Warning, WarningKind};

use std::sync::Arc;

use crate::lexicon::Lexicon;

/// How a session is being opened.
#[derive(Clone)]
pub struct OpenWith {
    /// The dictionary the session's word rulings are judged by (embedded, or `--dict`).
    pub lexicon: Arc<Lexicon>,
    /// The games a log may hold (the registry).
    pub games: Catalog,
}

/// The current time, RFC 3339 in UTC, for the log.
pub fn now() -> String {
    time::OffsetDateTime::now_utc()
        .replace_nanosecond(0)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_else(|| "1970-01-01T00:00:00Z".into())
}

/// Today's date (UTC) for default session names.
pub(crate) fn today() -> String {
    now().chars().take(10).collect()
}
