//! The session core: one game's match, the log it is recorded in, and the verbs every
//! game shares (undo, notes, rulings, players, score, the table). Knows no single game:
//! [`Session`] is generic over [`Game`](crate::contract::Game), and every front end
//! sees it as an [`AnySession`]. It makes no text for people: a command comes to an
//! [`Outcome`], which the terminal, the page and JSON each say their own way.
//!
//! Its files are grouped by the job they do:
//!
//! - `log/`: the log file and what reads and writes it: the store (append, fsync, lock,
//!   torn tail), the journal (one serialisation an entry, with the clock), the header,
//!   the text limits a log's lines are read under, the warnings reading found, where
//!   logs live;
//! - `fold/`: the match as its entries make it, pure: the `Fold`, the
//!   entries kept as their lines hold them (the ledger) and which of them count (the
//!   revisions undo, redo and fix make);
//! - `record/`: a [`Session`], a fold and its journal together, and what it carries
//!   out: recording, undo and redo, `fix`, the verbs every game shares, the core's
//!   entries, taking in what another process appended;
//! - `face/`: what the front ends see: [`AnySession`], the [`Outcome`] of a line, the
//!   [`Desk`] a front end keeps, the games as plain data ([`Catalog`]), sessions
//!   opened, started, listed and counted in a directory, the shared verbs' help.
//!
//! `error.rs` holds the refusals and failures every part may meet.

mod error;
pub(crate) mod face;
mod fold;
// A room and a league are read and held by the front ends (a director's prompt, the
// shell's `league`): the engine alone has none of them.
#[cfg(feature = "cli")]
pub(crate) mod league;
pub(crate) mod log;
mod record;
#[cfg(feature = "cli")]
pub(crate) mod room;

pub use crate::bounded::FileError;
#[cfg(feature = "cli")]
pub(crate) use error::CoreError;
pub use error::SessionError;
pub use face::any::{AnySession, Latest, Report, Summary};
pub use face::catalog::{Catalog, Registered};
pub use face::desk::{Desk, Reading};
#[cfg(feature = "cli")]
pub(crate) use face::desk::{LINE_ID_DIGITS, line_id};
pub use face::new::NewSession;
pub use face::outcome::{Outcome, RulingRecord};
#[cfg(feature = "cli")]
pub(crate) use face::sessions::read_from;
pub use face::sessions::{Sessions, ShelfNote, open_path, read_bytes, read_path};
#[cfg(feature = "cli")]
pub(crate) use face::verbs::SHARED_VERBS;
pub use face::{outcome, stats};
pub(crate) use log::dir;
pub use log::dir::DirError;
pub use log::header::Fitted;
pub use log::store;
pub use log::texts::Cut;
pub use log::warnings::{Warned, Warning, WarningKind};
#[cfg(feature = "cli")]
pub(crate) use record::entries::MAX_CHECK_WORDS;
pub use record::follow::Followed;
pub use record::{Session, Start};

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
